package hlo_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestReadDotDims reads dimension numbers in every spelling the parser
// meets, and rejects malformed ones.
func TestReadDotDims(t *testing.T) {
	want := hlo.DotDims{LhsBatching: []int64{0}, RhsBatching: []int64{1}, LhsContracting: []int64{2, 3}, RhsContracting: []int64{0, 2}}
	for _, text := range []string{
		"hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [0, 2]>",
		"stablehlo.dot<\n  rhs_contracting_dimensions = [0,2],\n  lhs_batching_dimensions=[0], rhs_batching_dimensions = [1],\n lhs_contracting_dimensions = [2, 3]\n>",
		"mhlo.dot<lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [0, 2], lhs_batching_dimensions = [0], rhs_batching_dimensions = [1]>",
	} {
		got, ok := hlo.ReadDotDims(&ir.OpaqueAttr{Text: text})
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("ReadDotDims(%q) = %+v, %v; want %+v", text, got, ok, want)
		}
	}
	// Missing fields are empty lists; the stored spelling leaves them out.
	d, ok := hlo.ReadDotDims(&ir.OpaqueAttr{Text: "stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = []>"})
	if !ok || len(d.LhsBatching) != 0 || !slices.Equal(d.LhsContracting, []int64{1}) || len(d.RhsContracting) != 0 {
		t.Errorf("partial dims: %+v, %v", d, ok)
	}
	if got := ir.AttrString(d.Attr()); got != "#hlo.dot<lhs_contracting_dimensions = [1]>" {
		t.Errorf("Attr() = %s", got)
	}
	for _, text := range []string{
		"hlo.dot<lhs_contracting_dimensions = [1], lhs_contracting_dimensions = [1]>", // twice
		"hlo.dot<lhs_contracting_dims = [1]>",                                         // unknown field
		"hlo.dot<lhs_contracting_dimensions = [1, ]>",
		"hlo.dot<lhs_contracting_dimensions = 1>",
		"hlo.dot<lhs_contracting_dimensions = [a]>",
		"hlo.dot<lhs_contracting_dimensions = [1] rhs_contracting_dimensions = [0]>",
		"hlo.conv<lhs_contracting_dimensions = [1]>",
	} {
		if d, ok := hlo.ReadDotDims(&ir.OpaqueAttr{Text: text}); ok {
			t.Errorf("ReadDotDims(%q) = %+v, want failure", text, d)
		}
	}
	dict := &ir.DictionaryAttr{Entries: []ir.NamedAttr{
		{Name: "lhs_contracting_dimensions", Value: ir.NewDenseInts(ir.RankedTensor([]int64{2}, ir.I64), []int64{2, 3})},
		{Name: "rhs_contracting_dimensions", Value: ir.I64Array(0, 2)},
		{Name: "lhs_batching_dimensions", Value: ir.I64Array(0)},
		{Name: "rhs_batching_dimensions", Value: ir.I64Array(1)},
	}}
	if got, ok := hlo.ReadDotDims(dict); !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("ReadDotDims(dictionary) = %+v, %v", got, ok)
	}
}

// TestDotDimsAttrRoundTrip: random dims, stored and read back, are the
// same dims.
func TestDotDimsAttrRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	list := func() []int64 {
		var v []int64
		for range rng.IntN(4) {
			v = append(v, rng.Int64N(9))
		}
		return v
	}
	norm := func(v []int64) []int64 {
		if v == nil {
			return []int64{}
		}
		return v
	}
	for range 200 {
		d := hlo.DotDims{LhsBatching: list(), RhsBatching: list(), LhsContracting: list(), RhsContracting: list()}
		got, ok := hlo.ReadDotDims(d.Attr())
		if !ok {
			t.Fatalf("%+v: %s does not read back", d, ir.AttrString(d.Attr()))
		}
		for i, pair := range [][2][]int64{{got.LhsBatching, d.LhsBatching}, {got.RhsBatching, d.RhsBatching},
			{got.LhsContracting, d.LhsContracting}, {got.RhsContracting, d.RhsContracting}} {
			if !slices.Equal(norm(pair[0]), norm(pair[1])) {
				t.Fatalf("%+v: field %d reads back as %v", d, i, pair[0])
			}
		}
	}
}

