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
 * and its shape, then the error buffer. The JAX exports W1j, W3j and W9j
 * take the arguments of W1, W3 and W9 (their @main, compiled as
 * bcastopt_W1j, bcastopt_W3j and bcastopt_W9j); W6..W9, JAX exports too, are their @main. The
 * multi-thread columns' kernels are the same functions compiled in the
 * parallel form (`bcast-opt --threads`) as bcastopt_mt_Wn, called through
 * their entry with a thread count, bcastopt_mt_Wn_threads, on
 * bench_threads threads (harness.c). */
#define ARG(i) const float *arg##i, const int64_t *arg##i##_shape
#define RES float *res0, const int64_t *res0_shape, char *err, int64_t err_len
#define RESMT RES, int32_t threads
#define DECLARE(K, ...)                                                        \
  WEAK int32_t bcastopt_##K(__VA_ARGS__, RES);                                 \
  WEAK int32_t bcastopt_mt_##K##_threads(__VA_ARGS__, RESMT);
DECLARE(W1, ARG(0), ARG(1))
DECLARE(W2, ARG(0), ARG(1))
DECLARE(W3, ARG(0), ARG(1), ARG(2))
DECLARE(W4, ARG(0), ARG(1), ARG(2), ARG(3), ARG(4))
DECLARE(W5, ARG(0), ARG(1))
DECLARE(W1j, ARG(0), ARG(1))
DECLARE(W3j, ARG(0), ARG(1), ARG(2))
DECLARE(W6, ARG(0))
DECLARE(W7, ARG(0), ARG(1), ARG(2))
DECLARE(W8, ARG(0), ARG(1), ARG(2))
DECLARE(W9, ARG(0), ARG(1), ARG(2))
DECLARE(W9j, ARG(0), ARG(1), ARG(2))

/* The threads of the multi-thread columns (harness.c). */
extern int bench_threads;

/* report prints a kernel's error and passes its code on. */
static int report(const char *name, int32_t code, const char *err) {
  if (code != 0)
    fprintf(stderr, "%s: error %d: %s\n", name, (int)code, err);
  return code;
}

/* ADAPTER1, ADAPTER2 and ADAPTER3 define the adapter A calling kernel F of
 * one, two or three operands, with the arguments MORE after the error
 * buffer's (ST: none; MT: the thread count). */
#define ST
#define MT , bench_threads
#define ADAPTER1(A, F, MORE)                                                   \
  static int A(float *out, const int64_t *out_shape, int out_rank,             \
               const bench_tensor *in, int nin) {                              \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 1)                                                              \
      return 1;                                                                \
    return report(#A, F(in[0].data, in[0].shape, out, out_shape, err,          \
                        sizeof err MORE),                                      \
                  err);                                                        \
  }
#define ADAPTER2(A, F, MORE)                                                   \
  static int A(float *out, const int64_t *out_shape, int out_rank,             \
               const bench_tensor *in, int nin) {                              \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 2)                                                              \
      return 1;                                                                \
    return report(#A, F(in[0].data, in[0].shape, in[1].data, in[1].shape,    \
                        out, out_shape, err, sizeof err MORE),                 \
                  err);                                                        \
  }
#define ADAPTER3(A, F, MORE)                                                   \
  static int A(float *out, const int64_t *out_shape, int out_rank,             \
               const bench_tensor *in, int nin) {                              \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 3)                                                              \
      return 1;                                                                \
    return report(#A, F(in[0].data, in[0].shape, in[1].data, in[1].shape,    \
                        in[2].data, in[2].shape, out, out_shape, err,          \
                        sizeof err MORE),                                      \
                  err);                                                        \
  }
#define ADAPTER5(A, F, MORE)                                                   \
  static int A(float *out, const int64_t *out_shape, int out_rank,             \
               const bench_tensor *in, int nin) {                              \
    char err[256] = "";                                                        \
    (void)out_rank;                                                            \
    if (nin != 5)                                                              \
      return 1;                                                                \
    return report(#A, F(in[0].data, in[0].shape, in[1].data, in[1].shape,    \
                        in[2].data, in[2].shape, in[3].data, in[3].shape,      \
                        in[4].data, in[4].shape, out, out_shape, err,          \
                        sizeof err MORE),                                      \
                  err);                                                        \
  }
/* BOTH defines ours_K and oursmt_K for kernel K with adapter ADAPTERn. */
#define BOTH(ADAPTER, K)                                                       \
  ADAPTER(ours_##K, bcastopt_##K, ST)                                          \
  ADAPTER(oursmt_##K, bcastopt_mt_##K##_threads, MT)

BOTH(ADAPTER2, W1)
BOTH(ADAPTER2, W2)
BOTH(ADAPTER3, W3)
BOTH(ADAPTER5, W4)
BOTH(ADAPTER2, W5)
BOTH(ADAPTER2, W1j)
BOTH(ADAPTER3, W3j)
BOTH(ADAPTER1, W6)
BOTH(ADAPTER3, W7)
BOTH(ADAPTER3, W8)
BOTH(ADAPTER3, W9)
BOTH(ADAPTER3, W9j)

#define ENTRY(K)                                                               \
  {#K, bcastopt_##K != 0, ours_##K, bcastopt_mt_##K##_threads != 0, oursmt_##K}

/* kernel returns the adapter for kernel "W1".."W9", "W1j", "W3j" or "W9j": on
 * all of bench_threads threads (mt) or not, or NULL when that kernel is
 * not linked in. */
static bench_kernel kernel(const char *name, int mt) {
  const struct {
    const char *name;
    int linked;
    bench_kernel fn;
    int mt_linked;
    bench_kernel mt_fn;
  } table[] = {
      ENTRY(W1), ENTRY(W2), ENTRY(W3), ENTRY(W4), ENTRY(W5), ENTRY(W1j),
      ENTRY(W3j), ENTRY(W6), ENTRY(W7), ENTRY(W8), ENTRY(W9), ENTRY(W9j),
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, name) == 0) {
      if (mt)
        return table[i].mt_linked ? table[i].mt_fn : NULL;
      return table[i].linked ? table[i].fn : NULL;
    }
  return NULL;
}

/* ours_kernel returns the adapter of the single-thread kernel. */
bench_kernel ours_kernel(const char *name) { return kernel(name, 0); }

/* oursmt_kernel returns the adapter of the parallel form's kernel, run on
 * bench_threads threads. */
bench_kernel oursmt_kernel(const char *name) { return kernel(name, 1); }
