package affine

import (
	"cmp"
	"slices"
)

// Simplify simplifies e in the context of a map with numDims dims and
// numSymbols symbols, following MLIR's simplifyAffineExpr: the expression is
// flattened into a linear combination of dims, symbols and "local" terms
// (floordiv/ceildiv/mod by constants and semi-affine products, divisions and
// mods), with common factors cancelled, and then rebuilt in canonical order
// (dims, symbols, locals, constant). Semi-affine expressions first get
// MLIR's symbolic-division simplification ("(x * s0) floordiv s0" -> x,
// "(x * s0) mod s0" -> 0) and are rebuilt in MLIR's semi-affine term order.
// Expressions containing a floordiv/ceildiv/mod by a non-positive constant
// are returned unchanged (after the semi-affine step), as in MLIR.
//
// Deliberate deviations, where MLIR 19 computes a wrong result or crashes:
// MLIR also folds "(x - x mod q) floordiv q" and "... ceildiv q" to 0 (only
// the mod form is folded here); MLIR confuses semi-affine terms such as
// "d0 * s0" and "d0 floordiv s0" that share their operands (both are kept
// here); and MLIR crashes on "(s0 floordiv s0) floordiv s0" (kept as
// "1 floordiv s0" here).
func Simplify(e Expr, numDims, numSymbols int) Expr {
	nd, ns := maxPositions(e)
	numDims, numSymbols = max(numDims, nd), max(numSymbols, ns)
	if !IsPureAffine(e) {
		e = simplifySemiAffine(e, numDims, numSymbols)
	}
	f := newFlattener(numDims, numSymbols)
	flat, ok := f.flatten(e)
	if !ok {
		return e
	}
	pure := IsPureAffine(e)
	fromFlat := f.fromFlat(flat)
	if pure {
		return fromFlat
	}
	if Equal(e, fromFlat) {
		return e
	}
	return f.semiFromFlat(flat)
}

// flattener mirrors MLIR's SimpleAffineExprFlattener. A flat form is a
// coefficient vector [dims..., symbols..., locals..., constant].
type flattener struct {
	numDims, numSymbols int
	stack               [][]int64
	locals              []Expr
}

func newFlattener(numDims, numSymbols int) *flattener {
	return &flattener{numDims: numDims, numSymbols: numSymbols}
}

func (f *flattener) numCols() int    { return f.numDims + f.numSymbols + len(f.locals) + 1 }
func (f *flattener) localStart() int { return f.numDims + f.numSymbols }

func (f *flattener) flatten(e Expr) ([]int64, bool) {
	if !f.walk(e) {
		return nil, false
	}
	return f.stack[len(f.stack)-1], true
}

func (f *flattener) push(col int, v int64) {
	row := make([]int64, f.numCols())
	if col < 0 {
		col = len(row) - 1
	}
	row[col] = v
	f.stack = append(f.stack, row)
}