// TestDotDimsShapes checks free dims and result shapes, dynamic dims
// included.
func TestDotDimsShapes(t *testing.T) {
	const q = ir.Dynamic
	for _, c := range []struct {
		d        hlo.DotDims
		lhs, rhs []int64
		want     []int64
	}{
		{hlo.MatmulDims(2), []int64{2, 3}, []int64{3, 4}, []int64{2, 4}},
		{hlo.MatmulDims(1), []int64{3}, []int64{3, 4}, []int64{4}},
		{hlo.MatmulDims(2), []int64{2, 3}, []int64{3}, []int64{2}},
		{hlo.MatmulDims(1), []int64{3}, []int64{3}, []int64{}},
		{hlo.DotDims{LhsBatching: []int64{0}, RhsBatching: []int64{0}, LhsContracting: []int64{2}, RhsContracting: []int64{1}},
			[]int64{q, 3, 4}, []int64{7, 4, q}, []int64{7, 3, q}},
		{hlo.DotDims{LhsBatching: []int64{1, 3}, RhsBatching: []int64{2, 0}, LhsContracting: []int64{0}, RhsContracting: []int64{1}},
			[]int64{4, 2, 6, 3}, []int64{3, 4, 2, 7}, []int64{2, 3, 6, 7}},
		{hlo.DotDims{}, []int64{2}, []int64{3, 4}, []int64{2, 3, 4}},
	} {
		if got := c.d.ResultShape(c.lhs, c.rhs); !slices.Equal(got, c.want) {
			t.Errorf("%+v of %v and %v: %v, want %v", c.d, c.lhs, c.rhs, got, c.want)
		}
	}
	d := hlo.DotDims{LhsBatching: []int64{2}, LhsContracting: []int64{0}}
	if got := d.LhsFree(4); !slices.Equal(got, []int64{1, 3}) {
		t.Errorf("LhsFree = %v", got)
	}
	if got := d.String(); got != "batching_dims = [2] x [], contracting_dims = [0] x []" {
		t.Errorf("String() = %q", got)
	}
}

// TestContractsInto lists the result element types a contraction takes.
func TestContractsInto(t *testing.T) {
	i8, i32, ui8, ui32 := ir.Integer(8, ir.Signless), ir.I32, ir.Integer(8, ir.Unsigned), ir.Integer(32, ir.Unsigned)
	for _, c := range []struct {
		in, out ir.Type
		ok      bool
	}{
		{ir.F32T, ir.F32T, true}, {ir.F16T, ir.F32T, true}, {ir.BF16T, ir.F64T, true}, {ir.F32T, ir.F64T, true},
		{ir.F16T, ir.BF16T, false}, {ir.F32T, ir.F16T, false}, {ir.F64T, ir.F32T, false},
		{i8, i32, true}, {ir.I1, i32, true}, {ui8, ui32, true}, {ir.I1, ir.I1, true},
		{i32, i8, false}, {i8, ui32, false}, {ui8, i32, false}, {i32, ir.F32T, false}, {ir.F32T, i32, false},
	} {
		if got := hlo.ContractsInto(c.in, c.out); got != c.ok {
			t.Errorf("ContractsInto(%s, %s) = %v", c.in, c.out, got)
		}
	}
}

