package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Machine describes where the numbers were measured.
type Machine struct {
	CPU    string // model name from /proc/cpuinfo
	Cores  int
	Kernel string // uname -r
	GCC    string // first line of gcc --version
	Clang  string // first line of clang-19 --version (or llc's)
	Numpy  string
	Go     string
	Date   string // UTC
	// Load is /proc/loadavg's 1-minute load when the run started: on a
	// shared machine it says how much to trust the medians.
	Load string
}

// probeMachine fills in a Machine from this host.
func probeMachine(tc toolchain) Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version(), Date: time.Now().UTC().Format("2006-01-02 15:04 MST")}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if l := loadAverage(); l != "n/a" {
		m.Load, _, _ = strings.Cut(l, " ")
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = "Linux " + strings.TrimSpace(string(b))
	}
	version := func(tool string) string {
		if tool == "" {
			return ""
		}
		out, err := exec.Command(tool, "--version").Output()
		if err != nil {
			return ""
		}
		for _, line := range strings.Split(string(out), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				return line
			}
		}
		return ""
	}
	m.GCC = version(tc.gcc)
	if tc.clang != "" {
		m.Clang = version(tc.clang)
	} else {
		m.Clang = version(tc.llc)
	}
	return m
}

// Report is the benchmark's outcome, rendered as RESULTS.md.
type Report struct {
	Machine        Machine
	Rounds, Warmup int
	LLVMCompile    string // how bcast-opt's LLVM IR was compiled
	Results        []Result
	// Kernels counts the generics of each bcast-opt kernel's
	// --pipeline=cpu output, by kernel name (W1, W1j, ...).
	Kernels map[string]KernelStats
	// OursErrors holds, by kernel name, bcast-opt's first diagnostic for
	// each of its kernels that did not build.
	OursErrors map[string]string
	// Notes list what could not be built or run.
	Notes []string
}

// na is how a missing number is printed.
const na = "n/a"

func fmtMs(v float64, ok bool) string {
	if !ok {
		return na
	}
	return fmt.Sprintf("%.2f", v)
}

func fmtRatio(num float64, numOK bool, den float64, denOK bool) string {
	if !numOK || !denOK || den == 0 {
		return na
	}
	return fmt.Sprintf("%.2f", num/den)
}

// Table renders the results as a Markdown table.
func (r *Report) Table() string {
	var sb strings.Builder
	sb.WriteString("| workload | ours ms | C ms | MLIR 19 ms | numpy ms | roofline ms | ours/C | ours/MLIR | numpy/ours | ours/roofline |\n")
	sb.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, res := range r.Results {
		ours, oursOK := res.time(implOurs)
		c, cOK := res.time(implC)
		mlir, mlirOK := res.time(implMLIR)
		np, npOK := res.time(implNumpy)
		roof, roofOK := res.RooflineMs()
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			res.Workload,
			fmtMs(ours, oursOK), fmtMs(c, cOK), fmtMs(mlir, mlirOK), fmtMs(np, npOK), fmtMs(roof, roofOK),
			fmtRatio(ours, oursOK, c, cOK), fmtRatio(ours, oursOK, mlir, mlirOK),
			fmtRatio(np, npOK, ours, oursOK), fmtRatio(ours, oursOK, roof, roofOK))
	}
	return sb.String()
}

