package transforms

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/shape"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
	"github.com/bcast-opt/bcast-opt/passes/passtest"
)

const dyn = ir.Dynamic

// legalizeCase is one program built with the hlo builder API: an op named
// op (a binary op, "select" or "clamp") on arguments of the given shapes.
type legalizeCase struct {
	op     string
	shapes [][]int64
	opts   []hlo.Option
}

func (c legalizeCase) String() string {
	return fmt.Sprintf("%s%v%d", c.op, c.shapes, len(c.opts))
}

// build returns a module holding `func @f(args) { return op(args) }`, or
// nil if the builder rejects the shapes (they do not broadcast).
func (c legalizeCase) build(t *testing.T) *ir.Operation {
	t.Helper()
	var args []ir.Type
	for i, s := range c.shapes {
		elem := ir.Type(ir.F32T)
		if c.op == "select" && i == 0 {
			elem = ir.I1
		}
		args = append(args, ir.RankedTensor(s, elem))
	}
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", args, nil)
	a := fn.Region(0).Front().Args()
	var r *ir.Value
	var err error
	switch c.op {
	case "select":
		r, err = hlo.Select(b, a[0], a[1], a[2], c.opts...)
	case "clamp":
		r, err = hlo.Clamp(b, a[0], a[1], a[2], c.opts...)
	default:
		r, err = hlo.Binary(b, c.op, a[0], a[1], c.opts...)
	}
	if err != nil {
		return nil
	}
	funcdialect.NewReturn(b, r)
	fn.SetAttr("function_type", &ir.TypeAttr{Type: ir.Function(args, []ir.Type{r.Type()})})
	if err := ir.Verify(module); err != nil {
		t.Fatalf("%v: the built program does not verify: %v", c, err)
	}
	return module
}

// runLegalize runs the pass through a pass manager that verifies after it.
func runLegalize(t *testing.T, m *ir.Operation) {
	t.Helper()
	e, err := ir.NewPassEntry("hlo-legalize-broadcasts", nil)
	if err != nil {
		t.Fatal(err)
	}
	pm := &ir.PassManager{Entries: []ir.PassEntry{e}, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		t.Fatalf("hlo-legalize-broadcasts: %v\n%s", err, ir.PrintString(m, ir.PrintOptions{}))
	}
}

// checkLegal checks the pass's postcondition: every broadcasting op has
// operands and result of one shape and no broadcasting attributes; and
// every dynamic broadcast's known_* lists are consistent with its types.
func checkLegal(t *testing.T, c fmt.Stringer, m *ir.Operation) {
	t.Helper()
	m.Walk(func(op *ir.Operation) bool {
		switch {
		case hlo.IsBroadcasting(op):
			if op.Attr("broadcast_dimensions") != nil || op.Attr("broadcast_policy") != nil {
				t.Errorf("%v: %s keeps a broadcasting attribute", c, op.Name())
			}
			want := op.Result(0).Type().(ir.ShapedType).Shape()
			for i, v := range op.Operands() {
				if got := v.Type().(ir.ShapedType).Shape(); !slices.Equal(got, want) {
					t.Errorf("%v: %s operand #%d has shape %v, the result %v", c, op.Name(), i, got, want)
				}
			}
		case op.Name() == "hlo.dynamic_broadcast_in_dim":
			in := op.Operand(0).Type().(*ir.RankedTensorType).Shape()
			out := op.Result(0).Type().(*ir.RankedTensorType).Shape()
			dims := hlo.I64s(op.Attr("broadcast_dimensions"))
			for _, d := range hlo.I64s(op.Attr("known_nonexpanding_dimensions")) {
				if in[d] != dyn && out[dims[d]] != dyn && in[d] != out[dims[d]] {
					t.Errorf("%v: dim %d of size %d -> %d marked non-expanding", c, d, in[d], out[dims[d]])
				}
			}
			for _, d := range hlo.I64s(op.Attr("known_expanding_dimensions")) {
				if in[d] != 1 {
					t.Errorf("%v: dim %d of size %d marked expanding", c, d, in[d])
				}
			}
		}
		return true
	})
}

// countOps counts the ops named name nested in m.
func countOps(m *ir.Operation, name string) int {
	n := 0
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == name {
			n++
		}
		return true
	})
	return n
}

// allShapes are the shapes of rank 0 to 2 with dims 1, 3 and `?`.
func allShapes() [][]int64 {
	out := [][]int64{{}}
	for _, a := range []int64{1, 3, dyn} {
		out = append(out, []int64{a})
		for _, b := range []int64{1, 3, dyn} {
			out = append(out, []int64{a, b})
		}
	}
	return out
}

var policies = []broadcast.Policy{broadcast.Numpy, broadcast.Rank, broadcast.Scalar, broadcast.None}

