// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The custom form of every arith op round trips, directly and through the
// generic form. ops-mlir-opt.mlir feeds the same output to mlir-opt-19.

// CHECK-LABEL: func.func @binary_float
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32, %[[B:[a-z0-9]+]]: f32, %[[T:[a-z0-9]+]]: tensor<4xf32>, %[[V:[a-z0-9]+]]: vector<4xf64>)
func.func @binary_float(%a: f32, %b: f32, %t: tensor<4xf32>, %v: vector<4xf64>) {
  // CHECK-NEXT: arith.addf %[[A]], %[[B]] : f32
  %0 = arith.addf %a, %b : f32
  // CHECK-NEXT: arith.subf %[[A]], %[[B]] : f32
  %1 = arith.subf %a, %b : f32
  // CHECK-NEXT: arith.mulf %[[A]], %[[B]] fastmath<fast> : f32
  %2 = arith.mulf %a, %b fastmath<fast> : f32
  // CHECK-NEXT: arith.divf %[[A]], %[[B]] fastmath<nnan,ninf> : f32
  %3 = arith.divf %a, %b fastmath<nnan,ninf> : f32
  // CHECK-NEXT: arith.remf %[[A]], %[[B]] : f32
  %4 = arith.remf %a, %b : f32
  // CHECK-NEXT: arith.maximumf %[[T]], %[[T]] : tensor<4xf32>
  %5 = arith.maximumf %t, %t : tensor<4xf32>
  // CHECK-NEXT: arith.minimumf %[[V]], %[[V]] : vector<4xf64>
  %6 = arith.minimumf %v, %v : vector<4xf64>
  // CHECK-NEXT: arith.maxnumf %[[A]], %[[B]] : f32
  %7 = arith.maxnumf %a, %b : f32
  // CHECK-NEXT: arith.minnumf %[[A]], %[[B]] : f32
  %8 = arith.minnumf %a, %b : f32
  // CHECK-NEXT: arith.negf %[[A]] : f32
  %9 = arith.negf %a : f32
  // CHECK-NEXT: arith.negf %[[T]] fastmath<contract> : tensor<4xf32>
  %10 = arith.negf %t fastmath<contract> : tensor<4xf32>
  // CHECK-NEXT: arith.addf %[[A]], %[[B]] {tag = "x"} : f32
  %11 = arith.addf %a, %b {tag = "x"} : f32
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @binary_int
// CHECK-SAME: (%[[A:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i32, %[[I:[a-z0-9]+]]: index, %[[T:[a-z0-9]+]]: tensor<?xi8>)
func.func @binary_int(%a: i32, %b: i32, %i: index, %t: tensor<?xi8>) {
  // CHECK-NEXT: arith.addi %[[A]], %[[B]] : i32
  %0 = arith.addi %a, %b : i32
  // CHECK-NEXT: arith.subi %[[A]], %[[B]] overflow<nsw> : i32
  %1 = arith.subi %a, %b overflow<nsw> : i32
  // CHECK-NEXT: arith.muli %[[A]], %[[B]] overflow<nsw, nuw> : i32
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
  // CHECK-NEXT: arith.divsi %[[A]], %[[B]] : i32
  %3 = arith.divsi %a, %b : i32
  // CHECK-NEXT: arith.divui %[[I]], %[[I]] : index
  %4 = arith.divui %i, %i : index
  // CHECK-NEXT: arith.ceildivsi %[[A]], %[[B]] : i32
  %5 = arith.ceildivsi %a, %b : i32
  // CHECK-NEXT: arith.floordivsi %[[A]], %[[B]] : i32
  %6 = arith.floordivsi %a, %b : i32
  // CHECK-NEXT: arith.remsi %[[A]], %[[B]] : i32
  %7 = arith.remsi %a, %b : i32
  // CHECK-NEXT: arith.remui %[[A]], %[[B]] : i32
  %8 = arith.remui %a, %b : i32
  // CHECK-NEXT: arith.andi %[[T]], %[[T]] : tensor<?xi8>
  %9 = arith.andi %t, %t : tensor<?xi8>
  // CHECK-NEXT: arith.ori %[[A]], %[[B]] : i32
  %10 = arith.ori %a, %b : i32
  // CHECK-NEXT: arith.xori %[[A]], %[[B]] : i32
  %11 = arith.xori %a, %b : i32
  // CHECK-NEXT: arith.shli %[[A]], %[[B]] overflow<nuw> : i32
  %12 = arith.shli %a, %b overflow<nuw> : i32
  // CHECK-NEXT: arith.shrsi %[[A]], %[[B]] : i32
  %13 = arith.shrsi %a, %b : i32
  // CHECK-NEXT: arith.shrui %[[A]], %[[B]] : i32
  %14 = arith.shrui %a, %b : i32
  // CHECK-NEXT: arith.maxsi %[[A]], %[[B]] : i32
  %15 = arith.maxsi %a, %b : i32
  // CHECK-NEXT: arith.minsi %[[A]], %[[B]] : i32
  %16 = arith.minsi %a, %b : i32
  // CHECK-NEXT: arith.maxui %[[A]], %[[B]] : i32
  %17 = arith.maxui %a, %b : i32
  // CHECK-NEXT: arith.minui %[[A]], %[[B]] : i32
  %18 = arith.minui %a, %b : i32
  // CHECK-NEXT: return
  return
}

// The flags' default (`none`) is not printed by the custom form but is
// present in the generic form, as in MLIR.
// GENERIC-LABEL: "func.func"() <{function_type = (f32, i32) -> (), sym_name = "default_flags"}>
// GENERIC: "arith.addf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC: "arith.divsi"(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK-LABEL: func.func @default_flags
func.func @default_flags(%a: f32, %b: i32) {
  // CHECK-NEXT: arith.addf %{{.*}}, %{{.*}} : f32
  %0 = arith.addf %a, %a : f32
  // CHECK-NEXT: arith.addi %{{.*}}, %{{.*}} : i32
  %1 = arith.addi %b, %b : i32
  // CHECK-NEXT: arith.divsi %{{.*}}, %{{.*}} : i32
  %2 = arith.divsi %b, %b : i32
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  %0 = arith.constant 0 : index
  // CHECK-NEXT: %c-7_i32 = arith.constant -7 : i32
  %1 = arith.constant -7 : i32
  // CHECK-NEXT: %true = arith.constant true
  %2 = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  %3 = arith.constant false
  // CHECK-NEXT: arith.constant 1.500000e+00 : f32
  %4 = arith.constant 1.5 : f32
  // CHECK-NEXT: arith.constant 0x7FC00000 : f32
  %5 = arith.constant 0x7FC00000 : f32
  // CHECK-NEXT: arith.constant dense<[1, 2]> : tensor<2xi64>
  %6 = arith.constant dense<[1, 2]> : tensor<2xi64>
  // CHECK-NEXT: arith.constant dense<0.000000e+00> : vector<4xf16>
  %7 = arith.constant dense<0.0> : vector<4xf16>
  // CHECK-NEXT: arith.constant dense<[true, false]> : tensor<2xi1>
  %8 = arith.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-NEXT: arith.constant {tag} 3 : i64
  %9 = arith.constant {tag} 3 : i64
  // CHECK-NEXT: arith.constant -1.000000e+00 : bf16
  %10 = arith.constant -1.0 : bf16
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[A:[a-z0-9]+]]: f32, %[[I:[a-z0-9]+]]: i32, %[[T:[a-z0-9]+]]: tensor<4xf32>, %[[IT:[a-z0-9]+]]: tensor<4xindex>)
func.func @compare(%a: f32, %i: i32, %t: tensor<4xf32>, %it: tensor<4xindex>) {
  // CHECK-NEXT: arith.cmpf oeq, %[[A]], %[[A]] : f32
  %0 = arith.cmpf oeq, %a, %a : f32
  // CHECK-NEXT: arith.cmpf uno, %[[T]], %[[T]] : tensor<4xf32>
  %1 = arith.cmpf uno, %t, %t : tensor<4xf32>
  // CHECK-NEXT: arith.cmpf false, %[[A]], %[[A]] : f32
  %2 = arith.cmpf false, %a, %a : f32
  // CHECK-NEXT: arith.cmpf true, %[[A]], %[[A]] : f32
  %3 = arith.cmpf true, %a, %a : f32
  // CHECK-NEXT: arith.cmpi slt, %[[I]], %[[I]] : i32
  %4 = arith.cmpi slt, %i, %i : i32
  // CHECK-NEXT: arith.cmpi uge, %[[IT]], %[[IT]] : tensor<4xindex>
  %5 = arith.cmpi uge, %it, %it : tensor<4xindex>
  // CHECK-NEXT: return
  return
}

