// Package funcdialect (folder dialects/func) declares MLIR's `func`
// dialect: func.func, func.return and func.call, with MLIR's custom
// syntax. Argument and result attributes (`{mhlo.sharding = ""}`) are kept
// in `arg_attrs` / `res_attrs` as MLIR does. Importing the package
// registers the ops.
//
// It owns the three ops (func.go: syntax, verifiers, the callee check of
// func.call), the accessors other packages read functions through (Type,
// Name, LookupSymbol) and the Go API front ends build functions with
// (build.go):
//
//	fn, b := funcdialect.NewFunc(module, "f", []ir.Type{x}, nil) // results: from the return
//	...
//	funcdialect.NewReturn(b, y) // f's type becomes (x) -> y's type
//
// Ops built through NewFunc, NewReturn and the dialects' builders (hlo.Add,
// ...) are located at the Go line that called the builder unless the
// builder has a location (ir.Builder.Loc); CallerLoc is that rule.
//
// The package must not know any other dialect or pass: inlining, symbol
// DCE and the lowering of functions live in passes/ and lower/llvm, which
// read functions through the accessors here.
package funcdialect
