package randprog

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/bcast-opt/bcast-opt/internal/pyoracle"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The numpy oracle: a batch of programs goes to one python3 process as
// JSON, which evaluates every op with numpy in the program's dtype and
// numpy's own broadcasting, and answers with every op's value (or the op
// at which broadcasting fails). Elements travel as exact bit patterns.

// Array is a tensor in the batch file: its element type (an ElemTypes
// name), shape and elements as bit patterns: a float's bits in its format
// (f32: the uint32 bits, f64: the uint64 bits as an int64, f16 and bf16:
// the uint16 bits), an integer's value (a ui64 of 2^63 or more as the
// int64 of its bits), i1 0 or 1; a complex element is two entries, its
// real and imaginary parts' bits in the part type.
type Array struct {
	Elem  string  `json:"elem"`
	Shape []int64 `json:"shape"`
	Bits  []int64 `json:"bits"`
}

// ArrayOf encodes a tensor.
func ArrayOf(t *interp.Tensor) Array {
	a := Array{Elem: elemName(t.ElemType()), Shape: append([]int64{}, t.Shape()...), Bits: make([]int64, t.Len())}
	if ct, ok := t.ElemType().(*ir.ComplexType); ok {
		k := ct.Elem.(*ir.FloatType).Kind
		a.Bits = a.Bits[:0]
		for _, z := range t.Complexes() {
			a.Bits = append(a.Bits, int64(ir.FloatBits(real(z), k)), int64(ir.FloatBits(imag(z), k)))
		}
		return a
	}
	if ft, ok := t.ElemType().(*ir.FloatType); ok {
		for i, v := range t.Floats() {
			a.Bits[i] = int64(ir.FloatBits(v, ft.Kind))
		}
		return a
	}
	copy(a.Bits, t.Ints())
	return a
}

// Tensor decodes an array.
func (a Array) Tensor() (*interp.Tensor, error) {
	e := elemTypeNamed(a.Elem)
	if e == nil {
		return nil, fmt.Errorf("unknown element type %q", a.Elem)
	}
	if ct, ok := e.Type.(*ir.ComplexType); ok {
		k := ct.Elem.(*ir.FloatType).Kind
		zs := make([]complex128, len(a.Bits)/2)
		for i := range zs {
			zs[i] = complex(ir.FloatFromBits(uint64(a.Bits[2*i]), k), ir.FloatFromBits(uint64(a.Bits[2*i+1]), k))
		}
		return interp.NewComplex(ct, a.Shape, zs)
	}
	if ft, ok := e.Type.(*ir.FloatType); ok {
		vals := make([]float64, len(a.Bits))
		for i, b := range a.Bits {
			vals[i] = ir.FloatFromBits(uint64(b), ft.Kind)
		}
		return interp.NewFloats(ft, a.Shape, vals)
	}
	return interp.NewInts(e.Type, a.Shape, a.Bits)
}

type batchOp struct {
	Kind   string  `json:"kind"`
	Dir    string  `json:"dir,omitempty"`
	Args   []int   `json:"args"`
	Policy string  `json:"policy"`
	Dims   []int64 `json:"dims"`
	// Go is the interpreter's value of a transcendental op (or of a float
	// sum or product), which numpy continues with after comparing its own
	// (so that a rounding difference of one op does not spread to exact
	// comparisons).
	Go *Array `json:"go,omitempty"`
	// Reduction mode: the reduced dims (or counted dims), a
	// broadcast_in_dim's run-time result shape, a constant's value.
	RDims []int64 `json:"rdims,omitempty"`
	Shape []int64 `json:"shape,omitempty"`
	Const *Array  `json:"const,omitempty"`
	// Contraction mode: a dot_general's dimension numbers, lhs batching,
	// rhs batching, lhs contracting, rhs contracting.
	Dot *[4][]int64 `json:"dot,omitempty"`
	// Elem is a types-mode op's result element type: the oracle computes
	// the op with StableHLO's semantics on that type (typed_op).
	Elem string `json:"elem,omitempty"`
}

type batchProgram struct {
	Inputs []Array   `json:"inputs"`
	Ops    []batchOp `json:"ops"`
}

// Outcome is numpy's answer for one program: the value of every op up to
// ErrorOp (the first op whose operands do not broadcast, -1 if none).
type Outcome struct {
	Values  []Array `json:"values"`
	ErrorOp int     `json:"error_op"`
	Error   string  `json:"error"`
}

// Python returns the command that runs Debian's python3 (bypassing pyenv
// shims) and whether it imports numpy.
func Python() (string, bool) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return "", false
	}
	cmd := exec.Command(py, "-c", "import numpy")
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	return py, cmd.Run() == nil
}

