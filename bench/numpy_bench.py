"""numpy_bench.py: times the idiomatic numpy expression of each benchmark
workload (docs/SPEC.md §9), for bench/main.go.

    PYENV_VERSION=system python3 bench/numpy_bench.py [--rounds N] [--warmup N] [W1 W2 ...]

Each workload is what a numpy user writes (np.maximum(X + b, 0) for W1),
float32 inputs of the workload's shapes, uniform in [-1, 1). numpy
allocates its result and its temporaries on every call; that is part of
what is measured. Prints one line per workload in the harness's format:

    result workload=W1 impl=numpy status=ok median_ms=... min_ms=... runs=N
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


# name -> (input shapes, expression). W5 is W1 (numpy has no static
# shapes); W5u calls it with X of shape 4096x1. The JAX exports W1j and W3j
# are W1 and W3 (numpy has no symbolic dims either).
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
}
WORKLOADS["W1j"] = WORKLOADS["W1"]
WORKLOADS["W3j"] = WORKLOADS["W3"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("workloads", nargs="*", default=list(WORKLOADS))
    a = p.parse_args()
    print(f"numpy version={np.__version__}", flush=True)
    for name in a.workloads:
        if name not in WORKLOADS:
            sys.exit(f"numpy_bench.py: unknown workload {name}")
        shapes, fn = WORKLOADS[name]
        args = inputs(shapes, 1)
        r = fn(*args)
        assert r.dtype == np.float32, (name, r.dtype)
        del r
        for _ in range(a.warmup):
            fn(*args)
        ms = []
        for _ in range(a.rounds):
            t0 = time.perf_counter()
            r = fn(*args)
            t1 = time.perf_counter()
            del r
            ms.append((t1 - t0) * 1e3)
        print(
            f"runs workload={name} impl=numpy ms=" + ",".join(f"{m:.4f}" for m in ms)
        )
        print(
            f"result workload={name} impl=numpy status=ok "
            f"median_ms={statistics.median(ms):.4f} min_ms={min(ms):.4f} runs={len(ms)}",
            flush=True,
        )
        del args


if __name__ == "__main__":
    main()
