package hlo

import (
	"math"
	"math/bits"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The element functions of the elementwise ops' entries
// (elementwise_ops.go), with StableHLO's semantics and XLA's choices
// where StableHLO leaves the result implementation-defined
// (xla/service/elemental_ir_emitter.cc):
//
//	x / 0 = -1 (all bits set, also unsigned)   INT_MIN / -1 = INT_MIN
//	x % 0 = x                                   INT_MIN % -1 = 0
//	shift_left, shift_right_logical by >= the width (or negative): 0
//	shift_right_arithmetic by >= the width: the sign bit everywhere
//	convert float -> int: truncate toward zero, saturate, NaN -> 0
//	convert int -> int: wrap (sign/zero extension by the source type)
//	convert x -> i1: x != 0
//
// Integer power follows StableHLO's reference interpreter
// (stablehlo/reference/Element.cpp). Integer functions take and give
// values normalized to their IntKind.

func addF(a, b float64) float64 { return a + b }
func subF(a, b float64) float64 { return a - b }
func mulF(a, b float64) float64 { return a * b }
func divF(a, b float64) float64 { return a / b }

// maximumF is IEEE 754-2019 maximum: NaN if either operand is NaN, and
// -0 < +0. (math.Max alone is not: it returns +Inf for (NaN, +Inf).)
func maximumF(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Max(a, b)
}

// minimumF is IEEE 754-2019 minimum (math.Min returns -Inf for (NaN, -Inf)).
func minimumF(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Min(a, b)
}

func addI(a, b int64, _ IntKind) int64 { return a + b }
func subI(a, b int64, _ IntKind) int64 { return a - b }
func mulI(a, b int64, _ IntKind) int64 { return a * b }
func andI(a, b int64, _ IntKind) int64 { return a & b }
func orI(a, b int64, _ IntKind) int64  { return a | b }
func xorI(a, b int64, _ IntKind) int64 { return a ^ b }

// divSI truncates; XLA: x / 0 = -1, INT_MIN / -1 = INT_MIN.
func divSI(a, b int64, k IntKind) int64 {
	switch {
	case b == 0:
		return -1
	case b == -1 && a == k.MinInt():
		return a
	}
	return a / b
}

// divUI: XLA's x / 0 is all ones.
func divUI(a, b int64, k IntKind) int64 {
	if b == 0 {
		return -1
	}
	return int64(k.Mask(a) / k.Mask(b))
}

// divFolds leaves division by zero and 64-bit INT_MIN / -1 to run time.
func divFolds(a, b int64, k IntKind) bool {
	return b != 0 && (k.Unsigned || b != -1 || a != math.MinInt64)
}

// remSI truncates, like C's %; XLA: x % 0 = x, INT_MIN % -1 = 0.
func remSI(a, b int64, _ IntKind) int64 {
	switch {
	case b == 0:
		return a
	case b == -1:
		return 0
	}
	return a % b
}

// remUI: XLA's x % 0 is x.
func remUI(a, b int64, k IntKind) int64 {
	if b == 0 {
		return a
	}
	return int64(k.Mask(a) % k.Mask(b))
}

// remFolds leaves remainder by zero to run time.
func remFolds(_, b int64, _ IntKind) bool { return b != 0 }

func maxSI(a, b int64, _ IntKind) int64 { return max(a, b) }
func minSI(a, b int64, _ IntKind) int64 { return min(a, b) }

func maxUI(a, b int64, k IntKind) int64 {
	if k.Mask(a) >= k.Mask(b) {
		return a
	}
	return b
}

func minUI(a, b int64, k IntKind) int64 {
	if k.Mask(a) <= k.Mask(b) {
		return a
	}
	return b
}

// powI is StableHLO's integer power (its reference interpreter): square
// and multiply, wrapping; a negative exponent gives 0 unless the base is
// 1 or -1, whose power uses |exponent|.
func powI(base, exp int64, k IntKind) int64 {
	e := k.Mask(exp)
	if !k.Unsigned && exp < 0 {
		if base != 1 && base != -1 {
			return 0
		}
		e = uint64(-exp)
	}
	r := int64(1)
	for e != 0 {
		if e&1 != 0 {
			r *= base
		}
		base *= base
		e >>= 1
	}
	return r
}

// powFolds leaves a negative signed exponent to run time.
func powFolds(_, b int64, k IntKind) bool { return k.Unsigned || b >= 0 }

// shiftLeft: a shift by the width or more (or a negative one) gives 0.
func shiftLeft(a, b int64, k IntKind) int64 {
	if k.Mask(b) >= uint64(k.Width) {
		return 0
	}
	return a << k.Mask(b)
}

// shiftRightLogical: a shift by the width or more gives 0.
func shiftRightLogical(a, b int64, k IntKind) int64 {
	if k.Mask(b) >= uint64(k.Width) {
		return 0
	}
	return int64(k.Mask(a) >> k.Mask(b))
}

// shiftRightArithmetic reads a's bits as signed, whatever the type's
// signedness; a shift by the width or more fills with the sign.
func shiftRightArithmetic(a, b int64, k IntKind) int64 {
	s := uint(64 - k.Width)
	signed := a << s >> s
	n := k.Mask(b)
	if n >= uint64(k.Width) {
		n = uint64(k.Width) - 1
	}
	return signed >> n
}

func negF(x float64) float64 { return -x }

func negI(x int64, _ IntKind) int64 { return -x }

// absSI: abs(INT_MIN) wraps to INT_MIN.
func absSI(x int64, _ IntKind) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func identityI(x int64, _ IntKind) int64 { return x }

// logisticF is 1 / (1 + exp(-x)).
func logisticF(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// signF: -1, 0 or 1; ±0 and NaN are their own sign.
func signF(x float64) float64 {
	if x == 0 || math.IsNaN(x) {
		return x
	}
	return math.Copysign(1, x)
}

// signI is 0 for 0, -1 for a negative signed value, 1 otherwise (a ui64
// of 2^63 or more is a negative int64, and positive).
func signI(x int64, k IntKind) int64 {
	switch {
	case x == 0:
		return 0
	case x < 0 && !k.Unsigned:
		return -1
	}
	return 1
}

func notI(x int64, _ IntKind) int64 { return ^x }
func notB(x int64, _ IntKind) int64 { return 1 - x }

func popcntI(x int64, k IntKind) int64 { return int64(bits.OnesCount64(k.Mask(x))) }

func isFinite(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) }

// isInf is chlo.is_inf's test (sign 0: either infinity), is_pos_inf's (1)
// or is_neg_inf's (-1).
func isInf(sign int) func(float64) bool {
	return func(x float64) bool { return math.IsInf(x, sign) }
}

// nextAfter is next_after on floats of format k (a and b values of it):
// NaN if either is NaN, b if a == b (so the sign of a zero b), the
// smallest subnormal of b's sign from a zero, else a's neighbour towards
// b (one step of a's bits: magnitude up away from zero, down towards
// it), as C's nextafter.
func nextAfter(k ir.FloatKind) func(a, b float64) float64 {
	return func(a, b float64) float64 {
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			return a + b
		case a == b:
			return b
		case a == 0:
			return math.Copysign(ir.FloatFromBits(1, k), b)
		}
		bits := ir.FloatBits(a, k)
		if (b > a) == (a > 0) {
			bits++
		} else {
			bits--
		}
		return ir.FloatFromBits(bits, k)
	}
}

