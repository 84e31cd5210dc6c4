package hlo_test

import (
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// newFunc returns a builder in a new function of a new module and the
// function's arguments.
func newFunc(t *testing.T, args ...ir.Type) (*ir.Operation, *ir.Builder, []*ir.Value) {
	t.Helper()
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", args, nil)
	return module, b, fn.Region(0).Front().Args()
}

var (
	f32x4  = ir.RankedTensor([]int64{4}, ir.F32T)
	i32x4  = ir.RankedTensor([]int64{4}, ir.I32)
	i1x4   = ir.RankedTensor([]int64{4}, ir.I1)
	index2 = ir.RankedTensor([]int64{2}, ir.Index)
)

// binaryBuilders and unaryBuilders are the typed builders by op name.
var binaryBuilders = map[string]func(*ir.Builder, *ir.Value, *ir.Value, ...hlo.Option) (*ir.Value, error){
	"add": hlo.Add, "subtract": hlo.Subtract, "multiply": hlo.Multiply, "divide": hlo.Divide,
	"remainder": hlo.Remainder, "maximum": hlo.Maximum, "minimum": hlo.Minimum, "power": hlo.Power,
	"atan2": hlo.Atan2, "next_after": hlo.NextAfter, "and": hlo.And, "or": hlo.Or, "xor": hlo.Xor, "shift_left": hlo.ShiftLeft,
	"shift_right_arithmetic": hlo.ShiftRightArithmetic, "shift_right_logical": hlo.ShiftRightLogical,
}

var unaryBuilders = map[string]func(*ir.Builder, *ir.Value) (*ir.Value, error){
	"negate": hlo.Negate, "abs": hlo.Abs, "exponential": hlo.Exponential,
	"exponential_minus_one": hlo.ExponentialMinusOne, "log": hlo.Log, "log_plus_one": hlo.LogPlusOne,
	"sqrt": hlo.Sqrt, "rsqrt": hlo.Rsqrt, "cbrt": hlo.Cbrt, "tanh": hlo.Tanh, "logistic": hlo.Logistic,
	"sign": hlo.Sign, "floor": hlo.Floor, "ceil": hlo.Ceil, "round_nearest_even": hlo.RoundNearestEven,
	"not": hlo.Not, "is_finite": hlo.IsFinite, "popcnt": hlo.Popcnt,
	"sine": hlo.Sine, "cosine": hlo.Cosine, "tan": hlo.Tan, "round_nearest_afz": hlo.RoundNearestAfz,
	"sinh": hlo.Sinh, "cosh": hlo.Cosh, "asin": hlo.Asin, "acos": hlo.Acos, "atan": hlo.Atan,
	"asinh": hlo.Asinh, "acosh": hlo.Acosh, "atanh": hlo.Atanh, "erf": hlo.Erf, "erfc": hlo.Erfc, "digamma": hlo.Digamma, "erf_inv": hlo.ErfInv, "lgamma": hlo.Lgamma,
	"is_inf": hlo.IsInf, "is_pos_inf": hlo.IsPosInf, "is_neg_inf": hlo.IsNegInf,
	"real": hlo.Real, "imag": hlo.Imag, "conj": hlo.Conj,
}

// operandFor returns an operand type the op class accepts.
func operandFor(c hlo.ElemClass) ir.Type {
	switch c {
	case hlo.IntOnly, hlo.IntOrBool:
		return i32x4
	}
	return f32x4
}

// TestTypedBuildersCoverOps builds every op of the BinaryOps and UnaryOps
// tables through its typed builder: a new op in a table without a builder
// fails here.
func TestTypedBuildersCoverOps(t *testing.T) {
	for _, op := range hlo.BinaryOps {
		build, ok := binaryBuilders[op.Name]
		if !ok {
			t.Errorf("hlo.%s has no typed builder", op.Name)
			continue
		}
		x := ir.RankedTensor([]int64{2, 4}, ir.ElementTypeOf(operandFor(op.Class)))
		module, b, args := newFunc(t, x, operandFor(op.Class))
		r, err := build(b, args[0], args[1])
		if err != nil {
			t.Errorf("hlo.%s: %v", op.Name, err)
			continue
		}
		if got := r.DefiningOp().Def(); got != op.Def {
			t.Errorf("the builder of hlo.%s built %s", op.Name, got.Name)
		}
		if r.Type() != x {
			t.Errorf("hlo.%s: result type %s, want %s", op.Name, r.Type(), x)
		}
		funcdialect.NewReturn(b, r)
		if err := ir.Verify(module); err != nil {
			t.Errorf("hlo.%s: %v", op.Name, err)
		}
	}
	for _, op := range hlo.UnaryOps {
		build, ok := unaryBuilders[op.Name]
		if !ok {
			t.Errorf("hlo.%s has no typed builder", op.Name)
			continue
		}
		module, b, args := newFunc(t, operandFor(op.Class))
		r, err := build(b, args[0])
		if err != nil {
			t.Errorf("hlo.%s: %v", op.Name, err)
			continue
		}
		if got := r.DefiningOp().Def(); got != op.Def {
			t.Errorf("the builder of hlo.%s built %s", op.Name, got.Name)
		}
		want := operandFor(op.Class)
		if op.Class == hlo.FloatToBool {
			want = i1x4
		}
		if r.Type() != want {
			t.Errorf("hlo.%s: result type %s, want %s", op.Name, r.Type(), want)
		}
		funcdialect.NewReturn(b, r)
		if err := ir.Verify(module); err != nil {
			t.Errorf("hlo.%s: %v", op.Name, err)
		}
	}
	if len(binaryBuilders) != len(hlo.BinaryOps) || len(unaryBuilders) != len(hlo.UnaryOps) {
		t.Errorf("the builder maps name ops the tables do not have")
	}
}

// TestTypedBuilderElementTypes: an element type the op does not accept is
// an error value from the verifier, located at the caller, and nothing is
// left in the function.
func TestTypedBuilderElementTypes(t *testing.T) {
	_, b, args := newFunc(t, i32x4, i32x4)
	_, _, line, _ := runtime.Caller(0)
	_, err := hlo.Exponential(b, args[0])
	want := "builder_test.go:" + strconv.Itoa(line+1) + ":1: error: 'hlo.exponential' op operand #0 must have floating-point or complex elements, but has 'i32'"
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("hlo.Exponential on i32: %v, want an error ending in %q", err, want)
	}
	if _, err := hlo.Atan2(b, args[0], args[1]); err == nil {
		t.Errorf("hlo.Atan2 on i32: no error")
	}
	if n := len(b.InsertionBlock().Ops()); n != 0 {
		t.Errorf("%d ops left in the function after failed builds", n)
	}
}

