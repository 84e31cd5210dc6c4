// Package llprint prints an llir module (github.com/llir/llvm/ir) as
// (*ir.Module).String does, byte for byte, without fmt: llir builds every
// instruction, operand and type as its own fmt.Sprintf string, which made
// printing three quarters of lower/llvm.Emit's time. The writer appends to
// one buffer and knows the subset of LLVM IR that lower/llvm emits;
// anything else (a module-level feature, a function attribute, an
// instruction kind it does not know) is printed by llir itself, so the
// output never depends on which path printed it. TestPrintMatchesLLIR
// pins the equality on every kernel the tests, lit inputs, workloads,
// examples and random programs lower to.
//
// Files: print.go (modules, globals, functions, blocks, types, constants,
// identifiers), print_inst.go (instructions, terminators, metadata).
//
// It depends on llir only; it must not depend on this project's IR or on
// lower/llvm (whose tests' modules its own tests print through
// lower/llvm/internal/buildhook).
package llprint
