/* check.c: runs one MLIR 19 kernel (mlir_Wn and mlir_Wn_ret from
 * BuildKernel's object) on the workload's real shapes and compares each
 * output, bit for bit, with a plain C reference loop. Built with
 * -DWORKLOAD=n and -ffp-contract=off, so the reference rounds after every
 * operation as the MLIR kernels (no fastmath flags) do.
 *
 *   check           one call of each variant, compared; exit 0 when equal
 *   check time N    also N timed calls of mlir_Wn, mlir_Wn_ret and the C
 *                   loop; prints the median milliseconds of each
 *
 * For W5 both run-time shapes are checked: X 4096x4096, and X 4096x1
 * (W5u). */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../c/bench.h"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define KERNEL CAT(mlir_W, WORKLOAD)
#define KERNEL_RET CAT(CAT(mlir_W, WORKLOAD), _ret)

int KERNEL(float *, const int64_t *, int, const bench_tensor *, int);
int KERNEL_RET(float *, const int64_t *, int, const bench_tensor *, int);

typedef struct {
  const char *name;
  int nin;
  bench_tensor in[5];
  int64_t out_shape[4];
  int out_rank;
  void (*ref)(float *out, const bench_tensor *in);
} workload;

static int64_t numel(const int64_t *shape, int rank) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++)
    n *= shape[i];
  return n;
}

static float *random_data(int64_t n, uint32_t seed) {
  float *p = malloc((size_t)n * sizeof(float));
  for (int64_t i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    /* values in [-2, 2), so max(., 0) takes both branches */
    p[i] = (float)(seed >> 8) / (float)(1u << 24) * 4.0f - 2.0f;
  }
  return p;
}

/* ref_w1 is W1 and W5 (X RxC, b N, C and N equal or 1), with the
 * broadcast cases split outside the inner loop so gcc vectorizes each. */
static void ref_w1(float *out, const bench_tensor *in) {
  const float *x = in[0].data, *b = in[1].data;
  int64_t r = in[0].shape[0], c = in[0].shape[1], n = in[1].shape[0];
  int64_t cols = c > n ? c : n;
  for (int64_t i = 0; i < r; i++) {
    float *o = out + i * cols;
    if (c == cols && n == cols) {
      const float *xi = x + i * c;
      for (int64_t j = 0; j < cols; j++) {
        float v = xi[j] + b[j];
        o[j] = v > 0.0f ? v : 0.0f;
      }
    } else if (n == cols) {
      float xi = x[i * c];
      for (int64_t j = 0; j < cols; j++) {
        float v = xi + b[j];
        o[j] = v > 0.0f ? v : 0.0f;
      }
    } else {
      const float *xi = x + i * c;
      for (int64_t j = 0; j < cols; j++) {
        float v = xi[c == 1 ? 0 : j] + b[0];
        o[j] = v > 0.0f ? v : 0.0f;
      }
    }
  }
}

static void ref_w2(float *out, const bench_tensor *in) {
  for (int64_t i = 0; i < 4096; i++)
    for (int64_t j = 0; j < 4096; j++)
      out[i * 4096 + j] = in[0].data[i] + in[1].data[j];
}

static void ref_w3(float *out, const bench_tensor *in) {
  for (int64_t i = 0; i < 64; i++)
    for (int64_t j = 0; j < 256; j++)
      for (int64_t k = 0; k < 1024; k++) {
        int64_t o = (i * 256 + j) * 1024 + k;
        out[o] = in[0].data[i * 1024 + k] * in[1].data[o] + in[2].data[k];
      }
}

static void ref_w4(float *out, const bench_tensor *in) {
  float s = in[1].data[0], b = in[2].data[0];
  for (int64_t i = 0; i < 4096; i++)
    for (int64_t j = 0; j < 4096; j++) {
      int64_t o = i * 4096 + j;
      out[o] = ((in[0].data[o] * s + b) - in[3].data[j]) * in[4].data[j];
    }
}

/* ref_w6 is W6 as MLIR 19 computes it: per row, the max from -FLT_MAX
 * (tosa.reduce_max's init) in order, exp of x - max, their sum from 0 in
 * order (LLVM reassociates no float reduction without fast-math flags),
 * and each exp times the reciprocal of the sum (the fused generic computes
 * 1 / sum per element, which rounds the same). */
static void ref_w6(float *out, const bench_tensor *in) {
  const float *x = in[0].data;
  for (int64_t i = 0; i < 4096; i++) {
    const float *xi = x + i * 4096;
    float *o = out + i * 4096;
    float m = -3.40282347e+38f, s = 0.0f;
    for (int64_t j = 0; j < 4096; j++)
      m = fmaxf(m, xi[j]);
    for (int64_t j = 0; j < 4096; j++) {
      o[j] = expf(xi[j] - m);
      s += o[j];
    }
    float r = 1.0f / s;
    for (int64_t j = 0; j < 4096; j++)
      o[j] = o[j] * r;
  }
}

