package llvm

import (
	"math"
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	mathdialect "github.com/bcast-opt/bcast-opt/dialects/math"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns the f32 math functions that kernels compute with their
// own code instead of the C math library: exp, log, log1p, expm1, tanh,
// and the logistic 1/(1+exp(-x)) that a generic body spells with four ops
// (no math op has that name). Each is an internal LLVM function per lane
// count (`@bcast.expf` on float, `@bcast.expf.v16` on <16 x float>),
// emitted on first use and marked alwaysinline; the vector body and the
// scalar remainder loop of a generic call the two forms of one
// instruction sequence, so an element's result does not depend on the
// lane that computed it, and every target computes the same bits (plain
// IEEE operations, no C library), but exp's: it fuses its multiply-adds on
// targets with FMA (hasFMA: every AArch64, x86-64 since Haswell and
// Piledriver), where they are a third of its arithmetic and most of its
// latency, so it has two forms, each the same bits on every target that
// runs it. The package documentation
// states each function's measured error; vecmath_model_test.go has the
// same computations in Go, operation for operation, which the ulp
// measurements run on and which the native test compares bit for bit with
// the compiled IR.
//
// exp computes in f32: softmax and attention call it on every element,
// and the f64 evaluation, about twice the arithmetic, made them bound by
// it. Its result is within an ulp of exact (the package documentation
// measures it), so it can be an ulp from the interpreter's correctly
// rounded one, and more after a cancellation (exp(x) + b).
//
//   - exp: x = k*ln2 + r (k rounded with the 1.5*2^23 trick, ln2 split
//     in two by Cody and Waite), exp(r) = 1 + r + r^2*P(r) with P of
//     degree 4 (expfPoly), and e*2^k as (e*2^k1)*2^k2, k1 = k>>1: both
//     factors are normal f32 and only the second product rounds, also
//     for results below the normal range or past the largest f32; a
//     vector whose every k keeps e*2^k normal adds k to e's exponent
//     field instead, the same bits (expf's fast path). With
//     FMA, x*(1/ln2) + 1.5*2^23, the two steps of r, P's Horner steps and
//     r^2*P + r are each one fused multiply-add (madd), the rest as
//     without.
//
// The others compute in f64 and round once to f32: f64's 53 bits leave
// the approximations' errors far below an f32 ulp, so results are
// correctly rounded but where the exact value lies within about 1e-11
// (relative) of a rounding boundary.
//
//   - log and log1p: u = 1 + x is exact in f64 for an f32 x (|x| >= 2^-29;
//     below 2^-24 log1p(x) rounds to x), u = 2^e * m with m in
//     [sqrt(1/2), sqrt(2)), and log(m) = 2*atanh(s), s = (m-1)/(m+1), by
//     its series to s^13.
//   - expm1, tanh and the logistic from x = k*ln2 + r (|r| <= ln2/2,
//     k rounded with the 1.5*2^52 trick) and expm1(r) = r + r^2*P(r), P a
//     degree-6 minimax polynomial (Lawson's algorithm, relative error
//     5.5e-12): expm1(x) = 2^k*expm1(r) + (2^k - 1), tanh(x) =
//     sign(x)*e/(e+2) with e = expm1(2|x|), and logistic(x) = 1/(2 +
//     expm1(-x)).
//
// f64 math keeps the C library (one call per element, scalar loop), and
// so do f16 and bf16, which compute in f32 registers but never vectorize.

// mathFunc is one of the functions of this file.
type mathFunc int

const (
	mathExp mathFunc = iota
	mathLog
	mathLog1p
	mathExpm1
	mathTanh
	mathLogistic
)

// mathFuncNames are the functions' LLVM names after "bcast.".
var mathFuncNames = [...]string{"expf", "logf", "log1pf", "expm1f", "tanhf", "logisticf"}

// The constants of the approximations (vecmath_model_test.go reads them
// too).
const (
	// expm1 on f64: em1Round is 1.5*2^52. The arguments are f32 values
	// below 160 in magnitude, so r = y - k*ln2 with ln2 rounded to f64 is
	// within 2e-14 of y - k*ln2 (no Cody-Waite split needed).
	em1InvLn2 = 1.4426950408889634
	em1Round  = 6755399441055744.0

	// log on f64: the mantissa is reduced to [sqrt(1/2), sqrt(2)) by
	// adding logReduce's bits (those of 1 minus those of sqrt(1/2)).
	logSqrtHalfBits = 0x3fe6a09e667f3bcd
	logOneBits      = 0x3ff0000000000000

	// exp on f32: expfRound is 1.5*2^23, and ln2 = expfLn2Hi +
	// expfLn2Lo with expfLn2Hi's 15 significant bits, so that k*expfLn2Hi
	// is exact for |k| <= 150 (Cody and Waite).
	expfInvLn2 = float32(1.44269502162933349609375)
	expfRound  = float32(12582912)
	expfLn2Hi  = float32(0.693145751953125)
	expfLn2Lo  = float32(1.428606765330187045037746429443359375e-06)

	// The k for which e*2^k is a normal f32 for every e = exp(r) the
	// polynomial gives (within [0.7, 1.42], exponent field 126 or 127):
	// expf's fast path.
	expfFastMinK, expfFastMaxK = -125, 126

	// Clamps of the f32 arguments (before any conversion to f64, on twice
	// the lanes): beyond them the result no longer changes.
	expfMin, expfMax           = float32(-104), float32(89)
	expm1fMin, expm1fMax       = float32(-30), float32(89)
	tanhfMax                   = float32(10)
	logisticfMin, logisticfMax = float32(-110), float32(30)
)

// em1Poly is P: expm1(r) = r + r^2*(P[0] + P[1]*r + ... + P[6]*r^6) on
// |r| <= 0.3486.
var em1Poly = [7]float64{0.50000000001075373, 0.1666666675693792, 0.041666665945715629,
	0.008333288108106407, 0.0013888984699329623, 0.00019905587383950638, 2.4797574136156162e-05}

// expfPoly is P: exp(r) = 1 + r + r^2*(P[0] + P[1]*r + ... + P[4]*r^4) on
// |r| <= 0.3536, in f32 (Lawson's algorithm on the relative error of
// exp(r): 3.5e-9, 0.06 ulp).
var expfPoly = [5]float32{0.4999999403953552, 0.16666509211063385, 0.04166853055357933,
	0.008370140567421913, 0.001381165231578052}

// logPoly is the series of 2*atanh(s) = 2s + s*z*(c[0] + c[1]*z + ...),
// z = s^2: c[i] = 2/(2i+3).
var logPoly = [6]float64{2.0 / 3, 2.0 / 5, 2.0 / 7, 2.0 / 9, 2.0 / 11, 2.0 / 13}

// callsVecMath reports whether a generic's body (as lowered: fb, if set,
// says which ops a member of a fused group skips) calls one of this file's
// functions. Such a body is bound by arithmetic rather than memory, and
// its outputs are not streamed (vector.go): measured on a 16M-element exp,
// non-temporal stores made the loop half again as slow, where they make a
// memory-bound loop faster.
func callsVecMath(op *ir.Operation, fb *fusedBody) bool {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		if o.NumResults() == 1 && isF32(o.Result(0).Type()) && !fb.skipped(o) {
			switch o.Def() {
			case mathdialect.Exp, mathdialect.Log, mathdialect.Log1p, mathdialect.ExpM1, mathdialect.Tanh:
				found = true
			case arith.DivF:
				found = found || logisticArg(o, o.Result(0).Type()) != nil
			}
		}
		return !found
	})
	return found
}

