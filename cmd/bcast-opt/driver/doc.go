// Package driver is bcast-opt's command line: it reads MLIR text, runs the
// passes named on the command line, and prints the result. It is a
// library so that tests (the lit runner) can run it in-process; the
// bcast-opt binary is a thin main around Main.
//
// It owns the command's flags, messages and exit status: splitting the
// input on `// -----` (--split-input-file), checking expected-*
// directives against the diagnostics (--verify-diagnostics,
// diagcheck.go), the output forms (--emit) and the C header's include
// guard (cheader.go), reading and printing --pass-pipeline text
// (--dump-pass-pipeline, pipeline.go), the "did you mean" suggestion for
// an unknown flag, pass or pass option (suggest.go; the nearness rule is
// internal/didyoumean's), the garbage
// collector setting of a compiler process (TuneGC, gc.go), and where
// --dump-html hooks in (the page itself is internal/pipelinehtml's).
//
// Pass flags and their help text come from the pass registry
// (ir.RegisterPass); the driver holds no list of passes of its own. It
// must not hold compiler logic either: the named pipelines are package
// passes', the --pass-pipeline syntax passes/pipeline's, LLVM IR, the C
// header and the checks of --target, --target-cpu and --target-features
// lower/llvm's, and every dialect and pass is registered by
// importing package all. Only tools and tests import the driver.
package driver