// TestBuildersNilArguments: a nil builder or operand is an error value,
// never a panic, for every builder.
func TestBuildersNilArguments(t *testing.T) {
	_, b, args := newFunc(t, f32x4, f32x4, i1x4, index2)
	x, y, p, s := args[0], args[1], args[2], args[3]
	t23 := ir.RankedTensor([]int64{2, 4}, ir.F32T)
	cases := []struct {
		name  string
		build func() (*ir.Value, error)
		want  string
	}{
		{"Add(b, x, nil)", func() (*ir.Value, error) { return hlo.Add(b, x, nil) }, "hlo.add: operand #1 is nil"},
		{"Add(b, nil, y)", func() (*ir.Value, error) { return hlo.Add(b, nil, y) }, "hlo.add: operand #0 is nil"},
		{"Add(nil, x, y)", func() (*ir.Value, error) { return hlo.Add(nil, x, y) }, "hlo.add: the builder is nil"},
		{"Add(NewBuilder(), x, y)", func() (*ir.Value, error) { return hlo.Add(ir.NewBuilder(), x, y) }, "hlo.add: the builder's insertion block is nil"},
		{"Binary(b, multiply, x, nil)", func() (*ir.Value, error) { return hlo.Binary(b, "multiply", x, nil) }, "hlo.multiply: operand #1 is nil"},
		{"Compare(b, GT, nil, y)", func() (*ir.Value, error) { return hlo.Compare(b, "GT", nil, y) }, "hlo.compare: operand #0 is nil"},
		{"Select(b, p, x, nil)", func() (*ir.Value, error) { return hlo.Select(b, p, x, nil) }, "hlo.select: operand #2 is nil"},
		{"Clamp(nil, x, x, x)", func() (*ir.Value, error) { return hlo.Clamp(nil, x, x, x) }, "hlo.clamp: the builder is nil"},
		{"Negate(b, nil)", func() (*ir.Value, error) { return hlo.Negate(b, nil) }, "hlo.negate: operand #0 is nil"},
		{"Exponential(nil, x)", func() (*ir.Value, error) { return hlo.Exponential(nil, x) }, "hlo.exponential: the builder is nil"},
		{"Unary(b, tanh, nil)", func() (*ir.Value, error) { return hlo.Unary(b, "tanh", nil) }, "hlo.tanh: operand #0 is nil"},
		{"ScalarConstant(nil, f32, 0)", func() (*ir.Value, error) { return hlo.ScalarConstant(nil, ir.F32T, 0) }, "hlo.constant: the builder is nil"},
		{"ScalarConstant(b, nil, 0)", func() (*ir.Value, error) { return hlo.ScalarConstant(b, nil, 0) }, "hlo.constant: the element type is nil"},
		{"NewBroadcastInDim(b, nil, ...)", func() (*ir.Value, error) { return hlo.NewBroadcastInDim(b, nil, []int64{1}, t23) }, "hlo.broadcast_in_dim: operand #0 is nil"},
		{"NewBroadcastInDim(b, x, dims, nil)", func() (*ir.Value, error) { return hlo.NewBroadcastInDim(b, x, []int64{1}, nil) }, "hlo.broadcast_in_dim: the result type is nil"},
		{"NewBroadcastInDim(nil, ...)", func() (*ir.Value, error) { return hlo.NewBroadcastInDim(nil, x, []int64{1}, t23) }, "hlo.broadcast_in_dim: the builder is nil"},
		{"NewDynamicBroadcastInDim(b, x, nil, ...)", func() (*ir.Value, error) { return hlo.NewDynamicBroadcastInDim(b, x, nil, []int64{1}, nil) }, "hlo.dynamic_broadcast_in_dim: operand #1 is nil"},
		{"NewDynamicBroadcastInDim(nil, ...)", func() (*ir.Value, error) { return hlo.NewDynamicBroadcastInDim(nil, x, s, []int64{1}, nil) }, "hlo.dynamic_broadcast_in_dim: the builder is nil"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			v, err := c.build()
			if v != nil || err == nil || err.Error() != c.want {
				t.Errorf("got %v, %v; want the error %q", v, err, c.want)
			}
		})
	}
	if n := len(b.InsertionBlock().Ops()); n != 0 {
		t.Errorf("%d ops left in the function after failed builds", n)
	}
	if _, err := hlo.Add(b, x, y, nil); err != nil {
		t.Errorf("a nil Option: %v", err)
	}
}