// TestLegalizeBroadcastsExhaustive runs the pass on every pair of shapes
// under every policy, on XLA broadcast_dimensions, and on select and
// clamp with three shapes, and checks the postcondition and the checks
// emitted.
func TestLegalizeBroadcastsExhaustive(t *testing.T) {
	shapes := allShapes()
	var cases []legalizeCase
	for _, p := range policies {
		for _, a := range shapes {
			for _, b := range shapes {
				cases = append(cases, legalizeCase{op: "add", shapes: [][]int64{a, b}, opts: []hlo.Option{hlo.WithPolicy(p)}})
			}
		}
	}
	for _, a := range shapes {
		for _, b := range shapes {
			if len(a) < len(b) {
				for d := 0; d < len(b); d++ {
					dims := []int64{}
					if len(a) == 1 {
						dims = []int64{int64(d)}
					}
					cases = append(cases, legalizeCase{op: "multiply", shapes: [][]int64{b, a}, opts: []hlo.Option{hlo.WithBroadcastDimensions(dims...)}})
				}
			}
			for _, c := range shapes {
				cases = append(cases, legalizeCase{op: "select", shapes: [][]int64{a, b, c}})
				cases = append(cases, legalizeCase{op: "clamp", shapes: [][]int64{a, b, c}, opts: []hlo.Option{hlo.WithPolicy(broadcast.Rank)}})
			}
		}
	}
	built := 0
	for _, c := range cases {
		m := c.build(t)
		if m == nil {
			continue
		}
		built++
		spec, _ := hlo.BroadcastSpec(findOpNamed(m, "hlo."+c.op))
		runLegalize(t, m)
		checkLegal(t, c, m)
		checkChecks(t, c, spec, m)
	}
	if built < 1000 {
		t.Errorf("only %d of %d cases built; the enumeration is broken", built, len(cases))
	}
}

// checkChecks: numpy programs get shape.cstr_broadcastable exactly when
// shape.StaticallyBroadcastable cannot prove the shapes compatible; the
// other policies get no cstr_broadcastable, and static programs no shape
// ops at all.
func checkChecks(t *testing.T, c legalizeCase, spec broadcast.Spec, m *ir.Operation) {
	t.Helper()
	static := true
	for _, s := range c.shapes {
		static = static && ir.IsStaticShape(s)
	}
	cstr := countOps(m, "shape.cstr_broadcastable")
	if static {
		for _, name := range []string{"shape.assuming", "shape.shape_of", "hlo.dynamic_broadcast_in_dim"} {
			if n := countOps(m, name); n > 0 {
				t.Errorf("%v: static shapes, but %d %s", c, n, name)
			}
		}
		return
	}
	if spec.Policy != broadcast.Numpy {
		if cstr > 0 {
			t.Errorf("%v: policy %s uses cstr_broadcastable", c, spec.Policy)
		}
		return
	}
	if spec.Dims != nil {
		return // aligned shapes differ from the operand shapes
	}
	want := 0
	if !shape.StaticallyBroadcastable(c.shapes) {
		want = 1
	}
	if cstr != want {
		t.Errorf("%v: %d cstr_broadcastable, want %d\n%s", c, cstr, want, ir.PrintString(m, ir.PrintOptions{}))
	}
}

func findOpNamed(m *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if found == nil && op.Name() == name {
			found = op
		}
		return found == nil
	})
	return found
}

// TestLegalizeBroadcastsChain legalizes a small network built with the
// builder API: relu(x * s + b) - m, with dynamic dims throughout, twice,
// and checks the output is deterministic.
func TestLegalizeBroadcastsChain(t *testing.T) {
	build := func() *ir.Operation {
		x := ir.RankedTensor([]int64{dyn, dyn}, ir.F32T)
		vec := ir.RankedTensor([]int64{dyn}, ir.F32T)
		scalar := ir.RankedTensor(nil, ir.F32T)
		module := builtin.NewModule()
		fn, b := funcdialect.NewFunc(module, "net", []ir.Type{x, scalar, vec, vec}, []ir.Type{x})
		a := fn.Region(0).Front().Args()
		must := func(v *ir.Value, err error) *ir.Value {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		v := must(hlo.Multiply(b, a[0], a[1]))
		v = must(hlo.Add(b, v, a[2]))
		zero := must(hlo.ScalarConstant(b, ir.F32T, 0))
		v = must(hlo.Maximum(b, v, zero))
		v = must(hlo.Subtract(b, v, a[3], hlo.WithBroadcastDimensions(0)))
		funcdialect.NewReturn(b, v)
		return module
	}
	m1, m2 := build(), build()
	runLegalize(t, m1)
	runLegalize(t, m2)
	checkLegal(t, legalizeCase{op: "net"}, m1)
	p1, p2 := ir.PrintString(m1, ir.PrintOptions{}), ir.PrintString(m2, ir.PrintOptions{})
	if p1 != p2 {
		t.Errorf("output is not deterministic:\n%s\n---\n%s", p1, p2)
	}
	// x * s needs no check (a scalar), + b does, max(., 0) does not, and
	// the column subtract does.
	if n := countOps(m1, "shape.assuming"); n != 2 {
		t.Errorf("%d shape.assuming, want 2:\n%s", n, p1)
	}
	if !strings.Contains(p1, "tensor.from_elements") || strings.Contains(p1, "shape.from_extents") {
		t.Errorf("the column subtract should build its aligned shape with tensor.from_elements (not shape.from_extents, which MLIR 19 does not lower):\n%s", p1)
	}
}

// TestLegalizeBroadcastsUnranked: an unranked operand is an error with a
// location, not a panic.
func TestLegalizeBroadcastsUnranked(t *testing.T) {
	_, err := passtest.RunPass(t, "hlo-legalize-broadcasts", nil, `func.func @f(%a: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  %0 = hlo.add %a, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}`)
	if err == nil || !strings.Contains(err.Error(), "in.mlir:2:3: error: 'hlo.add' op cannot make the broadcast of operand #0 explicit") {
		t.Fatalf("err = %v", err)
	}
}
