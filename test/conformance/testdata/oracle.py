# The conformance matrix's oracle: numpy (and scipy.special) compute the
# expected result of every cell, with StableHLO's semantics (XLA's choices
# where StableHLO leaves a result implementation-defined; each such place
# says so). Run by internal/pyoracle: argv[1] is a JSON list of cells
#   {"key": op case, "params": {...},
#    "inputs": [{"dtype", "shape", "hex"}], "results": [{"dtype", "shape"}]}
# and it prints a JSON list of {"hex": [one per result]} or {"error": msg}.
#
# Values travel as the little-endian bytes of the tensors (hex): i1 one
# byte 0/1, bf16 its 16 bits, complex (re, im) pairs.
#
# Float precision: an op that IEEE 754 rounds exactly (add, subtract,
# multiply, divide, sqrt, remainder, convert, ...) is computed in f32 for
# f16 and bf16 and rounded once to nearest even (f32 has more than
# 2p+2 bits for both, so the double rounding is innocuous and the result
# is the correctly rounded one); in f32 and f64 for those types. The other
# functions are computed in float64 (numpy's, libm's) and rounded to the
# element type: the reference the test's ulp bound is measured from.
# numpy has no bfloat16: a bf16 value is its f32 widening, and a result is
# rounded to bf16 by bit manipulation (round to nearest even on the 16
# bits dropped).

import json
import math
import sys
from fractions import Fraction

import numpy as np
import scipy.special as sp

STORAGE = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "si8": np.int8, "si16": np.int16, "si32": np.int32, "si64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "f16": np.float16, "bf16": np.uint16, "f32": np.float32, "f64": np.float64,
    "complex<f32>": np.complex64, "complex<f64>": np.complex128,
}
# (exponent bits, fraction bits) of the float formats.
FORMATS = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}


def is_float(dt):
    return dt in FORMATS


def is_complex(dt):
    return dt.startswith("complex")


def is_int(dt):
    return not is_float(dt) and not is_complex(dt)


def int_width(dt):
    return 1 if dt == "i1" else int(dt.lstrip("sui"))


def unsigned(dt):
    return dt == "i1" or dt.startswith("ui")


def wrap(v, dt):
    """v as a value of the integer type dt (two's complement wrap)."""
    w = int_width(dt)
    v &= (1 << w) - 1
    if not unsigned(dt) and v >> (w - 1):
        v -= 1 << w
    return v


