package compilespeed

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestRunQuick produces the whole section with small sizes and one run
// each (no timing is checked: the machine is shared), with the MLIR
// commands stubbed by `true` so the test does not depend on MLIR 19.
func TestRunQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bcast-opt")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build bcast-opt")
	}
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no `true` command")
	}
	saved := mlirToLLVM
	defer func() { mlirToLLVM = saved }()
	mlirToLLVM = func(workload, dir string) ([][]string, error) {
		return [][]string{{truePath}, {truePath}}, nil
	}
	var out bytes.Buffer
	if err := RunWith(&out, "../..", QuickOptions); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"## Compile speed", "| W1 |", "| W5 |", "### Parse + verify + print", "| many functions | 1000 |", "| one function | 1000 |", "per 10x ops"} {
		if !strings.Contains(s, want) {
			t.Errorf("section lacks %q:\n%s", want, s)
		}
	}
}
