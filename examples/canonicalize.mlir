// A small function for bcast-opt's README: constants fold, duplicates are
// merged and the private helper is inlined away.
//
//   go run ./cmd/bcast-opt examples/canonicalize.mlir --inline --canonicalize --cse
module {
  func.func @scale(%s: f32) -> f32 {
    %two = arith.constant 2.0 : f32
    %three = arith.constant 3.0 : f32
    %k = arith.mulf %two, %three : f32
    %a = arith.mulf %s, %k : f32
    %b = arith.mulf %s, %k : f32
    %c = call @add(%a, %b) : (f32, f32) -> f32
    return %c : f32
  }
  func.func private @add(%p: f32, %q: f32) -> f32 {
    %r = arith.addf %p, %q : f32
    return %r : f32
  }
}
