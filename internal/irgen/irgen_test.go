package irgen_test

import (
	"strings"
	"testing"

	_ "github.com/bcast-opt/bcast-opt/all"
	"github.com/bcast-opt/bcast-opt/internal/irgen"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TestHLOIsValid checks that the scaling input parses and verifies in
// both shapes, with and without dynamic functions, and has the ops asked
// for.
func TestHLOIsValid(t *testing.T) {
	for _, tc := range []struct{ n, perFunc, dynamicEvery int }{
		{n: 250, perFunc: 100, dynamicEvery: 2},
		{n: 250, perFunc: 250},
		{n: 7, perFunc: 3, dynamicEvery: 1},
	} {
		src := irgen.HLO(tc.n, tc.perFunc, tc.dynamicEvery)
		if got := strings.Count(string(src), "chlo.broadcast_"); got != tc.n {
			t.Errorf("%+v: %d ops, want %d", tc, got, tc.n)
		}
		m, err := ir.Parse("hlo.mlir", src, ir.ParseOptions{})
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
	}
}
