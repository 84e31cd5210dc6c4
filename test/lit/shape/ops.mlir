// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The custom form of every shape op round trips, directly and through the
// generic form. ops-mlir-opt.mlir feeds the same output to mlir-opt-19.

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x4xf32>, %[[Y:[a-z0-9]+]]: tensor<4xf32>, %[[N:[a-z0-9]+]]: index)
func.func @shapes(%x: tensor<?x4xf32>, %y: tensor<4xf32>, %n: index) -> tensor<3xindex> {
  // CHECK-NEXT: %[[SX:.*]] = shape.shape_of %[[X]] : tensor<?x4xf32> -> tensor<2xindex>
  // GENERIC: "shape.shape_of"(%{{.*}}) : (tensor<?x4xf32>) -> tensor<2xindex>
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  // CHECK-NEXT: %[[SY:.*]] = shape.shape_of %[[Y]] : tensor<4xf32> -> tensor<?xindex>
  %sy = shape.shape_of %y : tensor<4xf32> -> tensor<?xindex>
  // CHECK-NEXT: %[[B:.*]] = shape.broadcast %[[SX]], %[[SY]] : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
  // GENERIC: "shape.broadcast"(%{{.*}}, %{{.*}}) : (tensor<2xindex>, tensor<?xindex>) -> tensor<?xindex>
  %b = shape.broadcast %sx, %sy : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
  // CHECK-NEXT: shape.broadcast %[[SX]], %[[B]] {error = "incompatible"} : tensor<2xindex>, tensor<?xindex> -> tensor<2xindex>
  // GENERIC: "shape.broadcast"(%{{.*}}, %{{.*}}) <{error = "incompatible"}>
  %b2 = shape.broadcast %sx, %b {error = "incompatible"} : tensor<2xindex>, tensor<?xindex> -> tensor<2xindex>
  // CHECK-NEXT: shape.const_shape [2, 3] : tensor<2xindex>
  // GENERIC: "shape.const_shape"() <{shape = dense<[2, 3]> : tensor<2xindex>}> : () -> tensor<2xindex>
  %c = shape.const_shape [2, 3] : tensor<2xindex>
  // CHECK-NEXT: shape.const_shape [5] : tensor<1xindex>
  // GENERIC: "shape.const_shape"() <{shape = dense<5> : tensor<1xindex>}> : () -> tensor<1xindex>
  %c1 = shape.const_shape [5] : tensor<1xindex>
  // CHECK-NEXT: shape.const_shape [] : tensor<0xindex>
  // GENERIC: "shape.const_shape"() <{shape = dense<> : tensor<0xindex>}> : () -> tensor<0xindex>
  %c0 = shape.const_shape [] : tensor<0xindex>
  // CHECK-NEXT: shape.const_shape  {tag}[7] : tensor<1xindex>
  %ct = shape.const_shape {tag} [7] : tensor<1xindex>
  // CHECK-NEXT: %[[E:.*]] = shape.get_extent %[[SX]], %[[N]] : tensor<2xindex>, index -> index
  // GENERIC: "shape.get_extent"(%{{.*}}, %{{.*}}) : (tensor<2xindex>, index) -> index
  %e = shape.get_extent %sx, %n : tensor<2xindex>, index -> index
  // CHECK-NEXT: %[[S:.*]] = shape.from_extents %[[E]], %[[N]], %[[E]] : index, index, index
  // GENERIC: "shape.from_extents"(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> !shape.shape
  %s = shape.from_extents %e, %n, %e : index, index, index
  // CHECK-NEXT: %[[T:.*]] = shape.to_extent_tensor %[[S]] : !shape.shape -> tensor<3xindex>
  // GENERIC: "shape.to_extent_tensor"(%{{.*}}) : (!shape.shape) -> tensor<3xindex>
  %t = shape.to_extent_tensor %s : !shape.shape -> tensor<3xindex>
  // CHECK-NEXT: return %[[T]] : tensor<3xindex>
  return %t : tensor<3xindex>
}

