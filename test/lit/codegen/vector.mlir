// The innermost loop of a generic in explicit vector form
// (lower/llvm/vector.go): a <64 bytes> vector main loop and a scalar
// remainder; loop-invariant (broadcast) operands are splatted; outputs of
// 16 MB or more are written with aligned non-temporal stores after a
// scalar peel loop (x86-64 only), with an sfence before returning; bodies
// with C math library calls keep the scalar loop.
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=x86_64-linux-gnu | FileCheck %s
// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --target=aarch64-linux-gnu | FileCheck %s --check-prefix=A64

// Small static output: vector loop, plain unaligned stores, no peel.
// CHECK-LABEL: define i32 @small(
// CHECK-NOT: peel.loop
// CHECK: vec.body:
// CHECK: %v0 = load <16 x float>, <16 x float>* %{{[0-9]+}}, align 4
// CHECK: %v1 = load <16 x float>, <16 x float>* %{{[0-9]+}}, align 4
// CHECK: fadd <16 x float> %v0, %v1
// CHECK: store <16 x float> %{{[0-9]+}}, <16 x float>* %{{[0-9]+}}, align 4{{$}}
// CHECK: %vec.next = add nsw i64 %vec, 16
// CHECK: rest.body:
// CHECK: fadd float
// CHECK-NOT: sfence
// CHECK: ret i32
func.func @small(%x: tensor<64x100xf32>, %b: tensor<100xf32>) -> tensor<64x100xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<64x100xf32>, tensor<100xf32>) -> tensor<64x100xf32>
  return %s : tensor<64x100xf32>
}

// 64 MB static output: peel to a 64-byte boundary, then streaming stores.
// CHECK-LABEL: define i32 @big(
// CHECK: peel.loop:
// CHECK: vec.body:
// CHECK: store <16 x float> %{{[0-9]+}}, <16 x float>* %{{[0-9]+}}, align 64, !nontemporal ![[NT:[0-9]+]]
// CHECK: rest.body:
// CHECK: call void @llvm.x86.sse.sfence()
// CHECK-NEXT: ret i32
// A64-LABEL: define i32 @big(
// A64-NOT: nontemporal
// A64: ret i32
func.func @big(%x: tensor<4096x4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %s = chlo.broadcast_add %x, %b : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096x4096xf32>
  return %s : tensor<4096x4096xf32>
}

// Dynamic output: the size picks the kind of store at run time, by a
// branch that is the same on every iteration.
// CHECK-LABEL: define i32 @dyn(
// CHECK: icmp sge i64 %{{[0-9]+}}, u0x1000000
// CHECK: peel.loop:
// CHECK: vec.body:
// CHECK: br i1 %{{[0-9]+}}, label %store.nt, label %store
// CHECK: store.nt:
// CHECK-NEXT: bitcast
// CHECK-NEXT: store <16 x float> %{{[0-9]+}}, <16 x float>* %{{[0-9]+}}, align 64, !nontemporal
// CHECK: store:
// CHECK-NEXT: bitcast
// CHECK-NEXT: store <16 x float> %{{[0-9]+}}, <16 x float>* %{{[0-9]+}}, align 4{{$}}
func.func @dyn(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = stablehlo.negate %x : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// A broadcast operand that does not use the inner loop dim is splatted;
// f64 takes 8 lanes.
// CHECK-LABEL: define i32 @col(
// CHECK: vec.body:
// CHECK: %[[X:[0-9]+]] = load double, double* %{{.*}}
// CHECK: insertelement <8 x double> undef, double %[[X]], i32 0
// CHECK: shufflevector <8 x double>
// CHECK: fmul <8 x double>
func.func @col(%x: tensor<64x1xf64>, %y: tensor<64x100xf64>) -> tensor<64x100xf64> {
  %r = chlo.broadcast_multiply %x, %y : (tensor<64x1xf64>, tensor<64x100xf64>) -> tensor<64x100xf64>
  return %r : tensor<64x100xf64>
}

// f32 tanh is lower/llvm's own (vecmath.go): the vector loop calls its
// vector form, the remainder its scalar form.
// CHECK-LABEL: define i32 @tanh_f32(
// CHECK: vec.body:
// CHECK: call <16 x float> @bcast.tanhf.v16(
// CHECK: rest.body:
// CHECK: call float @bcast.tanhf(
// CHECK: ret i32
func.func @tanh_f32(%x: tensor<64x100xf32>) -> tensor<64x100xf32> {
  %r = stablehlo.tanh %x : tensor<64x100xf32>
  return %r : tensor<64x100xf32>
}

// f64 tanh is a C library call: the scalar loop stays.
// CHECK-LABEL: define i32 @libm(
// CHECK-NOT: vec.body
// CHECK: call double @tanh(
// CHECK: ret i32
func.func @libm(%x: tensor<64x100xf64>) -> tensor<64x100xf64> {
  %r = stablehlo.tanh %x : tensor<64x100xf64>
  return %r : tensor<64x100xf64>
}


// A body that reads its output (an accumulate into an initialized
// destination) keeps the scalar loop: the vector body loads inputs only.
// CHECK-LABEL: define i32 @reads_out(
// CHECK-NOT: vec.body
// CHECK: ret i32
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reads_out(%x: tensor<64x100xf32>, %y: tensor<64x100xf32>) -> tensor<64x100xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x100xf32>) outs(%y : tensor<64x100xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x100xf32>
  return %r : tensor<64x100xf32>
}

// CHECK: ![[NT]] = !{i32 1}
