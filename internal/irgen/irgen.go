// Package irgen generates large, valid MLIR modules for throughput
// benchmarks and scaling measurements (parse, verify, print, passes).
package irgen

import (
	"bytes"
	"fmt"
)

// Module returns a module of about size bytes: functions of elementwise
// arith chains on tensors and scalars, with constants, calls, multi-result
// ops and attributes, so that every part of the parser is exercised.
func Module(size int) []byte {
	var b bytes.Buffer
	b.WriteString("module attributes {mhlo.num_partitions = 1 : i32} {\n")
	b.WriteString("  func.func private @helper(f32, f32) -> (f32, f32)\n")
	for f := 0; b.Len() < size; f++ {
		writeFunc(&b, f, 200)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// Ops returns a module with exactly n elementwise ops (plus constants and
// returns), in functions of at most 1000 ops each.
func Ops(n int) []byte {
	var b bytes.Buffer
	b.WriteString("module {\n  func.func private @helper(f32, f32) -> (f32, f32)\n")
	for f := 0; n > 0; f++ {
		k := min(n, 1000)
		writeFunc(&b, f, k)
		n -= k
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func writeFunc(b *bytes.Buffer, f, n int) {
	fmt.Fprintf(b, "  func.func @f%d(%%x: tensor<?x4096xf32> {mhlo.sharding = \"\"}, %%y: tensor<?x4096xf32>, %%s: f32, %%i: i32) -> (tensor<?x4096xf32>, f32) {\n", f)
	b.WriteString("    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>\n")
	b.WriteString("    %c1 = arith.constant 1.500000e+00 : f32\n")
	b.WriteString("    %k = arith.constant 7 : i32\n")
	prevT, prevS, prevI := "%x", "%s", "%i"
	for i := 0; i < n; i++ {
		switch i % 8 {
		case 0:
			fmt.Fprintf(b, "    %%t%d = arith.addf %s, %%y : tensor<?x4096xf32>\n", i, prevT)
			prevT = fmt.Sprintf("%%t%d", i)
		case 1:
			fmt.Fprintf(b, "    %%t%d = arith.mulf %s, %s : tensor<?x4096xf32>\n", i, prevT, prevT)
			prevT = fmt.Sprintf("%%t%d", i)
		case 2:
			fmt.Fprintf(b, "    %%s%d = arith.mulf %s, %%c1 fastmath<fast> : f32\n", i, prevS)
			prevS = fmt.Sprintf("%%s%d", i)
		case 3:
			fmt.Fprintf(b, "    %%i%d = arith.addi %s, %%k : i32\n", i, prevI)
			prevI = fmt.Sprintf("%%i%d", i)
		case 4:
			fmt.Fprintf(b, "    %%b%d = arith.cmpf olt, %s, %%c1 : f32\n", i, prevS)
			fmt.Fprintf(b, "    %%s%d = arith.select %%b%d, %s, %%c1 : f32\n", i, i, prevS)
			prevS = fmt.Sprintf("%%s%d", i)
		case 5:
			fmt.Fprintf(b, "    %%p%d:2 = call @helper(%s, %%c1) : (f32, f32) -> (f32, f32)\n", i, prevS)
			prevS = fmt.Sprintf("%%p%d#1", i)
		case 6:
			fmt.Fprintf(b, "    %%t%d = arith.maximumf %s, %%x : tensor<?x4096xf32>\n", i, prevT)
			prevT = fmt.Sprintf("%%t%d", i)
		case 7:
			fmt.Fprintf(b, "    %%f%d = arith.sitofp %s : i32 to f32\n", i, prevI)
			fmt.Fprintf(b, "    %%s%d = arith.addf %s, %%f%d : f32\n", i, prevS, i)
			prevS = fmt.Sprintf("%%s%d", i)
		}
	}
	fmt.Fprintf(b, "    return %s, %s : tensor<?x4096xf32>, f32\n  }\n", prevT, prevS)
}