func (f *flattener) walk(e Expr) bool {
	switch x := e.(type) {
	case DimExpr:
		f.push(x.Position, 1)
		return true
	case SymbolExpr:
		f.push(f.numDims+x.Position, 1)
		return true
	case ConstantExpr:
		f.push(-1, x.Value)
		return true
	}
	b := e.(BinaryExpr)
	if !f.walk(b.lhs) || !f.walk(b.rhs) {
		return false
	}
	n := len(f.stack)
	rhs := f.stack[n-1]
	f.stack = f.stack[:n-1]
	lhs := f.stack[n-2]
	rc, rIsConst := constValue(b.rhs)
	switch b.op {
	case KindAdd:
		for i := range lhs {
			lhs[i] += rhs[i]
		}
		return true
	case KindMul:
		if !rIsConst {
			f.addSemiAffineLocal(Mul(f.fromFlat(lhs), f.fromFlat(rhs)))
			return true
		}
		for i := range lhs {
			lhs[i] *= rc
		}
		return true
	case KindMod:
		if !rIsConst {
			f.addSemiAffineLocal(Mod(f.fromFlat(lhs), f.fromFlat(rhs)))
			return true
		}
		if rc <= 0 {
			return false
		}
		allMultiples := true
		for _, v := range lhs {
			if v%rc != 0 {
				allMultiples = false
				break
			}
		}
		if allMultiples {
			clear(lhs)
			return true
		}
		g := uint64(rc)
		for _, v := range lhs {
			g = gcd(g, uint64(abs64(v)))
		}
		dividend := slices.Clone(lhs)
		for i := range dividend {
			dividend[i] /= int64(g)
		}
		q := FloorDiv(f.fromFlat(dividend), Const(rc/int64(g)))
		loc := slices.IndexFunc(f.locals, func(l Expr) bool { return Equal(l, q) })
		if loc < 0 {
			f.addLocal(q)
			loc = len(f.locals) - 1
		}
		lhs = f.stack[len(f.stack)-1]
		lhs[f.localStart()+loc] = -rc
		return true
	default: // FloorDiv, CeilDiv
		isCeil := b.op == KindCeilDiv
		if !rIsConst {
			a, d := f.fromFlat(lhs), f.fromFlat(rhs)
			if isCeil {
				f.addSemiAffineLocal(CeilDiv(a, d))
			} else {
				f.addSemiAffineLocal(FloorDiv(a, d))
			}
			return true
		}
		if rc <= 0 {
			return false
		}
		g := uint64(rc)
		for _, v := range lhs {
			g = gcd(g, uint64(abs64(v)))
		}
		if g != 1 {
			for i := range lhs {
				lhs[i] /= int64(g)
			}
		}
		divisor := rc / int64(g)
		if divisor == 1 {
			return true
		}
		a := f.fromFlat(lhs)
		var q Expr
		if isCeil {
			q = CeilDiv(a, Const(divisor))
		} else {
			q = FloorDiv(a, Const(divisor))
		}
		f.setToLocal(q)
		return true
	}
}

// addLocal appends a local column (to every row on the stack) for q.
func (f *flattener) addLocal(q Expr) {
	pos := f.localStart() + len(f.locals)
	for i, row := range f.stack {
		f.stack[i] = slices.Insert(row, pos, 0)
	}
	f.locals = append(f.locals, q)
}

// setToLocal replaces the top of the stack by the local for q, adding it if
// it does not exist yet.
func (f *flattener) setToLocal(q Expr) {
	loc := slices.IndexFunc(f.locals, func(l Expr) bool { return Equal(l, q) })
	if loc < 0 {
		f.addLocal(q)
		loc = len(f.locals) - 1
	}
	top := f.stack[len(f.stack)-1]
	clear(top)
	top[f.localStart()+loc] = 1
}

func (f *flattener) addSemiAffineLocal(q Expr) { f.setToLocal(q) }

// fromFlat rebuilds an expression from a flat form (MLIR's
// getAffineExprFromFlatForm).
func (f *flattener) fromFlat(flat []int64) Expr {
	expr := Const(0)
	for j := 0; j < f.numDims+f.numSymbols; j++ {
		if flat[j] == 0 {
			continue
		}
		var id Expr
		if j < f.numDims {
			id = Dim(j)
		} else {
			id = Sym(j - f.numDims)
		}
		expr = Add(expr, Mul(id, Const(flat[j])))
	}
	for j := f.localStart(); j < len(flat)-1; j++ {
		if flat[j] == 0 {
			continue
		}
		expr = Add(expr, Mul(f.locals[j-f.localStart()], Const(flat[j])))
	}
	if c := flat[len(flat)-1]; c != 0 {
		expr = Add(expr, Const(c))
	}
	return expr
}

type semiKey struct {
	a uint
	b int
}

