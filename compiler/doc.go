// Package compiler is the front door for Go programs that use bcast-opt as
// a library: one import to get a module (parsed from MLIR / StableHLO
// text, or built with the dialects' Go builders), run a named pipeline on
// it and get LLVM IR, an object file or the C header, each in one call:
//
//	module, err := compiler.Parse("model.mlir", src)  // or build one: see the example
//	err = compiler.RunPipeline(module, "cpu")         // hlo -> fused, versioned linalg
//	ll, err := compiler.LLVMIR(module, compiler.Options{})
//	obj, err := compiler.Object(module, compiler.Options{})   // clang-19, or opt/llc
//	h, err := compiler.CHeader(module, "MODEL_H")
//
// Every call verifies its input first, so IR that a front end built wrong
// is an error, not a panic in a later stage. Errors are values: where
// there is a location they are ir.DiagList, each diagnostic printing as
// `file:line:col: error: message`. Ops built through the Go builders are
// located at the Go line that built them (funcdialect.CallerLoc) unless
// the builder has a location (ir.Builder.Loc), so these errors, and the
// run-time shape errors compiled into the kernels, point at the front
// end's source.
//
// The kernels' C ABI (destination passing, result-shape functions, error
// codes) is documented in lower/llvm. FindToolchain and Toolchain are how
// LLVM IR becomes machine code with the system tools; bcast-run uses them
// too.
//
// The package owns this API and the choice of system tools. It holds no
// compiler logic: parsing, verification, passes and LLVM emission belong
// to ir, the dialects, passes and lower/llvm, which it calls and must not
// duplicate; and none of those may import it (it sits after all of them,
// beside cmd/). It imports package all, so every dialect and pass is
// registered.
package compiler
