package interp

import "testing"

func TestCollapseAndExpandShape(t *testing.T) {
	src := `
func.func @f(%a: tensor<2x?x3xi32>, %n: index) -> (tensor<?x3xi32>, tensor<2x?x1x3xi32>, tensor<1x1xi32>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x?x3xi32> into tensor<?x3xi32>
  %1 = tensor.expand_shape %0 [[0, 1, 2], [3]] output_shape [2, %n, 1, 3] : tensor<?x3xi32> into tensor<2x?x1x3xi32>
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %a[0, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<2x?x3xi32> to tensor<1x1x1xi32>
  %2 = tensor.collapse_shape %s [] : tensor<1x1x1xi32> into tensor<i32>
  %3 = tensor.expand_shape %2 [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
  return %0, %1, %3 : tensor<?x3xi32>, tensor<2x?x1x3xi32>, tensor<1x1xi32>
}`
	a := ti("i32", sh(2, 2, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	out := runOK(t, src, a, ti("index", nil, 2))
	expectTensor(t, "collapse", out[0], ti("i32", sh(4, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
	expectTensor(t, "expand", out[1], ti("i32", sh(2, 2, 1, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
	expectTensor(t, "collapse to rank 0 and expand back", out[2], ti("i32", sh(1, 1), 1))
	// The dynamic output size must make the group multiply to the source dim.
	expectErr(t, src, []*Tensor{a, ti("index", nil, 3)}, "test.mlir:4:3", "output_shape [2, 3, 1, 3] does not expand run-time shape [4, 3]: group #0 multiplies to 6, but dim 0 is 4")
}

func TestExtractSlice(t *testing.T) {
	src := `
func.func @f(%a: tensor<4x?xi32>, %o: index, %n: index, %s: index) -> (tensor<2x?xi32>, tensor<?xi32>, tensor<1x?xi32>) {
  %0 = tensor.extract_slice %a[1, %o] [2, %n] [2, %s] : tensor<4x?xi32> to tensor<2x?xi32>
  %1 = tensor.extract_slice %a[3, 0] [1, %n] [1, 1] : tensor<4x?xi32> to tensor<?xi32>
  %2 = tensor.extract_slice %a[3, 0] [1, %n] [1, 1] : tensor<4x?xi32> to tensor<1x?xi32>
  return %0, %1, %2 : tensor<2x?xi32>, tensor<?xi32>, tensor<1x?xi32>
}`
	a := ti("i32", sh(4, 5),
		0, 1, 2, 3, 4,
		10, 11, 12, 13, 14,
		20, 21, 22, 23, 24,
		30, 31, 32, 33, 34)
	out := runOK(t, src, a, ti("index", nil, 4), ti("index", nil, 3), ti("index", nil, -2))
	expectTensor(t, "strided", out[0], ti("i32", sh(2, 3), 14, 12, 10, 34, 32, 30))
	expectTensor(t, "rank-reduced", out[1], ti("i32", sh(3), 30, 31, 32))
	expectTensor(t, "unit dim kept", out[2], ti("i32", sh(1, 3), 30, 31, 32))
	out = runOK(t, src, a, ti("index", nil, 5), ti("index", nil, 0), ti("index", nil, 1))
	expectTensor(t, "empty at the end", out[0], ti("i32", sh(2, 0)))
	expectErr(t, src, []*Tensor{a, ti("index", nil, 2), ti("index", nil, 3), ti("index", nil, 2)},
		"test.mlir:3:3", "slice offsets (1, 2), sizes (2, 3), strides (2, 2) leave the run-time shape [4, 5] in dim 1")
	expectErr(t, src, []*Tensor{a, ti("index", nil, -1), ti("index", nil, 1), ti("index", nil, 1)}, "leave the run-time shape [4, 5] in dim 1")
}

func TestInsertSlice(t *testing.T) {
	src := `
func.func @f(%src: tensor<?xi32>, %dst: tensor<3x?xi32>, %o: index, %n: index) -> tensor<3x?xi32> {
  %0 = tensor.insert_slice %src into %dst[%o, 1] [1, %n] [1, 2] : tensor<?xi32> into tensor<3x?xi32>
  return %0 : tensor<3x?xi32>
}`
	dst, _ := Zeros(elemType("i32"), sh(3, 5))
	out := runOK(t, src, ti("i32", sh(2), 7, 8), dst, ti("index", nil, 2), ti("index", nil, 2))
	expectTensor(t, "inserted", out[0], ti("i32", sh(3, 5), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 8, 0))
	expectTensor(t, "dest unchanged", dst, ti("i32", sh(3, 5), make([]int64, 15)...))
	expectErr(t, src, []*Tensor{ti("i32", sh(3), 7, 8, 9), dst, ti("index", nil, 2), ti("index", nil, 2)},
		"test.mlir:3:3", "source of run-time shape [3] does not fit the slice sizes (1, 2)")
	expectErr(t, src, []*Tensor{ti("i32", sh(3), 7, 8, 9), dst, ti("index", nil, 0), ti("index", nil, 3)}, "leave the run-time shape [3, 5] in dim 1")
}
