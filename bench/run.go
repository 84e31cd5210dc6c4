package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Implementation names, as the harness and numpy_bench.py print them.
const (
	implOurs  = "ours"
	implC     = "c"
	implMLIR  = "mlir19"
	implNumpy = "numpy"
	implCopy  = "copy"
	// implTwin is bcast-opt's kernel of a JAX export's static twin, timed
	// in the export's harness run (W1's kernel in W1j's).
	implTwin = "twin"
	// The multi-thread columns: ours in the parallel form on all cores,
	// the C loops under OpenMP (harness.c), numpy with OpenBLAS on all
	// cores (numpy_bench.py --mt).
	implOursMT  = "ours_mt"
	implCOMP    = "c_omp"
	implNumpyMT = "numpy_mt"
)

// Stat is one implementation's timing of one workload.
type Stat struct {
	MedianMs, MinMs float64
	Runs            int
}

// Result is everything measured for one workload.
type Result struct {
	Workload string
	// OutBytes is the output's size; MovedBytes adds every input once:
	// the traffic the roofline charges.
	OutBytes, MovedBytes int64
	// Times holds the implementations that ran, by name (implOurs, ...).
	Times map[string]Stat
	// Rtol and Atol are the output check's tolerance: an element o passes
	// against C's c when |o - c| <= max(Atol, Rtol*|c|) (harness.c).
	Rtol, Atol float64
	// MaxDiff is the largest |output - C output| of each checked
	// implementation (numpy's included, from numpy_bench.py --check), and
	// MaxRelDiff the largest |output - C output| / |C output|.
	MaxDiff, MaxRelDiff map[string]float64
	// Identical is, for a JAX export, whether ours's output equals its
	// static twin's bit for bit: "ok", "differ" (in Differing elements),
	// or "" when it was not compared (a kernel missing).
	Identical string
	Differing int64
	// Flops is a contraction's floating-point operations (two per
	// multiply-add), from which the GFLOP/s table is computed; 0 for the
	// other workloads.
	Flops float64
	// Threads is the thread count of the multi-thread columns (the
	// harness's --threads), 0 when unknown.
	Threads int
}

// time returns an implementation's median, and whether it ran.
func (r Result) time(impl string) (float64, bool) {
	s, ok := r.Times[impl]
	return s.MedianMs, ok && s.MedianMs > 0
}

// RooflineMs is the time to move MovedBytes at the copy probe's
// bandwidth, 2*OutBytes / (median memcpy time).
func (r Result) RooflineMs() (float64, bool) {
	copyMs, ok := r.time(implCopy)
	if !ok || r.OutBytes == 0 {
		return 0, false
	}
	return float64(r.MovedBytes) * copyMs / (2 * float64(r.OutBytes)), true
}

// record is one output line of the harness or numpy_bench.py:
// `kind key=value ...`.
type record struct {
	kind   string
	fields map[string]string
}

func parseRecords(out []byte) []record {
	var recs []record
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		words := strings.Fields(sc.Text())
		if len(words) == 0 {
			continue
		}
		r := record{kind: words[0], fields: map[string]string{}}
		for _, w := range words[1:] {
			if k, v, ok := strings.Cut(w, "="); ok {
				r.fields[k] = v
			}
		}
		recs = append(recs, r)
	}
	return recs
}