// callMath calls fn on x, a float or a vector of floats (inside a vector
// body).
func (fb *fnBuilder) callMath(fn mathFunc, x value.Value) value.Value {
	return fb.cur.NewCall(fb.e.mathFunction(fn, x.Type()), x)
}

// mathFunction returns the internal function computing fn on t (float or
// <N x float>), defining it on first use.
func (e *emitter) mathFunction(fn mathFunc, t lltypes.Type) *llir.Func {
	lanes := 0
	if v, ok := t.(*lltypes.VectorType); ok {
		lanes = int(v.Len)
	}
	name := "bcast." + mathFuncNames[fn]
	if lanes > 0 {
		name += ".v" + strconv.Itoa(lanes)
	}
	if f, ok := e.decls[name]; ok {
		return f
	}
	x := llir.NewParam("x", t)
	f := e.m.NewFunc(name, t, x)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrAlwaysInline, enum.FuncAttrNoUnwind, enum.FuncAttrReadNone)
	m := &mathBuilder{b: f.NewBlock("entry"), lanes: lanes, regBytes: e.target.regBytes()}
	if fn == mathExp && e.target.hasFMA() {
		m.fma = e.declare("llvm.fma."+fmaSuffix(t), t, false, t, t, t)
	}
	if lanes == 16 && t.(*lltypes.VectorType).ElemType == f32t && e.target.hasAVX512() {
		m.scalef = e.declare("llvm.x86.avx512.mask.scalef.ps.512", t, false, t, t, t, lltypes.I16, i32)
	}
	var r value.Value
	switch fn {
	case mathExp:
		r = m.expf(x)
	case mathLog:
		r = m.logf(x)
	case mathLog1p:
		r = m.log1pf(x)
	case mathExpm1:
		r = m.expm1f(x)
	case mathTanh:
		r = m.tanhf(x)
	case mathLogistic:
		r = m.logisticf(x)
	}
	m.b.NewRet(r)
	e.decls[name] = f
	return f
}

