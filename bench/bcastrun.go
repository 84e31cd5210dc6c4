package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/npy"
)

// This file is `go run ./bench --bcast-run`: the elementwise workloads
// timed through bcast-run, as a user runs them (`bcast-run W.mlir --bench
// N --threads 1`: bcast-run's pipeline, its toolchain and its driver, with
// no flag the benchmark chooses but one thread, as the C loop runs; the
// All cores table of RESULTS.md compares the parallel form), against the
// C loop timed the same way (`harness
// W --driver-bench N`: a fresh output buffer, one untimed call, N timed
// calls back to back, the median), on the same inputs (`harness W
// --dump`), alternating from round to round which runs first. It checks
// bcast-run's output against C's and prints the ratios; it writes no
// RESULTS.md.

// bcastRunWorkloads are the workloads --bcast-run can time: the
// elementwise ones, whose outputs match C's bit for bit (W6..W9 reassociate
// their sums; the harness checks them within a tolerance).
var bcastRunWorkloads = []string{"W1", "W2", "W3", "W4", "W5", "W5u", "W1j", "W3j"}

// bcastRunDefault is what --bcast-run times without --workloads: issue
// 17's acceptance set.
var bcastRunDefault = []string{"W1", "W2", "W3", "W4", "W5", "W5u"}

// driverRuns is N of each `bcast-run --bench N` and `harness
// --driver-bench N`.
const driverRuns = 10

// benchLine is the line bcast-run's driver and the harness's
// --driver-bench print.
var benchLine = regexp.MustCompile(`bench: (\d+) runs, median ([0-9.]+) ms, min ([0-9.]+) ms`)

// viaBcastRun runs --bcast-run: builds bcast-run into work, then times
// each workload o.rounds times each way and prints the table to stdout.
func viaBcastRun(root, work, harness string, o options, stdout io.Writer, log func(string, ...any)) error {
	log("building bcast-run")
	bcastRun := filepath.Join(work, "bcast-run")
	build := exec.Command("go", "build", "-o", bcastRun, "./cmd/bcast-run")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/bcast-run: %v\n%s", err, out)
	}
	load := loadAverage()
	var rows []string
	for _, w := range o.workloads {
		inputs, want, err := dumpInputs(harness, work, w)
		if err != nil {
			return err
		}
		kernel := kernelOf(w)
		args := []string{filepath.Join(root, "bench", "workloads", kernel+".mlir"), "--entry", entryOf(kernel), "--bench", strconv.Itoa(driverRuns), "--threads", "1"}
		for _, in := range inputs {
			args = append(args, "--input", in)
		}
		outDir := filepath.Join(work, w+".bcast-run")
		var ours, c []float64
		for r := 0; r < o.rounds; r++ {
			log("%s: round %d of %d", w, r+1, o.rounds)
			runOurs := func() error {
				a := args
				if r == 0 {
					a = append(append([]string{}, args...), "--output-dir", outDir)
				}
				ms, err := timeDriver(bcastRun, a...)
				ours = append(ours, ms)
				return err
			}
			runC := func() error {
				ms, err := timeDriver(harness, w, "--driver-bench", strconv.Itoa(driverRuns))
				c = append(c, ms)
				return err
			}
			order := []func() error{runOurs, runC}
			if r%2 == 1 {
				order[0], order[1] = order[1], order[0]
			}
			for _, run := range order {
				if err := run(); err != nil {
					return fmt.Errorf("%s: %v", w, err)
				}
			}
			if r == 0 {
				if err := checkOutput(filepath.Join(outDir, "result0.npy"), want); err != nil {
					return fmt.Errorf("%s: bcast-run's output: %v", w, err)
				}
			}
		}
		mo, mc := medianOf(ours), medianOf(c)
		rows = append(rows, fmt.Sprintf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f |", w, mo, mc, mo/mc, slices.Min(ours), slices.Min(c)))
	}
	fmt.Fprintf(stdout, "bcast-run --bench %d against the C loop timed the same way (harness --driver-bench %d), %d rounds, medians of the rounds' medians in ms; load average before: %s\n\n",
		driverRuns, driverRuns, o.rounds, load)
	fmt.Fprintln(stdout, "| workload | bcast-run ms | C ms | bcast-run/C | bcast-run min | C min |")
	fmt.Fprintln(stdout, "|---|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		fmt.Fprintln(stdout, r)
	}
	fmt.Fprintf(stdout, "load average after: %s\n", loadAverage())
	return nil
}