// mergeRecords adds the harness's (or numpy's) records to the results by
// workload, creating results as needed.
func mergeRecords(results map[string]*Result, recs []record) error {
	get := func(w string) *Result {
		if results[w] == nil {
			results[w] = &Result{Workload: w, Times: map[string]Stat{}, MaxDiff: map[string]float64{}, MaxRelDiff: map[string]float64{}}
		}
		return results[w]
	}
	for _, rec := range recs {
		f := rec.fields
		switch rec.kind {
		case "workload":
			r := get(f["name"])
			var err error
			if r.OutBytes, err = strconv.ParseInt(f["out_bytes"], 10, 64); err != nil {
				return fmt.Errorf("workload %s: bad out_bytes: %v", f["name"], err)
			}
			if r.MovedBytes, err = strconv.ParseInt(f["moved_bytes"], 10, 64); err != nil {
				return fmt.Errorf("workload %s: bad moved_bytes: %v", f["name"], err)
			}
			if r.Rtol, err = strconv.ParseFloat(f["rtol"], 64); err != nil {
				return fmt.Errorf("workload %s: bad rtol: %v", f["name"], err)
			}
			if r.Atol, err = strconv.ParseFloat(f["atol"], 64); err != nil {
				return fmt.Errorf("workload %s: bad atol: %v", f["name"], err)
			}
			if fl, ok := f["flops"]; ok {
				if r.Flops, err = strconv.ParseFloat(fl, 64); err != nil {
					return fmt.Errorf("workload %s: bad flops: %v", f["name"], err)
				}
			}
		case "check":
			if f["status"] == "ok" {
				d, err := strconv.ParseFloat(f["max_abs_diff"], 64)
				if err != nil {
					return fmt.Errorf("check %s %s: bad max_abs_diff: %v", f["workload"], f["impl"], err)
				}
				r := get(f["workload"])
				r.MaxDiff[f["impl"]] = d
				if rel, ok := f["max_rel_diff"]; ok {
					if r.MaxRelDiff[f["impl"]], err = strconv.ParseFloat(rel, 64); err != nil {
						return fmt.Errorf("check %s %s: bad max_rel_diff: %v", f["workload"], f["impl"], err)
					}
				}
			} else if f["status"] != "n/a" {
				return fmt.Errorf("%s: %s's output differs from the C loop's (max abs diff %s)", f["workload"], f["impl"], f["max_abs_diff"])
			}
		case "identical":
			r := get(f["workload"])
			switch f["status"] {
			case "ok", "differ":
				n, err := strconv.ParseInt(f["differing"], 10, 64)
				if err != nil {
					return fmt.Errorf("identical %s: bad differing: %v", f["workload"], err)
				}
				r.Identical, r.Differing = f["status"], n
			case "n/a":
				r.Identical = ""
			default:
				return fmt.Errorf("identical %s: unknown status %q", f["workload"], f["status"])
			}
		case "threads":
			// the harness's last record: the workload is the last one
			// named by a workload record
			n, err := strconv.Atoi(f["n"])
			if err != nil {
				return fmt.Errorf("threads: bad n: %v", err)
			}
			for _, r := range recs {
				if r.kind == "workload" {
					get(r.fields["name"]).Threads = n
				}
			}
		case "result":
			if f["status"] != "ok" {
				continue
			}
			med, err1 := strconv.ParseFloat(f["median_ms"], 64)
			mn, err2 := strconv.ParseFloat(f["min_ms"], 64)
			runs, err3 := strconv.Atoi(f["runs"])
			if err1 != nil || err2 != nil || err3 != nil {
				return fmt.Errorf("result %s %s: bad numbers", f["workload"], f["impl"])
			}
			get(f["workload"]).Times[f["impl"]] = Stat{MedianMs: med, MinMs: mn, Runs: runs}
		}
	}
	return nil
}

// runHarness runs the harness on one workload, with its buffers offset
// bytes past a cache line, keeping what it printed (every run's time) in
// <workload>.out next to it; an output check failure is an error carrying
// the harness's stderr.
func runHarness(exe, workload string, rounds, warmup, offset int) ([]record, error) {
	cmd := exec.Command(exe, workload, "--rounds", strconv.Itoa(rounds), "--warmup", strconv.Itoa(warmup), "--offset", strconv.Itoa(offset))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("harness %s: %v\n%s%s", workload, err, out, stderr.String())
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(exe), workload+".out"), out, 0o644); err != nil {
		return nil, err
	}
	return parseRecords(out), nil
}

