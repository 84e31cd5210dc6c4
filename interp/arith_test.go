package interp

import (
	"fmt"
	"testing"
)

// arithProgram is `@f(a, b) = arith.<op> a, b : ty`.
func arithProgram(op, ty string) string {
	return fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = arith.%s %%a, %%b : %s\n  return %%0 : %s\n}\n", ty, ty, ty, op, ty, ty)
}

func TestArithBinaryOps(t *testing.T) {
	cases := []struct {
		op, ty  string
		a, b, w *Tensor
	}{
		{"addf", "f32", tf("f32", nil, 0.1), tf("f32", nil, 0.2), tf("f32", nil, f32(float32(0.1)+float32(0.2)))},
		{"subf", "f64", tf("f64", nil, 1), tf("f64", nil, 0.25), tf("f64", nil, 0.75)},
		{"mulf", "tensor<2xf32>", tf("f32", sh(2), 2, 3), tf("f32", sh(2), 4, negz), tf("f32", sh(2), 8, negz)},
		{"divf", "f32", tf("f32", nil, 1), tf("f32", nil, 0), tf("f32", nil, inf)},
		{"remf", "f32", tf("f32", nil, -7), tf("f32", nil, 2), tf("f32", nil, -1)},
		{"maximumf", "tensor<2xf32>", tf("f32", sh(2), nan, negz), tf("f32", sh(2), 1, 0), tf("f32", sh(2), nan, 0)},
		{"maxnumf", "f32", tf("f32", nil, nan), tf("f32", nil, 1), tf("f32", nil, 1)},
		{"minnumf", "f32", tf("f32", nil, 2), tf("f32", nil, nan), tf("f32", nil, 2)},
		{"addi", "i32", ti("i32", nil, maxI32), ti("i32", nil, 1), ti("i32", nil, minI32)},
		{"subi", "index", ti("index", nil, 3), ti("index", nil, 5), ti("index", nil, -2)},
		{"muli", "i8", ti("i8", nil, 16), ti("i8", nil, 16), ti("i8", nil, 0)},
		{"divsi", "i32", ti("i32", nil, -7), ti("i32", nil, 2), ti("i32", nil, -3)},
		{"divui", "i8", ti("i8", nil, -1), ti("i8", nil, 2), ti("i8", nil, 127)},
		{"ceildivsi", "i32", ti("i32", nil, 7), ti("i32", nil, 2), ti("i32", nil, 4)},
		{"floordivsi", "i32", ti("i32", nil, -7), ti("i32", nil, 2), ti("i32", nil, -4)},
		{"remsi", "i32", ti("i32", nil, -7), ti("i32", nil, 2), ti("i32", nil, -1)},
		{"remui", "i8", ti("i8", nil, -1), ti("i8", nil, 10), ti("i8", nil, 5)},
		{"andi", "i32", ti("i32", nil, 12), ti("i32", nil, 10), ti("i32", nil, 8)},
		{"ori", "i1", ti("i1", nil, 1), ti("i1", nil, 0), ti("i1", nil, 1)},
		{"xori", "i32", ti("i32", nil, 12), ti("i32", nil, 10), ti("i32", nil, 6)},
		{"shli", "i8", ti("i8", nil, 1), ti("i8", nil, 7), ti("i8", nil, -128)},
		{"shrsi", "i8", ti("i8", nil, -128), ti("i8", nil, 7), ti("i8", nil, -1)},
		{"shrui", "i8", ti("i8", nil, -128), ti("i8", nil, 7), ti("i8", nil, 1)},
		{"maxsi", "i32", ti("i32", nil, -1), ti("i32", nil, 1), ti("i32", nil, 1)},
		{"maxui", "i32", ti("i32", nil, -1), ti("i32", nil, 1), ti("i32", nil, -1)},
		{"minsi", "i1", ti("i1", nil, 1), ti("i1", nil, 0), ti("i1", nil, 1)}, // signed i1: true is -1
		{"minui", "tensor<2xi32>", ti("i32", sh(2), -1, 3), ti("i32", sh(2), 1, 2), ti("i32", sh(2), 1, 2)},
	}
	for _, c := range cases {
		got := runOK(t, arithProgram(c.op, c.ty), c.a, c.b)
		expectTensor(t, fmt.Sprintf("arith.%s %v, %v", c.op, c.a, c.b), got[0], c.w)
	}
}

func TestArithUndefinedBehaviorIsAnError(t *testing.T) {
	cases := []struct {
		op   string
		a, b int64
	}{
		{"divsi", 1, 0},
		{"divsi", minI32, -1},
		{"divui", 1, 0},
		{"remsi", 1, 0},
		{"remui", 1, 0},
		{"ceildivsi", minI32, -1},
		{"floordivsi", 1, 0},
		{"shli", 1, 32},
		{"shrsi", 1, -1},
		{"shrui", 1, 40},
	}
	for _, c := range cases {
		expectErr(t, arithProgram(c.op, "i32"), []*Tensor{ti("i32", nil, c.a), ti("i32", nil, c.b)}, "'arith."+c.op+"' op undefined behavior")
	}
}

