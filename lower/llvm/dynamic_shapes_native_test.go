package llvm_test

import (
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

const dynamicShapesFile = "testdata/dynamic_shapes.mlir"

// dynamicShapeCases run the kernels of testdata/dynamic_shapes.mlir
// (hlo.dynamic_iota and hlo.real_dynamic_slice as JAX exports them)
// natively and in the interpreter. The error cases are sizes for which a
// slice leaves its operand or a size is negative or disagrees with the
// result type: the kernel must return the error (the AddressSanitizer
// build checks that nothing is read out of bounds before).
var dynamicShapeCases = []nativeCase{
	{fn: "arange_add", shapes: [][]int64{{7}}, specials: true},
	{fn: "arange_add", shapes: [][]int64{{1}}},
	{fn: "arange_add", shapes: [][]int64{{0}}},
	{fn: "arange_add", shapes: [][]int64{{70}}},
	{fn: "arange_2d", shapes: [][]int64{{3, 9}}, specials: true},
	{fn: "arange_2d", shapes: [][]int64{{1, 40}}},
	{fn: "arange_2d", shapes: [][]int64{{0, 4}}},
	{fn: "iota_static", shapes: [][]int64{{5, 3}}},
	{fn: "iota_static", shapes: [][]int64{{0, 3}}},
	{fn: "iota_check", shapes: [][]int64{{4, 3}}},
	{fn: "iota_check", shapes: [][]int64{{4, 4}}, wantErr: "'hlo.dynamic_iota' op in @iota_check: output_shape element 1 is 4 but result dim 1 has size 3"},
	{fn: "iota_negative", shapes: [][]int64{{6}}},
	{fn: "iota_negative", shapes: [][]int64{{2}}},
	{fn: "iota_negative", shapes: [][]int64{{1}}, wantErr: "'hlo.dynamic_iota' op in @iota_negative: output_shape element 0 is -1, a negative size"},
	{fn: "inner", shapes: [][]int64{{9}}, ulps: 1},
	{fn: "inner", shapes: [][]int64{{40}}, ulps: 1},
	{fn: "inner", shapes: [][]int64{{2}}},
	{fn: "inner", shapes: [][]int64{{1}}, wantErr: "'hlo.real_dynamic_slice' op in @inner: dim 0: start index 1 is greater than limit index 0"},
	{fn: "inner", shapes: [][]int64{{0}}, wantErr: "'hlo.real_dynamic_slice' op in @inner: dim 0: start index 1 is greater than limit index -1"},
	{fn: "stride2", shapes: [][]int64{{9}}, specials: true},
	{fn: "stride2", shapes: [][]int64{{40}}},
	{fn: "stride2", shapes: [][]int64{{1}}},
	{fn: "stride2", shapes: [][]int64{{0}}},
	{fn: "prefix", shapes: [][]int64{{8}, {5}}, specials: true},
	{fn: "prefix", shapes: [][]int64{{5}, {5}}},
	{fn: "prefix", shapes: [][]int64{{5}, {0}}},
	{fn: "prefix", shapes: [][]int64{{5}, {6}}, wantErr: "'hlo.real_dynamic_slice' op in @prefix: dim 0: limit index 6 is greater than the operand's size 5"},
	{fn: "prefix", shapes: [][]int64{{0}, {1}}, wantErr: "'hlo.real_dynamic_slice' op in @prefix: dim 0: limit index 1 is greater than the operand's size 0"},
	{fn: "last_two", shapes: [][]int64{{8}, {5}}},
	{fn: "last_two", shapes: [][]int64{{8}, {2}}},
	{fn: "last_two", shapes: [][]int64{{8}, {8}}},
	{fn: "last_two", shapes: [][]int64{{8}, {1}}, wantErr: "'hlo.real_dynamic_slice' op in @last_two: dim 0: start index -1 is negative"},
	{fn: "last_two", shapes: [][]int64{{8}, {9}}, wantErr: "'hlo.real_dynamic_slice' op in @last_two: dim 0: limit index 9 is greater than the operand's size 8"},
	{fn: "stride_dyn", shapes: [][]int64{{4, 7}}},
	{fn: "stride_dyn", shapes: [][]int64{{4, 3}}},
	{fn: "stride_dyn", shapes: [][]int64{{1, 30}}},
	{fn: "stride_dyn", shapes: [][]int64{{4, 2}}, wantErr: "'hlo.real_dynamic_slice' op in @stride_dyn: dim 1: stride 0 is not positive"},
	{fn: "stride_dyn", shapes: [][]int64{{4, 1}}, wantErr: "'hlo.real_dynamic_slice' op in @stride_dyn: dim 1: stride -1 is not positive"},
	{fn: "stride_dyn", shapes: [][]int64{{0, 5}}, wantErr: "'hlo.real_dynamic_slice' op in @stride_dyn: dim 0: start index 1 is greater than limit index 0"},
	{fn: "slice_2d", shapes: [][]int64{{5, 4}}},
	{fn: "slice_2d", shapes: [][]int64{{1, 4}}},
	{fn: "slice_2d", shapes: [][]int64{{0, 4}}, wantErr: "'hlo.real_dynamic_slice' op in @slice_2d: dim 0: start index 1 is greater than limit index 0"},
	{fn: "slice_of_producer", shapes: [][]int64{{6}}, ulps: 1},
	{fn: "slice_of_producer", shapes: [][]int64{{2}}},
	{fn: "slice_of_producer", shapes: [][]int64{{1}}, wantErr: "'hlo.real_dynamic_slice' op in @slice_of_producer: dim 0: start index 1 is greater than limit index 0"},
	{fn: "combo", shapes: [][]int64{{7}}},
	{fn: "combo", shapes: [][]int64{{2}}},
	{fn: "combo", shapes: [][]int64{{1}}, wantErr: "'hlo.dynamic_iota' op in @combo: output_shape element 0 is -1, a negative size"},
	{fn: "limit_past_end", shapes: [][]int64{{3, 4}}, wantErr: "'hlo.real_dynamic_slice' op in @limit_past_end: dim 1: limit index 5 is greater than the operand's size 4"},
	{fn: "iota_wrong_constant", shapes: [][]int64{{3}}, wantErr: "'hlo.dynamic_iota' op in @iota_wrong_constant: output_shape element 1 is 5 but result dim 1 has size 3"},
	// The caller's result shape is checked against the computed size.
	{fn: "inner", shapes: [][]int64{{9}}, resultShapes: [][]int64{{8}}, wantErr: "inner: result 0 dim 0: the caller's shape has 8, the computed size is 7"},
}

// dynamicShapesAllocate are the kernels of testdata/dynamic_shapes.mlir
// that may call malloc; every other one reads its slices as views and
// writes its iota where it is consumed.
var dynamicShapesAllocate = map[string]bool{"slice_of_producer": true}

// TestDynamicShapesLowerLikeInterpreter runs each case's kernel after
// --pipeline=cpu in the interpreter and compares with the interpreter on
// the hlo kernel, errors included (no native tools needed).
func TestDynamicShapesLowerLikeInterpreter(t *testing.T) {
	src, err := os.ReadFile(dynamicShapesFile)
	if err != nil {
		t.Fatal(err)
	}
	orig, piped := cpuPipeline(t, dynamicShapesFile, src)
	_, byName := functionABIs(t, piped)
	var cases []nativeCase
	for _, c := range dynamicShapeCases {
		if c.resultShapes == nil { // else an ABI check, native only
			cases = append(cases, c)
		}
	}
	forEachCase(t, byName, cases, 13, func(t *testing.T, f *llvm.FuncABI, c nativeCase, args []*interp.Tensor) {
		want, wantErr := interp.Run(orig, c.fn, args)
		got, err := interp.Run(piped, c.fn, args)
		if c.wantErr != "" {
			if wantErr == nil || err == nil {
				t.Fatalf("want errors; the hlo kernel gives %v, the lowered one %v", wantErr, err)
			}
			if !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("lowered kernel: %v; want %q", err, c.wantErr)
			}
			return
		}
		if wantErr != nil || err != nil {
			t.Fatalf("hlo kernel: %v; lowered kernel: %v", wantErr, err)
		}
		for k := range want {
			compareTensors(t, "--pipeline=cpu", k, got[k], want[k], 0)
		}
	})
}

// TestNativeDynamicShapes compiles testdata/dynamic_shapes.mlir through
// --pipeline=cpu and --emit=llvm, checks that no hlo op is left and that
// only the kernels in dynamicShapesAllocate call malloc, and runs the
// cases natively against the interpreter.
func TestNativeDynamicShapes(t *testing.T) {
	t.Parallel()
	k := compileNative(t, dynamicShapesFile)
	k.lowered.Walk(func(op *ir.Operation) bool {
		if op.Dialect() == "hlo" {
			t.Errorf("%s left after --pipeline=cpu", op.Name())
		}
		return true
	})
	checkAllocations(t, k, dynamicShapesAllocate)
	runNativeCases(t, k, dynamicShapeCases, 17)
}
