package llvm

import (
	"math"
	"slices"
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file owns the division of a vector body by a loop-invariant
// divisor: softmax's e / sum(e), a mean's x / n, attention's scores by
// their row sums. A vector fdiv is slow (an AVX-512 vdivps of 16 floats
// issues once per 5 to 10 cycles, against two multiply-adds per cycle),
// and a loop of them is bound by it; a multiplication by the divisor's
// reciprocal is fast but rounds twice. With a fused multiply-add the
// quotient is still exact: for y = RN(1/b) and q0 = RN(a*y), which is
// within an ulp of a/b, the remainder r = a - b*q0 is a float and the
// fused multiply-add computes it exactly, and q1 = RN(q0 + r*y) is RN(a/b)
// (Markstein's theorem, for binary floating point with round to nearest;
// Muller et al., Handbook of Floating-Point Arithmetic, on division with
// fused multiply-adds). So the loop computes y once (LLVM hoists it) and
// each vector with a multiplication and two fused multiply-adds: the same
// bits as the fdiv.
//
// The theorem assumes that nothing underflows or overflows: the divisor
// and the dividends are checked to lie where no intermediate leaves the
// normal range, |b| in [2^-30, 2^30) and |a| in [2^-90, 2^90) or a = ±0
// (whose quotient is a*y, a signed zero, where the correction would lose
// -0's sign). A vector with a lane outside, or an infinite or NaN one,
// takes the fdiv instead, behind a branch that a softmax never takes.
//
// Only targets with a fused multiply-add instruction (hasFMA) use it; on
// the others llvm.fma would be a library call, and the loop keeps fdiv.
// The scalar remainder loop divides with fdiv: its results are the same.

// Ranges of divInvariant's fast path: the biased exponents of 2^-30 and
// 2^30 (the divisor) and of 2^-90 and 2^90 (a dividend).
const (
	divMinExpB, divMaxExpB = -30, 30
	divMinExpA, divMaxExpA = -90, 90
)

// divInvariant returns a / b for vectors a and b of f32 or f64 lanes whose
// b is loop-invariant (a splat), by divInvariantFunction's sequence; ok
// is false where it does not apply (a scalar, another element type, a
// target without FMA), and the caller emits an fdiv.
func (l *fnLowering) divInvariant(a, b value.Value) (value.Value, bool) {
	vt, isVec := a.Type().(*lltypes.VectorType)
	if !isVec || !l.e.target.hasFMA() {
		return nil, false
	}
	if vt.ElemType != f32t && vt.ElemType != f64t {
		return nil, false
	}
	return l.cur.NewCall(l.e.divInvariantFunction(vt), a, b), true
}

// divInvariantFunction returns the internal function computing a / b on
// vector type vt (see the top of the file), defining it on first use. It
// is always inlined; its branch is the only control flow it adds.
func (e *emitter) divInvariantFunction(vt *lltypes.VectorType) *llir.Func {
	lanes := int(vt.Len)
	elem := vt.ElemType.(*lltypes.FloatType)
	bits, mant, bias := 32, 23, 127
	if elem == f64t {
		bits, mant, bias = 64, 52, 1023
	}
	name := "bcast.divinv." + elem.LLString() + ".v" + strconv.Itoa(lanes)
	if f, ok := e.decls[name]; ok {
		return f
	}
	it := lltypes.NewInt(uint64(bits))
	ivt := lltypes.NewVector(uint64(lanes), it)
	splat := func(c constant.Constant) constant.Constant {
		cs := make([]constant.Constant, lanes)
		for i := range cs {
			cs[i] = c
		}
		return constant.NewVector(lltypes.NewVector(uint64(lanes), c.Type()), cs...)
	}
	sc := func(v uint64) constant.Constant { return constant.NewInt(it, int64(v)) }
	ic := func(v uint64) constant.Constant { return splat(sc(v)) }
	expBits := func(e int) uint64 { return uint64(e+bias) << mant }

	a, b := llir.NewParam("a", vt), llir.NewParam("b", vt)
	f := e.m.NewFunc(name, vt, a, b)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrAlwaysInline, enum.FuncAttrNoUnwind, enum.FuncAttrReadNone)
	entry, fast, slow := f.NewBlock("entry"), f.NewBlock("fast"), f.NewBlock("slow")

	// The check, in integer lanes so that no vector of i1 has to be
	// packed: a lane of a is bad when |a|'s bits b, shifted by lo's (t =
	// b - lo), are negative (below lo, unless a is a zero) or reach hi -
	// lo (hi - lo - 1 - t negative), so the sign bits of (t & ~zero) |
	// (hi - lo - 1 - t) mark the bad lanes, tested at once (signsClear).
	// The divisor is a splat: its lane 0 is checked, as a scalar that LLVM
	// hoists out of the loop.
	absBits := uint64(math.MaxUint64) >> (65 - bits)
	ab := entry.NewAnd(entry.NewBitCast(a, ivt), ic(absBits))
	isZero := entry.NewICmp(enum.IPredEQ, ab, constant.NewZeroInitializer(ivt))
	nonzero := entry.NewXor(entry.NewSExt(isZero, ivt), ic(math.MaxUint64))
	t := entry.NewSub(ab, ic(expBits(divMinExpA)))
	u := entry.NewSub(ic(expBits(divMaxExpA)-expBits(divMinExpA)-1), t)
	aOK := signsClearIn(entry, entry.NewOr(entry.NewAnd(t, nonzero), u), e.target.regBytes())
	bb := entry.NewAnd(entry.NewBitCast(entry.NewExtractElement(b, constant.NewInt(i32, 0)), it), sc(absBits))
	bOK := entry.NewICmp(enum.IPredULT, entry.NewSub(bb, sc(expBits(divMinExpB))), sc(expBits(divMaxExpB)-expBits(divMinExpB)))
	entry.NewCondBr(entry.NewAnd(aOK, bOK), fast, slow)

	fma := e.declare("llvm.fma.v"+strconv.Itoa(lanes)+"f"+strconv.Itoa(bits), vt, false, vt, vt, vt)
	y := fast.NewFDiv(splat(constant.NewFloat(elem, 1)), b)
	q0 := fast.NewFMul(a, y)
	r := fast.NewCall(fma, fast.NewFNeg(q0), b, a)
	q1 := fast.NewCall(fma, r, y, q0)
	fast.NewRet(fast.NewSelect(isZero, q0, q1))
	slow.NewRet(slow.NewFDiv(a, b))
	e.decls[name] = f
	return f
}