// CompareUnsigned reports whether hlo.compare with compare type ct
// (SIGNED, UNSIGNED, or NOTYPE / absent: the element type's own)
// compares integers of kind k as unsigned.
func CompareUnsigned(ct string, k IntKind) bool {
	return ct == "UNSIGNED" || (ct != "SIGNED" && k.Unsigned)
}

// CompareTypeApplies reports whether compare type ct (or "") applies to
// elements of kind k: FLOAT and TOTALORDER to floats, SIGNED and UNSIGNED
// to integers. The verifier does not require it; the interpreter does,
// and the folder and the lowering read an inapplicable type as NOTYPE.
func CompareTypeApplies(ct string, k ElemKind) bool {
	switch ct {
	case "", "NOTYPE":
		return true
	case "FLOAT", "TOTALORDER":
		return k.Float
	}
	return !k.Float
}

// CompareFloats returns hlo.compare's element function with direction
// dir on floats of format f: IEEE quiet comparisons (FLOAT), or, if
// total, TOTALORDER (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN, on
// the format's bits). It returns nil for an unknown direction.
func CompareFloats(dir string, total bool, f ir.FloatKind) func(a, b float64) bool {
	if total {
		key := func(v float64) int64 {
			b := FormatBits(v, f)
			if b < 0 {
				return b ^ math.MaxInt64 // negative: reverse the order of the magnitude bits
			}
			return b
		}
		cmp := compareOrdered[int64](dir)
		if cmp == nil {
			return nil
		}
		return func(a, b float64) bool { return cmp(key(a), key(b)) }
	}
	return compareOrdered[float64](dir)
}

