package hlo_test

import (
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

var f32x4x8 = ir.RankedTensor([]int64{4, 8}, ir.F32T)

// addBody is the body x + y of one input.
func addBody(b *ir.Builder, args []*ir.Value) ([]*ir.Value, error) {
	s, err := hlo.Add(b, args[0], args[1])
	return []*ir.Value{s}, err
}

// TestReductionBuilderErrors checks that what the builders reject comes
// back as an error value saying what is wrong, and that a failed build
// leaves nothing behind: no op in the function, no use of its values.
func TestReductionBuilderErrors(t *testing.T) {
	errBody := errors.New("the front end gave up")
	cases := []struct {
		name  string
		args  []ir.Type
		build func(b *ir.Builder, args []*ir.Value) error
		want  string
	}{
		{"nil builder", []ir.Type{f32x4x8}, func(_ *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceSum(nil, args[0], 1)
			return err
		}, "hlo.reduce: the builder is nil"},
		{"nil operand", []ir.Type{f32x4x8}, func(b *ir.Builder, _ []*ir.Value) error {
			_, err := hlo.ReduceMax(b, nil, 1)
			return err
		}, "hlo.reduce: operand #0 is nil"},
		{"nil init value", []ir.Type{f32x4x8}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], []*ir.Value{nil}, []int64{1}, addBody)
			return err
		}, "hlo.reduce: operand #1 is nil"},
		{"nil body", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], args[1:], []int64{1}, nil)
			return err
		}, "hlo.reduce: the body is nil"},
		{"the body's error", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], args[1:], []int64{1}, func(b *ir.Builder, vs []*ir.Value) ([]*ir.Value, error) {
				// An op on a value from outside the body, then an error:
				// the op must not stay a user of args[1].
				if _, err := hlo.Add(b, vs[0], args[1]); err != nil {
					return nil, err
				}
				return nil, errBody
			})
			if !errors.Is(err, errBody) {
				t.Errorf("error %v does not wrap the body's", err)
			}
			if args[1].HasUses() {
				t.Errorf("the init value is still used by the dropped body")
			}
			return err
		}, "hlo.reduce: the front end gave up"},
		{"a nil body value", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], args[1:], []int64{1}, func(*ir.Builder, []*ir.Value) ([]*ir.Value, error) {
				return []*ir.Value{nil}, nil
			})
			return err
		}, "hlo.reduce: body value #0 is nil"},
		{"dim out of range", []ir.Type{f32x4x8}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceSum(b, args[0], 2)
			return err
		}, "'hlo.reduce' op dimensions entry 0 is 2, out of range for inputs of rank 2"},
		{"repeated dim", []ir.Type{f32x4x8}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceProd(b, args[0], 1, 1)
			return err
		}, "'hlo.reduce' op dimensions has 1 twice"},
		{"inputs of different shapes", []ir.Type{f32x4x8, f32x4, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:2], []*ir.Value{args[2], args[2]}, []int64{0}, func(b *ir.Builder, vs []*ir.Value) ([]*ir.Value, error) {
				return vs[:2], nil
			})
			return err
		}, "'hlo.reduce' op input #1 is 'tensor<4xf32>' but input #0 is 'tensor<4x8xf32>': all inputs must have one shape"},
		{"init value of another element type", []ir.Type{f32x4x8, ir.RankedTensor(nil, ir.I32)}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], args[1:], []int64{1}, addBody)
			return err
		}, "'hlo.reduce' op init value #0 has element type 'i32', but input #0 has 'f32'"},
		{"body value of the wrong type", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.Reduce(b, args[:1], args[1:], []int64{1}, func(b *ir.Builder, vs []*ir.Value) ([]*ir.Value, error) {
				p, err := hlo.Compare(b, "GT", vs[0], vs[1])
				return []*ir.Value{p}, err
			})
			return err
		}, "'hlo.return' op value #0 must be 'tensor<f32>' (the element type of input #0), but is 'tensor<i1>'"},
		{"Argmax of an unranked tensor", []ir.Type{ir.UnrankedTensor(ir.F32T)}, func(b *ir.Builder, args []*ir.Value) error {
			_, _, err := hlo.Argmax(b, args[0], 0)
			return err
		}, "hlo.reduce: input #0 must be a ranked tensor, but is 'tensor<*xf32>'"},
		{"Argmax dim out of range", []ir.Type{f32x4x8}, func(b *ir.Builder, args []*ir.Value) error {
			_, _, err := hlo.Argmin(b, args[0], -1)
			return err
		}, "hlo.reduce: dimensions entry 0 is -1, out of range for inputs of rank 2"},
		{"no identity for index elements", []ir.Type{ir.RankedTensor([]int64{4}, ir.Index)}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceSum(b, args[0], 0)
			return err
		}, "hlo.reduce: no constants of element type index"},
		{"a window of the wrong rank", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceWindow(b, args[:1], args[1:], hlo.Window{Dimensions: []int64{2}}, addBody)
			return err
		}, "'hlo.reduce_window' op window_dimensions has 1 entries, but the inputs have rank 2"},
		{"a window stride of 0", []ir.Type{f32x4x8, scalarF32}, func(b *ir.Builder, args []*ir.Value) error {
			_, err := hlo.ReduceWindow(b, args[:1], args[1:], hlo.Window{Dimensions: []int64{2, 2}, Strides: []int64{1, 0}}, addBody)
			return err
		}, "'hlo.reduce_window' op window_strides entry 1 is 0, but must be positive"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, b, args := newFunc(t, c.args...)
			blk := b.InsertionBlock()
			before := blk.Len()
			err := c.build(b, args)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if blk.Len() != before {
				t.Errorf("the failed build left %d ops in the function", blk.Len()-before)
			}
		})
	}
}