// semiFromFlat rebuilds a semi-affine expression from a flat form, ordering
// terms like MLIR's getSemiAffineExprFromFlatForm: by the position of their
// leading dim/symbol, dims before dim-by-constant terms before products with
// symbols, and symbols after dims of the same position.
func (f *flattener) semiFromFlat(flat []int64) Expr {
	type entry struct {
		key   semiKey
		coef  int64
		value Expr
	}
	var entries []entry
	big := max(f.numDims, f.numSymbols)
	offsetSym, offsetDim := 0, -1
	for j := 0; j < f.numSymbols; j++ {
		if c := flat[f.numDims+j]; c != 0 {
			entries = append(entries, entry{semiKey{uint(j), big + offsetSym}, c, Sym(j)})
			offsetSym++
		}
	}
	added := make([]bool, len(f.locals))
	for i, l := range f.locals {
		c := flat[f.localStart()+i]
		if c == 0 {
			continue
		}
		b, ok := l.(BinaryExpr)
		if !ok {
			continue
		}
		lk, rk := b.lhs.Kind(), b.rhs.Kind()
		if !(lk == KindDim || lk == KindSymbol) || !(rk == KindDim || rk == KindSymbol || rk == KindConstant) {
			continue
		}
		lpos := leafPos(b.lhs)
		var key semiKey
		switch {
		case rk == KindConstant && lk == KindDim:
			key = semiKey{uint(lpos), offsetDim}
			offsetDim--
		case lk == KindDim:
			key = semiKey{uint(lpos), leafPos(b.rhs)}
		default:
			key = semiKey{uint(lpos), big + offsetSym}
			offsetSym++
		}
		entries = append(entries, entry{key, c, l})
		added[i] = true
	}
	for j := 0; j < f.numDims; j++ {
		if c := flat[j]; c != 0 {
			entries = append(entries, entry{semiKey{uint(j), offsetDim}, c, Dim(j)})
			offsetDim--
		}
	}
	// MLIR keys "d_i * s_j" and "d_i floordiv s_j" (etc.) identically and
	// then silently drops one of them, producing a wrong result; a stable
	// sort keeps both here, in creation order.
	slices.SortStableFunc(entries, func(x, y entry) int {
		if c := cmp.Compare(x.key.a, y.key.a); c != 0 {
			return c
		}
		return cmp.Compare(x.key.b, y.key.b)
	})
	expr := Const(0)
	for _, en := range entries {
		expr = Add(expr, Mul(en.value, Const(en.coef)))
	}
	for i, l := range f.locals {
		if c := flat[f.localStart()+i]; c != 0 && !added[i] {
			expr = Add(expr, Mul(l, Const(c)))
		}
	}
	if c := flat[len(flat)-1]; c != 0 {
		expr = Add(expr, Const(c))
	}
	return expr
}

func leafPos(e Expr) int {
	switch x := e.(type) {
	case DimExpr:
		return x.Position
	case SymbolExpr:
		return x.Position
	}
	return 0
}

// simplifySemiAffine mirrors MLIR's simplifySemiAffine: divisions and mods
// whose divisor simplifies to a symbol that divides the dividend are
// resolved.
func simplifySemiAffine(e Expr, numDims, numSymbols int) Expr {
	b, ok := e.(BinaryExpr)
	if !ok {
		return e
	}
	sl := simplifySemiAffine(b.lhs, numDims, numSymbols)
	sr := simplifySemiAffine(b.rhs, numDims, numSymbols)
	if b.op == KindAdd || b.op == KindMul {
		return Binary(b.op, sl, sr)
	}
	if b.op == KindMod && isModOfModSubtraction(sl, sr, numDims, numSymbols) {
		return Const(0)
	}
	sym, ok := sr.(SymbolExpr)
	if !ok || !isDivisibleBySymbol(b.lhs, sym.Position, b.op) {
		return Binary(b.op, sl, sr)
	}
	if b.op == KindMod {
		return Const(0)
	}
	if q := symbolicDivide(sl, sym.Position, b.op); q != nil {
		return q
	}
	return Binary(b.op, sl, sr)
}