// RunNumpy evaluates programs with numpy in one python3 process; traces
// holds the interpreter's value of each op (for transcendental ops).
func RunNumpy(python, dir string, progs []*Program, traces [][]*interp.Tensor) ([]Outcome, error) {
	batch := make([]batchProgram, len(progs))
	for i, p := range progs {
		bp := batchProgram{}
		for _, in := range p.Inputs {
			bp.Inputs = append(bp.Inputs, ArrayOf(in.Data))
		}
		for k, o := range p.Ops {
			bo := batchOp{Kind: o.Kind, Dir: o.Dir, Args: append([]int{}, o.Args...), Policy: o.Policy.String(), Dims: o.Dims, RDims: o.RDims}
			if p.Types {
				bo.Elem = o.Result.Elem
			}
			switch o.Kind {
			case "broadcast_in_dim":
				bo.Shape = o.Result.Shape
			case "dot_general":
				bo.Dot = &[4][]int64{o.Dot.LhsBatching, o.Dot.RhsBatching, o.Dot.LhsContracting, o.Dot.RhsContracting}
			case "constant":
				t, err := interp.NewFloats(elemType(o.Result.Elem), nil, []float64{o.Const})
				if o.Result.Elem == "i32" {
					t, err = interp.NewInts(elemType(o.Result.Elem), nil, []int64{int64(o.Const)})
				}
				if err != nil {
					return nil, err
				}
				a := ArrayOf(t)
				bo.Const = &a
			}
			if p.toleranced(o) && k < len(traces[i]) && traces[i][k] != nil {
				a := ArrayOf(traces[i][k])
				bo.Go = &a
			}
			bp.Ops = append(bp.Ops, bo)
		}
		batch[i] = bp
	}
	var out struct {
		Results []Outcome `json:"results"`
	}
	dtypes := map[string]string{}
	for _, e := range ElemTypes {
		dtypes[e.Name] = e.Numpy
	}
	if err := pyoracle.Run(python, dir, "oracle", oracleScript, map[string]any{"programs": batch, "dtypes": dtypes}, &out); err != nil {
		return nil, fmt.Errorf("python oracle: %v", err)
	}
	if len(out.Results) != len(progs) {
		return nil, fmt.Errorf("python oracle answered %d programs of %d", len(out.Results), len(progs))
	}
	return out.Results, nil
}

