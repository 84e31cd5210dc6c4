package lower

import (
	"github.com/bcast-opt/bcast-opt/dialects/arith"
	complexdialect "github.com/bcast-opt/bcast-opt/dialects/complex"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// Reductions: hlo.reduce becomes one linalg.generic in MLIR's form
// (stablehlo-legalize-to-linalg's): a `parallel` loop per kept dim and a
// `reduction` loop per reduced dim, in the inputs' dim order; the inputs
// read with the identity map (or through the broadcast that produced
// them, as every generic here reads, accessFor); each result an out,
// `linalg.fill` of its init value into a tensor.empty of the result's
// shape, read through the projection that drops the reduced dims; and the
// body the reducer converted to scalar arith and math (reduction_body.go).
//
//	%0 = hlo.reduce(%x init: %c) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
//
// becomes
//
//	%cst = arith.constant 0.000000e+00 : f32
//	%0 = tensor.empty() : tensor<4xf32>
//	%1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
//	%2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
//	    iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) {
//	^bb0(%in: f32, %out: f32):
//	  %3 = arith.addf %out, %in : f32
//	  linalg.yield %3 : f32
//	} -> tensor<4xf32>
//
// The generic's body arguments are the inputs' elements then the
// accumulators (linalg's order); the reducer's are the accumulators then
// the inputs' elements (StableHLO's, hlo.ReduceOp): the conversion maps
// reducer argument k to the generic's argument N+k and N+k to k. Each
// result element then folds the reducer over the reduced elements in
// row-major order of the reduced dims, the accumulator first, which is
// what the interpreter computes for hlo.reduce (interp/reduction.go) and
// what XLA's reducer calls are: jnp.argmax's body (keep the accumulator if
// greater or NaN, the smaller index among equals) gives the first maximum,
// or the first NaN. A multi-input reduce (argmax: the values and an iota)
// is one generic with several outs and results; the iota, a generic on
// linalg.index, is an elementwise producer that
// linalg-fuse-elementwise-ops fuses into the reduction.
//
// The init value is a scalar constant when it is one, else tensor.extract
// of it. Dynamic result dims take their sizes from the inputs (sizeOfDim,
// a could-be-1 broadcast's shape operand). A reduction loop must be sized
// by an input that reads it as a plain dim: an input read through a
// broadcast that stretches that dim is read whole instead (the broadcast
// is materialized, finishBroadcasts). A broadcast with could-be-1 dims is
// read as it is, as by every generic, and left to
// linalg-version-broadcasts: in its versions where such a reduced dim is
// 1, the reduction's loop must keep its size (the broadcast's shape
// operand); elementwise generics do not have the problem, as their outs
// size every loop.
//
// A reduce over no dims is the reducer applied once to each element and
// the init value: an all-parallel generic reading the init values as
// rank-0 inputs (no fill). A reduction over all dims has a rank-0 result;
// an empty reduced dim leaves the fill, the init value. hlo.reduce_window
// is reduction_window.go's.

func init() {
	registerConversions(map[*ir.OpDef]conversion{
		hlo.ReduceOp:       (*lowering).convertReduce,
		hlo.ReduceWindowOp: (*lowering).convertReduceWindow,
	})
}

// convertReduce turns hlo.reduce into one linalg.generic.
//
// Signed and unsigned integers are reduced on their signless views (the
// reducer's scalar lowering reads its ops' own types to choose unsigned
// compares and maxima), and the results viewed back (replaceReduction).
func (l *lowering) convertReduce(op *ir.Operation) error {
	n := op.NumOperands() / 2
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	if in == nil {
		return op.Emit("needs ranked inputs to be lowered to linalg")
	}
	rank := in.Rank()
	reduced := make([]bool, rank)
	for _, d := range hlo.ReduceDims(op) {
		reduced[d] = true
	}
	var kept []int
	iterators := make([]string, rank)
	for d := range rank {
		iterators[d] = linalg.Reduction
		if !reduced[d] {
			kept = append(kept, d)
			iterators[d] = linalg.Parallel
		}
	}
	b := ir.Before(op)
	l.resetAccesses()
	for k := range n {
		l.accesses = append(l.accesses, l.accessFor(op.Operand(k), rank))
	}
	for d := range rank {
		if reduced[d] && !l.sizesLoop(d) {
			l.accesses[0] = l.sizedRead(op.Operand(0), rank)
		}
	}
	for k := range l.accesses {
		l.accesses[k].value = signlessView(b, l.accesses[k].value)
	}
	if len(kept) == rank {
		return l.reduceOnce(b, op, rank)
	}
	maps := make([]affine.Map, 0, 2*n)
	operands := make([]*ir.Value, 0, 2*n)
	for _, a := range l.accesses {
		maps = append(maps, a.indexingMap(rank))
		operands = append(operands, a.value)
	}
	outMap := projection(rank, kept)
	for k := range n {
		rt, ok := op.Result(k).Type().(*ir.RankedTensorType)
		if !ok {
			return op.Emit("needs ranked results to be lowered to linalg")
		}
		init := scalarOf(b, op.Operand(n+k))
		var dyn []*ir.Value
		for i, s := range rt.Shape() {
			if s == ir.Dynamic {
				dyn = append(dyn, l.loopSize(b, kept[i], op.Operands()[:n]))
			}
		}
		empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{signlessType(rt)}, Loc: op.Loc}).Result(0)
		fill := linalg.NewFill(b, init, empty, op.Loc)
		operands = append(operands, fill.Result(0))
		maps = append(maps, outMap)
	}
	gen, body := newReductionGeneric(b, op, operands, maps, iterators, n)
	args := body.Args()
	// The reducer's arguments: the accumulators (the generic's outs),
	// then the elements (its ins).
	vals, err := l.convertReducerBody(op, ir.Before(gen), bodyBuilder(op, body), append(append([]*ir.Value{}, args[n:]...), args[:n]...))
	if err != nil {
		return err
	}
	bodyBuilder(op, body).Create(&ir.OpState{Name: linalg.Yield.Name, Operands: vals})
	return replaceReduction(op, gen.Results())
}