// TestBuilderDefaultLocation: an op built with a builder that has no
// location is located at the line that called the builder (not
// loc(unknown)); one with a location keeps it, and so does NewFunc's
// function.
func TestBuilderDefaultLocation(t *testing.T) {
	_, _, line, _ := runtime.Caller(0)
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{f32x4, f32x4}, nil) // line+2
	args := fn.Region(0).Front().Args()
	sum, _ := hlo.Add(b, args[0], args[1])    // line+4
	c, _ := hlo.ScalarConstant(b, ir.F32T, 0) // line+5
	m, _ := hlo.Maximum(b, sum, c)            // line+6
	e, _ := hlo.Unary(b, "exponential", m)    // line+7
	ret := funcdialect.NewReturn(b, e)        // line+8
	b.Loc = ir.Location{File: "model.py", Line: 3, Col: 5}
	n, _ := hlo.Negate(b, e)
	for _, c := range []struct {
		what string
		op   *ir.Operation
		line int
	}{
		{"func.func", fn, line + 2}, {"hlo.add", sum.DefiningOp(), line + 4},
		{"hlo.constant", c.DefiningOp(), line + 5}, {"hlo.maximum", m.DefiningOp(), line + 6},
		{"hlo.exponential", e.DefiningOp(), line + 7}, {"func.return", ret, line + 8},
	} {
		loc := c.op.Loc
		if filepath.Base(loc.File) != "builder_test.go" || int(loc.Line) != c.line || loc.Col != 1 {
			t.Errorf("%s is located at %s, want builder_test.go:%d:1", c.what, loc, c.line)
		}
	}
	if got := n.DefiningOp().Loc.String(); got != "model.py:3:5" {
		t.Errorf("with b.Loc set, hlo.negate is located at %s, want model.py:3:5", got)
	}
}

