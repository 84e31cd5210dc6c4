package driver

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneGC checks the collector settings TuneGC chooses for each
// combination of GOGC and GOMEMLIMIT.
func TestTuneGC(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct {
		gogc, memlimit string
		limit          int64 // the limit before TuneGC runs (the runtime reads GOMEMLIMIT at start)
		wantGC         int
		wantLimit      int64
	}{
		{"", "", math.MaxInt64, -1, softLimit(availableMemory())},
		{"", "1GiB", 1 << 30, -1, 1 << 30},
		{"", "off", math.MaxInt64, 400, math.MaxInt64},
		{"150", "", math.MaxInt64, 150, softLimit(availableMemory())},
		{"150", "off", math.MaxInt64, 150, math.MaxInt64},
	} {
		t.Setenv("GOGC", tc.gogc)
		t.Setenv("GOMEMLIMIT", tc.memlimit)
		debug.SetMemoryLimit(tc.limit)
		gc := 100
		if tc.gogc != "" {
			gc = 150 // as the runtime would have read it
		}
		debug.SetGCPercent(gc)
		TuneGC()
		if got := debug.SetGCPercent(100); got != tc.wantGC {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: GC percent %d, want %d", tc.gogc, tc.memlimit, got, tc.wantGC)
		}
		if got := debug.SetMemoryLimit(-1); got != tc.wantLimit {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: memory limit %d, want %d", tc.gogc, tc.memlimit, got, tc.wantLimit)
		}
	}
}

// TestSoftLimit checks TuneGC's limit for machines and containers of
// several sizes, from the texts of /proc/meminfo and memory.max.
func TestSoftLimit(t *testing.T) {
	const meminfo24G = "MemTotal:       24682416 kB\nMemFree:         1000 kB\n"
	if got := memTotal(meminfo24G); got != 24682416<<10 {
		t.Errorf("memTotal = %d", got)
	}
	for _, text := range []string{"", "MemFree: 12 kB\n", "MemTotal: 12\n", "MemTotal: x kB\n"} {
		if got := memTotal(text); got != 0 {
			t.Errorf("memTotal(%q) = %d, want 0", text, got)
		}
	}
	if got := cgroupMax("1073741824\n"); got != 1<<30 {
		t.Errorf("cgroupMax = %d", got)
	}
	if got := cgroupMax("max\n"); got != 0 {
		t.Errorf("cgroupMax(max) = %d, want 0", got)
	}
	for _, c := range []struct{ available, want int64 }{
		{0, 2 << 30},        // unknown
		{24 << 30, 2 << 30}, // a large machine
		{4 << 30, 2 << 30},
		{1 << 30, 512 << 20}, // a 1 GiB container
	} {
		if got := softLimit(c.available); got != c.want {
			t.Errorf("softLimit(%d) = %d, want %d", c.available, got, c.want)
		}
	}
}