func TestArithOtherOps(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		want      *Tensor
	}{
		{"constants", `func.func @f() -> (f32, index, i1, tensor<2xi32>) {
  %0 = arith.constant 1.5 : f32
  %1 = arith.constant -3 : index
  %2 = arith.constant true
  %3 = arith.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1, %2, %3 : f32, index, i1, tensor<2xi32>
}`, nil, nil},
		{"cmpf une on NaN", `func.func @f(%a: f32, %b: f32) -> i1 {
  %0 = arith.cmpf une, %a, %b : f32
  return %0 : i1
}`, []*Tensor{tf("f32", nil, nan), tf("f32", nil, nan)}, ti("i1", nil, 1)},
		{"cmpf olt on NaN", `func.func @f(%a: f32, %b: f32) -> i1 {
  %0 = arith.cmpf olt, %a, %b : f32
  return %0 : i1
}`, []*Tensor{tf("f32", nil, nan), tf("f32", nil, 1)}, ti("i1", nil, 0)},
		{"cmpi ult", `func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  %0 = arith.cmpi ult, %a, %b : tensor<2xi32>
  return %0 : tensor<2xi1>
}`, []*Tensor{ti("i32", sh(2), -1, 1), ti("i32", sh(2), 1, 2)}, ti("i1", sh(2), 0, 1)},
		{"cmpi slt on i1", `func.func @f(%a: i1, %b: i1) -> i1 {
  %0 = arith.cmpi slt, %a, %b : i1
  return %0 : i1
}`, []*Tensor{ti("i1", nil, 1), ti("i1", nil, 0)}, ti("i1", nil, 1)},
		{"select scalar condition on tensors", `func.func @f(%c: i1, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = arith.select %c, %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{ti("i1", nil, 0), tf("f32", sh(2), 1, 2), tf("f32", sh(2), 3, 4)}, tf("f32", sh(2), 3, 4)},
		{"select elementwise", `func.func @f(%c: tensor<2xi1>, %a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = arith.select %c, %a, %b : tensor<2xi1>, tensor<2xi32>
  return %0 : tensor<2xi32>
}`, []*Tensor{ti("i1", sh(2), 1, 0), ti("i32", sh(2), 1, 2), ti("i32", sh(2), 3, 4)}, ti("i32", sh(2), 1, 4)},
		{"negf", `func.func @f(%a: f32) -> f32 {
  %0 = arith.negf %a : f32
  return %0 : f32
}`, []*Tensor{tf("f32", nil, 0)}, tf("f32", nil, negz)},
		{"extsi i1", `func.func @f(%a: i1) -> i32 {
  %0 = arith.extsi %a : i1 to i32
  return %0 : i32
}`, []*Tensor{ti("i1", nil, 1)}, ti("i32", nil, -1)},
		{"extui", `func.func @f(%a: i8) -> i32 {
  %0 = arith.extui %a : i8 to i32
  return %0 : i32
}`, []*Tensor{ti("i8", nil, -1)}, ti("i32", nil, 255)},
		{"trunci", `func.func @f(%a: i32) -> i8 {
  %0 = arith.trunci %a : i32 to i8
  return %0 : i8
}`, []*Tensor{ti("i32", nil, 300)}, ti("i8", nil, 44)},
		{"sitofp", `func.func @f(%a: i32) -> f32 {
  %0 = arith.sitofp %a : i32 to f32
  return %0 : f32
}`, []*Tensor{ti("i32", nil, -16777217)}, tf("f32", nil, -16777216)},
		{"sitofp rounds once", `func.func @f(%a: i64) -> f32 {
  %0 = arith.sitofp %a : i64 to f32
  return %0 : f32
}`, []*Tensor{ti("i64", nil, 1<<62+1<<38+1)}, tf("f32", nil, 1<<62+1<<39)},
		{"uitofp", `func.func @f(%a: i8) -> f32 {
  %0 = arith.uitofp %a : i8 to f32
  return %0 : f32
}`, []*Tensor{ti("i8", nil, -1)}, tf("f32", nil, 255)},
		{"fptosi", `func.func @f(%a: f32) -> i32 {
  %0 = arith.fptosi %a : f32 to i32
  return %0 : i32
}`, []*Tensor{tf("f32", nil, -2.9)}, ti("i32", nil, -2)},
		{"fptoui", `func.func @f(%a: f32) -> i8 {
  %0 = arith.fptoui %a : f32 to i8
  return %0 : i8
}`, []*Tensor{tf("f32", nil, 255.5)}, ti("i8", nil, -1)},
		{"extf truncf", `func.func @f(%a: f32) -> f16 {
  %0 = arith.extf %a : f32 to f64
  %1 = arith.truncf %0 : f64 to f16
  return %1 : f16
}`, []*Tensor{tf("f32", nil, 2049)}, tf("f16", nil, 2048)},
		{"index_cast", `func.func @f(%a: i32) -> index {
  %0 = arith.index_cast %a : i32 to index
  return %0 : index
}`, []*Tensor{ti("i32", nil, -1)}, ti("index", nil, -1)},
		{"index_castui", `func.func @f(%a: i32) -> index {
  %0 = arith.index_castui %a : i32 to index
  return %0 : index
}`, []*Tensor{ti("i32", nil, -1)}, ti("index", nil, 4294967295)},
		{"bitcast", `func.func @f(%a: f32) -> i32 {
  %0 = arith.bitcast %a : f32 to i32
  return %0 : i32
}`, []*Tensor{tf("f32", nil, -2)}, ti("i32", nil, -1073741824)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			if c.want == nil { // the constants case
				expectTensor(t, "f32", got[0], tf("f32", nil, 1.5))
				expectTensor(t, "index", got[1], ti("index", nil, -3))
				expectTensor(t, "i1", got[2], ti("i1", nil, 1))
				expectTensor(t, "tensor", got[3], ti("i32", sh(2), 1, 2))
				return
			}
			expectTensor(t, c.name, got[0], c.want)
		})
	}
	expectErr(t, `func.func @f(%a: f32) -> i8 {
  %0 = arith.fptosi %a : f32 to i8
  return %0 : i8
}`, []*Tensor{tf("f32", nil, 200)}, "200 does not fit i8 (poison)")
	expectErr(t, `func.func @f(%a: f32) -> f32 {
  return %a : f32
}`, []*Tensor{tf("f32", sh(1), 1)}, "a scalar of type f32 is a run-time tensor<1xf32>")
}
