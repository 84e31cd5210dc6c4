package affine

import (
	"fmt"
	"math"
)

// Kind identifies the kind of an affine expression. The order matches MLIR's
// AffineExprKind enumeration.
type Kind uint8

const (
	// KindAdd is a binary addition "lhs + rhs".
	KindAdd Kind = iota
	// KindMul is a binary multiplication "lhs * rhs".
	KindMul
	// KindMod is a binary modulo "lhs mod rhs" (result has the sign of rhs).
	KindMod
	// KindFloorDiv is a binary division rounding towards negative infinity.
	KindFloorDiv
	// KindCeilDiv is a binary division rounding towards positive infinity.
	KindCeilDiv
	// KindConstant is an integer constant.
	KindConstant
	// KindDim is a dimension identifier d<i>.
	KindDim
	// KindSymbol is a symbol identifier s<i>.
	KindSymbol
)

// String returns a human-readable name of the kind; for binary kinds it is the
// operator spelling used in MLIR syntax ("+", "*", "mod", "floordiv",
// "ceildiv").
func (k Kind) String() string {
	switch k {
	case KindAdd:
		return "+"
	case KindMul:
		return "*"
	case KindMod:
		return "mod"
	case KindFloorDiv:
		return "floordiv"
	case KindCeilDiv:
		return "ceildiv"
	case KindConstant:
		return "constant"
	case KindDim:
		return "dim"
	case KindSymbol:
		return "symbol"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// IsBinary reports whether k is one of the binary operation kinds.
func (k Kind) IsBinary() bool { return k <= KindCeilDiv }

// Expr is an immutable affine expression. The concrete types are DimExpr,
// SymbolExpr, ConstantExpr and BinaryExpr. All of them are comparable, so two
// expressions can also be compared with == or used as map keys; Equal is the
// documented way to compare them structurally.
type Expr interface {
	// Kind returns the kind of the expression.
	Kind() Kind
	// String prints the expression exactly as MLIR's AsmPrinter does, with
	// dimensions named d0, d1, ... and symbols s0, s1, ....
	String() string
	// Equal reports whether the two expressions are structurally identical.
	Equal(other Expr) bool
	isExpr()
}

// DimExpr is the dimension identifier d<Position>.
type DimExpr struct {
	// Position is the index of the dimension (0-based).
	Position int
}

// SymbolExpr is the symbol identifier s<Position>.
type SymbolExpr struct {
	// Position is the index of the symbol (0-based).
	Position int
}

// ConstantExpr is an integer constant.
type ConstantExpr struct {
	// Value is the constant value.
	Value int64
}

// BinaryExpr is a binary operation. Values are created through Add, Mul, Mod,
// FloorDiv, CeilDiv or Binary, which apply MLIR's construction-time
// simplifications.
type BinaryExpr struct {
	op       Kind
	lhs, rhs Expr
}

// Kind returns KindDim.
func (DimExpr) Kind() Kind { return KindDim }

// Kind returns KindSymbol.
func (SymbolExpr) Kind() Kind { return KindSymbol }

// Kind returns KindConstant.
func (ConstantExpr) Kind() Kind { return KindConstant }

// Kind returns the operation kind of the binary expression.
func (b BinaryExpr) Kind() Kind { return b.op }

// LHS returns the left operand.
func (b BinaryExpr) LHS() Expr { return b.lhs }

// RHS returns the right operand.
func (b BinaryExpr) RHS() Expr { return b.rhs }

// Equal reports whether other is the same dimension.
func (d DimExpr) Equal(other Expr) bool { return Equal(d, other) }

// Equal reports whether other is the same symbol.
func (s SymbolExpr) Equal(other Expr) bool { return Equal(s, other) }

// Equal reports whether other is the same constant.
func (c ConstantExpr) Equal(other Expr) bool { return Equal(c, other) }

// Equal reports whether other is a structurally identical binary expression.
func (b BinaryExpr) Equal(other Expr) bool { return Equal(b, other) }

func (DimExpr) isExpr()      {}
func (SymbolExpr) isExpr()   {}
func (ConstantExpr) isExpr() {}
func (BinaryExpr) isExpr()   {}

// Equal reports whether a and b are structurally identical expressions. Two
// nil expressions are equal.
func Equal(a, b Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a.Kind() != b.Kind() {
		return false
	}
	switch x := a.(type) {
	case DimExpr:
		return x.Position == b.(DimExpr).Position
	case SymbolExpr:
		return x.Position == b.(SymbolExpr).Position
	case ConstantExpr:
		return x.Value == b.(ConstantExpr).Value
	case BinaryExpr:
		y := b.(BinaryExpr)
		return Equal(x.lhs, y.lhs) && Equal(x.rhs, y.rhs)
	}
	return false
}

// Dim returns the dimension expression d<pos>. It panics if pos is negative.
func Dim(pos int) Expr {
	if pos < 0 {
		panic(fmt.Sprintf("affine: negative dimension position %d", pos))
	}
	return DimExpr{Position: pos}
}

// Sym returns the symbol expression s<pos>. It panics if pos is negative.
func Sym(pos int) Expr {
	if pos < 0 {
		panic(fmt.Sprintf("affine: negative symbol position %d", pos))
	}
	return SymbolExpr{Position: pos}
}

// Const returns the constant expression c.
func Const(c int64) Expr { return ConstantExpr{Value: c} }

// Dims returns the dimension expressions d0 ... d<n-1>.
func Dims(n int) []Expr {
	out := make([]Expr, n)
	for i := range out {
		out[i] = Dim(i)
	}
	return out
}

// Syms returns the symbol expressions s0 ... s<n-1>.
func Syms(n int) []Expr {
	out := make([]Expr, n)
	for i := range out {
		out[i] = Sym(i)
	}
	return out
}

// constValue returns the value of e if it is a constant.
func constValue(e Expr) (int64, bool) {
	if c, ok := e.(ConstantExpr); ok {
		return c.Value, true
	}
	return 0, false
}

// asBinary returns e as a binary expression of kind k.
func asBinary(e Expr, k Kind) (BinaryExpr, bool) {
	b, ok := e.(BinaryExpr)
	if !ok || b.op != k {
		return BinaryExpr{}, false
	}
	return b, true
}

func raw(k Kind, lhs, rhs Expr) Expr { return BinaryExpr{op: k, lhs: lhs, rhs: rhs} }

func checkOperands(lhs, rhs Expr) {
	if lhs == nil || rhs == nil {
		panic("affine: nil operand")
	}
}

// Binary builds the binary expression of kind k, applying the same
// simplifications as the dedicated constructors (MLIR's getAffineBinaryOpExpr).
// It panics if k is not a binary kind.
func Binary(k Kind, lhs, rhs Expr) Expr {
	switch k {
	case KindAdd:
		return Add(lhs, rhs)
	case KindMul:
		return Mul(lhs, rhs)
	case KindMod:
		return Mod(lhs, rhs)
	case KindFloorDiv:
		return FloorDiv(lhs, rhs)
	case KindCeilDiv:
		return CeilDiv(lhs, rhs)
	}
	panic(fmt.Sprintf("affine: %v is not a binary kind", k))
}

// Add returns lhs + rhs, simplified like MLIR's AffineExpr::operator+:
// two constants are folded unless the sum overflows (the other constant folds
// below wrap around exactly as MLIR's do), a constant or symbolic
// operand is moved to the right, "x + 0" is x, "(x + c1) + c2" folds to
// "x + (c1+c2)", "c1*x + c2*x" becomes "x * (c1+c2)", constants are kept
// rightmost in sums, and "x - (x floordiv q) * q" becomes "x mod q".
func Add(lhs, rhs Expr) Expr {
	checkOperands(lhs, rhs)
	lc, lIsC := constValue(lhs)
	rc, rIsC := constValue(rhs)
	if lIsC && rIsC {
		if s, ok := addOvf(lc, rc); ok {
			return Const(s)
		}
		return raw(KindAdd, lhs, rhs)
	}
	if lIsC || (IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs)) {
		return Add(rhs, lhs)
	}
	if rIsC && rc == 0 {
		return lhs
	}
	lBin, lIsBin := lhs.(BinaryExpr)
	if lIsBin && rIsC && lBin.op == KindAdd {
		if lrc, ok := constValue(lBin.rhs); ok {
			// Like MLIR, this fold wraps around on overflow.
			return Add(lBin.lhs, Const(lrc+rc))
		}
	}
	// c1 * e + c2 * e  ->  e * (c1 + c2).
	firstExpr, c1 := lhs, int64(1)
	if m, ok := asBinary(lhs, KindMul); ok {
		if v, ok := constValue(m.rhs); ok {
			firstExpr, c1 = m.lhs, v
		}
	}
	secondExpr, c2 := rhs, int64(1)
	rBin, rIsBin := rhs.(BinaryExpr)
	if rIsBin && rBin.op == KindMul {
		if v, ok := constValue(rBin.rhs); ok {
			secondExpr, c2 = rBin.lhs, v
		}
	}
	if Equal(firstExpr, secondExpr) {
		return Mul(firstExpr, Const(c1+c2)) // wraps on overflow, like MLIR
	}
	// (e + c) + f  ->  (e + f) + c.
	if lIsBin && lBin.op == KindAdd {
		if _, ok := constValue(lBin.rhs); ok {
			return Add(Add(lBin.lhs, rhs), lBin.rhs)
		}
	}
	// Detect "e + (e floordiv q) * q * -1" and "e + (e floordiv c) * -c" as
	// "e mod q".
	if !rIsBin || rBin.op != KindMul {
		return raw(KindAdd, lhs, rhs)
	}
	lrhs, rrhs := rBin.lhs, rBin.rhs
	if v, ok := constValue(rrhs); ok && v == -1 {
		if m, ok := asBinary(lrhs, KindMul); ok {
			fd, ok := asBinary(m.lhs, KindFloorDiv)
			if !ok {
				return raw(KindAdd, lhs, rhs)
			}
			if Equal(fd.rhs, m.rhs) && Equal(lhs, fd.lhs) {
				return Mod(lhs, m.rhs)
			}
		}
	}
	if fd, ok := asBinary(lrhs, KindFloorDiv); ok {
		if Equal(lhs, fd.lhs) && Equal(fd.rhs, Neg(rrhs)) {
			return Mod(lhs, fd.rhs)
		}
	}
	return raw(KindAdd, lhs, rhs)
}

// Sub returns lhs - rhs, built as lhs + rhs * -1 like MLIR.
func Sub(lhs, rhs Expr) Expr { return Add(lhs, Neg(rhs)) }

// Neg returns -e, built as e * -1 like MLIR.
func Neg(e Expr) Expr { return Mul(e, Const(-1)) }

// Mul returns lhs * rhs, simplified like MLIR's AffineExpr::operator*:
// two constants are folded unless the product overflows ("(x * c1) * c2"
// wraps around like MLIR), the constant or
// symbolic operand is moved to the right, "x * 1" is x, "x * 0" is 0,
// "(x * c1) * c2" folds to "x * (c1*c2)" and "(x * c) * y" becomes
// "(x * y) * c". Multiplying two non-symbolic expressions yields a
// non-affine expression that is kept as is.
func Mul(lhs, rhs Expr) Expr {
	checkOperands(lhs, rhs)
	lc, lIsC := constValue(lhs)
	rc, rIsC := constValue(rhs)
	if lIsC && rIsC {
		if p, ok := mulOvf(lc, rc); ok {
			return Const(p)
		}
		return raw(KindMul, lhs, rhs)
	}
	lSym, rSym := IsSymbolicOrConstant(lhs), IsSymbolicOrConstant(rhs)
	if !lSym && !rSym {
		return raw(KindMul, lhs, rhs)
	}
	if !rSym || lIsC {
		return Mul(rhs, lhs)
	}
	if rIsC {
		if rc == 1 {
			return lhs
		}
		if rc == 0 {
			return rhs
		}
	}
	if lBin, ok := asBinary(lhs, KindMul); ok {
		if lrc, ok := constValue(lBin.rhs); ok {
			if rIsC {
				// Like MLIR, this fold wraps around on overflow.
				return Mul(lBin.lhs, Const(lrc*rc))
			}
			return Mul(Mul(lBin.lhs, rhs), lBin.rhs)
		}
	}
	return raw(KindMul, lhs, rhs)
}

// FloorDiv returns lhs floordiv rhs, simplified like MLIR's
// AffineExpr::floorDiv: division by a non-zero constant is folded for
// constants (floor semantics), "x floordiv 1" is x, "(x * k*c) floordiv c" is
// "x * k", and "(a + b) floordiv c" is split when a or b is a known multiple
// of c.
func FloorDiv(lhs, rhs Expr) Expr {
	checkOperands(lhs, rhs)
	rc, rIsC := constValue(rhs)
	if !rIsC || rc == 0 {
		return raw(KindFloorDiv, lhs, rhs)
	}
	if lc, ok := constValue(lhs); ok {
		if lc == math.MinInt64 && rc == -1 {
			return raw(KindFloorDiv, lhs, rhs)
		}
		return Const(floorDiv(lc, rc))
	}
	if rc == 1 {
		return lhs
	}
	if lBin, ok := lhs.(BinaryExpr); ok {
		switch lBin.op {
		case KindMul:
			if lrc, ok := constValue(lBin.rhs); ok && lrc%rc == 0 && !(lrc == math.MinInt64 && rc == -1) {
				return Mul(lBin.lhs, Const(lrc/rc))
			}
		case KindAdd:
			if LargestKnownDivisor(lBin.lhs)%rc == 0 || LargestKnownDivisor(lBin.rhs)%rc == 0 {
				return Add(FloorDiv(lBin.lhs, rhs), FloorDiv(lBin.rhs, rhs))
			}
		}
	}
	return raw(KindFloorDiv, lhs, rhs)
}

// CeilDiv returns lhs ceildiv rhs, simplified like MLIR's AffineExpr::ceilDiv:
// division by a non-zero constant is folded for constants (ceiling
// semantics), "x ceildiv 1" is x and "(x * k*c) ceildiv c" is "x * k".
func CeilDiv(lhs, rhs Expr) Expr {
	checkOperands(lhs, rhs)
	rc, rIsC := constValue(rhs)
	if !rIsC || rc == 0 {
		return raw(KindCeilDiv, lhs, rhs)
	}
	if lc, ok := constValue(lhs); ok {
		if lc == math.MinInt64 && rc == -1 {
			return raw(KindCeilDiv, lhs, rhs)
		}
		return Const(ceilDiv(lc, rc))
	}
	if rc == 1 {
		return lhs
	}
	if lBin, ok := asBinary(lhs, KindMul); ok {
		if lrc, ok := constValue(lBin.rhs); ok && lrc%rc == 0 && !(lrc == math.MinInt64 && rc == -1) {
			return Mul(lBin.lhs, Const(lrc/rc))
		}
	}
	return raw(KindCeilDiv, lhs, rhs)
}

// Mod returns lhs mod rhs, simplified like MLIR's AffineExpr::operator%:
// only positive constant divisors are simplified; constants are folded (the
// result is in [0, rhs)), a known multiple of rhs (including any "x mod 1")
// becomes 0, "(a + b) mod c" drops a summand that is a known multiple of c,
// and "(e mod a) mod b" is "e mod b" when b divides a.
func Mod(lhs, rhs Expr) Expr {
	checkOperands(lhs, rhs)
	rc, rIsC := constValue(rhs)
	if !rIsC || rc < 1 {
		return raw(KindMod, lhs, rhs)
	}
	if lc, ok := constValue(lhs); ok {
		return Const(floorMod(lc, rc))
	}
	if LargestKnownDivisor(lhs)%rc == 0 {
		return Const(0)
	}
	if lBin, ok := lhs.(BinaryExpr); ok {
		switch lBin.op {
		case KindAdd:
			if LargestKnownDivisor(lBin.lhs)%rc == 0 {
				return Mod(lBin.rhs, rhs)
			}
			if LargestKnownDivisor(lBin.rhs)%rc == 0 {
				return Mod(lBin.lhs, rhs)
			}
		case KindMod:
			if a, ok := constValue(lBin.rhs); ok && a >= 1 && a%rc == 0 {
				return Mod(lBin.lhs, rhs)
			}
		}
	}
	return raw(KindMod, lhs, rhs)
}

// IsSymbolicOrConstant reports whether e contains no dimension identifiers.
func IsSymbolicOrConstant(e Expr) bool {
	switch x := e.(type) {
	case DimExpr:
		return false
	case BinaryExpr:
		return IsSymbolicOrConstant(x.lhs) && IsSymbolicOrConstant(x.rhs)
	}
	return true
}

// IsPureAffine reports whether e is a pure affine expression: multiplication
// only by constants and floordiv, ceildiv and mod only by constants.
func IsPureAffine(e Expr) bool {
	b, ok := e.(BinaryExpr)
	if !ok {
		return true
	}
	if !IsPureAffine(b.lhs) || !IsPureAffine(b.rhs) {
		return false
	}
	_, rc := constValue(b.rhs)
	switch b.op {
	case KindAdd:
		return true
	case KindMul:
		_, lc := constValue(b.lhs)
		return lc || rc
	}
	return rc
}

// LargestKnownDivisor returns the largest integer known to divide every value
// of e (MLIR's AffineExpr::getLargestKnownDivisor). For the constant 0 it is 0.
func LargestKnownDivisor(e Expr) int64 {
	switch x := e.(type) {
	case ConstantExpr:
		return abs64(x.Value) // wraps for math.MinInt64, like MLIR
	case BinaryExpr:
		switch x.op {
		case KindFloorDiv, KindCeilDiv:
			if rc, ok := constValue(x.rhs); ok && rc != 0 {
				l := LargestKnownDivisor(x.lhs)
				if l%rc == 0 && !(l == math.MinInt64 && rc == -1) {
					return abs64(l / rc)
				}
			}
			return 1
		case KindMul:
			// The product wraps around on overflow, exactly as in MLIR.
			return LargestKnownDivisor(x.lhs) * LargestKnownDivisor(x.rhs)
		default: // Add, Mod
			return int64(gcd(uint64(LargestKnownDivisor(x.lhs)), uint64(LargestKnownDivisor(x.rhs))))
		}
	}
	return 1
}
