// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The custom forms of func.func, func.return and func.call round trip,
// directly and through the generic form. ops-mlir-opt.mlir feeds the same
// output to mlir-opt-19.

// CHECK-LABEL: module @m attributes {mhlo.num_partitions = 1 : i32} {
module @m attributes {mhlo.num_partitions = 1 : i32} {

  // Declarations: visibility, unnamed argument types, argument and result
  // attributes, a function type as the single result.
  // CHECK-NEXT: func.func private @decl(i32, f32) -> i32
  func.func private @decl(i32, f32) -> i32
  // CHECK-NEXT: func.func private @decl_attrs(tensor<4xf32> {mhlo.sharding = ""}) -> (tensor<4xf32> {jax.result_info = "r"})
  func.func private @decl_attrs(tensor<4xf32> {mhlo.sharding = ""}) -> (tensor<4xf32> {jax.result_info = "r"})
  // CHECK-NEXT: func.func nested @nested_decl()
  func.func nested @nested_decl()
  // CHECK-NEXT: func.func private @returns_fn() -> ((i32) -> i32)
  func.func private @returns_fn() -> ((i32) -> i32)
  // CHECK-NEXT: func.func private @two() -> (tensor<2xf32>, tensor<2xf32>)
  func.func private @two() -> (tensor<2xf32>, tensor<2xf32>)
  // CHECK-NEXT: func.func private @no_results(tensor<?xf32>)
  func.func private @no_results(tensor<?xf32>) -> ()

  // GENERIC: "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
  // GENERIC-NEXT: }) : () -> ()
  // GENERIC: "func.func"() <{arg_attrs = [{mhlo.sharding = ""}], function_type = (tensor<4xf32>) -> tensor<4xf32>, res_attrs = [{jax.result_info = "r"}], sym_name = "decl_attrs", sym_visibility = "private"}> ({

  // CHECK-LABEL: func.func @empty() {
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @empty() {
    return
  }

  // Argument and result attributes on a definition; `public` is the default.
  // CHECK-LABEL: func.func @arg_attrs
  // CHECK-SAME: (%[[A:[a-z0-9]+]]: tensor<?x4xf32> {mhlo.sharding = "{replicated}"}, %[[B:[a-z0-9]+]]: i32)
  // CHECK-SAME: -> (tensor<?x4xf32> {jax.result_info = ""}) {
  // CHECK-NEXT: return %[[A]] : tensor<?x4xf32>
  // GENERIC: "func.func"() <{arg_attrs = [{mhlo.sharding = "{replicated}"}, {}], function_type = (tensor<?x4xf32>, i32) -> tensor<?x4xf32>, res_attrs = [{jax.result_info = ""}], sym_name = "arg_attrs"
  func.func public @arg_attrs(%arg0: tensor<?x4xf32> {mhlo.sharding = "{replicated}"}, %b: i32) -> (tensor<?x4xf32> {jax.result_info = ""}) {
    return %arg0 : tensor<?x4xf32>
  }

  // Several results and a discardable attribute dictionary.
  // CHECK-LABEL: func.func @multi
  // CHECK-SAME: (%[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: i32) -> (f32, i32) attributes {llvm.emit_c_interface} {
  // CHECK-NEXT: return %[[A]], %[[B]] : f32, i32
  // GENERIC: "func.func"() <{function_type = (f32, i32) -> (f32, i32), sym_name = "multi"}> ({
  // GENERIC: "func.return"(%{{.*}}, %{{.*}}) : (f32, i32) -> ()
  // GENERIC: }) {llvm.emit_c_interface} : () -> ()
  func.func @multi(%a: f32, %b: i32) -> (f32, i32) attributes {llvm.emit_c_interface} {
    return %a, %b : f32, i32
  }

  // func.call and call, result groups and `%0#1`.
  // CHECK-LABEL: func.func @calls
  // CHECK-SAME: (%[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: f32) -> f32 {
  func.func @calls(%a: i32, %b: f32) -> f32 {
    // CHECK-NEXT: %[[R0:.*]] = call @decl(%[[A]], %[[B]]) : (i32, f32) -> i32
    %0 = func.call @decl(%a, %b) : (i32, f32) -> i32
    // CHECK-NEXT: %[[R1:.*]] = call @decl(%[[R0]], %[[B]]) {tag = 1 : i32} : (i32, f32) -> i32
    %1 = call @decl(%0, %b) {tag = 1 : i32} : (i32, f32) -> i32
    // CHECK-NEXT: %{{.*}}:2 = call @two() : () -> (tensor<2xf32>, tensor<2xf32>)
    %2:2 = call @two() : () -> (tensor<2xf32>, tensor<2xf32>)
    // CHECK-NEXT: %[[R3:.*]]:2 = call @multi(%[[B]], %[[R1]]) : (f32, i32) -> (f32, i32)
    %3:2 = call @multi(%b, %1) : (f32, i32) -> (f32, i32)
    // CHECK-NEXT: call @empty() : () -> ()
    call @empty() : () -> ()
    // CHECK-NEXT: %{{.*}} = call @returns_fn() : () -> ((i32) -> i32)
    %4 = call @returns_fn() : () -> ((i32) -> i32)
    // CHECK-NEXT: return %[[R3]]#0 : f32
    "func.return"(%3#0) : (f32) -> ()
  }
  // GENERIC: %{{.*}} = "func.call"(%{{.*}}, %{{.*}}) <{callee = @decl}> : (i32, f32) -> i32
  // GENERIC: %{{.*}} = "func.call"(%{{.*}}, %{{.*}}) <{callee = @decl}> {tag = 1 : i32} : (i32, f32) -> i32
  // GENERIC: %{{.*}}:2 = "func.call"() <{callee = @two}> : () -> (tensor<2xf32>, tensor<2xf32>)
  // GENERIC: "func.call"() <{callee = @empty}> : () -> ()
  // GENERIC: "func.return"(%{{.*}}#0) : (f32) -> ()

  // Separately named result groups bind consecutive results.
  // CHECK-LABEL: func.func @result_groups
  func.func @result_groups() -> (tensor<2xf32>, tensor<2xf32>) {
    // CHECK-NEXT: %[[R:.*]]:2 = call @two() : () -> (tensor<2xf32>, tensor<2xf32>)
    %x, %y = call @two() : () -> (tensor<2xf32>, tensor<2xf32>)
    // CHECK-NEXT: return %[[R]]#1, %[[R]]#0 : tensor<2xf32>, tensor<2xf32>
    return %y, %x : tensor<2xf32>, tensor<2xf32>
  }

  // Locations are accepted and dropped.
  // CHECK-LABEL: func.func @locations
  // CHECK-SAME: (%[[A:[a-z0-9]+]]: f32) -> f32 {
  // CHECK-NEXT: return %[[A]] : f32
  func.func @locations(%a: f32 loc("x.py":1:2)) -> f32 {
    return %a : f32 loc(unknown)
  } loc("x.py":1:1)

  // A symbol name that needs quotes.
  // CHECK-LABEL: func.func @"quoted name"()
  func.func @"quoted name"() {
    // CHECK-NEXT: call @"quoted name"() : () -> ()
    call @"quoted name"() : () -> ()
    return
  }
}
