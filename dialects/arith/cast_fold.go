package arith

import "github.com/bcast-opt/bcast-opt/ir"

// Folders of the integer casts (extsi, extui, trunci, index_cast,
// index_castui), as MLIR's arith folders and canonicalizations do:
//
//	cast (constant)                                -> constant
//	trunci (extsi/extui %x) back to %x's type      -> %x
//	trunci (extsi/extui %x) to a type wider than %x -> extsi/extui %x (not done: a rewrite, not a fold)
//	extsi (extsi %x), extui (extui %x)             -> one extension of %x
//	index_cast (index_cast %x) back to %x's type   -> %x
//	index_cast (extsi %x)                          -> index_cast %x
//
// Shape computations pass a size through such round trips (JAX converts
// its i32 dimension sizes to i64 and back); folding them makes two reads
// of one size the same SSA value, so checks between them fold and
// versions test it once. index_cast of an index to a narrower integer
// and back assumes the size fits, as MLIR's IndexCastOfIndexCast does.

// indexBits is the width of index for folding (a 64-bit target).
const indexBits = 64

func castWidth(t ir.Type) int {
	if t == ir.Index {
		return indexBits
	}
	return intWidth(t)
}

// wrapSigned returns v truncated to w bits, sign-extended (the form an
// IntegerAttr of width w holds).
func wrapSigned(v int64, w int) int64 {
	if w >= 64 || w <= 0 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

// wrapUnsigned returns v truncated to w bits, zero-extended.
func wrapUnsigned(v int64, w int) int64 {
	if w >= 64 || w <= 0 {
		return v
	}
	return int64(uint64(v) & (1<<uint(w) - 1))
}

// castFolder returns the folder of the integer cast name.
func castFolder(name string) func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		from, to := op.Operand(0).Type(), op.Result(0).Type()
		fw, tw := castWidth(from), castWidth(to)
		if fw == 0 || tw == 0 || fw == 1 || tw == 1 {
			return nil // i1 constants are booleans; tensors are not folded here
		}
		if a, ok := c[0].(*ir.IntegerAttr); ok {
			v := a.Value
			switch {
			case name == "extui" || name == "index_castui":
				v = wrapUnsigned(v, fw)
			default:
				v = wrapSigned(v, fw)
			}
			return []ir.FoldResult{{Attr: ir.IntAttr(to, wrapSigned(v, tw))}}
		}
		def := op.Operand(0).DefiningOp()
		if def == nil || def.NumOperands() != 1 {
			return nil // not a cast
		}
		inner := def.Name()
		x := def.Operand(0)
		switch name {
		case "trunci":
			if (inner == "arith.extsi" || inner == "arith.extui") && x.Type() == to {
				return []ir.FoldResult{{Value: x}}
			}
		case "extsi", "extui":
			if inner == op.Name() {
				op.SetOperand(0, x) // in place, as MLIR's folders do
				return []ir.FoldResult{{Value: op.Result(0)}}
			}
		case "index_cast":
			if inner == "arith.index_cast" && x.Type() == to {
				return []ir.FoldResult{{Value: x}}
			}
			if inner == "arith.extsi" {
				op.SetOperand(0, x)
				return []ir.FoldResult{{Value: op.Result(0)}}
			}
		}
		return nil
	}
}
