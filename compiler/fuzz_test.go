package compiler_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/compiler"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// FuzzPipeline feeds programs through everything a user runs them
// through, in-process: parse and verify, the reference interpreter (when
// the arguments are small), `--pipeline=cpu`, the interpreter again on
// the pipeline's output, and `--emit=llvm` and the C header. Any stage
// may refuse a program with an error; none may panic, and none may
// report an internal error (the interpreter turns its panics into one).
//
// Seeds are the lit inputs (test/lit, one per `// -----` chunk) and
// examples/; `go test` runs them as a test. Fuzz with
//
//	go test ./compiler -run '^$' -fuzz FuzzPipeline -fuzztime 10m
//
// Crashers land in testdata/fuzz/FuzzPipeline, where `go test` replays
// them from then on.
func FuzzPipeline(f *testing.F) {
	for _, seed := range pipelineSeeds(f) {
		f.Add(seed)
	}
	defer ir.SetMultithreading(true)
	ir.SetMultithreading(false) // a panic then fails the input, not the whole process
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := ir.Parse("fuzz.mlir", src, ir.ParseOptions{})
		if err != nil {
			if d, ok := err.(*ir.Diagnostic); !ok || !d.Loc.Known() {
				t.Fatalf("parse error without a location: %v", err)
			}
			return
		}
		if ir.Verify(m) != nil {
			return
		}
		interpretSmall(t, m, "input")
		if _, err := compiler.CHeader(m, ""); err != nil {
			noInternalError(t, "CHeader", err)
		}
		if err := compiler.RunPipeline(m, "cpu"); err != nil {
			noInternalError(t, "RunPipeline", err)
			return
		}
		interpretSmall(t, m, "after --pipeline=cpu")
		for _, target := range []string{"x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"} {
			if _, err := compiler.LLVMIR(m, compiler.Options{Target: target}); err != nil {
				noInternalError(t, "LLVMIR "+target, err)
			}
		}
	})
}

// noInternalError fails the test on an error that reports a bug rather
// than a bad program.
func noInternalError(t *testing.T, stage string, err error) {
	t.Helper()
	if strings.Contains(err.Error(), "internal error") {
		t.Fatalf("%s: %v", stage, err)
	}
}

// Limits of interpretSmall: arguments with more elements are not made
// (the program is not run), and no tensor may be larger than fuzzMemory.
const (
	fuzzMaxArgElems = 4096
	fuzzMemory      = 64 << 20
	fuzzDynamicDim  = 3
)

// interpretSmall runs each public function of m whose arguments are small
// tensors or scalars on made-up data (a `?` dim is fuzzDynamicDim). Any
// error but an internal one is fine: the fuzzed program may divide by
// zero, fail its own shape checks or use ops the interpreter lacks.
func interpretSmall(t *testing.T, m *ir.Operation, stage string) {
	t.Helper()
	for _, r := range m.Regions() {
		for _, b := range r.Blocks() {
			for fn := b.First(); fn != nil; fn = fn.Next() {
				if fn.Name() != "func.func" || fn.NumRegions() == 0 || fn.Region(0).Empty() {
					continue
				}
				if v, ok := fn.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value == "private" {
					continue
				}
				args, ok := smallArgs(funcdialect.Type(fn))
				if !ok {
					continue
				}
				_, err := interp.RunWithOptions(m, funcdialect.Name(fn), args, interp.Options{MaxMemory: fuzzMemory})
				if err != nil {
					noInternalError(t, "interpreter, "+stage, err)
				}
			}
		}
	}
}

// smallArgs makes deterministic arguments for a function of type ft, or
// reports that it has one it cannot make or that is too large.
func smallArgs(ft *ir.FunctionType) ([]*interp.Tensor, bool) {
	var args []*interp.Tensor
	for _, ty := range ft.Inputs {
		elem, shape := ty, []int64(nil)
		if rt, ok := ty.(*ir.RankedTensorType); ok {
			elem = rt.ElementType()
			for _, d := range rt.Shape() {
				if d == ir.Dynamic {
					d = fuzzDynamicDim
				}
				shape = append(shape, d)
			}
		}
		n := int64(1)
		for _, d := range shape {
			if n *= d; n > fuzzMaxArgElems {
				return nil, false
			}
		}
		var a *interp.Tensor
		var err error
		if ir.IsFloat(elem) {
			vals := make([]float64, n)
			for i := range vals {
				vals[i] = float64(i%7-3) * 0.75
			}
			a, err = interp.NewFloats(elem, shape, vals)
		} else {
			vals := make([]int64, n)
			for i := range vals {
				vals[i] = int64(i%7 - 3)
			}
			if elem == ir.I1 {
				for i := range vals {
					vals[i] = int64(i % 2)
				}
			}
			a, err = interp.NewInts(elem, shape, vals)
		}
		if err != nil {
			return nil, false // an element type the interpreter does not take
		}
		args = append(args, a)
	}
	return args, true
}

// pipelineSeeds returns the lit inputs, one per `// -----` chunk, and the
// examples.
func pipelineSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, root := range []string{filepath.Join("..", "test", "lit"), filepath.Join("..", "examples")} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, part := range bytes.Split(src, []byte("\n// -----\n")) {
				seeds = append(seeds, part)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(seeds) == 0 {
		t.Fatal("no seeds found")
	}
	return seeds
}
