package passes

import (
	"github.com/bcast-opt/bcast-opt/ir"

	// The inliner works on func.func / func.call, and folding falls back
	// to arith.constant: make sure both dialects are registered.
	_ "github.com/bcast-opt/bcast-opt/dialects/arith"
	_ "github.com/bcast-opt/bcast-opt/dialects/func"
)

func init() {
	ir.RegisterPass(Canonicalize)
	ir.RegisterPass(CSE)
	ir.RegisterPass(SymbolDCE)
	ir.RegisterPass(Inline)
}
