package passes

import (
	"bytes"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

// TestAgainstMLIROpt runs every table case through mlir-opt-19 with the
// same pass and options and requires the same text as ours. Cases marked
// noMLIR are deliberate differences, documented in doc.go.
func TestAgainstMLIROpt(t *testing.T) {
	tool := passtest.MLIROpt19(t)
	var all []passCase
	for _, table := range [][]passCase{canonicalizeCases, cseCases, symbolDCECases, inlineCases} {
		all = append(all, table...)
	}
	for _, c := range all {
		t.Run(c.pass+"/"+c.name, func(t *testing.T) {
			if c.noMLIR != "" {
				t.Skip("not compared with mlir-opt-19: " + c.noMLIR)
			}
			var keys []string
			for k := range c.opts {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			pass := c.pass
			if len(keys) > 0 {
				var kv []string
				for _, k := range keys {
					kv = append(kv, k+"="+c.opts[k])
				}
				pass += "{" + strings.Join(kv, " ") + "}"
			}
			cmd := exec.Command(tool, "--allow-unregistered-dialect", "--pass-pipeline=builtin.module("+pass+")", "-")
			cmd.Stdin = strings.NewReader(c.in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("mlir-opt-19 %s: %v\n%s", pass, err, stderr.String())
			}
			ours, err := passtest.RunPass(t, c.pass, c.opts, c.in)
			if err != nil {
				t.Fatalf("%s: %v", c.pass, err)
			}
			// mlir-opt ends its output with an empty line.
			want := strings.TrimRight(string(out), "\n")
			if got := strings.TrimRight(ours, "\n"); got != want {
				t.Errorf("differs from mlir-opt-19 --pass-pipeline='builtin.module(%s)'\n--- ours:\n%s\n--- mlir-opt-19:\n%s", pass, got, want)
			}
		})
	}
}
