package llvm_test

import (
	"os"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

const slicesFile = "testdata/slices.mlir"

// sliceCases run the kernels of testdata/slices.mlir natively and in the
// interpreter: every start/stride/length combination of hlo.slice, alone
// and fused, with static and dynamic operands.
var sliceCases = []nativeCase{
	{fn: "s_identity", shapes: [][]int64{{5}}, specials: true},
	{fn: "s_prefix", shapes: [][]int64{{5}}, specials: true},
	{fn: "s_offset", shapes: [][]int64{{5}}},
	{fn: "s_suffix", shapes: [][]int64{{5}}},
	{fn: "s_stride", shapes: [][]int64{{5}}},
	{fn: "s_offset_stride", shapes: [][]int64{{5}}},
	{fn: "s_stride_full", shapes: [][]int64{{1}}},
	{fn: "s_prefix_i32", shapes: [][]int64{{5}}},
	{fn: "s_prefix_offset", shapes: [][]int64{{4, 6}}},
	{fn: "s_full_offset", shapes: [][]int64{{4, 6}}},
	{fn: "s_prefix_stride", shapes: [][]int64{{4, 6}}},
	{fn: "s_offset_prefix", shapes: [][]int64{{4, 6}}},
	{fn: "s_stride_suffix", shapes: [][]int64{{4, 6}}},
	{fn: "s_prefix_full", shapes: [][]int64{{4, 6}}},
	{fn: "s_unit", shapes: [][]int64{{4, 6}}},
	{fn: "s_three", shapes: [][]int64{{4, 6, 5}}},
	{fn: "d_prefix", shapes: [][]int64{{5}}},
	{fn: "d_prefix", shapes: [][]int64{{2}}},
	{fn: "d_prefix", shapes: [][]int64{{1}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "d_prefix_offset", shapes: [][]int64{{3, 6}}},
	{fn: "d_prefix_offset", shapes: [][]int64{{2, 6}}},
	{fn: "d_prefix_offset", shapes: [][]int64{{1, 6}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "d_full", shapes: [][]int64{{4, 3}}},
	{fn: "d_full", shapes: [][]int64{{4, 7}}},
	{fn: "d_full", shapes: [][]int64{{4, 2}}, wantErr: "tensor.extract_slice: dim 1: offset 0, size 3, stride 1 are out of bounds for size 2"},
	{fn: "d_offset", shapes: [][]int64{{3, 6}}},
	{fn: "d_offset", shapes: [][]int64{{5, 6}}},
	{fn: "d_offset", shapes: [][]int64{{2, 6}}, wantErr: "operand #0 dim 0 has size 2, but index d0 + 1 reaches 2"},
	{fn: "f_prefix_consumer", shapes: [][]int64{{4, 6}, {2}}, specials: true},
	{fn: "f_prefix_producer", shapes: [][]int64{{4, 6}, {3, 6}}, specials: true},
	{fn: "f_unit_consumer", shapes: [][]int64{{4, 6}, {1, 6}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{2, 6}, {2, 3}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{9, 6}, {2, 3}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{1, 6}, {2, 3}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "f_offset_fused", shapes: [][]int64{{4, 6}, {2}}},
}

// allocates are the kernels of testdata/slices.mlir that may call malloc:
// the producer read through a prefix slice's view is computed whole into
// a temporary (fusion does not fuse a producer through
// tensor.extract_slice). Every other slice is a view or a fused map.
var allocates = map[string]bool{"f_prefix_producer": true}

// TestSlicesLowerLikeInterpreter runs each case's kernel, after
// hlo-legalize-broadcasts and hlo-legalize-to-linalg and after --pipeline=cpu, in the interpreter and
// compares with the interpreter on the hlo kernel (no native tools
// needed; the ABI only gives the arguments' element types).
func TestSlicesLowerLikeInterpreter(t *testing.T) {
	src, err := os.ReadFile(slicesFile)
	if err != nil {
		t.Fatal(err)
	}
	orig, piped := cpuPipeline(t, slicesFile, src)
	linalgOnly := parse(t, slicesFile, src)
	var entries []ir.PassEntry
	for _, p := range []string{"hlo-legalize-broadcasts", "hlo-legalize-to-linalg"} {
		e, err := ir.NewPassEntry(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, e)
	}
	if err := (&ir.PassManager{Entries: entries, VerifyEach: true}).Run(linalgOnly); err != nil {
		t.Fatalf("--hlo-legalize-broadcasts --hlo-legalize-to-linalg: %v", err)
	}
	_, byName := functionABIs(t, piped)
	forEachCase(t, byName, sliceCases, 11, func(t *testing.T, f *llvm.FuncABI, c nativeCase, args []*interp.Tensor) {
		want, wantErr := interp.Run(orig, c.fn, args)
		for _, low := range []struct {
			name string
			m    *ir.Operation
		}{{"--hlo-legalize-to-linalg", linalgOnly}, {"--pipeline=cpu", piped}} {
			got, err := interp.Run(low.m, c.fn, args)
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("%s: error %v; on the hlo kernel %v", low.name, err, wantErr)
			}
			if c.wantErr != "" && wantErr == nil {
				t.Fatalf("the interpreter succeeds on the hlo kernel where an error is expected")
			}
			for k := range want {
				compareTensors(t, low.name, k, got[k], want[k], 0)
			}
		}
	})
}

// TestNativeSlices compiles testdata/slices.mlir through --pipeline=cpu
// and --emit=llvm, checks that only the kernels in allocates call malloc,
// and runs the cases natively against the interpreter.
func TestNativeSlices(t *testing.T) {
	t.Parallel()
	k := compileNative(t, slicesFile)
	checkAllocations(t, k, allocates)
	runNativeCases(t, k, sliceCases, 7)
}
