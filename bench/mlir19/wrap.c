//go:build ignore

/* wrap.c: adapters from the benchmark calling convention (bench.h) to the
 * C interface MLIR 19 emits for the kernels in W1.mlir .. W9.mlir
 * (llvm.emit_c_interface: _mlir_ciface_<name>, memref arguments passed as
 * pointers to descriptors, a memref result returned through a descriptor
 * pointer passed first).
 *
 * Compile with exactly one of -DMLIR19_W1 .. -DMLIR19_W9; the object then
 * exports, for that workload n:
 *
 *   mlir_Wn      calls Wn_dps, which writes the result straight into out
 *                (destination passing: kernel vs kernel, no extra copy).
 *                This is the one to time.
 *   mlir_Wn_ret  calls Wn, which returns a buffer it malloc'ed; the adapter
 *                copies it into out and frees it. The copy and the fresh
 *                allocation are what MLIR's default calling convention
 *                costs a caller that owns its output buffer.
 *
 * Only malloc/free/memcpy from the C library are needed. Every adapter
 * checks the operand count and run-time shapes and returns nonzero on a
 * mismatch, because the MLIR kernels do no shape checking of their own.
 *
 * The go:build line above keeps the go tool from taking this file for cgo
 * source of package mlir19. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../c/bench.h"

/* Memref descriptors as MLIR's LLVM lowering lays them out. */
typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
} memref0;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} memref1;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
} memref2;

typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[3];
  int64_t strides[3];
} memref3;

/* The kernels never write their inputs, so casting const away is safe. */
static memref0 view0(const float *p) {
  memref0 m = {(float *)p, (float *)p, 0};
  return m;
}

static memref1 view1(const float *p, int64_t n) {
  memref1 m = {(float *)p, (float *)p, 0, {n}, {1}};
  return m;
}

static memref2 view2(const float *p, int64_t r, int64_t c) {
  memref2 m = {(float *)p, (float *)p, 0, {r, c}, {c, 1}};
  return m;
}

static memref3 view3(const float *p, int64_t a, int64_t b, int64_t c) {
  memref3 m = {(float *)p, (float *)p, 0, {a, b, c}, {b * c, c, 1}};
  return m;
}

/* has_shape reports whether t has exactly the given rank and dims. */
static int has_shape(const bench_tensor *t, int rank, const int64_t *dims) {
  if (t->rank != rank)
    return 0;
  for (int i = 0; i < rank; i++)
    if (t->shape[i] != dims[i])
      return 0;
  return 1;
}

static int out_is(const int64_t *shape, int rank, int want_rank,
                  const int64_t *want) {
  if (rank != want_rank)
    return 0;
  for (int i = 0; i < rank; i++)
    if (shape[i] != want[i])
      return 0;
  return 1;
}

/* take_result copies a returned contiguous buffer of n floats into out and
 * frees it (the pointer malloc returned is the descriptor's allocated). */
static int take_result(float *out, float *allocated, const float *aligned,
                       int64_t offset, int64_t n) {
  if (allocated == NULL)
    return 1;
  memcpy(out, aligned + offset, (size_t)n * sizeof(float));
  free(allocated);
  return 0;
}

#if defined(MLIR19_W1)
void _mlir_ciface_W1(memref2 *res, memref2 *x, memref1 *b);
void _mlir_ciface_W1_dps(memref2 *x, memref1 *b, memref2 *out);

static const int64_t w1_x[] = {4096, 4096}, w1_b[] = {4096};

static int w1_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 2 && has_shape(&in[0], 2, w1_x) && has_shape(&in[1], 1, w1_b) &&
         out_is(os, orank, 2, w1_x);
}

int mlir_W1(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w1_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), o = view2(out, 4096, 4096);
  memref1 b = view1(in[1].data, 4096);
  _mlir_ciface_W1_dps(&x, &b, &o);
  return 0;
}

int mlir_W1_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w1_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), r;
  memref1 b = view1(in[1].data, 4096);
  _mlir_ciface_W1(&r, &x, &b);
  return take_result(out, r.allocated, r.aligned, r.offset, 4096 * 4096);
}
#endif

#if defined(MLIR19_W2)
void _mlir_ciface_W2(memref2 *res, memref2 *a, memref2 *b);
void _mlir_ciface_W2_dps(memref2 *a, memref2 *b, memref2 *out);

static const int64_t w2_a[] = {4096, 1}, w2_b[] = {1, 4096},
                     w2_o[] = {4096, 4096};

static int w2_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 2 && has_shape(&in[0], 2, w2_a) && has_shape(&in[1], 2, w2_b) &&
         out_is(os, orank, 2, w2_o);
}

int mlir_W2(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w2_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 a = view2(in[0].data, 4096, 1), b = view2(in[1].data, 1, 4096);
  memref2 o = view2(out, 4096, 4096);
  _mlir_ciface_W2_dps(&a, &b, &o);
  return 0;
}

