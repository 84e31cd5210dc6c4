// RUN: bcast-opt %s --split-input-file --hlo-legalize-broadcasts --convert-shape-constraints --canonicalize --hlo-legalize-to-linalg --linalg-fuse-elementwise-ops --canonicalize --cse | FileCheck %s
//
// The benchmark kernels W1-W4 (docs/SPEC.md §9) end to end: each becomes
// exactly one linalg.generic reading every argument once, writing into the
// output's tensor.empty, with no intermediate tensor.

// W1: max(X + b, 0); the splat zero becomes a scalar constant.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @w1
// CHECK-SAME: (%[[X:.*]]: tensor<4096x4096xf32>, %[[B:.*]]: tensor<4096xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>) {
// CHECK-NEXT: ^bb0(%[[IX:.*]]: f32, %[[IB:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[IX]], %[[IB]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[S]], %[[ZERO]] : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK-NEXT: } -> tensor<4096x4096xf32>
// CHECK-NEXT: return %[[R]]
func.func @w1(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %s = hlo.add %x, %b : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %z = hlo.constant dense<0.0> : tensor<4096x4096xf32>
  %r = hlo.maximum %s, %z : tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// -----

// W2: a + b, a 4096x1, b 1x4096 (outer sum): one generic from the start,
// which fusion leaves as it is.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @w2
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4096x1xf32>, tensor<1x4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>)
// CHECK: arith.addf
// CHECK-NOT: tensor.empty
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @w2(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// W3: a * c + d, a 64x1x1024, c 64x256x1024, d 1024.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[D:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @w3
// CHECK-SAME: (%[[A0:.*]]: tensor<64x1x1024xf32>, %[[C0:.*]]: tensor<64x256x1024xf32>, %[[D0:.*]]: tensor<1024xf32>)
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<64x256x1024xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[ID]], #[[D]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A0]], %[[C0]], %[[D0]] : tensor<64x1x1024xf32>, tensor<64x256x1024xf32>, tensor<1024xf32>) outs(%[[E]] : tensor<64x256x1024xf32>) {
// CHECK-NEXT: ^bb0(%[[IA:.*]]: f32, %[[IC:.*]]: f32, %[[ID_:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[IA]], %[[IC]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %[[ID_]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<64x256x1024xf32>
// CHECK-NEXT: return %[[R]]
func.func @w3(%a: tensor<64x1x1024xf32>, %c: tensor<64x256x1024xf32>, %d: tensor<1024xf32>) -> tensor<64x256x1024xf32> {
  %0 = hlo.multiply %a, %c : (tensor<64x1x1024xf32>, tensor<64x256x1024xf32>) -> tensor<64x256x1024xf32>
  %1 = hlo.add %0, %d : (tensor<64x256x1024xf32>, tensor<1024xf32>) -> tensor<64x256x1024xf32>
  return %1 : tensor<64x256x1024xf32>
}

// -----

// W4: ((x * s + b) - m) * k, s and b scalars, m and k vectors.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SC:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @w4
// CHECK-SAME: (%[[X:.*]]: tensor<4096x4096xf32>, %[[S:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[M:.*]]: tensor<4096xf32>, %[[K:.*]]: tensor<4096xf32>)
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[SC]], #[[SC]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[S]], %[[B]], %[[M]], %[[K]] : tensor<4096x4096xf32>, tensor<f32>, tensor<f32>, tensor<4096xf32>, tensor<4096xf32>) outs(%[[E]] : tensor<4096x4096xf32>) {
// CHECK-NEXT: ^bb0(%[[I0:.*]]: f32, %[[I1:.*]]: f32, %[[I2:.*]]: f32, %[[I3:.*]]: f32, %[[I4:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[V0:.*]] = arith.mulf %[[I0]], %[[I1]] : f32
// CHECK-NEXT: %[[V1:.*]] = arith.addf %[[V0]], %[[I2]] : f32
// CHECK-NEXT: %[[V2:.*]] = arith.subf %[[V1]], %[[I3]] : f32
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[V2]], %[[I4]] : f32
// CHECK-NEXT: linalg.yield %[[V3]] : f32
// CHECK-NEXT: } -> tensor<4096x4096xf32>
// CHECK-NEXT: return %[[R]]
func.func @w4(%x: tensor<4096x4096xf32>, %s: tensor<f32>, %b: tensor<f32>, %m: tensor<4096xf32>, %k: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.multiply %x, %s : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %1 = hlo.add %0, %b : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %2 = hlo.subtract %1, %m : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  %3 = hlo.multiply %2, %k : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %3 : tensor<4096x4096xf32>
}

// -----

// W5: W1 with every dim dynamic. The could-be-1 broadcasts stay inputs
// of the one fused kernel (linalg-version-broadcasts versions it later).
// CHECK-LABEL: func.func @w5
// CHECK: cf.assert
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = chlo.broadcast_maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
