package interp

import (
	"testing"
)

// TestLinalgFill runs linalg.fill: the value in every element, cast to the
// element type as the body MLIR builds says (fptosi truncates, extsi
// sign-extends i1 true to -1, truncf rounds), an empty output, and a body
// in the generic form that reads the output's element, run per element.
func TestLinalgFill(t *testing.T) {
	src := `
func.func @f(%v: f32, %p: i1, %o: tensor<2x2xf32>) -> (tensor<2x3xf32>, tensor<3xi32>, tensor<2xi32>, tensor<2xf16>, tensor<0x3xf32>, tensor<2x2xf32>) {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.fill ins(%v : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<3xi32>
  %1 = linalg.fill ins(%v : f32) outs(%e1 : tensor<3xi32>) -> tensor<3xi32>
  %e2 = tensor.empty() : tensor<2xi32>
  %2 = linalg.fill ins(%p : i1) outs(%e2 : tensor<2xi32>) -> tensor<2xi32>
  %e3 = tensor.empty() : tensor<2xf16>
  %3 = linalg.fill ins(%v : f32) outs(%e3 : tensor<2xf16>) -> tensor<2xf16>
  %e4 = tensor.empty() : tensor<0x3xf32>
  %4 = linalg.fill ins(%v : f32) outs(%e4 : tensor<0x3xf32>) -> tensor<0x3xf32>
  %5 = "linalg.fill"(%v, %o) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }) : (f32, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<3xi32>, tensor<2xi32>, tensor<2xf16>, tensor<0x3xf32>, tensor<2x2xf32>
}`
	out, err := Run(parse(t, src), "f", []*Tensor{tf("f32", nil, -2.7001), ti("i1", nil, 1), tf("f32", []int64{2, 2}, 1, 2, 3, 4)})
	if err != nil {
		t.Fatal(err)
	}
	v := float64(float32(-2.7001))
	want := []*Tensor{
		tf("f32", []int64{2, 3}, v, v, v, v, v, v),
		ti("i32", []int64{3}, -2, -2, -2),
		ti("i32", []int64{2}, -1, -1),
		tf("f16", []int64{2}, -2.69921875, -2.69921875),
		tf("f32", []int64{0, 3}),
		tf("f32", []int64{2, 2}, float64(float32(v+1)), float64(float32(v+2)), float64(float32(v+3)), float64(float32(v+4))),
	}
	for i := range want {
		if !out[i].Equal(want[i]) {
			t.Errorf("result #%d = %s, want %s", i, out[i], want[i])
		}
	}
}