// mathBuilder emits the body of one math function: scalars, or vectors of
// lanes elements (every constant is splatted).
type mathBuilder struct {
	b     *llir.Block
	lanes int
	// regBytes is the target's vector register size (Target.regBytes).
	regBytes int
	// scalef, when set, is AVX-512's vscalefps on 16 lanes (x*2^floor(y),
	// rounded once), which expf's scaling by 2^k uses.
	scalef *llir.Func
	// fma, when set, is llvm.fma on the function's type: expf's
	// multiply-adds are fused (targets with FMA: hasFMA).
	fma *llir.Func
}

// fmaSuffix is llvm.fma's type suffix for t, float or <N x float>.
func fmaSuffix(t lltypes.Type) string {
	if v, ok := t.(*lltypes.VectorType); ok {
		return "v" + strconv.Itoa(int(v.Len)) + "f32"
	}
	return "f32"
}

// madd is x*y + z: one fused multiply-add when m.fma is set, else a
// product and a sum, each rounded.
func (m *mathBuilder) madd(x, y, z value.Value) value.Value {
	if m.fma != nil {
		return m.b.NewCall(m.fma, x, y, z)
	}
	return m.add(m.mul(x, y), z)
}

var f32t, f64t = lltypes.Float, lltypes.Double

func (m *mathBuilder) vt(t lltypes.Type) lltypes.Type {
	if m.lanes == 0 {
		return t
	}
	return lltypes.NewVector(uint64(m.lanes), t)
}

func (m *mathBuilder) splat(c constant.Constant) value.Value {
	if m.lanes == 0 {
		return c
	}
	elems := make([]constant.Constant, m.lanes)
	for i := range elems {
		elems[i] = c
	}
	return constant.NewVector(lltypes.NewVector(uint64(m.lanes), c.Type()), elems...)
}

func (m *mathBuilder) f32(v float32) value.Value {
	return m.splat(constant.NewFloat(f32t, float64(v)))
}
func (m *mathBuilder) f64(v float64) value.Value { return m.splat(constant.NewFloat(f64t, v)) }
func (m *mathBuilder) i32(v int64) value.Value   { return m.splat(constant.NewInt(i32, v)) }
func (m *mathBuilder) i64(v int64) value.Value   { return m.splat(constant.NewInt(i64, v)) }

// nan32 is the interpreter's NaN in f32 (nanConst).
func (m *mathBuilder) nan32() value.Value { return m.splat(nanConst(ir.Float(ir.F32))) }

