package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// Contractions: hlo.dot_general (and hlo.dot, the dot_general of
// hlo.MatmulDims) becomes one linalg.generic in MLIR's form
// (stablehlo-legalize-to-linalg's for dot_general): a `parallel` loop per
// result dim (the batch dims, lhs's free dims, rhs's free dims, in the
// result's order) and then a `reduction` loop per contracting pair, in
// the order the dimension numbers list them; each operand read through
// the projected permutation that sends its dims to their loops, so a
// transposed operand is read as it is, never copied; the out a
// linalg.fill of zero into a tensor.empty of the result's shape, read
// with the identity on the parallel loops; the body the multiply and add
// of hlo.multiply's and hlo.add's scalar lowerings for the result's
// element type (arith.mulf / addf; muli / addi; andi / ori on i1;
// complex.mul / complex.add on complex elements, from a complex.constant
// zero):
//
//	%0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
//
// becomes
//
//	%cst = arith.constant 0.000000e+00 : f32
//	%0 = tensor.empty() : tensor<2x3x5xf32>
//	%1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
//	%2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>,
//	    affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
//	    ins(%a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>) outs(%1 : tensor<2x3x5xf32>) {
//	^bb0(%in: f32, %in_0: f32, %out: f32):
//	  %3 = arith.mulf %in, %in_0 : f32
//	  %4 = arith.addf %out, %3 : f32
//	  linalg.yield %4 : f32
//	} -> tensor<2x3x5xf32>
//
// The loops run in row-major order, the contracting ones innermost, so
// each result element adds its products from 0 in row-major order of the
// contracting dims, each product and sum rounded: what the interpreter
// computes for hlo.dot_general (interp/contraction.go), bit for bit. A
// result element type wider than the operands' converts each operand
// element first (arith.extf; arith.extsi, or arith.extui from i1 and
// unsigned integers). Signed and unsigned integers contract on their
// signless views.
//
// An operand produced by a broadcast is read through the broadcast's map
// (accessFor), as every generic reads; a contracting loop must be sized
// by an input that reads it as a plain dim, so when both operands stretch
// one, lhs is read whole (its broadcast materialized, or a could-be-1
// broadcast left to linalg-version-broadcasts), as reductions do.
// Dynamic result dims take their sizes from the operand dims they hold.
// precision_config and algorithm do not change the generic.

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.DotGeneralOp: (*lowering).convertContraction,
		hlo.DotOp:        (*lowering).convertContraction,
	})
}

// convertContraction turns hlo.dot_general or hlo.dot into one
// linalg.generic.
func (l *lowering) convertContraction(op *ir.Operation) error {
	d, ok := hlo.DotDimsOf(op)
	lt, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	rt, _ := op.Operand(1).Type().(*ir.RankedTensorType)
	res, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || lt == nil || rt == nil || res == nil {
		return op.Emit("needs ranked operands and result and readable dimension numbers to be lowered to linalg")
	}
	lhsLoops, rhsLoops := contractionLoops(d, lt.Rank(), rt.Rank())
	nPar, nRed := res.Rank(), len(d.LhsContracting)
	rank := nPar + nRed
	l.resetAccesses()
	la := l.accessThrough(op.Operand(0), lhsLoops)
	ra := l.accessThrough(op.Operand(1), rhsLoops)
	l.accesses = append(l.accesses, la, ra)
	for c := nPar; c < rank; c++ {
		if !l.sizesLoop(c) {
			l.accesses[0] = l.throughLoops(l.sizedRead(op.Operand(0), lt.Rank()), lhsLoops)
			break
		}
	}
	b := ir.Before(op)
	// Signed and unsigned integers contract on their signless views (the
	// same bits wrap alike); unsigned operands widen with arith.extui.
	for i := range l.accesses {
		l.accesses[i].value = signlessView(b, l.accesses[i].value)
	}
	unsigned := hlo.IntKindOf(lt.ElementType()).Unsigned
	out := signlessType(res)
	elem := out.ElementType()
	zero := zeroConstant(b, elem)
	var dyn []*ir.Value
	for i, s := range res.Shape() {
		if s == ir.Dynamic {
			size := l.contractionLoopSize(b, op, i, lhsLoops, rhsLoops)
			if size == nil {
				return op.Emit("result dim %d is no operand's dim; it cannot be lowered to linalg", i)
			}
			dyn = append(dyn, size)
		}
	}
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{out}, Loc: op.Loc}).Result(0)
	fill := linalg.NewFill(b, zero, empty, op.Loc)
	iterators := parallel(rank)
	for c := nPar; c < rank; c++ {
		iterators[c] = linalg.Reduction
	}
	operands := []*ir.Value{l.accesses[0].value, l.accesses[1].value, fill.Result(0)}
	maps := []affine.Map{l.accesses[0].indexingMap(rank), l.accesses[1].indexingMap(rank), projection(rank, iota(nPar))}
	gen, body := newReductionGeneric(b, op, operands, maps, iterators, 2)
	bb := bodyBuilder(op, body)
	x, y := convertElement(bb, body.Arg(0), elem, unsigned), convertElement(bb, body.Arg(1), elem, unsigned)
	var sum *ir.Value
	if ir.IsComplex(elem) {
		mul := complexdialect.Build(bb, hlo.ElementwiseOf(hlo.MultiplyOp).Lower.Complex, x, y)
		sum = complexdialect.Build(bb, hlo.ElementwiseOf(hlo.AddOp).Lower.Complex, body.Arg(2), mul)
	} else {
		mul := arith.Build(bb, contractionOp(hlo.MultiplyOp, elem), elem, x, y)
		sum = arith.Build(bb, contractionOp(hlo.AddOp, elem), elem, body.Arg(2), mul)
	}
	bb.Create(&ir.OpState{Name: linalg.Yield.Name, Operands: []*ir.Value{sum}})
	r := gen.Result(0)
	if out != res {
		r = bitcastTensor(b, r, res)
	}
	return replace(op, r)
}

