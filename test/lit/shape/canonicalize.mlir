// RUN: bcast-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
//
// The shape folders and canonicalization patterns, each shown to fire and,
// where it matters, not to fire.

// A static shape_of is a const_shape; a dynamic one stays, and so does one
// whose result length is not static (const_shape needs tensor<Nxindex>).
// CHECK-LABEL: func.func @shape_of_static
func.func @shape_of_static(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>) {
  // CHECK-DAG: %[[C:.*]] = shape.const_shape [2, 3] : tensor<2xindex>
  // CHECK-DAG: %[[D:.*]] = shape.shape_of %{{.*}} : tensor<?x3xf32> -> tensor<2xindex>
  // CHECK-DAG: %[[U:.*]] = shape.shape_of %{{.*}} : tensor<2x3xf32> -> tensor<?xindex>
  // CHECK: "test.use"(%[[C]], %[[D]], %[[U]])
  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
  %1 = shape.shape_of %b : tensor<?x3xf32> -> tensor<2xindex>
  %2 = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
  "test.use"(%0, %1, %2) : (tensor<2xindex>, tensor<2xindex>, tensor<?xindex>) -> ()
  return
}

// -----

// A broadcast of known shapes is their numpy broadcast; one shape of the
// result type is itself; a broadcast involving a dynamic shape stays.
// CHECK-LABEL: func.func @broadcast_fold
// CHECK-SAME: (%[[S:.*]]: tensor<2xindex>, %[[X:.*]]: tensor<?x1xf32>)
func.func @broadcast_fold(%s: tensor<2xindex>, %x: tensor<?x1xf32>) {
  %a = shape.const_shape [1, 3] : tensor<2xindex>
  %b = shape.const_shape [4, 1] : tensor<2xindex>
  %c = shape.const_shape [5] : tensor<1xindex>
  %sx = shape.shape_of %x : tensor<?x1xf32> -> tensor<2xindex>
  // CHECK-DAG: %[[AB:.*]] = shape.const_shape [4, 3] : tensor<2xindex>
  %0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %1 = shape.broadcast %s : tensor<2xindex> -> tensor<2xindex>
  // CHECK-DAG: %[[SX:.*]] = shape.shape_of %[[X]]
  // CHECK-DAG: %[[XC:.*]] = shape.broadcast %[[SX]], %{{.*}} : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  %2 = shape.broadcast %sx, %c : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  // CHECK: "test.use"(%[[AB]], %[[S]], %[[XC]])
  "test.use"(%0, %1, %2) : (tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> ()
  return
}

// -----

// Incompatible constant shapes do not fold (the broadcast is undefined).
// CHECK-LABEL: func.func @broadcast_incompatible
func.func @broadcast_incompatible() -> tensor<1xindex> {
  %a = shape.const_shape [2] : tensor<1xindex>
  %b = shape.const_shape [3] : tensor<1xindex>
  // CHECK: shape.broadcast
  %0 = shape.broadcast %a, %b : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
  return %0 : tensor<1xindex>
}

// -----

// get_extent of a known extent is a constant; of a `?` of a shape_of it is
// tensor.dim of the tensor.
// to_extent_tensor of constant extents is a const_shape; of other extents,
// tensor.from_elements of them (no !shape.shape is left: MLIR 19 neither
// lowers nor bufferizes it).
// CHECK-LABEL: func.func @extents
func.func @extents(%x: tensor<?x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  // CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
  %0 = shape.get_extent %s, %c1 : tensor<2xindex>, index -> index
  // CHECK-DAG: %[[E0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
  %1 = shape.get_extent %s, %c0 : tensor<2xindex>, index -> index
  %f = shape.from_extents %c1, %0 : index, index
  // CHECK-DAG: %[[T:.*]] = shape.const_shape [1, 4] : tensor<2xindex>
  %t = shape.to_extent_tensor %f : !shape.shape -> tensor<2xindex>
  %g = shape.from_extents %n, %0 : index, index
  // CHECK-DAG: %[[U:.*]] = tensor.from_elements %{{.*}}, %[[C4]] : tensor<2xindex>
  %u = shape.to_extent_tensor %g : !shape.shape -> tensor<2xindex>
  // CHECK: "test.use"(%[[C4]], %[[E0]], %[[T]], %[[U]])
  "test.use"(%0, %1, %t, %u) : (index, index, tensor<2xindex>, tensor<2xindex>) -> ()
  return
}

// -----

// Extents built with tensor.from_elements (hlo-legalize-broadcasts builds
// aligned shapes so) are known where they are constants: get_extent of one
// is the constant, and a broadcast of known shapes is a const_shape.
// CHECK-LABEL: func.func @from_elements_extents
func.func @from_elements_extents(%n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.from_elements %n, %c4 : tensor<2xindex>
  %0 = shape.get_extent %e, %c1 : tensor<2xindex>, index -> index
  %k = tensor.from_elements %c4, %c1 : tensor<2xindex>
  %s = shape.const_shape [1, 5] : tensor<2xindex>
  %b = shape.broadcast %k, %s : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  // CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-DAG: %[[B:.*]] = shape.const_shape [4, 5] : tensor<2xindex>
  // CHECK: "test.use"(%[[C4]], %[[B]])
  "test.use"(%0, %b) : (index, tensor<2xindex>) -> ()
  return
}

// -----

// cstr_broadcastable holds statically when every column has one `?` alone
// or equal static sizes (`?x4` with `4`), or when all shapes are one value;
// `?` against `4` (the `?` may be 3) and incompatible constants stay.
// CHECK-LABEL: func.func @cstr_broadcastable
func.func @cstr_broadcastable(%x: tensor<?x4xf32>, %v: tensor<4xf32>, %d: tensor<?xf32>, %s: tensor<2xindex>) {
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %sv = shape.shape_of %v : tensor<4xf32> -> tensor<1xindex>
  %sd = shape.shape_of %d : tensor<?xf32> -> tensor<1xindex>
  %a = shape.const_shape [1, 3] : tensor<2xindex>
  %b = shape.const_shape [4, 1] : tensor<2xindex>
  %c = shape.const_shape [4, 2] : tensor<2xindex>
  // The driver does not unique these constants (see dialects/shape/doc.go).
  // CHECK-DAG: %[[T0:.*]] = shape.const_witness true
  // CHECK-DAG: %[[T1:.*]] = shape.const_witness true
  // CHECK-DAG: %[[T2:.*]] = shape.const_witness true
  %0 = shape.cstr_broadcastable %sx, %sv : tensor<2xindex>, tensor<1xindex>
  %1 = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<2xindex>
  %2 = shape.cstr_broadcastable %s, %s : tensor<2xindex>, tensor<2xindex>
  // CHECK-DAG: %[[DV:.*]] = shape.cstr_broadcastable %{{.*}}, %{{.*}} : tensor<1xindex>, tensor<1xindex>
  %3 = shape.cstr_broadcastable %sd, %sv : tensor<1xindex>, tensor<1xindex>
  // CHECK-DAG: %[[AC:.*]] = shape.cstr_broadcastable %{{.*}}, %{{.*}} : tensor<2xindex>, tensor<2xindex>
  %4 = shape.cstr_broadcastable %a, %c : tensor<2xindex>, tensor<2xindex>
  // CHECK: "test.use"(%[[T0]], %[[T1]], %[[T2]], %[[DV]], %[[AC]])
  "test.use"(%0, %1, %2, %3, %4) : (!shape.witness, !shape.witness, !shape.witness, !shape.witness, !shape.witness) -> ()
  return
}

// -----

// cstr_eq holds for one value or equal known static shapes; it never folds
// to false (the failure is reported at run time).
// CHECK-LABEL: func.func @cstr_eq
func.func @cstr_eq(%s: tensor<2xindex>, %x: tensor<2x3xf32>) {
  %a = shape.const_shape [2, 3] : tensor<2xindex>
  %b = shape.const_shape [2, 4] : tensor<2xindex>
  %sx = shape.shape_of %x : tensor<2x3xf32> -> tensor<2xindex>
  // CHECK-DAG: %[[T0:.*]] = shape.const_witness true
  // CHECK-DAG: %[[T1:.*]] = shape.const_witness true
  %0 = shape.cstr_eq %s, %s : tensor<2xindex>, tensor<2xindex>
  %1 = shape.cstr_eq %a, %sx : tensor<2xindex>, tensor<2xindex>
  // CHECK-DAG: %[[AB:.*]] = shape.cstr_eq
  %2 = shape.cstr_eq %a, %b : tensor<2xindex>, tensor<2xindex>
  // CHECK-DAG: %[[SA:.*]] = shape.cstr_eq
  %3 = shape.cstr_eq %s, %a : tensor<2xindex>, tensor<2xindex>
  // CHECK: "test.use"(%[[T0]], %[[T1]], %[[AB]], %[[SA]])
  "test.use"(%0, %1, %2, %3) : (!shape.witness, !shape.witness, !shape.witness, !shape.witness) -> ()
  return
}

// -----

// cstr_require of a true constant holds; of false or an unknown i1 it stays.
// CHECK-LABEL: func.func @cstr_require
func.func @cstr_require(%p: i1) {
  %t = arith.constant true
  %f = arith.constant false
  // CHECK-DAG: %[[TRUE:.*]] = shape.const_witness true
  %0 = shape.cstr_require %t, "never reported"
  // CHECK-DAG: %[[F:.*]] = shape.cstr_require %{{.*}}, "always reported"
  %1 = shape.cstr_require %f, "always reported"
  // CHECK-DAG: %[[P:.*]] = shape.cstr_require %{{.*}}, "maybe reported"
  %2 = shape.cstr_require %p, "maybe reported"
  // CHECK: "test.use"(%[[TRUE]], %[[F]], %[[P]])
  "test.use"(%0, %1, %2) : (!shape.witness, !shape.witness, !shape.witness) -> ()
  return
}

// -----

// assuming_all drops passing witnesses, is false if one fails, and is its
// last remaining witness.
// CHECK-LABEL: func.func @assuming_all
// CHECK-SAME: (%[[A:.*]]: !shape.witness, %[[B:.*]]: !shape.witness)
func.func @assuming_all(%a: !shape.witness, %b: !shape.witness) {
  %t = shape.const_witness true
  %f = shape.const_witness false
  // CHECK-DAG: %[[TRUE:.*]] = shape.const_witness true
  %0 = shape.assuming_all %t, %t
  // CHECK-DAG: %[[FALSE:.*]] = shape.const_witness false
  %1 = shape.assuming_all %a, %f
  %2 = shape.assuming_all %t, %a
  // CHECK-DAG: %[[AB:.*]] = shape.assuming_all %[[A]], %[[B]]{{$}}
  %3 = shape.assuming_all %a, %t, %b
  // CHECK: "test.use"(%[[TRUE]], %[[FALSE]], %[[A]], %[[AB]])
  "test.use"(%0, %1, %2, %3) : (!shape.witness, !shape.witness, !shape.witness, !shape.witness) -> ()
  return
}

// -----

// A shape.assuming whose witness is true is inlined; with any other
// witness it stays (a false one reports its error at run time).
// CHECK-LABEL: func.func @assuming_true
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[W:.*]]: !shape.witness)
func.func @assuming_true(%x: tensor<4xf32>, %w: !shape.witness) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = shape.const_witness true
  %f = shape.const_witness false
  // CHECK-NOT: shape.assuming %{{.*}} -> (tensor<4xf32>) {
  // CHECK: %[[IN:.*]] = "test.op"(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
  %0 = shape.assuming %t -> (tensor<4xf32>) {
    %y = "test.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    shape.assuming_yield %y : tensor<4xf32>
  }
  // CHECK: %[[R1:.*]] = shape.assuming %{{.*}} -> (tensor<4xf32>) {
  // CHECK-NEXT: "test.op"
  %1 = shape.assuming %f -> (tensor<4xf32>) {
    %y = "test.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    shape.assuming_yield %y : tensor<4xf32>
  }
  // CHECK: %[[R2:.*]] = shape.assuming %[[W]] -> (tensor<4xf32>) {
  %2 = shape.assuming %w -> (tensor<4xf32>) {
    %y = "test.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    shape.assuming_yield %y : tensor<4xf32>
  }
  // CHECK: return %[[IN]], %[[R1]], %[[R2]]
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
