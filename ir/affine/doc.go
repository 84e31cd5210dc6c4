// Package affine implements MLIR affine expressions and affine maps, as used
// for the indexing maps of linalg.generic, memref layouts and affine ops.
//
// # Expressions
//
// An Expr is an immutable tree built from dimensions (Dim, printed d0, d1,
// ...), symbols (Sym, printed s0, s1, ...), integer constants (Const) and the
// binary operations Add, Mul, Mod, FloorDiv and CeilDiv (plus Sub and Neg,
// which MLIR represents as "a + b * -1" and "a * -1"). The constructors apply
// exactly the construction-time simplifications of MLIR's AffineExpr
// operator overloads (mlir/lib/IR/AffineExpr.cpp), so that building or
// parsing an expression yields the same tree as MLIR and therefore the same
// printed text:
//
//   - constant folding of two constants, skipped when the result would
//     overflow int64 (the folds of nested constants below wrap around on
//     overflow, exactly as in MLIR);
//   - constants (and symbolic terms) are moved to the right of + and *;
//   - x + 0 = x, x * 1 = x, x * 0 = 0, (x + c1) + c2 = x + (c1+c2),
//     (x * c1) * c2 = x * (c1*c2), c1*x + c2*x = x * (c1+c2);
//   - x floordiv 1 = x, x ceildiv 1 = x, (x * 6) floordiv 3 = x * 2,
//     known multiples fold in mod (x mod 1 = 0, (x * 4) mod 2 = 0);
//   - constant floordiv/ceildiv use floor/ceiling semantics for negative
//     operands; mod by a non-positive constant is never folded.
//
// Expressions are comparable: Equal, the Equal method and even Go's ==
// compare them structurally. Simplify implements MLIR's simplifyAffineExpr
// (flattening to a linear form with local division terms and rebuilding in
// canonical order).
//
// # Maps
//
// A Map is (d0, ..., dN-1)[s0, ..., sM-1] -> (results...). Map.String prints
// exactly as MLIR's AsmPrinter, e.g. "(d0, d1)[s0] -> (d0 + s0, 0)" or
// "() -> ()". Queries (IsIdentity, IsPermutation, IsProjectedPermutation,
// IsMinorIdentity, IsConstant, DimPosition) and operations (Compose,
// InversePermutation, ReplaceDimsAndSymbols, SubMap, DropResults, DropDims,
// CompressUnusedDims, Simplify, Eval) follow the semantics of the MLIR
// functions of the same name. In particular f.Compose(g) is f∘g, i.e.
// x -> f(g(x)), and linalg elementwise fusion computes the indexing map of a
// producer argument in the fused op as
//
//	inv, _ := producerResultMap.InversePermutation()
//	fused := producerArgMap.Compose(inv).Compose(consumerOperandMap)
//
// which maps the fused (consumer) loops to the producer argument's indices.
//
// # Printing rules
//
// The printer follows MLIR's printAffineExprInternal: a binary operation in
// an operand position of *, floordiv, ceildiv or mod is parenthesized;
// operands of + are not; "e * -1" prints as "-e"; "a + b * -1" prints as
// "a - b" ("a - (b + c)" when b is a sum); "a + b * -c" prints as
// "a - b * c"; "a + -c" prints as "a - c". Consequently "3 - d0" prints as
// "-d0 + 3".
//
// # Parsing
//
// ParseMap parses the text inside affine_map<...> with MLIR's grammar and
// precedence (*, floordiv, ceildiv and mod bind tighter than + and -, unary
// minus binds tightest, all operators are left-associative) and with MLIR's
// affine restrictions: one operand of * and the right operand of floordiv,
// ceildiv and mod must be symbolic or constant. Dim and symbol names are
// arbitrary bare identifiers. Errors are *ParseError values carrying the byte
// offset of the offending token and MLIR's diagnostic wording. Expressions
// deeper than MaxDepth (1000) are an error, since the constructors, the
// printer and the walks recurse on the tree; Depth measures one without
// recursing further than its limit. ParseMapPrefix
// parses a map at the start of a longer input and ParseExpr parses a single
// expression written with d<i>/s<i> names.
//
// The tests check the printer and parser against mlir-opt-19 when it is
// installed (set BCAST_REQUIRE_TOOLS=1 to make its absence a failure).
package affine