// TestBroadcastInDimBuilders: the explicit broadcasts' builders build what
// the verifier accepts and return its diagnostic for what it rejects.
func TestBroadcastInDimBuilders(t *testing.T) {
	f32 := func(shape ...int64) ir.Type { return ir.RankedTensor(shape, ir.F32T) }
	ok := []struct {
		x     ir.Type
		dims  []int64
		out   ir.Type
		print string
	}{
		{f32(3), []int64{1}, f32(2, 3), "hlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>"},
		{f32(1, 3), []int64{0, 1}, f32(4, 3), "hlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>"},
		{f32(), nil, f32(2), "hlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2xf32>"},
	}
	for _, c := range ok {
		module, b, args := newFunc(t, c.x)
		r, err := hlo.NewBroadcastInDim(b, args[0], c.dims, c.out)
		if err != nil {
			t.Errorf("%s dims %v -> %s: %v", c.x, c.dims, c.out, err)
			continue
		}
		funcdialect.NewReturn(b, r)
		if err := ir.Verify(module); err != nil {
			t.Errorf("%s: %v", c.print, err)
		}
		if got := ir.PrintString(module, ir.PrintOptions{}); !strings.Contains(got, c.print) {
			t.Errorf("printed\n%s\nwant a line with %q", got, c.print)
		}
	}
	bad := []struct {
		x    ir.Type
		dims []int64
		out  ir.Type
		want string
	}{
		{f32(3), []int64{0}, f32(2, 3), "operand dim 0 has size 3, which cannot broadcast to result dim 0 of size 2"},
		{f32(3), []int64{2}, f32(2, 3), "broadcast_dimensions entry 0 is 2, out of range for a result of rank 2"},
		{f32(3), nil, f32(2, 3), "broadcast_dimensions has 0 entries but the operand has rank 1"},
		{f32(1, 3), []int64{1, 1}, f32(2, 3), "broadcast_dimensions has 1 twice"},
		{f32(3), []int64{1}, ir.RankedTensor([]int64{2, 3}, ir.F64T), "requires the same element type for all operands and results"},
		{f32(3), []int64{0}, ir.UnrankedTensor(ir.F32T), "requires ranked tensor operand and result"},
	}
	for _, c := range bad {
		_, b, args := newFunc(t, c.x)
		b.Loc = ir.Location{File: "front.go", Line: 9, Col: 1}
		_, err := hlo.NewBroadcastInDim(b, args[0], c.dims, c.out)
		want := "front.go:9:1: error: 'hlo.broadcast_in_dim' op " + c.want
		if err == nil || err.Error() != want {
			t.Errorf("%s dims %v -> %s: got %v, want %q", c.x, c.dims, c.out, err, want)
		}
		if n := len(b.InsertionBlock().Ops()); n != 0 {
			t.Errorf("%d ops left in the function after a failed build", n)
		}
	}
}

