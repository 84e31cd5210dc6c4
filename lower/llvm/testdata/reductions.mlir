// Reductions for the native tests (reduce_native_test.go): hand-written
// linalg.generic kernels with reduction iterators in MLIR's form, as
// hlo.reduce lowers to them: an init filled by an all-parallel generic
// (linalg.fill is not an op of the linalg dialect yet), the combiner in
// the body. Each float sum has a twin whose name ends in _abs summing the
// terms' absolute values, which bounds the reassociation error.

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#sc2 = affine_map<(d0, d1) -> ()>
#sc1 = affine_map<(d0) -> ()>
#x3_b = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#x3_ac = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#o3_0 = affine_map<(d0, d1, d2) -> (d0)>
#o3_01 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#sc3 = affine_map<(d0, d1, d2) -> ()>

func.func @row_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_abs(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %init_e = tensor.empty(%n) : tensor<?xf64>
  %init_c = arith.constant 0.0 : f64
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf64>) {
  ^bb0(%o: f64):
    linalg.yield %init_c : f64
  } -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %s = arith.addf %acc, %in : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @row_sum_f64_abs(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %init_e = tensor.empty(%n) : tensor<?xf64>
  %init_c = arith.constant 0.0 : f64
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf64>) {
  ^bb0(%o: f64):
    linalg.yield %init_c : f64
  } -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %a = math.absf %in : f64
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @row_max(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0xFF800000 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_min(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0x7F800000 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.minimumf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_max_f64(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %init_e = tensor.empty(%n) : tensor<?xf64>
  %init_c = arith.constant 0xFFF0000000000000 : f64
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf64>) {
  ^bb0(%o: f64):
    linalg.yield %init_c : f64
  } -> tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %s = arith.maximumf %in, %acc : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @row_prod(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 1.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %k = arith.constant 0.015625 : f32
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %in, %k : f32
    %t = arith.addf %m, %one : f32
    %s = arith.mulf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_exp(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %k = arith.constant 0.125 : f32
    %m = arith.mulf %in, %k : f32
    %e = math.exp %m : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant 0 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.addi %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_max_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant -2147483648 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.maxsi %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_min_i64(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi64>
  %init_e = tensor.empty(%n) : tensor<?xi64>
  %init_c = arith.constant 9223372036854775807 : i64
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi64>) {
  ^bb0(%o: i64):
    linalg.yield %init_c : i64
  } -> tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi64>) outs(%init : tensor<?xi64>) {
  ^bb0(%in: i64, %acc: i64):
    %s = arith.minsi %in, %acc : i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @row_umax_i16(%x: tensor<?x?xi16>) -> tensor<?xi16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi16>
  %init_e = tensor.empty(%n) : tensor<?xi16>
  %init_c = arith.constant 0 : i16
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi16>) {
  ^bb0(%o: i16):
    linalg.yield %init_c : i16
  } -> tensor<?xi16>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi16>) outs(%init : tensor<?xi16>) {
  ^bb0(%in: i16, %acc: i16):
    %s = arith.maxui %in, %acc : i16
    linalg.yield %s : i16
  } -> tensor<?xi16>
  return %r : tensor<?xi16>
}

func.func @row_umin_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant -1 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.minui %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_mul_i8(%x: tensor<?x?xi8>) -> tensor<?xi8> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi8>
  %init_e = tensor.empty(%n) : tensor<?xi8>
  %init_c = arith.constant 1 : i8
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi8>) {
  ^bb0(%o: i8):
    linalg.yield %init_c : i8
  } -> tensor<?xi8>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi8>) outs(%init : tensor<?xi8>) {
  ^bb0(%in: i8, %acc: i8):
    %s = arith.muli %in, %acc : i8
    linalg.yield %s : i8
  } -> tensor<?xi8>
  return %r : tensor<?xi8>
}

