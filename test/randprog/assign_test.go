package randprog

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/internal/pyoracle"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// Assignment mode (issue 20): random `hlo.assign %dst, %src` (ranks 0-4
// for the destination, up to 5 for the source so that some have too many
// dims; sizes 0-4 with many 1s; each dim of each type static or `?`),
// sometimes read by a consumer (a scalar multiply, or an add of the
// destination) and sometimes narrowcast (hlo.narrow) after. The oracle is
// numpy: np.broadcast_to(src, dst.shape), which is one-way as the
// assignment rule is, then the consumer and a reshape that drops the
// static size-1 dims. A case numpy rejects must be rejected by us too: by
// the verifier when the types show it, else at run time; a case numpy
// accepts must give its elements bit for bit:
//
//   - the interpreter on the program as written,
//   - the interpreter on the program after --pipeline=cpu (linalg),
//   - natively (lower/llvm, in batches as the native stage does, with
//     guard pages after every buffer).
//
// BCAST_RANDPROG_ASSIGN_N cases (else BCAST_RANDPROG_N, default 300) from
// BCAST_RANDPROG_SEED (default 1); BCAST_RANDPROG_NATIVE=0 skips the
// native part.

// assignCase is one random assignment.
type assignCase struct {
	seed               int64
	dst, src           []int64 // run-time shapes
	dstDyn, srcDyn     []bool  // the dims written `?` in the types
	consumer           string  // "", "mul" or "add"
	narrow             bool
	dstData, srcData   *interp.Tensor
	text               string
	wantErr            bool
	want               *interp.Tensor
	staticErr, compErr string // the verifier's error; --pipeline=cpu's
}

func genAssignCase(seed int64) *assignCase {
	rng := rand.New(rand.NewSource(seed))
	size := func() int64 { return []int64{0, 1, 1, 1, 2, 3, 4}[rng.Intn(7)] }
	c := &assignCase{seed: seed}
	dr := rng.Intn(5)
	for range dr {
		c.dst = append(c.dst, size())
	}
	sr := rng.Intn(dr + 1)
	if rng.Intn(10) == 0 {
		sr = dr + 1 // more dims than the destination: always an error
	}
	for k := range sr {
		d := dr - sr + k // the destination dim it lands in (< 0: none)
		switch r := rng.Intn(20); {
		case d >= 0 && r < 11:
			c.src = append(c.src, c.dst[d])
		case r < 17:
			c.src = append(c.src, 1)
		default:
			c.src = append(c.src, size())
		}
	}
	for range c.dst {
		c.dstDyn = append(c.dstDyn, rng.Intn(5) < 2)
	}
	for range c.src {
		c.srcDyn = append(c.srcDyn, rng.Intn(5) < 2)
	}
	c.consumer = []string{"", "", "mul", "add"}[rng.Intn(4)]
	c.narrow = rng.Intn(3) == 0
	c.dstData = randomF32(rng, c.dst)
	c.srcData = randomF32(rng, c.src)
	c.text = c.program()
	return c
}

