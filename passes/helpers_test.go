package passes

import (
	"testing"

	_ "github.com/bcast-opt/bcast-opt/dialects/builtin"
	"github.com/bcast-opt/bcast-opt/ir"
)

// passCase is one table entry: input IR, the pass to run (with options)
// and the exact expected output.
type passCase struct {
	name string
	pass string
	opts ir.PassOptions
	in   string
	want string
	// noMLIR excludes the case from the mlir-opt-19 comparison (see
	// doc.go for the differences).
	noMLIR string
}

// runPass parses src (unregistered ops allowed), runs one pass through a
// PassManager that verifies after each pass, and prints the result.
func runPass(t *testing.T, pass string, opts ir.PassOptions, src string) (string, error) {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(src), ir.ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	e, err := ir.NewPassEntry(pass, opts)
	if err != nil {
		t.Fatalf("pass entry: %v", err)
	}
	pm := &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		return "", err
	}
	return ir.PrintString(m, ir.PrintOptions{}), nil
}

// runCases runs a table of cases, comparing the printed output exactly.
func runCases(t *testing.T, cases []passCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runPass(t, c.pass, c.opts, c.in)
			if err != nil {
				t.Fatalf("%s: %v", c.pass, err)
			}
			if got != c.want {
				t.Errorf("%s output mismatch\n--- got:\n%s--- want:\n%s", c.pass, got, c.want)
			}
		})
	}
}
