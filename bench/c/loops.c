/* loops.c: the hand-written fused C loops the benchmark compares
 * bcast-opt's kernels with, one per workload (docs/SPEC.md §9), written
 * the way a careful C programmer would: one pass over the output, the
 * innermost loop unit-stride over the last dim, broadcast operands hoisted
 * or read through a stride of 0, restrict pointers so gcc vectorizes.
 *
 * Built with gcc -O3 -march=native -ffp-contract=off: no fused
 * multiply-add, so every elementwise result rounds exactly like
 * bcast-opt's kernels and the harness can compare the outputs of W1..W5
 * almost bit for bit. Each loop does the operations in the order the
 * workload's StableHLO does them.
 *
 * The row reductions of W6 (softmax) and W7 (layer norm) are written as a
 * careful C programmer writes them: LANES independent partial sums (or
 * maxima) per row, combined at the end, because gcc vectorizes no
 * single-accumulator float reduction without -ffast-math (float addition
 * is not associative). So their sums are reassociated, like any
 * vectorized reduction, and the harness compares W6 and W7 with a
 * relative tolerance (harness.c). expf is glibc's libm function, called
 * per element: gcc only calls libmvec's vector expf under -ffast-math.
 *
 * The static workloads (W1..W4, W6, W7) read their sizes from the operand
 * shapes but assume the shapes the workload declares; c_W5 handles any
 * shapes that broadcast (it serves W5 and W5u). All return 0, or 1 when
 * the shapes are not what they expect.
 *
 * Built a second time with -fopenmp -DBENCH_OMP, the same loops are the
 * multi-thread columns' C: each function's outermost loop (rows; W3's p,
 * W9's heads) is `#pragma omp parallel for` with a static schedule on
 * bench_threads threads (harness.c), and the functions are named omp_Wn.
 * Each row is computed as in the single-thread loop, so the outputs are
 * the same. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench.h"

#ifdef BENCH_OMP
extern int bench_threads;
#define PARALLEL_FOR _Pragma("omp parallel for num_threads(bench_threads) schedule(static)")
#define c_W1 omp_W1
#define c_W2 omp_W2
#define c_W3 omp_W3
#define c_W4 omp_W4
#define c_W5 omp_W5
#define c_W6 omp_W6
#define c_W7 omp_W7
#define c_W8 omp_W8
#define c_W9 omp_W9
#else
#define PARALLEL_FOR
#endif

/* relu is max(v, 0) written so gcc emits a vector max. */
static inline float relu(float v) { return v > 0.0f ? v : 0.0f; }

/* c_W1: out[i][j] = max(X[i][j] + b[j], 0); X n x m, b m. */
int c_W1(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 2 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 1)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1];
  if (in[0].shape[0] != n || in[0].shape[1] != m || in[1].shape[0] != m)
    return 1;
  const float *restrict x = in[0].data;
  const float *restrict b = in[1].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float *restrict xr = x + i * m;
    float *restrict orow = o + i * m;
    for (int64_t j = 0; j < m; j++)
      orow[j] = relu(xr[j] + b[j]);
  }
  return 0;
}

/* c_W2: out[i][j] = a[i] + b[j]; a n x 1, b 1 x m (outer sum). */
int c_W2(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 2 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 2)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1];
  if (in[0].shape[0] != n || in[0].shape[1] != 1 || in[1].shape[0] != 1 ||
      in[1].shape[1] != m)
    return 1;
  const float *restrict a = in[0].data;
  const float *restrict b = in[1].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float ai = a[i];
    float *restrict orow = o + i * m;
    for (int64_t j = 0; j < m; j++)
      orow[j] = ai + b[j];
  }
  return 0;
}

/* c_W3: out[p][q][r] = a[p][0][r] * c[p][q][r] + d[r];
 * a P x 1 x R, c P x Q x R, d R. */
