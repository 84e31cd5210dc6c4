/* harness.c: times every implementation of one workload side by side in
 * one process (docs/SPEC.md §9): bcast-opt's kernel (ours.c), the
 * hand-written C loop (loops.c), the MLIR 19 pipeline's kernel when it is
 * linked in, and a copy-bandwidth probe (memcpy of an output-sized
 * buffer). The multi-thread columns are bcast-opt's kernel in the
 * parallel form (impl "ours_mt", ours.c) and the C loop under OpenMP (impl
 * "c_omp", loops.c built with -fopenmp -DBENCH_OMP), each on --threads
 * threads (default: the CPUs the harness may run on), checked and timed
 * with the others. For the JAX exports W1j, W3j and W9j it also times
 * bcast-opt's kernel of the static twin (W1, W3, W9) as impl "twin", on the
 * same inputs, and checks that the two kernels' outputs are identical bit
 * for bit.
 *
 *   harness WORKLOAD [--rounds N] [--warmup N] [--offset B] [--threads N]
 *
 *   harness WORKLOAD --dump
 *
 *   harness WORKLOAD --driver-bench N [--offset B]
 *
 * WORKLOAD is W1..W9, W5u, W1j, W3j or W9j. The harness allocates the inputs
 * (64-byte aligned, deterministic pseudo-random floats in [-1, 1)),
 * computes the reference output with the C loop, then runs every other
 * implementation once into a NaN-poisoned buffer and compares it with the
 * reference; a difference beyond the workload's tolerance is reported and
 * the harness exits with status 2 before timing anything. An output
 * element o passes against the reference r when
 * |o - r| <= max(atol, rtol * |r|): rtol = atol = 1e-6 for the
 * elementwise workloads, whose outputs match bit for bit when every
 * implementation rounds alike; for W6 and W7, whose row sums each
 * implementation may reassociate (vectorized with several accumulators,
 * pairwise in numpy, in order in MLIR 19), the looser tolerances of the
 * workload table below (max is exact, but exp and rsqrt differ by an ulp or
 * so between implementations). A JAX export's
 * output is also compared with its twin's, bit for bit, and the count of
 * differing elements reported (not an exit). Then come the warm-up runs and
 * the timed rounds: each round runs every implementation once, the
 * starting one rotating from round to round (ABCD, BCDA, ...), so slow
 * drift of the machine hits all of them alike, and each timed call comes
 * right after an untimed call of the same implementation, as numpy's
 * timed calls follow each other (numpy_bench.py): timed cold after
 * another implementation, a kernel of a few ms ran on a core whose clock
 * and caches the other had left (W9's, 7.2 ms after itself, 7.5 after
 * the single-thread C loop, 8.5 after the OpenMP one or an idle 50 ms,
 * on a 2-core AMD EPYC). Every implementation writes the same, already
 * faulted-in, output buffer.
 *
 * With --dump the harness times nothing: it writes the inputs, then the C
 * loop's output, to stdout as .npy arrays back to back, for
 * numpy_bench.py --check to compare numpy's output with C's, and for
 * bench --bcast-run's input files.
 *
 * --offset B (a multiple of 4 below 64) places the buffers the way
 * malloc, and so numpy, places arrays: aligned to 16 bytes, not to a cache
 * line, each at its own offset in it. Input k (from 0) starts (k+1)*B mod
 * 64 bytes past a 64-byte boundary and every output B bytes past one, so
 * for B = 16 the first input is in step with the output (a large malloc
 * is 16 bytes past a page) and the others are not: a kernel that aligns
 * its stores to the output's cache lines splits the lines of their vector
 * loads.
 *
 * With --driver-bench N the harness times the C loop alone as bcast-run's
 * driver (lower/llvm.CDriver) times a kernel with --bench N, for
 * bench --bcast-run: into a fresh output buffer, one untimed call, then N
 * timed calls back to back, and prints the driver's line on stderr,
 * `bench: N runs, median X ms, min Y ms`.
 *
 * Otherwise the output is one record per line, `kind key=value ...`, for
 * bench/main.go:
 *
 *   workload name=W1 kernel=W1 out_bytes=... moved_bytes=... rounds=9 rtol=1e-06 atol=1e-06 flops=0
 *   check workload=W1 impl=ours status=ok max_abs_diff=0 max_rel_diff=0
 *   identical workload=W1j impl=ours twin=W1 status=ok differing=0
 *   runs workload=W1 impl=ours ms=12.1,12.0,...
 *   result workload=W1 impl=ours status=ok median_ms=12.05 min_ms=11.9 runs=9
 *   result workload=W1 impl=mlir19 status=n/a
 *   threads n=2
 *
 * moved_bytes is the roofline's traffic: every input read once plus the
 * output written once. flops counts a contraction's multiply-adds as two
 * operations each (W8, W9: the GFLOP/s columns), 0 for the others. */
