package interp

import (
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// TestMaxMemory checks that a tensor over the limit is a located error
// naming its type and size, before it is allocated: a static result (the
// constant of issue 18, 80 GB in the interpreter, which died with `fatal
// error: runtime: out of memory`) and one whose shape is known only at
// run time (a broadcast of two vectors).
func TestMaxMemory(t *testing.T) {
	static := parse(t, `func.func @main() -> tensor<100000x100000xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<100000x100000xf32>
  %1 = stablehlo.add %0, %0 : tensor<100000x100000xf32>
  return %1 : tensor<100000x100000xf32>
}`)
	_, err := Run(static, "main", nil) // the default limit: half the available memory
	want := "test.mlir:2:3: error: 'stablehlo.constant' op cannot allocate a tensor<100000x100000xf32>: the interpreter needs 74.5 GiB (80000000000 bytes) for its 10000000000 elements (8 bytes each), more than its limit of "
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("got %v\nwant one line starting %q", err, want)
	}

	dynamic := parse(t, `func.func @main(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`)
	col := tf("f32", []int64{1000, 1}, make([]float64, 1000)...)
	row := tf("f32", []int64{1, 1000}, make([]float64, 1000)...)
	_, err = RunWithOptions(dynamic, "main", []*Tensor{col, row}, Options{MaxMemory: 1 << 20})
	want = "test.mlir:2:3: error: 'chlo.broadcast_add' op cannot allocate a tensor<1000x1000xf32>: the interpreter needs 7.6 MiB (8000000 bytes) for its 1000000 elements (8 bytes each), more than its limit of 1.0 MiB (1048576 bytes), which bcast-run --max-memory and interp.Options.MaxMemory set"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	for _, limit := range []int64{8000000, -1} {
		res, err := RunWithOptions(dynamic, "main", []*Tensor{col, row}, Options{MaxMemory: limit})
		if err != nil || res[0].Len() != 1000000 {
			t.Errorf("MaxMemory %d: %v", limit, err)
		}
	}
}

// TestAllocationLimitOutsideRuns checks the exported constructors, which
// allocate outside any run, against the default limit.
func TestAllocationLimitOutsideRuns(t *testing.T) {
	huge := []int64{1 << 40, 1 << 20}
	var ae *allocError
	if _, err := Zeros(ir.F32T, huge); !errors.As(err, &ae) {
		t.Errorf("Zeros: %v, want an allocation error", err)
	}
	if _, err := FromDense(&ir.DenseElementsAttr{Type: ir.RankedTensor(huge, ir.F32T), Splat: true, Raw: []byte{0, 0, 0, 0}}); !errors.As(err, &ae) {
		t.Errorf("FromDense: %v, want an allocation error", err)
	}
	over := []int64{math.MaxInt64, 2} // more elements than int64 counts
	if _, err := Zeros(ir.F32T, over); err == nil || !strings.Contains(err.Error(), "more than 2^63-1 bytes") {
		t.Errorf("Zeros: %v", err)
	}
	if _, err := Zeros(ir.F32T, []int64{math.MaxInt64, 2, 0}); err != nil {
		t.Errorf("Zeros of no elements: %v", err)
	}
}

// TestTensorBytes checks the overflow-safe size computation.
func TestTensorBytes(t *testing.T) {
	for _, c := range []struct {
		shape   []int64
		n, size int64
		ok      bool
	}{
		{nil, 1, 8, true},
		{[]int64{2, 3}, 6, 48, true},
		{[]int64{0, 5}, 0, 0, true},
		{[]int64{math.MaxInt64, 2, 0}, 0, 0, true},
		{[]int64{math.MaxInt64, 2}, 0, 0, false},
		{[]int64{1 << 61}, 1 << 61, 0, false}, // the bytes overflow
		{[]int64{-1}, 0, 0, false},
	} {
		n, size, ok := tensorBytes(c.shape)
		if ok != c.ok || (ok && (n != c.n || size != c.size)) {
			t.Errorf("tensorBytes(%v) = %d, %d, %v", c.shape, n, size, ok)
		}
	}
}

// TestConcurrentLimits checks that runs in progress together allocate
// under the smallest of their limits, and that the limit is back to the
// default when they end.
func TestConcurrentLimits(t *testing.T) {
	end1 := beginRun(100)
	end2 := beginRun(50)
	if got := allocLimit(); got != 50 {
		t.Errorf("limit %d, want 50", got)
	}
	end2()
	if got := allocLimit(); got != 100 {
		t.Errorf("limit %d, want 100", got)
	}
	end1()
	if got := allocLimit(); got != defaultLimit() {
		t.Errorf("limit %d, want the default %d", got, defaultLimit())
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() { beginRun(int64(1000 + i))() })
	}
	wg.Wait()
	if got := allocLimit(); got != defaultLimit() {
		t.Errorf("limit %d after concurrent runs, want the default", got)
	}
}

// TestMemAvailable reads /proc/meminfo texts.
func TestMemAvailable(t *testing.T) {
	if got := memAvailable("MemTotal: 24683656 kB\nMemFree: 1 kB\nMemAvailable:   23917116 kB\n"); got != 23917116<<10 {
		t.Errorf("memAvailable = %d", got)
	}
	for _, text := range []string{"", "MemTotal: 12 kB\n", "MemAvailable: 12\n", "MemAvailable: x kB\n"} {
		if got := memAvailable(text); got != 0 {
			t.Errorf("memAvailable(%q) = %d, want 0", text, got)
		}
	}
	if DefaultMaxMemory() <= 0 {
		t.Errorf("DefaultMaxMemory() = %d", DefaultMaxMemory())
	}
}

// TestRegionNestingLimit runs IR nested deeper than ir.MaxNesting, which
// only a library user can build (the verifier refuses it): the
// interpreter stops at the limit rather than recursing on.
func TestRegionNestingLimit(t *testing.T) {
	m := parse(t, `func.func @main(%c: i1) {
  scf.if %c {
    scf.yield
  }
  return
}`)
	var outer *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "scf.if" {
			outer = op
		}
		return true
	})
	c := outer.Operand(0)
	template := ir.CloneOp(outer, map[*ir.Value]*ir.Value{c: c})
	inner := outer
	for range ir.MaxNesting + 10 {
		b := ir.NewBuilder()
		b.SetInsertionPointToStart(inner.Region(0).Front())
		inner = b.Clone(template, map[*ir.Value]*ir.Value{c: c})
	}
	_, err := Run(m, "main", []*Tensor{ti("i1", nil, 1)})
	if err == nil || !strings.Contains(err.Error(), "regions nested deeper than 1000 levels") {
		t.Errorf("got %v, want a nesting error", err)
	}
}