// contractionLoops returns, for each dim of lhs (of rank lr) and of rhs
// (rank rr), its loop: batch dim i is loop i, lhs's free dims the next
// loops, then rhs's, then contracting pair i.
func contractionLoops(d hlo.DotDims, lr, rr int) (lhs, rhs []int) {
	lhs, rhs = make([]int, lr), make([]int, rr)
	nb := len(d.LhsBatching)
	lf, rf := d.LhsFree(lr), d.RhsFree(rr)
	red := nb + len(lf) + len(rf)
	for i := range d.LhsBatching {
		lhs[d.LhsBatching[i]], rhs[d.RhsBatching[i]] = i, i
	}
	for i, f := range lf {
		lhs[f] = nb + i
	}
	for i, f := range rf {
		rhs[f] = nb + len(lf) + i
	}
	for i := range d.LhsContracting {
		lhs[d.LhsContracting[i]], rhs[d.RhsContracting[i]] = red+i, red+i
	}
	return lhs, rhs
}

// accessThrough is the access of v, whose dim j is loop loops[j]: v read
// through the broadcast that produced it where it can be (accessFor),
// its reads then renamed to loops.
func (l *lowering) accessThrough(v *ir.Value, loops []int) operandAccess {
	return l.throughLoops(l.accessFor(v, len(loops)), loops)
}

// throughLoops renames the reads of a, an access in v's own dims, to the
// loops v's dims are.
func (l *lowering) throughLoops(a operandAccess, loops []int) operandAccess {
	for j, r := range a.reads {
		if r >= 0 {
			a.reads[j] = loops[r]
		}
	}
	return a
}

// contractionLoopSize returns the size of parallel loop i of a
// contraction: an access's plain dim that reads it, else the operand dim
// the loop is (an element of a could-be-1 broadcast's shape operand, or
// tensor.dim); nil if no operand dim is that loop (an op that does not
// verify).
func (l *lowering) contractionLoopSize(b *ir.Builder, op *ir.Operation, i int, lhsLoops, rhsLoops []int) *ir.Value {
	for _, a := range l.accesses {
		for j, r := range a.reads {
			if r == i && a.sizeDims[j] {
				return sizeOfDim(b, a.value, j)
			}
		}
	}
	for k, loops := range [][]int{lhsLoops, rhsLoops} {
		for dim, loop := range loops {
			if loop == i {
				if s := shapeElement(b, op.Operand(k), dim); s != nil {
					return s
				}
				return tensorDim(b, op.Operand(k), dim)
			}
		}
	}
	return nil
}

// contractionOp returns the arith op of the hlo binary op def's scalar
// lowering for elements of type elem (a signless integer or a float).
func contractionOp(def *ir.OpDef, elem ir.Type) *ir.OpDef {
	lw := hlo.ElementwiseOf(def).Lower
	switch {
	case ir.IsFloat(elem):
		return lw.Float
	case hlo.IntKindOf(elem).IsBool():
		return lw.Bool
	}
	return lw.Signed
}

// convertElement converts x, an operand element in the generic's body, to
// the result's element type elem (a wider type of its kind; see
// hlo.ContractsInto): arith.extf, arith.extui from i1 or from an unsigned
// operand's signless view, arith.extsi.
func convertElement(bb *ir.Builder, x *ir.Value, elem ir.Type, unsigned bool) *ir.Value {
	from := x.Type()
	if from == elem {
		return x
	}
	def := arith.ExtSI
	switch {
	case ir.IsFloat(from):
		def = arith.ExtF
	case unsigned || hlo.IntKindOf(from).IsBool():
		def = arith.ExtUI
	}
	return arith.Build(bb, def, elem, x)
}

// zeroConstant is `arith.constant 0` of the element type elem (`false`
// for i1).
func zeroConstant(b *ir.Builder, elem ir.Type) *ir.Value {
	switch {
	case ir.IsComplex(elem):
		return complexdialect.NewConstant(b, elem.(*ir.ComplexType), 0)
	case ir.IsFloat(elem):
		return arith.NewConstant(b, ir.FloatAttrOf(elem, 0)).Result(0)
	case hlo.IntKindOf(elem).IsBool():
		return arith.NewConstant(b, &ir.BoolAttr{Value: false}).Result(0)
	}
	return arith.NewConstant(b, ir.IntAttr(elem, 0)).Result(0)
}

// iota returns 0, 1, ..., n-1.
func iota(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
