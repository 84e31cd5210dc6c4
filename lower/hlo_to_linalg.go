package lower

import (
	"encoding/binary"
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
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
	l := &lowering{generics: map[string]ir.Attrs{}}
	for _, op := range work {
		if op.Block() == nil {
			continue // a shape computation, done above
		}
		if err := l.convertOp(op); err != nil {
			return err
		}
	}
	// Sizes read from converted results (tensor.dim, as the run-time
	// checks of hlo-legalize-broadcasts read them) are read where they
	// were made, so they keep neither a producer from fusing nor a
	// broadcast from being folded into its readers' maps.
	root.Walk(func(o *ir.Operation) bool {
		if o.Name() != "tensor.dim" {
			return true
		}
		c, ok := ir.ConstantValue(o.Operand(1)).(*ir.IntegerAttr)
		if !ok || !producesSize(o.Operand(0)) {
			return true
		}
		b := ir.Before(o)
		if size := sizeOfDim(b, o.Operand(0), int(c.Value)); size != o.Result(0) {
			o.Result(0).ReplaceAllUsesWith(size)
			o.Erase()
		}
		return true
	})
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
		if err := l.materializeBroadcast(op); err != nil {
			return err
		}
	}
	return nil
}

// lowering is one run of the pass (over one function when the pass runs
// per function, as in the cpu pipeline; runs do not share it).
type lowering struct {
	// generics holds the attributes of the all-parallel generics built so
	// far, by their loop count and their inputs' reads (see genericAttrs):
	// attributes are immutable, so every generic reading its operands the
	// same way shares one indexing_maps array (decoded once by linalg's
	// readers) and one iterator_types array.
	generics map[string]ir.Attrs
	// Scratch space reused from op to op: the key being looked up, the
	// operand accesses of the op being converted and their reads and
	// sizeDims.
	key      []byte
	accesses []operandAccess
	reads    []int
	sized    []bool
}

func isBroadcast(op *ir.Operation) bool {
	return op.Name() == "hlo.broadcast_in_dim" || op.Name() == "hlo.dynamic_broadcast_in_dim"
}

func isElementwise(op *ir.Operation) bool {
	if hlo.IsBroadcasting(op) || op.Name() == "hlo.convert" {
		return true
	}
	name, ok := strings.CutPrefix(op.Name(), "hlo.")
	if !ok {
		return false
	}
	for _, u := range hlo.UnaryOps {
		if name == u.Name {
			return true
		}
	}
	return false
}

func (l *lowering) convertOp(op *ir.Operation) error {
	switch {
	case isElementwise(op):
		return l.convertElementwise(op)
	case isShapeAssertion(op):
		return lowerShapeAssertion(op)
	case op.Name() == "hlo.constant":
		b := ir.Before(op)
		c := arith.NewConstant(b, op.Attr("value"))
		op.Result(0).ReplaceAllUsesWith(c.Result(0))
		op.Erase()
	default:
		if conv, ok := structuralConversions[op.Name()]; ok {
			return conv(l, op)
		}
	}
	return nil
}

// operandAccess is how a generic reads one operand: the value and, for
// each of its dims, the loop dim whose index it reads (its indexing map
// is the projection `(d0, ..) -> (d<reads[0]>, ..)`, with the constant 0
// where reads is -1).
type operandAccess struct {
	value *ir.Value
	reads []int
	// sizeDims[j] is true when operand dim j has the loop's size (it is
	// not a stretched 1), so tensor.dim of it gives the loop bound.
	sizeDims []bool
}

// indexingMap is the access's indexing map in a loop nest of rank loops.
func (a operandAccess) indexingMap(rank int) affine.Map {
	results := make([]affine.Expr, len(a.reads))
	for j, d := range a.reads {
		if d < 0 {
			results[j] = affine.Const(0)
		} else {
			results[j] = affine.Dim(d)
		}
	}
	return affine.NewMap(rank, 0, results...)
}

// access returns an access of an operand of rank n whose reads and
// sizeDims are fresh parts of the scratch space (valid until the next
// op's accesses are made; see resetAccesses).
func (l *lowering) access(v *ir.Value, n int) operandAccess {
	if len(l.reads)+n > cap(l.reads) {
		// Earlier accesses keep the old arrays; only new ones use these.
		l.reads = make([]int, 0, 2*cap(l.reads)+n)
		l.sized = make([]bool, 0, 2*cap(l.sized)+n)
	}
	k := len(l.reads)
	l.reads, l.sized = l.reads[:k+n], l.sized[:k+n]
	return operandAccess{value: v, reads: l.reads[k : k+n : k+n], sizeDims: l.sized[k : k+n : k+n]}
}

