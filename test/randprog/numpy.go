package randprog

import (
	"fmt"
	"math"
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

// Array is a tensor in the batch file: its shape and its elements as bit
// patterns (f32: the uint32 bits; i32: the value; i1: 0 or 1).
type Array struct {
	Elem  string  `json:"elem"`
	Shape []int64 `json:"shape"`
	Bits  []int64 `json:"bits"`
}

// ArrayOf encodes a tensor.
func ArrayOf(t *interp.Tensor) Array {
	a := Array{Shape: append([]int64{}, t.Shape()...), Bits: make([]int64, t.Len())}
	switch t.ElemType() {
	case ir.F32T:
		a.Elem = "f32"
		for i, v := range t.Floats() {
			a.Bits[i] = int64(math.Float32bits(float32(v)))
		}
	case ir.F64T:
		a.Elem = "f64"
		for i, v := range t.Floats() {
			a.Bits[i] = int64(math.Float64bits(v))
		}
	case ir.I1:
		a.Elem = "i1"
		copy(a.Bits, t.Ints())
	default:
		a.Elem = "i32"
		copy(a.Bits, t.Ints())
	}
	return a
}

// Tensor decodes an array.
func (a Array) Tensor() (*interp.Tensor, error) {
	if a.Elem == "f32" {
		vals := make([]float64, len(a.Bits))
		for i, b := range a.Bits {
			vals[i] = float64(math.Float32frombits(uint32(b)))
		}
		return interp.NewFloats(ir.F32T, a.Shape, vals)
	}
	if a.Elem == "f64" {
		vals := make([]float64, len(a.Bits))
		for i, b := range a.Bits {
			vals[i] = math.Float64frombits(uint64(b))
		}
		return interp.NewFloats(ir.F64T, a.Shape, vals)
	}
	return interp.NewInts(elemType(a.Elem), a.Shape, a.Bits)
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
	if err := pyoracle.Run(python, dir, "oracle", oracleScript, map[string]any{"programs": batch}, &out); err != nil {
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
import json, sys, warnings
import numpy as np

np.seterr(all='ignore')
warnings.filterwarnings('ignore')

DT = {'f32': np.float32, 'f64': np.float64, 'i32': np.int32, 'i1': np.bool_}

def decode(a):
    shape = tuple(a['shape'])
    if a['elem'] == 'f32':
        return np.array(a['bits'], dtype=np.uint32).view(np.float32).reshape(shape)
    if a['elem'] == 'f64':
        return np.array(a['bits'], dtype=np.int64).view(np.float64).reshape(shape)
    if a['elem'] == 'i32':
        return np.array(a['bits'], dtype=np.int64).astype(np.int32).reshape(shape)
    return np.array(a['bits'], dtype=np.int64).astype(np.bool_).reshape(shape)

def encode(x):
    x = np.asarray(x)
    flat = x.reshape(-1)
    if x.dtype == np.float32:
        return {'elem': 'f32', 'shape': list(x.shape), 'bits': flat.view(np.uint32).astype(np.int64).tolist()}
    if x.dtype == np.float64:
        return {'elem': 'f64', 'shape': list(x.shape), 'bits': flat.view(np.int64).tolist()}
    if x.dtype == np.int32:
        return {'elem': 'i32', 'shape': list(x.shape), 'bits': flat.astype(np.int64).tolist()}
    if x.dtype == np.bool_:
        return {'elem': 'i1', 'shape': list(x.shape), 'bits': flat.astype(np.int64).tolist()}
    raise TypeError('unexpected dtype %s' % x.dtype)

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
    return r

def fmin(a, b):
    r = np.minimum(a, b)
    if r.dtype.kind == 'f':
        z = (a == 0) & (b == 0)
        r = np.where(z, np.where(np.signbit(a), a, b), r)
    return r

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

def run(prog):
    vals = [decode(a) for a in prog['inputs']]
    out = {'values': [], 'error_op': -1, 'error': ''}
    for k, op in enumerate(prog['ops']):
        args = [vals[i] for i in op['args']]
        kind = op['kind']
        rdims = op.get('rdims') or []
        try:
            if kind == 'dot_general':
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
        out['values'].append(encode(r))
        if op.get('go') is not None:
            r = decode(op['go'])
        vals.append(r)
    return out

def main():
    batch = json.load(open(sys.argv[1]))
    results = []
    for prog in batch['programs']:
        try:
            results.append(run(prog))
        except Exception as e:
            results.append({'values': [], 'error_op': -2, 'error': 'oracle exception: %r' % (e,)})
    json.dump({'results': results}, sys.stdout)

main()
`