// reduceOnce lowers a reduce over no dims: each result element is the
// reducer of the init values and the inputs' elements, an all-parallel
// generic reading the init values as rank-0 inputs into tensor.empty.
func (l *lowering) reduceOnce(b *ir.Builder, op *ir.Operation, rank int) error {
	n := op.NumOperands() / 2
	operands := make([]*ir.Value, 0, 3*n)
	maps := make([]affine.Map, 0, 3*n)
	for _, a := range l.accesses {
		operands = append(operands, a.value)
		maps = append(maps, a.indexingMap(rank))
	}
	scalar := affine.NewMap(rank, 0)
	for k := range n {
		operands = append(operands, signlessView(b, op.Operand(n+k)))
		maps = append(maps, scalar)
	}
	for k := range n {
		rt, ok := op.Result(k).Type().(*ir.RankedTensorType)
		if !ok {
			return op.Emit("needs ranked results to be lowered to linalg")
		}
		var dyn []*ir.Value
		for d, s := range rt.Shape() {
			if s == ir.Dynamic {
				dyn = append(dyn, l.loopSize(b, d, op.Operands()[:n]))
			}
		}
		operands = append(operands, b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{signlessType(rt)}, Loc: op.Loc}).Result(0))
		maps = append(maps, affine.Identity(rank))
	}
	gen, body := newReductionGeneric(b, op, operands, maps, parallel(rank), 2*n)
	args := body.Args()
	vals, err := l.convertReducerBody(op, ir.Before(gen), bodyBuilder(op, body), append(append([]*ir.Value{}, args[n:2*n]...), args[:n]...))
	if err != nil {
		return err
	}
	bodyBuilder(op, body).Create(&ir.OpState{Name: linalg.Yield.Name, Operands: vals})
	return replaceReduction(op, gen.Results())
}

// sizesLoop reports whether one of the current accesses reads loop d as a
// plain dim of the loop's size.
func (l *lowering) sizesLoop(d int) bool {
	for _, a := range l.accesses {
		for j, r := range a.reads {
			if r == d && a.sizeDims[j] {
				return true
			}
		}
	}
	return false
}

// loopSize returns the size of loop d of a reduction over inputs (of the
// loops' rank): tensor.dim of an access that reads d as a plain dim of
// the loop's size, else an element of a could-be-1 broadcast's shape
// operand, else tensor.dim of the first input.
func (l *lowering) loopSize(b *ir.Builder, d int, inputs []*ir.Value) *ir.Value {
	for _, a := range l.accesses {
		for j, r := range a.reads {
			if r == d && a.sizeDims[j] {
				return sizeOfDim(b, a.value, j)
			}
		}
	}
	for _, x := range inputs {
		if s := shapeElement(b, x, d); s != nil {
			return s
		}
	}
	return tensorDim(b, inputs[0], d)
}