// GENERIC-LABEL: sym_name = "compare_generic"
// GENERIC: "arith.cmpf"(%{{.*}}, %{{.*}}) <{{{.*}}predicate = 2 : i64}> : (f32, f32) -> i1
// GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 9 : i64}> : (i32, i32) -> i1
func.func @compare_generic(%a: f32, %i: i32) {
  %0 = arith.cmpf ogt, %a, %a : f32
  %1 = arith.cmpi uge, %i, %i : i32
  return
}

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: f32, %[[CT:[a-z0-9]+]]: tensor<4xi1>, %[[T:[a-z0-9]+]]: tensor<4xf32>)
func.func @select(%c: i1, %a: f32, %ct: tensor<4xi1>, %t: tensor<4xf32>) {
  // CHECK-NEXT: arith.select %[[C]], %[[A]], %[[A]] : f32
  %0 = arith.select %c, %a, %a : f32
  // CHECK-NEXT: arith.select %[[C]], %[[T]], %[[T]] : tensor<4xf32>
  %1 = arith.select %c, %t, %t : tensor<4xf32>
  // CHECK-NEXT: arith.select %[[CT]], %[[T]], %[[T]] : tensor<4xi1>, tensor<4xf32>
  %2 = arith.select %ct, %t, %t : tensor<4xi1>, tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[H:[a-z0-9]+]]: f16, %[[F:[a-z0-9]+]]: f32, %[[I8:[a-z0-9]+]]: i8, %[[I32:[a-z0-9]+]]: i32, %[[IDX:[a-z0-9]+]]: index, %[[T:[a-z0-9]+]]: tensor<4xi32>)
