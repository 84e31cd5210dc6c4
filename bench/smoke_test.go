package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSmoke builds bcast-opt's kernels and the harness and runs four
// workloads (W9, the attention head, for the contractions' GFLOP/s table)
// for one round, checking the outputs against the C loops, and
// W1j's (the JAX export of W1) against W1's kernel's bit for bit. The
// reductions W6 and W7 join the run once bcast-opt compiles them (their
// outputs checked against C within their tolerance); until then each is a
// skipped subtest saying why. It times nothing worth reading and takes a
// few seconds, so it only runs when asked: BCAST_BENCH_SMOKE=1, with gcc
// installed.
func TestSmoke(t *testing.T) {
	smokeOnly(t)
	out := t.TempDir()
	workloads := []string{"W2", "W5u", "W1j"}
	var reductions []string
	for _, w := range []string{"W6", "W7"} {
		if err := oursBuilds(t, w); err != nil {
			t.Run(w, func(t *testing.T) {
				t.Skipf("%s left out of the smoke run while bcast-opt does not compile it: %s", w, firstLine(err))
			})
			continue
		}
		reductions = append(reductions, w)
	}
	workloads = append(append(workloads, reductions...), "W9")
	runBench(t, "--rounds", "1", "--warmup", "0", "--workloads", strings.Join(workloads, ","), "--out-dir", out,
		"--work-dir", filepath.Join(out, "work"), "--compile=false", "--numpy=false")
	md := readResults(t, out)
	// rows returns the cells of the table rows of a workload: its row of
	// the main table, of the all-cores table, then (for a contraction) of
	// the GFLOP/s table or (for a JAX export) of the JAX table.
	rows := func(w string) [][]string {
		var rs [][]string
		for _, l := range strings.Split(string(md), "\n") {
			if !strings.HasPrefix(l, "| "+w+" |") {
				continue
			}
			cells := strings.Split(strings.Trim(l, "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			rs = append(rs, cells)
		}
		return rs
	}
	for _, w := range append([]string{"W2", "W5u"}, reductions...) {
		if rs := rows(w); len(rs) != 2 || rs[0][1] == na || rs[0][2] == na {
			t.Errorf("%s: no time for ours and C in RESULTS.md:\n%s", w, md)
		} else if rs[1][3] == na || rs[1][4] == na {
			t.Errorf("%s: no time for ours and C under OpenMP on all cores in RESULTS.md:\n%s", w, md)
		}
	}
	// W1j (W1 as jax.export writes it): ours, C and the twin (W1's
	// kernel) must run, the generics be counted, and ours's output be the
	// twin's bit for bit. Its time is not checked: one round says nothing.
	rs := rows("W1j")
	if len(rs) != 3 || len(rs[2]) != 10 {
		t.Fatalf("W1j: want a row in the main table, the all-cores table and the JAX table of RESULTS.md:\n%s", md)
	}
	main, jax := rs[0], rs[2]
	if main[1] == na || main[2] == na || jax[1] != "W1" || jax[2] == na || jax[3] == na || jax[5] == na || jax[6] == na {
		t.Errorf("W1j: no time for ours, C or the twin, or no generic counts, in RESULTS.md:\n%s", md)
	}
	if jax[8] != "identical" {
		t.Errorf("W1j: output vs W1's kernel: %s, want identical:\n%s", jax[8], md)
	}
	// W9 (attention, a contraction): a row in the main table and one in
	// the GFLOP/s table (after the all-cores one), with ours and C.
	if rs := rows("W9"); len(rs) != 3 || rs[0][1] == na || rs[0][2] == na || rs[2][1] == na || rs[2][2] == na {
		t.Errorf("W9: want times and GFLOP/s of ours and C in RESULTS.md:\n%s", md)
	}
	if _, err := os.Stat(filepath.Join(out, "chart.svg")); err != nil {
		t.Error(err)
	}
}

// oursBuilds compiles bench/workloads/<kernel>.mlir to LLVM IR as the
// benchmark does (in-process, entry renamed), and returns bcast-opt's
// error if it does not.
func oursBuilds(t *testing.T, kernel string) error {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "bench", "workloads", kernel+".mlir"))
	if err != nil {
		t.Fatal(err)
	}
	renamed, err := renameKernel(string(src), entryOf(kernel), kernel)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "bcastopt_"+kernel+".mlir")
	if err := os.WriteFile(in, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := bcastOpt(in, "--pipeline=cpu", "--emit=llvm", "-o", filepath.Join(dir, kernel+".ll")); err != nil {
		return oursError(err, dir, kernel)
	}
	return nil
}

// smokeOnly skips a test that builds and runs the benchmark unless
// BCAST_BENCH_SMOKE=1 and gcc is installed.
func smokeOnly(t *testing.T) {
	t.Helper()
	if os.Getenv("BCAST_BENCH_SMOKE") != "1" {
		t.Skip("set BCAST_BENCH_SMOKE=1 to build and run the benchmark harness")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("the benchmark harness needs gcc")
	}
}

// TestOffsetBuffers runs the elementwise workloads once on buffers
// aligned to 16 bytes only (--offset 16: the inputs at different offsets
// in a cache line, the output at another), where the harness checks every
// output against the C loop's before timing: the kernels' vector loads
// and their peeled, aligned stores must be right there. Their speed there
// is what `go run ./bench --offset 16` measures.
func TestOffsetBuffers(t *testing.T) {
	smokeOnly(t)
	out := t.TempDir()
	runBench(t, "--rounds", "1", "--warmup", "0", "--workloads", "W1,W2,W3,W4,W5,W5u,W3j", "--offset", "16",
		"--out-dir", out, "--compile=false", "--numpy=false", "--mlir=false")
	if md := readResults(t, out); !strings.Contains(string(md), "--offset 16") {
		t.Errorf("RESULTS.md does not say the buffers were offset:\n%s", md)
	}
}

// TestBcastRunMode times W5u once through bcast-run (--bcast-run), which
// checks bcast-run's output against the C loop's, and checks the table.
func TestBcastRunMode(t *testing.T) {
	smokeOnly(t)
	stdout := runBench(t, "--bcast-run", "--rounds", "1", "--workloads", "W5u")
	if !regexp.MustCompile(`(?m)^\| W5u \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|`).MatchString(stdout) {
		t.Errorf("no W5u row with times and a ratio:\n%s", stdout)
	}
	for _, bad := range [][]string{{"--bcast-run", "--workloads", "W6"}, {"--bcast-run", "--offset", "16"}, {"--offset", "6"}} {
		if err := benchMain(bad, io.Discard, io.Discard); err == nil {
			t.Errorf("bench %s: no error", strings.Join(bad, " "))
		}
	}
}

// runBench runs the bench command with args and returns what it printed
// on stdout; an error fails the test with its stderr.
func runBench(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := benchMain(args, &stdout, &stderr); err != nil {
		t.Fatalf("bench %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// readResults reads the RESULTS.md a run wrote into dir.
func readResults(t *testing.T, dir string) []byte {
	t.Helper()
	md, err := os.ReadFile(filepath.Join(dir, "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	return md
}
