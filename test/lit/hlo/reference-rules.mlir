// The examples of the reference documents' assignment and narrowcasting
// rules (reference/array-api-broadcasting.txt, "In-place Semantics";
// reference/tml-broadcasting.txt, "Assignments" and "Narrowcasting"), run
// by bcast-run in the interpreter; reference-rules-native.mlir runs the
// same functions natively against the same checks. The examples the
// documents call errors whose shapes the types show are compile-time
// errors in assign-invalid.mlir; here are their run-time forms, with `?`.
//
// RUN: bcast-run --interp %s --entry array_api_setitem --input %S/Inputs/zeros_2x3x4_f32.npy --input %S/Inputs/iota_1x3x4_f32.npy | FileCheck %s --check-prefix=SETITEM
// RUN: bcast-run --interp %s --entry array_api_setitem_dynamic --input %S/Inputs/zeros_2x3x4_f32.npy --input %S/Inputs/iota_1x3x4_f32.npy | FileCheck %s --check-prefix=SETITEM
// RUN: bcast-run --interp %s --entry tml_scalar --input %S/Inputs/zeros_3_i32.npy | FileCheck %s --check-prefix=TML-SCALAR
// RUN: bcast-run --interp %s --entry tml_row --input %S/Inputs/zeros_3x3_i32.npy | FileCheck %s --check-prefix=TML-ROW
// RUN: bcast-run --interp %s --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/one_1_i32.npy | FileCheck %s --check-prefix=TML-SCALAR
// RUN: bcast-run --interp %s --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/ones_3_i32.npy | FileCheck %s --check-prefix=TML-SCALAR
// RUN: not bcast-run --interp %s --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/b_2_i32.npy 2>&1 | FileCheck %s --check-prefix=TML-ERROR
// RUN: not bcast-run --interp %s --entry no_stretch_dynamic --input %S/Inputs/zeros_2x1_f32.npy --input %S/Inputs/iota_5_f32.npy 2>&1 | FileCheck %s --check-prefix=NO-STRETCH
// RUN: bcast-run --interp %s --entry tml_narrow | FileCheck %s --check-prefix=NARROW

// Array API: x = empty((2, 3, 4)); a = empty((1, 3, 4)); x[...] = a is OK:
// both rows of x are a.
// SETITEM:      result 0: float32 (2, 3, 4)
// SETITEM-NEXT: {{\[\[\[}} 0.  1.  2.  3.]
// SETITEM-NEXT:   [ 4.  5.  6.  7.]
// SETITEM-NEXT:   [ 8.  9. 10. 11.]]
// SETITEM-EMPTY:
// SETITEM-NEXT: {{\[\[}} 0.  1.  2.  3.]
// SETITEM-NEXT:   [ 4.  5.  6.  7.]
// SETITEM-NEXT:   [ 8.  9. 10. 11.]]]
func.func @array_api_setitem(%x: tensor<2x3x4xf32>, %a: tensor<1x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.assign %x, %a : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// The same with every size known only at run time (a's first dim is a
// could-be-1 dim: versioned, not copied).
func.func @array_api_setitem_dynamic(%x: tensor<?x?x?xf32>, %a: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = hlo.assign %x, %a : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// TML: a = [0, 0, 0]; a = 1 broadcasts to a = [1, 1, 1].
// TML-SCALAR:      result 0: int32 (3,)
// TML-SCALAR-NEXT: [1 1 1]
func.func @tml_scalar(%a: tensor<3xi32>) -> tensor<3xi32> {
  %one = hlo.constant dense<1> : tensor<i32>
  %0 = hlo.assign %a, %one : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// TML: b = 3x3 zeros; b = [1, 1, 1] broadcasts to three rows of ones.
// TML-ROW:      result 0: int32 (3, 3)
// TML-ROW-NEXT: {{\[}}[1 1 1]
// TML-ROW-NEXT:  [1 1 1]
// TML-ROW-NEXT:  [1 1 1]]
func.func @tml_row(%b: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %row = hlo.constant dense<1> : tensor<3xi32>
  %0 = hlo.assign %b, %row : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// TML: tensor<int, 3> a = 0; a = [1, 3] is an error ("a has length of 3,
// and array with length of 2 cannot be broadcast"); with `?` sizes it is
// found at run time. A source of size 1 or 3 is fine.
// TML-ERROR: 'hlo.assign' op {{.*}}operand #1 (the source) cannot be assigned to operand #0 (the destination): source dim 0 has size 2 but destination dim 0 has size 3; a source dim must equal the destination's or be 1
func.func @tml_dynamic(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = hlo.assign %a, %b : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// A size-1 dim of the destination does not stretch, even when the sizes
// are known only at run time (numpy's x + a would give 2x5).
// NO-STRETCH: 'hlo.assign' op {{.*}}source dim 0 has size 5 but destination dim 1 has size 1
func.func @no_stretch_dynamic(%x: tensor<?x?xf32>, %a: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = hlo.assign %x, %a : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// TML's narrowcasting examples: int a = 1 stays int; tensor<int, 1> c = 1
// becomes int; tensor<int, 1, 5, 1> e = 1 becomes tensor<int, 5>;
// tensor<int, 5, 5> g = 1 stays tensor<int, 5, 5>. (Its last example,
// tensor<tensor<int, 1>, 5, 5>, narrows only the outer type; tensors of
// tensors have no counterpart here.)
// NARROW:      result 0: int32 ()
// NARROW-NEXT: 1
// NARROW-NEXT: result 1: int32 ()
// NARROW-NEXT: 1
// NARROW-NEXT: result 2: int32 (5,)
// NARROW-NEXT: [1 1 1 1 1]
// NARROW-NEXT: result 3: int32 (5, 5)
// NARROW-NEXT: {{\[}}[1 1 1 1 1]
func.func @tml_narrow() -> (tensor<i32>, tensor<i32>, tensor<5xi32>, tensor<5x5xi32>) {
  %a = hlo.constant dense<1> : tensor<i32>
  %c = hlo.constant dense<1> : tensor<1xi32>
  %e = hlo.constant dense<1> : tensor<1x5x1xi32>
  %g = hlo.constant dense<1> : tensor<5x5xi32>
  %b = hlo.narrow %a : tensor<i32>
  %d = hlo.narrow %c : (tensor<1xi32>) -> tensor<i32>
  %f = hlo.narrow %e : (tensor<1x5x1xi32>) -> tensor<5xi32>
  %h = hlo.narrow %g : tensor<5x5xi32>
  return %b, %d, %f, %h : tensor<i32>, tensor<i32>, tensor<5xi32>, tensor<5x5xi32>
}
