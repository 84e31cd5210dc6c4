package lower

import (
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// LegalizeToLinalg is the `hlo-legalize-to-linalg` pass.
var LegalizeToLinalg = &ir.PassInfo{
	Name:    "hlo-legalize-to-linalg",
	Title:   "HloLegalizeToLinalg",
	Summary: "Lower hlo ops on tensors to linalg.generic, tensor and arith; broadcasts become indexing maps",
	Run:     runLegalizeToLinalg,
}

func init() { ir.RegisterPass(LegalizeToLinalg) }

func runLegalizeToLinalg(root *ir.Operation, _ ir.PassOptions) error {
	var work []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		if o.Dialect() == "hlo" {
			work = append(work, o)
		}
		return true
	})
	scalarizeShapeComputations(shapeComputations(work))
	for _, op := range work {
		if op.Block() == nil {
			continue // a shape computation, done above
		}
		if err := convertOp(op); err != nil {
			return err
		}
	}
	// Broadcasts whose consumers all read through indexing maps are dead;
	// those still used are materialized (something other than an
	// elementwise op consumes them).
	for i := len(work) - 1; i >= 0; i-- {
		op := work[i]
		if op.Block() == nil || !isBroadcast(op) {
			continue
		}
		if !op.Result(0).HasUses() {
			op.Erase()
			continue
		}
		if err := materializeBroadcast(op); err != nil {
			return err
		}
	}
	return nil
}

func isBroadcast(op *ir.Operation) bool {
	return op.Name() == "hlo.broadcast_in_dim" || op.Name() == "hlo.dynamic_broadcast_in_dim"
}

func isElementwise(op *ir.Operation) bool {
	if hlo.IsBroadcasting(op) || op.Name() == "hlo.convert" {
		return true
	}
	for _, u := range hlo.UnaryOps {
		if op.Name() == "hlo."+u.Name {
			return true
		}
	}
	return false
}

func convertOp(op *ir.Operation) error {
	switch {
	case isElementwise(op):
		return convertElementwise(op)
	case op.Name() == "hlo.constant":
		b := ir.Before(op)
		c := arith.NewConstant(b, op.Attr("value"))
		op.Result(0).ReplaceAllUsesWith(c.Result(0))
		op.Erase()
	default:
		if conv, ok := structuralConversions[op.Name()]; ok {
			return conv(op)
		}
	}
	return nil
}

// operandAccess is how a generic reads one operand: the value and its
// indexing map over the loop dims.
type operandAccess struct {
	value *ir.Value
	m     affine.Map
	// sizeDims[j] is true when operand dim j has the loop's size (it is
	// not a stretched 1), so tensor.dim of it gives the loop bound.
	sizeDims []bool
}

// accessFor reads v in a loop nest of rank loops, looking through a
// broadcast that produced v: the generic then reads the broadcast's
// operand directly through the broadcast's map, which is the point of
// this lowering (no copy of broadcast data is ever made).
//
// A dynamic broadcast with a could-be-1 dim has no one right map: the
// generic reads the broadcast's result as it is (identity map, and no
// loop bound taken from it, so the bounds come from the other operands or
// the broadcast's shape operand), the broadcast stays in place,
// unmaterialized, and linalg-version-broadcasts later gives each run-time
// pattern of those dims its own copy of the (fused) generic with static
// maps.
func accessFor(v *ir.Value, rank int) (operandAccess, error) {
	def := v.DefiningOp()
	if def != nil && isBroadcast(def) {
		if m, sizes, couldBe1, ok := BroadcastMap(def, nil); ok {
			if len(couldBe1) == 0 {
				return operandAccess{value: def.Operand(0), m: m, sizeDims: sizes}, nil
			}
			return operandAccess{value: v, m: affine.Identity(rank), sizeDims: make([]bool, rank)}, nil
		}
	}
	sizes := make([]bool, rank)
	for i := range sizes {
		sizes[i] = true
	}
	return operandAccess{value: v, m: affine.Identity(rank), sizeDims: sizes}, nil
}