var scalarF32 = ir.RankedTensor(nil, ir.F32T)

// TestReductionBuilderTypes checks the result types the builders infer,
// and the identities they start from.
func TestReductionBuilderTypes(t *testing.T) {
	dyn := ir.RankedTensor([]int64{ir.Dynamic, 3, 5}, ir.F16T)
	cases := []struct {
		name     string
		arg      ir.Type
		build    func(b *ir.Builder, x *ir.Value) (*ir.Value, error)
		want     string
		wantInit string
	}{
		{"sum of rows", f32x4x8, func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceSum(b, x, 1) },
			"tensor<4xf32>", "dense<0.000000e+00> : tensor<f32>"},
		{"sum over no dims", f32x4x8, func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceSum(b, x) },
			"tensor<4x8xf32>", "dense<0.000000e+00> : tensor<f32>"},
		{"product over all dims", f32x4x8, func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceProd(b, x, 1, 0) },
			"tensor<f32>", "dense<1.000000e+00> : tensor<f32>"},
		{"max of f16 keeps dynamic dims", dyn, func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMax(b, x, 1) },
			"tensor<?x5xf16>", "dense<0xFC00> : tensor<f16>"},
		{"max of i8 from -128", ir.RankedTensor([]int64{3}, ir.I8), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMax(b, x, 0) },
			"tensor<i8>", "dense<-128> : tensor<i8>"},
		{"max of ui8 from 0", ir.RankedTensor([]int64{3}, ir.Integer(8, ir.Unsigned)), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMax(b, x, 0) },
			"tensor<ui8>", "dense<0> : tensor<ui8>"},
		{"min of ui64 from 2^64-1", ir.RankedTensor([]int64{3}, ir.Integer(64, ir.Unsigned)), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMin(b, x, 0) },
			"tensor<ui64>", "dense<18446744073709551615> : tensor<ui64>"},
		{"min of i32 from 2^31-1", ir.RankedTensor([]int64{3}, ir.I32), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMin(b, x, 0) },
			"tensor<i32>", "dense<2147483647> : tensor<i32>"},
		{"max of i1 from false", ir.RankedTensor([]int64{3}, ir.I1), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMax(b, x, 0) },
			"tensor<i1>", "dense<false> : tensor<i1>"},
		{"min of i1 from true", ir.RankedTensor([]int64{3}, ir.I1), func(b *ir.Builder, x *ir.Value) (*ir.Value, error) { return hlo.ReduceMin(b, x, 0) },
			"tensor<i1>", "dense<true> : tensor<i1>"},
		{"argmax indices are i32", dyn, func(b *ir.Builder, x *ir.Value) (*ir.Value, error) {
			_, i, err := hlo.Argmax(b, x, 2)
			return i, err
		}, "tensor<?x3xi32>", "dense<0xFC00> : tensor<f16>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			module, b, args := newFunc(t, c.arg)
			r, err := c.build(b, args[0])
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Type().String(); got != c.want {
				t.Errorf("result type %s, want %s", got, c.want)
			}
			red := r.DefiningOp()
			init := red.Operand(red.NumOperands() / 2).DefiningOp()
			if got := ir.AttrString(init.Attr("value")); got != c.wantInit {
				t.Errorf("init value %s, want %s", got, c.wantInit)
			}
			funcdialect.NewReturn(b, r)
			if err := ir.Verify(module); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestReductionBuilderLocations checks that the reduce and every op the
// builder makes for it (the init value, the body) are located at the
// caller's line.
func TestReductionBuilderLocations(t *testing.T) {
	_, b, args := newFunc(t, ir.RankedTensor([]int64{ir.Dynamic, 8}, ir.F32T))
	_, _, err := hlo.Argmax(b, args[0], 1) // located here
	_, file, line, _ := runtime.Caller(0)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Base(file) + ":" + strconv.Itoa(line-1)
	var ops []*ir.Operation
	b.InsertionBlock().ParentOp().Walk(func(op *ir.Operation) bool {
		if op.Name() != "func.func" {
			ops = append(ops, op)
		}
		return true
	})
	if len(ops) < 10 {
		t.Fatalf("only %d ops built", len(ops))
	}
	for _, op := range ops {
		if got := filepath.Base(op.Loc.File) + ":" + strconv.Itoa(int(op.Loc.Line)); got != want {
			t.Errorf("%s is located at %s, want %s", op.Name(), got, want)
		}
	}
}

// TestReducedShapeAndWindows checks the shape functions the verifiers,
// the builders and the interpreter share.
func TestReducedShapeAndWindows(t *testing.T) {
	for _, c := range []struct {
		shape, dims, want []int64
	}{
		{[]int64{4, 8}, []int64{1}, []int64{4}},
		{[]int64{4, ir.Dynamic, 2}, []int64{2, 0}, []int64{ir.Dynamic}},
		{[]int64{4, 8}, nil, []int64{4, 8}},
		{nil, nil, nil},
	} {
		if got := hlo.ReducedShape(c.shape, c.dims); !slices.Equal(got, c.want) || got == nil {
			t.Errorf("ReducedShape(%v, %v) = %v, want %v", c.shape, c.dims, got, c.want)
		}
	}
	w := func(size, stride, base, wdil, lo, hi int64) hlo.Window {
		return hlo.Window{Dimensions: []int64{size}, Strides: []int64{stride}, BaseDilations: []int64{base},
			WindowDilations: []int64{wdil}, Padding: [][2]int64{{lo, hi}}}
	}
	for _, c := range []struct {
		w    hlo.Window
		n    int64
		want int64
	}{
		{w(8, 1, 1, 1, 7, 0), 8, 8},                   // cumsum
		{w(3, 2, 1, 1, 1, 1), 5, 3},                   // pooling with padding
		{w(2, 4, 2, 3, 2, 1), 3, 2},                   // the spec's example
		{w(3, 1, 1, 1, 0, 0), 2, 0},                   // window larger than the input
		{w(1, 1, 1, 1, -1, -1), 5, 3},                 // negative padding
		{w(1, 1, 1, 1, -2, -2), 1, 0},                 // padded size below 0
		{w(2, 1, 1, 1, 2, 0), 0, 1},                   // empty input, padded
		{w(2, 1, 1, 1, 0, 0), ir.Dynamic, ir.Dynamic}, // dynamic
	} {
		if got := c.w.NumWindows(0, c.n); got != c.want {
			t.Errorf("%+v.NumWindows(0, %d) = %d, want %d", c.w, c.n, got, c.want)
		}
	}
}

// TestReducerBinaryOp checks which bodies are one binary op applied to
// the accumulated value and the element (the interpreter applies its
// element function directly), and which print in the short form (those
// of a commutative op, as StableHLO's printer decides).
func TestReducerBinaryOp(t *testing.T) {
	body := func(ops string) string {
		return `func.func @f(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
` + ops + `
  }
  return %0 : tensor<f32>
}`
	}
	cases := []struct {
		name, src string
		want      *ir.OpDef // nil: not one binary op
		short     bool
	}{
		{"add", body("%s = hlo.add %a, %b : tensor<f32>\n hlo.return %s : tensor<f32>"), hlo.AddOp, true},
		{"maximum", body("%s = hlo.maximum %a, %b : tensor<f32>\n hlo.return %s : tensor<f32>"), hlo.MaximumOp, true},
		{"subtract is not commutative", body("%s = hlo.subtract %a, %b : tensor<f32>\n hlo.return %s : tensor<f32>"), hlo.SubtractOp, false},
		{"arguments swapped", body("%s = hlo.add %b, %a : tensor<f32>\n hlo.return %s : tensor<f32>"), nil, false},
		{"an argument twice", body("%s = hlo.add %a, %a : tensor<f32>\n hlo.return %s : tensor<f32>"), nil, false},
		{"an attribute", body("%s = hlo.add %a, %b {broadcast_policy = \"none\"} : tensor<f32>\n hlo.return %s : tensor<f32>"), nil, false},
		{"two ops", body("%s = hlo.add %a, %b : tensor<f32>\n %n = hlo.negate %s : tensor<f32>\n hlo.return %n : tensor<f32>"), nil, false},
		{"returns an argument", body("hlo.return %a : tensor<f32>"), nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ir.Parse("test.mlir", []byte(c.src), ir.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			var red *ir.Operation
			m.Walk(func(op *ir.Operation) bool {
				if op.Def() == hlo.ReduceOp {
					red = op
				}
				return true
			})
			got := hlo.ReducerBinaryOp(red)
			if (got == nil) != (c.want == nil) || (got != nil && got.Def != c.want) {
				t.Errorf("ReducerBinaryOp = %v, want %v", got, c.want)
			}
			printed := ir.PrintString(m, ir.PrintOptions{})
			if short := strings.Contains(printed, " applies "); short != c.short {
				t.Errorf("short form %v, want %v:\n%s", short, c.short, printed)
			}
		})
	}
}