int mlir_W2_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w2_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 a = view2(in[0].data, 4096, 1), b = view2(in[1].data, 1, 4096), r;
  _mlir_ciface_W2(&r, &a, &b);
  return take_result(out, r.allocated, r.aligned, r.offset, 4096 * 4096);
}
#endif

#if defined(MLIR19_W3)
void _mlir_ciface_W3(memref3 *res, memref3 *a, memref3 *c, memref1 *d);
void _mlir_ciface_W3_dps(memref3 *a, memref3 *c, memref1 *d, memref3 *out);

static const int64_t w3_a[] = {64, 1, 1024}, w3_c[] = {64, 256, 1024},
                     w3_d[] = {1024};

static int w3_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 3 && has_shape(&in[0], 3, w3_a) && has_shape(&in[1], 3, w3_c) &&
         has_shape(&in[2], 1, w3_d) && out_is(os, orank, 3, w3_c);
}

int mlir_W3(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w3_check(out_shape, out_rank, in, nin))
    return 1;
  memref3 a = view3(in[0].data, 64, 1, 1024);
  memref3 c = view3(in[1].data, 64, 256, 1024);
  memref1 d = view1(in[2].data, 1024);
  memref3 o = view3(out, 64, 256, 1024);
  _mlir_ciface_W3_dps(&a, &c, &d, &o);
  return 0;
}

int mlir_W3_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w3_check(out_shape, out_rank, in, nin))
    return 1;
  memref3 a = view3(in[0].data, 64, 1, 1024);
  memref3 c = view3(in[1].data, 64, 256, 1024), r;
  memref1 d = view1(in[2].data, 1024);
  _mlir_ciface_W3(&r, &a, &c, &d);
  return take_result(out, r.allocated, r.aligned, r.offset, 64 * 256 * 1024);
}
#endif

#if defined(MLIR19_W4)
void _mlir_ciface_W4(memref2 *res, memref2 *x, memref0 *s, memref0 *b,
                     memref1 *m, memref1 *k);
void _mlir_ciface_W4_dps(memref2 *x, memref0 *s, memref0 *b, memref1 *m,
                         memref1 *k, memref2 *out);

static const int64_t w4_x[] = {4096, 4096}, w4_v[] = {4096};

static int w4_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 5 && has_shape(&in[0], 2, w4_x) && has_shape(&in[1], 0, NULL) &&
         has_shape(&in[2], 0, NULL) && has_shape(&in[3], 1, w4_v) &&
         has_shape(&in[4], 1, w4_v) && out_is(os, orank, 2, w4_x);
}

int mlir_W4(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w4_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), o = view2(out, 4096, 4096);
  memref0 s = view0(in[1].data), b = view0(in[2].data);
  memref1 m = view1(in[3].data, 4096), k = view1(in[4].data, 4096);
  _mlir_ciface_W4_dps(&x, &s, &b, &m, &k, &o);
  return 0;
}

int mlir_W4_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w4_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), r;
  memref0 s = view0(in[1].data), b = view0(in[2].data);
  memref1 m = view1(in[3].data, 4096), k = view1(in[4].data, 4096);
  _mlir_ciface_W4(&r, &x, &s, &b, &m, &k);
  return take_result(out, r.allocated, r.aligned, r.offset, 4096 * 4096);
}
#endif

#if defined(MLIR19_W5)
void _mlir_ciface_W5(memref2 *res, memref2 *x, memref1 *b);
void _mlir_ciface_W5_dps(memref2 *x, memref1 *b, memref2 *out);

/* w5_check accepts X RxC and b N when C and N broadcast (equal, or one of
 * them 1) and out is R x max(C, N); TOSA's lowering assumes this. */
static int w5_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  if (nin != 2 || in[0].rank != 2 || in[1].rank != 1 || orank != 2)
    return 0;
  int64_t r = in[0].shape[0], c = in[0].shape[1], n = in[1].shape[0];
  if (c != n && c != 1 && n != 1)
    return 0;
  return os[0] == r && os[1] == (c > n ? c : n);
}

int mlir_W5(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w5_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, in[0].shape[0], in[0].shape[1]);
  memref1 b = view1(in[1].data, in[1].shape[0]);
  memref2 o = view2(out, out_shape[0], out_shape[1]);
  _mlir_ciface_W5_dps(&x, &b, &o);
  return 0;
}

int mlir_W5_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w5_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, in[0].shape[0], in[0].shape[1]), r;
  memref1 b = view1(in[1].data, in[1].shape[0]);
  _mlir_ciface_W5(&r, &x, &b);
  if (r.sizes[0] != out_shape[0] || r.sizes[1] != out_shape[1]) {
    free(r.allocated);
    return 1;
  }
  return take_result(out, r.allocated, r.aligned, r.offset,
                     out_shape[0] * out_shape[1]);
}
#endif