// MultiThreadTable renders the multi-thread columns as a Markdown table,
// or "" when the harness timed no kernel in the parallel form.
func (r *Report) MultiThreadTable() string {
	ran := false
	for _, res := range r.Results {
		if _, ok := res.time(implOursMT); ok {
			ran = true
		}
	}
	if !ran {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("| workload | threads | ours 1 thread ms | ours ms | C OpenMP ms | numpy ms | ours speedup | ours/C OpenMP | numpy/ours |\n")
	sb.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, res := range r.Results {
		ours1, ours1OK := res.time(implOurs)
		ours, oursOK := res.time(implOursMT)
		c, cOK := res.time(implCOMP)
		np, npOK := res.time(implNumpyMT)
		threads := na
		if res.Threads > 0 {
			threads = fmt.Sprint(res.Threads)
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			res.Workload, threads,
			fmtMs(ours1, ours1OK), fmtMs(ours, oursOK), fmtMs(c, cOK), fmtMs(np, npOK),
			fmtRatio(ours1, ours1OK, ours, oursOK), fmtRatio(ours, oursOK, c, cOK), fmtRatio(np, npOK, ours, oursOK))
	}
	return sb.String()
}

// MachineLine is the one-line description of the machine and tools.
func (r *Report) MachineLine() string {
	m := r.Machine
	parts := []string{fmt.Sprintf("%s, %d cores", orNA(m.CPU), m.Cores), orNA(m.Kernel),
		"gcc: " + orNA(m.GCC), "LLVM: " + orNA(m.Clang), "numpy " + orNA(m.Numpy), m.Go, m.Date}
	if m.Load != "" {
		parts = append(parts, "load average "+m.Load+" at the start")
	}
	return strings.Join(parts, "; ")
}

func orNA(s string) string {
	if s == "" {
		return na
	}
	return s
}

// checkLine lists the largest difference from the C loop's output of
// each checked implementation, and the largest relative difference too
// for a workload whose tolerance is relative only (W6).
func (r *Report) checkLine() string {
	var parts []string
	for _, res := range r.Results {
		var ds []string
		for _, impl := range []string{implOurs, implMLIR, implNumpy, implOursMT, implCOMP} {
			if d, ok := res.MaxDiff[impl]; ok {
				s := fmt.Sprintf("%s %g", displayName[impl], d)
				if rel, ok := res.MaxRelDiff[impl]; ok && res.Atol == 0 && res.Rtol > 0 {
					s += fmt.Sprintf(" (%g relative)", rel)
				}
				ds = append(ds, s)
			}
		}
		if len(ds) > 0 {
			parts = append(parts, res.Workload+": "+strings.Join(ds, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// toleranceLine says which tolerance each workload's output check used,
// grouping the workloads that share one; "" when none is known.
func (r *Report) toleranceLine() string {
	type tol struct{ rtol, atol float64 }
	var order []tol
	groups := map[tol][]string{}
	for _, res := range r.Results {
		if res.Rtol == 0 && res.Atol == 0 {
			continue
		}
		t := tol{res.Rtol, res.Atol}
		if _, ok := groups[t]; !ok {
			order = append(order, t)
		}
		groups[t] = append(groups[t], res.Workload)
	}
	var parts []string
	for _, t := range order {
		parts = append(parts, fmt.Sprintf("%s: rtol %g, atol %g", strings.Join(groups[t], ", "), t.rtol, t.atol))
	}
	return strings.Join(parts, "; ")
}

// Markdown renders RESULTS.md (without the compile-speed section, which
// is appended after it); chart names the SVG file next to it, or is empty.
func (r *Report) Markdown(chart string) string {
	var sb strings.Builder
	sb.WriteString("# Kernel benchmarks\n\n")
	sb.WriteString("Generated by `go run ./bench` (bench/doc.go); SPEC.md section 9.\n\n")
	fmt.Fprintf(&sb, "Machine: %s.\n\n", r.MachineLine())
	sb.WriteString(r.Table())
	sb.WriteString("\n")
	notes := []string{
		"float32, one thread, sizes of SPEC.md section 9: W1, W4, W5, W6, W7 read a 64 MiB X; W3 reads a 64 MiB c; every output is 64 MiB (more than the last-level cache).",
		fmt.Sprintf("Times are medians in ms. ours, C, MLIR 19 and the copy probe run in one process, checked against C, then timed in %d interleaved rounds (after %d warm-up rounds) whose order rotates, each timed call right after an untimed call of the same implementation, as numpy's calls follow each other; numpy runs in its own process, median of %d calls.", r.Rounds, r.Warmup, r.Rounds),
		"ours: `bcast-opt --pipeline=cpu --emit=llvm`, compiled with " + orNA(r.LLVMCompile) + ". C: the hand-written fused loops of bench/c/loops.c, `gcc -O3 -march=native -ffp-contract=off` (no FMA contraction, so C rounds exactly like ours). MLIR 19: bench/mlir19's mlir_Wn (TOSA through mlir-opt-19's pipeline, writing into the caller's buffer). numpy: the idiomatic expression (bench/numpy_bench.py), temporaries included.",
		"roofline = (input bytes, each read once, + output bytes) / copy bandwidth, where copy bandwidth = 2 x output bytes / median time of a memcpy of an output-sized buffer. ours/roofline near 1 means memory-bound at what the machine can copy.",
	}
	var jax []string
	for _, res := range r.Results {
		if _, ok := twinOf[res.Workload]; ok {
			jax = append(jax, res.Workload)
		}
	}
	if len(jax) > 0 {
		notes = append(notes, strings.Join(jax, ", ")+": the JAX exports of the section below, on their twins' inputs; C and numpy are their twins' loop and expression. No MLIR 19 kernel: mlir-opt-19 has no StableHLO front end, and bench/mlir19 writes only the static workloads (in TOSA).")
	}
	var reductions []string
	for _, res := range r.Results {
		if reductionTargets[res.Workload] {
			reductions = append(reductions, res.Workload)
		}
	}
	if len(reductions) > 0 {
		notes = append(notes, strings.Join(reductions, ", ")+" (softmax, layer norm) are the JAX exports bench/workloads/W6.mlir and W7.mlir (@main, static shapes). Their C loops make three passes over each row (max, sum of exp, divide; mean, variance, normalize), with the row's max and sums in 32 partial accumulators, which gcc vectorizes (it vectorizes no single-accumulator float reduction without -ffast-math); W6's C calls glibc's scalar expf for each element (gcc calls libmvec's vector expf only under -ffast-math), so it is bound by exp, not by memory. MLIR 19: tosa.reduce_max, tosa.exp, tosa.reduce_sum, tosa.reciprocal and tosa.mul (W6); tosa.reduce_sum, tosa.mul by 1/4096, tosa.rsqrt (W7). numpy: x.max, np.exp, e.sum (W6); x.mean, x.var, np.sqrt (W7).")
	}
	if t := r.toleranceLine(); t != "" {
		notes = append(notes, "Output check, per element, against C's output c: |out - c| <= max(atol, rtol |c|) (bench/c/harness.c; numpy_bench.py --check applies the same to numpy's output on the harness's inputs): "+t+". The elementwise workloads match bit for bit when every implementation rounds alike. Row sums may be reassociated (C sums in 32 partial sums, numpy pairwise, MLIR 19 in order) and exp and rsqrt differ by an ulp or so between implementations, so W6 and W7 get a tolerance: relative only for W6 (a softmax cancels nothing), absolute near zero for W7 (+ beta can cancel).")
	}
	if c := r.checkLine(); c != "" {
		notes = append(notes, "Largest |output - C output|: "+c+".")
	}
	notes = append(notes, r.Notes...)
	for _, n := range notes {
		sb.WriteString("- " + n + "\n")
	}
	if chart != "" {
		fmt.Fprintf(&sb, "\n![time relative to C per workload](%s)\n", chart)
	}
	if mt := r.MultiThreadTable(); mt != "" {
		writeSection(&sb, "All cores", mt,
			"ours: the same kernels in the parallel form (`bcast-opt --emit=llvm --threads`, lower/llvm's Threads), called through bcastopt_mt_Wn_threads with the thread count; their outermost parallel loops (rows, W3's outer dim, W8's column panels, W9's batch) run in chunks on the module's pthread pool, with results bit for bit those of one thread. C OpenMP: the C loops of bench/c/loops.c built again with `gcc -fopenmp -DBENCH_OMP`, each outermost loop `#pragma omp parallel for` (static schedule). Both run in the harness process, checked against C and timed in the same interleaved rounds as the single-thread columns, on the harness's --threads threads (the CPUs it may run on).",
			"ours speedup: ours 1 thread / ours on all cores (the single-thread column's kernel, in the single-thread form). numpy: numpy_bench.py --mt, in its own process with OPENBLAS_NUM_THREADS set to the cores: only the matmuls of W8 and W9 use several threads; numpy's elementwise operations use one.")
	}
	if flops := r.FlopsTable(); flops != "" {
		writeSection(&sb, "Contractions: GFLOP/s", flops,
			"W8 is the dense layer relu(x @ W + b), x and W 1024x1024, b 1024; W9 one attention head softmax(q k^T / 8) v over a batch of 8, sequence 512, head dim 64 (bench/workloads/W8.mlir, W9.mlir, JAX exports with static shapes). GFLOP/s counts two operations per multiply-add of the contractions (2 n k m for W8, 2 x 2 b s s d for W9) over the whole kernel's median time, epilogue and softmax included.",
			"C: i-k-j loops (W8; W9's scores as dot products in 32 partial sums, W6's softmax, then i-k-j), `gcc -O3 -march=native -ffp-contract=off`. numpy: `np.maximum(x @ w + b, 0)` and the attention with np.matmul and W6's softmax, on OpenBLAS with OPENBLAS_NUM_THREADS=1 (and OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset, which this workplace sets for older OpenBLAS builds). OpenBLAS matmul: the contractions alone through numpy, single-threaded: W8's `x @ w`, the sgemm that issue 15's target compares ours's matmul with, and W9's two batched matmuls `(q @ k^T) @ v` without the softmax between them (what numpy's attention spends in OpenBLAS). OpenBLAS/numpy: numpy's whole time over that of its contractions alone, the most any implementation whose contractions run at OpenBLAS's speed could be faster than numpy, its other work (W9's softmax, W8's bias and relu) taking no time: W9's 3x target needs ours's matmuls faster than OpenBLAS's wherever this reads below 3. MLIR 19: bench/mlir19's tosa.matmul (W9's k transposed by tosa.transpose first), which mlir-opt-19 makes a linalg.batch_matmul and plain loops.")
	}
	if targets := r.Targets(); targets != "" {
		sb.WriteString("\n## Reductions: the targets of issue 14\n\n")
		sb.WriteString(targets)
	}
	if jax := r.JAXTable(); jax != "" {
		sb.WriteString("\n## JAX exports against their static twins\n\n")
		sb.WriteString("W1j, W3j and W9j are W1, W3 and W9 as `jax.export` writes them with a symbolic batch dim " +
			"(bench/workloads/W1j.mlir, W3j.mlir, W9j.mlir: a public @main that reads the batch dim with get_dimension_size, " +
			"asserts it with @shape_assertion custom calls and calls @_wrapped_jax_export_main, which builds each " +
			"broadcast's shape with convert, reshape and concatenate for a dynamic_broadcast_in_dim before same-shape " +
			"stablehlo ops; W9j's contractions have a `?` batch dim), called with the inputs of W1, W3 and W9.\n\n")
		sb.WriteString(jax)
		sb.WriteString("\n")
		for _, n := range []string{
			"twin: bcast-opt's kernel of the static twin (W1 for W1j, W3 for W3j, W9 for W9j) on the same inputs, timed in the same process as ours, C and the copy probe, in the same interleaved rounds; ours/twin is the ratio of the two medians.",
			"generics: the linalg.generic ops of `bcast-opt --pipeline=cpu` output (bench/kernels.go counts them in the printed IR); rank 0: those without loops, computations on shape values rather than passes over the data. copies: generics with loops that only yield one of their inputs (a materialized broadcast or copy), and linalg.copy or linalg.broadcast ops.",
			"output vs twin: ours's output compared with twin's bit for bit (memcmp of each element; not the tolerance of the check against C).",
			fmt.Sprintf("SPEC §9: as many generics as the twin, no copy, ours/twin at most %.2f, and identical outputs; otherwise what is missing. The two kernels share every round, but on a busy shared machine single runs are bimodal and one run's ratio can be off by far more than 5%% (a 9-round run at load average 8 read 1.54 for W3j, whose loop is W3's): rerun with more --rounds before reading a miss as a regression.", jaxMaxRatio),
		} {
			sb.WriteString("- " + n + "\n")
		}
	}
	return sb.String()
}

// writeSection writes a section of RESULTS.md: its title, its table and
// its notes as a list.
func writeSection(sb *strings.Builder, title, table string, notes ...string) {
	sb.WriteString("\n## " + title + "\n\n")
	sb.WriteString(table)
	sb.WriteString("\n")
	for _, n := range notes {
		sb.WriteString("- " + n + "\n")
	}
}

// implOpenBLAS is numpy_bench.py's timing of a contraction workload's
// matmuls alone through OpenBLAS's sgemm, single-threaded (W8's x @ w,
// W9's (q @ k^T) @ v).
const implOpenBLAS = "openblas"

// FlopsTable renders the contractions (results with Flops > 0) as a
// Markdown table of GFLOP/s, or "" when there is none.
func (r *Report) FlopsTable() string {
	var sb strings.Builder
	gflops := func(res Result, impl string) (float64, bool) {
		ms, ok := res.time(impl)
		if !ok {
			return 0, false
		}
		return res.Flops / (ms * 1e6), true
	}
	fmtG := func(v float64, ok bool) string {
		if !ok {
			return na
		}
		return fmt.Sprintf("%.1f", v)
	}
	for _, res := range r.Results {
		if res.Flops <= 0 {
			continue
		}
		if sb.Len() == 0 {
			sb.WriteString("| workload | ours GFLOP/s | C GFLOP/s | MLIR 19 GFLOP/s | numpy GFLOP/s | OpenBLAS matmul GFLOP/s | ours/OpenBLAS | ours/MLIR | ours/numpy | OpenBLAS/numpy |\n")
			sb.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		}
		ours, oursOK := gflops(res, implOurs)
		c, cOK := gflops(res, implC)
		mlir, mlirOK := gflops(res, implMLIR)
		np, npOK := gflops(res, implNumpy)
		blas, blasOK := gflops(res, implOpenBLAS)
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", res.Workload,
			fmtG(ours, oursOK), fmtG(c, cOK), fmtG(mlir, mlirOK), fmtG(np, npOK), fmtG(blas, blasOK),
			fmtRatio(ours, oursOK, blas, blasOK), fmtRatio(ours, oursOK, mlir, mlirOK), fmtRatio(ours, oursOK, np, npOK),
			fmtRatio(blas, blasOK, np, npOK))
	}
	return sb.String()
}

// jaxMaxRatio is the slowest a JAX export may run relative to its static
// twin (docs/SPEC.md §9: "must run as fast as W1 and W3", and W9j as W9).
const jaxMaxRatio = 1.05

// fmtGenerics renders a kernel's generic count with its rank-0 share.
func fmtGenerics(s KernelStats, ok bool) string {
	if !ok {
		return na
	}
	if s.Scalar == 0 {
		return fmt.Sprint(s.Generics)
	}
	return fmt.Sprintf("%d (%d rank 0)", s.Generics, s.Scalar)
}

// JAXTable renders the JAX exports against their static twins as a
// Markdown table, or "" when no JAX export ran.
func (r *Report) JAXTable() string {
	var sb strings.Builder
	for _, res := range r.Results {
		twin, ok := twinOf[res.Workload]
		if !ok {
			continue
		}
		if sb.Len() == 0 {
			sb.WriteString("| workload | twin | ours ms | twin ms | ours/twin | generics | twin generics | copies | output vs twin | SPEC §9 |\n")
			sb.WriteString("|---|---|--:|--:|--:|--:|--:|--:|---|---|\n")
		}
		ours, oursOK := res.time(implOurs)
		tw, twOK := res.time(implTwin)
		js, jsOK := r.Kernels[res.Workload]
		ts, tsOK := r.Kernels[twin]
		var missing []string
		switch {
		case !oursOK:
			missing = append(missing, "ours did not run")
		case !twOK:
			missing = append(missing, "twin did not run")
		case ours/tw > jaxMaxRatio:
			missing = append(missing, fmt.Sprintf("%.2fx twin's time", ours/tw))
		}
		if !jsOK || !tsOK {
			missing = append(missing, "no generic counts")
		} else if js.Generics != ts.Generics {
			missing = append(missing, fmt.Sprintf("%d generics, twin %d", js.Generics, ts.Generics))
		}
		copies := na
		if jsOK {
			copies = fmt.Sprint(js.Copies)
			if js.Copies > 0 {
				missing = append(missing, fmt.Sprintf("%d copies", js.Copies))
			}
		}
		same := na
		switch res.Identical {
		case "ok":
			same = "identical"
		case "differ":
			same = fmt.Sprintf("differs in %d elements", res.Differing)
			missing = append(missing, "output differs")
		default:
			if oursOK && twOK {
				missing = append(missing, "outputs not compared")
			}
		}
		verdict := "met"
		if len(missing) > 0 {
			verdict = "not met: " + strings.Join(missing, "; ")
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			res.Workload, twin, fmtMs(ours, oursOK), fmtMs(tw, twOK), fmtRatio(ours, oursOK, tw, twOK),
			fmtGenerics(js, jsOK), fmtGenerics(ts, tsOK), copies, same, verdict)
	}
	return sb.String()
}

// reductionTargets are the workloads issue 14 sets targets for: softmax
// (W6) and layer norm (W7), each in one run at most targetRoofline times
// the memcpy roofline, at most targetMLIR times MLIR 19's time, and at
// least targetNumpy times faster than numpy.
var reductionTargets = map[string]bool{"W6": true, "W7": true}

const (
	targetRoofline = 1.3
	targetMLIR     = 0.5
	targetNumpy    = 5.0
)

// Targets renders one line per workload of reductionTargets that ran:
// each target's ratio from this run's medians and whether it is met, or
// why it could not be measured. "" when no such workload ran.
func (r *Report) Targets() string {
	var sb strings.Builder
	for _, res := range r.Results {
		if !reductionTargets[res.Workload] {
			continue
		}
		ours, oursOK := res.time(implOurs)
		roof, roofOK := res.RooflineMs()
		mlir, mlirOK := res.time(implMLIR)
		np, npOK := res.time(implNumpy)
		if !oursOK {
			why := "ours did not run"
			if e, ok := r.OursErrors[kernelOf(res.Workload)]; ok {
				why = "ours does not build yet: " + e
			}
			// What ours would have to take in this run to meet each one.
			budget := func(ms float64, ok bool) string {
				if !ok {
					return ""
				}
				return fmt.Sprintf(" (%.2f ms here)", ms)
			}
			fmt.Fprintf(&sb, "- %s: not measured, %s. Targets: ours/roofline <= %g%s, ours/MLIR 19 <= %g%s, numpy/ours >= %g%s.\n",
				res.Workload, why, targetRoofline, budget(targetRoofline*roof, roofOK),
				targetMLIR, budget(targetMLIR*mlir, mlirOK), targetNumpy, budget(np/targetNumpy, npOK))
			continue
		}
		met, measured := 0, 0
		target := func(name string, v float64, ok bool, atMost bool, limit float64) string {
			if !ok {
				return fmt.Sprintf("%s n/a", name)
			}
			measured++
			op, good := ">=", v >= limit
			if atMost {
				op, good = "<=", v <= limit
			}
			verdict := "not met"
			if good {
				met++
				verdict = "met"
			}
			return fmt.Sprintf("%s %.2f (%s %g: %s)", name, v, op, limit, verdict)
		}
		parts := []string{
			target("ours/roofline", ours/roof, roofOK, true, targetRoofline),
			target("ours/MLIR 19", ours/mlir, mlirOK, true, targetMLIR),
			target("numpy/ours", np/ours, npOK, false, targetNumpy),
		}
		fmt.Fprintf(&sb, "- %s: %s; %d of 3 met", res.Workload, strings.Join(parts, "; "), met)
		if measured < 3 {
			fmt.Fprintf(&sb, ", %d not measured", 3-measured)
		}
		sb.WriteString(".\n")
	}
	return sb.String()
}
