package transforms_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/linalg/transforms"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

func TestUnitDimGroups(t *testing.T) {
	c0, d := affine.Const(0), affine.Dim
	cases := []struct {
		name  string
		shape []int64
		exprs []affine.Expr
		want  [][]int64
		kept  []int
	}{
		{"none", []int64{4, 8}, []affine.Expr{d(0), d(1)}, [][]int64{{0}, {1}}, []int{0, 1}},
		{"trailing", []int64{4096, 1}, []affine.Expr{d(0), c0}, [][]int64{{0, 1}}, []int{0}},
		{"leading", []int64{1, 4096}, []affine.Expr{c0, d(1)}, [][]int64{{0, 1}}, []int{1}},
		{"middle", []int64{64, 1, 1024}, []affine.Expr{d(0), c0, d(2)}, [][]int64{{0, 1}, {2}}, []int{0, 2}},
		{"leading run", []int64{1, 1, 1024}, []affine.Expr{c0, c0, d(2)}, [][]int64{{0, 1, 2}}, []int{2}},
		{"all unit", []int64{1, 1}, []affine.Expr{c0, c0}, [][]int64{}, nil},
		// A size-1 dim read through a loop index, or a 0 on a bigger dim,
		// is not a unit dim.
		{"size 1 read by a loop", []int64{1, 4}, []affine.Expr{d(0), d(1)}, [][]int64{{0}, {1}}, []int{0, 1}},
		{"0 on a size-4 dim", []int64{4, 8}, []affine.Expr{c0, d(1)}, [][]int64{{0}, {1}}, []int{0, 1}},
		{"dynamic", []int64{ir.Dynamic, 1}, []affine.Expr{d(0), c0}, [][]int64{{0, 1}}, []int{0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			groups, kept := transforms.UnitDimGroups(c.shape, c.exprs)
			if !slices.EqualFunc(groups, c.want, slices.Equal) || len(groups) != len(c.want) || !slices.Equal(kept, c.kept) {
				t.Errorf("unitDimGroups(%v, %v) = %v, %v; want %v, %v", c.shape, c.exprs, groups, kept, c.want, c.kept)
			}
		})
	}
}

// parseModule parses src, registered ops only unless unregistered is set.
func parseModule(t *testing.T, name, src string, unregistered bool) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(name, []byte(src), ir.ParseOptions{AllowUnregistered: unregistered})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return m
}

// runPipeline runs passes (by flag name) on a parsed copy of src, verifying
// after each, and prints the result.
func runPipeline(t *testing.T, src string, passNames ...string) string {
	t.Helper()
	m := parseModule(t, "in.mlir", src, false)
	pm := &ir.PassManager{VerifyEach: true}
	for _, n := range passNames {
		e, err := ir.NewPassEntry(n, nil)
		if err != nil {
			t.Fatalf("%v", err)
		}
		pm.Entries = append(pm.Entries, e)
	}
	if err := pm.Run(m); err != nil {
		t.Fatalf("%s: %v", strings.Join(passNames, ","), err)
	}
	return ir.PrintString(m, ir.PrintOptions{})
}

// foldKernels are docs/SPEC.md §9's W1-W4 and kernels with unit dims in
// chains, in hlo with implicit broadcasting.
var foldKernels = map[string]string{
	"W1": `func.func @w1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %x, %b : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.maximum %0, %z : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %1 : tensor<4096x4096xf32>
}`,
	"W2": `func.func @w2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}`,
	"W3": `func.func @w3(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>) -> tensor<64x256x1024xf32> {
  %0 = hlo.multiply %a, %c : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %1 = hlo.add %0, %d : (tensor<64x256x1024xf32>, tensor<1024xf32>) -> tensor<64x256x1024xf32>
  return %1 : tensor<64x256x1024xf32>
}`,
	"W4": `func.func @w4(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.multiply %x, %s : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %1 = hlo.add %0, %b : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %2 = hlo.subtract %1, %m : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %3 = hlo.multiply %2, %k : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %3 : tensor<4096x4096xf32>
}`,
	"unit-loop-chain": `func.func @chain(%a: tensor<1x4096xf32>, %b: tensor<1x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %0 = hlo.add %a, %b : tensor<1x4096xf32>
  %1 = hlo.multiply %0, %c : tensor<1x4096xf32>
  return %1 : tensor<1x4096xf32>
}`,
	"outer-of-unary": `func.func @outer(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %e = hlo.exponential %a : tensor<4096x1xf32>
  %0 = hlo.add %e, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  %1 = hlo.multiply %0, %a : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  return %1 : tensor<4096x4096xf32>
}`,
	"W3-unit-bias": `func.func @w3u(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1x1x1024xf32>) -> tensor<64x256x1024xf32> {
  %0 = hlo.multiply %a, %c : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %1 = hlo.add %0, %d : (tensor<64x256x1024xf32>, tensor<1x1x1024xf32>) -> tensor<64x256x1024xf32>
  return %1 : tensor<64x256x1024xf32>
}`,
	"multi-use": `func.func @multi(%a: tensor<1x8xf32>, %b: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %0 = hlo.add %a, %b : tensor<1x8xf32>
  %1 = hlo.multiply %0, %b : tensor<1x8xf32>
  return %1, %0 : tensor<1x8xf32>, tensor<1x8xf32>
}`,
	"all-unit": `func.func @scalarish(%a: tensor<1x1xf32>, %s: tensor<f32>) -> tensor<1x1xf32> {
  %0 = hlo.add %a, %s : (tensor<1x1xf32>, tensor<f32>) -> tensor<1x1xf32>
  %1 = hlo.multiply %0, %0 : tensor<1x1xf32>
  return %1 : tensor<1x1xf32>
}`,
	"dynamic-with-unit": `func.func @dyn(%a: tensor<?x1x8xf32>, %b: tensor<8xf32>) -> tensor<?x1x8xf32> {
  %0 = hlo.add %a, %b {broadcast_policy = "rank"} : (tensor<?x1x8xf32>, tensor<8xf32>) -> tensor<?x1x8xf32>
  %1 = hlo.exponential %0 : tensor<?x1x8xf32>
  return %1 : tensor<?x1x8xf32>
}`,
}