func.func @row_xor_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant 0 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.xori %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_or_i64(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi64>
  %init_e = tensor.empty(%n) : tensor<?xi64>
  %init_c = arith.constant 0 : i64
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi64>) {
  ^bb0(%o: i64):
    linalg.yield %init_c : i64
  } -> tensor<?xi64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi64>) outs(%init : tensor<?xi64>) {
  ^bb0(%in: i64, %acc: i64):
    %s = arith.ori %in, %acc : i64
    linalg.yield %s : i64
  } -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @row_and_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant -1 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.andi %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @row_any(%x: tensor<?x?xf32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xi1>
  %init_c = arith.constant 0 : i1
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi1>) {
  ^bb0(%o: i1):
    linalg.yield %init_c : i1
  } -> tensor<?xi1>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xi1>) {
  ^bb0(%in: f32, %acc: i1):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf ogt, %in, %z : f32
    %s = arith.ori %c, %acc : i1
    linalg.yield %s : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}

func.func @row_all(%x: tensor<?x?xf32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xi1>
  %init_c = arith.constant 1 : i1
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi1>) {
  ^bb0(%o: i1):
    linalg.yield %init_c : i1
  } -> tensor<?xi1>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xi1>) {
  ^bb0(%in: f32, %acc: i1):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf oge, %in, %z : f32
    %s = arith.andi %acc, %c : i1
    linalg.yield %s : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}

func.func @row_sum_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf16>
  %init_e = tensor.empty(%n) : tensor<?xf16>
  %init_c = arith.constant 0.0 : f16
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf16>) {
  ^bb0(%o: f16):
    linalg.yield %init_c : f16
  } -> tensor<?xf16>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf16>) outs(%init : tensor<?xf16>) {
  ^bb0(%in: f16, %acc: f16):
    %s = arith.addf %in, %acc : f16
    linalg.yield %s : f16
  } -> tensor<?xf16>
  return %r : tensor<?xf16>
}

