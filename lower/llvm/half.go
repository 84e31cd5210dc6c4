package llvm

import (
	"math"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns f16 and bf16 (its doc below) for the other files: their
// constants, loads and stores (builder.go), the rounding after each op
// (scalar.go's exact flag says which ops need none) and the casts.
//
// f16 and bf16 elements are 16-bit integers in memory (uint16_t bits in
// the C ABI) and f32 values in registers: a load widens exactly, every op
// computes in f32 and its result is rounded to the 16-bit format (round
// to nearest even) and widened back, so that each op has the format's
// correctly rounded result (f32 has more than 2p+2 bits for p = 11 and 8,
// so rounding twice is harmless for +, -, *, / and sqrt). The conversions
// are integer bit manipulation: LLVM 14 converts `half` through helper
// functions (__gnu_h2f_ieee, __gnu_f2h_ieee) that x86-64's libgcc lacks,
// and has no usable bfloat arithmetic. NaNs stay quiet with their payload
// shifted, as in ir.Float64ToF16Bits.

// isHalf reports whether t is f16 or bf16.
func isHalf(t ir.Type) (ir.FloatKind, bool) {
	if ft, ok := t.(*ir.FloatType); ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16) {
		return ft.Kind, true
	}
	return 0, false
}

var i16 = lltypes.I16

func i32c(v int64) constant.Constant { return constant.NewInt(i32, v) }

// halfConst is the f32 register constant for v in format k.
func halfConst(k ir.FloatKind, v float64) constant.Constant {
	if v != v {
		bits := halfBitsToF32Bits(k, uint16(ir.FloatBits(v, k)))
		return constant.NewBitCast(constant.NewInt(i32, int64(int32(bits))), lltypes.Float)
	}
	return constant.NewFloat(lltypes.Float, ir.RoundToFloatType(v, k))
}

// halfBitsToF32Bits widens 16-bit float bits (the Go twin of extendHalf,
// for constants).
func halfBitsToF32Bits(k ir.FloatKind, h uint16) uint32 {
	if k == ir.BF16 {
		return uint32(h) << 16
	}
	sign := uint32(h&0x8000) << 16
	e, m := uint32(h>>10)&0x1f, uint32(h&0x3ff)
	switch e {
	case 0:
		return sign | math.Float32bits(float32(m)*0x1p-24)
	case 31:
		return sign | 0x7f800000 | m<<13
	}
	return sign | (uint32(h&0x7fff)<<13 + 0x38000000)
}

// extendHalf widens 16-bit float bits h (i16) to an f32 value.
func (fb *fnBuilder) extendHalf(k ir.FloatKind, h value.Value) value.Value {
	b := fb.cur
	x := b.NewZExt(h, i32)
	if k == ir.BF16 {
		return b.NewBitCast(b.NewShl(x, i32c(16)), lltypes.Float)
	}
	sign := b.NewShl(b.NewAnd(x, i32c(0x8000)), i32c(16))
	mag := b.NewAnd(x, i32c(0x7fff))
	e := b.NewAnd(x, i32c(0x7c00))
	shifted := b.NewShl(mag, i32c(13))
	normal := b.NewAdd(shifted, i32c(0x38000000))
	special := b.NewOr(shifted, i32c(0x7f800000))
	// Subnormals and zero: m * 2^-24, exact in f32.
	sub := b.NewBitCast(b.NewFMul(b.NewUIToFP(mag, lltypes.Float), constant.NewFloat(lltypes.Float, 0x1p-24)), i32)
	r := b.NewSelect(b.NewICmp(enum.IPredEQ, e, i32c(0)), sub,
		b.NewSelect(b.NewICmp(enum.IPredEQ, e, i32c(0x7c00)), special, normal))
	return b.NewBitCast(b.NewOr(r, sign), lltypes.Float)
}