// resetAccesses makes the scratch space of the previous op's accesses
// available again.
func (l *lowering) resetAccesses() {
	l.accesses, l.reads, l.sized = l.accesses[:0], l.reads[:0], l.sized[:0]
}

// identityAccess reads all of v, a tensor of rank rank, with the
// identity map; sized says whether its dims give the loop bounds.
func (l *lowering) identityAccess(v *ir.Value, rank int, sized bool) operandAccess {
	a := l.access(v, rank)
	for d := range a.reads {
		a.reads[d], a.sizeDims[d] = d, sized
	}
	return a
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
func (l *lowering) accessFor(v *ir.Value, rank int) operandAccess {
	if def := v.DefiningOp(); def != nil && isBroadcast(def) {
		if in, ok := def.Operand(0).Type().(*ir.RankedTensorType); ok {
			a := l.access(def.Operand(0), in.Rank())
			if couldBe1, ok := hlo.BroadcastReads(def, nil, a.reads, a.sizeDims); ok {
				if !couldBe1 {
					return a
				}
				return l.identityAccess(v, rank, false)
			}
		}
	}
	return l.identityAccess(v, rank, true)
}

// loopSizes returns the dynamic loop bounds of a generic over result type
// rt: for each dynamic dim, tensor.dim of an operand that has the loop's
// size there, or an element of a dynamic broadcast's shape operand.
func loopSizes(b *ir.Builder, rt *ir.RankedTensorType, accesses []operandAccess, fallback ...*ir.Value) []*ir.Value {
	var sizes []*ir.Value
	for d, s := range rt.Shape() {
		if s != ir.Dynamic {
			continue
		}
		var size *ir.Value
		for _, a := range accesses {
			for j, r := range a.reads {
				if r == d && a.sizeDims[j] {
					size = sizeOfDim(b, a.value, j)
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

// sizeOfDim returns the size of dim d of v, read where it was made: a
// generic's result has the size of the output it was computed into, and
// a tensor.empty's dynamic size is its operand. Reading it from the
// producer's result instead (tensor.dim) would count as a use of the
// producer, which keeps an expensive producer from fusing into its one
// consumer.
func sizeOfDim(b *ir.Builder, v *ir.Value, d int) *ir.Value {
	for {
		def := v.DefiningOp()
		if def == nil {
			break
		}
		switch def.Name() {
		case "linalg.generic":
			if init := linalg.TiedInit(def, v.Index()); init != nil {
				v = init
				continue
			}
		case "tensor.empty":
			if s := tensor.EmptySize(def, d); s != nil {
				return s
			}
		case "hlo.dynamic_broadcast_in_dim":
			if s := shapeElement(b, v, d); s != nil {
				return s
			}
		}
		break
	}
	return tensorDim(b, v, d)
}

// producesSize reports whether sizeOfDim reads a size of v elsewhere.
func producesSize(v *ir.Value) bool {
	def := v.DefiningOp()
	if def == nil {
		return false
	}
	switch def.Name() {
	case "linalg.generic", "tensor.empty", "hlo.dynamic_broadcast_in_dim":
		return true
	}
	return false
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
	check := func(t ir.Type) error {
		if it, ok := ir.ElementTypeOf(t).(*ir.IntegerType); ok && it.Sign != ir.Signless {
			return op.Emit("has '%s' elements; only signless integers are lowered to linalg yet", it)
		}
		return nil
	}
	for i := range op.NumOperands() {
		if err := check(op.Operand(i).Type()); err != nil {
			return err
		}
	}
	for _, r := range op.Results() {
		if err := check(r.Type()); err != nil {
			return err
		}
	}
	return nil
}

// convertElementwise turns an elementwise hlo op whose operands have the
// result's shape into one all-parallel linalg.generic.
func (l *lowering) convertElementwise(op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return op.Emit("needs a ranked result to be lowered to linalg")
	}
	if err := checkSignless(op); err != nil {
		return err
	}
	n := op.NumOperands()
	for i := range n {
		st, _ := op.Operand(i).Type().(*ir.RankedTensorType)
		if st == nil || !sameShapeModuloDynamic(st.Shape(), rt.Shape()) {
			return op.Emit("operand #%d has type '%s'; run hlo-legalize-broadcasts first so that every operand has the result's shape", i, op.Operand(i).Type())
		}
	}
	rank := rt.Rank()
	l.resetAccesses()
	for i := range n {
		l.accesses = append(l.accesses, l.accessFor(op.Operand(i), rank))
	}
	b := ir.Before(op)
	var dyn []*ir.Value
	if !rt.HasStaticShape() {
		dyn = loopSizes(b, rt, l.accesses, op.Operands()...)
	}
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{rt}}).Result(0)
	gen, body := l.generic(b, op, l.accesses, empty)
	bb := ir.AtEnd(body)
	bb.Loc = op.Loc
	r, err := scalarBuilder{b: bb}.elementwise(op, body.Args()[:n])
	if err != nil {
		gen.Erase()
		return err
	}
	bb.Create(&ir.OpState{Name: "linalg.yield", Operands: []*ir.Value{r}})
	op.Result(0).ReplaceAllUsesWith(gen.Result(0))
	op.Erase()
	return nil
}

// generic builds, at b, an all-parallel linalg.generic that reads ins
// through their accesses and writes into init (a tensor of the result's
// type, read with the identity map), with an empty body whose arguments
// are the element of each input and of init.
func (l *lowering) generic(b *ir.Builder, op *ir.Operation, ins []operandAccess, init *ir.Value) (*ir.Operation, *ir.Block) {
	operands := make([]*ir.Value, len(ins)+1)
	for i, a := range ins {
		operands[i] = a.value
	}
	operands[len(ins)] = init
	rt := init.Type().(*ir.RankedTensorType)
	return newGeneric(b, op, operands, l.genericAttrs(rt.Rank(), ins))
}

// genericAttrs returns (a copy of the list of) the attributes of an
// all-parallel generic over rank loops reading ins through their accesses
// and one init with the identity map, built once per distinct pattern.
func (l *lowering) genericAttrs(rank int, ins []operandAccess) ir.Attrs {
	key := binary.AppendUvarint(l.key[:0], uint64(rank))
	for _, a := range ins {
		key = binary.AppendUvarint(key, uint64(len(a.reads)))
		for _, d := range a.reads {
			key = binary.AppendVarint(key, int64(d))
		}
	}
	l.key = key
	attrs, ok := l.generics[string(key)]
	if !ok {
		maps := make([]affine.Map, len(ins)+1)
		for i, a := range ins {
			maps[i] = a.indexingMap(rank)
		}
		maps[len(ins)] = affine.Identity(rank)
		attrs = parallelGenericAttrs(maps, len(ins))
		l.generics[string(key)] = attrs
	}
	return attrs.Clone()
}

// parallelGenericAttrs returns the attributes of an all-parallel generic
// with the given indexing maps, the last of which is its one init's.
func parallelGenericAttrs(maps []affine.Map, nIns int) ir.Attrs {
	var st ir.OpState
	linalg.SetGenericAttrs(&st, maps, parallel(maps[nIns].NumDims), nIns, 1)
	return st.Attrs
}

// newGeneric creates, at b, a linalg.generic on operands (inputs, then
// one init) with attrs and an empty body whose arguments are the
// operands' elements, located at op.
func newGeneric(b *ir.Builder, op *ir.Operation, operands []*ir.Value, attrs ir.Attrs) (*ir.Operation, *ir.Block) {
	init := operands[len(operands)-1]
	gen := b.Create(&ir.OpState{Name: "linalg.generic", Loc: op.Loc, Operands: operands, ResultTypes: []ir.Type{init.Type()}, Attrs: attrs})
	body := gen.AddRegion(nil).AddBlock(nil)
	for _, v := range operands {
		body.AddArg(ir.ElementTypeOf(v.Type()), op.Loc)
	}
	return gen, body
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
func (l *lowering) materializeBroadcast(op *ir.Operation) error {
	in, _ := op.Operand(0).Type().(*ir.RankedTensorType)
	rt, _ := op.Result(0).Type().(*ir.RankedTensorType)
	if in == nil || rt == nil {
		return op.Emit("needs a ranked operand and result to be lowered to linalg")
	}
	l.resetAccesses()
	acc := l.access(op.Operand(0), in.Rank())
	couldBe1, _ := hlo.BroadcastReads(op, nil, acc.reads, acc.sizeDims)
	if !couldBe1 {
		b := ir.Before(op)
		copied := l.genericCopy(b, op, acc, loopSizes(b, rt, []operandAccess{acc}, op.Result(0)))
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
			_, _, outer, _ := hlo.BroadcastMap(user, nil)
			return u.Index() == 0 && len(outer) > 0
		}
		return false
	}
	if !slices.ContainsFunc(r.Uses(), func(u *ir.OpOperand) bool { return !versioned(u) }) {
		return nil
	}
	b := ir.Before(op)
	b.SetInsertionPointAfter(op)
	id := l.identityAccess(r, rt.Rank(), false)
	copied := l.genericCopy(b, op, id, loopSizes(b, rt, []operandAccess{id}, r))
	r.ReplaceUsesIf(copied, func(u *ir.OpOperand) bool { return !versioned(u) })
	return nil
}