// randomF32 is a tensor of small random values, some of them -0.
func randomF32(rng *rand.Rand, shape []int64) *interp.Tensor {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	vals := make([]float64, n)
	for i := range vals {
		if rng.Intn(16) == 0 {
			vals[i] = math.Copysign(0, -1)
		} else {
			vals[i] = float64(float32(rng.NormFloat64() * 8))
		}
	}
	t, err := interp.NewFloats(ir.F32T, shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

func typeOf(shape []int64, dyn []bool) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for k, s := range shape {
		if dyn[k] {
			sb.WriteString("?x")
		} else {
			fmt.Fprintf(&sb, "%dx", s)
		}
	}
	sb.WriteString("f32>")
	return sb.String()
}

// narrowed is the static shape type of the narrowcast of the destination's
// type, and the run-time shape numpy reshapes to.
func (c *assignCase) narrowed() (string, []int64) {
	var shape []int64
	dyn := []bool{}
	var run []int64
	for k, s := range c.dst {
		if !c.dstDyn[k] && s == 1 {
			continue
		}
		shape = append(shape, s)
		dyn = append(dyn, c.dstDyn[k])
		run = append(run, s)
	}
	return typeOf(shape, dyn), run
}

func (c *assignCase) program() string {
	dt, st := typeOf(c.dst, c.dstDyn), typeOf(c.src, c.srcDyn)
	rt := dt
	if c.narrow {
		rt, _ = c.narrowed()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func.func @main(%%dst: %s, %%src: %s) -> %s {\n", dt, st, rt)
	fmt.Fprintf(&sb, "  %%0 = hlo.assign %%dst, %%src : (%s, %s) -> %s\n", dt, st, dt)
	last := "%0"
	switch c.consumer {
	case "mul":
		fmt.Fprintf(&sb, "  %%two = hlo.constant dense<2.0> : tensor<f32>\n")
		fmt.Fprintf(&sb, "  %%1 = hlo.multiply %%0, %%two : (%s, tensor<f32>) -> %s\n", dt, dt)
		last = "%1"
	case "add":
		fmt.Fprintf(&sb, "  %%1 = hlo.add %%0, %%dst : %s\n", dt)
		last = "%1"
	}
	if c.narrow {
		fmt.Fprintf(&sb, "  %%2 = hlo.narrow %s : (%s) -> %s\n", last, dt, rt)
		last = "%2"
	}
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", last, rt)
	return sb.String()
}

const assignOracle = `
import json, sys
import numpy as np
d = json.load(open(sys.argv[1]))
out = []
for c in d['cases']:
    src = np.array(c['src'], dtype=np.uint32).view(np.float32).reshape(c['src_shape'])
    dst = np.array(c['dst'], dtype=np.uint32).view(np.float32).reshape(c['dst_shape'])
    try:
        r = np.broadcast_to(src, tuple(c['dst_shape']))
    except ValueError as e:
        out.append({'error': str(e)})
        continue
    if c['consumer'] == 'mul':
        r = r * np.float32(2)
    elif c['consumer'] == 'add':
        r = r + dst
    r = np.array(r, dtype=np.float32)
    if c['narrow'] is not None:
        r = r.reshape(c['narrow'])
    out.append({'shape': list(r.shape), 'bits': r.view(np.uint32).ravel().tolist()})
json.dump({'results': out}, sys.stdout)
`

// assignNumpy fills in want and wantErr from numpy.
func assignNumpy(t *testing.T, python, dir string, cases []*assignCase) {
	var in []map[string]any
	for _, c := range cases {
		var narrow any
		if c.narrow {
			_, run := c.narrowed()
			narrow = append([]int64{}, run...)
		}
		in = append(in, map[string]any{"src": ArrayOf(c.srcData).Bits, "dst": ArrayOf(c.dstData).Bits,
			"src_shape": append([]int64{}, c.src...), "dst_shape": append([]int64{}, c.dst...), "consumer": c.consumer, "narrow": narrow})
	}
	var out struct {
		Results []struct {
			Error string  `json:"error"`
			Shape []int64 `json:"shape"`
			Bits  []int64 `json:"bits"`
		} `json:"results"`
	}
	if err := pyoracle.Run(python, dir, "assign_oracle", assignOracle, map[string]any{"cases": in}, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Results) != len(cases) {
		t.Fatalf("numpy oracle: %d results for %d cases", len(out.Results), len(cases))
	}
	for i, r := range out.Results {
		c := cases[i]
		if r.Error != "" {
			c.wantErr = true
			continue
		}
		w, err := Array{Elem: "f32", Shape: r.Shape, Bits: r.Bits}.Tensor()
		if err != nil {
			t.Fatal(err)
		}
		c.want = w
	}
}

func TestRandomAssignments(t *testing.T) {
	python := requirePython(t)
	n := modeCount(t, "BCAST_RANDPROG_ASSIGN_N")
	seed := envInt(t, "BCAST_RANDPROG_SEED", 1)
	cases := make([]*assignCase, n)
	for i := range cases {
		cases[i] = genAssignCase(seed + int64(i))
	}
	assignNumpy(t, python, t.TempDir(), cases)

	var compile func(dir, ll, c, exe string) error
	if os.Getenv("BCAST_RANDPROG_NATIVE") != "0" {
		compile = nativeCompiler(t)
	}
	var st struct {
		numpyRejects, staticRejects, runtimeRejects, accepted int
		linalgRuns, native, nativeErrs                        int
		dynDims, couldBe1, stretched                          int
	}
	failures := 0
	fail := func(c *assignCase, format string, args ...any) {
		failures++
		if failures <= 10 {
			t.Errorf("seed %d: %s\n%s  dst %v, src %v (reproduce: BCAST_RANDPROG_SEED=%d BCAST_RANDPROG_ASSIGN_N=1 go test ./test/randprog -run TestRandomAssignments)",
				c.seed, fmt.Sprintf(format, args...), c.text, c.dst, c.src, c.seed)
		}
	}
	var batch []*assignNative
	for _, c := range cases {
		if c.wantErr {
			st.numpyRejects++
		}
		for k, d := range c.srcDyn {
			if d {
				st.dynDims++
				if c.src[k] == 1 {
					st.couldBe1++
					if off := len(c.dst) - len(c.src) + k; off >= 0 && c.dst[off] != 1 {
						st.stretched++
					}
				}
			}
		}
		m, err := ir.Parse("assign.mlir", []byte(c.text), ir.ParseOptions{})
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			if !c.wantErr {
				fail(c, "rejected at compile time, numpy accepts: %v", err)
			} else if !strings.Contains(err.Error(), "'hlo.assign' op operand #1 (the source)") {
				fail(c, "rejected at compile time with an unexpected message: %v", err)
			}
			st.staticRejects++
			continue
		}
		args := []*interp.Tensor{c.dstData, c.srcData}
		out, runErr := interp.Run(m, "main", args)
		if !checkAssignRun(c, out, runErr, "the interpreter", fail) {
			continue
		}
		if runErr != nil {
			st.runtimeRejects++
		} else {
			st.accepted++
		}
		if reason, err := runCPUPipeline(m); reason != "" || err != nil {
			fail(c, "--pipeline=cpu: %s %v", reason, err)
			continue
		}
		out, runErr = interp.Run(m, "main", args)
		if !checkAssignRun(c, out, runErr, "the interpreter after --pipeline=cpu", fail) {
			continue
		}
		st.linalgRuns++
		if compile == nil {
			continue
		}
		fn, reason, err := nativeFunc(m, fmt.Sprintf("a%d", c.seed))
		if reason != "" || err != nil {
			fail(c, "not compiled natively: %s %v", reason, err)
			continue
		}
		batch = append(batch, &assignNative{c: c, fn: fn})
		if len(batch) == nativeBatch {
			st.native, st.nativeErrs = st.native+len(batch), st.nativeErrs+runAssignNative(t, batch, compile, fail)
			batch = nil
		}
	}
	if len(batch) > 0 {
		st.native, st.nativeErrs = st.native+len(batch), st.nativeErrs+runAssignNative(t, batch, compile, fail)
	}
	t.Logf("assignments: %d cases (seeds %d..%d), %d mismatches: numpy rejects %d, we reject %d at compile time and %d at run time; %d accepted with numpy's elements; "+
		"%d run after --pipeline=cpu in the interpreter, %d natively (%d of them errors, as numpy's); %d `?` source dims, %d of them 1 at run time (%d stretched)",
		n, seed, seed+n-1, failures, st.numpyRejects, st.staticRejects, st.runtimeRejects, st.accepted, st.linalgRuns, st.native, st.nativeErrs, st.dynDims, st.couldBe1, st.stretched)
}

// checkAssignRun compares one run with numpy's answer; it reports whether
// the case may go on to the next stage.
func checkAssignRun(c *assignCase, out []*interp.Tensor, err error, who string, fail func(*assignCase, string, ...any)) bool {
	switch {
	case c.wantErr && err == nil:
		fail(c, "%s accepts what numpy rejects, giving %v", who, out)
		return false
	case c.wantErr && !strings.Contains(err.Error(), "operand #1 (the source)"):
		fail(c, "%s fails with an unexpected message: %v", who, err)
		return false
	case !c.wantErr && err != nil:
		fail(c, "%s fails where numpy gives %v: %v", who, c.want, err)
		return false
	case !c.wantErr && (len(out) != 1 || !out[0].Equal(c.want)):
		fail(c, "%s gives %v, numpy %v", who, out, c.want)
		return false
	}
	return true
}

// assignNative is one case compiled for the native batch.
type assignNative struct {
	c  *assignCase
	fn *ir.Operation
}

// runAssignNative compiles a batch into one executable, runs each case on
// its inputs (guard pages after every buffer) and compares with numpy. It
// returns how many cases failed at run time, as numpy said they would.
func runAssignNative(t *testing.T, batch []*assignNative, compile func(dir, ll, c, exe string) error, fail func(*assignCase, string, ...any)) int {
	funcs := make([]*ir.Operation, len(batch))
	for k, a := range batch {
		funcs[k] = a.fn
	}
	dir := t.TempDir()
	exe, fns, err := buildNativeBatch(funcs, dir, compile)
	if err != nil {
		t.Fatalf("seeds %d..%d: %v", batch[0].c.seed, batch[len(batch)-1].c.seed, err)
	}
	calls := make([]llvm.DriverCall, len(batch))
	for k, a := range batch {
		calls[k] = llvm.DriverCall{Func: fns[k], Args: []llvm.DriverTensor{
			{Shape: a.c.dstData.Shape(), Data: a.c.dstData.Bytes()}, {Shape: a.c.srcData.Shape(), Data: a.c.srcData.Bytes()}}}
	}
	results, runErr := llvm.RunDriverCalls(exe, dir, calls, llvm.DriverOptions{Guard: true})
	errs := 0
	for k, a := range batch {
		if k >= len(results) {
			fail(a.c, "the native driver died in this call: %v", runErr)
			return errs
		}
		r := results[k]
		var err error
		var out []*interp.Tensor
		if r.Code != 0 {
			err = fmt.Errorf("returns %d: %s", r.Code, r.Message)
			errs++
		} else {
			for i, res := range r.Results {
				tt, terr := interp.FromBytes(fns[k].Results[i].Elem, res.Shape, res.Data)
				if terr != nil {
					fail(a.c, "native result %d: %v", i, terr)
					continue
				}
				out = append(out, tt)
			}
		}
		checkAssignRun(a.c, out, err, "native code", fail)
	}
	return errs
}
