// Package irgen generates large, valid MLIR modules for throughput
// benchmarks and scaling measurements (parse, verify, print, passes).
//
// The text is built with appends rather than fmt: benchmarks generate
// their input inside the timed function, so generation should cost little
// next to what is measured.
//
// It owns the generators (Module, Ops, HLO) and the shape of what they
// write. It imports nothing of the module: its output is text, so making
// an input runs none of the parser, verifier or passes it is used to
// measure. Benchmarks and tests (ir's, bench/compilespeed) import it; the
// compiler must not.
package irgen