// python finds a python3 with numpy: Debian's (PYENV_VERSION=system gets
// past pyenv's shims) and returns the command's environment: OpenBLAS on
// threads threads (OPENBLAS_NUM_THREADS: 1 for the single-thread columns,
// the cores for the multi-thread ones), without
// the OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE that this workplace sets for
// older OpenBLAS builds (Debian's libopenblas0-pthread picks its kernels
// from the CPU itself).
func python(threads int) (string, []string, error) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return "", nil, fmt.Errorf("no python3 on PATH")
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "OPENBLAS_CORETYPE" && k != "OPENBLAS_L2_SIZE" && k != "OPENBLAS_NUM_THREADS" {
			env = append(env, kv)
		}
	}
	env = append(env, "PYENV_VERSION=system", "OPENBLAS_NUM_THREADS="+strconv.Itoa(threads))
	cmd := exec.Command(py, "-c", "import numpy")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("python3 cannot import numpy (apt-get install python3-numpy): %s", firstLine(fmt.Errorf("%s", out)))
	}
	return py, env, nil
}

// checkNumpy compares numpy's output with the C loop's on the harness's
// inputs: `harness <workload> --dump` writes the inputs and C's output as
// .npy arrays into a pipe that `numpy_bench.py --check` reads, so nothing
// goes to disk. It returns numpy_bench.py's check record, or an error when
// an element is outside the workload's tolerance (rtol, atol) or either
// side failed.
func checkNumpy(exe, root, workload string, rtol, atol float64) ([]record, error) {
	py, env, err := python(1)
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	dump := exec.Command(exe, workload, "--dump")
	dump.Stdout = w
	var dumpErr, checkErr, out bytes.Buffer
	dump.Stderr = &dumpErr
	check := exec.Command(py, filepath.Join(root, "bench", "numpy_bench.py"), "--check", workload,
		"--rtol", strconv.FormatFloat(rtol, 'g', -1, 64), "--atol", strconv.FormatFloat(atol, 'g', -1, 64))
	check.Env = env
	check.Stdin = r
	check.Stdout = &out
	check.Stderr = &checkErr
	if err := check.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	errDump := dump.Start()
	// Only the children hold the pipe now: if numpy_bench.py stops
	// reading, the harness gets EPIPE instead of blocking, and if the
	// harness stops writing, numpy_bench.py reads the end of the file.
	r.Close()
	w.Close()
	errCheck := check.Wait()
	if errDump == nil {
		errDump = dump.Wait()
	}
	recs := parseRecords(out.Bytes())
	for _, rec := range recs {
		if rec.kind == "check" && rec.fields["status"] == "FAIL" {
			return nil, fmt.Errorf("%s: numpy's output differs from the C loop's: %s", workload, strings.TrimSpace(checkErr.String()))
		}
	}
	if errCheck != nil || errDump != nil {
		return nil, fmt.Errorf("checking %s's C loop against numpy: numpy_bench.py --check: %v, harness --dump: %v\n%s%s",
			workload, errCheck, errDump, checkErr.String(), dumpErr.String())
	}
	return recs, nil
}

// runNumpy times the numpy expressions of the workloads, keeping what the
// script printed in work/numpy.out; it returns the records and numpy's
// version. With threads > 1 they are the multi-thread columns (numpy_mt,
// OpenBLAS on threads threads; work/numpy_mt.out).
func runNumpy(root, work string, workloads []string, rounds, warmup, threads int) ([]record, string, error) {
	py, env, err := python(threads)
	if err != nil {
		return nil, "", err
	}
	args := []string{filepath.Join(root, "bench", "numpy_bench.py"), "--rounds", strconv.Itoa(rounds), "--warmup", strconv.Itoa(warmup)}
	outName := "numpy.out"
	if threads > 1 {
		args, outName = append(args, "--mt"), "numpy_mt.out"
	}
	args = append(args, workloads...)
	cmd := exec.Command(py, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, "", fmt.Errorf("numpy_bench.py: %v\n%s", err, stderr.String())
	}
	if err := os.WriteFile(filepath.Join(work, outName), out, 0o644); err != nil {
		return nil, "", err
	}
	recs := parseRecords(out)
	version := ""
	for _, r := range recs {
		if r.kind == "numpy" {
			version = r.fields["version"]
		}
	}
	return recs, version, nil
}