/* ref_w7 is W7 as MLIR 19 computes it: per row, the sum in order times
 * 1/4096, the centered values' squares summed in order times 1/4096,
 * 1 / sqrt(var + 1e-5) (math.rsqrt's LLVM lowering), then
 * (xc * r) * gamma + beta. */
static void ref_w7(float *out, const bench_tensor *in) {
  const float *x = in[0].data, *g = in[1].data, *b = in[2].data;
  const float inv_n = 1.0f / 4096.0f;
  for (int64_t i = 0; i < 4096; i++) {
    const float *xi = x + i * 4096;
    float *o = out + i * 4096;
    float s = 0.0f, ss = 0.0f;
    for (int64_t j = 0; j < 4096; j++)
      s += xi[j];
    float mean = s * inv_n;
    for (int64_t j = 0; j < 4096; j++) {
      float d = xi[j] - mean;
      ss += d * d;
    }
    float r = 1.0f / sqrtf(ss * inv_n + 1e-5f);
    for (int64_t j = 0; j < 4096; j++)
      o[j] = (xi[j] - mean) * r * g[j] + b[j];
  }
}

/* ref_w8 is W8: each element of x @ W summed in k's order from 0 (the
 * loops of linalg.batch_matmul), then + b and max with 0. */
static void ref_w8(float *out, const bench_tensor *in) {
  const float *x = in[0].data, *w = in[1].data, *b = in[2].data;
  for (int64_t i = 0; i < 1024; i++)
    for (int64_t j = 0; j < 1024; j++) {
      float s = 0.0f;
      for (int64_t p = 0; p < 1024; p++)
        s += x[i * 1024 + p] * w[p * 1024 + j];
      s += b[j];
      out[i * 1024 + j] = s > 0.0f ? s : 0.0f;
    }
}

/* ref_w9 is W9 as MLIR 19 computes it: per head and row, the scores
 * q[i] . k[j] summed in order from 0, times 0.125, then W6's softmax
 * (ref_w6's order), then each output element summed in order from 0 over
 * j of p[j] * v[j][d]. */
static void ref_w9(float *out, const bench_tensor *in) {
  static float p[512];
  for (int64_t h = 0; h < 8; h++) {
    const float *q = in[0].data + h * 512 * 64, *k = in[1].data + h * 512 * 64;
    const float *v = in[2].data + h * 512 * 64;
    for (int64_t i = 0; i < 512; i++) {
      float m = -3.40282347e+38f, s = 0.0f;
      for (int64_t j = 0; j < 512; j++) {
        float a = 0.0f;
        for (int64_t t = 0; t < 64; t++)
          a += q[i * 64 + t] * k[j * 64 + t];
        p[j] = a * 0.125f;
        m = fmaxf(m, p[j]);
      }
      for (int64_t j = 0; j < 512; j++) {
        p[j] = expf(p[j] - m);
        s += p[j];
      }
      float r = 1.0f / s;
      for (int64_t j = 0; j < 512; j++)
        p[j] = p[j] * r;
      for (int64_t t = 0; t < 64; t++) {
        float a = 0.0f;
        for (int64_t j = 0; j < 512; j++)
          a += p[j] * v[j * 64 + t];
        out[(h * 512 + i) * 64 + t] = a;
      }
    }
  }
}

