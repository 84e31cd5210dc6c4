package llvm_test

// The native tests of fused groups (fuse.go, fuse_values.go): the kernels
// of testdata/fused.mlir (linalg, emitted as it is) and
// testdata/fused_hlo.mlir (softmax and layer norm as jax.export writes
// them, through --pipeline=cpu) are built fused and unfused (every
// generic on its own, llvm.Unfused) with every toolchain (buildNative),
// and each case runs on the same random arguments in both and in the
// interpreter. Fused and unfused results must be the same bits: fusion
// changes the order of the loops and where values are kept, not what an
// element computes. Against the interpreter they must be within a
// tolerance (exp is within an ulp of exact and float sums are
// reassociated: reduce_native_test.go; these bounds are loose, the
// unfused code being held to the interpreter by the other tests). The
// LLVM IR of each kernel has the loop nests over rows, and the exp calls,
// that the table says.

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// fusedCase runs one kernel fused and unfused on random arguments of the
// given shapes.
type fusedCase struct {
	fn       string
	shapes   [][]int64
	specials bool
	// rtol and atol bound |fused - interpreter| by rtol*|interpreter| +
	// atol (0, 0: the same bits).
	rtol, atol float64
	// wantErr is a substring of the error every build must report (code
	// 1, the same message fused and unfused); the interpreter fails too.
	wantErr string
}

// fusedRows are row shapes around the vector widths: empty and unit
// dims, shorter than a vector, one, several with a remainder, long rows.
var fusedRows = [][]int64{{0, 5}, {3, 0}, {1, 1}, {4, 1}, {2, 7}, {3, 16}, {3, 17}, {2, 64}, {5, 100}, {3, 1000}, {2, 4099}}

// softmaxTol is a softmax's tolerance for rows of k f32 elements: exp's
// ulp, the division's half, and the sum's reassociation (2k unit
// roundoffs, its terms being positive).
func softmaxTol(k int64) float64 { return float64(2*k+8) * 0x1p-24 }

