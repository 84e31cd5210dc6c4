/* ours.c: adapters from the harness's calling convention (bench.h) to
 * bcast-opt's kernels through their C ABI (lower/llvm/doc.go; the
 * declarations are what `bcast-opt W.mlir --pipeline=cpu --emit=c-header`
 * prints). bench/main.go compiles each workload's @Wn as @bcastopt_Wn: the
 * MLIR 19 objects define a symbol Wn of their own. The kernels are declared
 * weak so that the harness still links when one workload failed to
 * compile; ours_kernel then returns NULL and the harness prints n/a.
 *
 * An adapter only forwards pointers: the kernel checks the shapes itself
 * (argument dims against the static types, the result shape against the
 * one it computes), so a mismatch comes back as a nonzero code with a
 * message, which the adapter prints. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

#define WEAK __attribute__((weak))

/* In the header's words: args (pointer, shape) in order, then the result
 * and its shape, then the error buffer. The JAX exports W1j and W3j take
 * the arguments of W1 and W3 (their @main, compiled as bcastopt_W1j and
 * bcastopt_W3j); W6..W9, JAX exports too, are their @main. */
#define ARG(i) const float *arg##i, const int64_t *arg##i##_shape
#define RES float *res0, const int64_t *res0_shape, char *err, int64_t err_len
WEAK int32_t bcastopt_W1(ARG(0), ARG(1), RES);
WEAK int32_t bcastopt_W2(ARG(0), ARG(1), RES);
WEAK int32_t bcastopt_W3(ARG(0), ARG(1), ARG(2), RES);
WEAK int32_t bcastopt_W4(ARG(0), ARG(1), ARG(2), ARG(3), ARG(4), RES);
WEAK int32_t bcastopt_W5(ARG(0), ARG(1), RES);
WEAK int32_t bcastopt_W1j(ARG(0), ARG(1), RES);
WEAK int32_t bcastopt_W3j(ARG(0), ARG(1), ARG(2), RES);
WEAK int32_t bcastopt_W6(ARG(0), RES);
WEAK int32_t bcastopt_W7(ARG(0), ARG(1), ARG(2), RES);
WEAK int32_t bcastopt_W8(ARG(0), ARG(1), ARG(2), RES);
WEAK int32_t bcastopt_W9(ARG(0), ARG(1), ARG(2), RES);

/* report prints a kernel's error and passes its code on. */
static int report(const char *name, int32_t code, const char *err) {
  if (code != 0)
    fprintf(stderr, "ours_%s: error %d: %s\n", name, (int)code, err);
  return code;
}

/* ADAPTER1, ADAPTER2 and ADAPTER3 define ours_K for a kernel K of one,
 * two or three operands. */
#define ADAPTER1(K)                                                            \
  static int ours_##K(float *out, const int64_t *out_shape, int out_rank,     \
                      const bench_tensor *in, int nin) {                      \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 1)                                                              \
      return 1;                                                                \
    return report(#K, bcastopt_##K(in[0].data, in[0].shape, out, out_shape,   \
                                   err, sizeof err),                          \
                  err);                                                        \
  }
#define ADAPTER2(K)                                                            \
  static int ours_##K(float *out, const int64_t *out_shape, int out_rank,     \
                      const bench_tensor *in, int nin) {                      \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 2)                                                              \
      return 1;                                                                \
    return report(#K, bcastopt_##K(in[0].data, in[0].shape, in[1].data,       \
                                   in[1].shape, out, out_shape, err,          \
                                   sizeof err),                               \
                  err);                                                        \
  }
#define ADAPTER3(K)                                                            \
  static int ours_##K(float *out, const int64_t *out_shape, int out_rank,     \
                      const bench_tensor *in, int nin) {                      \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 3)                                                              \
      return 1;                                                                \
    return report(#K, bcastopt_##K(in[0].data, in[0].shape, in[1].data,       \
                                   in[1].shape, in[2].data, in[2].shape, out, \
                                   out_shape, err, sizeof err),               \
                  err);                                                        \
  }

ADAPTER2(W1)
ADAPTER2(W2)
ADAPTER3(W3)
ADAPTER2(W5)
ADAPTER2(W1j)
ADAPTER3(W3j)
ADAPTER1(W6)
ADAPTER3(W7)
ADAPTER3(W8)
ADAPTER3(W9)

static int ours_W4(float *out, const int64_t *out_shape, int out_rank,
                   const bench_tensor *in, int nin) {
  char err[256] = "";
  (void)out_rank;
  if (nin != 5)
    return 1;
  return report("W4", bcastopt_W4(in[0].data, in[0].shape, in[1].data,
                                  in[1].shape, in[2].data, in[2].shape,
                                  in[3].data, in[3].shape, in[4].data,
                                  in[4].shape, out, out_shape, err, sizeof err),
                err);
}

/* ours_kernel returns the adapter for kernel "W1".."W9", "W1j" or "W3j", or
 * NULL when that kernel is not linked in. */
bench_kernel ours_kernel(const char *kernel) {
  const struct {
    const char *name;
    int linked;
    bench_kernel fn;
  } table[] = {
      {"W1", bcastopt_W1 != 0, ours_W1}, {"W2", bcastopt_W2 != 0, ours_W2},
      {"W3", bcastopt_W3 != 0, ours_W3}, {"W4", bcastopt_W4 != 0, ours_W4},
      {"W5", bcastopt_W5 != 0, ours_W5}, {"W1j", bcastopt_W1j != 0, ours_W1j},
      {"W3j", bcastopt_W3j != 0, ours_W3j}, {"W6", bcastopt_W6 != 0, ours_W6},
      {"W7", bcastopt_W7 != 0, ours_W7}, {"W8", bcastopt_W8 != 0, ours_W8},
      {"W9", bcastopt_W9 != 0, ours_W9},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, kernel) == 0)
      return table[i].linked ? table[i].fn : NULL;
  return NULL;
}