func.func @casts(%h: f16, %f: f32, %i8: i8, %i32: i32, %idx: index, %t: tensor<4xi32>) {
  // CHECK-NEXT: arith.extf %[[H]] : f16 to f32
  %0 = arith.extf %h : f16 to f32
  // CHECK-NEXT: arith.truncf %[[F]] : f32 to f16
  %1 = arith.truncf %f : f32 to f16
  // CHECK-NEXT: arith.sitofp %[[I32]] : i32 to f32
  %2 = arith.sitofp %i32 : i32 to f32
  // CHECK-NEXT: arith.uitofp %[[I8]] : i8 to f64
  %3 = arith.uitofp %i8 : i8 to f64
  // CHECK-NEXT: arith.fptosi %[[F]] : f32 to i32
  %4 = arith.fptosi %f : f32 to i32
  // CHECK-NEXT: arith.fptoui %[[F]] : f32 to i8
  %5 = arith.fptoui %f : f32 to i8
  // CHECK-NEXT: arith.extsi %[[I8]] : i8 to i32
  %6 = arith.extsi %i8 : i8 to i32
  // CHECK-NEXT: arith.extui %[[I8]] : i8 to i64
  %7 = arith.extui %i8 : i8 to i64
  // CHECK-NEXT: arith.trunci %[[I32]] : i32 to i8
  %8 = arith.trunci %i32 : i32 to i8
  // CHECK-NEXT: arith.index_cast %[[IDX]] : index to i32
  %9 = arith.index_cast %idx : index to i32
  // CHECK-NEXT: arith.index_castui %[[I32]] : i32 to index
  %10 = arith.index_castui %i32 : i32 to index
  // CHECK-NEXT: arith.bitcast %[[F]] : f32 to i32
  %11 = arith.bitcast %f : f32 to i32
  // CHECK-NEXT: arith.sitofp %[[T]] : tensor<4xi32> to tensor<4xf32>
  %12 = arith.sitofp %t : tensor<4xi32> to tensor<4xf32>
  // CHECK-NEXT: arith.extsi %[[T]] {tag} : tensor<4xi32> to tensor<4xi64>
  %13 = arith.extsi %t {tag} : tensor<4xi32> to tensor<4xi64>
  // CHECK-NEXT: return
  return
}

// Results feed later ops; the printer names constants as MLIR does.
// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<4xf32>) -> tensor<4xi1> {
  // CHECK-NEXT: %[[CST:cst.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %{{.*}}, %[[CST]] : tensor<4xf32>
  %0 = arith.addf %x, %cst : tensor<4xf32>
  // CHECK-NEXT: %[[CMP:.*]] = arith.cmpf olt, %[[SUM]], %[[CST]] : tensor<4xf32>
  %1 = arith.cmpf olt, %0, %cst : tensor<4xf32>
  // CHECK-NEXT: return %[[CMP]] : tensor<4xi1>
  return %1 : tensor<4xi1>
}
