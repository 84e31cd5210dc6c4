package ir_test

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/internal/irgen"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes"
)

// TestParallelPrintingMatchesSequential checks that printing a large
// block's ops in parallel runs gives the bytes of printing them in order:
// a module of many functions (the module's block is split), one large
// function (the function's block is split), in the pretty and the
// generic form, with and without affine map aliases, into runs' buffers
// of the default size and small ones.
func TestParallelPrintingMatchesSequential(t *testing.T) {
	// The parallel paths need two Ps, even on a one-CPU machine.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	inputs := map[string][]byte{
		"many functions":          irgen.Module(4 << 20),
		"one function":            irgen.HLO(40000, 40000, 0),
		"lowered, many functions": irgen.HLO(20000, 100, 4),
		"lowered, one function":   irgen.HLO(20000, 20000, 0),
		// one large static function, then a dynamic one with other maps,
		// which the alias walk meets after the first function's runs
		"lowered, large then small": irgen.HLO(20000, 15000, 2),
		// affine maps in the module's own attributes come first: one used
		// by no generic, one that generics use too
		"lowered, module maps": bytes.Replace(irgen.HLO(20000, 100, 4), []byte("module {"),
			[]byte("module attributes {test.maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1) -> (d0, d1)>]} {"), 1),
	}
	cpu, err := passes.PipelineEntries("cpu")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range inputs {
		m, err := ir.Parse(name+".mlir", src, ir.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(name, "lowered") {
			// linalg.generic ops with affine map aliases, scf.if versions
			if err := (&ir.PassManager{Entries: cpu, VerifyEach: true}).Run(m); err != nil {
				t.Fatal(err)
			}
		}
		for _, generic := range []bool{false, true} {
			opts := ir.PrintOptions{Generic: generic}
			ir.SetMultithreading(false)
			seq := ir.PrintBytes(m, opts)
			ir.SetMultithreading(true)
			par := ir.PrintBytes(m, opts)
			if !bytes.Equal(seq, par) {
				t.Errorf("%s (generic %v): parallel printing differs from sequential printing", name, generic)
			}
			if name == "lowered, module maps" && !generic && !bytes.HasPrefix(par, []byte("#map = affine_map<(d0, d1, d2) -> (d2, d0)>\n#map1 = affine_map<(d0, d1) -> (d0, d1)>\n")) {
				t.Errorf("%s: the module's maps should be the first aliases:\n%s", name, par[:min(len(par), 300)])
			}
			// Runs that start a new buffer every few ops.
			restore := ir.SetPrintChunk(1 << 12)
			pieces := ir.PrintPieces(m, opts)
			restore()
			if !bytes.Equal(seq, bytes.Join(pieces, nil)) {
				t.Errorf("%s (generic %v): printing in %d pieces differs from sequential printing", name, generic, len(pieces))
			}
		}
	}
}
