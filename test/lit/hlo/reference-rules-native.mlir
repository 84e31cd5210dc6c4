// REQUIRES: native
//
// reference-rules.mlir's functions compiled by bcast-run (--pipeline=cpu,
// LLVM, the host's compiler) and run natively against its checks.
//
// RUN: bcast-run %S/reference-rules.mlir --entry array_api_setitem --input %S/Inputs/zeros_2x3x4_f32.npy --input %S/Inputs/iota_1x3x4_f32.npy | FileCheck %S/reference-rules.mlir --check-prefix=SETITEM
// RUN: bcast-run %S/reference-rules.mlir --entry array_api_setitem_dynamic --input %S/Inputs/zeros_2x3x4_f32.npy --input %S/Inputs/iota_1x3x4_f32.npy | FileCheck %S/reference-rules.mlir --check-prefix=SETITEM
// RUN: bcast-run %S/reference-rules.mlir --entry tml_scalar --input %S/Inputs/zeros_3_i32.npy | FileCheck %S/reference-rules.mlir --check-prefix=TML-SCALAR
// RUN: bcast-run %S/reference-rules.mlir --entry tml_row --input %S/Inputs/zeros_3x3_i32.npy | FileCheck %S/reference-rules.mlir --check-prefix=TML-ROW
// RUN: bcast-run %S/reference-rules.mlir --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/one_1_i32.npy | FileCheck %S/reference-rules.mlir --check-prefix=TML-SCALAR
// RUN: bcast-run %S/reference-rules.mlir --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/ones_3_i32.npy | FileCheck %S/reference-rules.mlir --check-prefix=TML-SCALAR
// RUN: not bcast-run %S/reference-rules.mlir --entry tml_dynamic --input %S/Inputs/zeros_3_i32.npy --input %S/Inputs/b_2_i32.npy 2>&1 | FileCheck %S/reference-rules.mlir --check-prefix=TML-ERROR
// RUN: not bcast-run %S/reference-rules.mlir --entry no_stretch_dynamic --input %S/Inputs/zeros_2x1_f32.npy --input %S/Inputs/iota_5_f32.npy 2>&1 | FileCheck %S/reference-rules.mlir --check-prefix=NO-STRETCH
// RUN: bcast-run %S/reference-rules.mlir --entry tml_narrow | FileCheck %S/reference-rules.mlir --check-prefix=NARROW
