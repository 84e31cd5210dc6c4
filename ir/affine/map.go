package affine

import (
	"fmt"
	"strconv"
	"strings"
)

// Map is an affine map (d0, ..., d<NumDims-1>)[s0, ..., s<NumSymbols-1>] ->
// (Results...). Maps are values; methods never modify the receiver and the
// Results slice must be treated as read-only once the map is built.
type Map struct {
	// NumDims is the number of dimension inputs.
	NumDims int
	// NumSymbols is the number of symbol inputs.
	NumSymbols int
	// Results are the result expressions; each may only use d<i> with
	// i < NumDims and s<j> with j < NumSymbols.
	Results []Expr
}

// NewMap returns the map with the given numbers of dims and symbols and the
// given results. It panics if a result is nil or uses a dim or symbol out of
// range (MLIR asserts the same in AffineMap::get).
func NewMap(numDims, numSymbols int, results ...Expr) Map {
	m := Map{NumDims: numDims, NumSymbols: numSymbols, Results: append([]Expr(nil), results...)}
	if err := m.Validate(); err != nil {
		panic(err.Error())
	}
	return m
}

// Validate checks that the counts are non-negative and that every result is
// non-nil and only uses dims and symbols in range.
func (m Map) Validate() error {
	if m.NumDims < 0 || m.NumSymbols < 0 {
		return fmt.Errorf("affine: negative dim or symbol count in map")
	}
	for i, r := range m.Results {
		if r == nil {
			return fmt.Errorf("affine: result %d of map is nil", i)
		}
		nd, ns := maxPositions(r)
		if nd > m.NumDims || ns > m.NumSymbols {
			return fmt.Errorf("affine: result %d (%v) uses d%d/s%d beyond map inputs (%d dims, %d symbols)",
				i, r, nd-1, ns-1, m.NumDims, m.NumSymbols)
		}
	}
	return nil
}

// Empty returns the map (d0, ..., d<numDims-1>) -> () with no results.
func Empty(numDims int) Map { return Map{NumDims: numDims} }

// Identity returns the n-dimensional identity map (d0, ..., d<n-1>) ->
// (d0, ..., d<n-1>) (MLIR's getMultiDimIdentityMap).
func Identity(n int) Map { return Map{NumDims: n, Results: Dims(n)} }

// MinorIdentity returns (d0, ..., d<numDims-1>) -> (d<numDims-numResults>,
// ..., d<numDims-1>) (MLIR's getMinorIdentityMap). It panics if
// numResults > numDims.
func MinorIdentity(numDims, numResults int) Map {
	if numResults > numDims || numResults < 0 {
		panic("affine: MinorIdentity needs 0 <= numResults <= numDims")
	}
	return Map{NumDims: numDims, Results: Dims(numDims)[numDims-numResults:]}
}

// Permutation returns the map (d0, ..., d<n-1>) -> (d<perm[0]>, ...,
// d<perm[n-1]>) (MLIR's getPermutationMap). It panics if perm is not a
// permutation of 0..n-1.
func Permutation(perm []int) Map {
	seen := make([]bool, len(perm))
	res := make([]Expr, len(perm))
	for i, p := range perm {
		if p < 0 || p >= len(perm) || seen[p] {
			panic(fmt.Sprintf("affine: %v is not a permutation", perm))
		}
		seen[p] = true
		res[i] = Dim(p)
	}
	return Map{NumDims: len(perm), Results: res}
}

// ConstantMap returns the map () -> (values...) (MLIR's getConstantMap
// generalized to several results).
func ConstantMap(values ...int64) Map {
	res := make([]Expr, len(values))
	for i, v := range values {
		res[i] = Const(v)
	}
	return Map{Results: res}
}

// NumResults returns len(m.Results).
func (m Map) NumResults() int { return len(m.Results) }

// NumInputs returns NumDims + NumSymbols.
func (m Map) NumInputs() int { return m.NumDims + m.NumSymbols }

