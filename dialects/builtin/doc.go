// Package builtin declares the `builtin` dialect: `builtin.module`, the
// top-level container (printed `module`), and
// `builtin.unrealized_conversion_cast`. Importing the package registers
// them.
//
// It owns the two ops and NewModule, the empty module a front end starts
// from (compiler and the dialects' builders take it from there). It
// depends on ir alone and must not know any other dialect or pass: what a
// module holds (func.func, symbols) is checked by the ops inside it and by
// ir's symbol tables.
package builtin
