// RUN: bcast-opt %s | FileCheck %s
// RUN: bcast-opt %s --mlir-print-op-generic | bcast-opt | FileCheck %s

// CHECK-LABEL: func.func @assert
// CHECK: cf.assert %arg0, "sizes differ: \22a\22 vs \22b\22"
func.func @assert(%ok: i1) {
  cf.assert %ok, "sizes differ: \"a\" vs \"b\""
  return
}
