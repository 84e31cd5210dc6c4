package affine

import "math"

// IsFunctionOfDim reports whether e uses dimension d<pos>.
func IsFunctionOfDim(e Expr, pos int) bool {
	found := false
	Walk(e, func(x Expr) {
		if d, ok := x.(DimExpr); ok && d.Position == pos {
			found = true
		}
	})
	return found
}

// IsFunctionOfSymbol reports whether e uses symbol s<pos>.
func IsFunctionOfSymbol(e Expr, pos int) bool {
	found := false
	Walk(e, func(x Expr) {
		if s, ok := x.(SymbolExpr); ok && s.Position == pos {
			found = true
		}
	})
	return found
}

// Walk calls fn on every sub-expression of e in post-order (operands before
// the operation), as MLIR's AffineExpr::walk does.
func Walk(e Expr, fn func(Expr)) {
	if b, ok := e.(BinaryExpr); ok {
		Walk(b.lhs, fn)
		Walk(b.rhs, fn)
	}
	fn(e)
}

// ReplaceDimsAndSymbols substitutes d<i> with dims[i] and s<j> with syms[j]
// (positions beyond the slices are left untouched) and rebuilds the
// expression through the simplifying constructors, like MLIR's
// AffineExpr::replaceDimsAndSymbols.
func ReplaceDimsAndSymbols(e Expr, dims, syms []Expr) Expr {
	switch x := e.(type) {
	case DimExpr:
		if x.Position < len(dims) {
			return dims[x.Position]
		}
	case SymbolExpr:
		if x.Position < len(syms) {
			return syms[x.Position]
		}
	case BinaryExpr:
		l := ReplaceDimsAndSymbols(x.lhs, dims, syms)
		r := ReplaceDimsAndSymbols(x.rhs, dims, syms)
		if Equal(l, x.lhs) && Equal(r, x.rhs) {
			return e
		}
		return Binary(x.op, l, r)
	}
	return e
}

// Replace substitutes every occurrence of the sub-expression from with to,
// rebuilding through the simplifying constructors (MLIR's AffineExpr::replace).
func Replace(e, from, to Expr) Expr {
	if Equal(e, from) {
		return to
	}
	if x, ok := e.(BinaryExpr); ok {
		l, r := Replace(x.lhs, from, to), Replace(x.rhs, from, to)
		if Equal(l, x.lhs) && Equal(r, x.rhs) {
			return e
		}
		return Binary(x.op, l, r)
	}
	return e
}

// ShiftDims renumbers d<i> to d<i+shift> for every i >= offset.
func ShiftDims(e Expr, shift, offset int) Expr {
	return mapLeaves(e, func(x Expr) Expr {
		if d, ok := x.(DimExpr); ok && d.Position >= offset {
			return Dim(d.Position + shift)
		}
		return x
	})
}

// ShiftSymbols renumbers s<i> to s<i+shift> for every i >= offset.
func ShiftSymbols(e Expr, shift, offset int) Expr {
	return mapLeaves(e, func(x Expr) Expr {
		if s, ok := x.(SymbolExpr); ok && s.Position >= offset {
			return Sym(s.Position + shift)
		}
		return x
	})
}

func mapLeaves(e Expr, fn func(Expr) Expr) Expr {
	if x, ok := e.(BinaryExpr); ok {
		l, r := mapLeaves(x.lhs, fn), mapLeaves(x.rhs, fn)
		if Equal(l, x.lhs) && Equal(r, x.rhs) {
			return e
		}
		return Binary(x.op, l, r)
	}
	return fn(e)
}

// maxPositions returns one more than the largest dim and symbol positions
// used in e (0 when none is used).
func maxPositions(e Expr) (numDims, numSyms int) {
	Walk(e, func(x Expr) {
		switch y := x.(type) {
		case DimExpr:
			numDims = max(numDims, y.Position+1)
		case SymbolExpr:
			numSyms = max(numSyms, y.Position+1)
		}
	})
	return
}

func addOvf(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func mulOvf(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return p, false
	}
	return p, true
}

// floorDiv returns floor(a / b); b must be non-zero and the division must not
// overflow.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// ceilDiv returns ceil(a / b); b must be non-zero and the division must not
// overflow.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// floorMod returns a - b*floor(a/b), which has the sign of b.
func floorMod(a, b int64) int64 {
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// MaxDepth is the deepest expression tree ParseMap and ParseExpr build
// (d0 is 1 deep, d0 + 1 is 2, a sum of n dims n), and the most
// parentheses and unary minuses they nest; deeper input is a ParseError.
// The simplifying constructors, the printer and the other walks of an
// expression recurse on its tree, so an unbounded depth (a file of two
// million `(`, or of `d0 mod 2 mod 2 ...`) would overflow the goroutine
// stack. Affine maps in real programs are a few levels deep. ir's
// verifier holds maps built through the library to the same limit.
const MaxDepth = 1000

// Depth returns the depth of e's tree: 1 for a dim, a symbol or a
// constant, one more than its deeper operand for a binary expression. It
// stops at limit: a deeper tree gives limit+1, and the recursion is never
// deeper than limit.
func Depth(e Expr, limit int) int {
	b, ok := e.(BinaryExpr)
	if !ok {
		return 1
	}
	if limit <= 1 {
		return limit + 1
	}
	d := Depth(b.lhs, limit-1)
	if d <= limit-1 {
		d = max(d, Depth(b.rhs, limit-1))
	}
	return d + 1
}
