package affine

import (
	"strconv"
	"strings"
)

// bindingStrength mirrors MLIR's AsmPrinter BindingStrength: an expression
// printed in a Strong context is parenthesized if it is a binary operation.
type bindingStrength bool

const (
	weak   bindingStrength = false
	strong bindingStrength = true
)

// String prints d<Position>.
func (d DimExpr) String() string { return "d" + strconv.Itoa(d.Position) }

// String prints s<Position>.
func (s SymbolExpr) String() string { return "s" + strconv.Itoa(s.Position) }

// String prints the decimal value.
func (c ConstantExpr) String() string { return strconv.FormatInt(c.Value, 10) }

// String prints the expression as MLIR's AsmPrinter does.
func (b BinaryExpr) String() string {
	var sb strings.Builder
	printExpr(&sb, b, weak)
	return sb.String()
}

// AppendExpr appends the MLIR textual form of e to sb.
func AppendExpr(sb *strings.Builder, e Expr) { printExpr(sb, e, weak) }

// printExpr implements the rules of MLIR's printAffineExprInternal:
//
//   - leaves print as d<i>, s<i> or the decimal constant;
//   - non-additive binary operations are parenthesized in a strong context and
//     print both operands in a strong context, except that "e * -1" prints
//     as "-e";
//   - an addition is parenthesized in a strong context and prints its
//     operands in a weak context, except that "a + b * -1" prints as "a - b"
//     (b parenthesized only if it is itself an addition), "a + b * -c" (c > 1)
//     prints as "a - b * c" (b in a strong context), and "a + -c" prints as
//     "a - c".
func printExpr(sb *strings.Builder, e Expr, ctx bindingStrength) {
	b, ok := e.(BinaryExpr)
	if !ok {
		sb.WriteString(e.String())
		return
	}
	open := func() {
		if ctx == strong {
			sb.WriteByte('(')
		}
	}
	closeP := func() {
		if ctx == strong {
			sb.WriteByte(')')
		}
	}
	if b.op != KindAdd {
		open()
		if c, ok := constValue(b.rhs); ok && b.op == KindMul && c == -1 {
			sb.WriteByte('-')
			printExpr(sb, b.lhs, strong)
			closeP()
			return
		}
		printExpr(sb, b.lhs, strong)
		sb.WriteByte(' ')
		sb.WriteString(b.op.String())
		sb.WriteByte(' ')
		printExpr(sb, b.rhs, strong)
		closeP()
		return
	}

	open()
	if rhs, ok := asBinary(b.rhs, KindMul); ok {
		if c, ok := constValue(rhs.rhs); ok {
			if c == -1 {
				printExpr(sb, b.lhs, weak)
				sb.WriteString(" - ")
				if rhs.lhs.Kind() == KindAdd {
					printExpr(sb, rhs.lhs, strong)
				} else {
					printExpr(sb, rhs.lhs, weak)
				}
				closeP()
				return
			}
			if c < -1 {
				printExpr(sb, b.lhs, weak)
				sb.WriteString(" - ")
				printExpr(sb, rhs.lhs, strong)
				sb.WriteString(" * ")
				sb.WriteString(strconv.FormatInt(-c, 10))
				closeP()
				return
			}
		}
	}
	if c, ok := constValue(b.rhs); ok && c < 0 {
		printExpr(sb, b.lhs, weak)
		sb.WriteString(" - ")
		sb.WriteString(strconv.FormatInt(-c, 10))
		closeP()
		return
	}
	printExpr(sb, b.lhs, weak)
	sb.WriteString(" + ")
	printExpr(sb, b.rhs, weak)
	closeP()
}
