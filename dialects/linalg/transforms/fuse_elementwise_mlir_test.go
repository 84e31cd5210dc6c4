package transforms_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

// fusionChunk is one `// -----` case of a test/lit/linalg/fuse-*.mlir file.
type fusionChunk struct {
	name string // file:index
	src  string
	// mlirGenerics is the number of generics mlir-opt-19 leaves where the
	// case documents a deliberate difference (`// MLIR19-GENERICS: n`),
	// or -1: then both must print the same text.
	mlirGenerics int
}

var mlirGenericsLine = regexp.MustCompile(`(?m)^// MLIR19-GENERICS: (\d+)`)

// fusionChunks reads the fusion lit tests and splits them into cases.
func fusionChunks(t *testing.T) []fusionChunk {
	return litChunks(t, "fuse-*.mlir")
}

// litChunks reads the test/lit/linalg files matching pattern and splits
// them into cases.
func litChunks(t *testing.T, pattern string) []fusionChunk {
	t.Helper()
	files, err := filepath.Glob("../../../test/lit/linalg/" + pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit tests %s found (%v)", pattern, err)
	}
	var out []fusionChunk
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, src := range regexp.MustCompile(`(?m)^// -----\s*$`).Split(string(data), -1) {
			c := fusionChunk{name: fmt.Sprintf("%s#%d", filepath.Base(f), i), src: src, mlirGenerics: -1}
			if m := mlirGenericsLine.FindStringSubmatch(src); m != nil {
				c.mlirGenerics, _ = strconv.Atoi(m[1])
			}
			out = append(out, c)
		}
	}
	return out
}

// bcastOpt runs bcast-opt with args on src and returns its output.
func bcastOpt(t *testing.T, src string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if driver.Main(args, strings.NewReader(src), &stdout, &stderr) != 0 {
		t.Fatalf("bcast-opt %s failed:\n%s\ninput:\n%s", strings.Join(args, " "), stderr.String(), src)
	}
	return stdout.String()
}

// toLinalg lowers a case written in hlo to the linalg input of fusion, as
// the benchmark RUN line does; linalg cases are returned as they are.
func toLinalg(t *testing.T, src string) string {
	if !strings.Contains(src, "hlo.") {
		return src
	}
	return bcastOpt(t, src, "--hlo-legalize-broadcasts", "--convert-shape-constraints", "--canonicalize", "--hlo-legalize-to-linalg")
}

// TestFuseElementwiseAgainstMLIROpt runs every fusion lit case through
// mlir-opt-19 --linalg-fuse-elementwise-ops too. Cases without a
// documented difference must print the same text; the others must leave
// the documented number of generics in MLIR, so that the difference (MLIR
// fuses single-use producers only, and does not refuse expensive ones) is
// checked rather than assumed.
func TestFuseElementwiseAgainstMLIROpt(t *testing.T) {
	tool := passtest.MLIROpt19(t)
	for _, c := range fusionChunks(t) {
		t.Run(c.name, func(t *testing.T) {
			in := toLinalg(t, c.src)
			if strings.Contains(in, "hlo.") {
				// A could-be-1 broadcast stays an hlo op until
				// linalg-version-broadcasts; mlir-opt cannot read it.
				t.Skip("the lowered IR still has hlo ops (could-be-1 broadcasts)")
			}
			ours := bcastOpt(t, in, "--linalg-fuse-elementwise-ops")
			cmd := exec.Command(tool, "--linalg-fuse-elementwise-ops", "-")
			cmd.Stdin = strings.NewReader(in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			theirs, err := cmd.Output()
			if err != nil {
				t.Fatalf("mlir-opt-19: %v\n%s", err, stderr.String())
			}
			n := strings.Count(string(theirs), "linalg.generic")
			if c.mlirGenerics >= 0 {
				if n != c.mlirGenerics {
					t.Errorf("mlir-opt-19 leaves %d generics, the case documents %d:\n%s", n, c.mlirGenerics, theirs)
				}
				return
			}
			if got, want := strings.TrimRight(ours, "\n"), strings.TrimRight(string(theirs), "\n"); got != want {
				t.Errorf("differs from mlir-opt-19 --linalg-fuse-elementwise-ops\n--- ours:\n%s\n--- mlir-opt-19:\n%s", got, want)
			}
		})
	}
}

// TestFuseElementwiseFoldUnitDimsOrder checks the project's acceptance
// rule on every fusion lit case and on the unit-dim reductions of
// fold-unit-reductions.mlir: linalg-fold-unit-extent-dims before or after
// linalg-fuse-elementwise-ops (then canonicalize and cse, as in the cpu
// pipeline) gives the same IR.
func TestFuseElementwiseFoldUnitDimsOrder(t *testing.T) {
	if ir.LookupPass("linalg-fold-unit-extent-dims") == nil {
		t.Skip("linalg-fold-unit-extent-dims is not registered yet")
	}
	for _, c := range append(fusionChunks(t), litChunks(t, "fold-unit-reductions.mlir")...) {
		t.Run(c.name, func(t *testing.T) {
			in := toLinalg(t, c.src)
			foldFirst := bcastOpt(t, in, "--linalg-fold-unit-extent-dims", "--linalg-fuse-elementwise-ops", "--canonicalize", "--cse")
			fuseFirst := bcastOpt(t, in, "--linalg-fuse-elementwise-ops", "--linalg-fold-unit-extent-dims", "--canonicalize", "--cse")
			if foldFirst != fuseFirst {
				t.Errorf("fold;fuse and fuse;fold differ\n--- fold first:\n%s\n--- fuse first:\n%s", foldFirst, fuseFirst)
			}
		})
	}
}

// TestFuseElementwiseFixedPoint checks that the pass's output is
// deterministic and a fixed point: running it again changes nothing.
func TestFuseElementwiseFixedPoint(t *testing.T) {
	for _, c := range fusionChunks(t) {
		t.Run(c.name, func(t *testing.T) {
			in := toLinalg(t, c.src)
			once := bcastOpt(t, in, "--linalg-fuse-elementwise-ops")
			if again := bcastOpt(t, in, "--linalg-fuse-elementwise-ops"); again != once {
				t.Fatalf("two runs differ:\n%s\n---\n%s", once, again)
			}
			if twice := bcastOpt(t, once, "--linalg-fuse-elementwise-ops"); twice != once {
				t.Errorf("not a fixed point:\n--- once:\n%s\n--- twice:\n%s", once, twice)
			}
		})
	}
}
