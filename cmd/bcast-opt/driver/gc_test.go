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
		{"", "", math.MaxInt64, -1, 2 << 30},
		{"", "1GiB", 1 << 30, -1, 1 << 30},
		{"", "off", math.MaxInt64, 400, math.MaxInt64},
		{"150", "", math.MaxInt64, 150, 2 << 30},
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
