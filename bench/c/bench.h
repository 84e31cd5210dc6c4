/* bench.h: the one calling convention every implementation of a
 * workload follows in the benchmark harness (bcast-opt's kernel through
 * its C ABI, the hand-written C loop, the MLIR 19 pipeline's kernel), so
 * the harness can time them side by side in one process.
 *
 * Tensors are dense, row-major float32. out is preallocated by the
 * harness with out_shape; in[i] gives operand i with its run-time shape
 * (for W5u the first operand is 4096x1). An implementation returns 0 on
 * success and nonzero on failure. */
#ifndef BCAST_BENCH_H
#define BCAST_BENCH_H

#include <stdint.h>

typedef struct {
  const float *data;
  int64_t shape[4];
  int rank;
} bench_tensor;

typedef int (*bench_kernel)(float *out, const int64_t *out_shape, int out_rank,
                            const bench_tensor *in, int nin);

#endif
