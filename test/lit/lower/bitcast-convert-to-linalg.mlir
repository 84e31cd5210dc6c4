// RUN: bcast-opt %s --hlo-legalize-to-linalg | FileCheck %s
// RUN: bcast-opt %s --hlo-legalize-to-linalg | mlir-opt-19 --verify-roundtrip > /dev/null
// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s --check-prefix=FUSED
//
// hlo.bitcast_convert across widths (lower/data_movement.go): to narrower
// elements, loop k of the new last dim takes bits [k*w, (k+1)*w) of the
// operand element (little-endian); to wider ones, the operand's last dim
// is read through one map per piece and the pieces are joined.

// CHECK-DAG: #[[DROP:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[P0:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-DAG: #[[P1:.*]] = affine_map<(d0) -> (d0, 1)>

// CHECK-LABEL: func.func @split
// CHECK: linalg.generic {indexing_maps = [#[[DROP]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?xf32>) outs(%{{.*}} : tensor<?x2xf16>)
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK: %[[SH:.*]] = arith.muli %[[KI]], %{{.*}} : i32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[V:.*]] = arith.shrui %[[BITS]], %[[SH]] : i32
// CHECK: %[[T:.*]] = arith.trunci %[[V]] : i32 to i16
// CHECK: arith.bitcast %[[T]] : i16 to f16
func.func @split(%x: tensor<?xf32>) -> tensor<?x2xf16> {
  %0 = stablehlo.bitcast_convert %x : (tensor<?xf32>) -> tensor<?x2xf16>
  return %0 : tensor<?x2xf16>
}

// A dynamic last dim is checked at run time.
// CHECK-LABEL: func.func @join
// CHECK: cf.assert %{{.*}}, "{{.*}}'hlo.bitcast_convert' op in @join: the operand's last dim has {0} elements; 'ui32' is made of {1}
// CHECK: linalg.generic {indexing_maps = [#[[P0]], #[[P1]], #{{.*}}, #{{.*}}, #{{.*}}]
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x?xi8>, tensor<?x?xi8>, tensor<?x?xi8>, tensor<?x?xi8>) outs(%{{.*}} : tensor<?xi32>)
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.shli
// CHECK: arith.ori
// CHECK: tensor.bitcast %{{.*}} : tensor<?xi32> to tensor<?xui32>
func.func @join(%x: tensor<?x?xui8>) -> tensor<?xui32> {
  %0 = stablehlo.bitcast_convert %x : (tensor<?x?xui8>) -> tensor<?xui32>
  return %0 : tensor<?xui32>
}

// The bitcast fuses with its consumer and a cheap producer (an expensive
// one, as exp, is not recomputed per piece): one kernel.
// FUSED-LABEL: func.func @fused
// FUSED-COUNT-1: linalg.generic
// FUSED-NOT: linalg.generic
// FUSED: return
func.func @fused(%x: tensor<8xf32>) -> tensor<8x4xi8> {
  %e = stablehlo.negate %x : tensor<8xf32>
  %0 = stablehlo.bitcast_convert %e : (tensor<8xf32>) -> tensor<8x4xi8>
  %1 = stablehlo.add %0, %0 : tensor<8x4xi8>
  return %1 : tensor<8x4xi8>
}