var fusedCases = func() []fusedCase {
	var cs []fusedCase
	for _, s := range fusedRows {
		k := s[1]
		sq := []int64{s[0], s[0]}
		cs = append(cs,
			fusedCase{fn: "softmax_max", shapes: [][]int64{s}, rtol: softmaxTol(k)},
			fusedCase{fn: "softmax_max", shapes: [][]int64{s}, rtol: softmaxTol(k), specials: true},
			fusedCase{fn: "softmax_f64", shapes: [][]int64{s}, rtol: float64(2*k+8) * 0x1p-53},
			fusedCase{fn: "softmax3", shapes: [][]int64{{2, s[0], k}}, rtol: softmaxTol(k)},
			fusedCase{fn: "scaled", shapes: [][]int64{s}},
			fusedCase{fn: "exp_returned", shapes: [][]int64{s, {s[0]}}, rtol: softmaxTol(k)},
			fusedCase{fn: "logistic_norm", shapes: [][]int64{s}, rtol: softmaxTol(k)},
			fusedCase{fn: "col_norm", shapes: [][]int64{s}, rtol: softmaxTol(s[0])},
			fusedCase{fn: "col_norm_transposed", shapes: [][]int64{s}, rtol: softmaxTol(s[0])},
			fusedCase{fn: "exp_transposed", shapes: [][]int64{sq}, rtol: softmaxTol(s[0])},
			fusedCase{fn: "softmax_plus", shapes: [][]int64{s, s}, rtol: softmaxTol(k), atol: 1e-6},
			fusedCase{fn: "insert_between", shapes: [][]int64{s}},
			fusedCase{fn: "softmax_bn", shapes: [][]int64{s}, rtol: softmaxTol(k)},
			// layer norm: x - mean cancels, so the sums' reassociation
			// shows as an absolute error (the data are within about 20)
			fusedCase{fn: "layer_norm_bn", shapes: [][]int64{s, {k}, {k}}, rtol: 1e-4, atol: float64(k+8) * 1e-5},
		)
	}
	// contraction chains (fuse_matmul.go): rows, one block or several
	// with a remainder, empty and unit dims, contracting dims longer
	// than a block of k (256); fused and unfused must agree bit for bit,
	// and the interpreter (which rounds each product) within a loose
	// bound, the scores' errors scaled by exp
	for _, s := range [][4]int64{{1, 1, 1, 1}, {2, 0, 3, 4}, {2, 3, 0, 4}, {1, 5, 7, 0}, {0, 5, 7, 3}, {3, 7, 13, 5}, {2, 100, 33, 17}, {1, 200, 300, 9}, {1, 13, 70, 300}} {
		b, m, n, d := s[0], s[1], s[2], s[3]
		cs = append(cs,
			fusedCase{fn: "attention_bn", shapes: [][]int64{{b, m, d}, {b, n, d}, {b, n, 5}}, rtol: 1e-3, atol: 1e-3},
			fusedCase{fn: "attention_2d", shapes: [][]int64{{m, d}, {d, n}, {n, 3}}, rtol: 1e-3, atol: 1e-3},
			fusedCase{fn: "dense_relu", shapes: [][]int64{{m, d}, {d, 37}, {37}}, rtol: 1e-5, atol: 1e-3},
			fusedCase{fn: "matmul_chain", shapes: [][]int64{{b, m, d}, {b, d, n}, {b, n, 4}}, rtol: 1e-12, atol: 1e-9},
			fusedCase{fn: "mixed_chain", shapes: [][]int64{{m, d}, {d, n}, {n, 5}}, rtol: 1e-5, atol: 1e-3},
		)
	}
	return append(cs,
		fusedCase{fn: "att_small", shapes: [][]int64{{2, 13, 5}, {2, 70, 5}, {2, 70, 3}}, rtol: 1e-3, atol: 1e-3},
		fusedCase{fn: "att_blocks", shapes: [][]int64{{2, 100, 9}, {2, 300, 9}, {2, 300, 17}}, rtol: 1e-3, atol: 1e-3},
		fusedCase{fn: "att_small", shapes: [][]int64{{2, 13, 5}, {2, 70, 5}, {2, 70, 3}}, rtol: 1e-3, atol: 1e-3, specials: true},
		fusedCase{fn: "dense_wide", shapes: [][]int64{{7, 5}, {5, 2100}, {2100}}, rtol: 1e-5, atol: 1e-3},
		fusedCase{fn: "attention_2d", shapes: [][]int64{{9, 4}, {4, 11}, {11, 3}}, rtol: 1e-3, atol: 1e-3, specials: true},
		fusedCase{fn: "softmax", shapes: [][]int64{{6, 37}}, rtol: softmaxTol(37)},
		fusedCase{fn: "softmax", shapes: [][]int64{{6, 37}}, rtol: softmaxTol(37), specials: true},
		fusedCase{fn: "layer_norm", shapes: [][]int64{{5, 37}, {37}, {37}}, rtol: 1e-4, atol: 1e-3},
		fusedCase{fn: "scaled_static", shapes: [][]int64{{5, 37}}, atol: 1e-3},
		fusedCase{fn: "softmax_plus", shapes: [][]int64{{3, 17}, {3, 18}}, wantErr: "softmax_plus"},
		fusedCase{fn: "attention_bn", shapes: [][]int64{{2, 3, 4}, {2, 5, 3}, {2, 5, 6}}, wantErr: "attention_bn"},
		fusedCase{fn: "dense_relu", shapes: [][]int64{{3, 4}, {5, 37}, {37}}, wantErr: "dense_relu"},
		fusedCase{fn: "softmax_plus", shapes: [][]int64{{3, 17}, {2, 17}}, wantErr: "softmax_plus"},
		fusedCase{fn: "layer_norm_bn", shapes: [][]int64{{3, 17}, {17}, {16}}, wantErr: "layer_norm_bn"},
	)
}()

