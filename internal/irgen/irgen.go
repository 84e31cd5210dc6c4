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

// HLO returns a module of n implicitly broadcasting elementwise ops (CHLO
// broadcast_add, _multiply, _maximum, _subtract, as JAX front ends emit
// them), in functions of perFunc ops each: perFunc = n is one big function,
// a small perFunc many small ones. Each function is one chain fed by its
// arguments (a matrix X, a row vector, a column Nx1 and a scalar, so every
// op broadcasts one way or another). With dynamicEvery = k > 0, every k-th
// function has dynamic dims (`tensor<?x?xf32>`), so the dynamic paths of
// the passes (run-time shape checks, versioning) are exercised as well.
// It is the input of the `--pipeline=cpu` scaling measurements
// (bench/compilespeed).
func HLO(n, perFunc, dynamicEvery int) []byte {
	g := gen{b: make([]byte, 0, 160*n+4096)}
	g.str("module {\n")
	for f := 0; n > 0; f++ {
		k := min(n, perFunc)
		g.hloFunction(f, k, dynamicEvery > 0 && f%dynamicEvery == dynamicEvery-1)
		n -= k
	}
	g.str("}\n")
	return g.b
}

// hloFunction writes @k<f>, a chain of n broadcasting ops. Every tenth op
// is a division, which the function also returns: an expensive op with
// two users, so linalg-fuse-elementwise-ops computes it once, in its own
// kernel, and a long chain is a sequence of kernels of about ten fused
// ops, not one giant kernel.
func (g *gen) hloFunction(f, n int, dynamic bool) {
	mat, row, col := "tensor<64x256xf32>", "tensor<256xf32>", "tensor<64x1xf32>"
	if dynamic {
		mat, row, col = "tensor<?x?xf32>", "tensor<?xf32>", "tensor<?x1xf32>"
	}
	const scalar = "tensor<f32>"
	g.str("  func.func @k")
	g.int(f)
	g.str("(%x: " + mat + ", %r: " + row + ", %c: " + col + ", %s: " + scalar + ") -> (" + mat)
	for i := 9; i < n; i += 10 {
		g.str(", " + mat)
	}
	g.str(") {\n")
	ops := [...]string{"add", "multiply", "maximum", "subtract"}
	args := [...]struct{ name, typ string }{{"%r", row}, {"%c", col}, {"%s", scalar}, {"%x", mat}}
	prev, results := "%x", ""
	for i := 0; i < n; i++ {
		op, a := ops[i%len(ops)], args[i%len(args)]
		if i%10 == 9 {
			op = "divide"
			results += ", %v" + strconv.Itoa(i)
		}
		g.def("%v", i)
		g.str("chlo.broadcast_" + op + " " + prev + ", " + a.name + " : (" + mat + ", " + a.typ + ") -> " + mat + "\n")
		prev = "%v" + strconv.Itoa(i)
	}
	g.str("    return " + prev + results + " : " + mat)
	for i := 9; i < n; i += 10 {
		g.str(", " + mat)
	}
	g.str("\n  }\n")
}
