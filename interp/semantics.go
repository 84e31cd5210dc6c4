package interp

// Element semantics of the hlo ops: what one element of a result is, given
// the elements of the operands. The choices where StableHLO leaves the
// result implementation-defined are XLA's (xla/service/elemental_ir_emitter.cc)
// and are listed in doc.go.

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/bcast-opt/bcast-opt/ir"
)

// floatBinary returns the hlo binary op name on floats, computed in float64
// (the caller rounds the result to the element type).
func floatBinary(name string) (func(a, b float64) float64, error) {
	switch name {
	case "add":
		return func(a, b float64) float64 { return a + b }, nil
	case "subtract":
		return func(a, b float64) float64 { return a - b }, nil
	case "multiply":
		return func(a, b float64) float64 { return a * b }, nil
	case "divide":
		return func(a, b float64) float64 { return a / b }, nil
	case "remainder":
		// C fmod: the sign of the dividend, |result| < |divisor|.
		return math.Mod, nil
	case "maximum":
		return maximum, nil
	case "minimum":
		return minimum, nil
	case "power":
		return math.Pow, nil
	case "atan2":
		return math.Atan2, nil
	}
	return nil, fmt.Errorf("is not defined on floating-point elements")
}

// maximum is IEEE 754-2019 maximum: NaN if either operand is NaN, and
// -0 < +0. (math.Max alone is not: it returns +Inf for (NaN, +Inf).)
func maximum(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Max(a, b)
}

// minimum is IEEE 754-2019 minimum (math.Min returns -Inf for (NaN, -Inf)).
func minimum(a, b float64) float64 {
	if a != a || b != b {
		return math.NaN()
	}
	return math.Min(a, b)
}

// intBinary returns the hlo binary op name on integers of kind k; operands
// and result are normalized to k (the caller wraps the result).
func intBinary(name string, k elemKind) (func(a, b int64) int64, error) {
	w := uint64(k.width)
	switch name {
	case "add":
		if k.width == 1 {
			return func(a, b int64) int64 { return a | b }, nil // XLA: pred add is or
		}
		return func(a, b int64) int64 { return a + b }, nil
	case "subtract":
		return func(a, b int64) int64 { return a - b }, nil
	case "multiply":
		return func(a, b int64) int64 { return a * b }, nil
	case "divide":
		if k.unsigned {
			return func(a, b int64) int64 {
				if b == 0 {
					return -1 // x / 0 is all ones
				}
				return int64(k.mask(a) / k.mask(b))
			}, nil
		}
		return func(a, b int64) int64 {
			switch {
			case b == 0:
				return -1
			case b == -1 && a == k.minInt():
				return a // INT_MIN / -1 = INT_MIN
			}
			return a / b
		}, nil
	case "remainder":
		if k.unsigned {
			return func(a, b int64) int64 {
				if b == 0 {
					return a // x % 0 = x
				}
				return int64(k.mask(a) % k.mask(b))
			}, nil
		}
		return func(a, b int64) int64 {
			switch {
			case b == 0:
				return a
			case b == -1:
				return 0 // INT_MIN % -1 = 0
			}
			return a % b // truncates, like C
		}, nil
	case "maximum":
		if k.unsigned {
			return func(a, b int64) int64 {
				if k.mask(a) >= k.mask(b) {
					return a
				}
				return b
			}, nil
		}
		return func(a, b int64) int64 { return max(a, b) }, nil
	case "minimum":
		if k.unsigned {
			return func(a, b int64) int64 {
				if k.mask(a) <= k.mask(b) {
					return a
				}
				return b
			}, nil
		}
		return func(a, b int64) int64 { return min(a, b) }, nil
	case "power":
		return func(a, b int64) int64 { return intPower(a, b, k) }, nil
	case "and":
		return func(a, b int64) int64 { return a & b }, nil
	case "or":
		return func(a, b int64) int64 { return a | b }, nil
	case "xor":
		return func(a, b int64) int64 { return a ^ b }, nil
	case "shift_left":
		return func(a, b int64) int64 {
			if k.mask(b) >= w {
				return 0
			}
			return a << k.mask(b)
		}, nil
	case "shift_right_logical":
		return func(a, b int64) int64 {
			if k.mask(b) >= w {
				return 0
			}
			return int64(k.mask(a) >> k.mask(b))
		}, nil
	case "shift_right_arithmetic":
		return func(a, b int64) int64 {
			s := uint(64 - w)
			signed := a << s >> s // the value as a signed w-bit number
			n := k.mask(b)
			if n >= w {
				n = w - 1 // a shift by the width or more fills with the sign
			}
			return signed >> n
		}, nil
	}
	return nil, fmt.Errorf("is not defined on integer elements")
}

