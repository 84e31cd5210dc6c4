package filecheck

import (
	"math/big"
	"strconv"
	"strings"
)

// numFormat is a numeric substitution format such as %u, %d, %x, %.8X, %#x.
type numFormat struct {
	kind byte // 'u', 'd', 'x', 'X'; 0 means unspecified (treated as 'u')
	prec int  // minimum number of digits
	alt  bool // "0x" prefix for hex formats
}

func (f numFormat) k() byte {
	if f.kind == 0 {
		return 'u'
	}
	return f.kind
}

// parseFormat parses "%[#][.N](u|d|x|X)" at the scanner position.
func parseFormat(sc *scanner) (numFormat, bool) {
	var f numFormat
	sc.advance(1) // '%'
	f.alt = sc.eat("#")
	if sc.eat(".") {
		n := 0
		for n < len(sc.s) && sc.s[n] >= '0' && sc.s[n] <= '9' {
			n++
		}
		p, err := strconv.Atoi(sc.s[:n])
		if err != nil {
			return f, false
		}
		f.prec = p
		sc.advance(n)
	}
	switch c := sc.peek(); c {
	case 'u', 'd', 'x', 'X':
		f.kind = c
		sc.advance(1)
	default:
		return f, false
	}
	return f, !f.alt || f.kind == 'x' || f.kind == 'X'
}

// digitClass returns the bracket expression for one digit of the format.
func (f numFormat) digitClass() (first, rest string) {
	switch f.k() {
	case 'x':
		return "[1-9a-f]", "[0-9a-f]"
	case 'X':
		return "[1-9A-F]", "[0-9A-F]"
	}
	return "[1-9]", "[0-9]"
}

// wildcard is the regex matching any value printed in this format.
func (f numFormat) wildcard() string {
	first, rest := f.digitClass()
	s := rest + "+"
	if f.prec > 0 {
		s = "(" + first + rest + "*)?" + rest + "{" + strconv.Itoa(f.prec) + "}"
	}
	if f.k() == 'd' {
		s = "-?" + s
	}
	if f.alt {
		s = "0x" + s
	}
	return s
}

// format prints v; ok is false if v is not representable (negative unsigned).
func (f numFormat) format(v *big.Int) (string, bool) {
	neg := v.Sign() < 0
	if neg && f.k() != 'd' {
		return "", false
	}
	abs := new(big.Int).Abs(v)
	var s string
	switch f.k() {
	case 'x':
		s = abs.Text(16)
	case 'X':
		s = strings.ToUpper(abs.Text(16))
	default:
		s = abs.Text(10)
	}
	if len(s) < f.prec {
		s = strings.Repeat("0", f.prec-len(s)) + s
	}
	if f.alt {
		s = "0x" + s
	}
	if neg {
		s = "-" + s
	}
	return s, true
}

// parse converts matched text back to a value.
func (f numFormat) parse(s string) (*big.Int, bool) {
	base := 10
	if f.k() == 'x' || f.k() == 'X' {
		base = 16
		s = strings.TrimPrefix(s, "0x")
	}
	return new(big.Int).SetString(s, base)
}

// scanner walks a substring of a source, tracking its offset.
type scanner struct {
	s   string
	off int
}

func (sc *scanner) pos() int      { return sc.off }
func (sc *scanner) advance(n int) { sc.s, sc.off = sc.s[n:], sc.off+n }
func (sc *scanner) peek() byte {
	if sc.s == "" {
		return 0
	}
	return sc.s[0]
}

func (sc *scanner) space() {
	for sc.s != "" && (sc.s[0] == ' ' || sc.s[0] == '\t') {
		sc.advance(1)
	}
}

func (sc *scanner) eat(t string) bool {
	if strings.HasPrefix(sc.s, t) {
		sc.advance(len(t))
		return true
	}
	return false
}