// String prints the map exactly as MLIR's AsmPrinter prints an AffineMap,
// e.g. "(d0, d1)[s0] -> (d0 + s0, 0)". The symbol list is omitted when there
// are no symbols.
func (m Map) String() string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i := 0; i < m.NumDims; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteByte('d')
		sb.WriteString(strconv.Itoa(i))
	}
	sb.WriteByte(')')
	if m.NumSymbols > 0 {
		sb.WriteByte('[')
		for i := 0; i < m.NumSymbols; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteByte('s')
			sb.WriteString(strconv.Itoa(i))
		}
		sb.WriteByte(']')
	}
	sb.WriteString(" -> (")
	for i, r := range m.Results {
		if i > 0 {
			sb.WriteString(", ")
		}
		printExpr(&sb, r, weak)
	}
	sb.WriteByte(')')
	return sb.String()
}

// Equal reports whether both maps have the same dim and symbol counts and
// structurally equal results.
func (m Map) Equal(o Map) bool {
	if m.NumDims != o.NumDims || m.NumSymbols != o.NumSymbols || len(m.Results) != len(o.Results) {
		return false
	}
	for i := range m.Results {
		if !Equal(m.Results[i], o.Results[i]) {
			return false
		}
	}
	return true
}

// IsEmpty reports whether the map has no dims, no symbols and no results.
func (m Map) IsEmpty() bool { return m.NumDims == 0 && m.NumSymbols == 0 && len(m.Results) == 0 }

// IsIdentity reports whether the results are exactly d0, ..., d<NumDims-1>
// (symbols are allowed, as in MLIR).
func (m Map) IsIdentity() bool {
	if m.NumDims != len(m.Results) {
		return false
	}
	for i, r := range m.Results {
		if d, ok := r.(DimExpr); !ok || d.Position != i {
			return false
		}
	}
	return true
}

// IsMinorIdentity reports whether m equals MinorIdentity(NumDims,
// NumResults()) (in particular it has no symbols).
func (m Map) IsMinorIdentity() bool {
	return m.NumDims >= len(m.Results) && m.Equal(MinorIdentity(m.NumDims, len(m.Results)))
}

// IsProjectedPermutation reports whether every result is a distinct dim
// (or, if allowZeroInResults, the constant 0), there are no symbols and no
// more results than dims (MLIR's AffineMap::isProjectedPermutation).
func (m Map) IsProjectedPermutation(allowZeroInResults bool) bool {
	if m.NumSymbols > 0 || len(m.Results) > m.NumInputs() {
		return false
	}
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		if d, ok := r.(DimExpr); ok {
			if seen[d.Position] {
				return false
			}
			seen[d.Position] = true
			continue
		}
		if c, ok := constValue(r); !allowZeroInResults || !ok || c != 0 {
			return false
		}
	}
	return true
}

// IsPermutation reports whether m is a projected permutation with as many
// results as dims.
func (m Map) IsPermutation() bool {
	return m.NumDims == len(m.Results) && m.IsProjectedPermutation(false)
}

// IsConstant reports whether every result is a constant (vacuously true for
// a map without results, as in MLIR).
func (m Map) IsConstant() bool {
	for _, r := range m.Results {
		if _, ok := constValue(r); !ok {
			return false
		}
	}
	return true
}

// ConstantResults returns the values of the results if all are constants.
func (m Map) ConstantResults() ([]int64, bool) {
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		c, ok := constValue(r)
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// DimPosition returns p if result i is the dim d<p>; ok is false if result i
// is not a bare dim or i is out of range.
func (m Map) DimPosition(i int) (int, bool) {
	if i < 0 || i >= len(m.Results) {
		return 0, false
	}
	d, ok := m.Results[i].(DimExpr)
	return d.Position, ok
}

// ResultPosition returns the index of the first result equal to e.
func (m Map) ResultPosition(e Expr) (int, bool) {
	for i, r := range m.Results {
		if Equal(r, e) {
			return i, true
		}
	}
	return 0, false
}

// IsFunctionOfDim reports whether some result uses d<pos>.
func (m Map) IsFunctionOfDim(pos int) bool {
	for _, r := range m.Results {
		if IsFunctionOfDim(r, pos) {
			return true
		}
	}
	return false
}

// IsFunctionOfSymbol reports whether some result uses s<pos>.
func (m Map) IsFunctionOfSymbol(pos int) bool {
	for _, r := range m.Results {
		if IsFunctionOfSymbol(r, pos) {
			return true
		}
	}
	return false
}

// ReplaceDimsAndSymbols substitutes dims and symbols in every result (see
// the function of the same name) and returns a map with numResultDims dims
// and numResultSyms symbols. It panics if the substituted results are not
// valid in the new map.
func (m Map) ReplaceDimsAndSymbols(dims, syms []Expr, numResultDims, numResultSyms int) Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ReplaceDimsAndSymbols(r, dims, syms)
	}
	return NewMap(numResultDims, numResultSyms, res...)
}

