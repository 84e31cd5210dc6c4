package hlo

import (
	"fmt"
	"slices"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// Builders of the contractions. Each infers the result type (DotDims'
// ResultShape, the operands' element type), verifies the op as the
// verifier would and returns an error value, located at the op, for
// anything it rejects (dims out of range or repeated, paired dims of
// different sizes, operands of different element types); a nil builder
// or operand is an error too. Ops are located at the caller
// (funcdialect.CallerLoc).

// WithPrecision sets a contraction's precision_config: one of Precisions
// for lhs, then one for rhs (`precision = [DEFAULT, DEFAULT]`, as JAX
// exports it). It changes nothing the interpreter or the lowering
// compute.
func WithPrecision(lhs, rhs string) Option {
	return func(st *ir.OpState) { st.AddAttr("precision_config", precisionConfigAttr([]string{lhs, rhs})) }
}

// DotGeneral builds `hlo.dot_general` of lhs and rhs with the dimension
// numbers d; the result has the batch dims, then lhs's free dims, then
// rhs's (d.ResultShape), and the operands' element type:
//
//	%r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
func DotGeneral(b *ir.Builder, lhs, rhs *ir.Value, d DotDims, opts ...Option) (*ir.Value, error) {
	return buildContraction(b, lhs, rhs, d, funcdialect.CallerLoc(b), opts)
}

// Matmul builds x @ w as jnp.matmul exports it, an `hlo.dot_general`
// contracting x's last dim with w's second-to-last (its only dim when w
// is rank 1):
//
//   - x [..., m, k] and w [k, n]: x's leading dims are free dims, as
//     numpy broadcasts w over them (contracting_dims = [r-1] x [0]);
//   - x and w [b..., m, k] and [b..., k, n], of one rank: batch dims
//     (batching_dims = [0, ..] x [0, ..]);
//   - x [k] or w [k]: a vector product, whose dim is dropped from the
//     result, as numpy drops it.
//
// x of rank 2 with w of rank 3 or more (numpy broadcasts x over w's batch
// dims, which dot_general puts after x's free dims) and batch ranks that
// differ are an error: write them with DotGeneral and a transpose.
//
//	%r = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
func Matmul(b *ir.Builder, x, w *ir.Value, opts ...Option) (*ir.Value, error) {
	loc := funcdialect.CallerLoc(b)
	if err := checkArgs(b, DotGeneralOp.Name, x, w); err != nil {
		return nil, err
	}
	xt, wt := rankedTensor(x.Type()), rankedTensor(w.Type())
	var d DotDims
	if xt == nil || wt == nil || xt.Rank() == 0 || wt.Rank() == 0 {
		// Not a matrix product: the verifier's error on the dims of one.
		return buildContraction(b, x, w, MatmulDims(2), loc, opts)
	}
	r, s := int64(xt.Rank()), int64(wt.Rank())
	switch {
	case s == 1 || s == 2:
		d = DotDims{LhsContracting: []int64{r - 1}, RhsContracting: []int64{0}}
	case r == s:
		for i := range r - 2 {
			d.LhsBatching, d.RhsBatching = append(d.LhsBatching, i), append(d.RhsBatching, i)
		}
		d.LhsContracting, d.RhsContracting = []int64{r - 1}, []int64{s - 2}
	default:
		return nil, fmt.Errorf("%s: Matmul of '%s' and '%s': numpy broadcasts x over w's batch dims, which dot_general would put after x's free dims; use DotGeneral and Transpose", DotGeneralOp.Name, x.Type(), w.Type())
	}
	return buildContraction(b, x, w, d, loc, opts)
}

// buildContraction builds the dot_general of lhs and rhs with dims d,
// located at loc.
func buildContraction(b *ir.Builder, lhs, rhs *ir.Value, d DotDims, loc ir.Location, opts []Option) (*ir.Value, error) {
	name := DotGeneralOp.Name
	if err := checkArgs(b, name, lhs, rhs); err != nil {
		return nil, err
	}
	lt, rt := rankedTensor(lhs.Type()), rankedTensor(rhs.Type())
	d = DotDims{LhsBatching: slices.Clone(d.LhsBatching), RhsBatching: slices.Clone(d.RhsBatching),
		LhsContracting: slices.Clone(d.LhsContracting), RhsContracting: slices.Clone(d.RhsContracting)}
	// A result type for operands or dims that do not verify: the verifier
	// then says what is wrong with them.
	shape := []int64{}
	if lt != nil && rt != nil && dimsInRange(d.LhsBatching, lt.Rank()) && dimsInRange(d.LhsContracting, lt.Rank()) &&
		dimsInRange(d.RhsBatching, rt.Rank()) && dimsInRange(d.RhsContracting, rt.Rank()) {
		shape = d.ResultShape(lt.Shape(), rt.Shape())
	}
	elem := ir.ElementTypeOf(lhs.Type())
	if elem == nil {
		elem = lhs.Type()
	}
	st := &ir.OpState{Name: name, Operands: []*ir.Value{lhs, rhs}, Loc: loc,
		ResultTypes: []ir.Type{ir.RankedTensor(shape, elem)}}
	st.AddAttr("dot_dimension_numbers", d.Attr())
	for _, o := range opts {
		if o != nil {
			o(st)
		}
	}
	return create(b, st)
}

func dimsInRange(dims []int64, rank int) bool {
	for _, v := range dims {
		if v < 0 || int(v) >= rank {
			return false
		}
	}
	return true
}
