package transforms

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// buildIndexed is the fallback past the version bound: one generic that
// reads each could-be-1 broadcast's operand with tensor.extract, at an
// index that is 0 along a dim whose run-time size is 1 and the loop index
// otherwise (stride 0 for a stretched dim, in effect). It is correct for
// every run-time pattern and copies nothing; the reads are gathers, so it
// is slower than a version with static maps, which is why versions come
// first.
func (vg *versionedGeneric) buildIndexed() bool {
	g := vg.op
	b := ir.Before(g)
	consts := indexConstants(b)
	zero := consts(0) // before the generic: its body will use it
	conds := make([]*ir.Value, len(vg.bits))
	for i, bit := range vg.bits {
		size := dimSize(b, consts, bit.value, bit.dim)
		conds[i] = b.CreateOp("arith.cmpi", []*ir.Value{size, consts(1)}, []ir.Type{ir.I1},
			ir.NamedAttr{Name: "predicate", Value: ir.I64Attr(0)}).Result(0) // eq
	}
	// Each versioned input's operand dims as loop-dim expressions (dims that
	// stretch statically are constant 0; could-be-1 dims are read as if
	// they did not stretch, and selected at run time below).
	type read struct {
		in   versionedInput
		m    affine.Map
		cond []*ir.Value
	}
	removed := map[int]read{}
	for _, in := range vg.inputs {
		bm, _, _, ok := hlo.BroadcastMap(in.broadcast, func(int) bool { return false })
		if !ok {
			return false
		}
		m := bm.Compose(vg.maps[in.index])
		for _, e := range m.Results {
			if _, isDim := e.(affine.DimExpr); !isDim {
				if c, isConst := e.(affine.ConstantExpr); !isConst || c.Value != 0 {
					return false
				}
			}
		}
		r := read{in: in, m: m, cond: make([]*ir.Value, len(in.bits))}
		for d, bit := range in.bits {
			if bit >= 0 {
				r.cond[d] = conds[bit]
			}
		}
		removed[in.index] = r
	}
	// The generic is rewritten in place.
	c := g
	body := linalg.Body(c)
	nIns := linalg.NumInputs(c)
	var operands []*ir.Value
	var maps []ir.Attribute
	var kept []affine.Map
	for i, v := range c.Operands() {
		if _, gone := removed[i]; gone {
			continue
		}
		operands = append(operands, v)
		maps = append(maps, &ir.AffineMapAttr{Map: vg.maps[i]})
		kept = append(kept, vg.maps[i])
	}
	// A reduction loop that only the removed inputs sized is sized by
	// an i8 tensor.empty read as one more input (loopSizer).
	sizer := vg.sizerFor(b, consts, kept)
	bb := ir.NewBuilder()
	bb.SetInsertionPointToStart(body)
	bb.Loc = g.Loc
	loopIndex := map[int]*ir.Value{}
	index := func(d int) *ir.Value {
		if v, ok := loopIndex[d]; ok {
			return v
		}
		v := linalg.NewIndex(bb, d)
		loopIndex[d] = v
		return v
	}
	// Replace the removed inputs' block arguments, last first so the
	// argument numbers of the others stay valid.
	for i := nIns - 1; i >= 0; i-- {
		r, gone := removed[i]
		if !gone {
			continue
		}
		src := r.in.broadcast.Operand(0)
		idx := []*ir.Value{src}
		for d, e := range r.m.Results {
			var x *ir.Value
			if de, isDim := e.(affine.DimExpr); isDim {
				x = index(de.Position)
			} else {
				x = zero
			}
			if r.cond[d] != nil {
				x = bb.CreateOp("arith.select", []*ir.Value{r.cond[d], zero, x}, []ir.Type{ir.Index}).Result(0)
			}
			idx = append(idx, x)
		}
		et := src.Type().(ir.ShapedType).ElementType()
		v := bb.CreateOp("tensor.extract", idx, []ir.Type{et}).Result(0)
		body.Arg(i).ReplaceAllUsesWith(v)
		body.EraseArg(i)
	}
	c.SetOperands(operands)
	c.SetAttr("indexing_maps", &ir.ArrayAttr{Elems: maps})
	c.SetAttr("operandSegmentSizes", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(nIns - len(removed)), int64(len(operands) - (nIns - len(removed)))}})
	if sizer != nil {
		vg.op = withSizingInput(c, sizer, vg.sizerMap)
	}
	return true
}
