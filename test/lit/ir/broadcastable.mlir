// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
//
// Every correct example of the Broadcastable trait document, and every OK
// row of its two tables, verify and print back unchanged.

// CHECK-LABEL: func.func @examples
func.func @examples(%a12: tensor<1x2xi32>, %dyn: tensor<?xi32>, %one: tensor<1xi32>, %four: tensor<4xi32>,
                    %three: tensor<2x3x4xi32>, %b2: tensor<2xi1>, %i2: tensor<2xi32>, %u: tensor<*xi32>) {
  // Exact match of static sizes.
  // CHECK: "test.broadcastable"(%{{.*}}, %{{.*}}) : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
  %0 = "test.broadcastable"(%a12, %a12) : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
  // Dynamic sizes match.
  // CHECK: (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "test.broadcastable"(%dyn, %dyn) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // tensor<1xi32> broadcast to tensor<4xi32>.
  // CHECK: (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "test.broadcastable"(%one, %four) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  // Inferred tensor<4xi32>, declared tensor<?xi32>.
  // CHECK: (tensor<4xi32>) -> tensor<?xi32>
  %3 = "test.broadcastable"(%four) : (tensor<4xi32>) -> tensor<?xi32>
  // Rank expansion to tensor<1x1x4xi32>, then broadcast to 2x3x4.
  // CHECK: (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %4 = "test.broadcastable"(%four, %three) : (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // No restriction on element types.
  // CHECK: (tensor<2xi1>, tensor<2xi32>) -> tensor<2xi64>
  %5 = "test.broadcastable"(%b2, %i2) : (tensor<2xi1>, tensor<2xi32>) -> tensor<2xi64>
  // Unranked result: no result check.
  // CHECK: (tensor<2xi32>) -> tensor<*xi32>
  %6 = "test.broadcastable"(%i2) : (tensor<2xi32>) -> tensor<*xi32>
  // All operands unranked: no result check.
  // CHECK: (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  %7 = "test.broadcastable"(%u, %u) : (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  return
}

// CHECK-LABEL: func.func @inference_rows
func.func @inference_rows(%d: tensor<?xf32>, %one: tensor<1xf32>, %four: tensor<4xf32>) {
  // (?, ?) -> ?
  // CHECK: (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %0 = "test.broadcastable"(%d, %d) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // (?, 1) -> ?
  // CHECK: (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %1 = "test.broadcastable"(%d, %one) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  // (?, >1) -> dim1, both orders
  // CHECK: (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "test.broadcastable"(%d, %four) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  %3 = "test.broadcastable"(%four, %d) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  // (1, 1) -> 1
  // CHECK: (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %4 = "test.broadcastable"(%one, %one) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  // (1, >1) -> dim1, both orders
  // CHECK: (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  %5 = "test.broadcastable"(%four, %one) : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
  // (>1, >1) equal -> dim0
  // CHECK: (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = "test.broadcastable"(%four, %four) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @verification_rows
func.func @verification_rows(%d: tensor<?xf32>, %four: tensor<4xf32>) {
  // inferred ? / actual ?: OK
  // CHECK: (tensor<?xf32>) -> tensor<?xf32>
  %0 = "test.broadcastable"(%d) : (tensor<?xf32>) -> tensor<?xf32>
  // inferred static / actual ?: OK
  // CHECK: (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  %1 = "test.broadcastable"(%four, %four) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  // inferred static / actual static, equal: OK
  // CHECK: (tensor<4xf32>) -> tensor<4xf32>
  %2 = "test.broadcastable"(%four) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