// fusedShape is what the LLVM IR of a kernel must have: loop nests over
// rows (a fused group's row0 loop), and whether fused code calls exp less
// often than unfused code (a value kept per row); chains are the loops
// over blocks of rows of contraction chains.
var fusedShape = map[string]struct {
	groups int
	keeps  bool
	chains int
}{
	"attention_bn":        {1, false, 1},
	"att_small":           {1, true, 1},
	"att_blocks":          {1, true, 1},
	"attention_2d":        {0, true, 1},
	"dense_relu":          {0, false, 1},
	"dense_wide":          {0, false, 1},
	"matmul_chain":        {1, false, 1},
	"mixed_chain":         {0, false, 1},
	"softmax_max":         {1, true, 0},
	"softmax_f64":         {1, true, 0},
	"softmax3":            {1, true, 0},
	"scaled":              {1, false, 0},
	"scaled_static":       {1, false, 0},
	"exp_returned":        {1, false, 0},
	"logistic_norm":       {1, true, 0},
	"col_norm":            {0, false, 0},
	"col_norm_transposed": {0, false, 0},
	"exp_transposed":      {1, false, 0},
	"softmax_plus":        {1, true, 0},
	"insert_between":      {0, false, 0},
	"softmax":             {1, true, 0},
	"layer_norm":          {1, false, 0},
	"softmax_bn":          {1, true, 0},
	"layer_norm_bn":       {1, false, 0},
}

// fusedBuilds are one testdata file compiled fused and unfused.
type fusedBuilds struct {
	k                *nativeKernels
	fusedIR, unfused string
	fused, plain     []nativeBuild
	dir              string
}

// buildFused compiles file (through --pipeline=cpu when pipeline is set)
// fused and unfused, and builds both with every toolchain.
func buildFused(t *testing.T, file string, pipeline bool, cross *crossTarget) *fusedBuilds {
	t.Helper()
	var k *nativeKernels
	if pipeline {
		k = compileNativeFor(t, file, cross)
	} else {
		k = compileLinalgFor(t, file, cross)
	}
	opts := llvm.Unfused
	opts.Target = k.options(false).Target
	unfused, err := llvm.Emit(k.lowered, opts)
	if err != nil {
		t.Fatalf("Emit unfused: %v", err)
	}
	b := &fusedBuilds{k: k, fusedIR: k.irText, unfused: unfused}
	fd, ud := t.TempDir(), t.TempDir()
	b.fused = buildNativeWith(t, fd, k.fns, k.irText, k.header, false, cross)
	b.plain = buildNativeWith(t, ud, k.fns, unfused, k.header, false, cross)
	b.dir = fd
	return b
}

// TestNativeFusedGroups runs fusedCases.
func TestNativeFusedGroups(t *testing.T) {
	t.Parallel()
	testNativeFusedGroups(t, nil)
}

// TestNativeAArch64FusedGroups runs fusedCases for AArch64 under qemu
// (native_aarch64_test.go): the contraction chains take AArch64's
// micro-kernel.
func TestNativeAArch64FusedGroups(t *testing.T) {
	t.Parallel()
	testNativeFusedGroups(t, aarch64Target)
}

