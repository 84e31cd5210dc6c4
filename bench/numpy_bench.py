"""numpy_bench.py: times the idiomatic numpy expression of each benchmark
workload (docs/SPEC.md §9), for bench/main.go.

    PYENV_VERSION=system python3 bench/numpy_bench.py [--rounds N] [--warmup N] [W1 W2 ...]
    harness W6 --dump | python3 bench/numpy_bench.py --check W6 --rtol R --atol A

Each workload is what a numpy user writes (np.maximum(X + b, 0) for W1),
float32 inputs of the workload's shapes, uniform in [-1, 1). numpy
allocates its result and its temporaries on every call; that is part of
what is measured. Prints one line per workload in the harness's format:

    result workload=W1 impl=numpy status=ok median_ms=... min_ms=... runs=N

(impl=numpy_mt with --mt: the multi-thread column, OpenBLAS on every core;
numpy's elementwise operations run on one thread either way.)

With --check, it times nothing: it reads the harness's inputs and the C
loop's output from stdin (.npy arrays back to back, `harness W --dump`),
evaluates the same numpy expression on those inputs and compares it with
C's output with the harness's tolerance (|numpy - C| <= max(atol, rtol *
|C|) for every element), printing

    check workload=W6 impl=numpy status=ok max_abs_diff=... max_rel_diff=...

(status=FAIL, and exit status 2, when an element is outside the tolerance).
"""

import argparse
import statistics
import sys
import time

import numpy as np


def inputs(shapes, seed):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, size=s).astype(np.float32) for s in shapes]


def relu_bias(x, b):
    return np.maximum(x + b, 0)


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-5) * gamma + beta


def dense(x, w, b):
    return np.maximum(x @ w + b, 0)


def attention(q, k, v):
    return softmax(np.matmul(q, k.transpose(0, 2, 1)) / np.float32(8)) @ v


# name -> (input shapes, expression). W5 is W1 (numpy has no static
# shapes); W5u calls it with X of shape 4096x1. The JAX exports W1j, W3j and W9j
# are W1 and W3 (numpy has no symbolic dims either). W6 and W7 reduce over
# the last axis with keepdims; x.var is the mean of the squared centered
# values (ddof=0), and numpy's float32 sums are pairwise.
WORKLOADS = {
    "W1": ([(4096, 4096), (4096,)], relu_bias),
    "W2": ([(4096, 1), (1, 4096)], lambda a, b: a + b),
    "W3": ([(64, 1, 1024), (64, 256, 1024), (1024,)], lambda a, c, d: a * c + d),
    "W4": (
        [(4096, 4096), (), (), (4096,), (4096,)],
        lambda x, s, b, m, k: ((x * s + b) - m) * k,
    ),
    "W5": ([(4096, 4096), (4096,)], relu_bias),
    "W5u": ([(4096, 1), (4096,)], relu_bias),
    "W6": ([(4096, 4096)], softmax),
    "W7": ([(4096, 4096), (4096,), (4096,)], layer_norm),
    "W8": ([(1024, 1024), (1024, 1024), (1024,)], dense),
    "W9": ([(8, 512, 64)] * 3, attention),
}

# MATMUL_ONLY: the contractions of a workload alone, timed as impl
# "openblas" (OpenBLAS's sgemm, which issue 15's target compares ours's
# matmul with). W9's are its two batched matmuls, the scores' and the one
# by v, without the softmax between them: what numpy's attention spends
# in OpenBLAS.
MATMUL_ONLY = {
    "W8": lambda x, w, b: x @ w,
    "W9": lambda q, k, v: np.matmul(q, k.transpose(0, 2, 1)) @ v,
}
WORKLOADS["W1j"] = WORKLOADS["W1"]
WORKLOADS["W3j"] = WORKLOADS["W3"]
WORKLOADS["W9j"] = WORKLOADS["W9"]