// FormatBits returns the bits of v in format f, sign-extended from the
// format's width so that the format's sign bit is the int64 sign
// (TOTALORDER's order, and the interpreter's ulp distances).
func FormatBits(v float64, f ir.FloatKind) int64 {
	switch f {
	case ir.F64:
		return int64(math.Float64bits(v))
	case ir.F32:
		return int64(int32(math.Float32bits(float32(v))))
	}
	return int64(int16(uint16(ir.FloatBits(v, f))))
}

// compareOrdered returns the comparison dir with Go's operators: on
// int64 keys, and on floats IEEE's quiet comparisons (false with a NaN,
// but NE). It returns nil for an unknown direction.
func compareOrdered[T int64 | float64](dir string) func(a, b T) bool {
	switch dir {
	case "EQ":
		return func(a, b T) bool { return a == b }
	case "NE":
		return func(a, b T) bool { return a != b }
	case "GE":
		return func(a, b T) bool { return a >= b }
	case "GT":
		return func(a, b T) bool { return a > b }
	case "LE":
		return func(a, b T) bool { return a <= b }
	case "LT":
		return func(a, b T) bool { return a < b }
	}
	return nil
}

// CompareInts returns hlo.compare's element function with direction dir
// on integers of kind k, compared as signed or unsigned numbers (nil for
// an unknown direction).
func CompareInts(dir string, unsigned bool, k IntKind) func(a, b int64) bool {
	cmp := compareOrdered[int64](dir)
	if cmp == nil {
		return nil
	}
	s := uint(64 - k.Width)
	if !unsigned {
		return func(a, b int64) bool { return cmp(a<<s>>s, b<<s>>s) }
	}
	// Flipping the top bit maps unsigned order onto signed order.
	return func(a, b int64) bool {
		return cmp(int64(k.Mask(a)<<s)^math.MinInt64, int64(k.Mask(b)<<s)^math.MinInt64)
	}
}

// SelectElem is hlo.select's element: onTrue where the predicate is
// nonzero, onFalse elsewhere.
func SelectElem[T int64 | float64](pred int64, onTrue, onFalse T) T {
	if pred != 0 {
		return onTrue
	}
	return onFalse
}

// ClampFloat is hlo.clamp's element on floats: minimum(maximum(x, lo),
// hi), with maximum's and minimum's semantics (as StableHLO defines clamp
// and XLA emits it).
func ClampFloat(lo, x, hi float64) float64 { return minimumF(maximumF(x, lo), hi) }

// ClampInt is ClampFloat on integers of kind k.
func ClampInt(lo, x, hi int64, k IntKind) int64 {
	mx, mn := maxSI, minSI
	if k.Unsigned {
		mx, mn = maxUI, minUI
	}
	return mn(mx(x, lo, k), hi, k)
}

// ConvertElem returns hlo.convert's element functions from kind from to
// kind to, one per source kind: each gives a float (to a float kind,
// rounded to it) or a normalized integer. Following XLA: integers
// convert by truncation or sign/zero extension (by the source's
// signedness), to i1 as `x != 0`; floats to integers truncate toward zero
// and saturate, NaN giving 0; integers to floats round to nearest.
func ConvertElem(from, to ElemKind) (fromFloat func(float64) (float64, int64), fromInt func(int64) (float64, int64)) {
	ti := to.Int
	toInt := func(f float64) int64 {
		if ti.IsBool() {
			if f != 0 {
				return 1 // NaN != 0 too
			}
			return 0
		}
		if math.IsNaN(f) {
			return 0
		}
		f = math.Trunc(f)
		if ti.Unsigned {
			hi := math.Ldexp(1, ti.Width) // 2^width, just above the maximum
			switch {
			case f <= 0:
				return 0
			case f >= hi:
				return ti.Wrap(-1)
			case f >= 1<<63:
				return int64(uint64(f))
			}
			return int64(f)
		}
		lo := -math.Ldexp(1, ti.Width-1)
		switch {
		case f <= lo:
			return ti.MinInt()
		case f >= -lo:
			return -ti.MinInt() - 1
		}
		return int64(f)
	}
	fromFloat = func(f float64) (float64, int64) {
		if to.Float {
			return to.Round(f), 0
		}
		return 0, toInt(f)
	}
	fromInt = func(v int64) (float64, int64) {
		if to.Float {
			return to.RoundInt(v, from.Int.Unsigned && from.Int.Width == 64), 0
		}
		if ti.IsBool() {
			if v != 0 {
				return 0, 1
			}
			return 0, 0
		}
		return 0, ti.Wrap(v)
	}
	return fromFloat, fromInt
}
