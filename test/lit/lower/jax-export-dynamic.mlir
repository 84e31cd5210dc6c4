// RUN: bcast-opt %s --split-input-file --pipeline=cpu | FileCheck %s
//
// JAX's shape-polymorphic exports (jax.export with symbolic dims) through
// the CPU pipeline: @main computes each dimension variable from an
// argument's size (get_dimension_size, convert), checks the others with
// @shape_assertion, and calls the wrapped function, which builds each
// broadcast's shape with reshape/concatenate and uses same-shape
// stablehlo ops. The shapes fold to the arguments' sizes, every
// broadcast becomes a static indexing map, and each program is the one
// fused kernel of its static twin: no copy, no version.

// A batch dim: relu(x + b) (docs/SPEC.md §9 W1j).
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x8xf32>{{[^,]*}}, %[[B:[a-z0-9]+]]: tensor<8xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK: cf.assert %{{.*}}, "{{.*}}Expected value >= 1 for dimension variable 'b'. Found {0}."
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<?x8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<?x8xf32>)
// CHECK: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK: return %[[R]]
// CHECK-NOT: linalg.generic
module @jit_relu_bias attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x8xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<8xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x8xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.compare  GE, %1, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Found {0}.", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
    %3 = call @_wrapped_jax_export_main(%1, %arg0, %arg1) : (tensor<i64>, tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
    return %3 : tensor<?x8xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x8xf32> {mhlo.layout_mode = "default"}, %arg2: tensor<8xf32> {mhlo.layout_mode = "default"}) -> (tensor<?x8xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0, 1] : (tensor<1x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %5 = stablehlo.add %arg1, %4 : tensor<?x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %7 = stablehlo.reshape %6 : (tensor<i32>) -> tensor<1xi32>
    %c_0 = stablehlo.constant dense<8> : tensor<1xi32>
    %8 = stablehlo.concatenate %7, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %9 = stablehlo.dynamic_broadcast_in_dim %cst, %8, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x8xf32>
    %10 = stablehlo.maximum %5, %9 : tensor<?x8xf32>
    return %10 : tensor<?x8xf32>
  }
}

// -----

// Two symbolic dims, one of them shared by two arguments: x is (b, n),
// y is (n,), so @main takes n from x and asserts y's size equals it. That
// assertion is what proves y's `?` is not a could-be-1 dim.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[Y:[a-z0-9]+]]: tensor<?xf32>
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C1:.*]] : tensor<?x?xf32>
// CHECK-DAG: %[[YN:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?xf32>
// CHECK: cf.assert %{{.*}}, "{{.*}}dimension size args[1].shape[0] (= {0}) and the specification 'n' (= {1})."
// CHECK-NOT: scf.if
// CHECK: %[[B:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[B]], %[[N]]) : tensor<?x?xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[E]] : tensor<?x?xf32>)
// CHECK-NOT: linalg.generic
module @jit_add_row attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> (tensor<?x?xf32> {jax.result_info = ""}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %4 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?xf32>) -> tensor<i32>
    %5 = stablehlo.convert %4 : (tensor<i32>) -> tensor<i64>
    %6 = stablehlo.compare  EQ, %5, %3,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%6, %5, %3) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'n' (= {1}).", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %7 = call @_wrapped_jax_export_main(%1, %3, %arg0, %arg1) : (tensor<i64>, tensor<i64>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    return %7 : tensor<?x?xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<i64> {jax.global_constant = "n"}, %arg2: tensor<?x?xf32>, %arg3: tensor<?xf32>) -> (tensor<?x?xf32> {jax.result_info = ""}) {
    %0 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<?xf32>) -> tensor<1x?xf32>
    %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<i32>
    %4 = stablehlo.reshape %3 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %2, %4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %0, %5, dims = [0, 1] : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<?x?xf32>
    return %7 : tensor<?x?xf32>
  }
}

// -----