var lowerToLinalg = []string{"hlo-legalize-broadcasts", "canonicalize", "hlo-legalize-to-linalg"}

// TestFoldUnitExtentDimsCommutesWithFusion is docs/SPEC.md §5's acceptance
// rule: folding unit dims before or after linalg-fuse-elementwise-ops,
// followed by canonicalize and cse, gives the same IR.
func TestFoldUnitExtentDimsCommutesWithFusion(t *testing.T) {
	if ir.LookupPass("linalg-fuse-elementwise-ops") == nil {
		t.Skip("linalg-fuse-elementwise-ops is not registered")
	}
	for _, name := range sortedKeys(foldKernels) {
		t.Run(name, func(t *testing.T) {
			lin := runPipeline(t, foldKernels[name], lowerToLinalg...)
			foldFirst := runPipeline(t, lin, "linalg-fold-unit-extent-dims", "linalg-fuse-elementwise-ops", "canonicalize", "cse")
			fuseFirst := runPipeline(t, lin, "linalg-fuse-elementwise-ops", "linalg-fold-unit-extent-dims", "canonicalize", "cse")
			if foldFirst != fuseFirst {
				t.Errorf("fold then fuse:\n%s\nfuse then fold:\n%s", foldFirst, fuseFirst)
			}
		})
	}
}

// TestFoldUnitExtentDimsIdempotent: a second run changes nothing.
func TestFoldUnitExtentDimsIdempotent(t *testing.T) {
	for _, name := range sortedKeys(foldKernels) {
		t.Run(name, func(t *testing.T) {
			lin := runPipeline(t, foldKernels[name], lowerToLinalg...)
			once := runPipeline(t, lin, "linalg-fold-unit-extent-dims")
			if twice := runPipeline(t, once, "linalg-fold-unit-extent-dims"); twice != once {
				t.Errorf("second run changed the IR:\n%s\nthen:\n%s", once, twice)
			}
		})
	}
}

// TestFoldUnitExtentDimsW2 pins the result for W2 of docs/SPEC.md §9: one
// generic over two loops reading a and b as vectors collapsed from 4096x1
// and 1x4096.
func TestFoldUnitExtentDimsW2(t *testing.T) {
	lin := runPipeline(t, foldKernels["W2"], lowerToLinalg...)
	m := parseModule(t, "w2.mlir", runPipeline(t, lin, "linalg-fold-unit-extent-dims", "canonicalize", "cse"), false)
	s := summarize(m)["w2"]
	want := funcSummary{
		generics: []string{"loops=[parallel parallel] maps=[(d0, d1) -> (d0) (d0, d1) -> (d1) (d0, d1) -> (d0, d1)] types=[tensor<4096xf32> tensor<4096xf32> tensor<4096x4096xf32>]"},
		reshapes: []string{
			"tensor.collapse_shape [[0 1]] tensor<1x4096xf32> -> tensor<4096xf32>",
			"tensor.collapse_shape [[0 1]] tensor<4096x1xf32> -> tensor<4096xf32>",
		},
	}
	if d := s.diff(want); d != "" {
		t.Error(d)
	}
}

