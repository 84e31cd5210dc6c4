package llvm_test

import (
	"strings"
	"testing"
)

const elementTypesFile = "testdata/element_types.mlir"

// TestNativeElementTypes runs testdata/element_types.mlir's kernel of each
// element type (signless, signed and unsigned 8-64-bit integers, i1, f16,
// bf16, f32, f64) natively and in the interpreter on random arguments
// with the types' extremes (and float specials), which must agree: bit
// for bit, except exp and sqrt's results within 1 ulp.
func TestNativeElementTypes(t *testing.T) {
	t.Parallel()
	testNativeElementTypes(t, nil)
}

// testNativeElementTypes is TestNativeElementTypes for the target cross
// (nil: the host).
func testNativeElementTypes(t *testing.T, cross *crossTarget) {
	k := compileNativeFor(t, elementTypesFile, cross)
	var cases []nativeCase
	for _, f := range k.fns {
		if !strings.HasPrefix(f.Name, "t_") {
			continue
		}
		for _, n := range []int64{0, 1, 5} {
			c := nativeCase{fn: f.Name, shapes: [][]int64{{n, 6}, {n, 6}}, specials: true}
			if strings.HasPrefix(f.Name, "t_f") || strings.HasPrefix(f.Name, "t_bf") {
				c.ulps = 1
			}
			cases = append(cases, c)
		}
	}
	if len(cases) != 17*3 {
		t.Fatalf("%d cases; want 3 for each of the 17 element types", len(cases))
	}
	runNativeCases(t, k, cases, 16)
}
