package llvm_test

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// threadCases are kernels of each kind of parallel loop (the outer loop of
// an elementwise generic or the vector loop of a one-dim one, the rows of
// a reduction and of a fused softmax or normalization, the column panels
// of a matmul and its batch, the batch or the blocks of rows of a
// contraction chain), on sizes with enough work for 3 threads (at
// least 3 * 65536 iterations) and not much more: each runs on every
// toolchain, in both forms, on 1 to 3 threads.
var threadCases = []struct {
	file string
	c    nativeCase
}{
	{"testdata/kernels.mlir", nativeCase{fn: "w5", shapes: [][]int64{{70, 4099}, {4099}}}},
	{"testdata/kernels.mlir", nativeCase{fn: "w5", shapes: [][]int64{{257, 1}, {1031}}}},
	{"testdata/kernels.mlir", nativeCase{fn: "stream", shapes: [][]int64{{1040, 4100}, {4100}}}},
	{"testdata/kernels.mlir", nativeCase{fn: "f64", shapes: [][]int64{{301, 3, 530}, {3, 1}}}},
	{"testdata/kernels.mlir", nativeCase{fn: "unit", shapes: [][]int64{{300001, 1}, {1}}}}, // one dim: its vector loop in blocks
	{"testdata/reductions.mlir", nativeCase{fn: "row_sum", shapes: [][]int64{{997, 611}}}},
	{"testdata/reductions.mlir", nativeCase{fn: "row_sum_exp", shapes: [][]int64{{513, 1001}}}},
	{"testdata/reductions.mlir", nativeCase{fn: "mid_sum", shapes: [][]int64{{37, 101, 97}}}},
	{"testdata/reductions.mlir", nativeCase{fn: "col_sum", shapes: [][]int64{{611, 997}}}},
	{"testdata/reductions.mlir", nativeCase{fn: "col_softplus_sum", shapes: [][]int64{{301, 1001}}}},
	{"testdata/fused.mlir", nativeCase{fn: "softmax_max", shapes: [][]int64{{700, 1001}}}},
	{"testdata/fused.mlir", nativeCase{fn: "softmax3", shapes: [][]int64{{7, 90, 1001}}}},
	{"testdata/fused.mlir", nativeCase{fn: "logistic_norm", shapes: [][]int64{{31, 20000}}}},
	{"testdata/fused.mlir", nativeCase{fn: "col_norm", shapes: [][]int64{{700, 1001}}}},
	// jax.nn.softmax and layer norm as jax.export writes them (W6, W7)
	{"testdata/fused_hlo.mlir", nativeCase{fn: "softmax_bn", shapes: [][]int64{{601, 1003}}}},
	{"testdata/fused_hlo.mlir", nativeCase{fn: "layer_norm_bn", shapes: [][]int64{{601, 1003}, {1003}, {1003}}}},
	{"testdata/matmul.mlir", nativeCase{fn: "mm", shapes: [][]int64{{130, 257}, {257, 301}}}},
	{"testdata/matmul.mlir", nativeCase{fn: "mm_tt", shapes: [][]int64{{300, 97}, {45, 300}}}},
	{"testdata/matmul.mlir", nativeCase{fn: "bmm_nt", shapes: [][]int64{{5, 70, 64}, {5, 90, 64}}}},
	{"testdata/matmul.mlir", nativeCase{fn: "mm_f64", shapes: [][]int64{{100, 300}, {300, 2100}}}},
	{"testdata/fused_hlo.mlir", nativeCase{fn: "att_blocks", shapes: [][]int64{{2, 100, 9}, {2, 300, 9}, {2, 300, 17}}}},
	{"testdata/fused_hlo.mlir", nativeCase{fn: "attention_2d", shapes: [][]int64{{500, 20}, {20, 300}, {300, 3}}}},
	{"testdata/fused_hlo.mlir", nativeCase{fn: "dense_relu", shapes: [][]int64{{1000, 70}, {70, 37}, {37}}}},
}

// keepFunctions erases the public functions of the module m that keep
// does not name (private ones, which a kept one may call, stay).
func keepFunctions(m *ir.Operation, keep map[string]bool) {
	var drop []*ir.Operation
	for _, f := range m.Region(0).Front().Ops() {
		name, _ := f.Attr("sym_name").(*ir.StringAttr)
		vis, _ := f.Attr("sym_visibility").(*ir.StringAttr)
		if f.Name() == "func.func" && name != nil && (vis == nil || vis.Value != "private") && !keep[name.Value] {
			drop = append(drop, f)
		}
	}
	for _, f := range drop {
		f.Erase()
	}
}

