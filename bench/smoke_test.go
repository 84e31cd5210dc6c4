package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSmoke builds bcast-opt's kernels and the harness and runs two
// workloads for one round, checking the outputs against the C loops. It
// times nothing worth reading and takes a few seconds, so it only runs
// when asked: BCAST_BENCH_SMOKE=1, with gcc installed.
func TestSmoke(t *testing.T) {
	if os.Getenv("BCAST_BENCH_SMOKE") != "1" {
		t.Skip("set BCAST_BENCH_SMOKE=1 to build and run the benchmark harness once")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("the benchmark harness needs gcc")
	}
	out := t.TempDir()
	args := []string{"--rounds", "1", "--warmup", "0", "--workloads", "W2,W5u", "--out-dir", out,
		"--work-dir", filepath.Join(out, "work"), "--compile=false", "--numpy=false"}
	var stdout, stderr bytes.Buffer
	if err := benchMain(args, &stdout, &stderr); err != nil {
		t.Fatalf("bench %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"W2", "W5u"} {
		line := ""
		for _, l := range strings.Split(string(md), "\n") {
			if strings.HasPrefix(l, "| "+w+" |") {
				line = l
			}
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 || strings.TrimSpace(cells[2]) == na || strings.TrimSpace(cells[3]) == na {
			t.Errorf("%s: no time for ours and C in RESULTS.md:\n%s", w, md)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "chart.svg")); err != nil {
		t.Error(err)
	}
}