#define _GNU_SOURCE /* sched_getaffinity */
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

/* The hand-written loops (loops.c). */
int c_W1(float *, const int64_t *, int, const bench_tensor *, int);
int c_W2(float *, const int64_t *, int, const bench_tensor *, int);
int c_W3(float *, const int64_t *, int, const bench_tensor *, int);
int c_W4(float *, const int64_t *, int, const bench_tensor *, int);
int c_W5(float *, const int64_t *, int, const bench_tensor *, int);
int c_W6(float *, const int64_t *, int, const bench_tensor *, int);
int c_W7(float *, const int64_t *, int, const bench_tensor *, int);
int c_W8(float *, const int64_t *, int, const bench_tensor *, int);
int c_W9(float *, const int64_t *, int, const bench_tensor *, int);

/* bcast-opt's kernels (ours.c): NULL when not linked in; oursmt_kernel's
 * run on bench_threads threads. */
bench_kernel ours_kernel(const char *kernel);
bench_kernel oursmt_kernel(const char *kernel);

/* The threads of the multi-thread columns (--threads). */
int bench_threads = 1;

/* The MLIR 19 pipeline's kernels (bench/mlir19), weak so that the harness
 * links and runs without them and prints n/a. */
#define WEAK __attribute__((weak))
WEAK int mlir_W1(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W2(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W3(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W4(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W5(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W6(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W7(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W8(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int mlir_W9(float *, const int64_t *, int, const bench_tensor *, int);

/* The C loops under OpenMP (loops.c with -DBENCH_OMP), weak so that the
 * harness links without OpenMP and prints n/a. */
WEAK int omp_W1(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W2(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W3(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W4(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W5(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W6(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W7(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W8(float *, const int64_t *, int, const bench_tensor *, int);
WEAK int omp_W9(float *, const int64_t *, int, const bench_tensor *, int);

/* omp_loop returns the OpenMP build of the C loop c, or NULL. */
static bench_kernel omp_loop(bench_kernel c) {
  const bench_kernel pairs[][2] = {
      {c_W1, omp_W1}, {c_W2, omp_W2}, {c_W3, omp_W3}, {c_W4, omp_W4}, {c_W5, omp_W5},
      {c_W6, omp_W6}, {c_W7, omp_W7}, {c_W8, omp_W8}, {c_W9, omp_W9},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (pairs[i][0] == c)
      return pairs[i][1];
  return NULL;
}

/* cpus is the number of CPUs the harness may run on. */
static int cpus(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  return 1;
}

enum { MAX_IN = 5, MAX_IMPL = 7 };

typedef struct {
  int rank;
  int64_t shape[4];
} shape_t;

/* A workload: its operand and result shapes (docs/SPEC.md §9) and the
 * kernel each implementation provides for it. W5u is the W5 kernel called
 * with X of shape 4096x1. twin is the static twin's kernel of a JAX export
 * (bcast-opt's, timed as impl "twin"), or NULL. rtol and atol are the
 * output check's tolerances. */
typedef struct {
  const char *name, *kernel, *twin;
  int nin;
  shape_t in[MAX_IN];
  shape_t out;
  bench_kernel c, mlir;
  double rtol, atol;
  double flops; /* floating-point operations of a contraction (2 per multiply-add), or 0 */
} workload_t;

#define S1(a) {1, {a}}
#define S2(a, b) {2, {a, b}}
#define S3(a, b, c) {3, {a, b, c}}
#define S0 {0, {0}}

static workload_t workloads[13];

/* EW is the tolerance of the elementwise workloads: a tiny one, since
 * their outputs match C's bit for bit unless something rounds
 * differently. */
#define EW 1e-6, 1e-6

/* W6's outputs (about 1/4096 each) are compared relative to themselves
 * only: a softmax cancels nothing, so its error is relative (exp's ulps,
 * the row sum's, the divide's). W7's must be within 2e-5 of C's,
 * absolutely or relatively: the final + beta can cancel, leaving an output
 * much smaller than the terms whose rounding it carries (outputs are of
 * order 1). The largest differences from C measured on these inputs are
 * 3.2e-6 relative (W6) and 3.1e-6 absolute (W7) for MLIR 19, which sums
 * each row in order, and 3.7e-7 and 4.8e-7 for numpy, which sums
 * pairwise; 2e-5 is 6x the former, and still 12x below what a wrong row
 * length (4095 for 4096, or one element dropped) does to a softmax. */
#define W6_TOL 2e-5, 0.0
#define W7_TOL 2e-5, 2e-5

/* W8's and W9's contractions sum 1024 and 64 (then 512) products, which
 * C sums in order and the others in blocks, with FMA (OpenBLAS) or
 * pairwise: the bound on the difference of two orders is 2 K u sum|a b|
 * (lower/llvm/doc.go, Reductions), about 1e-3 for W8's outputs (of order
 * 10, sum|a b| of order 256), far above the differences seen (about
 * 1e-5). The tolerance is 1e-4 relative, with an absolute floor for the
 * outputs near 0: 2e-4 for W8, 1e-5 for W9, whose outputs (averages of v's
 * rows with softmax weights) are of order 0.05. A wrong K, a dropped bias
 * or a missed relu is off by far more. */
#define W8_TOL 1e-4, 2e-4
#define W9_TOL 1e-4, 1e-5

/* The JAX exports (W1j, W3j, W9j) run on W1's, W3's and W9's shapes (their
 * batch dim b is 4096, 64 and 8), so on the same data; their C reference is the same
 * loop, and MLIR 19 has no kernel for them. W6 and W7 are JAX exports of
 * static shapes, with no twin. */
static void init_workloads(void) {
  const workload_t w[] = {
      {"W1", "W1", NULL, 2, {S2(4096, 4096), S1(4096)}, S2(4096, 4096), c_W1, mlir_W1, EW},
      {"W2", "W2", NULL, 2, {S2(4096, 1), S2(1, 4096)}, S2(4096, 4096), c_W2, mlir_W2, EW},
      {"W3", "W3", NULL, 3, {S3(64, 1, 1024), S3(64, 256, 1024), S1(1024)},
       S3(64, 256, 1024), c_W3, mlir_W3, EW},
      {"W4", "W4", NULL, 5, {S2(4096, 4096), S0, S0, S1(4096), S1(4096)},
       S2(4096, 4096), c_W4, mlir_W4, EW},
      {"W5", "W5", NULL, 2, {S2(4096, 4096), S1(4096)}, S2(4096, 4096), c_W5, mlir_W5, EW},
      {"W5u", "W5", NULL, 2, {S2(4096, 1), S1(4096)}, S2(4096, 4096), c_W5, mlir_W5, EW},
      {"W1j", "W1j", "W1", 2, {S2(4096, 4096), S1(4096)}, S2(4096, 4096), c_W1, NULL, EW},
      {"W3j", "W3j", "W3", 3, {S3(64, 1, 1024), S3(64, 256, 1024), S1(1024)},
       S3(64, 256, 1024), c_W3, NULL, EW},
      {"W6", "W6", NULL, 1, {S2(4096, 4096)}, S2(4096, 4096), c_W6, mlir_W6, W6_TOL},
      {"W7", "W7", NULL, 3, {S2(4096, 4096), S1(4096), S1(4096)}, S2(4096, 4096), c_W7,
       mlir_W7, W7_TOL},
      {"W8", "W8", NULL, 3, {S2(1024, 1024), S2(1024, 1024), S1(1024)}, S2(1024, 1024), c_W8,
       mlir_W8, W8_TOL, 2.0 * 1024 * 1024 * 1024},
      {"W9", "W9", NULL, 3, {S3(8, 512, 64), S3(8, 512, 64), S3(8, 512, 64)}, S3(8, 512, 64),
       c_W9, mlir_W9, W9_TOL, 2 * (2.0 * 8 * 512 * 512 * 64)},
      {"W9j", "W9j", "W9", 3, {S3(8, 512, 64), S3(8, 512, 64), S3(8, 512, 64)}, S3(8, 512, 64),
       c_W9, NULL, W9_TOL, 2 * (2.0 * 8 * 512 * 512 * 64)},
  };
  memcpy(workloads, w, sizeof w);
}

static int64_t elems(const shape_t *s) {
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++)
    n *= s->shape[i];
  return n;
}

/* offset is where the next xalloc's buffer starts past a 64-byte
 * boundary (--offset). */
static size_t offset;

/* xalloc returns a buffer of bytes bytes, offset bytes past a 64-byte
 * boundary (never freed: the harness runs one workload and exits). */
static void *xalloc(size_t bytes) {
  size_t rounded = (bytes + offset + 63) / 64 * 64;
  char *p = aligned_alloc(64, rounded ? rounded : 64);
  if (!p) {
    fprintf(stderr, "harness: out of memory allocating %zu bytes\n", bytes);
    exit(1);
  }
  return p + offset;
}

/* fill writes deterministic pseudo-random floats in [-1, 1) (splitmix64;
 * 24 random bits so every value is exact in float32). */
static void fill(float *p, int64_t n, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (int64_t i = 0; i < n; i++) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    p[i] = (float)(int32_t)((z >> 40) - (1u << 23)) / (float)(1u << 23);
  }
}

/* write_npy writes n floats of the given shape to f as a version 1.0 .npy
 * array (little-endian float32, C order). */
static int write_npy(FILE *f, const float *p, const shape_t *s) {
  char dims[128] = "";
  int len = 0;
  for (int i = 0; i < s->rank; i++)
    len += snprintf(dims + len, sizeof dims - (size_t)len, "%lld,%s",
                    (long long)s->shape[i], i + 1 < s->rank ? " " : "");
  if (s->rank > 1)
    dims[--len] = 0; /* (4096, 4096) but (4096,) */
  char header[256];
  int h = snprintf(header, sizeof header,
                   "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }", dims);
  int total = (10 + h + 1 + 63) / 64 * 64; /* magic, version, length; '\n' */
  while (10 + h + 1 < total)
    header[h++] = ' ';
  header[h++] = '\n';
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                           (unsigned char)(h & 0xff), (unsigned char)(h >> 8)};
  int64_t n = elems(s);
  if (fwrite(pre, 1, sizeof pre, f) != sizeof pre || fwrite(header, 1, (size_t)h, f) != (size_t)h ||
      fwrite(p, sizeof(float), (size_t)n, f) != (size_t)n)
    return 1;
  return 0;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* The copy-bandwidth probe: memcpy of an output-sized buffer. */
static const float *copy_src;
static int copy_probe(float *out, const int64_t *out_shape, int out_rank,
                      const bench_tensor *in, int nin) {
  int64_t n = 1;
  (void)in;
  (void)nin;
  for (int i = 0; i < out_rank; i++)
    n *= out_shape[i];
  memcpy(out, copy_src, (size_t)n * sizeof(float));
  return 0;
}

typedef struct {
  const char *name;
  bench_kernel fn; /* NULL: not available, printed as n/a */
  double *ms;
  int nms;
} impl_t;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void usage(void) {
  fprintf(stderr, "usage: harness W1|W2|W3|W4|W5|W5u|W1j|W3j|W6..W9|W9j [--rounds N] [--warmup N] [--offset B] "
                  "[--threads N]\n"
                  "       harness WORKLOAD --dump\n"
                  "       harness WORKLOAD --driver-bench N [--offset B]\n");
  exit(1);
}

int main(int argc, char **argv) {
  init_workloads();
  if (argc < 2)
    usage();
  const workload_t *w = NULL;
  for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++)
    if (strcmp(workloads[i].name, argv[1]) == 0)
      w = &workloads[i];
  if (!w) {
    fprintf(stderr, "harness: unknown workload %s\n", argv[1]);
    usage();
  }
  int rounds = 9, warmup = 2, dump = 0, driver_bench = 0, off = 0;
  bench_threads = cpus();
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--dump") == 0)
      dump = 1;
    else if (i + 1 < argc && strcmp(argv[i], "--rounds") == 0)
      rounds = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--warmup") == 0)
      warmup = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--driver-bench") == 0)
      driver_bench = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--offset") == 0)
      off = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--threads") == 0)
      bench_threads = atoi(argv[++i]);
    else
      usage();
  }
  if (rounds < 1 || warmup < 0 || driver_bench < 0 || off < 0 || off >= 64 || off % 4 != 0 ||
      bench_threads < 1)
    usage();

  /* Inputs, the reference output (C) and the shared output buffer. */
  bench_tensor in[MAX_IN];
  int64_t moved = 0;
  for (int i = 0; i < w->nin; i++) {
    int64_t n = elems(&w->in[i]);
    offset = (size_t)((i + 1) * off % 64);
    float *p = xalloc((size_t)n * sizeof(float));
    fill(p, n, (uint64_t)i + 1);
    in[i].data = p;
    in[i].rank = w->in[i].rank;
    memcpy(in[i].shape, w->in[i].shape, sizeof in[i].shape);
    moved += n * (int64_t)sizeof(float);
  }
  offset = (size_t)off; /* the outputs' */
  const int64_t nout = elems(&w->out);
  const size_t out_bytes = (size_t)nout * sizeof(float);
  moved += (int64_t)out_bytes;
  float *ref = xalloc(out_bytes), *out = xalloc(out_bytes);
  const int64_t *oshape = w->out.shape;
  const int orank = w->out.rank;
  if (!dump)
    printf("workload name=%s kernel=%s out_bytes=%zu moved_bytes=%lld rounds=%d warmup=%d "
           "rtol=%g atol=%g flops=%.0f\n",
           w->name, w->kernel, out_bytes, (long long)moved, rounds, warmup, w->rtol, w->atol,
           w->flops);
  if (w->c(ref, oshape, orank, in, w->nin) != 0) {
    fprintf(stderr, "harness: %s: the C loop rejected the shapes\n", w->name);
    return 2;
  }
  if (dump) {
    for (int i = 0; i < w->nin; i++)
      if (write_npy(stdout, in[i].data, &w->in[i]) != 0) {
        fprintf(stderr, "harness: %s: writing input %d failed\n", w->name, i);
        return 1;
      }
    if (write_npy(stdout, ref, &w->out) != 0 || fflush(stdout) != 0) {
      fprintf(stderr, "harness: %s: writing the C output failed\n", w->name);
      return 1;
    }
    return 0;
  }
  if (driver_bench > 0) {
    /* As lower/llvm.CDriver's --bench: a fresh result buffer, one call,
     * then the timed calls. */
    float *dout = xalloc(out_bytes);
    double *t = calloc((size_t)driver_bench, sizeof(double));
    int rc = w->c(dout, oshape, orank, in, w->nin);
    for (int i = 0; i < driver_bench && rc == 0; i++) {
      double t0 = now_ms();
      rc = w->c(dout, oshape, orank, in, w->nin);
      t[i] = now_ms() - t0;
    }
    if (rc != 0 || !t) {
      fprintf(stderr, "harness: %s: the C loop failed\n", w->name);
      return 2;
    }
    double med = median(t, driver_bench); /* sorts t */
    fprintf(stderr, "bench: %d runs, median %.3f ms, min %.3f ms\n", driver_bench, med, t[0]);
    return 0;
  }
  copy_src = ref;

  /* ours comes first and twin last, so ours's output can be kept for the
   * bit-for-bit comparison with twin's. */
  impl_t impls[MAX_IMPL] = {
      {"ours", ours_kernel(w->kernel), NULL, 0},
      {"c", w->c, NULL, 0},
      {"mlir19", w->mlir, NULL, 0},
      {"copy", copy_probe, NULL, 0},
      {"ours_mt", oursmt_kernel(w->kernel), NULL, 0},
      {"c_omp", omp_loop(w->c), NULL, 0},
      {"twin", w->twin ? ours_kernel(w->twin) : NULL, NULL, 0},
  };
  const int nimpl = w->twin ? MAX_IMPL : MAX_IMPL - 1;
  float *ours_out = NULL; /* ours's checked output, for twin */
  if (w->twin && impls[0].fn)
    ours_out = xalloc(out_bytes);

  /* Check each implementation against the C reference. */
  int failed = 0;
  for (int k = 0; k < nimpl; k++) {
    impl_t *im = &impls[k];
    if (!im->fn) {
      printf("check workload=%s impl=%s status=n/a\n", w->name, im->name);
      continue;
    }
    for (int64_t i = 0; i < nout; i++)
      out[i] = NAN;
    if (im->fn(out, oshape, orank, in, w->nin) != 0) {
      printf("check workload=%s impl=%s status=FAIL error=returned_nonzero\n", w->name,
             im->name);
      fprintf(stderr, "harness: %s: %s returned an error\n", w->name, im->name);
      failed = 1;
      continue;
    }
    double maxdiff = 0, maxrel = 0;
    int64_t bad = -1;
    for (int64_t i = 0; i < nout; i++) {
      double r = fabs((double)ref[i]);
      double d = fabs((double)out[i] - (double)ref[i]);
      double tol = fmax(w->atol, w->rtol * r);
      if (!(d <= tol) && bad < 0)
        bad = i;
      if (d > maxdiff || d != d)
        maxdiff = d;
      if (r > 0 && (d / r > maxrel || d != d))
        maxrel = d / r;
    }
    if (bad >= 0) {
      printf("check workload=%s impl=%s status=FAIL max_abs_diff=%g max_rel_diff=%g "
             "first_bad=%lld\n",
             w->name, im->name, maxdiff, maxrel, (long long)bad);
      fprintf(stderr,
              "harness: %s: %s differs from the C loop: element %lld is %.9g, want %.9g "
              "(max abs diff %g, max rel diff %g; tolerance max(%g, %g * |want|))\n",
              w->name, im->name, (long long)bad, out[bad], ref[bad], maxdiff, maxrel, w->atol,
              w->rtol);
      failed = 1;
      continue;
    }
    printf("check workload=%s impl=%s status=ok max_abs_diff=%g max_rel_diff=%g\n", w->name,
           im->name, maxdiff, maxrel);
    if (k == 0 && ours_out)
      memcpy(ours_out, out, out_bytes);
  }
  if (w->twin) {
    /* Bit for bit: NaNs and signed zeros count, no tolerance. */
    if (!ours_out || !impls[nimpl - 1].fn || failed) {
      printf("identical workload=%s impl=ours twin=%s status=n/a\n", w->name, w->twin);
    } else {
      int64_t differing = 0;
      for (int64_t i = 0; i < nout; i++)
        differing += memcmp(&ours_out[i], &out[i], sizeof(float)) != 0;
      printf("identical workload=%s impl=ours twin=%s status=%s differing=%lld\n", w->name,
             w->twin, differing ? "differ" : "ok", (long long)differing);
    }
  }
  if (failed) {
    fprintf(stderr, "harness: %s: OUTPUT CHECK FAILED, not timing\n", w->name);
    return 2;
  }

  /* Warm-up, then interleaved rounds with a rotating starting point, each
   * timed call right after an untimed one of the same implementation. */
  int avail[MAX_IMPL], navail = 0;
  for (int k = 0; k < nimpl; k++)
    if (impls[k].fn) {
      avail[navail++] = k;
      impls[k].ms = calloc((size_t)rounds, sizeof(double));
    }
  for (int r = 0; r < warmup; r++)
    for (int j = 0; j < navail; j++)
      impls[avail[j]].fn(out, oshape, orank, in, w->nin);
  for (int r = 0; r < rounds; r++)
    for (int j = 0; j < navail; j++) {
      impl_t *im = &impls[avail[(r + j) % navail]];
      if (im->fn(out, oshape, orank, in, w->nin) != 0) { /* the pair's untimed call */
        fprintf(stderr, "harness: %s: %s failed during timing\n", w->name, im->name);
        return 2;
      }
      double t0 = now_ms();
      int rc = im->fn(out, oshape, orank, in, w->nin);
      double t1 = now_ms();
      if (rc != 0) {
        fprintf(stderr, "harness: %s: %s failed during timing\n", w->name, im->name);
        return 2;
      }
      im->ms[im->nms++] = t1 - t0;
    }

  for (int k = 0; k < nimpl; k++) {
    impl_t *im = &impls[k];
    if (!im->fn) {
      printf("result workload=%s impl=%s status=n/a\n", w->name, im->name);
      continue;
    }
    printf("runs workload=%s impl=%s ms=", w->name, im->name);
    for (int i = 0; i < im->nms; i++)
      printf("%s%.4f", i ? "," : "", im->ms[i]);
    printf("\n");
    double med = median(im->ms, im->nms); /* sorts ms */
    printf("result workload=%s impl=%s status=ok median_ms=%.4f min_ms=%.4f runs=%d\n",
           w->name, im->name, med, im->ms[0], im->nms);
  }
  printf("threads n=%d\n", bench_threads);
  return 0;
}
