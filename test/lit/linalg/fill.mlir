// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
//
// linalg.fill (dialects/linalg/fill.go) in MLIR 19's named-op form: the
// attribute dictionary, ins, outs, the result types; the body the custom
// form leaves out is the value, cast to the output's element type as
// MLIR's cast_signed does, which the generic form shows.
// fill-mlir-opt.mlir has mlir-opt-19 read this file and our output into
// the same text.

// CHECK-LABEL: func.func @fill(%arg0: f32, %arg1: index, %arg2: i32) -> (tensor<4xf32>, tensor<?x3xf32>, tensor<f32>) {
// CHECK-NEXT: %0 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg0 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = tensor.empty(%arg1) : tensor<?x3xf32>
// CHECK-NEXT: %3 = linalg.fill ins(%arg0 : f32) outs(%2 : tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: %4 = tensor.empty() : tensor<f32>
// CHECK-NEXT: %5 = linalg.fill {tag = 1 : i32} ins(%arg0 : f32) outs(%4 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: return %1, %3, %5 : tensor<4xf32>, tensor<?x3xf32>, tensor<f32>
// GENERIC-LABEL: sym_name = "fill"
// GENERIC: "linalg.fill"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// GENERIC-NEXT: "linalg.yield"(%[[IN]]) : (f32) -> ()
// GENERIC-NEXT: }) : (f32, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: }) {tag = 1 : i32} : (f32, tensor<f32>) -> tensor<f32>
func.func @fill(%c: f32, %n: index, %i: i32) -> (tensor<4xf32>, tensor<?x3xf32>, tensor<f32>) {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty(%n) : tensor<?x3xf32>
  %1 = linalg.fill ins(%c : f32) outs(%e1 : tensor<?x3xf32>) -> tensor<?x3xf32>
  %e2 = tensor.empty() : tensor<f32>
  %2 = linalg.fill {tag = 1 : i32} ins(%c : f32) outs(%e2 : tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<4xf32>, tensor<?x3xf32>, tensor<f32>
}

// The value is cast to the element type: fptosi, extf, truncf, sitofp,
// extsi (i1 too), trunci, index_cast (from index; MLIR has no cast to
// index, fill-invalid.mlir).
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %0 = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg0 : f32) outs(%0 : tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %2 = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %3 = linalg.fill ins(%arg0 : f32) outs(%2 : tensor<4xf64>) -> tensor<4xf64>
// CHECK: linalg.fill ins(%arg0 : f32) outs(%{{.*}} : tensor<4xf16>) -> tensor<4xf16>
// CHECK: linalg.fill ins(%arg1 : i32) outs(%{{.*}} : tensor<4xf32>) -> tensor<4xf32>
// CHECK: linalg.fill ins(%arg2 : i1) outs(%{{.*}} : tensor<4xi32>) -> tensor<4xi32>
// CHECK: linalg.fill ins(%arg1 : i32) outs(%{{.*}} : tensor<4xi8>) -> tensor<4xi8>
// CHECK: linalg.fill ins(%arg3 : index) outs(%{{.*}} : tensor<4xi32>) -> tensor<4xi32>
// GENERIC-LABEL: sym_name = "casts"
// GENERIC: "arith.fptosi"(%{{.*}}) : (f32) -> i32
// GENERIC: "arith.extf"(%{{.*}}) : (f32) -> f64
// GENERIC: "arith.truncf"(%{{.*}}) : (f32) -> f16
// GENERIC: "arith.sitofp"(%{{.*}}) : (i32) -> f32
// GENERIC: "arith.extsi"(%{{.*}}) : (i1) -> i32
// GENERIC: "arith.trunci"(%{{.*}}) : (i32) -> i8
// GENERIC: "arith.index_cast"(%{{.*}}) : (index) -> i32
func.func @casts(%f: f32, %i: i32, %p: i1, %x: index) -> (tensor<4xi32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi32>) {
  %e0 = tensor.empty() : tensor<4xi32>
  %0 = linalg.fill ins(%f : f32) outs(%e0 : tensor<4xi32>) -> tensor<4xi32>
  %e1 = tensor.empty() : tensor<4xf64>
  %1 = linalg.fill ins(%f : f32) outs(%e1 : tensor<4xf64>) -> tensor<4xf64>
  %e2 = tensor.empty() : tensor<4xf16>
  %2 = linalg.fill ins(%f : f32) outs(%e2 : tensor<4xf16>) -> tensor<4xf16>
  %e3 = tensor.empty() : tensor<4xf32>
  %3 = linalg.fill ins(%i : i32) outs(%e3 : tensor<4xf32>) -> tensor<4xf32>
  %e4 = tensor.empty() : tensor<4xi32>
  %4 = linalg.fill ins(%p : i1) outs(%e4 : tensor<4xi32>) -> tensor<4xi32>
  %e5 = tensor.empty() : tensor<4xi8>
  %5 = linalg.fill ins(%i : i32) outs(%e5 : tensor<4xi8>) -> tensor<4xi8>
  %e6 = tensor.empty() : tensor<4xi32>
  %6 = linalg.fill ins(%x : index) outs(%e6 : tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi32>
}

// A memref output: no result.
// CHECK-LABEL: func.func @memref(%arg0: f32, %arg1: memref<4xf32>) {
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%arg1 : memref<4xf32>)
// CHECK-NEXT: return
func.func @memref(%c: f32, %m: memref<4xf32>) {
  linalg.fill ins(%c : f32) outs(%m : memref<4xf32>)
  return
}

// The generic form reads back; the custom form prints the body it implies.
// CHECK-LABEL: func.func @generic_form(
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg0 : f32) outs(%0 : tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @generic_form(%c: f32) -> tensor<2x2xf32> {
  %e = tensor.empty() : tensor<2x2xf32>
  %0 = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }) : (f32, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
