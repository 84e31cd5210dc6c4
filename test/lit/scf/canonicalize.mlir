// RUN: bcast-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
//
// scf.if's canonicalization: a constant condition inlines the region taken
// (MLIR's RemoveStaticCondition); an unknown one leaves the op alone; an
// unused scf.if whose regions have no side effects is dead.

// CHECK-LABEL: func.func @static_condition
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NOT: scf.if
// CHECK: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT: "test.use"(%[[N]], %[[B]]) : (f32, f32) -> ()
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: return
func.func @static_condition(%a: f32, %b: f32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = scf.if %t -> (f32) {
    %n = arith.negf %a : f32
    scf.yield %n : f32
  } else {
    scf.yield %a : f32
  }
  %1 = scf.if %f -> (f32) {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  "test.use"(%0, %1) : (f32, f32) -> ()
  scf.if %f {
    "test.else_absent"() : () -> ()
  }
  scf.if %t {
    "test.then"() : () -> ()
  }
  return
}

// -----

// CHECK-LABEL: func.func @dynamic_condition
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: "test.use"(%[[R]])
// CHECK-NOT: scf.if
func.func @dynamic_condition(%c: i1, %a: f32) {
  %0 = scf.if %c -> (f32) {
    %n = arith.negf %a : f32
    scf.yield %n : f32
  } else {
    scf.yield %a : f32
  }
  "test.use"(%0) : (f32) -> ()
  %1 = scf.if %c -> (f32) {
    %n = arith.negf %a : f32
    scf.yield %n : f32
  } else {
    scf.yield %a : f32
  }
  return
}