func (m *mathBuilder) add(x, y value.Value) value.Value { return m.b.NewFAdd(x, y) }
func (m *mathBuilder) sub(x, y value.Value) value.Value { return m.b.NewFSub(x, y) }
func (m *mathBuilder) mul(x, y value.Value) value.Value { return m.b.NewFMul(x, y) }
func (m *mathBuilder) div(x, y value.Value) value.Value { return m.b.NewFDiv(x, y) }
func (m *mathBuilder) sel(c, x, y value.Value) value.Value {
	return m.b.NewSelect(c, x, y)
}
func (m *mathBuilder) fcmp(p enum.FPred, x, y value.Value) value.Value {
	return m.b.NewFCmp(p, x, y)
}

// clamp is x limited to [lo, hi] by selects; NaN stays NaN.
func (m *mathBuilder) clamp(x, lo, hi value.Value) value.Value {
	x = m.sel(m.fcmp(enum.FPredOGT, x, hi), hi, x)
	return m.sel(m.fcmp(enum.FPredOLT, x, lo), lo, x)
}

// horner is c[0] + c[1]*x + ... + c[n-1]*x^(n-1).
func (m *mathBuilder) horner(x value.Value, c []value.Value) value.Value {
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = m.add(m.mul(p, x), c[i])
	}
	return p
}

// expf is e^x on f32, computed in f32 (see the top of the file).
//
// Where every lane's k lies in [expfFastMinK, expfFastMaxK], e*2^k is a normal
// f32 and is exact however it is formed: the fast path adds k to e's
// exponent field, two integer operations instead of the two-step
// scaling's eight (two of them multiplies, on the pipes the polynomial's
// multiply-adds use), and skips the clamp, which such an x does not reach.
// Any other lane (a result below the normal range or past the largest
// f32, an infinity, a NaN) sends the whole vector through the clamped
// two-step form. The two give the same bits wherever both apply, so a
// lane's result does not depend on its neighbours.
func (m *mathBuilder) expf(x value.Value) value.Value {
	b := m.b
	if m.scalef != nil {
		x = m.clamp(x, m.f32(expfMin), m.f32(expfMax))
		t := m.expfRound(x)
		kf, e := m.expfPoly(x, t)
		return b.NewCall(m.scalef, e, kf, constant.NewZeroInitializer(m.vt(f32t)), constant.NewInt(lltypes.I16, -1), constant.NewInt(i32, 4))
	}
	t := m.expfRound(x)
	tb := b.NewBitCast(t, m.vt(i32))
	// u = k + 125 (k - expfFastMinK): outside [0, 251] iff u or 251 - u
	// is negative
	u := b.NewSub(tb, m.i32(int64(math.Float32bits(expfRound))+expfFastMinK))
	out := b.NewOr(u, b.NewSub(m.i32(expfFastMaxK-expfFastMinK), u))
	f := b.Parent
	fast, slow, join := f.NewBlock("exp.fast"), f.NewBlock("exp.slow"), f.NewBlock("exp.join")
	b.NewCondBr(m.noneNegative(out), fast, slow)

	m.b = fast
	_, e := m.expfPoly(x, t)
	// k << 23 is t's bits << 23: those of 1.5*2^23 (0x4B400000) shifted
	// by 23 are 0 modulo 2^32
	scaled := fast.NewAdd(fast.NewBitCast(e, m.vt(i32)), fast.NewShl(tb, m.i32(23)))
	fastR := fast.NewBitCast(scaled, m.vt(f32t))
	fast.NewBr(join)

	m.b = slow
	x = m.clamp(x, m.f32(expfMin), m.f32(expfMax))
	t = m.expfRound(x)
	_, e = m.expfPoly(x, t)
	// e * 2^k in two steps, each factor a normal f32: only the second
	// multiplication rounds (results below the normal range, or past
	// the largest f32). AVX-512's vscalefps rounds e * 2^k once: the
	// same bits in one instruction instead of eight.
	k := slow.NewSub(slow.NewBitCast(t, m.vt(i32)), m.i32(int64(math.Float32bits(expfRound))))
	k1 := slow.NewAShr(k, m.i32(1))
	k2 := slow.NewSub(k, k1)
	s1 := slow.NewBitCast(slow.NewShl(slow.NewAdd(k1, m.i32(127)), m.i32(23)), m.vt(f32t))
	s2 := slow.NewBitCast(slow.NewShl(slow.NewAdd(k2, m.i32(127)), m.i32(23)), m.vt(f32t))
	slowR := m.mul(m.mul(e, s1), s2)
	slow.NewBr(join)

	m.b = join
	return join.NewPhi(llir.NewIncoming(fastR, fast), llir.NewIncoming(slowR, slow))
}

