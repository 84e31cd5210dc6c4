package affine

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDumpDebug(t *testing.T) {
	var sb strings.Builder
	for seed := int64(0); seed < int64(fuzzCount(600)); seed++ {
		g := newGen(seed+1_000_000, int(seed%4), int(seed/4%3))
		g.maxDepth = 3 + int(seed%3)
		g.pureAffine = seed%3 != 0
		src, _ := g.mapText(1 + int(seed%3))
		fmt.Fprintf(&sb, "func.func @f%d() attributes {m = affine_map<%s>} { return }\n", seed, src)
	}
	os.WriteFile("/tmp/affx/dump.mlir", []byte(sb.String()), 0o644)
}