// truncHalf rounds the f32 value x to format k (nearest even) and returns
// its 16-bit bits (i16).
func (fb *fnBuilder) truncHalf(k ir.FloatKind, x value.Value) value.Value {
	b := fb.cur
	u := b.NewBitCast(x, i32)
	mag := b.NewAnd(u, i32c(0x7fffffff))
	isNaN := b.NewICmp(enum.IPredUGT, mag, i32c(0x7f800000))
	if k == ir.BF16 {
		nan := b.NewOr(b.NewLShr(u, i32c(16)), i32c(0x40))
		odd := b.NewAnd(b.NewLShr(u, i32c(16)), i32c(1))
		rounded := b.NewLShr(b.NewAdd(b.NewAdd(u, i32c(0x7fff)), odd), i32c(16))
		return b.NewTrunc(b.NewSelect(isNaN, nan, rounded), i16)
	}
	sign := b.NewAnd(b.NewLShr(u, i32c(16)), i32c(0x8000))
	nan := b.NewOr(i32c(0x7e00), b.NewLShr(b.NewAnd(mag, i32c(0x7fffff)), i32c(13)))
	// Normal results: rebias the exponent and round the 13 dropped bits.
	odd := b.NewAnd(b.NewLShr(mag, i32c(13)), i32c(1))
	normal := b.NewLShr(b.NewAdd(b.NewAdd(mag, i32c(0xfff-0x38000000)), odd), i32c(13))
	// Subnormal results (|x| < 2^-14): adding 0.5 rounds to units of
	// 2^-24 in the f32 adder; the low bits are the f16 bits.
	sum := b.NewBitCast(b.NewFAdd(b.NewBitCast(mag, lltypes.Float), constant.NewFloat(lltypes.Float, 0.5)), i32)
	sub := b.NewSub(sum, i32c(0x3f000000))
	r := b.NewSelect(isNaN, nan,
		b.NewSelect(b.NewICmp(enum.IPredUGE, mag, i32c(0x477ff000)), i32c(0x7c00), // 65520 and up: inf
			b.NewSelect(b.NewICmp(enum.IPredULT, mag, i32c(0x38800000)), sub, normal)))
	return b.NewTrunc(b.NewOr(r, sign), i16)
}

// roundHalf rounds the f32 value x to format k and widens it back.
func (fb *fnBuilder) roundHalf(k ir.FloatKind, x value.Value) value.Value {
	return fb.extendHalf(k, fb.truncHalf(k, x))
}

// f64ToHalf rounds a double to format k, correctly: through f32 rounded
// to odd (the truncation with its last bit set when inexact), which then
// rounds to nearest even as the double would.
func (fb *fnBuilder) f64ToHalf(k ir.FloatKind, x value.Value) value.Value {
	b := fb.cur
	r := b.NewFPTrunc(x, lltypes.Float)
	back := b.NewFPExt(r, lltypes.Double)
	inexact := b.NewFCmp(enum.FPredONE, back, x)
	away := b.NewFCmp(enum.FPredOGT, b.NewCall(fb.e.declare("llvm.fabs.f64", lltypes.Double, false, lltypes.Double), back),
		b.NewCall(fb.e.declare("llvm.fabs.f64", lltypes.Double, false, lltypes.Double), x))
	bits := b.NewBitCast(r, i32)
	toward := b.NewSelect(away, b.NewSub(bits, i32c(1)), bits)
	odd := b.NewSelect(inexact, b.NewOr(toward, i32c(1)), bits)
	return fb.roundHalf(k, b.NewBitCast(odd, lltypes.Float))
}

// halfResult rounds the f32 result x of an op to the format of its type t
// when that is f16 or bf16, unless the op is exact (its result is a value
// of the format: scalar.go's table says which ops are).
func (l *fnLowering) halfResult(t ir.Type, x value.Value, exact bool) value.Value {
	k, ok := isHalf(t)
	if !ok || exact {
		return x
	}
	if x.Type().Equal(lltypes.Double) {
		return l.f64ToHalf(k, x)
	}
	return l.roundHalf(k, x)
}

// registerWidth is the bit width of a float type in registers.
func registerWidth(ft *ir.FloatType) int {
	if _, ok := isHalf(ft); ok {
		return 32
	}
	return ft.Width()
}

// halfCastKind is how a conversion treats f16 and bf16 (halfCast).
type halfCastKind uint8