def read_npy(f):
    """Reads one .npy array from a stream (a pipe: no seeking)."""
    version = np.lib.format.read_magic(f)
    if version != (1, 0):
        sys.exit(f"numpy_bench.py: .npy version {version}, want (1, 0)")
    shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
    if fortran or dtype != np.dtype("<f4"):
        sys.exit(f"numpy_bench.py: want a C-order float32 array, got {dtype}")
    n = int(np.prod(shape)) * 4
    data = f.read(n)
    if len(data) != n:
        sys.exit(f"numpy_bench.py: array of shape {shape}: got {len(data)} of {n} bytes")
    return np.frombuffer(data, dtype=np.float32).reshape(shape)


def check(name, rtol, atol):
    """Compares numpy's output with the C loop's on the harness's inputs."""
    shapes, fn = WORKLOADS[name]
    f = sys.stdin.buffer
    args = [read_npy(f) for _ in shapes]
    c = read_npy(f)
    for i, (arg, shape) in enumerate(zip(args, shapes)):
        if arg.shape != shape:
            sys.exit(f"numpy_bench.py: {name}: input {i} has shape {arg.shape}, want {shape}")
    r = fn(*args)
    if r.dtype != np.float32 or r.shape != c.shape:
        sys.exit(f"numpy_bench.py: {name}: numpy gives {r.dtype} {r.shape}, C {c.shape}")
    ref = np.abs(c.astype(np.float64))
    d = np.abs(r.astype(np.float64) - c)
    bad = ~(d <= np.maximum(atol, rtol * ref))
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(ref > 0, d / ref, 0)
    status = "FAIL" if bad.any() else "ok"
    extra = ""
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        extra = f" first_bad={i}"
        print(
            f"numpy_bench.py: {name}: numpy differs from the C loop: element {i} is "
            f"{r.flat[i]:.9g}, want {c.flat[i]:.9g} (tolerance max({atol:g}, {rtol:g} * |want|))",
            file=sys.stderr,
        )
    print(
        f"check workload={name} impl=numpy status={status} "
        f"max_abs_diff={np.nanmax(d):g} max_rel_diff={np.nanmax(rel):g}{extra}",
        flush=True,
    )
    return 0 if status == "ok" else 2


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--check", metavar="WORKLOAD", help="compare with the C output on stdin")
    p.add_argument("--rtol", type=float, default=1e-6)
    p.add_argument("--atol", type=float, default=1e-6)
    p.add_argument(
        "--mt",
        action="store_true",
        help="name the timings numpy_mt and openblas_mt: the multi-thread columns "
        "(bench/main.go runs this with OPENBLAS_NUM_THREADS set to the cores)",
    )
    p.add_argument("workloads", nargs="*", default=list(WORKLOADS))
    a = p.parse_args()
    if a.check:
        if a.check not in WORKLOADS:
            sys.exit(f"numpy_bench.py: unknown workload {a.check}")
        sys.exit(check(a.check, a.rtol, a.atol))
    print(f"numpy version={np.__version__}", flush=True)
    for name in a.workloads:
        if name not in WORKLOADS:
            sys.exit(f"numpy_bench.py: unknown workload {name}")
        shapes, fn = WORKLOADS[name]
        args = inputs(shapes, 1)
        suffix = "_mt" if a.mt else ""
        timed = [("numpy" + suffix, fn)]
        if name in MATMUL_ONLY:
            timed.append(("openblas" + suffix, MATMUL_ONLY[name]))
        for impl, f in timed:
            r = f(*args)
            assert r.dtype == np.float32, (name, r.dtype)
            del r
            for _ in range(a.warmup):
                f(*args)
            ms = []
            for _ in range(a.rounds):
                t0 = time.perf_counter()
                r = f(*args)
                t1 = time.perf_counter()
                del r
                ms.append((t1 - t0) * 1e3)
            print(
                f"runs workload={name} impl={impl} ms=" + ",".join(f"{m:.4f}" for m in ms)
            )
            print(
                f"result workload={name} impl={impl} status=ok "
                f"median_ms={statistics.median(ms):.4f} min_ms={min(ms):.4f} runs={len(ms)}",
                flush=True,
            )
        del args


if __name__ == "__main__":
    main()
