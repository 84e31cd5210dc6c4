// Package passes holds the generic transformations of docs/SPEC.md §5, which
// work on any dialect, with MLIR's flag names, options and semantics:
// canonicalize, cse, symbol-dce and inline. It also holds the named
// pipelines of `bcast-opt --pipeline` (pipelines.go), as data with the
// reason for each step, and the ordering constraints between passes that
// every named pipeline must meet (order.go, after cmd/compile's passOrder).
// Importing the package registers its passes with ir.RegisterPass; bcast-opt
// and the pipeline parser find them there.
//
// The passes of one level live beside their dialect (MLIR's
// Dialect/X/Transforms): ../dialects/hlo/transforms
// (hlo-legalize-broadcasts), ../dialects/shape/transforms
// (convert-shape-constraints) and ../dialects/linalg/transforms
// (linalg-fuse-elementwise-ops, linalg-version-broadcasts,
// linalg-fold-unit-extent-dims); the conversion hlo-legalize-to-linalg is
// in ../lower. This package imports all of them, so that naming a pass in
// a pipeline registers it: whoever calls PipelineEntries gets every pass
// the pipeline names. None of them may import this package; what they
// share with it is in passopt (option parsing) and, for tests, passtest.
// So in the pipeline order of packages (internal/layering) passes stands
// after the linalg transforms and the conversion, and before LLVM
// emission, which it does not import.
//
// The package owns these passes and their helpers (op equivalence,
// dominator trees, symbol-table walks). Folding, constant hoisting and
// region simplification belong to the greedy rewrite driver
// (ir.ApplyPatternsGreedily), which canonicalize calls. The package must
// not change the IR core (ir/) or the dialects; dialect-specific rewrites
// belong to the dialects' OpDef.Canonicalize pattern lists, which
// canonicalize collects from ir.RegisteredOps. The pass-pipeline parser lives in the
// sub-package pipeline, owned separately.
//
// # Differences from mlir-opt-19 (generic passes)
//
// The tests run mlir-opt-19 on the same inputs and compare the output
// text. The deliberate or known differences are:
//
//   - canonicalize: the output depends on the folders and patterns the
//     dialects declare; where MLIR's arith has more (for example
//     `muli(muli(x, c1), c2)` reassociation, `cmpi eq %x, %x` or
//     `subi %x, %x` folds) the results differ.
//   - canonicalize: region simplification only erases unreachable blocks.
//     MLIR's "normal" level also removes dead block arguments and dead
//     cycles (runRegionDCE), and "aggressive" merges identical blocks;
//     `aggressive` is accepted and behaves as `normal`. `true`/`false` are
//     accepted for `region-simplify` (MLIR 19 does not accept them).
//     `top-down`, `max-num-rewrites` and the pattern filters are not
//     implemented; the driver visits nested ops in post-order within each
//     sweep where MLIR goes top-down, which can change the order of
//     constants materialized for ops nested in regions.
//   - cse: the bodies of symbol tables (builtin.module) are treated as
//     graph regions, the only ones we know of; MLIR asks each op's
//     RegionKindInterface. Ops with memory effects are never merged (MLIR
//     merges reads with no write in between; we have no effect model).
//   - symbol-dce: unregistered ops with one region are treated as ordinary
//     ops; MLIR gives up with "operation contains potentially unknown
//     symbol table".
//   - inline: only single-block callees are inlined (MLIR also inlines
//     multi-block bodies with cf.br). Functions on a call-graph cycle are
//     never inlined; MLIR 19 refuses self-recursive callees too but
//     partially unrolls mutual recursion. The `default-pipeline` option
//     takes a comma-separated list of passes with `{key=value}` options,
//     not a full nested pipeline; `inlining-threshold` and `op-pipelines`
//     are not implemented (every legal call is inlined).
package passes
