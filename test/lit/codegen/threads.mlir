// RUN: bcast-opt %s --pipeline=cpu --emit=llvm --threads --target=x86_64-linux-gnu | FileCheck %s
// RUN: bcast-opt %s --emit=c-header --threads | FileCheck %s --check-prefix=HEADER
//
// The parallel form (lower/llvm's Threads, parallel.go, pool.go): the
// kernel is softmax_threads, with a thread count; its row loop is
// outlined into a function of a range of rows, which bcast.parallel_for
// runs on the module's pthread pool with the kernel's values in a context
// struct; the row buffer is allocated again inside the outlined function,
// one per chunk. softmax itself is the C ABI's kernel, on one thread.
// CHECK-LABEL: define i32 @softmax_threads({{.*}}, i8* nocapture %err, i64 %err_len, i32 %threads)
// CHECK: %par.code = call i32 @bcast.parallel_for(i32 (i8*, i64, i64, i64)* @softmax_threads.row0.par, i8* %{{[0-9]+}}, i64 8, i64 24000, i32 %threads, i64 8)
// CHECK-LABEL: define private i32 @softmax_threads.row0.par(i8* noalias nocapture readonly %ctx, i64 %begin, i64 %end, i64 %chunk)
// CHECK: alloca [1000 x float], align 64
// CHECK: %ctx0 = load float*, float** %{{[0-9]+}}
// CHECK: {{^}}row0.loop:
// CHECK-NEXT: %row0 = phi i64 [ %begin, %row0.chunk ]
// CHECK: icmp slt i64 %row0, %end
// CHECK-LABEL: define private i32 @bcast.parallel_for(
// CHECK: call i32 @pthread_create(i64* %tid, i8* null, i8* (i8*)* @bcast.pool.worker,
// CHECK-LABEL: define i32 @softmax(
// CHECK-NEXT: entry:
// CHECK-NEXT: %code = call i32 @softmax_threads({{.*}}, i32 1)
// CHECK-NEXT: ret i32 %code
// HEADER: #define BCAST_THREADS_ABI 1
// HEADER: int32_t softmax(const float *arg0, const int64_t *arg0_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len);
// HEADER: int32_t softmax_threads(const float *arg0, const int64_t *arg0_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len, int32_t threads);
func.func @softmax(%x: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x1000xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %d = stablehlo.subtract %x, %mb : tensor<8x1000xf32>
  %e = stablehlo.exponential %d : tensor<8x1000xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x1000xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %r = stablehlo.divide %e, %sb : tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}
