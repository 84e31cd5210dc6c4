package passes

import (
	"testing"

	_ "github.com/bcast-opt/bcast-opt/dialects/builtin"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
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

// runCases runs a table of cases, comparing the printed output exactly.
func runCases(t *testing.T, cases []passCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := passtest.RunPass(t, c.pass, c.opts, c.in)
			if err != nil {
				t.Fatalf("%s: %v", c.pass, err)
			}
			if got != c.want {
				t.Errorf("%s output mismatch\n--- got:\n%s--- want:\n%s", c.pass, got, c.want)
			}
		})
	}
}
