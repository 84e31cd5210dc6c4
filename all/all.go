package all

import (
	// Dialects.
	_ "github.com/bcast-opt/bcast-opt/dialects/arith"
	_ "github.com/bcast-opt/bcast-opt/dialects/builtin"
	_ "github.com/bcast-opt/bcast-opt/dialects/cf"
	_ "github.com/bcast-opt/bcast-opt/dialects/complex"
	_ "github.com/bcast-opt/bcast-opt/dialects/func"
	_ "github.com/bcast-opt/bcast-opt/dialects/hlo"
	_ "github.com/bcast-opt/bcast-opt/dialects/linalg"
	_ "github.com/bcast-opt/bcast-opt/dialects/math"
	_ "github.com/bcast-opt/bcast-opt/dialects/scf"
	_ "github.com/bcast-opt/bcast-opt/dialects/shape"
	_ "github.com/bcast-opt/bcast-opt/dialects/tensor"

	// Transforms within one level, the conversion between levels, and
	// the generic passes with the named pipelines.
	_ "github.com/bcast-opt/bcast-opt/dialects/hlo/transforms"
	_ "github.com/bcast-opt/bcast-opt/dialects/linalg/transforms"
	_ "github.com/bcast-opt/bcast-opt/dialects/shape/transforms"
	_ "github.com/bcast-opt/bcast-opt/lower"
	_ "github.com/bcast-opt/bcast-opt/passes"
)