static bench_tensor tensor(int rank, int64_t d0, int64_t d1, int64_t d2,
                           uint32_t seed) {
  bench_tensor t = {NULL, {d0, d1, d2, 0}, rank};
  t.data = random_data(numel(t.shape, rank), seed);
  return t;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

typedef int (*runner)(const workload *, float *);

static int run_kernel(const workload *w, float *out) {
  return KERNEL(out, w->out_shape, w->out_rank, w->in, w->nin);
}

static int run_kernel_ret(const workload *w, float *out) {
  return KERNEL_RET(out, w->out_shape, w->out_rank, w->in, w->nin);
}

static int run_ref(const workload *w, float *out) {
  w->ref(out, w->in);
  return 0;
}

/* time3 calls the three runners in turn, reps rounds, so load on a shared
 * machine hits them alike, and stores each one's median milliseconds. */
static int time3(const workload *w, float *out, runner f[3], int reps,
                 double med[3]) {
  double t[3][64];
  if (reps > 64)
    reps = 64;
  for (int i = 0; i < reps; i++)
    for (int k = 0; k < 3; k++) {
      double t0 = now_ms();
      if (f[k](w, out) != 0)
        return 1;
      t[k][i] = now_ms() - t0;
    }
  for (int k = 0; k < 3; k++) {
    qsort(t[k], (size_t)reps, sizeof t[k][0], cmp_double);
    med[k] = t[k][reps / 2];
  }
  return 0;
}

/* check runs both variants once and compares them with the reference. */
static int check(const workload *w, int reps) {
  int64_t n = numel(w->out_shape, w->out_rank);
  float *want = malloc((size_t)n * sizeof(float));
  float *got = malloc((size_t)n * sizeof(float));
  w->ref(want, w->in);
  const char *names[] = {"dps", "ret"};
  runner runners[] = {run_kernel, run_kernel_ret};
  int bad = 0;
  for (int v = 0; v < 2; v++) {
    memset(got, 0xff, (size_t)n * sizeof(float)); /* NaN everywhere */
    if (runners[v](w, got) != 0) {
      printf("%s %s: kernel returned an error\n", w->name, names[v]);
      bad = 1;
      continue;
    }
    for (int64_t i = 0; i < n; i++)
      if (memcmp(&got[i], &want[i], sizeof(float)) != 0) {
        printf("%s %s: out[%lld] = %.9g, want %.9g\n", w->name, names[v],
               (long long)i, got[i], want[i]);
        bad = 1;
        break;
      }
    if (!bad)
      printf("%s %s: ok (%lld elements)\n", w->name, names[v], (long long)n);
  }
  if (reps > 0 && !bad) {
    runner f[3] = {run_kernel, run_kernel_ret, run_ref};
    double med[3];
    time3(w, got, f, 1, med); /* warm-up */
    if (time3(w, got, f, reps, med) != 0) {
      printf("%s: kernel returned an error while timed\n", w->name);
      bad = 1;
    } else
      printf("%s time: mlir dps %.2f ms, mlir ret %.2f ms, C loop %.2f ms, "
             "dps/C %.2f\n",
             w->name, med[0], med[1], med[2], med[0] / med[2]);
  }
  free(want);
  free(got);
  return bad;
}

int main(int argc, char **argv) {
  int reps = 0;
  if (argc == 3 && strcmp(argv[1], "time") == 0)
    reps = atoi(argv[2]);
  workload ws[2];
  int nw = 1;
  switch (WORKLOAD) {
  case 1:
  case 5:
    ws[0] = (workload){WORKLOAD == 1 ? "W1" : "W5", 2,
                       {tensor(2, 4096, 4096, 0, 1), tensor(1, 4096, 0, 0, 2)},
                       {4096, 4096}, 2, ref_w1};
    if (WORKLOAD == 5) {
      ws[1] = (workload){"W5u", 2,
                         {tensor(2, 4096, 1, 0, 3), tensor(1, 4096, 0, 0, 4)},
                         {4096, 4096}, 2, ref_w1};
      nw = 2;
    }
    break;
  case 2:
    ws[0] = (workload){"W2", 2,
                       {tensor(2, 4096, 1, 0, 1), tensor(2, 1, 4096, 0, 2)},
                       {4096, 4096}, 2, ref_w2};
    break;
  case 3:
    ws[0] = (workload){"W3", 3,
                       {tensor(3, 64, 1, 1024, 1), tensor(3, 64, 256, 1024, 2),
                        tensor(1, 1024, 0, 0, 3)},
                       {64, 256, 1024}, 3, ref_w3};
    break;
  case 4:
    ws[0] = (workload){"W4", 5,
                       {tensor(2, 4096, 4096, 0, 1), tensor(0, 0, 0, 0, 2),
                        tensor(0, 0, 0, 0, 3), tensor(1, 4096, 0, 0, 4),
                        tensor(1, 4096, 0, 0, 5)},
                       {4096, 4096}, 2, ref_w4};
    break;
  case 6:
    ws[0] = (workload){"W6", 1, {tensor(2, 4096, 4096, 0, 1)}, {4096, 4096}, 2,
                       ref_w6};
    break;
  case 7:
    ws[0] = (workload){"W7", 3,
                       {tensor(2, 4096, 4096, 0, 1), tensor(1, 4096, 0, 0, 2),
                        tensor(1, 4096, 0, 0, 3)},
                       {4096, 4096}, 2, ref_w7};
    break;
  case 8:
    ws[0] = (workload){"W8", 3,
                       {tensor(2, 1024, 1024, 0, 1), tensor(2, 1024, 1024, 0, 2),
                        tensor(1, 1024, 0, 0, 3)},
                       {1024, 1024}, 2, ref_w8};
    break;
  case 9:
    ws[0] = (workload){"W9", 3,
                       {tensor(3, 8, 512, 64, 1), tensor(3, 8, 512, 64, 2),
                        tensor(3, 8, 512, 64, 3)},
                       {8, 512, 64}, 3, ref_w9};
    break;
  }
  int bad = 0;
  for (int i = 0; i < nw; i++)
    bad |= check(&ws[i], reps);
  /* A shape the kernel cannot take must be refused, not run. */
  int64_t wrong[4] = {7, 7, 7, 7};
  if (KERNEL(NULL, wrong, ws[0].out_rank, ws[0].in, ws[0].nin) == 0) {
    printf("%s: wrong output shape accepted\n", ws[0].name);
    bad = 1;
  }
  return bad;
}