// expfRound is x*(1/ln2) + 1.5*2^23: k = round(x/ln2) is its bits minus
// those of 1.5*2^23.
func (m *mathBuilder) expfRound(x value.Value) value.Value {
	return m.madd(x, m.f32(expfInvLn2), m.f32(expfRound))
}

// expfPoly returns k as a float and e = exp(r), r = x - k*ln2, from t =
// expfRound(x).
func (m *mathBuilder) expfPoly(x, t value.Value) (kf, e value.Value) {
	kf = m.sub(t, m.f32(expfRound))
	var r value.Value
	if m.fma != nil {
		r = m.madd(kf, m.f32(-expfLn2Hi), x)
		r = m.madd(kf, m.f32(-expfLn2Lo), r)
	} else {
		r = m.sub(m.sub(x, m.mul(kf, m.f32(expfLn2Hi))), m.mul(kf, m.f32(expfLn2Lo)))
	}
	var c []value.Value
	for _, v := range expfPoly {
		c = append(c, m.f32(v))
	}
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = m.madd(p, r, c[i])
	}
	return kf, m.add(m.f32(1), m.madd(m.mul(r, r), p, r))
}

// noneNegative reports whether no lane of x (i32 or a vector of them) is
// negative, as an i1: a vector's halves or'ed down to a register first
// (signsClearIn), so that no vector of i1 wider than one is packed.
func (m *mathBuilder) noneNegative(x value.Value) value.Value {
	if m.lanes == 0 {
		return m.b.NewICmp(enum.IPredSGE, x, m.i32(0))
	}
	return signsClearIn(m.b, x, m.regBytes)
}

// expm1d is expm1 on f64 (y within [-104, 110]).
func (m *mathBuilder) expm1d(y value.Value) value.Value {
	s, em := m.expm1Parts(y)
	return m.add(m.mul(s, em), m.sub(s, m.f64(1)))
}

// expm1Parts returns 2^k and expm1(r) for y = k*ln2 + r.
func (m *mathBuilder) expm1Parts(y value.Value) (s, em value.Value) {
	b := m.b
	t := m.add(m.mul(y, m.f64(em1InvLn2)), m.f64(em1Round))
	kd := m.sub(t, m.f64(em1Round))
	k := b.NewSub(b.NewBitCast(t, m.vt(i64)), m.i64(int64(math.Float64bits(em1Round))))
	r := m.sub(y, m.mul(kd, m.f64(math.Ln2)))
	var c []value.Value
	for _, v := range em1Poly {
		c = append(c, m.f64(v))
	}
	em = m.add(m.mul(m.mul(r, r), m.horner(r, c)), r)
	s = b.NewBitCast(b.NewShl(b.NewAdd(k, m.i64(1023)), m.i64(52)), m.vt(f64t))
	return s, em
}