// oracleScript evaluates a batch with numpy. Broadcasting is numpy's own;
// broadcast_dimensions first reshape the lower-rank operand, inserting
// size-1 axes where no dim is mapped; the policies are checked on top
// (rank: no operand dim stretches; scalar: only rank-0 operands
// broadcast; none: identical shapes). maximum/minimum are IEEE 754-2019
// (NaN propagates, -0 < +0): np.maximum already propagates NaN, the
// signed-zero case is fixed up explicitly.
const oracleScript = `
import json, math, sys, warnings
import numpy as np
try:
    import scipy.special as sp  # types mode's special functions
except ImportError:
    sp = None

np.seterr(all='ignore')
warnings.filterwarnings('ignore')

# The element types by name (gen_types.go's ElemTypes, sent with the
# batch) and their numpy dtypes; bf16 values are held in float32.
DTYPES = {}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}

def np_dtype(e):
    return np.dtype(np.float32) if e == 'bf16' else np.dtype(DTYPES[e])

def part_dtype(dt):
    return np.dtype(np.float32) if dt == np.complex64 else np.dtype(np.float64)

def decode(a):
    e, shape = a['elem'], tuple(a['shape'])
    bits = np.array(a['bits'], dtype=np.int64)
    if is_complex(e):
        # (re, im) bit pairs of the part type
        pt = part_dtype(np_dtype(e))
        return bits.astype(UINT[pt.itemsize]).view(pt).view(np_dtype(e)).reshape(shape)
    if e == 'bf16':
        return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32).reshape(shape)
    dt = np_dtype(e)
    if dt.kind == 'f':
        return bits.astype(UINT[dt.itemsize]).view(dt).reshape(shape)
    return bits.astype(dt).reshape(shape)

def encode(x, e=None):
    # e is the element type; without it, the one of x's dtype.
    x = np.asarray(x)
    if e is None:
        names = [n for n, d in DTYPES.items() if d != 'bfloat16' and np.dtype(d) == x.dtype]
        if not names:
            raise TypeError('unexpected dtype %s' % x.dtype)
        e = names[0]
    flat = x.reshape(-1)
    if e == 'bf16':
        bits = flat.astype(np.float32).view(np.uint32) >> np.uint32(16)
    elif is_complex(e):
        pt = part_dtype(np_dtype(e))
        bits = flat.astype(np_dtype(e)).view(pt).view(UINT[pt.itemsize])
    else:
        dt = np_dtype(e)
        flat = flat.astype(dt)
        bits = flat.view(UINT[dt.itemsize]) if dt.kind == 'f' else flat
    return {'elem': e, 'shape': list(x.shape), 'bits': bits.astype(np.int64).tolist()}

class BroadcastError(Exception):
    pass

def place(args, dims):
    if dims is None or len(args) != 2 or args[0].ndim == args[1].ndim:
        return list(args)
    lo, hi = (0, 1) if args[0].ndim < args[1].ndim else (1, 0)
    shape = [1] * args[hi].ndim
    for i, d in enumerate(dims):
        shape[d] = args[lo].shape[i]
    out = list(args)
    out[lo] = args[lo].reshape(shape)
    return out

def broadcast(args, dims, policy):
    placed = place(args, dims)
    try:
        res = np.broadcast_shapes(*[a.shape for a in placed])
    except ValueError as e:
        raise BroadcastError(str(e))
    rank = len(res)
    if policy != 'numpy':
        for k, a in enumerate(args):
            if policy == 'scalar' and a.ndim == 0:
                continue
            if policy in ('scalar', 'none') and a.ndim != rank:
                raise BroadcastError('%s policy: operand %d has rank %d, result %d' % (policy, k, a.ndim, rank))
            pos = list(dims) if (dims is not None and a.ndim < rank) else list(range(rank - a.ndim, rank))
            for i, d in enumerate(pos):
                if a.shape[i] != res[d]:
                    raise BroadcastError('%s policy: operand %d dim %d is %d, result %d' % (policy, k, i, a.shape[i], res[d]))
    return placed, res

def fmax(a, b):
    r = np.maximum(a, b)
    if r.dtype.kind == 'f':
        z = (a == 0) & (b == 0)
        r = np.where(z, np.where(np.signbit(a), b, a), r)
    elif r.dtype.kind == 'c':
        r = complex_tie(a, b, r, fmax)
    return r

def fmin(a, b):
    r = np.minimum(a, b)
    if r.dtype.kind == 'f':
        z = (a == 0) & (b == 0)
        r = np.where(z, np.where(np.signbit(a), a, b), r)
    elif r.dtype.kind == 'c':
        r = complex_tie(a, b, r, fmin)
    return r

def complex_tie(a, b, r, f):
    # np.maximum on complex is lexicographic with NaN first, as
    # hlo.maximum; on equal values (differing in zeros' signs) numpy gives
    # a, hlo the parts' maximum (minimum), -0 < +0.
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    t = np.empty(a.shape, dtype=np.result_type(a, b))
    t.real, t.imag = f(a.real, b.real), f(a.imag, b.imag)
    return np.where(a == b, t, r)

BINARY = {'add': np.add, 'subtract': np.subtract, 'multiply': np.multiply, 'maximum': fmax, 'minimum': fmin,
          'divide': np.divide}
COMPARE = {'EQ': np.equal, 'NE': np.not_equal, 'GE': np.greater_equal, 'GT': np.greater, 'LE': np.less_equal, 'LT': np.less}
UNARY = {'negate': np.negative, 'abs': np.abs, 'floor': np.floor, 'ceil': np.ceil, 'round_nearest_even': np.rint,
         'sqrt': np.sqrt, 'exponential': np.exp, 'exponential_minus_one': np.expm1, 'log': np.log,
         'log_plus_one': np.log1p, 'tanh': np.tanh, 'not': np.invert, 'sign': np.sign,
         'rsqrt': lambda x: np.float32(1) / np.sqrt(x)}

# Reduction mode. Reductions start from JAX's identities (-inf / +inf or
# the integer bounds for max / min), so an empty reduced dim gives them;
# integer sums and products wrap (dtype=int32). The maximum (minimum) of
# zeros of both signs is +0 (-0), as IEEE 754-2019's maximum (minimum) and
# hlo.maximum (minimum) say, whatever order numpy folds in.

def identity(x, is_max):
    if x.dtype == np.float32:
        return -np.inf if is_max else np.inf
    info = np.iinfo(x.dtype)
    return info.min if is_max else info.max

def zero_sign(r, x, ax, is_max):
    r = np.asarray(r, dtype=x.dtype)
    if x.dtype != np.float32 or not np.any(r == 0):
        return r
    if is_max:
        fix = np.where(np.any((x == 0) & ~np.signbit(x), axis=ax), np.float32(0.0), np.float32(-0.0))
    else:
        fix = np.where(np.any((x == 0) & np.signbit(x), axis=ax), np.float32(-0.0), np.float32(0.0))
    return np.where(r == 0, fix, r).astype(x.dtype)

def red_max(x, ax):
    return zero_sign(np.max(x, axis=ax, initial=identity(x, True)), x, ax, True)

def red_min(x, ax):
    return zero_sign(np.min(x, axis=ax, initial=identity(x, False)), x, ax, False)

REDUCE = {'reduce_sum': lambda x, ax: np.sum(x, axis=ax, dtype=x.dtype),
          'reduce_prod': lambda x, ax: np.prod(x, axis=ax, dtype=x.dtype),
          'reduce_max': red_max, 'reduce_min': red_min}

def argminmax(kind, x, d):
    # np.argmax / np.argmin: the first extreme, or the first NaN. The
    # value result (jnp's reducer keeps the later of equal values) is the
    # extreme, or the first NaN, with a zero's sign from the last zero.
    is_max = kind.startswith('argmax')
    shape = x.shape[:d] + x.shape[d+1:]
    if x.shape[d] == 0:
        idx = np.zeros(shape, np.int32)
        val = np.full(shape, identity(x, is_max), dtype=x.dtype)
    else:
        idx = (np.argmax if is_max else np.argmin)(x, axis=d).astype(np.int32)
        val = np.take_along_axis(x, np.expand_dims(idx, d), d).squeeze(d)
        if x.dtype == np.float32:
            last = x.shape[d] - 1 - np.argmax(np.flip(x == 0, d), axis=d)
            lz = np.take_along_axis(x, np.expand_dims(last, d), d).squeeze(d)
            val = np.where(val == 0, lz, val).astype(x.dtype)
    return val if kind.endswith('.value') else idx

def bcast_in_dim(x, dims, shape):
    s = [1] * len(shape)
    for i, d in enumerate(dims):
        s[d] = x.shape[i]
    return np.broadcast_to(x.reshape(s), tuple(shape))

# Contraction mode: dot_general as np.einsum, one letter per batching pair,
# per contracting pair and per free dim; the result's dims are the batch
# dims, lhs's free dims, then rhs's. float32 sums in numpy's own order
# (compared within bounds); int32 products and sums computed in int64 and
# wrapped to int32, as hlo's integers wrap.

def dot_general(a, b, dims):
    lb, rb, lc, rc = [list(x or []) for x in dims]
    letters = iter('abcdefghijklmnopqrstuvwxyz')
    la = [None] * a.ndim
    ra = [None] * b.ndim
    out = []
    for l, r in zip(lb, rb):
        la[l] = ra[r] = next(letters)
        out.append(la[l])
    for l, r in zip(lc, rc):
        la[l] = ra[r] = next(letters)
    for d in range(a.ndim):
        if la[d] is None:
            la[d] = next(letters)
            out.append(la[d])
    for d in range(b.ndim):
        if ra[d] is None:
            ra[d] = next(letters)
            out.append(ra[d])
    sub = '%s,%s->%s' % (''.join(la), ''.join(ra), ''.join(out))
    if a.dtype == np.int32:
        return np.einsum(sub, a.astype(np.int64), b.astype(np.int64)).astype(np.int32)
    return np.asarray(np.einsum(sub, a, b), dtype=a.dtype)

# Types mode: every op on its element type with StableHLO's semantics
# (XLA's choices where StableHLO leaves them open, as
# dialects/hlo/element_functions.go lists them). float16 ops are numpy's
# own, which compute in float32 and round once: the correctly rounded
# result for add, subtract, multiply, divide and sqrt (float32 has more
# than 2*11+1 bits). bf16 values are float32 arrays; ops compute in
# float32 and bf16_round rounds each result to nearest even, correctly
# rounded for the same reason (24 > 2*8+1).

def bf16_round(x):
    # float32 -> the nearest bf16 (ties to even), as float32; NaNs stay
    # NaNs (quiet, with their sign).
    x = np.asarray(x, dtype=np.float32)
    b = x.view(np.uint32).astype(np.uint64)
    r = ((b + np.uint64(0x7FFF) + ((b >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)) << np.uint64(16)
    r = np.where(np.isnan(x), (b | np.uint64(0x400000)) >> np.uint64(16) << np.uint64(16), r)
    return r.astype(np.uint32).view(np.float32).reshape(x.shape)

def f32_round_to_odd(x):
    # float64 -> float32 rounded to odd (truncated, the last bit set when
    # inexact), so that rounding it on to bf16 rounds once.
    x = np.asarray(x, dtype=np.float64)
    f = x.astype(np.float32)
    inexact = (f.astype(np.float64) != x) & np.isfinite(x)
    f = np.where(inexact & (np.abs(f.astype(np.float64)) > np.abs(x)), np.nextafter(f, np.float32(0)), f).astype(np.float32)
    return (f.view(np.uint32) | inexact.astype(np.uint32)).view(np.float32).reshape(x.shape)

# Significand bits and largest finite value of each float type.
FORMATS = {'f16': (11, 65504.0), 'bf16': (8, float.fromhex('0x1.fep127')),
           'f32': (24, float.fromhex('0x1.fffffep127')), 'f64': (53, sys.float_info.max)}

def round_int(v, e):
    # The integer v rounded to float type e, to nearest even, exactly.
    p, maxf = FORMATS[e]
    if v == 0:
        return 0.0
    s, m = (-1 if v < 0 else 1), abs(v)
    n = m.bit_length()
    if n > p:
        sh = n - p
        q, rem, half = m >> sh, m & ((1 << sh) - 1), 1 << (sh - 1)
        if rem > half or (rem == half and q & 1):
            q += 1
        m = q << sh
    if m > maxf:
        return s * math.inf
    return s * float(m)

def is_float(e):
    return e == 'bf16' or np_dtype(e).kind == 'f'

def is_complex(e):
    return e != 'bf16' and np_dtype(e).kind == 'c'

def part_elem(e):
    return 'f32' if np_dtype(e) == np.complex64 else 'f64'

def cplx(re, im, dt):
    # re + i im without a + 1j * b's inf * 0 = NaN
    re, im = np.broadcast_arrays(np.asarray(re), np.asarray(im))
    z = np.empty(re.shape, dtype=dt)
    z.real, z.imag = re, im
    return z

def fix(r, e):
    # r as a value of type e: integers wrap; floats were computed in e's
    # dtype (bf16: float32, rounded here; float64: round to odd first).
    r = np.asarray(r)
    if e == 'bf16':
        if r.dtype == np.float64:
            r = f32_round_to_odd(r)
        return bf16_round(r)
    return r.astype(np_dtype(e))

def convert(x, frm, to):
    x = np.asarray(x)
    if is_complex(frm) and is_complex(to):
        return x.astype(np_dtype(to))
    if is_complex(frm):
        # StableHLO leaves it open; XLA (and hlo) take the real part
        x, frm = x.real, part_elem(frm)
    if is_complex(to):
        p = part_elem(to)
        return cplx(convert(x, frm, p), np.zeros(x.shape, np_dtype(p)), np_dtype(to))
    if to == 'i1':
        return x != 0
    if is_float(to):
        if not is_float(frm):
            v = [round_int(int(a), to) for a in x.reshape(-1)]
            return np.array(v, dtype=np.float64).reshape(x.shape).astype(np_dtype(to))
        return fix(x, to) if to == 'bf16' else x.astype(np_dtype(to))
    dt = np_dtype(to)
    if not is_float(frm):
        return x.astype(dt)
    # Float to integer: truncate toward zero, saturate, NaN to 0.
    info = np.iinfo(dt)
    t = np.trunc(np.where(np.isnan(x), 0, x).astype(np.float64))
    below, above = t <= float(info.min), t >= float(info.max) + 1.0
    mid = np.where(below | above, 0, t)
    r = mid.astype(np.uint64) if dt.kind == 'u' else mid.astype(np.int64)
    r = np.where(above, r.dtype.type(info.max), np.where(below, r.dtype.type(info.min), r))
    return r.astype(dt)

def width(e):
    return np_dtype(e).itemsize * 8

def as_unsigned(x, e):
    return np.asarray(x).astype(np_dtype(e)).view(UINT[np_dtype(e).itemsize]).astype(np.uint64)

def as_signed(x, e):
    return np.asarray(x).astype(np_dtype(e)).view(np.dtype('int%d' % width(e))).astype(np.int64)

def int_div(a, b, e):
    # Truncating; x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN.
    dt = np_dtype(e)
    z = b == 0
    if dt.kind == 'u':
        q = a // np.where(z, dt.type(1), b).astype(dt)
        return np.where(z, np.array(-1).astype(dt), q)
    special = (b == -1) & (a == np.iinfo(dt).min)
    bb = np.where(z | special, dt.type(1), b).astype(dt)
    q = (a - np.fmod(a, bb)) // bb
    return np.where(z, np.array(-1).astype(dt), np.where(special, a, q))

def int_rem(a, b, e):
    # Truncating (C's %); x % 0 = x, INT_MIN % -1 = 0.
    dt = np_dtype(e)
    z = b == 0
    if dt.kind == 'u':
        return np.where(z, a, a % np.where(z, dt.type(1), b).astype(dt))
    special = b == -1
    bb = np.where(z | special, dt.type(1), b).astype(dt)
    return np.where(z, a, np.where(special, np.array(0).astype(dt), np.fmod(a, bb)))

def shift(kind, a, b, e):
    # A shift by the width or more (the amount read as unsigned): 0, or
    # the sign everywhere for shift_right_arithmetic.
    w = width(e)
    n = as_unsigned(b, e)
    big = n >= np.uint64(w)
    n = np.minimum(n, np.uint64(w - 1))
    if kind == 'shift_left':
        r = np.where(big, np.uint64(0), as_unsigned(a, e) << n)
    elif kind == 'shift_right_logical':
        r = np.where(big, np.uint64(0), as_unsigned(a, e) >> n)
    else:
        r = as_signed(a, e) >> n.astype(np.int64)
    return r.astype(np.uint64).astype(np_dtype(e)) if r.dtype == np.uint64 else r.astype(np_dtype(e))

def popcnt(x, e):
    u = as_unsigned(x, e).reshape(-1)
    bits = np.unpackbits(u.view(np.uint8)).reshape(-1, 64)
    return bits.sum(axis=1).reshape(np.asarray(x).shape)

def round_afz(x):
    # Halfway cases away from zero: the integer part, plus one where the
    # fraction (exact) is at least a half; the sign of x (also for -0.3).
    t = np.trunc(x)
    r = t + np.where(np.abs(x - t) >= 0.5, np.copysign(np.ones_like(x), x), np.zeros_like(x))
    return np.copysign(r, x)

def wide(f):
    # f computed in float64 (for the formats narrower than it), rounded once by fix.
    return lambda *xs: f(*[np.asarray(x).astype(np.float64) for x in xs])

def lgamma(x):
    # XLA's: log|Gamma(x)|, +inf at the poles and at both infinities
    # (scipy's gammaln(-inf) is -inf), -log|x| for |x| < 2^-70 (scipy's
    # overflows at the smallest subnormals)
    with np.errstate(divide='ignore'):
        tiny = -np.log(np.abs(x))
    r = np.where((x != 0) & (np.abs(x) < 2.0**-70), tiny, sp.gammaln(x))
    return np.where(np.isinf(x), np.inf, r)

def next_after(a, b, e):
    # the neighbour of a toward b in e's format (C's nextafter); bf16 by
    # stepping its 16 bits, 0 to the smallest subnormal with b's sign
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    if e != 'bf16':
        return np.nextafter(a, b)
    hi = (a.astype(np.float32).view(np.uint32) >> np.uint32(16)).astype(np.int64)
    step = np.where((b > a) == (a > 0), 1, -1)
    r = (((hi + step) & 0xFFFF).astype(np.uint32) << np.uint32(16)).view(np.float32)
    r = np.where(a == 0, np.copysign(np.float32(2.0**-133), b), r)
    r = np.where(a == b, b, r)
    return np.where(np.isnan(a) | np.isnan(b), np.float32(np.nan), r).astype(np.float32)

def int_pow(a, b, e):
    # StableHLO's integer power (XLA's choice, element_functions.go's
    # powI): products wrap; a negative signed exponent gives 0, but 1 for
    # a base of 1 and +-1 for -1 (by the exponent's parity); an unsigned
    # exponent is its bits read as unsigned.
    a, b = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    w = width(e)
    m = 1 << w
    unsigned = np_dtype(e).kind == 'u'
    out = []
    for x, y in zip(a.reshape(-1).tolist(), b.reshape(-1).tolist()):
        x, y = int(x), int(y)
        if not unsigned and y < 0:
            r = 1 if x == 1 else ((-1 if y % 2 else 1) if x == -1 else 0)
        else:
            r = pow(x % m, y, m)
        r %= m
        if not unsigned and r >= m // 2:
            r -= m
        out.append(r)
    return np.array(out, dtype=np.uint64 if unsigned else np.int64).reshape(a.shape).astype(np_dtype(e))

TYPED_FLOAT_UNARY = {
    'negate': np.negative, 'abs': np.abs, 'floor': np.floor, 'ceil': np.ceil, 'round_nearest_even': np.rint,
    'round_nearest_afz': round_afz, 'sqrt': np.sqrt, 'rsqrt': wide(lambda x: 1 / np.sqrt(x)), 'cbrt': np.cbrt,
    'exponential': np.exp, 'exponential_minus_one': np.expm1, 'log': np.log, 'log_plus_one': np.log1p,
    'tanh': np.tanh, 'logistic': wide(lambda x: 1 / (1 + np.exp(-x))), 'sine': np.sin, 'cosine': np.cos,
    'is_finite': np.isfinite, 'tan': np.tan, 'real': lambda x: x, 'imag': np.zeros_like, 'conj': lambda x: x,
    'sinh': wide(np.sinh), 'cosh': wide(np.cosh), 'asin': wide(np.arcsin), 'acos': wide(np.arccos),
    'atan': wide(np.arctan), 'asinh': wide(np.arcsinh), 'acosh': wide(np.arccosh), 'atanh': wide(np.arctanh),
    'erf': wide(sp.erf), 'erfc': wide(sp.erfc), 'erf_inv': wide(lambda x: np.where(x == 0, x, sp.erfinv(x))),
    'lgamma': wide(lambda x: lgamma(x)), 'digamma': wide(lambda x: np.where((x <= 0) & (x == np.floor(x)), np.nan, sp.psi(x))),
    'is_inf': np.isinf, 'is_pos_inf': np.isposinf, 'is_neg_inf': np.isneginf,
    'sign': lambda x: np.where((x == 0) | np.isnan(x), x, np.copysign(np.ones_like(x), x)),
}

def complex_expm1(x):
    # numpy's, but exact for a zero imaginary part as exp is (numpy's
    # expm1(+inf + 0j) has a NaN imaginary part)
    return np.where(x.imag == 0, cplx(np.expm1(x.real), x.imag, x.dtype), np.expm1(x))

def complex_log1p(x):
    # log(1 + x); numpy's log1p is log(hypot(1 + re, im)), which loses
    # the digits of small |x|: where |x| < 1/2 the real part is
    # log1p(2 re + re^2 + im^2) / 2 in long double
    z = x.astype(np.clongdouble)
    re, im = z.real, z.imag
    r = np.where(np.abs(z) < 0.5, np.log1p(re * (2 + re) + im * im) / 2, np.log1p(x).real)
    return cplx(r, np.arctan2(im, 1 + re), x.dtype)

def complex_cbrt(x):
    # the principal cube root x**(1/3) in long double (numpy's complex128
    # power is exp(log(x)/3), |log x| ulps off)
    return (x.astype(np.clongdouble) ** (np.longdouble(1) / 3)).astype(np.complex128)

def complex_atan2(a, b):
    # StableHLO's -i log((b + i a) / sqrt(b b + a a)), i a and -i w as
    # swapped parts
    w = np.log((b + cplx(-a.imag, a.real, a.dtype)) / np.sqrt(b * b + a * a))
    return cplx(w.imag, -w.real, a.dtype)

# Complex ops compute in complex128 (the interpreter's precision; fix
# rounds each part once to complex64): numpy's complex64 multiplies and
# divides in float32.
TYPED_COMPLEX_UNARY = {
    'negate': np.negative, 'abs': np.abs, 'sqrt': np.sqrt, 'rsqrt': lambda x: 1 / np.sqrt(x),
    'exponential': np.exp, 'exponential_minus_one': complex_expm1, 'log': np.log, 'log_plus_one': complex_log1p,
    'tanh': np.tanh, 'logistic': lambda x: 1 / (1 + np.exp(-x)), 'sine': np.sin, 'cosine': np.cos, 'tan': np.tan,
    'real': np.real, 'imag': np.imag, 'conj': np.conj,
    'sign': lambda x: np.where(x == 0, x, x / np.abs(x)),
    'cbrt': complex_cbrt, 'sinh': np.sinh, 'cosh': np.cosh, 'asin': np.arcsin, 'acos': np.arccos,
    'atan': np.arctan, 'asinh': np.arcsinh, 'acosh': np.arccosh, 'atanh': np.arctanh,
}
TYPED_COMPLEX_BINARY = {'add': np.add, 'subtract': np.subtract, 'multiply': np.multiply, 'divide': np.divide,
    'atan2': complex_atan2, 'maximum': fmax, 'minimum': fmin}

def typed_unary(kind, x, e):
    if is_complex(e):
        return TYPED_COMPLEX_UNARY[kind](np.asarray(x).astype(np.complex128))
    if is_float(e):
        return TYPED_FLOAT_UNARY[kind](x)
    if e == 'i1':
        if kind == 'not':
            return np.logical_not(x)
        raise ValueError('%s on i1' % kind)
    unsigned = np_dtype(e).kind == 'u'
    if kind == 'negate':
        return np.negative(x)
    if kind == 'abs':
        return x if unsigned else np.abs(x)
    if kind == 'sign':
        return (x != 0) if unsigned else np.sign(x)
    if kind == 'not':
        return np.invert(x)
    if kind == 'popcnt':
        return popcnt(x, e)
    raise ValueError('%s on %s' % (kind, e))

def typed_binary(kind, a, b, e):
    if e == 'i1':
        f = {'add': np.logical_or, 'multiply': np.logical_and, 'maximum': np.logical_or, 'minimum': np.logical_and,
             'and': np.logical_and, 'or': np.logical_or, 'xor': np.logical_xor}[kind]
        return f(a, b)
    if is_complex(e):
        return TYPED_COMPLEX_BINARY[kind](np.asarray(a).astype(np.complex128), np.asarray(b).astype(np.complex128))
    if kind in ('add', 'subtract', 'multiply'):
        return BINARY[kind](a, b)
    if kind in ('maximum', 'minimum'):
        return (fmax if kind == 'maximum' else fmin)(a, b)
    if is_float(e):
        if kind == 'power':
            return wide(np.power)(a, b)
        if kind == 'next_after':
            return next_after(a, b, e)
        return {'divide': np.divide, 'remainder': np.fmod, 'atan2': np.arctan2}[kind](a, b)
    if kind == 'power':
        return int_pow(a, b, e)
    if kind == 'divide':
        return int_div(a, b, e)
    if kind == 'remainder':
        return int_rem(a, b, e)
    if kind in ('and', 'or', 'xor'):
        return {'and': np.bitwise_and, 'or': np.bitwise_or, 'xor': np.bitwise_xor}[kind](a, b)
    if kind.startswith('shift'):
        return shift(kind, a, b, e)
    raise ValueError('%s on %s' % (kind, e))

def typed_op(op, args, elems):
    # One types-mode op: its value before fix (None: a broadcasting
    # error raised as BroadcastError).
    kind = op['kind']
    if kind == 'convert':
        return convert(args[0], elems[0], op['elem'])
    if len(args) == 1:
        return typed_unary(kind, args[0], elems[0])
    if kind == 'complex':
        # same shapes (hlo.complex does not broadcast)
        return cplx(args[0], args[1], np_dtype(op['elem']))
    placed, res = broadcast(args, op['dims'], op['policy'])
    if kind == 'compare':
        r = COMPARE[op['dir']](placed[0], placed[1])
    elif kind == 'select':
        r = np.where(placed[0], placed[1], placed[2])
    elif kind == 'clamp':
        e = elems[1]
        if is_float(e) or is_complex(e):
            r = fmin(fmax(placed[1], placed[0]), placed[2])
        else:
            r = np.minimum(np.maximum(placed[1], placed[0]), placed[2])
    else:
        r = typed_binary(kind, placed[0], placed[1], elems[0])
    return np.broadcast_to(np.asarray(r), res)

def run(prog):
    vals = [decode(a) for a in prog['inputs']]
    elems = [a['elem'] for a in prog['inputs']]
    out = {'values': [], 'error_op': -1, 'error': ''}
    for k, op in enumerate(prog['ops']):
        args = [vals[i] for i in op['args']]
        kind = op['kind']
        rdims = op.get('rdims') or []
        try:
            if op.get('elem'):
                r = fix(typed_op(op, args, [elems[i] for i in op['args']]), op['elem'])
            elif kind == 'dot_general':
                r = dot_general(args[0], args[1], op['dot'])
            elif kind in REDUCE:
                r = REDUCE[kind](args[0], tuple(rdims))
            elif kind.startswith('arg'):
                r = argminmax(kind, args[0], rdims[0])
            elif kind == 'broadcast_in_dim':
                r = bcast_in_dim(args[0], op.get('dims') or [], op.get('shape') or [])
            elif kind == 'count':
                r = np.float32(np.prod([args[0].shape[d] for d in rdims], dtype=np.int64))
            elif kind == 'constant':
                r = decode(op['const'])
            elif kind in UNARY:
                r = UNARY[kind](args[0])
            else:
                placed, res = broadcast(args, op['dims'], op['policy'])
                if kind in BINARY:
                    r = BINARY[kind](placed[0], placed[1])
                elif kind == 'compare':
                    r = COMPARE[op['dir']](placed[0], placed[1])
                elif kind == 'select':
                    r = np.where(placed[0], placed[1], placed[2])
                elif kind == 'clamp':
                    r = fmin(fmax(placed[1], placed[0]), placed[2])
                else:
                    raise ValueError('unknown op ' + kind)
                r = np.broadcast_to(np.asarray(r), res)
        except BroadcastError as e:
            out['error_op'] = k
            out['error'] = str(e)
            return out
        r = np.array(r)
        enc = encode(r, op.get('elem'))
        out['values'].append(enc)
        if op.get('go') is not None:
            r = decode(op['go'])
        vals.append(r)
        elems.append(enc['elem'])
    return out

def main():
    batch = json.load(open(sys.argv[1]))
    DTYPES.update(batch['dtypes'])
    results = []
    for prog in batch['programs']:
        try:
            results.append(run(prog))
        except Exception as e:
            results.append({'values': [], 'error_op': -2, 'error': 'oracle exception: %r' % (e,)})
    json.dump({'results': results}, sys.stdout)

main()
`