#if defined(MLIR19_W6)
void _mlir_ciface_W6(memref2 *res, memref2 *x);
void _mlir_ciface_W6_dps(memref2 *x, memref2 *out);

static const int64_t w6_x[] = {4096, 4096};

static int w6_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 1 && has_shape(&in[0], 2, w6_x) && out_is(os, orank, 2, w6_x);
}

int mlir_W6(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w6_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), o = view2(out, 4096, 4096);
  _mlir_ciface_W6_dps(&x, &o);
  return 0;
}

int mlir_W6_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w6_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), r;
  _mlir_ciface_W6(&r, &x);
  return take_result(out, r.allocated, r.aligned, r.offset, 4096 * 4096);
}
#endif

#if defined(MLIR19_W7)
void _mlir_ciface_W7(memref2 *res, memref2 *x, memref1 *g, memref1 *b);
void _mlir_ciface_W7_dps(memref2 *x, memref1 *g, memref1 *b, memref2 *out);

static const int64_t w7_x[] = {4096, 4096}, w7_v[] = {4096};

static int w7_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 3 && has_shape(&in[0], 2, w7_x) && has_shape(&in[1], 1, w7_v) &&
         has_shape(&in[2], 1, w7_v) && out_is(os, orank, 2, w7_x);
}

int mlir_W7(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w7_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), o = view2(out, 4096, 4096);
  memref1 g = view1(in[1].data, 4096), b = view1(in[2].data, 4096);
  _mlir_ciface_W7_dps(&x, &g, &b, &o);
  return 0;
}

int mlir_W7_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w7_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 4096, 4096), r;
  memref1 g = view1(in[1].data, 4096), b = view1(in[2].data, 4096);
  _mlir_ciface_W7(&r, &x, &g, &b);
  return take_result(out, r.allocated, r.aligned, r.offset, 4096 * 4096);
}
#endif

#if defined(MLIR19_W8)
void _mlir_ciface_W8(memref2 *res, memref2 *x, memref2 *w, memref1 *b);
void _mlir_ciface_W8_dps(memref2 *x, memref2 *w, memref1 *b, memref2 *out);

static const int64_t w8_x[] = {1024, 1024}, w8_b[] = {1024};

static int w8_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 3 && has_shape(&in[0], 2, w8_x) && has_shape(&in[1], 2, w8_x) &&
         has_shape(&in[2], 1, w8_b) && out_is(os, orank, 2, w8_x);
}

int mlir_W8(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w8_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 1024, 1024), w = view2(in[1].data, 1024, 1024);
  memref2 o = view2(out, 1024, 1024);
  memref1 b = view1(in[2].data, 1024);
  _mlir_ciface_W8_dps(&x, &w, &b, &o);
  return 0;
}

int mlir_W8_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w8_check(out_shape, out_rank, in, nin))
    return 1;
  memref2 x = view2(in[0].data, 1024, 1024), w = view2(in[1].data, 1024, 1024), r;
  memref1 b = view1(in[2].data, 1024);
  _mlir_ciface_W8(&r, &x, &w, &b);
  return take_result(out, r.allocated, r.aligned, r.offset, 1024 * 1024);
}
#endif

#if defined(MLIR19_W9)
void _mlir_ciface_W9(memref3 *res, memref3 *q, memref3 *k, memref3 *v);
void _mlir_ciface_W9_dps(memref3 *q, memref3 *k, memref3 *v, memref3 *out);

static const int64_t w9_x[] = {8, 512, 64};

static int w9_check(const int64_t *os, int orank, const bench_tensor *in,
                    int nin) {
  return nin == 3 && has_shape(&in[0], 3, w9_x) && has_shape(&in[1], 3, w9_x) &&
         has_shape(&in[2], 3, w9_x) && out_is(os, orank, 3, w9_x);
}

int mlir_W9(float *out, const int64_t *out_shape, int out_rank,
            const bench_tensor *in, int nin) {
  if (!w9_check(out_shape, out_rank, in, nin))
    return 1;
  memref3 q = view3(in[0].data, 8, 512, 64), k = view3(in[1].data, 8, 512, 64);
  memref3 v = view3(in[2].data, 8, 512, 64), o = view3(out, 8, 512, 64);
  _mlir_ciface_W9_dps(&q, &k, &v, &o);
  return 0;
}

int mlir_W9_ret(float *out, const int64_t *out_shape, int out_rank,
                const bench_tensor *in, int nin) {
  if (!w9_check(out_shape, out_rank, in, nin))
    return 1;
  memref3 q = view3(in[0].data, 8, 512, 64), k = view3(in[1].data, 8, 512, 64);
  memref3 v = view3(in[2].data, 8, 512, 64), r;
  _mlir_ciface_W9(&r, &q, &k, &v);
  return take_result(out, r.allocated, r.aligned, r.offset, 8 * 512 * 64);
}
#endif