// TestDynamicBroadcastInDimBuilder: the inferred result type has the
// shape operand's length, the constant sizes and the operand's static
// non-1 sizes; an explicit result type is checked by the verifier.
func TestDynamicBroadcastInDimBuilder(t *testing.T) {
	f32 := func(shape ...int64) ir.Type { return ir.RankedTensor(shape, ir.F32T) }
	dyn := ir.Dynamic
	cases := []struct {
		x, shape ir.Type
		dims     []int64
		result   ir.Type // nil: inferred
		opts     []hlo.Option
		want     string // the result type, or the error
	}{
		{f32(3), index2, []int64{1}, nil, nil, "tensor<?x3xf32>"},
		{f32(1), index2, []int64{1}, nil, nil, "tensor<?x?xf32>"},
		{f32(dyn, 1), ir.RankedTensor([]int64{3}, ir.I64), []int64{0, 2}, nil, nil, "tensor<?x?x?xf32>"},
		{f32(3), index2, []int64{1}, f32(dyn, dyn), nil, "tensor<?x?xf32>"},
		{f32(1, 3), index2, []int64{0, 1}, nil, []hlo.Option{hlo.WithKnownExpandingDimensions(0), hlo.WithKnownNonexpandingDimensions(1)}, "tensor<?x3xf32>"},
		{f32(3), index2, []int64{1}, f32(dyn, 4), nil, "'hlo.dynamic_broadcast_in_dim' op operand dim 0 has size 3, which cannot broadcast to result dim 1 of size 4"},
		{f32(3), ir.RankedTensor([]int64{dyn}, ir.Index), []int64{0}, nil, nil, "hlo.dynamic_broadcast_in_dim: cannot infer the result type from a shape operand of type 'tensor<?xindex>' (it needs a static length); give the result type"},
		{f32(3), ir.RankedTensor([]int64{2}, ir.F32T), []int64{1}, nil, nil, "'hlo.dynamic_broadcast_in_dim' op operand #1 must be a 1-D tensor of integers or index, but got 'tensor<2xf32>'"},
		{f32(3), index2, []int64{1, 0}, nil, nil, "'hlo.dynamic_broadcast_in_dim' op broadcast_dimensions has 2 entries but the operand has rank 1"},
		{f32(3), index2, []int64{1}, nil, []hlo.Option{hlo.WithKnownExpandingDimensions(0)}, "'hlo.dynamic_broadcast_in_dim' op operand dim 0 of size 3 cannot be expanding"},
		{ir.UnrankedTensor(ir.F32T), index2, []int64{1}, nil, nil, "'hlo.dynamic_broadcast_in_dim' op requires ranked tensor operand and result"},
	}
	for _, c := range cases {
		module, b, args := newFunc(t, c.x, c.shape)
		r, err := hlo.NewDynamicBroadcastInDim(b, args[0], args[1], c.dims, c.result, c.opts...)
		got := ""
		if err != nil {
			got = err.Error()
			if i := strings.Index(got, "error: "); i >= 0 {
				got = got[i+len("error: "):]
			}
		} else {
			got = r.Type().String()
			funcdialect.NewReturn(b, r)
			if err := ir.Verify(module); err != nil {
				t.Errorf("%v: %v", c, err)
			}
		}
		if got != c.want {
			t.Errorf("%s to %s along %v: got %q, want %q", c.x, c.shape, c.dims, got, c.want)
		}
	}
	// Constant elements of the shape give static sizes.
	_, b, args := newFunc(t, f32(1))
	shape := hlo.NewConstant(b, ir.NewDenseInts(ir.RankedTensor([]int64{2}, ir.I64), []int64{5, 7}))
	r, err := hlo.NewDynamicBroadcastInDim(b, args[0], shape, []int64{1}, nil)
	if err != nil || r.Type().String() != "tensor<5x7xf32>" {
		t.Errorf("broadcast to a constant shape: %v, %v; want tensor<5x7xf32>", r, err)
	}
}

// Reverse keeps its operand's type and reports bad dims as the verifier's
// located error.
func TestReverseBuilder(t *testing.T) {
	x := ir.RankedTensor([]int64{2, ir.Dynamic}, ir.F32T)
	_, b, args := newFunc(t, x)
	r, err := hlo.Reverse(b, args[0], []int64{1, 0})
	if err != nil || r.Type() != x {
		t.Fatalf("Reverse: %v, %v", r, err)
	}
	if _, err := hlo.Reverse(b, args[0], []int64{2}); err == nil || !strings.Contains(err.Error(), "'hlo.reverse' op dimensions entry 0 is 2, out of range for an operand of rank 2") {
		t.Errorf("Reverse out of range: %v", err)
	}
	if _, err := hlo.Reverse(nil, args[0], nil); err == nil {
		t.Error("Reverse with a nil builder: no error")
	}
}

// ReducePrecision keeps its operand's type and reports a bad format as the
// verifier's located error.
func TestReducePrecisionBuilder(t *testing.T) {
	x := ir.RankedTensor([]int64{2, ir.Dynamic}, ir.F32T)
	_, b, args := newFunc(t, x)
	r, err := hlo.ReducePrecision(b, args[0], 5, 10)
	if err != nil || r.Type() != x {
		t.Fatalf("ReducePrecision: %v, %v", r, err)
	}
	if _, err := hlo.ReducePrecision(b, args[0], 0, 10); err == nil || !strings.Contains(err.Error(), "'hlo.reduce_precision' op exponent_bits must be at least 1 (and fit in 32 bits), but is 0") {
		t.Errorf("ReducePrecision e0m10: %v", err)
	}
	if _, err := hlo.ReducePrecision(nil, args[0], 5, 10); err == nil {
		t.Error("ReducePrecision with a nil builder: no error")
	}
}
