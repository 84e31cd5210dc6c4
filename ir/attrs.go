package ir

import (
	"math"
	"sort"
	"sync/atomic"

	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// Attribute is a compile-time constant value attached to an operation.
// Attributes are immutable; compare them with AttrEqual.
type Attribute interface {
	isAttr()
}

// IntegerAttr is `42 : i32` (an `index` or integer typed constant). Values of
// unsigned 64-bit types above MaxInt64 are stored as their two's complement bits.
type IntegerAttr struct {
	Type  Type
	Value int64
}

// FloatAttr is `1.000000e+00 : f32`.
type FloatAttr struct {
	Type  Type
	Value float64
}

// BoolAttr is `true` or `false`.
type BoolAttr struct{ Value bool }

// StringAttr is `"text"`, optionally typed (`"x" : i32`).
type StringAttr struct {
	Value string
	Type  Type
}

// UnitAttr is the valueless attribute, written as just its name in a dictionary.
type UnitAttr struct{}

// ArrayAttr is `[a, b, c]`.
type ArrayAttr struct {
	Elems []Attribute

	// memo caches a value derived from Elems (see Memo), so that readers
	// such as linalg's indexing maps decode the array once, not on every
	// query. Attributes are immutable, so it never goes stale; it is
	// atomic because functions are processed in parallel and may share
	// attributes.
	memo atomic.Pointer[any]
}

// Memo returns the value derived from a's elements by compute, computing
// it on the first call and returning the cached value afterwards. The
// cache holds one value per attribute: callers must always pass a compute
// of the same result type for a given attribute, and must not modify the
// value returned. A value of another type (another caller's) is recomputed
// and not cached.
func Memo[T any](a *ArrayAttr, compute func([]Attribute) T) T {
	if p := a.memo.Load(); p != nil {
		if v, ok := (*p).(T); ok {
			return v
		}
		return compute(a.Elems)
	}
	v := compute(a.Elems)
	var boxed any = v
	a.memo.CompareAndSwap(nil, &boxed)
	return v
}

// DenseArrayAttr is `array<i64: 1, 2, 3>` (integer, bool or float elements).
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64   // integer and i1 elements
	Floats []float64 // float elements
}

// TypeAttr holds a type, e.g. `function_type = (i32) -> i32`.
type TypeAttr struct{ Type Type }

// SymbolRefAttr is `@name` or `@root::@nested`.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

// AffineMapAttr is `affine_map<(d0, d1) -> (d0, 0)>`. Like every
// attribute it is immutable once built: its printed map is kept the first
// time it is needed.
type AffineMapAttr struct {
	Map  affine.Map
	text atomic.Pointer[string] // Map.String(), once computed
}

// mapText returns a.Map printed, computing it once per attribute (the
// printer needs it at every use of a map, to name its alias).
func (a *AffineMapAttr) mapText() string {
	if t := a.text.Load(); t != nil {
		return *t
	}
	t := a.Map.String()
	a.text.Store(&t) // a racing goroutine stores the same text
	return t
}

// DictionaryAttr is `{a = 1, b}`, entries sorted by name.
type DictionaryAttr struct{ Entries []NamedAttr }

// StridedLayoutAttr is `strided<[?, 1], offset: ?>` (Dynamic for `?`).
type StridedLayoutAttr struct {
	Strides []int64
	Offset  int64
}

// OpaqueAttr is a dialect attribute kept as text: `#stablehlo<comparison_direction GT>`.
// Text is everything after `#`.
type OpaqueAttr struct{ Text string }

func (*IntegerAttr) isAttr()       {}
func (*FloatAttr) isAttr()         {}
func (*BoolAttr) isAttr()          {}
func (*StringAttr) isAttr()        {}
func (*UnitAttr) isAttr()          {}
func (*ArrayAttr) isAttr()         {}
func (*DenseArrayAttr) isAttr()    {}
func (*DenseElementsAttr) isAttr() {}
func (*TypeAttr) isAttr()          {}
func (*SymbolRefAttr) isAttr()     {}
func (*AffineMapAttr) isAttr()     {}
func (*DictionaryAttr) isAttr()    {}
func (*StridedLayoutAttr) isAttr() {}
func (*OpaqueAttr) isAttr()        {}

// Unit is the shared unit attribute.
var Unit = &UnitAttr{}

// NamedAttr is a name/attribute pair.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// IntAttr returns an integer attribute of the given type.
func IntAttr(t Type, v int64) *IntegerAttr { return &IntegerAttr{Type: t, Value: v} }

// I64Attr returns `v : i64`.
func I64Attr(v int64) *IntegerAttr { return &IntegerAttr{Type: I64, Value: v} }

// FloatAttrOf returns a float attribute of the given type.
func FloatAttrOf(t Type, v float64) *FloatAttr { return &FloatAttr{Type: t, Value: v} }

// Str returns a string attribute.
func Str(s string) *StringAttr { return &StringAttr{Value: s} }

// I64Array returns `array<i64: ...>`.
func I64Array(vs ...int64) *DenseArrayAttr {
	return &DenseArrayAttr{Elem: I64, Ints: append([]int64{}, vs...)}
}

// SymRef returns `@name`.
func SymRef(name string) *SymbolRefAttr { return &SymbolRefAttr{Root: name} }

// MakeDict builds a dictionary with sorted entries; later duplicates win.
func MakeDict(entries []NamedAttr) *DictionaryAttr {
	var a Attrs
	for _, e := range entries {
		a.Set(e.Name, e.Value)
	}
	return &DictionaryAttr{Entries: a.list}
}