// numExpr is a numeric expression AST node.
type numExpr struct {
	op       byte // 'n' literal, 'v' variable, 'L' @LINE, '+', '-', 'f' function call
	val      *big.Int
	name     string // variable or function name
	args     []*numExpr
	off, end int       // source span
	format   numFormat // variable format (known at parse time)
}

var numFuncs = map[string]bool{"add": true, "sub": true, "mul": true, "div": true, "max": true, "min": true}

// parseExpr parses `operand (('+'|'-') operand)*`.
func (pp *patParser) parseExpr(sc *scanner) (*numExpr, *parseError) {
	p := pp.pattern
	l, perr := pp.parseOperand(sc)
	if perr != nil {
		return nil, perr
	}
	for {
		sc.space()
		switch c := sc.peek(); c {
		case 0, ')', ',':
			return l, nil
		case '+', '-':
			sc.advance(1)
			r, perr := pp.parseOperand(sc)
			if perr != nil {
				return nil, perr
			}
			l = &numExpr{op: c, args: []*numExpr{l, r}, off: l.off, end: r.end}
		default:
			return nil, errAt(p.src, sc.pos(), "unsupported operation '%c'", c)
		}
	}
}

func (pp *patParser) parseOperand(sc *scanner) (*numExpr, *parseError) {
	p := pp.pattern
	sc.space()
	off := sc.pos()
	c := sc.peek()
	switch {
	case c == '(':
		sc.advance(1)
		e, perr := pp.parseExpr(sc)
		if perr != nil {
			return nil, perr
		}
		if !sc.eat(")") {
			return nil, errAt(p.src, sc.pos(), "missing ')' at end of nested expression")
		}
		return e, nil
	case c >= '0' && c <= '9' || c == '-' && len(sc.s) > 1 && sc.s[1] >= '0' && sc.s[1] <= '9':
		n := literalLen(sc.s)
		v, ok := new(big.Int).SetString(sc.s[:n], 0)
		if n == 0 || !ok {
			return nil, errAt(p.src, off, "invalid operand format")
		}
		sc.advance(n)
		return &numExpr{op: 'n', val: v, off: off, end: sc.pos()}, nil
	case c == '@' || c == '$' || isVarStart(c):
		name, _, msg := parseVarName(sc.s)
		if msg != "" {
			return nil, errAt(p.src, off, "%s", msg)
		}
		sc.advance(len(name))
		if c == '@' {
			if name != "@LINE" {
				return nil, errAt(p.src, off, "invalid pseudo numeric variable '%s'", name)
			}
			return &numExpr{op: 'L', off: off, end: sc.pos(), format: numFormat{kind: 'u'}}, nil
		}
		save := *sc
		if sc.space(); c != '$' && sc.eat("(") {
			return pp.parseCall(sc, name, off)
		}
		*sc = save
		if l := pp.ctx.numLine[name]; l != 0 && l == p.line {
			return nil, errAt(p.src, off, "numeric variable '%s' defined earlier in the same CHECK directive", name)
		}
		f, ok := pp.ctx.numVars[name]
		if !ok { // a use before any definition creates an unsigned variable
			f = numFormat{kind: 'u'}
			pp.ctx.numVars[name] = f
		}
		return &numExpr{op: 'v', name: name, off: off, end: sc.pos(), format: f}, nil
	}
	return nil, errAt(p.src, off, "invalid operand format")
}

func (pp *patParser) parseCall(sc *scanner, name string, off int) (*numExpr, *parseError) {
	p := pp.pattern
	if !numFuncs[name] {
		return nil, errAt(p.src, off, "call to undefined function '%s'", name)
	}
	e := &numExpr{op: 'f', name: name, off: off}
	if sc.space(); sc.s != "" && sc.peek() != ')' {
		for {
			a, perr := pp.parseExpr(sc)
			if perr != nil {
				return nil, perr
			}
			e.args = append(e.args, a)
			if sc.space(); !sc.eat(",") {
				break
			}
		}
	}
	if sc.space(); !sc.eat(")") {
		return nil, errAt(p.src, sc.pos(), "missing ')' at end of call expression")
	}
	e.end = sc.pos()
	if len(e.args) != 2 {
		return nil, errAt(p.src, off, "function '%s' takes 2 arguments but %d given", name, len(e.args))
	}
	return e, nil
}

