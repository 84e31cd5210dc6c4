// Package randprog is a randomized differential test of broadcasting: it
// generates random hlo programs, runs them in the reference interpreter
// (package interp) and compares every op's value with numpy, then runs
// hlo-legalize-broadcasts on each program and requires the interpreter to
// give the same results (or, for a program that fails at run time, to
// fail too).
//
// A program (gen.go) takes 1-4 f32 or i32 inputs of rank 0-4 whose
// run-time shapes broadcast into a random base shape (sizes 0-5, many 1s;
// some inputs are subsequences of it, for broadcast_dimensions), with
// about half of the dims dynamic in the type, and chains up to 8 ops:
// add, subtract, multiply, maximum, minimum, compare followed by select,
// clamp and a few unary ops, under random broadcast policies and
// broadcast_dimensions. Each op is built with the hlo builder API (the
// static result type is hlo.InferResultType's) and kept only if its
// run-time shapes broadcast, except in programs meant to fail: there an
// input gets a conflicting run-time size in a dynamic dim, and the first
// op that cannot broadcast ends the program.
//
// The linalg stages (stages_test.go) interpret each program also after
// `--hlo-legalize-broadcasts --canonicalize --hlo-legalize-to-linalg`
// and, when those passes are registered, after that plus
// `--linalg-fold-unit-extent-dims --linalg-fuse-elementwise-ops
// --canonicalize --cse` and plus the same with fold and fuse swapped: the
// results must be the original run's bit for bit, and a failing program
// must still fail. Programs hlo-legalize-to-linalg rejects with a
// diagnostic are counted as not lowered, by reason; hlo ops it leaves in
// place run next to the linalg ops.
//
// The oracle (numpy.go) is one python3 process per batch of programs
// (Debian's python3-numpy, reached with PYENV_VERSION=system): numpy
// computes in float32 / int32 with its own broadcasting, after reshaping
// for broadcast_dimensions and checking the policies on top. Values travel
// as bit patterns and are compared bit-exactly (any NaN equals any NaN),
// except the transcendental ops (exp, expm1, log, log1p, tanh), compared
// within TranscendentalULPs; numpy then continues with the interpreter's
// value of such an op so that exact comparisons stay exact downstream.
//
// Environment: BCAST_RANDPROG_N (default 300 programs) and
// BCAST_RANDPROG_SEED (default 1; program i uses seed SEED+i, so a failure
// report names the one seed to rerun). Without python3 and numpy the test
// skips, unless BCAST_REQUIRE_TOOLS=1.
//
// The package owns only this test and its generator; it changes nothing in
// the compiler.
package randprog
