package interp

import (
	"fmt"
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/ir"
)

// parse parses and verifies a test module.
func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse("test.mlir", []byte(src), ir.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return m
}

// elemType parses an element type name.
func elemType(s string) ir.Type {
	switch s {
	case "f16":
		return ir.F16T
	case "bf16":
		return ir.BF16T
	case "f32":
		return ir.F32T
	case "f64":
		return ir.F64T
	case "index":
		return ir.Index
	}
	var sign ir.Signedness
	switch {
	case strings.HasPrefix(s, "ui"):
		sign, s = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "si"):
		sign, s = ir.Signed, s[2:]
	default:
		s = s[1:]
	}
	var w int
	fmt.Sscan(s, &w)
	return ir.Integer(w, sign)
}

// tf builds a float tensor; shape nil is a scalar.
func tf(elem string, shape []int64, vals ...float64) *Tensor {
	t, err := NewFloats(elemType(elem), shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

// ti builds an integer tensor.
func ti(elem string, shape []int64, vals ...int64) *Tensor {
	t, err := NewInts(elemType(elem), shape, vals)
	if err != nil {
		panic(err)
	}
	return t
}

func sh(d ...int64) []int64 { return d }

// runOK runs @f and fails the test on an error.
func runOK(t *testing.T, src string, args ...*Tensor) []*Tensor {
	t.Helper()
	out, err := Run(parse(t, src), "f", args)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, src)
	}
	return out
}

// expectErr runs @f and checks that it fails with a message containing
// every fragment.
func expectErr(t *testing.T, src string, args []*Tensor, fragments ...string) {
	t.Helper()
	_, err := Run(parse(t, src), "f", args)
	if err == nil {
		t.Fatalf("run succeeded; want an error containing %q\n%s", fragments, src)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("error %q does not contain %q", err, f)
		}
	}
}

func expectTensor(t *testing.T, what string, got, want *Tensor) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s = %v; want %v", what, got, want)
	}
}

// f32 rounds to float32 and back: expectations computed in Go's float32
// arithmetic, independently of the interpreter's float64-then-round path.
func f32(v float32) float64 { return float64(v) }