// literalLen is the length of the integer literal at the start of s, with
// the radix detected like llvm::StringRef::consumeInteger: 0x, 0b and 0o
// prefixes, a leading 0 for octal, decimal otherwise. 0 means no literal.
func literalLen(s string) int {
	n, base := 0, 10
	if strings.HasPrefix(s, "-") {
		n++
	}
	switch t := strings.ToLower(s[n:]); {
	case strings.HasPrefix(t, "0x"):
		n, base = n+2, 16
	case strings.HasPrefix(t, "0b"):
		n, base = n+2, 2
	case strings.HasPrefix(t, "0o"):
		n, base = n+2, 8
	case len(t) > 1 && t[0] == '0' && t[1] >= '0' && t[1] <= '9':
		n, base = n+1, 8
	}
	start := n
	for ; n < len(s); n++ {
		d := strings.IndexByte("0123456789abcdef", s[n]|0x20)
		if s[n] >= '0' && s[n] <= '9' {
			d = int(s[n] - '0')
		}
		if d < 0 || d >= base {
			break
		}
	}
	if n == start {
		return 0
	}
	return n
}

// exprErr is an evaluation error at an offset of the pattern source.
type exprErr struct {
	off int
	msg string
}

// implicitFormat is the format of an expression without an explicit format
// specifier: that of its variables (or @LINE), which must agree.
func (e *numExpr) implicitFormat(src *source) (numFormat, *parseError) {
	if e.args == nil {
		return e.format, nil
	}
	var f numFormat
	for i, a := range e.args {
		af, perr := a.implicitFormat(src)
		if perr != nil {
			return f, perr
		}
		if i > 0 && f.kind != 0 && af.kind != 0 && f != af {
			l, r := e.args[0], e.args[i]
			return f, errAt(src, e.off, "implicit format conflict between '%s' (%%%c) and '%s' (%%%c), need an explicit format specifier",
				src.text[l.off:l.end], f.kind, src.text[r.off:r.end], af.kind)
		}
		if f.kind == 0 {
			f = af
		}
	}
	return f, nil
}

// eval computes the value of the expression.
func (e *numExpr) eval(vars *varContext, line int) (*big.Int, []exprErr) {
	switch e.op {
	case 'n':
		return e.val, nil
	case 'L':
		return big.NewInt(int64(line)), nil
	case 'v':
		v, ok := vars.num[e.name]
		if !ok {
			return nil, []exprErr{{e.off, "undefined variable: " + e.name}}
		}
		return v, nil
	}
	var errs []exprErr
	var vals []*big.Int
	for _, a := range e.args {
		v, aerrs := a.eval(vars, line)
		errs = append(errs, aerrs...)
		vals = append(vals, v)
	}
	if errs != nil {
		return nil, errs
	}
	x, y, r := vals[0], vals[1], new(big.Int)
	switch {
	case e.op == '+' || e.name == "add":
		r.Add(x, y)
	case e.op == '-' || e.name == "sub":
		r.Sub(x, y)
	case e.name == "mul":
		r.Mul(x, y)
	case e.name == "div":
		if y.Sign() == 0 {
			return nil, []exprErr{{e.off, "division by zero"}}
		}
		r.Quo(x, y)
	case e.name == "max":
		r.Set(x)
		if y.Cmp(x) > 0 {
			r.Set(y)
		}
	default: // min
		r.Set(x)
		if y.Cmp(x) < 0 {
			r.Set(y)
		}
	}
	return r, nil
}