const (
	halfNone       halfCastKind = iota // as any other float (fptosi, fptoui) or not a float conversion
	halfExtOrTrunc                     // arith.extf, arith.truncf
	halfSIToFP                         // arith.sitofp
	halfUIToFP                         // arith.uitofp
	halfBitcast                        // arith.bitcast
)

// halfCast lowers the casts from or to f16 and bf16 (ok false for
// others): their values are f32 in registers, so extf from them is the
// value itself or fpext to f64, truncf to them keeps the f32 or f64 value
// for halfResult to round, integers convert through f64 (exact for up to
// 53 bits; wider ones rounded to odd, intToF64Odd, so that the rounding
// to the format is the only one, as hlo.ElemKind.RoundInt), and bitcast
// is the bits.
func (l *fnLowering) halfCast(op *ir.Operation, t ir.Type, kind halfCastKind, x value.Value) (value.Value, bool) {
	from := op.Operand(0).Type()
	_, fromHalf := isHalf(from)
	k, toHalf := isHalf(t)
	if !fromHalf && !toHalf {
		return nil, false
	}
	b := l.cur
	switch kind {
	case halfExtOrTrunc:
		if fromHalf && t == ir.F64T {
			return b.NewFPExt(x, lltypes.Double), true
		}
		return x, true // f32 (or f64 for truncf) to round, or already f32
	case halfSIToFP, halfUIToFP:
		if !toHalf {
			return nil, false
		}
		if it, ok := from.(*ir.IntegerType); ok && it.Width > 53 {
			return l.intToF64Odd(x, kind == halfSIToFP), true
		}
		if kind == halfSIToFP {
			return b.NewSIToFP(x, lltypes.Double), true
		}
		return b.NewUIToFP(x, lltypes.Double), true
	case halfBitcast:
		if fromHalf {
			fk, _ := isHalf(from)
			return l.truncHalf(fk, x), true
		}
		return l.extendHalf(k, x), true
	}
	return nil, false
}

// intToF64Odd converts the i64 x (signed or not) to an f64 rounded to odd
// at 52 or 53 bits: the bits below are ORed into the last kept one, so
// that the f64 -> f16/bf16 rounding after it (f64ToHalf) is the only
// rounding to nearest. (A plain sitofp to f64 rounds to nearest first:
// i64 2^62+2^54+1 became 2^62 in bf16, not 2^62+2^55.)
func (l *fnLowering) intToF64Odd(x value.Value, signed bool) value.Value {
	b := l.cur
	c := func(v int64) value.Value { return l.splat(constant.NewInt(lltypes.I64, v)) }
	mag := x
	var neg value.Value
	if signed {
		neg = b.NewICmp(enum.IPredSLT, x, c(0))
		mag = b.NewSelect(neg, b.NewSub(c(0), x), x) // INT64_MIN: 2^63 read as unsigned
	}
	// The bit length n of mag from its exponent as a double (one more
	// where that rounds up to a power of two: then 52 bits are kept, odd
	// rounding at 52 bits is as good); the sh = n - 53 bits below go into
	// the sticky bit.
	bits := b.NewBitCast(b.NewUIToFP(mag, l.vt(lltypes.Double)), l.vt(lltypes.I64))
	n := b.NewSub(b.NewLShr(bits, c(52)), c(1022))
	sh := b.NewSelect(b.NewICmp(enum.IPredSGT, n, c(53)), b.NewSub(n, c(53)), c(0))
	mask := b.NewSub(b.NewShl(c(1), sh), c(1))
	sticky := b.NewZExt(b.NewICmp(enum.IPredNE, b.NewAnd(mag, mask), c(0)), l.vt(lltypes.I64))
	m := b.NewOr(b.NewAnd(mag, b.NewXor(mask, c(-1))), b.NewShl(sticky, sh))
	var d value.Value = b.NewUIToFP(m, l.vt(lltypes.Double)) // exact: at most 53 bits
	if signed {
		d = b.NewSelect(neg, b.NewFNeg(d), d)
	}
	return d
}
