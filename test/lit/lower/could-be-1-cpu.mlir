// RUN: bcast-opt %S/could-be-1.mlir --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=PLAIN --implicit-check-not='= hlo.'
// RUN: bcast-opt %S/could-be-1-version.mlir --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=VERSION --implicit-check-not='= hlo.'
// RUN: bcast-opt %S/could-be-1-indexed.mlir --pipeline=cpu | FileCheck %s --check-prefix=INDEXED --implicit-check-not='= hlo.'
// RUN: bcast-opt %S/could-be-1-invalid.mlir --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=INVALID --implicit-check-not='= hlo.'
// RUN: bcast-opt %S/could-be-1-max-versions.mlir --split-input-file --pipeline=cpu | FileCheck %s --check-prefix=MAX --implicit-check-not='= hlo.'
// RUN: bcast-opt %S/could-be-1-pipeline.mlir --pipeline=cpu | FileCheck %s --check-prefix=PIPELINE --implicit-check-not='= hlo.'
//
// No hlo op is left after --pipeline=cpu on the could-be-1 inputs:
// hlo.dynamic_broadcast_in_dim never reaches LLVM emission. The
// broadcasts written in the input are read through by the generics
// (versioned, or indexed past the version bound, a broadcast of a
// broadcast level by level) and by the shape computations (shape.shape_of
// is the shape operand); one returned as a value is copied by versions
// of a generic reading its operand.

// PLAIN-LABEL: func.func @w5_add
// PLAIN-SAME: (%[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[B:[a-z0-9]+]]: tensor<?xf32>, %[[S:[a-z0-9]+]]: tensor<2xindex>)
// PLAIN: shape.is_broadcastable %[[S]], %[[S]]
// PLAIN: tensor.extract %[[B]][%{{.*}}] : tensor<?xf32>
// PLAIN: tensor.extract %[[X]][%{{.*}}, %{{.*}}] : tensor<?x?xf32>
// PLAIN-LABEL: func.func @bounds_from_plain_operand
// PLAIN-LABEL: func.func @static_one
// PLAIN-LABEL: func.func @returned
// PLAIN-SAME: (%{{.*}}: tensor<?x?xf32>, %[[B:[a-z0-9]+]]: tensor<?xf32>, %{{.*}}: tensor<2xindex>)
// PLAIN: %[[COPY:[a-z0-9]+]] = scf.if
// PLAIN-NEXT: linalg.generic {{.*}} ins(%[[B]] : tensor<?xf32>)
// PLAIN: } else {
// PLAIN-NEXT: linalg.generic {{.*}} ins(%[[B]] : tensor<?xf32>)
// PLAIN: return %{{.*}}, %[[COPY]]

// VERSION-LABEL: func.func @w5
// VERSION-LABEL: func.func @same_operand_twice
// VERSION-LABEL: func.func @transposed
// VERSION-LABEL: func.func @eight_versions
// VERSION-LABEL: func.func @chain
// VERSION-SAME: (%[[B:[a-z0-9]+]]: tensor<?xf32>,
// VERSION: tensor.extract %[[B]][%{{.*}}] : tensor<?xf32>
// VERSION-LABEL: func.func @returned
// VERSION: scf.if
// VERSION-LABEL: func.func @known
// VERSION-LABEL: func.func @same_size

// INDEXED-LABEL: func.func @four_dims
// INDEXED-SAME: (%[[X:[a-z0-9]+]]: tensor<?x?x?x?xf32>,
// INDEXED: tensor.extract %[[X]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<?x?x?x?xf32>

// INVALID-LABEL: func.func @four_dims
// INVALID-LABEL: func.func @two_broadcasts

// MAX-LABEL: func.func @one_dim
// MAX-LABEL: func.func @two_dims

// PIPELINE-LABEL: func.func @w5