// testNativeFusedGroups is TestNativeFusedGroups for the target cross
// (nil: the host).
func testNativeFusedGroups(t *testing.T, cross *crossTarget) {
	files := []*fusedBuilds{buildFused(t, "testdata/fused.mlir", false, cross), buildFused(t, "testdata/fused_hlo.mlir", true, cross)}
	for name, want := range fusedShape {
		var b *fusedBuilds
		for _, f := range files {
			if f.k.byName[name] != nil {
				b = f
			}
		}
		if b == nil {
			t.Fatalf("no kernel @%s", name)
		}
		fused, unfused := llvmFunction(b.fusedIR, name), llvmFunction(b.unfused, name)
		if n := strings.Count(fused, "\nrow0.loop:"); n != want.groups {
			t.Errorf("@%s: %d loop nests over rows, want %d", name, n, want.groups)
		}
		if strings.Contains(unfused, "\nrow0.loop:") {
			t.Errorf("@%s: unfused code has a loop nest over rows", name)
		}
		if n := strings.Count(fused, "\nchain.blk.loop:"); n != want.chains {
			t.Errorf("@%s: %d contraction chains, want %d", name, n, want.chains)
		}
		fe, ue := strings.Count(fused, "@bcast.expf"), strings.Count(unfused, "@bcast.expf")
		if strings.Contains(name, "f64") {
			fe, ue = strings.Count(fused, "@llvm.exp.f64"), strings.Count(unfused, "@llvm.exp.f64")
		}
		if (fe < ue) != want.keeps {
			t.Errorf("@%s: %d calls of exp fused, %d unfused; want fewer fused: %v", name, fe, ue, want.keeps)
		}
	}
	// Each build runs the cases of its file in one process (fused and
	// unfused apart), which saves an emulated build most of its time.
	rng := rand.New(rand.NewSource(15))
	fileOf, argsOf, callOf := make([]*fusedBuilds, len(fusedCases)), make([][]*interp.Tensor, len(fusedCases)), make([]int, len(fusedCases))
	calls := map[*fusedBuilds][]llvm.DriverCall{}
	for i, c := range fusedCases {
		for _, f := range files {
			if f.k.byName[c.fn] != nil {
				fileOf[i] = f
			}
		}
		b := fileOf[i]
		if b == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		f := b.k.byName[c.fn]
		argsOf[i] = randomArgs(t, rng, f, nativeCase{fn: c.fn, shapes: c.shapes, specials: c.specials})
		callOf[i] = len(calls[b])
		calls[b] = append(calls[b], llvm.DriverCall{Func: f, Args: driverTensors(argsOf[i])})
	}
	fusedRan, plainRan := map[*fusedBuilds][][]nativeResult{}, map[*fusedBuilds][][]nativeResult{}
	for _, b := range files {
		for j := range b.fused {
			fusedRan[b] = append(fusedRan[b], runNativeCalls(t, b.fused[j], b.dir, calls[b]))
			plainRan[b] = append(plainRan[b], runNativeCalls(t, b.plain[j], b.dir, calls[b]))
		}
	}
	for i, c := range fusedCases {
		b, args := fileOf[i], argsOf[i]
		t.Run(fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes)), func(t *testing.T) {
			want, interpErr := interp.Run(b.k.orig, c.fn, args)
			if c.wantErr == "" && interpErr != nil {
				t.Fatalf("interpreter: %v", interpErr)
			}
			if c.wantErr != "" && interpErr == nil {
				t.Errorf("the interpreter succeeds where native code must fail")
			}
			for j, fb := range b.fused {
				r, p := fusedRan[b][j][callOf[i]], plainRan[b][j][callOf[i]]
				rc, msg, got := r.code, r.msg, r.results
				if rc != p.code || msg != p.msg {
					t.Fatalf("%s: fused code %d %q, unfused %d %q", fb.name, rc, msg, p.code, p.msg)
				}
				if c.wantErr != "" {
					if rc != 1 || !strings.Contains(msg, c.wantErr) {
						t.Errorf("%s: got code %d, message %q; want code 1 and a message containing %q", fb.name, rc, msg, c.wantErr)
					}
					continue
				}
				if rc != 0 {
					t.Fatalf("%s: code %d: %s", fb.name, rc, msg)
				}
				for r := range want {
					if string(got[r].Bytes()) != string(p.results[r].Bytes()) {
						t.Errorf("%s: result %d differs fused and unfused:\n fused %v\n plain %v", fb.name, r, values(got[r]), values(p.results[r]))
					}
					compareClose(t, fb.name, r, got[r], want[r], c.rtol, c.atol)
				}
			}
		})
	}
}

// compareClose checks got against the interpreter's want: |got - want| <=
// rtol*|want| + atol, NaN where want is NaN, infinities equal; the same
// bits when both tolerances are 0 (and for integers).
func compareClose(t *testing.T, build string, r int, got, want *interp.Tensor, rtol, atol float64) {
	t.Helper()
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		t.Fatalf("%s: result %d has shape %v, the interpreter's %v", build, r, got.Shape(), want.Shape())
	}
	if !got.IsFloat() || rtol == 0 && atol == 0 {
		compareTensors(t, build, r, got, want, 0)
		return
	}
	for i := range got.Len() {
		g, w := got.Float(i), want.Float(i)
		ok := math.Abs(g-w) <= rtol*math.Abs(w)+atol
		if math.IsNaN(w) || math.IsInf(w, 0) || math.IsNaN(g) || math.IsInf(g, 0) {
			ok = g == w || math.IsNaN(g) && math.IsNaN(w)
		}
		if !ok {
			t.Errorf("%s: result %d element %d: %g, the interpreter's %g (rtol %g, atol %g)", build, r, i, g, w, rtol, atol)
		}
	}
}
