package transforms_test

import (
	"fmt"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/linalg/transforms"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

func TestIsCheapOp(t *testing.T) {
	tests := []struct {
		name  string
		cheap bool
	}{
		{"arith.addf", true}, {"arith.mulf", true}, {"arith.maximumf", true}, {"arith.select", true},
		{"arith.cmpf", true}, {"arith.sitofp", true}, {"arith.shli", true}, {"arith.constant", true},
		{"linalg.index", true}, {"linalg.yield", true}, {"math.absf", true}, {"math.fma", true},
		{"arith.divf", false}, {"arith.remf", false}, {"arith.divsi", false}, {"arith.remui", false},
		{"arith.floordivsi", false}, {"math.exp", false}, {"math.log", false}, {"math.tanh", false},
		{"math.powf", false}, {"math.sqrt", false}, {"test.unknown", false},
	}
	for _, tc := range tests {
		op := ir.NewOp(&ir.OpState{Name: tc.name})
		if got := transforms.IsCheapOp(op); got != tc.cheap {
			t.Errorf("isCheapOp(%s) = %v, want %v", tc.name, got, tc.cheap)
		}
	}
}

// TestReadsThroughBroadcast checks the cost rule's notion of a broadcast:
// a loop the map leaves out (or reads at a constant) whose extent is not
// known to be 1.
func TestReadsThroughBroadcast(t *testing.T) {
	tests := []struct {
		in, inMap, out string
		want           bool
	}{
		{"tensor<8x16xf32>", "(d0, d1) -> (d0, d1)", "tensor<8x16xf32>", false},
		{"tensor<8x16xf32>", "(d0, d1) -> (d1, d0)", "tensor<16x8xf32>", false},
		{"tensor<16xf32>", "(d0, d1) -> (d1)", "tensor<8x16xf32>", true},
		{"tensor<8x1xf32>", "(d0, d1) -> (d0, 0)", "tensor<8x16xf32>", true},
		{"tensor<f32>", "(d0, d1) -> ()", "tensor<8x16xf32>", true},
		{"tensor<f32>", "(d0, d1) -> ()", "tensor<1x1xf32>", false},
		{"tensor<8xf32>", "(d0, d1) -> (d0)", "tensor<8x1xf32>", false},
		{"tensor<8x1xf32>", "(d0, d1) -> (d0, 0)", "tensor<8x1xf32>", false},
		{"tensor<?xf32>", "(d0, d1) -> (d1)", "tensor<?x?xf32>", true},
		{"tensor<?xf32>", "(d0, d1) -> (d0 + d1)", "tensor<?x?xf32>", true},
	}
	for _, tc := range tests {
		src := fmt.Sprintf(`func.func @f(%%a: %[1]s, %%o: %[3]s) -> %[3]s {
  %%r = linalg.generic {indexing_maps = [affine_map<%[2]s>, affine_map<%[4]s>], iterator_types = ["parallel", "parallel"]} ins(%%a : %[1]s) outs(%%o : %[3]s) {
  ^bb0(%%x: f32, %%y: f32):
    linalg.yield %%x : f32
  } -> %[3]s
  return %%r : %[3]s
}`, tc.in, tc.inMap, tc.out, "(d0, d1) -> (d0, d1)")
		m, err := ir.Parse("in.mlir", []byte(src), ir.ParseOptions{})
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, src)
		}
		var g *ir.Operation
		m.Walk(func(o *ir.Operation) bool {
			if o.Name() == "linalg.generic" {
				g = o
			}
			return true
		})
		maps := linalg.IndexingMaps(g)
		if got := transforms.ReadsThroughBroadcast(g, maps, maps[0]); got != tc.want {
			t.Errorf("%s read through %s in a %s loop nest: readsThroughBroadcast = %v, want %v", tc.in, tc.inMap, tc.out, got, tc.want)
		}
	}
}

// TestFusionOrderIndependent fuses the same computation written with its
// producers, the consumer's inputs and a splat constant in different
// orders: the canonical form must make the results identical.
func TestFusionOrderIndependent(t *testing.T) {
	const tmpl = `#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f(%%x: tensor<8x16xf32>, %%y: tensor<8x16xf32>, %%b: tensor<16xf32>) -> tensor<8x16xf32> {
  %%k = arith.constant dense<3.0> : tensor<8x16xf32>
  %%e = tensor.empty() : tensor<8x16xf32>
  %s
  %%c = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) outs(%%e : tensor<8x16xf32>) {
  ^bb0(%%i0: f32, %%i1: f32, %%i2: f32, %%o: f32):
    %s
    linalg.yield %%r : f32
  } -> tensor<8x16xf32>
  return %%c : tensor<8x16xf32>
}`
	// p1 = x * b (b broadcast along d0), p2 = y - x; c = (p1 + p2) * 3.
	const p1 = `%p1 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
`
	const p2 = `%p2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %x : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %m = arith.subf %a, %c : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
`
	variants := []struct{ producers, ins, body string }{
		{p1 + p2, "%p1, %p2, %k", "%s = arith.addf %i0, %i1 : f32\n    %r = arith.mulf %s, %i2 : f32"},
		{p2 + p1, "%p1, %p2, %k", "%s = arith.addf %i0, %i1 : f32\n    %r = arith.mulf %s, %i2 : f32"},
		{p1 + p2, "%k, %p2, %p1", "%s = arith.addf %i2, %i1 : f32\n    %r = arith.mulf %s, %i0 : f32"},
		{p2 + p1, "%p2, %k, %p1", "%s = arith.addf %i2, %i0 : f32\n    %r = arith.mulf %s, %i1 : f32"},
	}
	var first string
	for i, v := range variants {
		src := fmt.Sprintf(tmpl, v.producers, v.ins, v.body)
		got, err := passtest.RunPass(t, "linalg-fuse-elementwise-ops", nil, src)
		if err != nil {
			t.Fatalf("variant %d: %v", i, err)
		}
		if n := strings.Count(got, "linalg.generic"); n != 1 {
			t.Errorf("variant %d: %d generics left, want 1:\n%s", i, n, got)
		}
		if i == 0 {
			first = got
		} else if got != first {
			t.Errorf("variant %d differs from variant 0:\n%s\n--- variant 0:\n%s", i, got, first)
		}
	}
}
