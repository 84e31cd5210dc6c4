package lower

import (
	"encoding/binary"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// The linalg.generic builders every conversion shares: how a generic reads
// an operand (operandAccess: one loop dim or the constant 0 per operand
// dim), its loop bounds (loopSizes, sizeOfDim), the all-parallel generic
// with one init and its attributes, shared per access pattern
// (generic, genericAttrs, newGeneric), copies (genericCopy,
// genericInto), and small helpers.

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
		default:
			// A dynamic broadcast's size is its shape operand's element.
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
	case "linalg.generic", "tensor.empty":
		return true
	}
	return def.Def() == hlo.DynamicBroadcastInDim
}

func indexConst(b *ir.Builder, v int64) *ir.Value {
	return arith.NewConstant(b, ir.IntAttr(ir.Index, v)).Result(0)
}

func tensorDim(b *ir.Builder, t *ir.Value, d int) *ir.Value {
	return b.Create(&ir.OpState{Name: "tensor.dim", Operands: []*ir.Value{t, indexConst(b, int64(d))}, ResultTypes: []ir.Type{ir.Index}}).Result(0)
}

// checkSignlessIndices checks that the operands from first on (the start
// indices of a dynamic slice) have signless integer elements, for ops
// that only move the elements of the others, whatever their signedness.
func checkSignlessIndices(op *ir.Operation, first int) error {
	for i := first; i < op.NumOperands(); i++ {
		if it, ok := ir.ElementTypeOf(op.Operand(i).Type()).(*ir.IntegerType); ok && it.Sign != ir.Signless {
			return op.Emit("has '%s' start indices; only signless integer indices are lowered to linalg yet", it)
		}
	}
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

func parallel(n int) []string {
	its := make([]string, n)
	for i := range its {
		its[i] = linalg.Parallel
	}
	return its
}

// genericCopy builds a generic that writes, for every index of its
// result (of op's result type, with dyn its dynamic sizes), the element of
// src read through its access.
func (l *lowering) genericCopy(b *ir.Builder, op *ir.Operation, src operandAccess, dyn []*ir.Value) *ir.Value {
	empty := b.Create(&ir.OpState{Name: "tensor.empty", Operands: dyn, ResultTypes: []ir.Type{op.Result(0).Type()}}).Result(0)
	return l.genericInto(b, op, src, empty)
}

// genericInto is genericCopy writing into the tensor dest (of the
// result's type).
func (l *lowering) genericInto(b *ir.Builder, op *ir.Operation, src operandAccess, dest *ir.Value) *ir.Value {
	gen, body := l.generic(b, op, []operandAccess{src}, dest)
	yield(op, body, body.Arg(0))
	return gen.Result(0)
}

// bodyBuilder returns a builder at the end of a generic's body, locating
// ops at op.
func bodyBuilder(op *ir.Operation, body *ir.Block) *ir.Builder {
	bb := ir.AtEnd(body)
	bb.Loc = op.Loc
	return bb
}

// yield ends a generic's body with `linalg.yield v`.
func yield(op *ir.Operation, body *ir.Block, v *ir.Value) {
	bodyBuilder(op, body).Create(&ir.OpState{Name: "linalg.yield", Operands: []*ir.Value{v}})
}

func replace(op *ir.Operation, v *ir.Value) error {
	op.Result(0).ReplaceAllUsesWith(v)
	op.Erase()
	return nil
}

// dynamicSizes returns tensor.dim of src for the dynamic dims of rt, where
// result dim d has the size of src dim srcDim[d].
func dynamicSizes(b *ir.Builder, rt *ir.RankedTensorType, src *ir.Value, srcDim func(d int) int) []*ir.Value {
	var dyn []*ir.Value
	for d, s := range rt.Shape() {
		if s == ir.Dynamic {
			dyn = append(dyn, tensorDim(b, src, srcDim(d)))
		}
	}
	return dyn
}
