// Package conformance is the op-by-dtype conformance matrix of issue 16:
// for every op of the hlo dialect (enumerated from the op registry, so a
// new op is a row without a case and fails the test until it has one)
// and every StableHLO element type (i1, i8..i64, si8..si64, ui8..ui64,
// f16, bf16, f32, f64, complex<f32>, complex<f64>), one program written
// the way JAX exports its conformance tests: a private @inputs function
// returning the operands as `stablehlo.constant` dense literals, a
// private @expected function returning the expected results the same
// way, and @main computing the op. @main takes the operands as arguments
// (the harness passes it @inputs' results) so that neither the
// interpreter nor --pipeline=cpu folds the op away on constants.
//
// The expected values come from numpy and scipy.special
// (testdata/oracle.py, run once for the whole matrix through
// internal/pyoracle), with StableHLO's semantics and XLA's choices where
// StableHLO leaves a result implementation-defined (integer division by
// zero, INT_MIN / -1, shifts by the width or more, float to integer
// conversion out of range): the script says which. Every cell runs in the
// interpreter (@inputs, @main, @expected) and natively (its @main after
// --pipeline=cpu and --emit=llvm, the column's cells compiled as one
// module with one toolchain run and called through lower/llvm's C
// driver). Integers and i1 compare exactly; floats bit for bit (any NaN
// equals any NaN; an infinity or a zero's sign must match), f16 and bf16
// included (they must be the correctly rounded result), except for the
// functions IEEE 754 does not round exactly (cases_test.go's inexact:
// exp, log, sin, erf, power, ...), within one ulp for f16 and bf16 and
// four for f32 and f64 of the float64 function rounded to the type; a
// part of an inexact complex result may instead be within as many
// epsilons of the expected |z| (a part near cancellation is as accurate
// as the terms of the size of |z| it sums). Complex power takes the edge
// pairs whose result its operands determine to that precision
// (complexPowerDetermined).
//
// Each cell is pass, fail or rejected (the verifier refuses the program:
// the element type). The test prints the matrix in its verbose output and
// fails on any failing cell and any rejected cell whose type StableHLO
// allows for the op (stablehlo_test.go's table, from StableHLO's
// specification and CHLO's op definitions), unless the cell is listed in
// the known-gaps table with its reason; a listed cell that passes fails
// the test too, so that the table stays true. A gap may list the native
// run only (nativeOnly): its cells must verify and pass in the
// interpreter.
//
// Without python3, numpy and scipy the test skips, and without clang-19
// (or llc and cc) it checks the interpreter only, unless
// BCAST_REQUIRE_TOOLS=1.
//
// The package owns this test only; it changes nothing in the compiler.
package conformance
