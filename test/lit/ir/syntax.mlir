// RUN: bcast-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: bcast-opt %s --allow-unregistered-dialect --mlir-print-op-generic | bcast-opt --allow-unregistered-dialect | FileCheck %s
//
// The textual forms of docs/SPEC.md §3: types, attributes, aliases, regions,
// blocks, result groups and locations.

#loc1 = loc("model.py":3:7)
#bcast = affine_map<(d0, d1) -> (d0, 0)>
!vec = tensor<2x?x4xf32>

// CHECK: #map = affine_map<(d0, d1) -> (d0, 0)>
// CHECK: #map1 = affine_map<(d0, d1)[s0] -> (d1 * 2 + s0, d0 floordiv 4)>
// CHECK-LABEL: module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
module @named attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  // CHECK-LABEL: func.func @types
  // CHECK-SAME: (%arg0: tensor<2x?x4xf32>, %arg1: tensor<*xf32>, %arg2: tensor<f32>, %arg3: memref<4x?xf32>,
  // CHECK-SAME: %arg4: memref<4x?xf32, strided<[?, 1], offset: ?>>, %arg5: index, %arg6: i1, %arg7: ui8,
  // CHECK-SAME: %arg8: si16, %arg9: bf16, %arg10: f16, %arg11: f64, %arg12: vector<4x[8]xf32>, %arg13: complex<f32>,
  // CHECK-SAME: %arg14: tuple<i32, f32>, %arg15: !stablehlo.token)
  func.func @types(%a: !vec, %b: tensor<*xf32>, %c: tensor<f32>, %d: memref<4x?xf32>,
                   %e: memref<4x?xf32, strided<[?, 1], offset: ?>>, %f: index, %g: i1, %h: ui8,
                   %i: si16, %j: bf16, %k: f16, %l: f64, %m: vector<4x[8]xf32>, %n: complex<f32>,
                   %o: tuple<i32, f32>, %p: !stablehlo.token) {
    return
  }

  // CHECK-LABEL: func.func @attributes
  func.func @attributes() {
    // CHECK: "test.attrs"() {a = 42 : i64, arr = [1 : i32, "s", true, unit], b = true, c = -7 : i32,
    // CHECK-SAME: d = 2.500000e+00 : f32, da = array<i64: 1, -2, 3>, db = array<i1: true, false>,
    // CHECK-SAME: df = array<f32: 1.500000e+00>, dict = {x = 1 : i64, y}, e = "esc\22aped\0A",
    // CHECK-SAME: f = 0x7FC00000 : f32, g = 0xFF800000 : f32, h = 3.14159274 : f32, i = 1.000000e-01 : f64,
    // CHECK-SAME: idx = 5 : index, m = #map, m2 = #map1, s = @sym, sn = @outer::@inner,
    // CHECK-SAME: t = tensor<4xf32>, u, w = #stablehlo<comparison_direction GT>, z = 18446744073709551615 : ui64}
    "test.attrs"() {a = 42, arr = [1 : i32, "s", true, unit], b = true, c = -7 : i32,
                    d = 2.5 : f32, da = array<i64: 1, -2, 3>, db = array<i1: true, false>,
                    df = array<f32: 1.5>, dict = {y, x = 1}, e = "esc\"aped\n",
                    f = 0x7FC00000 : f32, g = 0xFF800000 : f32, h = 3.14159274 : f32, i = 0.1 : f64,
                    idx = 5 : index, m = #bcast, m2 = affine_map<(d0, d1)[s0] -> (d1 * 2 + s0, d0 floordiv 4)>,
                    s = @sym, sn = @outer::@inner, t = tensor<4xf32>, u, w = #stablehlo<comparison_direction GT>,
                    z = 18446744073709551615 : ui64} : () -> ()
    return
  }

  // CHECK-LABEL: func.func @dense
  func.func @dense() {
    // CHECK: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
    %0 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    // CHECK: arith.constant dense<0.000000e+00> : tensor<4x4xf32>
    %1 = arith.constant dense<0.0> : tensor<4x4xf32>
    // CHECK: arith.constant dense<[true, false]> : tensor<2xi1>
    %2 = arith.constant dense<[true, false]> : tensor<2xi1>
    // Hex data, little-endian: 1.0 and 2.0.
    // CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
    %3 = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
    // CHECK: arith.constant dense<7> : tensor<i32>
    %4 = arith.constant dense<7> : tensor<i32>
    // CHECK: arith.constant dense<> : tensor<0xf32>
    %5 = arith.constant dense<> : tensor<0xf32>
    // CHECK: arith.constant dense<[-1, 2, -3]> : tensor<3xi8>
    %6 = arith.constant dense<[-1, 2, -3]> : tensor<3xi8>
    // CHECK: arith.constant dense<0x7FC00000> : tensor<2xf32>
    %7 = arith.constant dense<0x7FC00000> : tensor<2xf32>
    return
  }

  // CHECK-LABEL: func.func @regions_and_groups
  func.func @regions_and_groups(%x: f32) -> (f32, f32) {
    // CHECK: %[[G:.*]]:2 = "test.pair"(%arg0) : (f32) -> (f32, f32)
    %p:2 = "test.pair"(%x) : (f32) -> (f32, f32) loc(#loc1)
    // CHECK: "test.region"() ({
    // CHECK-NEXT: ^bb0(%[[A:.*]]: f32):
    // CHECK-NEXT: %{{.*}} = arith.addf %[[A]], %[[G]]#1 : f32
    // CHECK-NEXT: "test.br"()[^bb1] : () -> ()
    // CHECK-NEXT: ^bb1:
    // CHECK-NEXT: "test.yield"() : () -> ()
    // CHECK-NEXT: }) : () -> ()
    "test.region"() ({
    ^bb0(%a: f32):
      %s = arith.addf %a, %p#1 : f32 loc("other.py":1:1)
      "test.br"()[^next] : () -> ()
    ^next:
      "test.yield"() : () -> ()
    }) : () -> ()
    // CHECK: return %[[G]]#0, %[[G]]#1 : f32, f32
    return %p#0, %p#1 : f32, f32
  }
}