// CHECK-LABEL: func.func @witnesses
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?x4xf32>, %[[A:[a-z0-9]+]]: tensor<2xindex>, %[[B:[a-z0-9]+]]: tensor<1xindex>, %[[P:[a-z0-9]+]]: i1)
func.func @witnesses(%x: tensor<?x4xf32>, %a: tensor<2xindex>, %b: tensor<1xindex>, %p: i1) -> tensor<?x4xf32> {
  // CHECK-NEXT: %[[W0:.*]] = shape.cstr_broadcastable %[[A]], %[[B]] : tensor<2xindex>, tensor<1xindex>
  // GENERIC: "shape.cstr_broadcastable"(%{{.*}}, %{{.*}}) : (tensor<2xindex>, tensor<1xindex>) -> !shape.witness
  %w0 = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<1xindex>
  // CHECK-NEXT: %[[W1:.*]] = shape.cstr_eq %[[A]], %[[A]] : tensor<2xindex>, tensor<2xindex>
  // GENERIC: "shape.cstr_eq"(%{{.*}}, %{{.*}}) : (tensor<2xindex>, tensor<2xindex>) -> !shape.witness
  %w1 = shape.cstr_eq %a, %a : tensor<2xindex>, tensor<2xindex>
  // CHECK-NEXT: %[[W2:.*]] = shape.cstr_require %[[P]], "sizes \22differ\22"
  // GENERIC: "shape.cstr_require"(%{{.*}}) <{msg = "sizes \22differ\22"}> : (i1) -> !shape.witness
  %w2 = shape.cstr_require %p, "sizes \"differ\""
  // CHECK-NEXT: %[[W3:.*]] = shape.const_witness true
  // GENERIC: "shape.const_witness"() <{passing = true}> : () -> !shape.witness
  %w3 = shape.const_witness true
  // CHECK-NEXT: shape.const_witness false
  %w4 = shape.const_witness false
  // CHECK-NEXT: %[[ALL:.*]] = shape.assuming_all %[[W0]], %[[W1]], %[[W2]], %[[W3]]
  // GENERIC: "shape.assuming_all"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!shape.witness, !shape.witness, !shape.witness, !shape.witness) -> !shape.witness
  %all = shape.assuming_all %w0, %w1, %w2, %w3
  // CHECK-NEXT: %[[R:.*]] = shape.assuming %[[ALL]] -> (tensor<?x4xf32>) {
  // CHECK-NEXT:   shape.assuming_yield %[[X]] : tensor<?x4xf32>
  // CHECK-NEXT: }
  // GENERIC: "shape.assuming"(%{{.*}}) ({
  // GENERIC-NEXT: "shape.assuming_yield"(%{{.*}}) : (tensor<?x4xf32>) -> ()
  // GENERIC-NEXT: }) : (!shape.witness) -> tensor<?x4xf32>
  %r = shape.assuming %all -> (tensor<?x4xf32>) {
    shape.assuming_yield %x : tensor<?x4xf32>
  }
  // The terminator of a region that yields nothing may be left out.
  // CHECK-NEXT: shape.assuming %[[W0]] {
  // CHECK-NEXT:   arith.constant
  // CHECK-NEXT:   shape.assuming_yield
  // CHECK-NEXT: } {tag}
  shape.assuming %w0 {
    %c = arith.constant 0 : index
  } {tag}
  // CHECK-NEXT: %[[R2:.*]]:2 = shape.assuming %[[W1]] -> (tensor<?x4xf32>, i1) {
  // CHECK-NEXT:   shape.assuming_yield %[[X]], %[[P]] : tensor<?x4xf32>, i1
  // CHECK-NEXT: }
  %r2:2 = shape.assuming %w1 -> (tensor<?x4xf32>, i1) {
    shape.assuming_yield %x, %p : tensor<?x4xf32>, i1
  }
  // CHECK-NEXT: return %[[R]] : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
