// Package passes holds the transformations of SPEC §5, with MLIR's flag
// names, options and semantics where MLIR has the pass. Importing the
// package registers them with ir.RegisterPass; bcast-opt and the pipeline
// parser find them there.
//
//   - generic: canonicalize, cse, symbol-dce, inline;
//   - hlo: hlo-legalize-broadcasts (implicit broadcasting made explicit,
//     with run-time shape checks), convert-shape-constraints (the checks
//     become cf.assert);
//   - linalg: linalg-fold-unit-extent-dims, linalg-fuse-elementwise-ops and
//     linalg-version-broadcasts (multi-versioning of could-be-1 dims); each
//     documents its differences from mlir-opt-19 on the pass itself;
//   - pipelines.go: the named pipelines of `bcast-opt --pipeline`, as data.
//
// The lowering hlo-legalize-to-linalg is in ../lower.
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