// isDivisibleBySymbol reports whether e is known to be a multiple of s<pos>
// for the division kind op (MLIR's isDivisibleBySymbol).
func isDivisibleBySymbol(e Expr, pos int, op Kind) bool {
	switch x := e.(type) {
	case ConstantExpr:
		return x.Value == 0
	case DimExpr:
		return false
	case SymbolExpr:
		return x.Position == pos
	}
	b := e.(BinaryExpr)
	switch b.op {
	case KindAdd:
		return isDivisibleBySymbol(b.lhs, pos, op) && isDivisibleBySymbol(b.rhs, pos, op)
	case KindMod:
		return isDivisibleBySymbol(b.lhs, pos, KindMod) && isDivisibleBySymbol(b.rhs, pos, KindMod)
	case KindMul:
		return isDivisibleBySymbol(b.lhs, pos, op) || isDivisibleBySymbol(b.rhs, pos, op)
	default:
		return op == b.op && isDivisibleBySymbol(b.lhs, pos, b.op)
	}
}

// symbolicDivide divides e, known to be divisible by s<pos>, by that symbol
// (MLIR's symbolicDivide). It returns nil if the division is not possible.
func symbolicDivide(e Expr, pos int, op Kind) Expr {
	switch x := e.(type) {
	case ConstantExpr:
		if x.Value != 0 {
			return nil
		}
		return Const(0)
	case DimExpr:
		return nil
	case SymbolExpr:
		return Const(1)
	}
	b := e.(BinaryExpr)
	switch b.op {
	case KindAdd, KindMod:
		sub := op
		if b.op == KindMod {
			sub = KindMod
		}
		l, r := symbolicDivide(b.lhs, pos, sub), symbolicDivide(b.rhs, pos, sub)
		if l == nil || r == nil {
			return nil
		}
		return Binary(b.op, l, r)
	case KindMul:
		if !isDivisibleBySymbol(b.lhs, pos, op) {
			if r := symbolicDivide(b.rhs, pos, op); r != nil {
				return Mul(b.lhs, r)
			}
			return nil
		}
		if l := symbolicDivide(b.lhs, pos, op); l != nil {
			return Mul(l, b.rhs)
		}
		return nil
	default:
		l := symbolicDivide(b.lhs, pos, b.op)
		if l == nil {
			return nil
		}
		return Binary(b.op, l, b.rhs)
	}
}

// isModOfModSubtraction reports whether lhs is "x - x mod rhs" (as a sum in
// any order), which makes lhs mod rhs zero (MLIR's isModOfModSubtraction).
func isModOfModSubtraction(lhs, rhs Expr, numDims, numSymbols int) bool {
	var summands []Expr
	var collect func(Expr)
	collect = func(e Expr) {
		if b, ok := asBinary(e, KindAdd); ok {
			collect(b.lhs)
			collect(b.rhs)
			return
		}
		summands = append(summands, e)
	}
	collect(lhs)
	for i, s := range summands {
		neg, ok := negatedOperand(s)
		if !ok {
			continue
		}
		inner, ok := asBinary(neg, KindMod)
		if !ok || !Equal(inner.rhs, rhs) {
			continue
		}
		diff := Const(0)
		for j, t := range summands {
			if j != i {
				diff = Add(diff, t)
			}
		}
		diff = Sub(diff, inner.lhs)
		if c, ok := constValue(Simplify(diff, numDims, numSymbols)); ok && c == 0 {
			return true
		}
	}
	return false
}

// negatedOperand returns x if e is "x * -1" or "-1 * x".
func negatedOperand(e Expr) (Expr, bool) {
	m, ok := asBinary(e, KindMul)
	if !ok {
		return nil, false
	}
	if c, ok := constValue(m.lhs); ok && c == -1 {
		return m.rhs, true
	}
	if c, ok := constValue(m.rhs); ok && c == -1 {
		return m.lhs, true
	}
	return nil, false
}