// a * c + d on 3-D data with a symbolic batch (docs/SPEC.md §9 W3j): a is
// (b, 1, 1024)-shaped, so its middle dim stretches (a static 1), while its
// batch dim is b itself; c's batch is asserted equal to b.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[D:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A0:[a-z0-9]+]]: tensor<?x1x16xf32>, %[[C:[a-z0-9]+]]: tensor<?x4x16xf32>, %[[D0:[a-z0-9]+]]: tensor<16xf32>
// CHECK: %[[AC:.*]] = tensor.collapse_shape %[[A0]] {{\[}}[0, 1], [2]] : tensor<?x1x16xf32> into tensor<?x16xf32>
// CHECK-NOT: scf.if
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[ID]], #[[D]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[AC]], %[[C]], %[[D0]] : tensor<?x16xf32>, tensor<?x4x16xf32>, tensor<16xf32>)
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
module @jit_fma attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x1x16xf32>, %arg1: tensor<?x4x16xf32>, %arg2: tensor<16xf32>) -> (tensor<?x4x16xf32> {jax.result_info = ""}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x1x16xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4x16xf32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
    %4 = stablehlo.compare  EQ, %3, %1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %3, %1) {api_version = 2 : i32, error_message = "Found inconsistency between dimension size args[1].shape[0] (= {0}) and the specification 'b' (= {1}).", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %5 = call @_wrapped_jax_export_main(%1, %arg0, %arg1, %arg2) : (tensor<i64>, tensor<?x1x16xf32>, tensor<?x4x16xf32>, tensor<16xf32>) -> tensor<?x4x16xf32>
    return %5 : tensor<?x4x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x1x16xf32>, %arg2: tensor<?x4x16xf32>, %arg3: tensor<16xf32>) -> (tensor<?x4x16xf32> {jax.result_info = ""}) {
    %0 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %c_0 = stablehlo.constant dense<16> : tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg1, %2, dims = [0, 1, 2] : (tensor<?x1x16xf32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %4 = stablehlo.multiply %3, %arg2 : tensor<?x4x16xf32>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %6 = stablehlo.dynamic_broadcast_in_dim %5, %2, dims = [0, 1, 2] : (tensor<1x1x16xf32>, tensor<3xi32>) -> tensor<?x4x16xf32>
    %7 = stablehlo.add %4, %6 : tensor<?x4x16xf32>
    return %7 : tensor<?x4x16xf32>
  }
}

// -----

// A reshape whose size is a product of a dimension variable (jnp.reshape(x,
// (b * 4, 8))): the multiply of sizes becomes scalar arith (arith.muli on
// the argument's size), and the reshape reads the argument in place.
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<?x4x8xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4x8xf32>
// CHECK: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK: %[[N64:.*]] = arith.extsi %[[N32]] : i32 to i64
// CHECK: %[[M:.*]] = arith.muli %[[N64]], %{{.*}} : i64
// CHECK: %[[M32:.*]] = arith.trunci %[[M]] : i64 to i32
// CHECK: %[[S:.*]] = tensor.from_elements %[[M32]], %{{.*}} : tensor<2xi32>
// CHECK: %[[R:.*]] = tensor.reshape %[[X]](%[[S]]) : (tensor<?x4x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<?x8xf32>)
// CHECK: math.exp
// CHECK-NOT: linalg.generic
module @jit_reshape attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4x8xf32>) -> (tensor<?x8xf32> {jax.result_info = ""}) {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4x8xf32>) -> tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %2 = call @_wrapped_jax_export_main(%1, %arg0) : (tensor<i64>, tensor<?x4x8xf32>) -> tensor<?x8xf32>
    return %2 : tensor<?x8xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<?x4x8xf32>) -> (tensor<?x8xf32> {jax.result_info = ""}) {
    %c = stablehlo.constant dense<4> : tensor<i64>
    %0 = stablehlo.multiply %arg0, %c : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c_0 = stablehlo.constant dense<8> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_reshape %arg1, %3 : (tensor<?x4x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %5 = stablehlo.exponential %4 : tensor<?x8xf32>
    return %5 : tensor<?x8xf32>
  }
}