// logd is log on positive normal f64 values (others give garbage the
// callers replace).
func (m *mathBuilder) logd(u value.Value) value.Value {
	b := m.b
	ix := b.NewAdd(b.NewBitCast(u, m.vt(i64)), m.i64(logOneBits-logSqrtHalfBits))
	e := b.NewSub(b.NewLShr(ix, m.i64(52)), m.i64(1023))
	// e as f64 without sitofp (slow on vectors before AVX-512): its bits
	// added to those of 1.5*2^52.
	ed := m.sub(b.NewBitCast(b.NewAdd(e, m.i64(int64(math.Float64bits(em1Round)))), m.vt(f64t)), m.f64(em1Round))
	mant := b.NewAdd(b.NewAnd(ix, m.i64(1<<52-1)), m.i64(logSqrtHalfBits))
	f := m.sub(b.NewBitCast(mant, m.vt(f64t)), m.f64(1))
	s := m.div(f, m.add(f, m.f64(2)))
	z := m.mul(s, s)
	var c []value.Value
	for _, v := range logPoly {
		c = append(c, m.f64(v))
	}
	l := m.add(m.add(s, s), m.mul(s, m.mul(z, m.horner(z, c))))
	return m.add(m.mul(ed, m.f64(math.Ln2)), l)
}

// logSpecials gives log's results at the edges of its domain: NaN for NaN
// (its own) and for arguments below lo, -inf at lo, +inf at +inf.
func (m *mathBuilder) logSpecials(x, r value.Value, lo float32) value.Value {
	inf := m.f32(float32(math.Inf(1)))
	r = m.sel(m.fcmp(enum.FPredOEQ, x, inf), inf, r)
	r = m.sel(m.fcmp(enum.FPredOEQ, x, m.f32(lo)), m.f32(float32(math.Inf(-1))), r)
	r = m.sel(m.fcmp(enum.FPredOLT, x, m.f32(lo)), m.nan32(), r)
	return m.sel(m.fcmp(enum.FPredUNO, x, x), x, r)
}

// tiny is |x| < 2^-24, where log1p(x) and expm1(x) round to x.
func (m *mathBuilder) tiny(x value.Value) value.Value {
	return m.b.NewAnd(m.fcmp(enum.FPredOLT, x, m.f32(0x1p-24)), m.fcmp(enum.FPredOGT, x, m.f32(-0x1p-24)))
}

func (m *mathBuilder) logf(x value.Value) value.Value {
	r := m.b.NewFPTrunc(m.logd(m.b.NewFPExt(x, m.vt(f64t))), m.vt(f32t))
	return m.logSpecials(x, r, 0)
}

func (m *mathBuilder) log1pf(x value.Value) value.Value {
	u := m.add(m.b.NewFPExt(x, m.vt(f64t)), m.f64(1))
	var r value.Value = m.b.NewFPTrunc(m.logd(u), m.vt(f32t))
	r = m.sel(m.tiny(x), x, r)
	return m.logSpecials(x, r, -1)
}

func (m *mathBuilder) expm1f(x value.Value) value.Value {
	y := m.b.NewFPExt(m.clamp(x, m.f32(expm1fMin), m.f32(expm1fMax)), m.vt(f64t))
	r := m.b.NewFPTrunc(m.expm1d(y), m.vt(f32t))
	return m.sel(m.tiny(x), x, r)
}

func (m *mathBuilder) tanhf(x value.Value) value.Value {
	b := m.b
	bits := b.NewBitCast(x, m.vt(i32))
	var abs value.Value = b.NewBitCast(b.NewAnd(bits, m.i32(0x7fffffff)), m.vt(f32t))
	abs = m.sel(m.fcmp(enum.FPredOGT, abs, m.f32(tanhfMax)), m.f32(tanhfMax), abs)
	y := m.mul(b.NewFPExt(abs, m.vt(f64t)), m.f64(2))
	e := m.expm1d(y)
	t := b.NewFPTrunc(m.div(e, m.add(e, m.f64(2))), m.vt(f32t))
	sign := b.NewAnd(bits, m.i32(-0x80000000))
	return b.NewBitCast(b.NewOr(b.NewBitCast(t, m.vt(i32)), sign), m.vt(f32t))
}

func (m *mathBuilder) logisticf(x value.Value) value.Value {
	y := m.b.NewFNeg(m.b.NewFPExt(m.clamp(x, m.f32(logisticfMin), m.f32(logisticfMax)), m.vt(f64t)))
	return m.b.NewFPTrunc(m.div(m.f64(1), m.add(m.f64(2), m.expm1d(y))), m.vt(f32t))
}
