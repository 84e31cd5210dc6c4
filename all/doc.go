// Package all registers every dialect, pass and conversion of bcast-opt:
// importing it for its side effects,
//
//	import _ "github.com/bcast-opt/bcast-opt/all"
//
// makes every op parse and verify, every pass flag exist and every named
// pipeline run, which is what a tool (cmd/bcast-opt, cmd/bcast-run), a
// test that runs passes by name, or a library user wants. A package that
// needs one dialect's Go API imports that dialect instead.
//
// The package owns this list and nothing else: it has no code. It stands
// after every dialect, pass and LLVM emission in the pipeline order of
// packages, so none of them may import it, only the front door
// (compiler), tools and tests (internal/layering checks it). When a
// dialect, a transforms package or a conversion is added, it is added
// here.
//
// It imports only what registers something. lower/llvm (LLVM emission) is
// not imported: it registers no op or pass, and is called directly by
// whoever emits LLVM IR.
package all