// BroadcastMap returns the indexing map through which a loop nest over
// the result of a broadcast (hlo.broadcast_in_dim or
// hlo.dynamic_broadcast_in_dim) reads the broadcast's operand: operand dim
// i reads loop dim broadcast_dimensions[i] when it keeps its size, and
// the constant 0 when it is 1 (a 1 that stretches, or one that does not:
// index 0 is right either way). sizeDims[i] is true when operand dim i
// has the loop's size for every run-time size, so tensor.dim of it is a
// loop bound.
//
// couldBe1 lists, in increasing order, the could-be-1 operand dims: those
// of a dynamic broadcast that are dynamic and neither in
// known_expanding_dimensions nor in known_nonexpanding_dimensions, so
// that only the run-time size says whether they stretch. For each,
// the map reads 0 if one(i) (nil: never) and the loop dim otherwise, and
// sizeDims[i] is false. Both reads are right when the dim is respectively
// 1 and not 1 at run time; linalg-version-broadcasts picks by testing the
// size. ok is false for unranked types.
func BroadcastMap(op *ir.Operation, one func(dim int) bool) (m affine.Map, sizeDims []bool, couldBe1 []int, ok bool) {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	out, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || out == nil {
		return affine.Map{}, nil, nil, false
	}
	dims := hlo.I64s(op.Attr("broadcast_dimensions"))
	expanding := map[int64]bool{}
	nonExpanding := map[int64]bool{}
	for _, d := range hlo.I64s(op.Attr("known_expanding_dimensions")) {
		expanding[d] = true
	}
	for _, d := range hlo.I64s(op.Attr("known_nonexpanding_dimensions")) {
		nonExpanding[d] = true
	}
	results := make([]affine.Expr, len(dims))
	sizeDims = make([]bool, len(dims))
	for i, d := range dims {
		inSize, outSize := in.Shape()[i], out.Shape()[d]
		readsZero := false
		switch {
		case expanding[int64(i)]:
			readsZero = true
		case nonExpanding[int64(i)]:
			sizeDims[i] = true
		case inSize == 1:
			readsZero = outSize != 1
			sizeDims[i] = outSize == 1
		case inSize != ir.Dynamic:
			sizeDims[i] = true
		case op.Name() == "hlo.broadcast_in_dim":
			sizeDims[i] = true // a static broadcast never stretches a dynamic dim
		default:
			couldBe1 = append(couldBe1, i)
			readsZero = one != nil && one(i)
		}
		if readsZero {
			results[i] = affine.Const(0)
		} else {
			results[i] = affine.Dim(int(d))
		}
	}
	return affine.NewMap(out.Rank(), 0, results...), sizeDims, couldBe1, true
}

// loopSizes returns the dynamic loop bounds of a generic over result type
// rt: for each dynamic dim, tensor.dim of an operand that has the loop's
// size there, or an element of a dynamic broadcast's shape operand.
func loopSizes(b *ir.Builder, rt *ir.RankedTensorType, accesses []operandAccess, fallback []*ir.Value) []*ir.Value {
	var sizes []*ir.Value
	for d, s := range rt.Shape() {
		if s != ir.Dynamic {
			continue
		}
		var size *ir.Value
		for _, a := range accesses {
			for j, e := range a.m.Results {
				if pos, ok := a.m.DimPosition(j); ok && pos == d && a.sizeDims[j] && e != nil {
					size = tensorDim(b, a.value, j)
					break
				}
			}
			if size != nil {
				break
			}
		}
		if size == nil {
			for _, f := range fallback {
				if size = shapeElement(b, f, d); size != nil {
					break
				}
			}
		}
		sizes = append(sizes, size)
	}
	return sizes
}

func indexConst(b *ir.Builder, v int64) *ir.Value {
	return arith.NewConstant(b, ir.IntAttr(ir.Index, v)).Result(0)
}

func tensorDim(b *ir.Builder, t *ir.Value, d int) *ir.Value {
	return b.Create(&ir.OpState{Name: "tensor.dim", Operands: []*ir.Value{t, indexConst(b, int64(d))}, ResultTypes: []ir.Type{ir.Index}}).Result(0)
}

// shapeElement reads element d of a dynamic broadcast's shape operand
// (the broadcast result v's defining op) as an index.
func shapeElement(b *ir.Builder, v *ir.Value, d int) *ir.Value {
	def := v.DefiningOp()
	if def == nil || def.Name() != "hlo.dynamic_broadcast_in_dim" {
		return nil
	}
	shape := def.Operand(1)
	et := ir.ElementTypeOf(shape.Type())
	x := b.Create(&ir.OpState{Name: "tensor.extract", Operands: []*ir.Value{shape, indexConst(b, int64(d))}, ResultTypes: []ir.Type{et}}).Result(0)
	if et == ir.Index {
		return x
	}
	return b.Create(&ir.OpState{Name: "arith.index_cast", Operands: []*ir.Value{x}, ResultTypes: []ir.Type{ir.Index}}).Result(0)
}

func checkSignless(op *ir.Operation) error {
	for _, t := range append(op.OperandTypes(), op.ResultTypes()...) {
		if it, ok := ir.ElementTypeOf(t).(*ir.IntegerType); ok && it.Sign != ir.Signless {
			return op.Emit("has '%s' elements; only signless integers are lowered to linalg yet", it)
		}
	}
	return nil
}