func.func @row_softplus_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %l = math.log1p %e : f32
    %s2 = arith.addf %acc, %l : f32
    %h = arith.constant 0.5 : f32
    %s = arith.mulf %s2, %h : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_init(%x: tensor<?x?xf32>, %i: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%i : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_init_abs(%x: tensor<?x?xf32>, %i: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %i, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %ai = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%i : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %a = math.absf %in : f32
    linalg.yield %a : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%ai : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The init is a scalar argument broadcast by the fill (an input of the
// fill generic read through an empty map).
func.func @row_max_init_scalar(%x: tensor<?x?xf32>, %s: tensor<f32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %init = linalg.generic {indexing_maps = [#sc1, #id1], iterator_types = ["parallel"]} ins(%s : tensor<f32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Static shapes: the fill's constant inside its body.
func.func @row_sum_static(%x: tensor<5x100xf32>) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<5xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    linalg.yield %z : f32
  } -> tensor<5xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<5x100xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @row_sum_static_abs(%x: tensor<5x100xf32>) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<5xf32>) {
  ^bb0(%o: f32):
    %z = arith.constant 0.0 : f32
    linalg.yield %z : f32
  } -> tensor<5xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<5x100xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @row_max_static(%x: tensor<3x16xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<3xf32>) {
  ^bb0(%o: f32):
    linalg.yield %ninf : f32
  } -> tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<3x16xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @matvec(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<?x?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @matvec_abs(%x: tensor<?x?xf32>, %w: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<?x?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %ap = math.absf %p : f32
    %s = arith.addf %acc, %ap : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @col_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @col_max(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0xFF800000 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @col_sum_i32(%x: tensor<?x?xi32>) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xi32>
  %init_e = tensor.empty(%n) : tensor<?xi32>
  %init_c = arith.constant 0 : i32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xi32>) {
  ^bb0(%o: i32):
    linalg.yield %init_c : i32
  } -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.addi %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @col_softplus_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %l = math.log1p %e : f32
    %s2 = arith.addf %acc, %l : f32
    %h = arith.constant 0.5 : f32
    %s = arith.mulf %s2, %h : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @full_sum(%x: tensor<?x?xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %z = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<f32>) {
  ^bb0(%o: f32):
    linalg.yield %z : f32
  } -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id2, #sc2], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @full_sum_abs(%x: tensor<?x?xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %z = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<f32>) {
  ^bb0(%o: f32):
    linalg.yield %z : f32
  } -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id2, #sc2], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @full_max3(%x: tensor<?x?x?xf32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %z = arith.constant 0xFF800000 : f32
  %init = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<f32>) {
  ^bb0(%o: f32):
    linalg.yield %z : f32
  } -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id3, #sc3], iterator_types = ["reduction", "reduction", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

func.func @full_sum_i64(%x: tensor<?x?x?xi64>) -> tensor<i64> {
  %e = tensor.empty() : tensor<i64>
  %z = arith.constant 0 : i64
  %init = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<i64>) {
  ^bb0(%o: i64):
    linalg.yield %z : i64
  } -> tensor<i64>
  %r = linalg.generic {indexing_maps = [#id3, #sc3], iterator_types = ["reduction", "reduction", "reduction"]} ins(%x : tensor<?x?x?xi64>) outs(%init : tensor<i64>) {
  ^bb0(%in: i64, %acc: i64):
    %s = arith.addi %in, %acc : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  return %r : tensor<i64>
}

func.func @sum02(%x: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#x3_b, #o3_0], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @sum02_abs(%x: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#x3_b, #o3_0], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @mid_sum(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %c = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%a, %c) : tensor<?x?xf32>
  %k = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %k : f32
  } -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#x3_ac, #o3_01], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @mid_min(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %c = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%a, %c) : tensor<?x?xf32>
  %k = arith.constant 0x7F800000 : f32
  %init = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %k : f32
  } -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#x3_ac, #o3_01], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.minimumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @mid_max_i8(%x: tensor<?x?x?xi8>) -> tensor<?x?xi8> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = tensor.dim %x, %c0 : tensor<?x?x?xi8>
  %c = tensor.dim %x, %c2 : tensor<?x?x?xi8>
  %e = tensor.empty(%a, %c) : tensor<?x?xi8>
  %k = arith.constant -128 : i8
  %init = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xi8>) {
  ^bb0(%o: i8):
    linalg.yield %k : i8
  } -> tensor<?x?xi8>
  %r = linalg.generic {indexing_maps = [#x3_ac, #o3_01], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x?x?xi8>) outs(%init : tensor<?x?xi8>) {
  ^bb0(%in: i8, %acc: i8):
    %s = arith.maxsi %in, %acc : i8
    linalg.yield %s : i8
  } -> tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}

func.func @moments(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init, %init : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%in: f32, %s0: f32, %s1: f32):
    %a = arith.addf %s0, %in : f32
    %sq = arith.mulf %in, %in : f32
    %b = arith.addf %sq, %s1 : f32
    linalg.yield %a, %b : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

func.func @moments_abs(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init, %init : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%in: f32, %s0: f32, %s1: f32):
    %ai = math.absf %in : f32
    %a = arith.addf %s0, %ai : f32
    %sq = arith.mulf %in, %in : f32
    %b = arith.addf %sq, %s1 : f32
    linalg.yield %a, %b : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

func.func @argmax(%x: tensor<?x?xf32>) -> (tensor<?xi32>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%o0: f32, %o1: i32):
    linalg.yield %cv, %ci : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %av: f32, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpf ogt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#1 : tensor<?xi32>
}

func.func @argmax_both(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%o0: f32, %o1: i32):
    linalg.yield %cv, %ci : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %av: f32, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpf ogt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}

func.func @argmin_i64(%x: tensor<?x?xf32>) -> (tensor<?xi64>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi64>
  %cv = arith.constant 0x7F800000 : f32
  %ci = arith.constant 0 : i64
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%o0: f32, %o1: i64):
    linalg.yield %cv, %ci : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%v: f32, %av: f32, %ai: i64):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i64
    %gt = arith.cmpf olt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i64
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i64
    linalg.yield %rv, %ri : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  return %r#1 : tensor<?xi64>
}

func.func @argmax_f64(%x: tensor<?x?xf64>) -> (tensor<?xi32>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xf64>
  %ev = tensor.empty(%n) : tensor<?xf64>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFFF0000000000000 : f64
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf64>, tensor<?xi32>) {
  ^bb0(%o0: f64, %o1: i32):
    linalg.yield %cv, %ci : f64, i32
  } -> (tensor<?xf64>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf64>) outs(%init#0, %init#1 : tensor<?xf64>, tensor<?xi32>) {
  ^bb0(%v: f64, %av: f64, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpf ogt, %av, %v : f64
    %nan = arith.cmpf une, %av, %av : f64
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f64
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f64
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f64, i32
  } -> (tensor<?xf64>, tensor<?xi32>)
  return %r#1 : tensor<?xi32>
}