int c_W3(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 3 || out_rank != 3 || in[0].rank != 3 || in[1].rank != 3 ||
      in[2].rank != 1)
    return 1;
  const int64_t P = out_shape[0], Q = out_shape[1], R = out_shape[2];
  if (in[0].shape[0] != P || in[0].shape[1] != 1 || in[0].shape[2] != R ||
      in[1].shape[0] != P || in[1].shape[1] != Q || in[1].shape[2] != R ||
      in[2].shape[0] != R)
    return 1;
  const float *restrict a = in[0].data;
  const float *restrict c = in[1].data;
  const float *restrict d = in[2].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t p = 0; p < P; p++) {
    const float *restrict ap = a + p * R;
    for (int64_t q = 0; q < Q; q++) {
      const float *restrict cr = c + (p * Q + q) * R;
      float *restrict orow = o + (p * Q + q) * R;
      for (int64_t r = 0; r < R; r++)
        orow[r] = ap[r] * cr[r] + d[r];
    }
  }
  return 0;
}

/* c_W4: out[i][j] = ((x[i][j] * s + b) - m[j]) * k[j]; s, b scalars
 * (rank 0), m, k vectors of the row length. */
int c_W4(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 5 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 0 ||
      in[2].rank != 0 || in[3].rank != 1 || in[4].rank != 1)
    return 1;
  const int64_t n = out_shape[0], w = out_shape[1];
  if (in[0].shape[0] != n || in[0].shape[1] != w || in[3].shape[0] != w ||
      in[4].shape[0] != w)
    return 1;
  const float *restrict x = in[0].data;
  const float s = in[1].data[0], b = in[2].data[0];
  const float *restrict m = in[3].data;
  const float *restrict k = in[4].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float *restrict xr = x + i * w;
    float *restrict orow = o + i * w;
    for (int64_t j = 0; j < w; j++)
      orow[j] = ((xr[j] * s + b) - m[j]) * k[j];
  }
  return 0;
}

/* bdim is the stride (in elements) of an operand dim of size `size`
 * broadcast to `out`: 0 when it is stretched (size 1), `stride` when it
 * matches; -1 when the shapes do not broadcast. */
static int64_t bdim(int64_t size, int64_t out, int64_t stride) {
  if (size == out)
    return out == 1 ? 0 : stride;
  if (size == 1)
    return 0;
  return -1;
}

/* c_W5: W1 with every dim dynamic: out = max(X + b, 0) with numpy
 * broadcasting, X of rank 2 (either dim may be 1 and stretched), b of
 * rank 1 (its one dim may be 1). A stretched dim is read with stride 0;
 * the inner loop is specialised on the two strides so that each case
 * (both unit-stride, X stretched as in W5u, b stretched, both) is a loop
 * gcc vectorizes. */
int c_W5(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 2 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 1)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1];
  const int64_t xs0 = bdim(in[0].shape[0], n, in[0].shape[1]);
  const int64_t xs1 = bdim(in[0].shape[1], m, 1);
  const int64_t bs = bdim(in[1].shape[0], m, 1);
  if (xs0 < 0 || xs1 < 0 || bs < 0)
    return 1;
  const float *restrict x = in[0].data;
  const float *restrict b = in[1].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float *restrict xr = x + i * xs0;
    float *restrict orow = o + i * m;
    if (xs1 == 1 && bs == 1) {
      for (int64_t j = 0; j < m; j++)
        orow[j] = relu(xr[j] + b[j]);
    } else if (bs == 1) { /* X's column stretched: W5u */
      const float xv = xr[0];
      for (int64_t j = 0; j < m; j++)
        orow[j] = relu(xv + b[j]);
    } else if (xs1 == 1) { /* b stretched */
      const float bv = b[0];
      for (int64_t j = 0; j < m; j++)
        orow[j] = relu(xr[j] + bv);
    } else {
      const float v = relu(xr[0] + b[0]);
      for (int64_t j = 0; j < m; j++)
        orow[j] = v;
    }
  }
  return 0;
}

/* LANES is the number of independent accumulators of a row reduction:
 * four 8-float AVX vectors, enough to hide the latency of vaddps. */
enum { LANES = 32 };

/* row_max is the largest of x[0..m), written so gcc keeps LANES maxima in
 * vector registers (vmaxps). NaNs are not propagated; the inputs have
 * none. */
