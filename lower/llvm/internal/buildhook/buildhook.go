// Package buildhook hands the tests of lower/llvm's sub-packages (llprint's
// TestPrintMatchesLLIR) the llir module that lower/llvm builds, without
// lower/llvm exporting llir types: lower/llvm sets Build when it is
// initialized, so a test that imports lower/llvm can call it. Nothing
// outside lower/llvm can import this package.
package buildhook

import (
	llir "github.com/llir/llvm/ir"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Build lowers module (in the form --pipeline=cpu produces) for the target
// triple, as lower/llvm.Emit does, and returns the llir module before it is
// printed. It is nil until lower/llvm is initialized.
var Build func(module *ir.Operation, triple string) (*llir.Module, error)
