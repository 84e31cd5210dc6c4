package lower_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes"
)

// The contractions' lowering (contraction.go) against the interpreter:
// random hlo.dot_general programs (ranks up to 4, dims in any order and
// pairing, sizes 0, 1 and more, static and dynamic types, every element
// type the lowering takes and the wider results) run before and after
// hlo-legalize-to-linalg (and after printing and parsing it again), and
// after the whole --pipeline=cpu; hand-written programs add the
// operands' producers (transposes, broadcasts, could-be-1 broadcasts,
// hlo.dot) and consumers (bias and relu, a softmax). The interpreter
// runs the generic's loops in the order it sums a contraction, so every
// result is bit-exact, floats too.

// contractionElems are the (operand, result) element types of the cases.
var contractionElems = [][2]ir.Type{
	{ir.F32T, ir.F32T}, {ir.F32T, ir.F32T}, {ir.F16T, ir.F16T}, {ir.F64T, ir.F64T}, {ir.I32, ir.I32},
	{ir.Integer(8, ir.Signless), ir.Integer(8, ir.Signless)}, {ir.I1, ir.I1},
	{ir.F16T, ir.F32T}, {ir.Integer(8, ir.Signless), ir.I32}, {ir.I1, ir.I32}, {ir.F32T, ir.F64T},
}

// contraction draws a random dot_general: up to 2 batch, 2 contracting
// and 2 free dims a side, placed at random positions.
func (g *reduceGen) contraction() reduceCase {
	elems := contractionElems[g.r.IntN(len(contractionElems))]
	nb, nc := g.r.IntN(3), g.r.IntN(3)
	nl, nr := g.r.IntN(3), g.r.IntN(3)
	for nb+nc+nl > 4 || nb+nc+nr > 4 {
		nl, nr = g.r.IntN(3), g.r.IntN(3)
	}
	size := func() int64 {
		switch g.r.IntN(8) {
		case 0:
			return 0
		case 1:
			return 1
		}
		return 2 + g.r.Int64N(3)
	}
	bs, cs := make([]int64, nb), make([]int64, nc)
	for i := range bs {
		bs[i] = size()
	}
	for i := range cs {
		cs[i] = size()
	}
	place := func(nf int) (shape, b, k []int64) {
		pos := g.r.Perm(nb + nc + nf)
		shape = make([]int64, len(pos))
		for i := range nb {
			b, shape[pos[i]] = append(b, int64(pos[i])), bs[i]
		}
		for i := range nc {
			k, shape[pos[nb+i]] = append(k, int64(pos[nb+i])), cs[i]
		}
		for i := range nf {
			shape[pos[nb+nc+i]] = size()
		}
		return shape, b, k
	}
	ls, lb, lc := place(nl)
	rs, rb, rc := place(nr)
	d := hlo.DotDims{LhsBatching: lb, RhsBatching: rb, LhsContracting: lc, RhsContracting: rc}
	typeOf := func(shape []int64) ir.Type {
		if g.r.IntN(3) > 0 {
			return ir.RankedTensor(shape, elems[0])
		}
		dyn := make([]int64, len(shape))
		for i := range dyn {
			dyn[i] = ir.Dynamic
		}
		return ir.RankedTensor(dyn, elems[0])
	}
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{typeOf(ls), typeOf(rs)}, nil)
	args := fn.Region(0).Front().Args()
	lt, rt := args[0].Type().(*ir.RankedTensorType), args[1].Type().(*ir.RankedTensorType)
	st := &ir.OpState{Name: hlo.DotGeneralOp.Name, Operands: args,
		ResultTypes: []ir.Type{ir.RankedTensor(d.ResultShape(lt.Shape(), rt.Shape()), elems[1])}}
	st.AddAttr("dot_dimension_numbers", d.Attr())
	funcdialect.NewReturn(b, b.Create(st).Result(0))
	if err := ir.Verify(module); err != nil {
		g.t.Fatalf("%v\n%s", err, ir.PrintString(module, ir.PrintOptions{}))
	}
	return reduceCase{src: ir.PrintString(module, ir.PrintOptions{}), args: []*interp.Tensor{g.tensor(elems[0], ls), g.tensor(elems[0], rs)}}
}

