// RUN: bcast-opt %s --hlo-legalize-broadcasts --canonicalize --hlo-legalize-to-linalg --linalg-fuse-elementwise-ops --canonicalize --cse --linalg-version-broadcasts | FileCheck %s --implicit-check-not=hlo. --implicit-check-not='linalg.yield %in'
// RUN: bcast-opt %s --pipeline=cpu | FileCheck %s --check-prefix=CPU --implicit-check-not=hlo. --implicit-check-not='linalg.yield %in' --implicit-check-not=shape.assuming
//
// docs/SPEC.md §4 and §9 W5: `max(X + b, 0)` with every dim dynamic, numpy
// rules, through the pipeline. X's dim 1 and b's dim 0 may be 1 at run time,
// so the kernel has 4 versions, each one generic with static maps reading X
// and b directly; no hlo op and no broadcast copy (a generic that only
// yields an input) is left. With X of shape 4096x1 (W5u) the first branch
// runs and reads X through (d0, d1) -> (d0, 0).
//
// With the passes above the run-time check stays a shape.assuming, which
// holds the add (and its versions) while the max sits outside it, so
// fusion cannot join them. --pipeline=cpu turns the check into cf.assert
// first (convert-shape-constraints), and the whole of W5 is one fused
// generic per version (CPU prefix).

// CPU-DAG: #[[X1:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CPU-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CPU-DAG: #[[B1:.*]] = affine_map<(d0, d1) -> (0)>
// CPU-DAG: #[[BN:.*]] = affine_map<(d0, d1) -> (d1)>
// CPU-LABEL: func.func @w5
// CPU-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CPU: cf.assert
// CPU: %[[E:.*]] = tensor.empty
// CPU: %[[XIS1:.*]] = arith.cmpi eq
// CPU: %[[BIS1:.*]] = arith.cmpi eq
// CPU: %[[R:.*]] = scf.if %[[XIS1]] -> (tensor<?x?xf32>) {
// CPU-NEXT: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CPU-NEXT: linalg.generic {indexing_maps = [#[[X1]], #[[B1]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CPU-NEXT: ^bb0
// CPU-NEXT: arith.addf
// CPU-NEXT: arith.maximumf
// CPU-NEXT: linalg.yield
// CPU-NEXT: }
// CPU-NEXT: scf.yield
// CPU-NEXT: } else {
// CPU-NEXT: linalg.generic {indexing_maps = [#[[X1]], #[[BN]], #[[ID]]]
// CPU-NEXT: ^bb0
// CPU-NEXT: arith.addf
// CPU-NEXT: arith.maximumf
// CPU: } else {
// CPU-NEXT: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CPU-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[B1]], #[[ID]]]
// CPU-NEXT: ^bb0
// CPU-NEXT: arith.addf
// CPU-NEXT: arith.maximumf
// CPU: } else {
// CPU-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[BN]], #[[ID]]]
// CPU-NEXT: ^bb0
// CPU-NEXT: arith.addf
// CPU-NEXT: arith.maximumf
// CPU-NEXT: linalg.yield
// CPU-NEXT: }
// CPU-NEXT: scf.yield
// CPU-NEXT: }
// CPU-NEXT: scf.yield
// CPU-NEXT: }
// CPU-NEXT: return %[[R]]

// CHECK-DAG: #[[X1:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[B1:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-DAG: #[[BN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @w5
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK: shape.assuming
// CHECK: %[[E:.*]] = tensor.empty
// CHECK: %[[XD1:.*]] = tensor.dim %[[X]]
// CHECK: %[[XIS1:.*]] = arith.cmpi eq, %[[XD1]]
// CHECK: %[[BD0:.*]] = tensor.dim %[[B]]
// CHECK: %[[BIS1:.*]] = arith.cmpi eq, %[[BD0]]
// CHECK: scf.if %[[XIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[X1]], #[[B1]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[X1]], #[[BN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[BIS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[B1]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[BN]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: scf.if
// CHECK: arith.maximumf
// CHECK: return
func.func @w5(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = hlo.add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.maximum %s, %z : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
