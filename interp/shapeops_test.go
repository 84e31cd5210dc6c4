package interp

import "testing"

// legalized is x + y in the form hlo-legalize-broadcasts gives it: the
// result shape computed in IR, a run-time compatibility check guarding
// explicit broadcasts.
const legalized = `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %sx = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<?xf32> -> tensor<1xindex>
  %w = shape.cstr_broadcastable %sx, %sy : tensor<2xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (tensor<?x?xf32>) {
    %s = shape.broadcast %sx, %sy : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %bx = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %by = hlo.dynamic_broadcast_in_dim %y, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %sum = hlo.add %bx, %by : tensor<?x?xf32>
    shape.assuming_yield %sum : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}`

func TestShapeDialect(t *testing.T) {
	got := runOK(t, legalized, tf("f32", sh(2, 1), 1, 2), tf("f32", sh(3), 10, 20, 30))
	expectTensor(t, "legalized add", got[0], tf("f32", sh(2, 3), 11, 21, 31, 12, 22, 32))

	cases := []struct {
		name, src string
		args      []*Tensor
		want      *Tensor
	}{
		{"const_shape, get_extent", `func.func @f() -> index {
  %s = shape.const_shape [4, 5] : tensor<2xindex>
  %c1 = arith.constant 1 : index
  %e = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index
  return %e : index
}`, nil, ti("index", nil, 5)},
		{"from_extents, to_extent_tensor", `func.func @f(%a: index) -> tensor<2xindex> {
  %c3 = arith.constant 3 : index
  %s = shape.from_extents %a, %c3 : index, index
  %t = shape.to_extent_tensor %s : !shape.shape -> tensor<2xindex>
  return %t : tensor<2xindex>
}`, []*Tensor{ti("index", nil, 7)}, ti("index", sh(2), 7, 3)},
		{"broadcast of three shapes", `func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %c = shape.const_shape [1] : tensor<1xindex>
  %s = shape.broadcast %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<1xindex> -> tensor<?xindex>
  return %s : tensor<?xindex>
}`, []*Tensor{ti("index", sh(2), 3, 1), ti("index", sh(3), 2, 1, 4)}, ti("index", sh(3), 2, 3, 4)},
		{"assuming_all of passing witnesses", `func.func @f(%a: tensor<2xindex>, %b: tensor<2xindex>, %ok: i1) -> tensor<2xindex> {
  %w0 = shape.cstr_eq %a, %b : tensor<2xindex>, tensor<2xindex>
  %w1 = shape.cstr_require %ok, "not ok"
  %w2 = shape.const_witness true
  %w = shape.assuming_all %w0, %w1, %w2
  %r = shape.assuming %w -> (tensor<2xindex>) {
    shape.assuming_yield %a : tensor<2xindex>
  }
  return %r : tensor<2xindex>
}`, []*Tensor{ti("index", sh(2), 1, 2), ti("index", sh(2), 1, 2), ti("i1", nil, 1)}, ti("index", sh(2), 1, 2)},
		{"an unused failing witness is no error", `func.func @f(%a: tensor<2xindex>, %b: tensor<3xindex>) -> tensor<2xindex> {
  %w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<3xindex>
  return %a : tensor<2xindex>
}`, []*Tensor{ti("index", sh(2), 2, 3), ti("index", sh(3), 1, 4, 3)}, ti("index", sh(2), 2, 3)},
		{"tensor ops", `func.func @f(%x: tensor<?x3xf32>) -> tensor<2xindex> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %e, %c1 : tensor<?x3xf32>
  %s = tensor.from_elements %d, %d1 : tensor<2xindex>
  return %s : tensor<2xindex>
}`, []*Tensor{tf("f32", sh(5, 3), make([]float64, 15)...)}, ti("index", sh(2), 5, 3)},
		{"tensor.extract, tensor.cast", `func.func @f(%x: tensor<2x2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = tensor.cast %x : tensor<2x2xi32> to tensor<?x?xi32>
  %e = tensor.extract %y[%c1, %c0] : tensor<?x?xi32>
  return %e : i32
}`, []*Tensor{ti("i32", sh(2, 2), 1, 2, 3, 4)}, ti("i32", nil, 3)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			expectTensor(t, c.name, got[0], c.want)
		})
	}
}

// TestShapeConstraintErrors checks that a failed constraint is reported
// when shape.assuming consumes it, located at the constraint.
func TestShapeConstraintErrors(t *testing.T) {
	expectErr(t, legalized, []*Tensor{tf("f32", sh(2, 2), 1, 2, 3, 4), tf("f32", sh(3), 1, 2, 3)},
		"test.mlir:4:3:", "'shape.cstr_broadcastable' op run-time shapes [2, 2], [3] do not broadcast",
		"dim 1 is 2 in operand #0 and 3 in operand #1")
	expectErr(t, `func.func @f(%a: tensor<2xindex>, %b: tensor<2xindex>) -> tensor<2xindex> {
  %w0 = shape.const_witness true
  %w1 = shape.cstr_eq %a, %b : tensor<2xindex>, tensor<2xindex>
  %w = shape.assuming_all %w0, %w1
  %r = shape.assuming %w -> (tensor<2xindex>) {
    shape.assuming_yield %a : tensor<2xindex>
  }
  return %r : tensor<2xindex>
}`, []*Tensor{ti("index", sh(2), 1, 2), ti("index", sh(2), 1, 3)},
		"test.mlir:3:3:", "operand #0 is [1, 2] and operand #1 is [1, 3]")
	expectErr(t, `func.func @f(%ok: i1) -> i1 {
  %w = shape.cstr_require %ok, "sizes differ"
  %r = shape.assuming %w -> (i1) {
    shape.assuming_yield %ok : i1
  }
  return %r : i1
}`, []*Tensor{ti("i1", nil, 0)}, "test.mlir:2:3:", "sizes differ")
	expectErr(t, `func.func @f(%a: tensor<2xindex>, %b: tensor<2xindex>) -> tensor<2xindex> {
  %s = shape.broadcast %a, %b : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %s : tensor<2xindex>
}`, []*Tensor{ti("index", sh(2), 2, 3), ti("index", sh(2), 2, 4)}, "'shape.broadcast' op", "dim 1 is 3 in operand #0 and 4 in operand #1")
}