// TestThreadsBitIdentical runs each of threadCases in the parallel form
// (Options.Threads) on 1, 2 and 3 threads with every toolchain of
// buildNative, and in the single-thread form built by clang-19 (or llc),
// and requires the same result bits from all.
func TestThreadsBitIdentical(t *testing.T) {
	t.Parallel()
	tool(t, "compiling LLVM IR to native code", "clang-19", "llc")
	type built struct {
		serial    nativeBuild
		parallel  []nativeBuild
		dir, text string
		byName    map[string]*llvm.FuncABI
	}
	builds := map[string]*built{}
	for _, tc := range threadCases {
		if builds[tc.file] != nil {
			continue
		}
		src, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		_, lowered := cpuPipeline(t, tc.file, src)
		// Only the functions threadCases runs are built: the others'
		// parallel forms are the other native tests' (withParallelForm).
		keep := map[string]bool{}
		for _, c := range threadCases {
			if c.file == tc.file {
				keep[c.c.fn] = true
			}
		}
		keepFunctions(lowered, keep)
		fns, byName := functionABIs(t, lowered)
		b := &built{byName: byName}
		for _, threads := range []bool{false, true} {
			opts := llvm.Options{Threads: threads}
			text, err := llvm.Emit(lowered, opts)
			if err != nil {
				t.Fatalf("%s: Emit: %v", tc.file, err)
			}
			header, err := llvm.CHeaderFor(lowered, "", opts)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if threads {
				b.parallel, b.dir, b.text = buildNative(t, dir, fns, text, header), dir, text
			} else {
				// (the kernels' LLVM IR has no fast-math flags or fmuladd:
				// every toolchain gives its bits, so one build of the
				// single-thread form is the reference of each build of the
				// parallel form)
				b.serial = buildNativeWith(t, dir, fns, text, header, true, nil)[0]
			}
		}
		builds[tc.file] = b
	}
	rng := rand.New(rand.NewSource(17))
	for _, tc := range threadCases {
		b := builds[tc.file]
		f := b.byName[tc.c.fn]
		if f == nil {
			t.Fatalf("%s: no function @%s", tc.file, tc.c.fn)
		}
		t.Run(tc.c.fn+"_"+shapesName(tc.c.shapes), func(t *testing.T) {
			if !strings.Contains(llvmFunction(b.text, f.ThreadsName), "@bcast.parallel_for(") {
				t.Fatalf("@%s does not call bcast.parallel_for: no loop of it is split", f.ThreadsName)
			}
			args := driverTensors(randomArgs(t, rng, f, tc.c))
			run := func(nb nativeBuild, threads int) []llvm.DriverTensor {
				res, err := llvm.RunDriverCalls(nb.exe, b.dir, []llvm.DriverCall{{Func: f, Args: args}}, llvm.DriverOptions{Threads: threads})
				if err != nil {
					t.Fatalf("%s, %d threads: %v", nb.name, threads, err)
				}
				if res[0].Code != 0 {
					t.Fatalf("%s, %d threads: code %d: %s", nb.name, threads, res[0].Code, res[0].Message)
				}
				return res[0].Results
			}
			want := run(b.serial, 1)
			for _, nb := range b.parallel {
				for _, threads := range []int{1, 2, 3} {
					got := run(nb, threads)
					for r := range want {
						if !bytes.Equal(got[r].Data, want[r].Data) {
							t.Errorf("%s: %d threads: result %d differs from the single-thread form's", nb.name, threads, r)
						}
					}
				}
			}
		})
	}
}

// poolCallersC calls softmax_max_threads (testdata/fused.mlir) from two
// threads at once, 20 times each, on 2 and 3 threads: one call at a time
// gets the pool, the other runs its chunks itself; both must give the
// same bits.
const poolCallersC = `#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "kernels.h"
enum { R = 700, C = 1001 };
static float x[R * C], o1[R * C], o2[R * C], m1[R], m2[R];
static int run(float *o, float *m, int threads) {
  int64_t xs[2] = {R, C}, os[2] = {R, C}, ms[1] = {R};
  char err[256];
  for (int i = 0; i < 20; i++)
    if (softmax_max_threads(x, xs, o, os, m, ms, err, sizeof err, threads) != 0) {
      fprintf(stderr, "%s\n", err);
      return 1;
    }
  return 0;
}
static void *other(void *arg) { return (void *)(long)run(o2, m2, *(int *)arg); }
int main(void) {
  for (int i = 0; i < R * C; i++) x[i] = (float)((i * 7919) % 1000) / 100.0f;
  pthread_t t;
  int three = 3;
  void *rc2;
  if (pthread_create(&t, NULL, other, &three) != 0) return 1;
  int rc1 = run(o1, m1, 2);
  pthread_join(t, &rc2);
  if (rc1 != 0 || rc2 != NULL) return 1;
  for (int i = 0; i < R * C; i++)
    if (o1[i] != o2[i]) {
      printf("element %d differs\n", i);
      return 1;
    }
  puts("ok");
  return 0;
}
`

// TestThreadPoolConcurrentCallers runs poolCallersC built with
// ThreadSanitizer (clang-19 -fsanitize=thread): the pool's job hand-over
// must have no data race, and concurrent calls the same results.
func TestThreadPoolConcurrentCallers(t *testing.T) {
	t.Parallel()
	clang := tool(t, "building with ThreadSanitizer", "clang-19")
	src, err := os.ReadFile("testdata/fused.mlir")
	if err != nil {
		t.Fatal(err)
	}
	_, lowered := cpuPipeline(t, "testdata/fused.mlir", src)
	opts := llvm.Options{Threads: true}
	text, err := llvm.Emit(lowered, opts)
	if err != nil {
		t.Fatal(err)
	}
	header, err := llvm.CHeaderFor(lowered, "", opts)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range map[string]string{"kernels.ll": text, "kernels.h": header, "main.c": poolCallersC} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(dir, "callers")
	build := exec.Command(clang, "-O1", "-g", "-fsanitize=thread", "-Wall", "-Werror", "-Wno-override-module", "kernels.ll", "main.c", "-o", exe, "-lm", "-pthread")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", build.Args, err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
}