// sizedRead returns an identity access of v (of rank rank) that sizes
// every loop. A broadcast's result read so is materialized by
// finishBroadcasts; a broadcast with could-be-1 dims stays as it is, left
// to linalg-version-broadcasts, whose versions must then keep sizing the
// reduction's loops (its sizes are its shape operand's, sizeOfDim).
func (l *lowering) sizedRead(v *ir.Value, rank int) operandAccess {
	return l.identityAccess(v, rank, true)
}

// projection is the map from rank loops to the loops dims, in order.
func projection(rank int, dims []int) affine.Map {
	res := make([]affine.Expr, len(dims))
	for i, d := range dims {
		res[i] = affine.Dim(d)
	}
	return affine.NewMap(rank, 0, res...)
}

// scalarOf returns the element of v, a rank-0 tensor, at b: a scalar
// arith.constant when v is a constant, else tensor.extract; signed and
// unsigned integers give their signless scalar, as arith takes them.
func scalarOf(b *ir.Builder, v *ir.Value) *ir.Value {
	if d, ok := ir.ConstantValue(v).(*ir.DenseElementsAttr); ok && d.NumElements() == 1 {
		return scalarConstant(b, d)
	}
	v = signlessView(b, v)
	if d, ok := ir.ConstantValue(v).(*ir.DenseElementsAttr); ok && d.NumElements() == 1 {
		return scalarConstant(b, d) // a constant already lowered, viewed
	}
	return b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{ir.ElementTypeOf(v.Type())}}).Result(0)
}

// scalarConstant is the arith.constant of d's one element, signless for
// signed and unsigned integers (the same bits), or the complex.constant of
// a complex element.
func scalarConstant(b *ir.Builder, d *ir.DenseElementsAttr) *ir.Value {
	if ct, ok := d.Type.ElementType().(*ir.ComplexType); ok {
		return complexdialect.NewConstant(b, ct, d.ComplexAt(0))
	}
	a := d.ElementAttr(0)
	if ia, ok := a.(*ir.IntegerAttr); ok {
		if it, ok := ia.Type.(*ir.IntegerType); ok && it.Sign != ir.Signless {
			a = &ir.IntegerAttr{Type: ir.Integer(it.Width, ir.Signless), Value: ia.Value}
		}
	}
	return arith.NewConstant(b, a).Result(0)
}

// newReductionGeneric creates, at b, a linalg.generic located at op on
// operands (nIns inputs, then the outs, whose types are its results')
// with the given maps and iterators, and an empty body whose arguments
// are the operands' elements.
func newReductionGeneric(b *ir.Builder, op *ir.Operation, operands []*ir.Value, maps []affine.Map, iterators []string, nIns int) (*ir.Operation, *ir.Block) {
	results := make([]ir.Type, 0, len(operands)-nIns)
	for _, v := range operands[nIns:] {
		results = append(results, v.Type())
	}
	st := &ir.OpState{Name: linalg.Generic.Name, Loc: op.Loc, Operands: operands, ResultTypes: results}
	linalg.SetGenericAttrs(st, maps, iterators, nIns, len(results))
	gen := b.Create(st)
	body := gen.AddRegion(nil).AddBlock(nil)
	for _, v := range operands {
		body.AddArg(ir.ElementTypeOf(v.Type()), op.Loc)
	}
	return gen, body
}

// replaceReduction replaces op's results by vals and erases op with its
// body (whose hlo ops the pass then skips: they are no longer in a
// block).
func replaceReduction(op *ir.Operation, vals []*ir.Value) error {
	for k, r := range op.Results() {
		v := vals[k]
		if v.Type() != r.Type() {
			// The signless view of a signed or unsigned result.
			v = bitcastTensor(ir.Before(op), v, r.Type())
		}
		r.ReplaceAllUsesWith(v)
	}
	for _, r := range op.Regions() {
		for _, blk := range r.Blocks() {
			for o := blk.Last(); o != nil; {
				prev := o.Prev()
				o.Erase()
				o = prev
			}
		}
	}
	op.Erase()
	return nil
}