// fmaCPUs are the x86-64 CPUs with FMA3 among those LLVM 14 knows (the
// ones a target may name): the x86-64-v3 level and after it, and AMD's
// from Piledriver.
var fmaCPUs = []string{
	"alderlake", "bdver2", "bdver3", "bdver4", "broadwell", "cannonlake", "cascadelake",
	"cooperlake", "core-avx2", "haswell", "icelake-client", "icelake-server", "knl", "knm",
	"rocketlake", "sapphirerapids", "skx", "skylake", "skylake-avx512", "tigerlake",
	"x86-64-v3", "x86-64-v4", "znver1", "znver2", "znver3",
}

// hasFMA reports whether t's functions may use a fused multiply-add
// instruction: every AArch64 target; an x86-64 target whose features
// enable fma (or AVX-512), or whose CPU has it (fmaCPUs) and whose
// features do not disable it.
func (t Target) hasFMA() bool {
	if t.Arch() == "aarch64" {
		return true
	}
	if t.Arch() != "x86_64" {
		return false
	}
	on := slices.Contains(fmaCPUs, t.CPU)
	for _, f := range splitFeatures(t.Features) {
		switch f {
		case "+fma", "+avx512f":
			on = true
		case "-fma", "-avx":
			on = false
		}
	}
	return on
}
