package randprog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"

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
	return interp.NewInts(elemType(a.Elem), a.Shape, a.Bits)
}

type batchOp struct {
	Kind   string  `json:"kind"`
	Dir    string  `json:"dir,omitempty"`
	Args   []int   `json:"args"`
	Policy string  `json:"policy"`
	Dims   []int64 `json:"dims"`
	// Go is the interpreter's value of a transcendental op, which numpy
	// continues with after comparing its own (so that a rounding
	// difference of one op does not spread to exact comparisons).
	Go *Array `json:"go,omitempty"`
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
			bo := batchOp{Kind: o.Kind, Dir: o.Dir, Args: o.Args, Policy: o.Policy.String(), Dims: o.Dims}
			if Transcendental[o.Kind] && k < len(traces[i]) && traces[i][k] != nil {
				a := ArrayOf(traces[i][k])
				bo.Go = &a
			}
			bp.Ops = append(bp.Ops, bo)
		}
		batch[i] = bp
	}
	in, err := json.Marshal(map[string]any{"programs": batch})
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "oracle.py")
	if err := os.WriteFile(script, []byte(oracleScript), 0o644); err != nil {
		return nil, err
	}
	batchFile := filepath.Join(dir, "batch.json")
	if err := os.WriteFile(batchFile, in, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(python, script, batchFile)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("python oracle: %v\n%s", err, stderr.String())
	}
	var out struct {
		Results []Outcome `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("python oracle output: %v", err)
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

DT = {'f32': np.float32, 'i32': np.int32, 'i1': np.bool_}

def decode(a):
    shape = tuple(a['shape'])
    if a['elem'] == 'f32':
        return np.array(a['bits'], dtype=np.uint32).view(np.float32).reshape(shape)
    if a['elem'] == 'i32':
        return np.array(a['bits'], dtype=np.int64).astype(np.int32).reshape(shape)
    return np.array(a['bits'], dtype=np.int64).astype(np.bool_).reshape(shape)

def encode(x):
    x = np.asarray(x)
    flat = x.reshape(-1)
    if x.dtype == np.float32:
        return {'elem': 'f32', 'shape': list(x.shape), 'bits': flat.view(np.uint32).astype(np.int64).tolist()}
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
    if r.dtype == np.float32:
        z = (a == 0) & (b == 0)
        r = np.where(z, np.where(np.signbit(a), b, a), r)
    return r

def fmin(a, b):
    r = np.minimum(a, b)
    if r.dtype == np.float32:
        z = (a == 0) & (b == 0)
        r = np.where(z, np.where(np.signbit(a), a, b), r)
    return r

BINARY = {'add': np.add, 'subtract': np.subtract, 'multiply': np.multiply, 'maximum': fmax, 'minimum': fmin}
COMPARE = {'EQ': np.equal, 'NE': np.not_equal, 'GE': np.greater_equal, 'GT': np.greater, 'LE': np.less_equal, 'LT': np.less}
UNARY = {'negate': np.negative, 'abs': np.abs, 'floor': np.floor, 'ceil': np.ceil, 'round_nearest_even': np.rint,
         'sqrt': np.sqrt, 'exponential': np.exp, 'exponential_minus_one': np.expm1, 'log': np.log,
         'log_plus_one': np.log1p, 'tanh': np.tanh, 'not': np.invert, 'sign': np.sign}

def run(prog):
    vals = [decode(a) for a in prog['inputs']]
    out = {'values': [], 'error_op': -1, 'error': ''}
    for k, op in enumerate(prog['ops']):
        args = [vals[i] for i in op['args']]
        kind = op['kind']
        try:
            if kind in UNARY:
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
