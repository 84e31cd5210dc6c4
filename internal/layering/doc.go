// Package layering holds the test that checks the import graph against
// the order of the pipeline (issue 13: "go list -deps shows no package
// importing one later in the pipeline"). It has no code: the order and
// the check are in layering_test.go, and `go test ./internal/layering`
// runs `go list -deps -json ./...` and checks every package of the module
// against it.
//
// The order, first to last (each level may import its own level and the
// ones before it, never a later one):
//
//	ir                 the IR core and what uses nothing else: ir,
//	                   ir/affine, ir/broadcast, passes/passopt,
//	                   passes/passtest, passes/pipeline (the
//	                   --pass-pipeline parser), npy,
//	                   internal/didyoumean
//	dialects           dialects/* (ops, folders, canonicalizations),
//	                   internal/testdialect
//	interp             the reference interpreter: it reads every dialect
//	                   and runs no pass, so no dialect may import it
//	hlo transforms     dialects/hlo/transforms, dialects/shape/transforms
//	conversion         lower (hlo-legalize-to-linalg)
//	linalg transforms  dialects/linalg/transforms; the last level that
//	                   sees hlo
//	pipelines          passes: the generic passes and the named
//	                   pipelines, which import every pass they name
//	llvm               lower/llvm and its sub-packages (LLVM emission)
//	all                the package that registers everything
//	front door         compiler
//	tools              cmd/..., bench/..., test/..., examples/...,
//	                   internal/irgen, internal/layering
//
// Two rules the order alone does not give. The packages of passes (the
// hlo and linalg transforms, the conversion) are imported only
// by the pipelines, all, the front door and the tools, which register
// them: no transform imports a conversion or another transforms package
// (what they share belongs to a dialect), and LLVM emission imports none.
// And a dialect's ops live in the IR only up to the level that removes
// them, so no pipeline package after that level may import the dialect:
// hlo lives until the linalg level (linalg-version-broadcasts removes the
// last hlo.dynamic_broadcast_in_dim), so the pipelines and LLVM emission
// must not import dialects/hlo. Tools see the whole pipeline and are
// exempt.
//
// Test files are not checked: a test of an early package may run the
// whole pipeline (through package all or the driver) to check its
// output.
package layering