def bf16_to_f32(u16):
    return (u16.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16_bits(x):
    """Round float32 values to bf16 bits, to nearest even."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(x, dtype=np.float32))
    return np.where(nan, ((b >> 16) | 0x40).astype(np.uint16), r)


def decode(inp):
    """An input as the oracle computes with it: Python ints for integers
    (a list), float32 for f16/bf16, float32/float64, complex."""
    dt = inp["dtype"]
    raw = np.frombuffer(bytes.fromhex(inp["hex"]), dtype=STORAGE[dt])
    if dt == "bf16":
        return bf16_to_f32(raw).reshape(inp["shape"])
    if dt == "f16":
        return raw.astype(np.float32).reshape(inp["shape"])
    if is_int(dt):
        return np.array([int(v) for v in raw], dtype=object).reshape(inp["shape"])
    return raw.copy().reshape(inp["shape"])


def round_exact(x, dt):
    """The exact value x (a Fraction, or a float NaN/inf) rounded to the
    float type dt, to nearest even, as a float64 holding that value."""
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return x
    e, m = FORMATS[dt]
    if x == 0:
        return x if isinstance(x, float) else 0.0
    sign = -1 if x < 0 else 1
    a = abs(Fraction(x))
    emin = 2 - (1 << (e - 1))
    emax = (1 << (e - 1)) - 1
    exp = a.numerator.bit_length() - a.denominator.bit_length()  # floor(log2(a)) or one less
    while exp > emin and a < Fraction(2) ** exp:
        exp -= 1
    while a >= Fraction(2) ** (exp + 1):
        exp += 1
    exp = max(exp, emin)
    q = a / Fraction(2) ** (exp - m)
    n = math.floor(q)
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
        n += 1
    v = Fraction(n) * Fraction(2) ** (exp - m)
    if v >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(v)


def encode(vals, dt, exact=False):
    """vals (computed as above) as the bytes of a dt tensor, in hex. For
    float types, exact=True means vals are exact values (Fractions or
    float64 that must be rounded once, exactly)."""
    if dt == "i1":
        a = np.array([bool(v) for v in np.ravel(vals)], dtype=np.bool_)
        return a.tobytes().hex()
    if is_int(dt):
        w = int_width(dt)
        # a list stays Python ints (np.ravel would make 2^64-1 a float)
        flat = vals if isinstance(vals, list) else np.ravel(np.asarray(vals, dtype=object))
        return b"".join((int(v) & ((1 << w) - 1)).to_bytes(w // 8, "little") for v in flat).hex()
    if is_complex(dt):
        return np.asarray(vals).astype(STORAGE[dt]).tobytes().hex()
    if exact:
        # rounded once here; the float64 (and f32) values hold them exactly
        vals = np.array([round_exact(v if isinstance(v, (Fraction, int)) else float(v), dt)
                         for v in np.ravel(vals)], dtype=np.float64)
    vals = np.asarray(vals)
    if dt == "bf16":
        return f32_to_bf16_bits(vals.astype(np.float32)).tobytes().hex()
    return vals.astype(STORAGE[dt]).tobytes().hex()


def f(x, dt):
    """x in the precision dt is computed in (see the header)."""
    return np.asarray(x, dtype=np.float64 if dt == "f64" else np.float32)


# ---- elementwise functions ----

def fmax(a, b):
    """IEEE 754-2019 maximum: NaN wins, -0 < +0 (numpy's np.maximum
    returns its first operand for -0, +0)."""
    r = np.where(a > b, a, b)
    r = np.where((a == b) & (np.signbit(a) != np.signbit(b)), np.abs(a), r)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r).astype(a.dtype)


def fmin(a, b):
    r = np.where(a < b, a, b)
    r = np.where((a == b) & (np.signbit(a) != np.signbit(b)), -np.abs(a), r)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r).astype(a.dtype)


def round_afz(x):
    t = np.trunc(x)
    d = x - t
    return np.where(np.abs(d) >= 0.5, t + np.sign(x), t).astype(x.dtype)


def fsign(x):
    one = np.ones_like(x)
    return np.where(x > 0, one, np.where(x < 0, -one, x))


def int_div(a, b, dt):
    # XLA (StableHLO leaves it implementation-defined): x / 0 = -1 (all
    # bits set, also for unsigned), INT_MIN / -1 = INT_MIN (wraps).
    if b == 0:
        return -1
    q = abs(a) // abs(b)
    return wrap(q if (a < 0) == (b < 0) else -q, dt)


def int_rem(a, b, dt):
    # XLA: x % 0 = x, INT_MIN % -1 = 0; the sign of the dividend, as C's %.
    if b == 0:
        return a
    r = abs(a) % abs(b)
    return wrap(-r if a < 0 else r, dt)


def int_pow(a, b, dt):
    # StableHLO's reference interpreter: a negative exponent gives 0 but
    # for the bases 1 and -1.
    if b < 0:
        if a == 1:
            return 1
        if a == -1:
            return 1 if b % 2 == 0 else -1
        return 0
    return wrap(pow(a, b, 1 << int_width(dt)), dt)


def shift(a, b, dt, kind):
    # XLA: a shift by the width or more, or by a negative amount (an
    # unsigned huge one), gives 0, or the sign everywhere for arithmetic.
    w = int_width(dt)
    ua = a & ((1 << w) - 1)
    sa = ua - (1 << w) if ua >> (w - 1) else ua  # the bits read as signed
    if b < 0 or b >= w:
        return wrap(-1 if (kind == "ar" and sa < 0) else 0, dt)
    if kind == "l":
        return wrap(ua << b, dt)
    if kind == "lr":
        return wrap(ua >> b, dt)
    return wrap(sa >> b, dt)


def ielem(fn):
    """An elementwise function of Python ints, over object arrays."""
    def run(dt, *xs):
        return np.vectorize(lambda *v: fn(*v, dt), otypes=[object])(*xs)
    return run


INT_UNARY = {
    "negate": lambda x, dt: wrap(-x, dt),
    # abs and sign of an unsigned integer (StableHLO has neither): x, x != 0
    "abs": lambda x, dt: wrap(abs(x), dt),
    "sign": lambda x, dt: (x > 0) - (x < 0),
    "not": lambda x, dt: wrap(~x, dt) if dt != "i1" else int(not x),
    "popcnt": lambda x, dt: bin(x & ((1 << int_width(dt)) - 1)).count("1"),
}

INT_BINARY = {
    # on i1 StableHLO's add is or and multiply is and: the wrap to 1 bit
    # below gives xor for add, so i1 is special-cased
    "add": lambda a, b, dt: (a | b) if dt == "i1" else wrap(a + b, dt),
    "subtract": lambda a, b, dt: wrap(a - b, dt),
    "multiply": lambda a, b, dt: wrap(a * b, dt),
    "divide": int_div,
    "remainder": int_rem,
    "maximum": lambda a, b, dt: max(a, b),
    "minimum": lambda a, b, dt: min(a, b),
    "and": lambda a, b, dt: a & b,
    "or": lambda a, b, dt: a | b,
    "xor": lambda a, b, dt: a ^ b,
    "power": int_pow,
    "shift_left": lambda a, b, dt: shift(a, b, dt, "l"),
    "shift_right_logical": lambda a, b, dt: shift(a, b, dt, "lr"),
    "shift_right_arithmetic": lambda a, b, dt: shift(a, b, dt, "ar"),
}


def logistic(x):
    return 1 / (1 + np.exp(-x))


def digamma(x):
    # XLA's digamma: NaN at the poles (0 and the negative integers), where
    # scipy gives -inf or NaN by side
    r = sp.psi(x)
    return np.where((x <= 0) & (x == np.floor(x)), np.nan, r)


def erf_inv(x):
    # odd, so erf_inv(-0) is -0, as XLA's x * P(w) (scipy gives +0)
    return np.where(x == 0, x, sp.erfinv(x))


def lgamma(x):
    # log|Gamma(x)|, +inf at the poles and at both infinities, as XLA's
    # (scipy's gammaln(-inf) is -inf); -log|x| for |x| < 2^-70, where
    # Gamma(x) is 1/x to double precision (scipy's gammaln overflows to
    # inf at the smallest subnormals)
    with np.errstate(divide="ignore"):
        tiny = -np.log(np.abs(x))
    r = np.where((x != 0) & (np.abs(x) < 2.0**-70), tiny, sp.gammaln(x))
    return np.where(np.isinf(x), np.inf, r)


# Float unary functions. EXACT ones are computed in the element type's
# computing precision f(x, dt); the others in float64.
FLOAT_EXACT_UNARY = {
    "negate": lambda x: -x,
    "abs": np.abs,
    "sign": fsign,
    "floor": np.floor,
    "ceil": np.ceil,
    "round_nearest_even": np.rint,
    "round_nearest_afz": round_afz,
    "sqrt": np.sqrt,
    "is_finite": np.isfinite,
    "is_inf": np.isinf,
    "is_pos_inf": lambda x: np.isposinf(x),
    "is_neg_inf": lambda x: np.isneginf(x),
    "conj": lambda x: x,
}
FLOAT_UNARY = {
    "exponential": np.exp, "exponential_minus_one": np.expm1, "log": np.log,
    "log_plus_one": np.log1p, "logistic": logistic, "rsqrt": lambda x: 1 / np.sqrt(x),
    "cbrt": np.cbrt, "tanh": np.tanh, "sine": np.sin, "cosine": np.cos, "tan": np.tan,
    "sinh": np.sinh, "cosh": np.cosh, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
    "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh, "erf": sp.erf,
    "erfc": sp.erfc, "erf_inv": erf_inv, "lgamma": lgamma, "digamma": digamma,
}
FLOAT_EXACT_BINARY = {
    "add": lambda a, b: a + b, "subtract": lambda a, b: a - b,
    "multiply": lambda a, b: a * b, "divide": lambda a, b: a / b,
    "remainder": np.fmod, "maximum": fmax, "minimum": fmin,
    "next_after": np.nextafter,
}
FLOAT_BINARY = {"power": np.power, "atan2": np.arctan2}
# Complex functions, in complex128.
def complex_expm1(x):
    """numpy's expm1, but exact for a zero imaginary part as exp is
    (numpy's expm1(+inf + 0j) has a NaN imaginary part)."""
    z = np.empty(np.shape(x), dtype=np.complex128)
    z.real, z.imag = np.expm1(x.real), x.imag
    return np.where(x.imag == 0, z, np.expm1(x))


def complex_log1p(x):
    """log(1 + x); numpy's log1p takes log(hypot(1 + re, im)), which loses
    the digits of small |x|: where |x| < 1/2 the real part is
    log1p(2 re + re^2 + im^2) / 2 in long double."""
    z = np.asarray(x).astype(np.clongdouble)
    re, im = z.real, z.imag
    small = np.abs(z) < 0.5
    out = np.empty(np.shape(x), dtype=np.complex128)
    out.real = np.where(small, np.log1p(re * (2 + re) + im * im) / 2, np.log1p(x).real)
    out.imag = np.arctan2(im, 1 + re)
    return out


def complex_cbrt(x):
    """the principal cube root x**(1/3), in long double: numpy's complex128
    power is exp(log(x)/3), |log x| ulps off for large and tiny |x|."""
    return (np.asarray(x).astype(np.clongdouble) ** (np.longdouble(1) / 3)).astype(np.complex128)


def complex_atan2(a, b):
    """StableHLO's atan2 on complex numbers, -i log((b + i a) / sqrt(b b + a a)),
    with i a and -i w as swapped parts (no product with a zero part, which
    would make an infinite part NaN)."""
    ia = np.empty(np.shape(a), dtype=np.complex128)
    ia.real, ia.imag = -a.imag, a.real
    w = np.log((b + ia) / np.sqrt(b * b + a * a))
    out = np.empty(np.shape(w), dtype=np.complex128)
    out.real, out.imag = w.imag, -w.real
    return out


COMPLEX_UNARY = {
    "negate": lambda x: -x, "exponential": np.exp, "log": np.log, "sqrt": np.sqrt,
    "rsqrt": lambda x: 1 / np.sqrt(x), "tanh": np.tanh, "sine": np.sin, "cosine": np.cos,
    "tan": np.tan, "exponential_minus_one": complex_expm1, "log_plus_one": complex_log1p,
    "sign": lambda x: np.where(x == 0, x, x / np.where(x == 0, 1, np.abs(x))),
    "logistic": logistic, "conj": np.conj, "cbrt": complex_cbrt,
    "sinh": np.sinh, "cosh": np.cosh, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
    "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh,
}
COMPLEX_BINARY = {
    "add": lambda a, b: a + b, "subtract": lambda a, b: a - b,
    "multiply": lambda a, b: a * b, "divide": lambda a, b: a / b, "power": np.power,
    "atan2": complex_atan2,
    # StableHLO: lexicographic on (re, im); numpy's are too, and the first
    # operand with a NaN part is the result, as bcast-opt chose.
    "maximum": np.maximum, "minimum": np.minimum,
}


def component(dt):
    return "f32" if dt == "complex<f32>" else "f64"


def unary(c, ins):
    op, dt, rdt = c["params"]["op"], c["inputs"][0]["dtype"], c["results"][0]["dtype"]
    (x,) = ins
    if is_int(dt):
        return [encode(ielem(INT_UNARY[op])(dt, x), rdt)]
    if is_complex(dt):
        x = x.astype(np.complex128)
        if op == "abs":
            return [encode(np.abs(x), rdt, exact=False)]
        return [encode(COMPLEX_UNARY[op](x), rdt)]
    if op in FLOAT_EXACT_UNARY:
        return [encode(FLOAT_EXACT_UNARY[op](f(x, dt)), rdt)]
    return [encode(FLOAT_UNARY[op](x.astype(np.float64)), rdt)]


def binary(c, ins):
    op, dt, rdt = c["params"]["op"], c["inputs"][0]["dtype"], c["results"][0]["dtype"]
    a, b = ins
    if is_int(dt):
        return [encode(ielem(INT_BINARY[op])(dt, a, b), rdt)]
    if is_complex(dt):
        return [encode(COMPLEX_BINARY[op](a.astype(np.complex128), b.astype(np.complex128)), rdt)]
    if op == "next_after":
        # in the element type itself: the neighbour of a toward b
        return [encode(next_after(a, b, dt), rdt, exact=True)]
    if op in FLOAT_EXACT_BINARY:
        return [encode(FLOAT_EXACT_BINARY[op](f(a, dt), f(b, dt)), rdt)]
    return [encode(FLOAT_BINARY[op](a.astype(np.float64), b.astype(np.float64)), rdt)]


def next_after(a, b, dt):
    if dt in ("f32", "f64"):
        return np.nextafter(f(a, dt), f(b, dt)).astype(np.float64)
    # f16, bf16: step the bits
    e, m = FORMATS[dt]
    out = []
    for x, y in zip(np.ravel(a).astype(np.float64), np.ravel(b).astype(np.float64)):
        if math.isnan(x) or math.isnan(y):
            out.append(math.nan)
        elif x == y:
            out.append(float(y))
        elif x == 0:
            out.append(math.copysign(2.0 ** (2 - (1 << (e - 1)) - m), y))
        else:
            bits = float_bits(x, dt)
            bits += 1 if (y > x) == (x > 0) else -1
            out.append(bits_float(bits, dt))
    return np.array(out, dtype=object).reshape(np.shape(a))


def float_bits(x, dt):
    if dt == "f16":
        return int(np.float16(x).view(np.uint16))
    return int(f32_to_bf16_bits(np.array([x], dtype=np.float32))[0])


def bits_float(bits, dt):
    if dt == "f16":
        return float(np.uint16(bits).view(np.float16))
    return float(bf16_to_f32(np.array([bits], dtype=np.uint16))[0])


def compare(c, ins):
    dt = c["inputs"][0]["dtype"]
    a, b = ins
    if is_float(dt):
        a, b = f(a, dt), f(b, dt)
    out = []
    for d in c["params"]["dirs"]:
        fn = {"EQ": lambda x, y: x == y, "NE": lambda x, y: x != y, "LT": lambda x, y: x < y,
              "LE": lambda x, y: x <= y, "GT": lambda x, y: x > y, "GE": lambda x, y: x >= y}[d]
        out.append(encode(np.vectorize(fn, otypes=[bool])(a, b), "i1"))
    return out


def select(c, ins):
    p, a, b = ins
    return [encode(np.where(p.astype(bool), a, b), c["results"][0]["dtype"])]


def clamp(c, ins):
    lo, x, hi = ins
    dt = c["inputs"][0]["dtype"]
    if is_int(dt):
        return [encode(np.vectorize(lambda l, v, h: min(max(v, l), h), otypes=[object])(lo, x, hi), dt)]
    if is_complex(dt):
        lo, x, hi = (v.astype(np.complex128) for v in (lo, x, hi))
        return [encode(np.minimum(np.maximum(x, lo), hi), dt)]
    lo, x, hi = f(lo, dt), f(x, dt), f(hi, dt)
    return [encode(fmin(fmax(x, lo), hi), dt)]


def convert_one(x, src, dst):
    """Each element of x (of type src) converted to dst, as exact values:
    floats to integers truncate toward zero and saturate, NaN giving 0
    (XLA's choice; StableHLO leaves it implementation-defined); integers
    wrap; x -> i1 is x != 0; to floats round once to nearest even."""
    out = []
    for v in np.ravel(x):
        if is_int(src):
            v = int(v)
        if is_complex(src):
            v = complex(v).real  # StableHLO: complex -> real keeps the real part
        if dst == "i1":
            out.append(int(v != 0))
        elif is_int(dst):
            if is_int(src):
                out.append(wrap(int(v), dst))
            else:
                v = float(v)
                w = int_width(dst)
                lo, hi = (0, (1 << w) - 1) if unsigned(dst) else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
                out.append(0 if math.isnan(v) else hi if v >= hi else lo if v <= lo else int(v))
        elif is_complex(dst):
            out.append(complex(float(v)))
        else:
            v = v if is_int(src) else float(v)
            # Fractions have no -0: a zero keeps its float (and sign)
            out.append(Fraction(v) if isinstance(v, int) or (math.isfinite(v) and v != 0) else v)
    return out


def convert(c, ins):
    # params["pairs"]: [input index, result index] of each conversion
    res = []
    for i, ri in c["params"]["pairs"]:
        src, dst = c["inputs"][i]["dtype"], c["results"][ri]["dtype"]
        vals = convert_one(ins[i], src, dst)
        res.append(encode(vals, dst, exact=is_float(dst)))
    return res


# ---- data movement: on the storage arrays, exactly ----

def storage(inp):
    return np.frombuffer(bytes.fromhex(inp["hex"]), dtype=STORAGE[inp["dtype"]]).reshape(inp["shape"])


def out(a, dt):
    return np.ascontiguousarray(a).astype(STORAGE[dt]).tobytes().hex()


def movement(c, _):
    p = c["params"]
    ins = [storage(i) for i in c["inputs"]]
    dts = [r["dtype"] for r in c["results"]]
    k = p["kind"]
    x = ins[0] if ins else None
    if k == "identity":
        rs = ins
    elif k == "reshape":
        rs = [x.reshape(c["results"][0]["shape"])]
    elif k == "transpose":
        rs = [x.transpose(p["perm"])]
    elif k == "broadcast":  # x broadcast along new leading dims
        rs = [np.broadcast_to(x.reshape(p["as"]), c["results"][0]["shape"])]
    elif k == "assign":  # the second input broadcast into the first's shape
        rs = [np.broadcast_to(ins[1], ins[0].shape)]
    elif k == "slice":
        rs = [x[tuple(slice(*s) for s in p["slices"])]]
    elif k == "concatenate":
        rs = [np.concatenate(ins, axis=p["dim"])]
    elif k == "reverse":
        rs = [np.flip(x, axis=tuple(p["dims"]))]
    elif k == "pad":
        rs = [pad(x, ins[1], p["low"], p["high"], p["interior"])]
    elif k == "dynamic_slice":
        rs = [dynamic_slice(x, [int(storage(i)) for i in c["inputs"][1:]], p["sizes"])]
    elif k == "dynamic_update_slice":
        rs = [dynamic_update_slice(x, ins[1], [int(storage(i)) for i in c["inputs"][2:]])]
    elif k == "iota":
        n = c["results"][0]["shape"]
        v = np.broadcast_to(np.arange(n[p["dim"]]).reshape([-1 if d == p["dim"] else 1 for d in range(len(n))]), n)
        rs = [np.array(convert_one(v, "i64", dts[0]), dtype=object).reshape(n)]
        return [encode(rs[0], dts[0], exact=is_float(dts[0]))]
    elif k == "dim_size":
        rs = [np.array(x.shape[p["dim"]], dtype=np.int32)]
    elif k == "bitcast":
        return [c["inputs"][0]["hex"]]
    else:
        raise ValueError("no movement kind " + k)
    return [out(r, dt) for r, dt in zip(rs, dts)]


def pad(x, v, low, high, interior):
    shape = [(n - 1) * (i + 1) + 1 if n else 0 for n, i in zip(x.shape, interior)]
    full = [max(0, lo) + s + max(0, hi) for s, lo, hi in zip(shape, low, high)]
    r = np.full(full, v, dtype=x.dtype)
    idx = tuple(slice(max(0, lo), max(0, lo) + s, i + 1) for s, lo, i in zip(shape, low, interior))
    r[idx] = x
    # negative padding crops
    crop = tuple(slice(-lo if lo < 0 else 0, n + hi if hi < 0 else n) for n, lo, hi in zip(full, low, high))
    return r[crop]


def dynamic_slice(x, starts, sizes):
    # StableHLO: each start is clamped to [0, dim - size]
    st = [min(max(s, 0), n - z) for s, n, z in zip(starts, x.shape, sizes)]
    return x[tuple(slice(s, s + z) for s, z in zip(st, sizes))]


def dynamic_update_slice(x, u, starts):
    st = [min(max(s, 0), n - z) for s, n, z in zip(starts, x.shape, u.shape)]
    r = x.copy()
    r[tuple(slice(s, s + z) for s, z in zip(st, u.shape))] = u
    return r


# ---- reductions and contractions, on exact values ----

def combine(op, dt):
    if is_int(dt):
        return lambda a, b: INT_BINARY[op](a, b, dt)
    if is_complex(dt):
        # each sum and product rounded to the type, part by part, as the
        # float ones are
        rnd = np.complex64 if dt == "complex<f32>" else np.complex128
        if op == "add":
            return lambda a, b: np.complex128(rnd(a + b))
        if op == "multiply":
            return lambda a, b: np.complex128(rnd(a * b))
        # StableHLO's complex max: lexicographic (real part, then imaginary)
        return lambda a, b: a if (a.real, a.imag) >= (b.real, b.imag) else b
    fn = FLOAT_EXACT_BINARY[op]
    return lambda a, b: fn(f(a, dt), f(b, dt))[()]


def reduce(c, ins):
    """params: op, dims (reduced), and the init is the last input."""
    p = c["params"]
    x, init = ins
    dt = c["inputs"][0]["dtype"]
    fn = combine(p["op"], dt)
    moved = np.moveaxis(x, p["dims"], list(range(len(p["dims"]))))
    flat = moved.reshape((-1,) + moved.shape[len(p["dims"]):])
    outv = np.empty(flat.shape[1:], dtype=object)
    for idx in np.ndindex(*flat.shape[1:]):
        acc = init[()]
        for k in range(flat.shape[0]):
            acc = fn(acc, flat[(k,) + idx])
        outv[idx] = acc
    return [encode(outv, c["results"][0]["dtype"])]


def reduce_window(c, ins):
    """1-D: window w, padding (low, high) with the init, stride 1."""
    p = c["params"]
    x, init = ins
    dt = c["inputs"][0]["dtype"]
    fn = combine(p["op"], dt)
    padded = [init[()]] * p["low"] + list(x) + [init[()]] * p["high"]
    outv = []
    for i in range(len(padded) - p["window"] + 1):
        acc = init[()]
        for v in padded[i:i + p["window"]]:
            acc = fn(acc, v)
        outv.append(acc)
    return [encode(np.array(outv, dtype=object), c["results"][0]["dtype"])]


def dot(c, ins):
    """params: batch, contract (lhs dim lists), rbatch, rcontract; the
    result is batch dims, lhs free dims, rhs free dims."""
    p = c["params"]
    a, b = ins
    dt = c["inputs"][0]["dtype"]
    add, mul = combine("add", dt), combine("multiply", dt)
    lb, lc, rb, rc = p["batch"], p["contract"], p["rbatch"], p["rcontract"]
    lf = [d for d in range(a.ndim) if d not in lb + lc]
    rf = [d for d in range(b.ndim) if d not in rb + rc]
    shape = [a.shape[d] for d in lb] + [a.shape[d] for d in lf] + [b.shape[d] for d in rf]
    outv = np.empty(shape, dtype=object)
    csizes = [a.shape[d] for d in lc]
    zero = 0 if is_int(dt) else (0j if is_complex(dt) else np.float64(0.0))
    for idx in np.ndindex(*shape):
        bi, fi, gi = idx[:len(lb)], idx[len(lb):len(lb) + len(lf)], idx[len(lb) + len(lf):]
        acc = zero
        for ci in np.ndindex(*csizes):
            ai = [0] * a.ndim
            ri = [0] * b.ndim
            for d, v in zip(lb, bi):
                ai[d] = v
            for d, v in zip(rb, bi):
                ri[d] = v
            for d, v in zip(lf, fi):
                ai[d] = v
            for d, v in zip(rf, gi):
                ri[d] = v
            for d, v in zip(lc, ci):
                ai[d] = v
            for d, v in zip(rc, ci):
                ri[d] = v
            acc = add(acc, mul(a[tuple(ai)], b[tuple(ri)]))
        outv[idx] = acc
    return [encode(outv, c["results"][0]["dtype"])]


def reduce_precision(c, ins):
    """XLA's reduce_precision: round the mantissa to m bits to nearest
    even, then flush exponents out of range (to +-0 below, +-inf above);
    NaN stays NaN."""
    p = c["params"]
    (x,) = ins
    dt = c["inputs"][0]["dtype"]
    eb, mb = p["exponent_bits"], p["mantissa_bits"]
    outv = []
    for v in np.ravel(x).astype(np.float64):
        if math.isnan(v) or math.isinf(v) or v == 0:
            outv.append(v)
            continue
        emax = (1 << (eb - 1)) - 1
        emin = 1 - emax
        a = Fraction(abs(v))
        e = math.floor(math.log2(abs(v)))
        q = a / Fraction(2) ** (e - mb)
        n = math.floor(q)
        rem = q - n
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
            n += 1
        r = Fraction(n) * Fraction(2) ** (e - mb)
        if r >= Fraction(2) ** (emax + 1):
            outv.append(math.copysign(math.inf, v))
        elif r < Fraction(2) ** emin:
            outv.append(math.copysign(0.0, v))
        else:
            outv.append(math.copysign(float(r), v))
    return [encode(np.array(outv).reshape(np.shape(x)).astype(np.float64), c["results"][0]["dtype"], exact=True)]


def real_imag_complex(c, ins):
    op = c["params"]["op"]
    rdt = c["results"][0]["dtype"]
    if op == "complex":
        a, b = ins
        z = np.empty(np.shape(a), dtype=np.complex128)  # a + 1j*b would make inf*0 a NaN
        z.real, z.imag = a, b
        return [encode(z, rdt)]
    (x,) = ins
    if op == "real":
        return [encode(np.real(x), rdt)]
    return [encode(np.imag(x) if np.iscomplexobj(x) else np.zeros_like(x), rdt)]


KINDS = {
    "unary": unary, "binary": binary, "compare": compare, "select": select,
    "clamp": clamp, "convert": convert, "movement": movement, "reduce": reduce,
    "reduce_window": reduce_window, "dot": dot, "reduce_precision": reduce_precision,
    "complex_parts": real_imag_complex,
}


def main():
    cells = json.load(open(sys.argv[1]))
    answers = []
    with np.errstate(all="ignore"):
        for c in cells:
            try:
                ins = [decode(i) for i in c["inputs"]]
                answers.append({"hex": KINDS[c["kind"]](c, ins)})
            except Exception as e:  # reported as the cell's failure
                answers.append({"error": "%s: %r" % (type(e).__name__, e)})
    json.dump(answers, sys.stdout)


main()
