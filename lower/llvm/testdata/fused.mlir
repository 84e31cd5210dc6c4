// Fused groups for the native tests (fuse_native_test.go): hand-written
// linalg in the form --pipeline=cpu gives (reductions with linalg.fill
// inits, softmax's exp(x - m) in both the sum and the division), emitted
// as it is. Each kernel runs fused and unfused (every generic on its own),
// which must agree bit for bit, and in the interpreter.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>

// Softmax whose max is also returned: read by members and by func.return,
// it keeps its full storage; exp(x - m) is computed once per element.
func.func @softmax_max(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%mi : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %mx: f32, %acc: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m, %s : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %sum: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y, %m : tensor<?x?xf32>, tensor<?xf32>
}

// Softmax on f64: exp is the C library's, in scalar loops, kept per row
// all the same; the sum is also returned.
func.func @softmax_f64(%x: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %zero = arith.constant 0.0 : f64
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %k = tensor.dim %x, %c1 : tensor<?x?xf64>
  %e0 = tensor.empty(%n) : tensor<?xf64>
  %mi = linalg.fill ins(%ninf : f64) outs(%e0 : tensor<?xf64>) -> tensor<?xf64>
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf64>) outs(%mi : tensor<?xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %r = arith.maximumf %acc, %in : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  %si = linalg.fill ins(%zero : f64) outs(%e0 : tensor<?xf64>) -> tensor<?xf64>
  %s = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : tensor<?x?xf64>, tensor<?xf64>) outs(%si : tensor<?xf64>) {
  ^bb0(%in: f64, %mx: f64, %acc: f64):
    %d = arith.subf %in, %mx : f64
    %e = math.exp %d : f64
    %r = arith.addf %acc, %e : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf64>
  %y = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m, %s : tensor<?x?xf64>, tensor<?xf64>, tensor<?xf64>) outs(%e2 : tensor<?x?xf64>) {
  ^bb0(%in: f64, %mx: f64, %sum: f64, %o: f64):
    %d = arith.subf %in, %mx : f64
    %e = math.exp %d : f64
    %r = arith.divf %e, %sum : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64>
  return %y, %s : tensor<?x?xf64>, tensor<?xf64>
}

// Softmax over the last dim of a 3-d tensor: two shared loops.
func.func @softmax3(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %a = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %b = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %k = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %e0 = tensor.empty(%a, %b) : tensor<?x?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<?x?x?xf32>) outs(%mi : tensor<?x?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.generic {indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %m : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%si : tensor<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %acc: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %e3 = tensor.empty(%a, %b, %k) : tensor<?x?x?xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m, %s : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) outs(%e3 : tensor<?x?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %sum: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// An NxM intermediate that only members read is kept one row at a time
// (a row buffer: malloc, the row length being dynamic); the sum is
// also returned. On i32, so that the sums are exact.
func.func @scaled(%x: tensor<?x?xi32>) -> (tensor<?x?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %n = tensor.dim %x, %c0 : tensor<?x?xi32>
  %k = tensor.dim %x, %c1 : tensor<?x?xi32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xi32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x?xi32>) outs(%e2 : tensor<?x?xi32>) {
  ^bb0(%in: i32, %o: i32):
    %r = arith.muli %in, %two : i32
    linalg.yield %r : i32
  } -> tensor<?x?xi32>
  %e0 = tensor.empty(%n) : tensor<?xi32>
  %si = linalg.fill ins(%zero : i32) outs(%e0 : tensor<?xi32>) -> tensor<?xi32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<?x?xi32>) outs(%si : tensor<?xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %r = arith.addi %acc, %in : i32
    linalg.yield %r : i32
  } -> tensor<?xi32>
  %e3 = tensor.empty(%n, %k) : tensor<?x?xi32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%t, %s : tensor<?x?xi32>, tensor<?xi32>) outs(%e3 : tensor<?x?xi32>) {
  ^bb0(%in: i32, %sum: i32, %o: i32):
    %r = arith.subi %in, %sum : i32
    linalg.yield %r : i32
  } -> tensor<?x?xi32>
  return %y, %s : tensor<?x?xi32>, tensor<?xi32>
}

// The same, static and small: the row buffer is on the stack.
func.func @scaled_static(%x: tensor<5x37xf32>) -> tensor<5x37xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e2 = tensor.empty() : tensor<5x37xf32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<5x37xf32>) outs(%e2 : tensor<5x37xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.mulf %in, %two : f32
    linalg.yield %r : f32
  } -> tensor<5x37xf32>
  %e0 = tensor.empty() : tensor<5xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<5xf32>) -> tensor<5xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<5x37xf32>) outs(%si : tensor<5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<5xf32>
  %e3 = tensor.empty() : tensor<5x37xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%t, %s : tensor<5x37xf32>, tensor<5xf32>) outs(%e3 : tensor<5x37xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %r = arith.subf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<5x37xf32>
  return %y : tensor<5x37xf32>
}

// exp(x - m) as a generic of its own whose result is returned as well:
// the members read its full storage; nothing to keep per row.
func.func @exp_returned(%x: tensor<?x?xf32>, %m: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %e = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e3 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e3 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y, %e : tensor<?x?xf32>, tensor<?x?xf32>
}

// The logistic (1 / (1 + exp(-x)), vecmath.go's) normalized over rows:
// the division computing it is kept per row as a whole.
func.func @logistic_norm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %ng = arith.negf %in : f32
    %e = math.exp %ng : f32
    %d = arith.addf %e, %one : f32
    %l = arith.divf %one, %d : f32
    %r = arith.addf %acc, %l : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %ng = arith.negf %in : f32
    %e = math.exp %ng : f32
    %d = arith.addf %one, %e : f32
    %l = arith.divf %one, %d : f32
    %r = arith.divf %l, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Refused: a column sum (a reduction over the first dim) leads no group,
// and the division reading it per column is not row-local either.
func.func @col_norm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%k) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %e = math.exp %in : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Refused: the same column sum written with its parallel loop first (the
// input read transposed); its result is read per column, not per row.
func.func @col_norm_transposed(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%k) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#tr2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %e = math.exp %in : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Fused, but exp is not kept per row: the division reads x transposed (a
// square x), another element than the sum's.
func.func @exp_transposed(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %e = math.exp %in : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %n) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#tr2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %e = math.exp %in : f32
    %r = arith.divf %e, %sum : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A member's own check: z must have x's shape. Fused, the checks still run
// before any loop, in block order, with the unfused messages.
func.func @softmax_plus(%x: tensor<?x?xf32>, %z: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%mi : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%in: f32, %mx: f32, %acc: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #row, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m, %s, %z : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %sum: f32, %zz: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    %q = arith.divf %e, %sum : f32
    %r = arith.addf %q, %zz : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// An insert_slice between two members, in place into a tensor the first
// member reads a slice of: it ends the group, or the first member's loops
// (run after the insertion) would read x instead of the ones.
func.func @insert_between(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %k = tensor.dim %x, %c1 : tensor<?x?xf32>
  %ef = tensor.empty(%n, %k) : tensor<?x?xf32>
  %f = linalg.fill ins(%one : f32) outs(%ef : tensor<?x?xf32>) -> tensor<?x?xf32>
  %v = tensor.extract_slice %f[0, 0] [%n, %k] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<?x?xf32>) outs(%mi : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %f2 = tensor.insert_slice %x into %f[0, 0] [%n, %k] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %e2 = tensor.empty(%n, %k) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %o: f32):
    %r = arith.mulf %in, %mx : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y, %f2 : tensor<?x?xf32>, tensor<?x?xf32>
}