// dumpInputs writes the harness's inputs of workload as .npy files in
// work and returns their paths, with the C loop's output.
func dumpInputs(harness, work, workload string) ([]string, *npy.Array, error) {
	cmd := exec.Command(harness, workload, "--dump")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("harness %s --dump: %v\n%s", workload, err, stderr.String())
	}
	r := bufio.NewReader(bytes.NewReader(out))
	var arrays []*npy.Array
	for {
		if _, err := r.Peek(1); err == io.EOF {
			break
		}
		a, err := npy.Read(r)
		if err != nil {
			return nil, nil, fmt.Errorf("harness %s --dump: %v", workload, err)
		}
		arrays = append(arrays, a)
	}
	if len(arrays) < 2 {
		return nil, nil, fmt.Errorf("harness %s --dump wrote %d arrays, want the inputs and the output", workload, len(arrays))
	}
	var paths []string
	for i, a := range arrays[:len(arrays)-1] {
		p := filepath.Join(work, fmt.Sprintf("%s.in%d.npy", workload, i))
		if err := npy.WriteFile(p, a); err != nil {
			return nil, nil, err
		}
		paths = append(paths, p)
	}
	return paths, arrays[len(arrays)-1], nil
}

// timeDriver runs a program that prints the driver's bench line on
// stderr and returns its median.
func timeDriver(exe string, args ...string) (float64, error) {
	cmd := exec.Command(exe, args...)
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", filepath.Base(exe), err, stderr.String())
	}
	m := benchLine.FindStringSubmatch(stderr.String())
	if m == nil {
		return 0, fmt.Errorf("%s printed no bench line:\n%s", filepath.Base(exe), stderr.String())
	}
	return strconv.ParseFloat(m[2], 64)
}

// checkOutput compares bcast-run's result file with the C loop's output:
// equal within the harness's elementwise tolerance (1e-6 absolute or
// relative).
func checkOutput(path string, want *npy.Array) error {
	got, err := npy.ReadFile(path)
	if err != nil {
		return err
	}
	if !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("shape %v, the C loop's is %v", got.Shape, want.Shape)
	}
	g, err := got.Float32s()
	if err != nil {
		return err
	}
	c, err := want.Float32s()
	if err != nil {
		return err
	}
	for i := range c {
		d := math.Abs(float64(g[i]) - float64(c[i]))
		if !(d <= math.Max(1e-6, 1e-6*math.Abs(float64(c[i])))) {
			return fmt.Errorf("element %d is %g, the C loop's %g", i, g[i], c[i])
		}
	}
	return nil
}

// medianOf is the median of v (v is sorted).
func medianOf(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// loadAverage is /proc/loadavg's first three fields, or "n/a".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], " ")
}

// checkBcastRunFlags checks what --bcast-run is given: the workloads
// it can time, and no --offset (bcast-run's driver places the buffers).
func checkBcastRunFlags(o options) error {
	if o.offset != 0 {
		return errors.New("--bcast-run times bcast-run's own buffers: it cannot be combined with --offset")
	}
	for _, w := range o.workloads {
		if !slices.Contains(bcastRunWorkloads, w) {
			return fmt.Errorf("--bcast-run times the elementwise workloads (%s), not %s", strings.Join(bcastRunWorkloads, ","), w)
		}
	}
	return nil
}