// TestMatmulForms builds Matmul for each pairing of ranks it takes and
// checks the dims it chose and the result type; the ones it refuses give
// an error.
func TestMatmulForms(t *testing.T) {
	for _, c := range []struct {
		x, w, want []int64
		dims       string
	}{
		{[]int64{2, 3}, []int64{3, 4}, []int64{2, 4}, "contracting_dims = [1] x [0]"},
		{[]int64{5, 2, 3}, []int64{3, 4}, []int64{5, 2, 4}, "contracting_dims = [2] x [0]"},
		{[]int64{5, 6, 2, 3}, []int64{5, 6, 3, 4}, []int64{5, 6, 2, 4}, "batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2]"},
		{[]int64{3}, []int64{3, 4}, []int64{4}, "contracting_dims = [0] x [0]"},
		{[]int64{2, 3}, []int64{3}, []int64{2}, "contracting_dims = [1] x [0]"},
		{[]int64{3}, []int64{3}, []int64{}, "contracting_dims = [0] x [0]"},
		{[]int64{2, 3}, []int64{5, 3, 4}, nil, ""},
		{[]int64{7, 2, 3}, []int64{5, 7, 3, 4}, nil, ""},
	} {
		module := builtin.NewModule()
		fn, b := funcdialect.NewFunc(module, "f", []ir.Type{ir.RankedTensor(c.x, ir.F32T), ir.RankedTensor(c.w, ir.F32T)}, nil)
		args := fn.Region(0).Front().Args()
		r, err := hlo.Matmul(b, args[0], args[1])
		if c.want == nil {
			if err == nil {
				t.Errorf("Matmul(%v, %v) built %s, want an error", c.x, c.w, r.Type())
			}
			continue
		}
		if err != nil {
			t.Errorf("Matmul(%v, %v): %v", c.x, c.w, err)
			continue
		}
		if want := ir.RankedTensor(c.want, ir.F32T); r.Type() != want {
			t.Errorf("Matmul(%v, %v) = %s, want %s", c.x, c.w, r.Type(), want)
		}
		if d, _ := hlo.DotDimsOf(r.DefiningOp()); d.String() != c.dims {
			t.Errorf("Matmul(%v, %v) dims %q, want %q", c.x, c.w, d.String(), c.dims)
		}
	}
}

// TestContractionBuilderErrors: nil arguments and unranked operands are
// errors, not panics, and a rejected op leaves nothing behind.
func TestContractionBuilderErrors(t *testing.T) {
	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{ir.RankedTensor([]int64{2, 3}, ir.F32T), ir.UnrankedTensor(ir.F32T), ir.RankedTensor(nil, ir.F32T), ir.F32T}, nil)
	args := fn.Region(0).Front().Args()
	d := hlo.MatmulDims(2)
	for _, c := range []struct {
		build func() (*ir.Value, error)
		want  string
	}{
		{func() (*ir.Value, error) { return hlo.DotGeneral(nil, args[0], args[0], d) }, "the builder is nil"},
		{func() (*ir.Value, error) { return hlo.DotGeneral(b, args[0], nil, d) }, "operand #1 is nil"},
		{func() (*ir.Value, error) { return hlo.DotGeneral(b, args[0], args[1], d) }, "rhs must be a ranked tensor, but is 'tensor<*xf32>'"},
		{func() (*ir.Value, error) { return hlo.Matmul(b, args[1], args[0]) }, "lhs must be a ranked tensor, but is 'tensor<*xf32>'"},
		{func() (*ir.Value, error) { return hlo.Matmul(b, args[2], args[0]) }, "lhs_contracting_dimensions entry 0 is 1, out of range for lhs of rank 0"},
		{func() (*ir.Value, error) { return hlo.Matmul(b, args[0], args[3]) }, "rhs must be a ranked tensor, but is 'f32'"},
		{func() (*ir.Value, error) { return hlo.DotGeneral(b, args[3], args[0], d) }, "lhs must be a ranked tensor, but is 'f32'"},
		{func() (*ir.Value, error) {
			return hlo.DotGeneral(b, args[0], args[0], hlo.DotDims{LhsContracting: []int64{5}, RhsContracting: []int64{0}})
		}, "lhs_contracting_dimensions entry 0 is 5, out of range for lhs of rank 2"},
		{func() (*ir.Value, error) {
			return hlo.DotGeneral(b, args[0], args[0], hlo.DotDims{LhsContracting: []int64{1}, RhsContracting: []int64{1}}, hlo.WithPrecision("HIGHEST", "LOW"))
		}, "precision_config entry 1 must be"},
	} {
		if _, err := c.build(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	if n := fn.Region(0).Front().Len(); n != 0 {
		t.Errorf("rejected ops left %d ops in the function", n)
	}
}