// Compose returns the map f∘g with (f∘g)(x) = f(g(x)), where f is the
// receiver (MLIR's AffineMap::compose). f.NumDims must equal g.NumResults().
// The result has g's dims and f's symbols followed by g's symbols.
func (f Map) Compose(g Map) Map {
	if f.NumDims != len(g.Results) {
		panic(fmt.Sprintf("affine: Compose: %d dims in %v but %d results in %v", f.NumDims, f, len(g.Results), g))
	}
	numSyms := f.NumSymbols + g.NumSymbols
	gShifted := make([]Expr, len(g.Results))
	for i, r := range g.Results {
		gShifted[i] = ShiftSymbols(r, f.NumSymbols, 0)
	}
	res := make([]Expr, len(f.Results))
	for i, r := range f.Results {
		res[i] = ReplaceDimsAndSymbols(r, gShifted, nil)
	}
	return Map{NumDims: g.NumDims, NumSymbols: numSyms, Results: res}
}

// InversePermutation returns the inverse of a (projected) permutation, like
// MLIR's inversePermutation: for each dim of m it takes the first result that
// is exactly that dim; other results are ignored. The inverse has
// m.NumResults() dims and m.NumDims results. ok is false if some dim of m
// does not appear as a bare result or m has symbols. The empty map is its own
// inverse.
func (m Map) InversePermutation() (Map, bool) {
	if m.IsEmpty() {
		return m, true
	}
	if m.NumSymbols > 0 {
		return Map{}, false
	}
	exprs := make([]Expr, m.NumDims)
	for i, r := range m.Results {
		if d, ok := r.(DimExpr); ok && exprs[d.Position] == nil {
			exprs[d.Position] = Dim(i)
		}
	}
	for _, e := range exprs {
		if e == nil {
			return Map{}, false
		}
	}
	return Map{NumDims: len(m.Results), Results: exprs}, true
}

// SubMap returns the map with the same inputs and the results at the given
// positions, in that order (MLIR's getSubMap).
func (m Map) SubMap(positions ...int) Map {
	res := make([]Expr, len(positions))
	for i, p := range positions {
		res[i] = m.Results[p]
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}

// MajorSubMap returns the map with the first n results.
func (m Map) MajorSubMap(n int) Map {
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: append([]Expr(nil), m.Results[:n]...)}
}

// MinorSubMap returns the map with the last n results.
func (m Map) MinorSubMap(n int) Map {
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: append([]Expr(nil), m.Results[len(m.Results)-n:]...)}
}

// DropResults returns the map without the results at the given positions
// (MLIR's dropResults). Out-of-range positions are ignored.
func (m Map) DropResults(positions ...int) Map {
	drop := make(map[int]bool, len(positions))
	for _, p := range positions {
		drop[p] = true
	}
	var res []Expr
	for i, r := range m.Results {
		if !drop[i] {
			res = append(res, r)
		}
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}

// UnusedDims returns, in increasing order, the dims not used by any result.
func (m Map) UnusedDims() []int {
	var out []int
	for d := 0; d < m.NumDims; d++ {
		if !m.IsFunctionOfDim(d) {
			out = append(out, d)
		}
	}
	return out
}

// UnusedSymbols returns, in increasing order, the symbols not used by any
// result.
func (m Map) UnusedSymbols() []int {
	var out []int
	for s := 0; s < m.NumSymbols; s++ {
		if !m.IsFunctionOfSymbol(s) {
			out = append(out, s)
		}
	}
	return out
}

// DropDims removes the given dims and renumbers the remaining ones densely,
// like MLIR's compressDims/projectDims with compression: a use of a dropped
// dim is replaced by the constant 0 (callers normally drop only unused dims,
// see CompressUnusedDims).
func (m Map) DropDims(dims ...int) Map {
	dropped := make([]bool, m.NumDims)
	for _, d := range dims {
		if d >= 0 && d < m.NumDims {
			dropped[d] = true
		}
	}
	repl := make([]Expr, m.NumDims)
	n := 0
	for d := range repl {
		if dropped[d] {
			repl[d] = Const(0)
			continue
		}
		repl[d] = Dim(n)
		n++
	}
	return m.ReplaceDimsAndSymbols(repl, nil, n, m.NumSymbols)
}

// DropSymbols removes the given symbols and renumbers the remaining ones
// densely; a use of a dropped symbol is replaced by the constant 0.
func (m Map) DropSymbols(syms ...int) Map {
	dropped := make([]bool, m.NumSymbols)
	for _, s := range syms {
		if s >= 0 && s < m.NumSymbols {
			dropped[s] = true
		}
	}
	repl := make([]Expr, m.NumSymbols)
	n := 0
	for s := range repl {
		if dropped[s] {
			repl[s] = Const(0)
			continue
		}
		repl[s] = Sym(n)
		n++
	}
	return m.ReplaceDimsAndSymbols(nil, repl, m.NumDims, n)
}

// CompressUnusedDims drops every dim not used by a result (MLIR's
// compressUnusedDims).
func (m Map) CompressUnusedDims() Map { return m.DropDims(m.UnusedDims()...) }

// CompressUnusedSymbols drops every symbol not used by a result (MLIR's
// compressUnusedSymbols).
func (m Map) CompressUnusedSymbols() Map { return m.DropSymbols(m.UnusedSymbols()...) }

// Simplify returns the map with every result simplified by Simplify (MLIR's
// simplifyAffineMap).
func (m Map) Simplify() Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = Simplify(r, m.NumDims, m.NumSymbols)
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}