// intPower is StableHLO's integer power (its reference interpreter): a
// negative exponent gives 0 unless |base| is 1, then |exponent| is used.
func intPower(base, exp int64, k elemKind) int64 {
	e := k.mask(exp)
	if !k.unsigned && exp < 0 {
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

// floatUnary returns the hlo unary op name on floats, in float64.
func floatUnary(name string) (func(float64) float64, error) {
	switch name {
	case "negate":
		return func(a float64) float64 { return -a }, nil
	case "abs":
		return math.Abs, nil
	case "exponential":
		return math.Exp, nil
	case "exponential_minus_one":
		return math.Expm1, nil
	case "log":
		return math.Log, nil
	case "log_plus_one":
		return math.Log1p, nil
	case "sqrt":
		return math.Sqrt, nil
	case "rsqrt":
		return func(a float64) float64 { return 1 / math.Sqrt(a) }, nil
	case "cbrt":
		return math.Cbrt, nil
	case "tanh":
		return math.Tanh, nil
	case "logistic":
		return func(a float64) float64 { return 1 / (1 + math.Exp(-a)) }, nil
	case "sign":
		return func(a float64) float64 {
			if a == 0 || math.IsNaN(a) {
				return a // ±0 and NaN are their own sign
			}
			return math.Copysign(1, a)
		}, nil
	case "floor":
		return math.Floor, nil
	case "ceil":
		return math.Ceil, nil
	case "round_nearest_even":
		return math.RoundToEven, nil
	}
	return nil, fmt.Errorf("is not defined on floating-point elements")
}

// intUnary returns the hlo unary op name on integers of kind k.
func intUnary(name string, k elemKind) (func(int64) int64, error) {
	switch name {
	case "negate":
		return func(a int64) int64 { return -a }, nil
	case "abs":
		if k.unsigned {
			return func(a int64) int64 { return a }, nil
		}
		return func(a int64) int64 {
			if a < 0 {
				return -a // abs(INT_MIN) wraps to INT_MIN
			}
			return a
		}, nil
	case "sign":
		return func(a int64) int64 {
			switch {
			case a == 0:
				return 0
			case a < 0 && !k.unsigned:
				return -1 // a ui64 above 2^63 is a negative int64, and positive
			}
			return 1
		}, nil
	case "not":
		if k.width == 1 {
			return func(a int64) int64 { return 1 - a }, nil
		}
		return func(a int64) int64 { return ^a }, nil
	case "popcnt":
		return func(a int64) int64 { return int64(bits.OnesCount64(k.mask(a))) }, nil
	}
	return nil, fmt.Errorf("is not defined on integer elements")
}

// compareFloats returns hlo.compare with direction dir on floats; total
// selects TOTALORDER (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN,
// on the element format's bits), else IEEE quiet comparisons (FLOAT).
func compareFloats(dir string, total bool, k elemKind) (func(a, b float64) bool, error) {
	if total {
		key := func(v float64) int64 {
			b := formatBits(v, k)
			if b < 0 {
				return b ^ math.MaxInt64 // negative: reverse the order of the magnitude bits
			}
			return b
		}
		cmp, err := compareOrdered(dir)
		if err != nil {
			return nil, err
		}
		return func(a, b float64) bool { return cmp(key(a), key(b)) }, nil
	}
	switch dir {
	case "EQ":
		return func(a, b float64) bool { return a == b }, nil
	case "NE":
		return func(a, b float64) bool { return a != b }, nil
	case "GE":
		return func(a, b float64) bool { return a >= b }, nil
	case "GT":
		return func(a, b float64) bool { return a > b }, nil
	case "LE":
		return func(a, b float64) bool { return a <= b }, nil
	case "LT":
		return func(a, b float64) bool { return a < b }, nil
	}
	return nil, fmt.Errorf("unknown comparison direction %q", dir)
}

// formatBits returns the bits of v in its element format, sign-extended
// from the format's width so that the format's sign bit is the int64 sign.
func formatBits(v float64, k elemKind) int64 {
	switch k.fk {
	case ir.F64:
		return int64(math.Float64bits(v))
	case ir.F32:
		return int64(int32(math.Float32bits(float32(v))))
	}
	return int64(int16(uint16(ir.FloatBits(v, k.fk))))
}

// compareOrdered returns the comparison dir on int64 keys.
func compareOrdered(dir string) (func(a, b int64) bool, error) {
	switch dir {
	case "EQ":
		return func(a, b int64) bool { return a == b }, nil
	case "NE":
		return func(a, b int64) bool { return a != b }, nil
	case "GE":
		return func(a, b int64) bool { return a >= b }, nil
	case "GT":
		return func(a, b int64) bool { return a > b }, nil
	case "LE":
		return func(a, b int64) bool { return a <= b }, nil
	case "LT":
		return func(a, b int64) bool { return a < b }, nil
	}
	return nil, fmt.Errorf("unknown comparison direction %q", dir)
}

// compareInts returns hlo.compare with direction dir on integers of kind
// k, as signed or unsigned numbers.
func compareInts(dir string, unsigned bool, k elemKind) (func(a, b int64) bool, error) {
	cmp, err := compareOrdered(dir)
	if err != nil {
		return nil, err
	}
	if !unsigned {
		s := uint(64 - k.width)
		return func(a, b int64) bool { return cmp(a<<s>>s, b<<s>>s) }, nil
	}
	// Flipping the top bit maps unsigned order onto signed order.
	return func(a, b int64) bool {
		return cmp(int64(k.mask(a)<<uint(64-k.width))^math.MinInt64, int64(k.mask(b)<<uint(64-k.width))^math.MinInt64)
	}, nil
}

// convertElem returns hlo.convert from kind from to kind to; floats are
// float64 values, integers normalized int64s. Following XLA: integers
// convert by truncation or sign/zero extension (by the source's
// signedness), to i1 as `x != 0`; floats to integers truncate toward zero
// and saturate, NaN giving 0; integers to floats round to nearest.
func convertElem(from, to elemKind) (fromF func(float64) (float64, int64), fromI func(int64) (float64, int64)) {
	toInt := func(f float64) int64 {
		if to.width == 1 {
			if f != 0 {
				return 1 // NaN != 0 too
			}
			return 0
		}
		if math.IsNaN(f) {
			return 0
		}
		f = math.Trunc(f)
		if to.unsigned {
			hi := math.Ldexp(1, to.width) // 2^width, just above the maximum
			switch {
			case f <= 0:
				return 0
			case f >= hi:
				return to.wrap(-1)
			case f >= 1<<63:
				return int64(uint64(f))
			}
			return int64(f)
		}
		lo := -math.Ldexp(1, to.width-1)
		switch {
		case f <= lo:
			return to.minInt()
		case f >= -lo:
			return -to.minInt() - 1
		}
		return int64(f)
	}
	fromF = func(f float64) (float64, int64) {
		if to.float {
			return to.round(f), 0
		}
		return 0, toInt(f)
	}
	fromI = func(v int64) (float64, int64) {
		if to.float {
			// Convert in one rounding where Go can (f32, f64).
			u := from.unsigned && from.width == 64
			switch {
			case to.fk == ir.F32 && u:
				return float64(float32(uint64(v))), 0
			case to.fk == ir.F32:
				return float64(float32(v)), 0
			case u:
				return to.round(float64(uint64(v))), 0
			}
			return to.round(float64(v)), 0
		}
		if to.width == 1 {
			if v != 0 {
				return 0, 1
			}
			return 0, 0
		}
		return 0, to.wrap(v)
	}
	return fromF, fromI
}