// runPipelined runs c's program in the interpreter as it is and after
// --pipeline=cpu, and fails on any difference.
func runPipelined(t *testing.T, i int, c reduceCase) {
	t.Helper()
	m, err := ir.Parse("case.mlir", []byte(c.src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("case %d: %v\n%s", i, err, c.src)
	}
	want, err := interp.Run(m, "f", c.args)
	if err != nil {
		t.Fatalf("case %d: hlo: %v\n%s", i, err, c.src)
	}
	entries, err := passes.PipelineEntries("cpu")
	if err != nil {
		t.Fatal(err)
	}
	if err := (&ir.PassManager{Entries: entries, VerifyEach: true}).Run(m); err != nil {
		t.Fatalf("case %d: --pipeline=cpu: %v\n%s", i, err, c.src)
	}
	lowered := ir.PrintString(m, ir.PrintOptions{})
	if strings.Contains(lowered, "hlo.") {
		t.Fatalf("case %d: hlo ops left:\n%s", i, lowered)
	}
	got, err := interp.Run(m, "f", c.args)
	if err != nil {
		t.Fatalf("case %d: linalg: %v\n%s\n%s", i, err, c.src, lowered)
	}
	for k := range want {
		if !want[k].Equal(got[k]) {
			t.Fatalf("case %d: result #%d: hlo gives %s, --pipeline=cpu gives %s\n%s\n%s", i, k, want[k], got[k], c.src, lowered)
		}
	}
}

// TestContractionLoweringMatchesInterpreter runs random dot_general
// programs before and after hlo-legalize-to-linalg and --pipeline=cpu.
func TestContractionLoweringMatchesInterpreter(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(15, 3))}
	n := 500
	if testing.Short() {
		n = 100
	}
	for i := range n {
		c := g.contraction()
		runLowered(t, i, c)
		runPipelined(t, i, c)
	}
}