static float row_max(const float *restrict x, int64_t m) {
  float acc[LANES];
  for (int k = 0; k < LANES; k++)
    acc[k] = -INFINITY;
  int64_t j = 0;
  for (; j + LANES <= m; j += LANES)
    for (int k = 0; k < LANES; k++)
      acc[k] = x[j + k] > acc[k] ? x[j + k] : acc[k];
  for (; j < m; j++)
    acc[0] = x[j] > acc[0] ? x[j] : acc[0];
  float r = acc[0];
  for (int k = 1; k < LANES; k++)
    r = acc[k] > r ? acc[k] : r;
  return r;
}

/* lanes_sum adds up LANES partial sums pairwise. */
static float lanes_sum(float *acc) {
  for (int w = LANES / 2; w > 0; w /= 2)
    for (int k = 0; k < w; k++)
      acc[k] += acc[k + w];
  return acc[0];
}

/* row_sum is the sum of x[0..m) in LANES partial sums. */
static float row_sum(const float *restrict x, int64_t m) {
  float acc[LANES] = {0};
  int64_t j = 0;
  for (; j + LANES <= m; j += LANES)
    for (int k = 0; k < LANES; k++)
      acc[k] += x[j + k];
  for (; j < m; j++)
    acc[0] += x[j];
  return lanes_sum(acc);
}

/* c_W6: softmax over the rows of X (n x m), three passes over each row
 * (which stays in the L1/L2 cache): its max, then exp(x - max) stored into
 * the output row and summed, then the output row divided by the sum (a
 * divide, as the workload's StableHLO does, not a multiply by the
 * reciprocal). */
int c_W6(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 1 || out_rank != 2 || in[0].rank != 2)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1];
  if (in[0].shape[0] != n || in[0].shape[1] != m)
    return 1;
  const float *restrict x = in[0].data;
  float *restrict o = out;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float *restrict xr = x + i * m;
    float *restrict orow = o + i * m;
    const float mx = row_max(xr, m);
    float acc[LANES] = {0};
    int64_t j = 0;
    for (; j + LANES <= m; j += LANES)
      for (int k = 0; k < LANES; k++) {
        const float e = expf(xr[j + k] - mx);
        orow[j + k] = e;
        acc[k] += e;
      }
    for (; j < m; j++) {
      orow[j] = expf(xr[j] - mx);
      acc[0] += orow[j];
    }
    const float sum = lanes_sum(acc);
    for (j = 0; j < m; j++)
      orow[j] = orow[j] / sum;
  }
  return 0;
}

/* c_W7: layer norm over the rows of X (n x m) with gamma and beta of m:
 * three passes over each row: the mean, the variance (the mean of the
 * squared centered values), then (x - mean) * rsqrt(var + 1e-5) * gamma +
 * beta, with rsqrt as 1 / sqrtf. */
int c_W7(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 3 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 1 ||
      in[2].rank != 1)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1];
  if (in[0].shape[0] != n || in[0].shape[1] != m || in[1].shape[0] != m ||
      in[2].shape[0] != m)
    return 1;
  const float *restrict x = in[0].data;
  const float *restrict g = in[1].data;
  const float *restrict b = in[2].data;
  float *restrict o = out;
  const float fm = (float)m;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    const float *restrict xr = x + i * m;
    float *restrict orow = o + i * m;
    const float mean = row_sum(xr, m) / fm;
    float acc[LANES] = {0};
    int64_t j = 0;
    for (; j + LANES <= m; j += LANES)
      for (int k = 0; k < LANES; k++) {
        const float d = xr[j + k] - mean;
        acc[k] += d * d;
      }
    for (; j < m; j++) {
      const float d = xr[j] - mean;
      acc[0] += d * d;
    }
    const float var = lanes_sum(acc) / fm;
    const float r = 1.0f / sqrtf(var + 1e-5f);
    for (j = 0; j < m; j++)
      orow[j] = (xr[j] - mean) * r * g[j] + b[j];
  }
  return 0;
}

/* c_W8: the dense layer relu(x @ W + b), x n x k, W k x m, b m, in i-k-j
 * order: each row of the output starts as 0, gets x[i][p] * W[p][:] added
 * for p in order (the innermost loop unit-stride over W's row and the
 * output's, which gcc vectorizes), then + b and relu. Every output element
 * is summed in order over p, as the interpreter does. */