// funcSummary is the structure of one function that the comparison with
// mlir-opt-19 looks at: each generic's loops, maps and operand types in
// order, and the distinct reshapes as a sorted list (their places and
// MLIR's duplicates of one collapse differ by design).
type funcSummary struct {
	generics []string
	reshapes []string
}

func (s funcSummary) diff(o funcSummary) string {
	var sb strings.Builder
	if !slices.Equal(s.generics, o.generics) {
		fmt.Fprintf(&sb, "generics:\n  ours:   %q\n  theirs: %q\n", s.generics, o.generics)
	}
	if !slices.Equal(s.reshapes, o.reshapes) {
		fmt.Fprintf(&sb, "reshapes:\n  ours:   %q\n  theirs: %q\n", s.reshapes, o.reshapes)
	}
	return sb.String()
}

// summarize returns the funcSummary of each func.func in m by symbol name.
func summarize(m *ir.Operation) map[string]funcSummary {
	out := map[string]funcSummary{}
	m.Walk(func(f *ir.Operation) bool {
		if f.Name() != "func.func" {
			return true
		}
		name, _ := f.Attr("sym_name").(*ir.StringAttr)
		var s funcSummary
		f.Walk(func(o *ir.Operation) bool {
			switch o.Name() {
			case "linalg.generic":
				var maps []string
				for _, mp := range linalg.IndexingMaps(o) {
					maps = append(maps, mp.String())
				}
				var types []string
				for _, t := range o.OperandTypes() {
					types = append(types, t.String())
				}
				s.generics = append(s.generics, fmt.Sprintf("loops=%v maps=%v types=%v", linalg.IteratorTypes(o), maps, types))
			case "tensor.collapse_shape", "tensor.expand_shape":
				s.reshapes = append(s.reshapes, fmt.Sprintf("%s %v %s -> %s", o.Name(), tensor.Reassociation(o), o.Operand(0).Type(), o.Result(0).Type()))
			}
			return true
		})
		slices.Sort(s.reshapes)
		s.reshapes = slices.Compact(s.reshapes) // identical collapses are one in ours
		if name != nil {
			out[name.Value] = s
		}
		return false
	})
	return out
}

// foldMLIRDifferences are the lit functions where we differ from
// mlir-opt-19 on purpose (see FoldUnitExtentDims).
var foldMLIRDifferences = map[string]string{
	"unit_reduction":  "reduction loops of extent 1 are kept when no other reduction loop stays",
	"reduce_unit_dim": "reduction loops of extent 1 are kept when no other reduction loop stays",
}

// TestFoldUnitExtentDimsAgainstMLIROpt runs every function of the lit
// inputs through mlir-opt-19 --linalg-fold-unit-extent-dims and compares
// the structure of the results (funcSummary).
func TestFoldUnitExtentDimsAgainstMLIROpt(t *testing.T) {
	tool := passtest.MLIROpt19(t)
	files, _ := filepath.Glob("../../../test/lit/linalg/fold-unit-*.mlir")
	if len(files) == 0 {
		t.Fatal("no ../../../test/lit/linalg/fold-unit-*.mlir inputs")
	}
	compared := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		// Only the files whose RUN line runs the pass on linalg input.
		if !regexp.MustCompile(`(?m)^// RUN: bcast-opt %s --split-input-file --linalg-fold-unit-extent-dims`).Match(src) {
			continue
		}
		for i, chunk := range strings.Split(string(src), "// -----\n") {
			cmd := exec.Command(tool, "--linalg-fold-unit-extent-dims", "--mlir-print-op-generic", "-")
			cmd.Stdin = strings.NewReader(chunk)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			theirsText, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s chunk %d: mlir-opt-19: %v\n%s", file, i, err, stderr.String())
			}
			theirs := summarize(parseModule(t, "mlir-opt.mlir", string(theirsText), true))
			ours := summarize(parseModule(t, "ours.mlir", runPipeline(t, chunk, "linalg-fold-unit-extent-dims"), false))
			for _, fn := range sortedKeys(ours) {
				t.Run(filepath.Base(file)+"/"+fn, func(t *testing.T) {
					if why, ok := foldMLIRDifferences[fn]; ok {
						if d := ours[fn].diff(theirs[fn]); d == "" {
							t.Errorf("expected a deliberate difference (%s), found none", why)
						}
						t.Skip("deliberate difference: " + why)
					}
					compared++
					if d := ours[fn].diff(theirs[fn]); d != "" {
						t.Errorf("differs from mlir-opt-19 --linalg-fold-unit-extent-dims:\n%s", d)
					}
				})
			}
		}
	}
	if compared == 0 {
		t.Error("no function compared")
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