// Attrs is an attribute dictionary kept sorted by name, so iteration and
// printing are deterministic.
type Attrs struct{ list []NamedAttr }

func (a *Attrs) find(name string) (int, bool) {
	l := a.list
	if len(l) <= 8 {
		// Most ops have a few attributes: scan them rather than bisect.
		for i := range l {
			if l[i].Name >= name {
				return i, l[i].Name == name
			}
		}
		return len(l), false
	}
	i := sort.Search(len(l), func(i int) bool { return l[i].Name >= name })
	return i, i < len(l) && l[i].Name == name
}

// Get returns the attribute named name, or nil.
func (a *Attrs) Get(name string) Attribute {
	if len(a.list) <= 8 {
		// An equality scan: cheaper than find's ordered comparisons.
		for i := range a.list {
			if a.list[i].Name == name {
				return a.list[i].Value
			}
		}
		return nil
	}
	if i, ok := a.find(name); ok {
		return a.list[i].Value
	}
	return nil
}

// Has reports whether name is set.
func (a *Attrs) Has(name string) bool { _, ok := a.find(name); return ok }

// Set sets name to v (replacing any previous value).
func (a *Attrs) Set(name string, v Attribute) {
	i, ok := a.find(name)
	if ok {
		a.list[i].Value = v
		return
	}
	if i == len(a.list) {
		a.list = append(a.list, NamedAttr{name, v}) // the common case when building
		return
	}
	a.list = append(a.list, NamedAttr{})
	copy(a.list[i+1:], a.list[i:])
	a.list[i] = NamedAttr{name, v}
}

// Delete removes name; it reports whether it was present.
func (a *Attrs) Delete(name string) bool {
	i, ok := a.find(name)
	if ok {
		a.list = append(a.list[:i], a.list[i+1:]...)
	}
	return ok
}

// List returns the entries in name order. The slice must not be modified.
func (a *Attrs) List() []NamedAttr { return a.list }

// Len returns the number of entries.
func (a *Attrs) Len() int { return len(a.list) }

// Clone returns a copy that shares the attribute values.
func (a *Attrs) Clone() Attrs { return Attrs{list: append([]NamedAttr(nil), a.list...)} }

// AttrEqual reports whether two attributes denote the same value.
func AttrEqual(a, b Attribute) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	switch x := a.(type) {
	case *IntegerAttr:
		y, ok := b.(*IntegerAttr)
		return ok && x.Type == y.Type && x.Value == y.Value
	case *FloatAttr:
		y, ok := b.(*FloatAttr)
		return ok && x.Type == y.Type && math.Float64bits(x.Value) == math.Float64bits(y.Value)
	case *BoolAttr:
		y, ok := b.(*BoolAttr)
		return ok && x.Value == y.Value
	case *StringAttr:
		y, ok := b.(*StringAttr)
		return ok && x.Value == y.Value && x.Type == y.Type
	case *UnitAttr:
		_, ok := b.(*UnitAttr)
		return ok
	case *ArrayAttr:
		y, ok := b.(*ArrayAttr)
		if !ok || len(x.Elems) != len(y.Elems) {
			return false
		}
		for i := range x.Elems {
			if !AttrEqual(x.Elems[i], y.Elems[i]) {
				return false
			}
		}
		return true
	case *DenseArrayAttr:
		y, ok := b.(*DenseArrayAttr)
		if !ok || x.Elem != y.Elem || len(x.Ints) != len(y.Ints) || len(x.Floats) != len(y.Floats) {
			return false
		}
		for i := range x.Ints {
			if x.Ints[i] != y.Ints[i] {
				return false
			}
		}
		for i := range x.Floats {
			if math.Float64bits(x.Floats[i]) != math.Float64bits(y.Floats[i]) {
				return false
			}
		}
		return true
	case *DenseElementsAttr:
		y, ok := b.(*DenseElementsAttr)
		return ok && x.equal(y)
	case *TypeAttr:
		y, ok := b.(*TypeAttr)
		return ok && x.Type == y.Type
	case *SymbolRefAttr:
		y, ok := b.(*SymbolRefAttr)
		if !ok || x.Root != y.Root || len(x.Nested) != len(y.Nested) {
			return false
		}
		for i := range x.Nested {
			if x.Nested[i] != y.Nested[i] {
				return false
			}
		}
		return true
	case *AffineMapAttr:
		y, ok := b.(*AffineMapAttr)
		return ok && x.Map.Equal(y.Map)
	case *DictionaryAttr:
		y, ok := b.(*DictionaryAttr)
		if !ok || len(x.Entries) != len(y.Entries) {
			return false
		}
		for i := range x.Entries {
			if x.Entries[i].Name != y.Entries[i].Name || !AttrEqual(x.Entries[i].Value, y.Entries[i].Value) {
				return false
			}
		}
		return true
	case *StridedLayoutAttr:
		y, ok := b.(*StridedLayoutAttr)
		if !ok || x.Offset != y.Offset || len(x.Strides) != len(y.Strides) {
			return false
		}
		for i := range x.Strides {
			if x.Strides[i] != y.Strides[i] {
				return false
			}
		}
		return true
	case *OpaqueAttr:
		y, ok := b.(*OpaqueAttr)
		return ok && x.Text == y.Text
	}
	return false
}

// AttrType returns the type carried by a typed attribute (integer, float,
// dense elements, typed string), or nil.
func AttrType(a Attribute) Type {
	switch a := a.(type) {
	case *IntegerAttr:
		return a.Type
	case *FloatAttr:
		return a.Type
	case *BoolAttr:
		return I1
	case *DenseElementsAttr:
		return a.Type
	case *StringAttr:
		return a.Type
	}
	return nil
}
