package llvm_test

import (
	"bytes"
	"errors"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// This file tests the C driver (cdriver.go) through its Go side
// (rundriver.go) beyond the one call per run of the native tests.

// TestRunDriverCalls checks the driver's protocol beyond one call (which
// every native test makes through runNative): several calls of different
// and repeated functions in one run, with guard pages and with --bench,
// give each call's own result; a kernel's error is a record, not a driver
// failure; a driver failure is a *DriverError with the exit status and
// what the driver printed; calls that do not fit the ABI are refused
// before anything runs.
func TestRunDriverCalls(t *testing.T) {
	t.Parallel()
	k := compileNative(t, "testdata/kernels.mlir")
	dir := t.TempDir()
	exe := buildNative(t, dir, k.fns, k.irText, k.header)[0].exe
	rng := rand.New(rand.NewSource(7))
	cases := []nativeCase{
		{fn: "w5", shapes: [][]int64{{6, 37}, {37}}},
		{fn: "ints", shapes: [][]int64{{5, 7}, {7}}},
		{fn: "w5", shapes: [][]int64{{3, 4}, {5}}}, // an error record between two results
		{fn: "w5", shapes: [][]int64{{2, 1}, {9}}},
		{fn: "scalar", shapes: [][]int64{{}, {}}},
	}
	var calls []llvm.DriverCall
	var want []*llvm.DriverResult
	for _, c := range cases {
		f := k.byName[c.fn]
		args := driverTensors(randomArgs(t, rng, f, c))
		calls = append(calls, llvm.DriverCall{Func: f, Args: args})
		one, err := llvm.RunDriver(exe, dir, f, args, nil)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, one)
	}
	if want[2].Code != 1 || !strings.Contains(want[2].Message, "not broadcast compatible") {
		t.Fatalf("w5 on [3, 4], [5]: code %d, message %q; want a shape error", want[2].Code, want[2].Message)
	}
	for _, opts := range []llvm.DriverOptions{{}, {Guard: true}, {Bench: 3}} {
		var printed bytes.Buffer
		opts.Output = &printed
		got, err := llvm.RunDriverCalls(exe, dir, calls, opts)
		if err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%+v: %d results for %d calls", opts, len(got), len(want))
		}
		for i := range want {
			if !sameDriverResult(got[i], want[i]) {
				t.Errorf("%+v: call %d (@%s) differs from its own run:\n got %+v\nwant %+v", opts, i, cases[i].fn, got[i], want[i])
			}
		}
		lines := regexp.MustCompile(`(?m)^bench: 3 runs, median [0-9.]+ ms, min [0-9.]+ ms$`).FindAllString(printed.String(), -1)
		if wantLines := map[bool]int{true: len(cases) - 1, false: 0}[opts.Bench > 0]; len(lines) != wantLines {
			t.Errorf("%+v: %d bench lines, want %d (one per successful call):\n%s", opts, len(lines), wantLines, printed.String())
		}
	}

	// A usage error (an unknown function, found before any call runs).
	bad := append([]llvm.DriverCall{calls[0]}, calls[1:]...)
	bad[1].Func = &llvm.FuncABI{Name: "nosuch", Args: calls[1].Func.Args, Results: calls[1].Func.Results}
	got, err := llvm.RunDriverCalls(exe, dir, bad, llvm.DriverOptions{})
	var de *llvm.DriverError
	if !errors.As(err, &de) || de.ExitCode != 2 || !strings.Contains(de.Output, "unknown function nosuch") || len(got) != de.Done {
		t.Errorf("an unknown function: got %d results, error %v; want a *DriverError with exit status 2 naming it", len(got), err)
	}

	// Calls that do not fit the ABI.
	f := k.byName["w5"]
	for _, c := range []struct {
		call llvm.DriverCall
		want string
	}{
		{llvm.DriverCall{Func: f, Args: calls[0].Args[:1]}, "1 arguments for 2 parameters"},
		{llvm.DriverCall{Func: f, Args: []llvm.DriverTensor{calls[0].Args[1], calls[0].Args[1]}}, "argument 0 has rank 1, but its type tensor<?x?xf32> has rank 2"},
		{llvm.DriverCall{Func: f, Args: []llvm.DriverTensor{{Shape: []int64{2, 2}, Data: make([]byte, 12)}, calls[0].Args[1]}}, "argument 0 of shape [2 2] has 12 bytes, not 16"},
		{llvm.DriverCall{Func: f, Args: calls[0].Args, ResultShapes: [][]int64{{6}}}, "result shape 0 has rank 1"},
	} {
		if _, err := llvm.RunDriverCalls(exe, dir, []llvm.DriverCall{c.call}, llvm.DriverOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
}

// driverTensors is args as the driver reads them.
func driverTensors(args []*interp.Tensor) []llvm.DriverTensor {
	out := make([]llvm.DriverTensor, len(args))
	for i, a := range args {
		out[i] = llvm.DriverTensor{Shape: a.Shape(), Data: a.Bytes()}
	}
	return out
}

func sameDriverResult(a, b *llvm.DriverResult) bool {
	if a.Code != b.Code || a.Message != b.Message || len(a.Results) != len(b.Results) {
		return false
	}
	for i := range a.Results {
		x, y := a.Results[i], b.Results[i]
		if len(x.Shape) != len(y.Shape) || !bytes.Equal(x.Data, y.Data) {
			return false
		}
		for j := range x.Shape {
			if x.Shape[j] != y.Shape[j] {
				return false
			}
		}
	}
	return true
}