int c_W8(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 3 || out_rank != 2 || in[0].rank != 2 || in[1].rank != 2 ||
      in[2].rank != 1)
    return 1;
  const int64_t n = out_shape[0], m = out_shape[1], k = in[0].shape[1];
  if (in[0].shape[0] != n || in[1].shape[0] != k || in[1].shape[1] != m ||
      in[2].shape[0] != m)
    return 1;
  const float *restrict x = in[0].data;
  const float *restrict w = in[1].data;
  const float *restrict b = in[2].data;
  PARALLEL_FOR
  for (int64_t i = 0; i < n; i++) {
    float *restrict orow = out + i * m;
    for (int64_t j = 0; j < m; j++)
      orow[j] = 0.0f;
    for (int64_t p = 0; p < k; p++) {
      const float xv = x[i * k + p];
      const float *restrict wr = w + p * m;
      for (int64_t j = 0; j < m; j++)
        orow[j] += xv * wr[j];
    }
    for (int64_t j = 0; j < m; j++)
      orow[j] = relu(orow[j] + b[j]);
  }
  return 0;
}

/* c_W9: attention softmax(q k^T / 8) v over a batch of heads, q, k, v and
 * the output bt x s x d. Per row i of a head: the scores q[i] . k[j] / 8
 * (dot products over d in LANES partial sums, as W6's row sums), the
 * softmax of the row as c_W6 computes it (max, expf and the sum, divide),
 * then the row of the output in i-k-j order: sum over j of p[j] * v[j][:],
 * unit-stride over d. Each head's row of scores lives in a buffer of s
 * floats. */
int c_W9(float *out, const int64_t *out_shape, int out_rank,
         const bench_tensor *in, int nin) {
  if (nin != 3 || out_rank != 3)
    return 1;
  const int64_t bt = out_shape[0], s = out_shape[1], d = out_shape[2];
  for (int i = 0; i < 3; i++)
    if (in[i].rank != 3 || in[i].shape[0] != bt || in[i].shape[1] != s ||
        in[i].shape[2] != d)
      return 1;
  /* one row of scores per head, so that heads can run on threads */
  float *scores = malloc((size_t)(bt * s > 0 ? bt * s : 1) * sizeof(float));
  if (!scores)
    return 1;
  PARALLEL_FOR
  for (int64_t h = 0; h < bt; h++) {
    float *restrict p = scores + h * s;
    const float *restrict q = in[0].data + h * s * d;
    const float *restrict kk = in[1].data + h * s * d;
    const float *restrict v = in[2].data + h * s * d;
    float *restrict o = out + h * s * d;
    for (int64_t i = 0; i < s; i++) {
      float mx = -INFINITY;
      for (int64_t j = 0; j < s; j++) {
        float acc[LANES] = {0};
        int64_t t = 0;
        for (; t + LANES <= d; t += LANES)
          for (int l = 0; l < LANES; l++)
            acc[l] += q[i * d + t + l] * kk[j * d + t + l];
        for (; t < d; t++)
          acc[0] += q[i * d + t] * kk[j * d + t];
        p[j] = lanes_sum(acc) / 8.0f;
        mx = p[j] > mx ? p[j] : mx;
      }
      float acc[LANES] = {0};
      int64_t j = 0;
      for (; j + LANES <= s; j += LANES)
        for (int l = 0; l < LANES; l++) {
          p[j + l] = expf(p[j + l] - mx);
          acc[l] += p[j + l];
        }
      for (; j < s; j++) {
        p[j] = expf(p[j] - mx);
        acc[0] += p[j];
      }
      const float sum = lanes_sum(acc);
      float *restrict orow = o + i * d;
      for (int64_t t = 0; t < d; t++)
        orow[t] = 0.0f;
      for (j = 0; j < s; j++) {
        const float pj = p[j] / sum;
        for (int64_t t = 0; t < d; t++)
          orow[t] += pj * v[j * d + t];
      }
    }
  }
  free(scores);
  return 0;
}
