package transforms_test

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/test/randprog"
)

// TestFuseElementwiseRandomPrograms lowers random elementwise hlo programs
// (with broadcasts, unit dims and scalars) to linalg and checks that fusion
// verifies, reaches a fixed point, and commutes with
// linalg-fold-unit-extent-dims (the acceptance rule of docs/SPEC.md §5).
// What the fused programs compute is checked by test/randprog, which
// interprets the same programs after both pass orders. BCAST_RANDPROG_SEED
// and BCAST_RANDPROG_N (default 1 and 300) choose the seeds, as in
// test/randprog.
func TestFuseElementwiseRandomPrograms(t *testing.T) {
	first, n := envInt64(t, "BCAST_RANDPROG_SEED", 1), envInt64(t, "BCAST_RANDPROG_N", 300)
	run := func(src string, args ...string) (string, bool) {
		var out, errb bytes.Buffer
		if driver.Main(args, strings.NewReader(src), &out, &errb) != 0 {
			return errb.String(), false
		}
		return out.String(), true
	}
	lowered, fusedSome := 0, 0
	for seed := first; seed < first+n; seed++ {
		p := randprog.Generate(seed, randprog.DefaultConfig)
		m, _, err := p.Build()
		if err != nil {
			continue
		}
		in, ok := run(ir.PrintString(m, ir.PrintOptions{}), "--hlo-legalize-broadcasts", "--canonicalize", "--hlo-legalize-to-linalg")
		if !ok {
			continue // not lowerable yet
		}
		lowered++
		once, ok := run(in, "--linalg-fuse-elementwise-ops")
		if !ok {
			t.Fatalf("seed %d: fusion failed: %s\ninput:\n%s", seed, once, in)
		}
		if strings.Count(once, "linalg.generic") < strings.Count(in, "linalg.generic") {
			fusedSome++
		}
		if twice, _ := run(once, "--linalg-fuse-elementwise-ops"); twice != once {
			t.Errorf("seed %d: not a fixed point:\n%s\n---\n%s", seed, once, twice)
		}
		if ir.LookupPass("linalg-fold-unit-extent-dims") == nil {
			continue
		}
		a, okA := run(in, "--linalg-fold-unit-extent-dims", "--linalg-fuse-elementwise-ops", "--canonicalize", "--cse")
		b, okB := run(in, "--linalg-fuse-elementwise-ops", "--linalg-fold-unit-extent-dims", "--canonicalize", "--cse")
		if !okA || !okB || a != b {
			t.Errorf("seed %d: fold;fuse and fuse;fold differ\n--- input:\n%s\n--- fold first:\n%s\n--- fuse first:\n%s", seed, in, a, b)
		}
	}
	if n >= 300 && (lowered < 20 || fusedSome < 10) {
		t.Errorf("only %d programs lowered to linalg and %d fused: the test checks too little", lowered, fusedSome)
	}
	t.Logf("%d programs lowered, %d with fusions", lowered, fusedSome)
}

// envInt64 reads an integer from the environment, def when unset.
func envInt64(t *testing.T, name string, def int64) int64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q is not an integer", name, s)
	}
	return v
}
