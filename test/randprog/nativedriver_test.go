package randprog

import (
	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	"github.com/bcast-opt/bcast-opt/ir"
)

func newModule() *ir.Operation { return builtin.NewModule() }
