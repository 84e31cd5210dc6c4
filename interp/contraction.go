package interp

import (
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The contractions, hlo.dot_general and hlo.dot (a dot_general of
// hlo.MatmulDims): each result element is a sum of products, computed in
// a fixed order with the element functions of hlo.multiply and hlo.add,
// each product and each sum rounded to the result's element type (the
// discipline of every float op here, doc.go's Element semantics):
//
//	acc = 0
//	for each contracting index k, in row-major order: acc = acc + lhs[..k..] * rhs[..k..]
//	result = acc
//
// The contracting index runs over the contracting dims as the dimension
// numbers list them (lhs_contracting_dimensions[0] outermost, the last
// one fastest), which is the order of the reduction loops hlo-legalize-
// to-linalg gives the generic (lower/contraction.go): the interpreter
// computes the same bits before and after lowering. Starting from 0 is
// StableHLO's definition (a reduce of the products from 0), so a sum of
// -0 products is +0, and an empty contracting dim gives 0. Integers wrap;
// i1 multiplies with and and adds with or (hlo.multiply's and hlo.add's
// functions on i1); complex elements with hlo.multiply's and hlo.add's
// complex functions, each product and sum rounded part by part. A result element type wider than the operands'
// (dialects/hlo's ContractsInto) computes in the result's type; the
// operands' values convert to it exactly, so they are read as they are.
// precision_config and algorithm change nothing.

func init() { registerOps(hloDotGeneral, hlo.DotGeneralOp, hlo.DotOp) }

// binaryEntry returns hlo's table entry of the binary op def.
func binaryEntry(def *ir.OpDef) *hlo.BinaryOp {
	for _, b := range hlo.BinaryOps {
		if b.Def == def {
			return b
		}
	}
	panic("interp: no binary op " + def.Name)
}

var (
	contractionMul = binaryEntry(hlo.MultiplyOp)
	contractionAdd = binaryEntry(hlo.AddOp)
)

func hloDotGeneral(_ *evaluator, op *ir.Operation, in []value) ([]value, error) {
	ts, err := tensors(op, in)
	if err != nil {
		return nil, err
	}
	lhs, rhs := ts[0], ts[1]
	d, ok := hlo.DotDimsOf(op)
	if !ok {
		return nil, op.Emit("has dimension numbers the interpreter cannot read")
	}
	if err := checkDotDims(op, d, lhs.shape, rhs.shape); err != nil {
		return nil, err
	}
	if lhs.elem != rhs.elem {
		return nil, op.Emit("operands have different element types %s and %s", lhs.elem, rhs.elem)
	}
	elem := resultElem(op, 0)
	k, err := kindOf(elem)
	if err != nil {
		return nil, op.Emit("%v", err)
	}
	if lk, _ := kindOf(lhs.elem); lk.float != k.float || lk.complex != k.complex {
		return nil, op.Emit("cannot contract %s elements into %s", lhs.elem, elem)
	}
	out := newTensor(elem, k, d.ResultShape(lhs.shape, rhs.shape))
	ls, rs := rowMajorStrides(lhs.shape), rowMajorStrides(rhs.shape)

	// The result's dims (batch, lhs free, rhs free) and how far each
	// moves the lhs and rhs offsets; the contracting dims' offset pairs,
	// in the order of the sum.
	var outL, outR []int
	for i, ld := range d.LhsBatching {
		outL, outR = append(outL, ls[ld]), append(outR, rs[d.RhsBatching[i]])
	}
	for _, f := range d.LhsFree(len(lhs.shape)) {
		outL, outR = append(outL, ls[f]), append(outR, 0)
	}
	for _, f := range d.RhsFree(len(rhs.shape)) {
		outL, outR = append(outL, 0), append(outR, rs[f])
	}
	var kSizes []int64
	var kL, kR []int
	for i, ld := range d.LhsContracting {
		kSizes = append(kSizes, lhs.shape[ld])
		kL, kR = append(kL, ls[ld]), append(kR, rs[d.RhsContracting[i]])
	}
	var terms [][2]int
	walkPairs(kSizes, kL, kR, func(lo, ro int) { terms = append(terms, [2]int{lo, ro}) })

	pos := 0
	if k.complex {
		mul, add := contractionMul.Eval.Complex, contractionAdd.Eval.Complex
		walkPairs(out.shape, outL, outR, func(lb, rb int) {
			var acc complex128
			for _, t := range terms {
				acc = hlo.RoundComplex(add(acc, hlo.RoundComplex(mul(lhs.c[lb+t[0]], rhs.c[rb+t[1]]), k.fk)), k.fk)
			}
			out.c[pos] = acc
			pos++
		})
		return one(out), nil
	}
	if k.float {
		mul, add := contractionMul.Eval.Float, contractionAdd.Eval.Float
		walkPairs(out.shape, outL, outR, func(lb, rb int) {
			acc := 0.0
			for _, t := range terms {
				acc = k.round(add(acc, k.round(mul(lhs.f[lb+t[0]], rhs.f[rb+t[1]]))))
			}
			out.f[pos] = acc
			pos++
		})
		return one(out), nil
	}
	ik := k.intKind()
	mul, add := contractionMul.Eval.Int(ik), contractionAdd.Eval.Int(ik)
	walkPairs(out.shape, outL, outR, func(lb, rb int) {
		var acc int64
		for _, t := range terms {
			acc = k.wrap(add(acc, k.wrap(mul(lhs.i[lb+t[0]], rhs.i[rb+t[1]], ik)), ik))
		}
		out.i[pos] = acc
		pos++
	})
	return one(out), nil
}

// checkDotDims checks the dimension numbers against the run-time shapes:
// in range, and paired dims of one size (a dynamic dim is only known
// here).
func checkDotDims(op *ir.Operation, d hlo.DotDims, lhs, rhs []int64) error {
	if len(d.LhsBatching) != len(d.RhsBatching) || len(d.LhsContracting) != len(d.RhsContracting) {
		return op.Emit("has unpaired dimension numbers")
	}
	for _, pair := range []struct {
		kind     string
		lhs, rhs []int64
	}{{"batching", d.LhsBatching, d.RhsBatching}, {"contracting", d.LhsContracting, d.RhsContracting}} {
		for i := range pair.lhs {
			l, r := pair.lhs[i], pair.rhs[i]
			if l < 0 || int(l) >= len(lhs) || r < 0 || int(r) >= len(rhs) {
				return op.Emit("%s dims pair %d (lhs dim %d, rhs dim %d) is out of range for run-time shapes %s and %s", pair.kind, i, l, r, ir.FormatShape(lhs), ir.FormatShape(rhs))
			}
			if lhs[l] != rhs[r] {
				return op.Emit("%s dims pair %d: lhs dim %d has run-time size %d but rhs dim %d has %d", pair.kind, i, l, lhs[l], r, rhs[r])
			}
		}
	}
	return nil
}

// walkPairs calls fn with two flat offsets, Σ idx[d]*ls[d] and
// Σ idx[d]*rs[d], for every index idx of the index space sizes, in
// row-major order (once for no dims, never for an empty one).
func walkPairs(sizes []int64, ls, rs []int, fn func(lo, ro int)) {
	if numElements(sizes) == 0 {
		return
	}
	idx := make([]int64, len(sizes))
	lo, ro := 0, 0
	for {
		fn(lo, ro)
		d := len(sizes) - 1
		for ; d >= 0; d-- {
			idx[d]++
			lo, ro = lo+ls[d], ro+rs[d]
			if idx[d] < sizes[d] {
				break
			}
			lo, ro = lo-ls[d]*int(sizes[d]), ro-rs[d]*int(sizes[d])
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}
