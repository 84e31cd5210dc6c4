// Package ir is the core of bcast-opt: an MLIR-style intermediate
// representation and everything that works on it generically.
//
// It owns
//   - the IR itself (ir.go): operations with operands, results, attributes,
//     regions and successors; blocks with arguments; values with use lists;
//   - types (types.go) and attributes (attrs.go, dense.go), uniqued or
//     compared structurally, printed deterministically;
//   - locations and diagnostics (location.go) in `file:line:col: error:` form,
//     shown with their source line and a caret under the column (Source),
//     as mlir-opt prints them; an op names itself in its diagnostics as
//     the input spelled it (`'stablehlo.add' op`, Operation.Spelling);
//   - the op registry (registry.go): each op is declared once, as an OpDef
//     with its traits, arity, verifier, custom syntax and folder;
//   - the hand-written lexer and recursive-descent parser for MLIR's textual
//     format (lexer.go, parser.go, parse_types.go, parse_attrs.go) and the
//     OpParser interface dialects write custom syntax against (opparser.go);
//   - the printer (printer.go, print_attrs.go, names.go, opprinter.go), which
//     prints what mlir-opt-19 prints, byte for byte, for the dialects both
//     know (tested against the real tool);
//   - the verifier (verify.go), including the Broadcastable trait, whose
//     shape inference lives in the sub-package broadcast;
//   - the limits that keep every recursive walk of the IR off the
//     goroutine stack's limit (nesting.go): text nested deeper than
//     MaxNesting (1000) levels of regions, attributes and types is a
//     parse error, IR built deeper through the library a verifier error,
//     and a shape of more than 2^63-1 elements (TooManyElements) is
//     either, so no input or library-built IR crashes a later walk;
//   - the Builder (builder.go), the greedy pattern-rewrite driver
//     (rewrite.go) and the pass manager and pass registry (pass.go).
//
// Dialects live in ../dialects and register their ops from init functions;
// passes live beside them (../dialects/*/transforms), in ../lower (the
// conversion to linalg) and in ../passes (the generic ones). This package
// must not import any of them: it knows no op by name except through the
// registry.
//
// Printing writes scratch names into the values it prints, so the same IR
// must not be printed from two goroutines at once (nor printed while it is
// being changed). A large printing prints the runs of a big block (a
// module's functions, a big function's ops) in parallel itself, with the
// bytes of printing them in order.
//
// The pass manager runs consecutive passes anchored on func.func
// (PassEntry.Anchor), or a nested pipeline, on all the module's functions
// in parallel, as MLIR does: each function goes through all the passes
// and their verification in turn. Verify checks a module's functions in
// parallel, and the ops of a large block in parallel runs. Such a pass
// must change nothing but the function it is given, and the shared
// tables it may reach (type uniquing, the op and pass registries) are
// safe for concurrent use. Verifying a function reads nothing outside it:
// the checks of a func.call against its callee (OpDef.VerifySymbolUses)
// wait, as in MLIR, until every function has gone through the nested
// pipeline, and then run once for the module. Verification after a pass is skipped for an op
// the pass left exactly as it last verified (fingerprint.go); after a pass
// that changed it, verifying and fingerprinting are one walk.
package ir
