// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC \
// RUN:   --implicit-check-not=stablehlo --implicit-check-not=mhlo
//
// hlo.dynamic_iota and hlo.real_dynamic_slice round trip in StableHLO's
// pretty syntax (`%shape, dim = N` and four operands, both with the
// function type always written out), directly and through the generic
// form, from the stablehlo., mhlo. and hlo. spellings.

// CHECK-LABEL: func.func @dynamic_iota
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[S2:[a-z0-9]+]]: tensor<2xindex>)
func.func @dynamic_iota(%x: tensor<?xf32>, %s2: tensor<2xindex>) {
  // JAX's jnp.arange(b): the shape built from get_dimension_size.
  // CHECK-NEXT: %[[N:.*]] = hlo.get_dimension_size %[[X]], dim = 0 : (tensor<?xf32>) -> tensor<i32>
  // CHECK-NEXT: %[[S:.*]] = hlo.reshape %[[N]] : (tensor<i32>) -> tensor<1xi32>
  // CHECK-NEXT: hlo.dynamic_iota %[[S]], dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  // Any dim; static result dims; discardable attributes kept.
  // CHECK-NEXT: hlo.dynamic_iota %[[S2]], dim = 1 {foo = 1 : i64} : (tensor<2xindex>) -> tensor<?x4xi64>
  %1 = mhlo.dynamic_iota %s2, dim = 1 {foo = 1 : i64} : (tensor<2xindex>) -> tensor<?x4xi64>
  // A constant shape that agrees with the result type (StableHLO's example).
  // CHECK-NEXT: %[[C:.*]] = hlo.constant dense<[4, 5]> : tensor<2xi64>
  // CHECK-NEXT: hlo.dynamic_iota %[[C]], dim = 0 : (tensor<2xi64>) -> tensor<4x5xi64>
  %c = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
  %2 = hlo.dynamic_iota %c, dim = 0 : (tensor<2xi64>) -> tensor<4x5xi64>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "dynamic_iota"
// GENERIC: "hlo.dynamic_iota"(%{{.*}}) <{iota_dimension = 0 : i64}> : (tensor<1xi32>) -> tensor<?xf32>
// GENERIC: "hlo.dynamic_iota"(%{{.*}}) <{iota_dimension = 1 : i64}> {foo = 1 : i64} : (tensor<2xindex>) -> tensor<?x4xi64>
// GENERIC: "hlo.dynamic_iota"(%{{.*}}) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<4x5xi64>

// CHECK-LABEL: func.func @real_dynamic_slice
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<?xf32>, %[[M:[a-z0-9]+]]: tensor<?x4xf32>, %[[I:[a-z0-9]+]]: tensor<2xindex>, %[[J:[a-z0-9]+]]: tensor<1xi32>)
func.func @real_dynamic_slice(%x: tensor<?xf32>, %m: tensor<?x4xf32>, %i: tensor<2xindex>, %j: tensor<1xi32>) {
  // JAX's x[1:b-1]: a constant start and stride, the limit from b.
  // CHECK-NEXT: %[[START:.*]] = hlo.constant dense<1> : tensor<1xi32>
  // CHECK-NEXT: %[[N:.*]] = hlo.get_dimension_size %[[X]], dim = 0 : (tensor<?xf32>) -> tensor<i32>
  // CHECK-NEXT: %[[ONE:.*]] = hlo.constant dense<1> : tensor<i32>
  // CHECK-NEXT: %[[L:.*]] = hlo.subtract %[[N]], %[[ONE]] : tensor<i32>
  // CHECK-NEXT: %[[LIMIT:.*]] = hlo.reshape %[[L]] : (tensor<i32>) -> tensor<1xi32>
  // CHECK-NEXT: hlo.real_dynamic_slice %[[X]], %[[START]], %[[LIMIT]], %[[START]] : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %c = stablehlo.constant dense<1> : tensor<1xi32>
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %l = stablehlo.subtract %n, %one : tensor<i32>
  %limit = stablehlo.reshape %l : (tensor<i32>) -> tensor<1xi32>
  %0 = stablehlo.real_dynamic_slice %x, %c, %limit, %c : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  // Run-time indices of every kind, static result dims.
  // CHECK-NEXT: hlo.real_dynamic_slice %[[M]], %[[I]], %[[I]], %[[I]] : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x2xf32>
  %1 = mhlo.real_dynamic_slice %m, %i, %i, %i : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x2xf32>
  // Every type alike is still printed as a function type (StableHLO's
  // functional-type), with discardable attributes.
  // CHECK-NEXT: hlo.real_dynamic_slice %[[J]], %[[J]], %[[J]], %[[J]] {foo} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %2 = hlo.real_dynamic_slice %j, %j, %j, %j {foo} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "real_dynamic_slice"
// GENERIC: "hlo.real_dynamic_slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
// GENERIC: "hlo.real_dynamic_slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?x4xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x2xf32>
// GENERIC: "hlo.real_dynamic_slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {foo} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