// contractionPrograms are hand-written programs around contractions, each
// with the shapes of its arguments (f32).
var contractionPrograms = []struct {
	name   string
	src    string
	shapes [][]int64
}{
	{"dense layer (bias broadcast and relu after the matmul)", `func.func @f(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>, %b: tensor<3xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<5x3xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x3xf32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<5x3xf32>
  %3 = stablehlo.maximum %2, %cst : tensor<5x3xf32>
  return %3 : tensor<5x3xf32>
}`, [][]int64{{5, 7}, {7, 3}, {3}}},
	{"transposed operands (the transposes fuse into the contraction)", `func.func @f(%x: tensor<7x5xf32>, %w: tensor<3x7xf32>) -> tensor<5x3xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<7x5xf32>) -> tensor<5x7xf32>
  %1 = stablehlo.transpose %w, dims = [1, 0] : (tensor<3x7xf32>) -> tensor<7x3xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  return %2 : tensor<5x3xf32>
}`, [][]int64{{7, 5}, {3, 7}}},
	{"an elementwise producer (exp of lhs, fused into the contraction)", `func.func @f(%x: tensor<2x4x6xf32>, %w: tensor<2x6x3xf32>) -> tensor<2x4x3xf32> {
  %0 = stablehlo.exponential %x : tensor<2x4x6xf32>
  %1 = stablehlo.dot_general %0, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x6xf32>, tensor<2x6x3xf32>) -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}`, [][]int64{{2, 4, 6}, {2, 6, 3}}},
	{"broadcast operands: a free dim each, then both stretching the contracting dim", `func.func @f(%v: tensor<7xf32>, %u: tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3x3xf32>) {
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<7xf32>) -> tensor<5x7xf32>
  %1 = hlo.broadcast_in_dim %u, dims = [1] : (tensor<3xf32>) -> tensor<7x3xf32>
  %2 = hlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %3 = hlo.broadcast_in_dim %u, dims = [0] : (tensor<3xf32>) -> tensor<3x7xf32>
  %4 = hlo.reshape %u : (tensor<3xf32>) -> tensor<1x3xf32>
  %5 = hlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<7x3xf32>
  %6 = hlo.dot_general %3, %5, contracting_dims = [1] x [0] : (tensor<3x7xf32>, tensor<7x3xf32>) -> tensor<3x3xf32>
  return %2, %6 : tensor<5x3xf32>, tensor<3x3xf32>
}`, [][]int64{{7}, {3}}},
	{"hlo.dot in its four forms", `func.func @f(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>, %v: tensor<7xf32>) -> (tensor<5x3xf32>, tensor<5xf32>, tensor<3xf32>, tensor<f32>) {
  %0 = stablehlo.dot %x, %w : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  %1 = stablehlo.dot %x, %v : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5xf32>
  %2 = stablehlo.dot %v, %w : (tensor<7xf32>, tensor<7x3xf32>) -> tensor<3xf32>
  %3 = stablehlo.dot %v, %v : (tensor<7xf32>, tensor<7xf32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<5x3xf32>, tensor<5xf32>, tensor<3xf32>, tensor<f32>
}`, [][]int64{{5, 7}, {7, 3}, {7}}},
	{"attention: softmax(q k^T / sqrt(d)) v with a batch", `func.func @f(%q: tensor<2x5x4xf32>, %k: tensor<2x5x4xf32>, %v: tensor<2x5x4xf32>) -> tensor<2x5x4xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x5x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x5xf32>
  %cst = stablehlo.constant dense<2.000000e+00> : tensor<2x5x5xf32>
  %1 = stablehlo.divide %0, %cst : tensor<2x5x5xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
  %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
  %4 = stablehlo.subtract %1, %3 : tensor<2x5x5xf32>
  %5 = stablehlo.exponential %4 : tensor<2x5x5xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %6 = stablehlo.reduce(%5 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
  %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
  %8 = stablehlo.divide %5, %7 : tensor<2x5x5xf32>
  %9 = stablehlo.dot_general %8, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x5x5xf32>, tensor<2x5x4xf32>) -> tensor<2x5x4xf32>
  return %9 : tensor<2x5x4xf32>
}`, [][]int64{{2, 5, 4}, {2, 5, 4}, {2, 5, 4}}},
	{"a symbolic batch, as jax.export writes it", `func.func @f(%x: tensor<?x7xf32>, %w: tensor<7x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<?x7xf32>, tensor<7x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}`, [][]int64{{6, 7}, {7, 3}}},
}

// TestContractionProgramsMatchInterpreter runs contractionPrograms before
// and after lowering and --pipeline=cpu.
func TestContractionProgramsMatchInterpreter(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(15, 4))}
	for i, p := range contractionPrograms {
		t.Run(p.name, func(t *testing.T) {
			g.t = t
			var args []*interp.Tensor
			for _, s := range p.shapes {
				args = append(args, g.tensor(ir.F32T, s))
			}
			c := reduceCase{src: p.src, args: args}
			runLowered(t, i, c)
			runPipelined(t, i, c)
		})
	}
}

// TestContractionOfCouldBe1Broadcasts: operands that are dynamic
// broadcasts with could-be-1 dims, a free dim and a contracting dim, run
// whether the dim is 1 at run time or not (linalg-version-broadcasts
// gives the contraction a version per case).
func TestContractionOfCouldBe1Broadcasts(t *testing.T) {
	g := &reduceGen{t: t, r: rand.New(rand.NewPCG(15, 5))}
	src := `func.func @f(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %s: tensor<2xindex>, %t: tensor<2xindex>) -> tensor<?x?xf32> {
  %a = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %b = hlo.dynamic_broadcast_in_dim %w, %t, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`
	idx := func(v ...int64) *interp.Tensor {
		x, err := interp.NewInts(ir.Index, []int64{2}, v)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for i, shapes := range [][2][]int64{{{3, 4}, {4, 5}}, {{1, 4}, {4, 5}}, {{3, 1}, {4, 5}}, {{3, 4}, {1, 5}}, {{3, 1}, {1, 1}}} {
		c := reduceCase{src: src, args: []*interp.Tensor{g.tensor(ir.F32T, shapes[0]), g.tensor(ir.F32T, shapes[1]), idx(3, 4), idx(4, 5)}}
		runLowered(t, i, c)
		runPipelined(t, i, c)
	}
}
