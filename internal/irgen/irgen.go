// Package irgen generates large, valid MLIR modules for throughput
// benchmarks and scaling measurements (parse, verify, print, passes).
//
// The text is built with appends rather than fmt: benchmarks generate
// their input inside the timed function, so generation should cost little
// next to what is measured.
package irgen

import "strconv"

// Module returns a module of about size bytes: functions of elementwise
// arith chains on tensors and scalars, with constants, calls, multi-result
// ops and attributes, so that every part of the parser is exercised.
func Module(size int) []byte {
	g := gen{b: make([]byte, 0, size+size/16+4096)}
	g.str("module attributes {mhlo.num_partitions = 1 : i32} {\n")
	g.str("  func.func private @helper(f32, f32) -> (f32, f32)\n")
	for f := 0; len(g.b) < size; f++ {
		g.function(f, 200)
	}
	g.str("}\n")
	return g.b
}

// Ops returns a module with exactly n elementwise ops (plus constants and
// returns), in functions of at most 1000 ops each.
func Ops(n int) []byte {
	g := gen{b: make([]byte, 0, 64*n+4096)}
	g.str("module {\n  func.func private @helper(f32, f32) -> (f32, f32)\n")
	for f := 0; n > 0; f++ {
		k := min(n, 1000)
		g.function(f, k)
		n -= k
	}
	g.str("}\n")
	return g.b
}

// gen accumulates the module text.
type gen struct{ b []byte }

func (g *gen) str(s string) { g.b = append(g.b, s...) }
func (g *gen) int(i int)    { g.b = strconv.AppendInt(g.b, int64(i), 10) }

// name is an SSA value: a prefix (with '%') and a number, or the bare
// prefix when n < 0 (function arguments and constants), optionally a
// result group member `#1`.
type name struct {
	prefix string
	n      int
	member string
}

func (g *gen) name(v name) {
	g.str(v.prefix)
	if v.n >= 0 {
		g.int(v.n)
	}
	g.str(v.member)
}

// def starts `    %<prefix><i> = `.
func (g *gen) def(prefix string, i int) {
	g.str("    ")
	g.str(prefix)
	g.int(i)
	g.str(" = ")
}

// function writes @f<f> with n elementwise steps.
func (g *gen) function(f, n int) {
	g.str("  func.func @f")
	g.int(f)
	g.str("(%x: tensor<?x4096xf32> {mhlo.sharding = \"\"}, %y: tensor<?x4096xf32>, %s: f32, %i: i32) -> (tensor<?x4096xf32>, f32) {\n")
	g.str("    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>\n")
	g.str("    %c1 = arith.constant 1.500000e+00 : f32\n")
	g.str("    %k = arith.constant 7 : i32\n")
	prevT, prevS, prevI := name{"%x", -1, ""}, name{"%s", -1, ""}, name{"%i", -1, ""}
	for i := 0; i < n; i++ {
		switch i % 8 {
		case 0:
			g.def("%t", i)
			g.str("arith.addf ")
			g.name(prevT)
			g.str(", %y : tensor<?x4096xf32>\n")
			prevT = name{"%t", i, ""}
		case 1:
			g.def("%t", i)
			g.str("arith.mulf ")
			g.name(prevT)
			g.str(", ")
			g.name(prevT)
			g.str(" : tensor<?x4096xf32>\n")
			prevT = name{"%t", i, ""}
		case 2:
			g.def("%s", i)
			g.str("arith.mulf ")
			g.name(prevS)
			g.str(", %c1 fastmath<fast> : f32\n")
			prevS = name{"%s", i, ""}
		case 3:
			g.def("%i", i)
			g.str("arith.addi ")
			g.name(prevI)
			g.str(", %k : i32\n")
			prevI = name{"%i", i, ""}
		case 4:
			g.def("%b", i)
			g.str("arith.cmpf olt, ")
			g.name(prevS)
			g.str(", %c1 : f32\n")
			g.def("%s", i)
			g.str("arith.select %b")
			g.int(i)
			g.str(", ")
			g.name(prevS)
			g.str(", %c1 : f32\n")
			prevS = name{"%s", i, ""}
		case 5:
			g.str("    %p")
			g.int(i)
			g.str(":2 = call @helper(")
			g.name(prevS)
			g.str(", %c1) : (f32, f32) -> (f32, f32)\n")
			prevS = name{"%p", i, "#1"}
		case 6:
			g.def("%t", i)
			g.str("arith.maximumf ")
			g.name(prevT)
			g.str(", %x : tensor<?x4096xf32>\n")
			prevT = name{"%t", i, ""}
		case 7:
			g.def("%f", i)
			g.str("arith.sitofp ")
			g.name(prevI)
			g.str(" : i32 to f32\n")
			g.def("%s", i)
			g.str("arith.addf ")
			g.name(prevS)
			g.str(", %f")
			g.int(i)
			g.str(" : f32\n")
			prevS = name{"%s", i, ""}
		}
	}
	g.str("    return ")
	g.name(prevT)
	g.str(", ")
	g.name(prevS)
	g.str(" : tensor<?x4096xf32>, f32\n  }\n")
}
