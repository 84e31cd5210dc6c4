package shape

import (
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file is the Go API for building shape ops. Each function creates
// one op at b's insertion point and returns its result.

// NewShapeOf builds `shape.shape_of x`; x must be a ranked tensor.
func NewShapeOf(b *ir.Builder, x *ir.Value) *ir.Value {
	rt := x.Type().(*ir.RankedTensorType)
	return b.CreateOp("shape.shape_of", []*ir.Value{x}, []ir.Type{ExtentTensor(int64(rt.Rank()))}).Result(0)
}

// NewConstShape builds `shape.const_shape [extents]`.
func NewConstShape(b *ir.Builder, extents []int64) *ir.Value {
	a := extentsAttr(extents)
	return b.CreateOp("shape.const_shape", nil, []ir.Type{a.Type}, ir.NamedAttr{Name: "shape", Value: a}).Result(0)
}

// NewBroadcast builds `shape.broadcast shapes` with a result of rank
// extents (ir.Dynamic: `tensor<?xindex>`).
func NewBroadcast(b *ir.Builder, shapes []*ir.Value, rank int64) *ir.Value {
	return b.CreateOp("shape.broadcast", shapes, []ir.Type{ExtentTensor(rank)}).Result(0)
}

// NewGetExtent builds `shape.get_extent s, dim`.
func NewGetExtent(b *ir.Builder, s, dim *ir.Value) *ir.Value {
	return b.CreateOp("shape.get_extent", []*ir.Value{s, dim}, []ir.Type{ir.Index}).Result(0)
}

// NewFromExtents builds `shape.from_extents extents`, a `!shape.shape`.
func NewFromExtents(b *ir.Builder, extents []*ir.Value) *ir.Value {
	return b.CreateOp("shape.from_extents", extents, []ir.Type{ShapeType}).Result(0)
}

// NewToExtentTensor builds `shape.to_extent_tensor s` with n extents.
func NewToExtentTensor(b *ir.Builder, s *ir.Value, n int64) *ir.Value {
	return b.CreateOp("shape.to_extent_tensor", []*ir.Value{s}, []ir.Type{ExtentTensor(n)}).Result(0)
}

// NewExtentTensorFromElements builds the extent tensor of the index
// values extents, `tensor.from_elements extents : tensor<Nxindex>`: the
// form of a shape made of sizes that MLIR's bufferization and lowering
// accept, where shape.from_extents' `!shape.shape` is not lowered.
func NewExtentTensorFromElements(b *ir.Builder, extents []*ir.Value) *ir.Value {
	return b.CreateOp("tensor.from_elements", extents, []ir.Type{ExtentTensor(int64(len(extents)))}).Result(0)
}

// NewCstrBroadcastable builds `shape.cstr_broadcastable shapes` (at least two).
func NewCstrBroadcastable(b *ir.Builder, shapes []*ir.Value) *ir.Value {
	return b.CreateOp("shape.cstr_broadcastable", shapes, []ir.Type{Witness}).Result(0)
}

// NewCstrEq builds `shape.cstr_eq shapes`.
func NewCstrEq(b *ir.Builder, shapes []*ir.Value) *ir.Value {
	return b.CreateOp("shape.cstr_eq", shapes, []ir.Type{Witness}).Result(0)
}

// NewCstrRequire builds `shape.cstr_require cond, "msg"`.
func NewCstrRequire(b *ir.Builder, cond *ir.Value, msg string) *ir.Value {
	return b.CreateOp("shape.cstr_require", []*ir.Value{cond}, []ir.Type{Witness}, ir.NamedAttr{Name: "msg", Value: ir.Str(msg)}).Result(0)
}

// NewConstWitness builds `shape.const_witness true|false`.
func NewConstWitness(b *ir.Builder, pass bool) *ir.Value {
	return b.CreateOp("shape.const_witness", nil, []ir.Type{Witness}, ir.NamedAttr{Name: "passing", Value: &ir.BoolAttr{Value: pass}}).Result(0)
}

// NewAssumingAll combines witnesses with `shape.assuming_all`; a single
// witness is returned as is.
func NewAssumingAll(b *ir.Builder, witnesses []*ir.Value) *ir.Value {
	if len(witnesses) == 1 {
		return witnesses[0]
	}
	return b.CreateOp("shape.assuming_all", witnesses, []ir.Type{Witness}).Result(0)
}

// NewAssuming builds `shape.assuming w -> (results)` with an empty body
// block and returns the op and a builder at the end of that block; the
// caller fills the body and ends it with NewAssumingYield.
func NewAssuming(b *ir.Builder, w *ir.Value, results []ir.Type) (*ir.Operation, *ir.Builder) {
	op := b.CreateOp("shape.assuming", []*ir.Value{w}, results)
	body := op.AddRegion(nil).AddBlock(nil)
	inner := ir.AtEnd(body)
	inner.Loc = op.Loc
	return op, inner
}

// NewAssumingYield builds `shape.assuming_yield vals`.
func NewAssumingYield(b *ir.Builder, vals []*ir.Value) *ir.Operation {
	return b.CreateOp("shape.assuming_yield", vals, nil)
}
