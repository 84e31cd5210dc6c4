package ir_test

import (
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// TestAttrHash checks that AttrHash agrees with AttrEqual on attributes
// built separately: equal ones share the hash, and these unequal ones
// (which differ in one field each) do not.
func TestAttrHash(t *testing.T) {
	vec := ir.RankedTensor([]int64{3}, ir.I32)
	attrs := func() []ir.Attribute {
		return []ir.Attribute{
			ir.IntAttr(ir.I32, 1),
			ir.IntAttr(ir.I64, 1),
			ir.IntAttr(ir.I32, 2),
			ir.FloatAttrOf(ir.F32T, 1),
			ir.FloatAttrOf(ir.F64T, 1),
			&ir.BoolAttr{Value: true},
			&ir.BoolAttr{Value: false},
			ir.Str("ab"),
			ir.Str("b"),
			&ir.StringAttr{Value: "ab", Type: ir.I32},
			ir.Unit,
			&ir.ArrayAttr{Elems: []ir.Attribute{ir.Str("a"), ir.Str("b")}},
			&ir.ArrayAttr{Elems: []ir.Attribute{ir.Str("ab")}},
			&ir.ArrayAttr{},
			ir.I64Array(1, 2),
			ir.I64Array(2, 1),
			&ir.DenseArrayAttr{Elem: ir.F32T, Floats: []float64{1, 2}},
			ir.NewDenseInts(vec, []int64{7}), // a splat
			ir.NewDenseInts(vec, []int64{7, 7, 8}),
			&ir.TypeAttr{Type: ir.I32},
			&ir.TypeAttr{Type: ir.Index},
			ir.SymRef("f"),
			&ir.SymbolRefAttr{Root: "f", Nested: []string{"g"}},
			&ir.AffineMapAttr{Map: affine.Identity(2)},
			&ir.AffineMapAttr{Map: affine.NewMap(2, 0, affine.Dim(1), affine.Dim(0))},
			&ir.AffineMapAttr{Map: affine.NewMap(2, 0, affine.Add(affine.Dim(0), affine.Const(1)))},
			&ir.AffineMapAttr{Map: affine.NewMap(2, 0, affine.Add(affine.Dim(0), affine.Const(2)))},
			ir.MakeDict([]ir.NamedAttr{{Name: "a", Value: ir.Unit}}),
			ir.MakeDict([]ir.NamedAttr{{Name: "b", Value: ir.Unit}}),
			&ir.StridedLayoutAttr{Strides: []int64{ir.Dynamic, 1}, Offset: 0},
			&ir.StridedLayoutAttr{Strides: []int64{ir.Dynamic, 1}, Offset: ir.Dynamic},
			&ir.OpaqueAttr{Text: "linalg.iterator_type<parallel>"},
			&ir.OpaqueAttr{Text: "linalg.iterator_type<reduction>"},
		}
	}
	as, bs := attrs(), attrs()
	for i, a := range as {
		for j, b := range bs {
			if ir.AttrEqual(a, b) != (i == j) {
				t.Fatalf("AttrEqual(%s, %s) = %v: the table's attributes must differ", ir.AttrString(a), ir.AttrString(b), !(i == j))
			}
			if eq := ir.AttrHash(a) == ir.AttrHash(b); eq != (i == j) {
				t.Errorf("AttrHash(%s) == AttrHash(%s) is %v", ir.AttrString(a), ir.AttrString(b), eq)
			}
		}
	}
	// A stored splat equals the list of its repeated element.
	splat := ir.NewDenseInts(vec, []int64{7})
	list := ir.NewDenseInts(vec, []int64{7, 7, 7})
	if !ir.AttrEqual(splat, list) || ir.AttrHash(splat) != ir.AttrHash(list) {
		t.Errorf("%s and %s: equal %v, hashes %x and %x", ir.AttrString(splat), ir.AttrString(list),
			ir.AttrEqual(splat, list), ir.AttrHash(splat), ir.AttrHash(list))
	}
}