func.func @argmax_i32(%x: tensor<?x?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xi32>
  %ev = tensor.empty(%n) : tensor<?xi32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant -2147483648 : i32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%o0: i32, %o1: i32):
    linalg.yield %cv, %ci : i32, i32
  } -> (tensor<?xi32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xi32>) outs(%init#0, %init#1 : tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%v: i32, %av: i32, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpi sgt, %av, %v : i32
    %pa = arith.ori %gt, %gt : i1
    %eq = arith.cmpi eq, %av, %v : i32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : i32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : i32, i32
  } -> (tensor<?xi32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xi32>
}

func.func @argmax_iota(%x: tensor<?x?xf32>, %iota: tensor<?x?xi32>) -> (tensor<?xi32>) {
  %c = arith.constant 0 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%o0: f32, %o1: i32):
    linalg.yield %cv, %ci : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %iota : tensor<?x?xf32>, tensor<?x?xi32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %i: i32, %av: f32, %ai: i32):
    %gt = arith.cmpf ogt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#1 : tensor<?xi32>
}

func.func @argmax_col(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c = arith.constant 1 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%o0: f32, %o1: i32):
    linalg.yield %cv, %ci : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#tr2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %av: f32, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpf ogt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}


func.func @row_weighted(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_weighted_abs(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %in, %jf : f32
    %a = math.absf %p : f32
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @col_sum_init(%x: tensor<?x?xf32>, %i: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%i : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @sum01(%x: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %init_e = tensor.empty(%n) : tensor<?xf32>
  %init_c = arith.constant 0.0 : f32
  %init = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%init_e : tensor<?xf32>) {
  ^bb0(%o: f32):
    linalg.yield %init_c : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, #o3_0], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @argmax_col_idx(%x: tensor<?x?xf32>) -> (tensor<?xi32>) {
  %c = arith.constant 1 : index
  %n = tensor.dim %x, %c : tensor<?x?xf32>
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %cv = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %init:2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} outs(%ev, %ei : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%o0: f32, %o1: i32):
    linalg.yield %cv, %ci : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %r:2 = linalg.generic {indexing_maps = [#tr2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init#0, %init#1 : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%v: f32, %av: f32, %ai: i32):
    %i0 = linalg.index 1 : index
    %i = arith.index_cast %i0 : index to i32
    %gt = arith.cmpf ogt, %av, %v : f32
    %nan = arith.cmpf une, %av, %av : f32
    %pa = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %av, %v : f32
    %lt = arith.cmpi slt, %ai, %i : i32
    %tie = arith.andi %eq, %lt : i1
    %pi = arith.ori %pa, %tie : i1
    %rv = arith.select %pa, %av, %v : f32
    %ri = arith.select %pi, %ai, %i : i32
    linalg.yield %rv, %ri : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#1 : tensor<?xi32>
}


func.func @row_sum_fill(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.5 : f64
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_sum_fill_abs(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.5 : f64
  %init = linalg.fill ins(%z : f64) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @col_max_fill(%x: tensor<?x?xf32>, %m: tensor<f32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %v = tensor.extract %m[] : tensor<f32>
  %init = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @fill_returned(%x: tensor<?x?xf32>, %v: tensor<i32>) -> (tensor<?x?xi32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.dim %x, %c0 : tensor<?x?xf32>
  %b = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%a, %b) : tensor<?x?xi32>
  %s = tensor.extract %v[] : tensor<i32>
  %f = linalg.fill ins(%s : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %e1 = tensor.empty(%b) : tensor<?xf32>
  %k = arith.constant 2.0 : f32
  %g = linalg.fill ins(%k : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty(%b) : tensor<?xf32>
  %h = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%g : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %y = arith.mulf %in, %in : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %f, %h : tensor<?x?xi32>, tensor<?xf32>
}