// convertElementwise turns an elementwise hlo op whose operands have the
// result's shape into one all-parallel linalg.generic.
func convertElementwise(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	if err := checkSignless(op); err != nil {
		return err
	}
	for i, t := range op.OperandTypes() {
		st, _ := t.(*ir.RankedTensorType)
		if st == nil || !sameShapeModuloDynamic(st.Shape(), rt.Shape()) {
			return op.Emit("operand #%d has type '%s'; run hlo-legalize-broadcasts first so that every operand has the result's shape", i, t)
		}
	}
	rank := rt.Rank()
	accesses := make([]operandAccess, op.NumOperands())
	for i, v := range op.Operands() {
		a, err := accessFor(v, rank)
		if err != nil {
			return err
		}
		accesses[i] = a
	}
	b := ir.Before(op)
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: loopSizes(b, rt, accesses, op.Operands()), ResultTypes: []ir.Type{rt}}).Result(0)
	st := &ir.OpState{Name: "linalg.generic", Loc: op.Loc, ResultTypes: []ir.Type{rt}}
	maps := make([]affine.Map, 0, len(accesses)+1)
	for _, a := range accesses {
		st.Operands = append(st.Operands, a.value)
		maps = append(maps, a.m)
	}
	st.Operands = append(st.Operands, empty)
	maps = append(maps, affine.Identity(rank))
	iters := make([]string, rank)
	for i := range iters {
		iters[i] = linalg.Parallel
	}
	linalg.SetGenericAttrs(st, maps, iters, len(accesses), 1)
	body := ir.NewBlock()
	for _, a := range accesses {
		body.AddArg(ir.ElementTypeOf(a.value.Type()), op.Loc)
	}
	body.AddArg(rt.ElementType(), op.Loc)
	region := &ir.Region{}
	region.AddBlock(body)
	st.Regions = []*ir.Region{region}
	gen := b.Create(st)
	bb := ir.AtEnd(body)
	bb.Loc = op.Loc
	r, err := scalarBuilder{b: bb}.elementwise(op, body.Args()[:len(accesses)])
	if err != nil {
		gen.Erase()
		return err
	}
	bb.Create(&ir.OpState{Name: "linalg.yield", Operands: []*ir.Value{r}})
	op.Result(0).ReplaceAllUsesWith(gen.Result(0))
	op.Erase()
	return nil
}

func sameShapeModuloDynamic(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != ir.Dynamic && b[i] != ir.Dynamic {
			return false
		}
	}
	return true
}

// materializeBroadcast turns a broadcast that something other than an
// elementwise op reads into a generic copying through the broadcast map
// (the only place this lowering writes broadcast data: the user asked for
// the broadcast value itself).
//
// A broadcast with could-be-1 dims (see accessFor) stays in place for the
// generics that read it and for a could-be-1 broadcast of it (both are
// versioned by linalg-version-broadcasts); tensor.dim of it reads its
// shape operand instead; any other user gets a generic that copies its
// result with the identity map, which is versioned like any reader.
func materializeBroadcast(op *ir.Operation) error {
	m, sizes, couldBe1, ok := BroadcastMap(op, nil)
	if !ok {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if len(couldBe1) == 0 {
		b := ir.Before(op)
		acc := operandAccess{value: op.Operand(0), m: m, sizeDims: sizes}
		copied := genericCopy(b, op, rt, []*ir.Value{op.Operand(0)}, []affine.Map{m}, loopSizes(b, rt, []operandAccess{acc}, []*ir.Value{op.Result(0)}), nil)
		op.Result(0).ReplaceAllUsesWith(copied)
		op.Erase()
		return nil
	}
	r := op.Result(0)
	for _, u := range r.Users() {
		if u.Name() != "tensor.dim" || u.NumOperands() != 2 || u.Operand(0) != r {
			continue
		}
		if c, ok := ir.ConstantValue(u.Operand(1)).(*ir.IntegerAttr); ok {
			u.Result(0).ReplaceAllUsesWith(shapeElement(ir.Before(u), r, int(c.Value)))
			u.Erase()
		}
	}
	versioned := func(u *ir.OpOperand) bool {
		switch user := u.Owner(); user.Name() {
		case "linalg.generic":
			return u.Index() < linalg.NumInputs(user)
		case "hlo.dynamic_broadcast_in_dim":
			_, _, outer, _ := BroadcastMap(user, nil)
			return u.Index() == 0 && len(outer) > 0
		}
		return false
	}
	if !slices.ContainsFunc(r.Uses(), func(u *ir.OpOperand) bool { return !versioned(u) }) {
		return nil
	}
	b := ir.Before(op)
	b.SetInsertionPointAfter(op)
	id := affine.Identity(rt.Rank())
	acc := operandAccess{value: r, m: id, sizeDims: make([]bool, rt.Rank())}
	copied := genericCopy(b, op, rt, []*ir.Value{r}, []affine.Map{id}, loopSizes(b, rt, []operandAccess{acc}, []*ir.Value{r}), nil)
	r.ReplaceUsesIf(copied, func(u *ir.OpOperand) bool { return !versioned(u) })
	return nil
}