// Eval evaluates the map on integer dim and symbol values with floor
// semantics for floordiv and mod (see EvalExpr). It panics on invalid input
// (wrong number of values, division by zero, overflow); use TryEval to get an
// error instead.
func (m Map) Eval(dims, syms []int64) []int64 {
	out, err := m.TryEval(dims, syms)
	if err != nil {
		panic(err.Error())
	}
	return out
}

// TryEval is like Eval but reports invalid input as an error.
func (m Map) TryEval(dims, syms []int64) ([]int64, error) {
	if len(dims) != m.NumDims || len(syms) != m.NumSymbols {
		return nil, fmt.Errorf("affine: map %v evaluated with %d dims and %d symbols", m, len(dims), len(syms))
	}
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		v, err := EvalExpr(r, dims, syms)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// EvalExpr evaluates e with d<i> = dims[i] and s<j> = syms[j]. floordiv and
// ceildiv round towards negative and positive infinity; "a mod b" is
// a - b * floor(a / b). As in MLIR's constant folder, division by zero and mod
// by a non-positive value are errors; so are out-of-range positions and
// int64 overflow.
func EvalExpr(e Expr, dims, syms []int64) (int64, error) {
	switch x := e.(type) {
	case ConstantExpr:
		return x.Value, nil
	case DimExpr:
		if x.Position >= len(dims) {
			return 0, fmt.Errorf("affine: d%d has no value", x.Position)
		}
		return dims[x.Position], nil
	case SymbolExpr:
		if x.Position >= len(syms) {
			return 0, fmt.Errorf("affine: s%d has no value", x.Position)
		}
		return syms[x.Position], nil
	case BinaryExpr:
		l, err := EvalExpr(x.lhs, dims, syms)
		if err != nil {
			return 0, err
		}
		r, err := EvalExpr(x.rhs, dims, syms)
		if err != nil {
			return 0, err
		}
		overflow := fmt.Errorf("affine: overflow evaluating %v", e)
		switch x.op {
		case KindAdd:
			v, ok := addOvf(l, r)
			if !ok {
				return 0, overflow
			}
			return v, nil
		case KindMul:
			v, ok := mulOvf(l, r)
			if !ok {
				return 0, overflow
			}
			return v, nil
		case KindMod:
			if r < 1 {
				return 0, fmt.Errorf("affine: mod by non-positive value %d in %v", r, e)
			}
			return floorMod(l, r), nil
		default:
			if r == 0 {
				return 0, fmt.Errorf("affine: division by zero in %v", e)
			}
			if r == -1 && l == -1<<63 {
				return 0, overflow
			}
			if x.op == KindFloorDiv {
				return floorDiv(l, r), nil
			}
			return ceilDiv(l, r), nil
		}
	}
	return 0, fmt.Errorf("affine: cannot evaluate %v", e)
}
