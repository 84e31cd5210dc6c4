package driver

import (
	"runtime/debug"
	"sync"
	"testing"
)

// TestPauseGCOverlapping checks that overlapping printings restore the
// collector's setting once the last one ends, whatever the order.
func TestPauseGCOverlapping(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 40))
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	a := pauseGCWhilePrinting()
	b := pauseGCWhilePrinting()
	a() // the first to start ends first
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("collector resumed (GOGC %d) while a printing is in progress", p)
	}
	b()
	if p := debug.SetGCPercent(400); p != 400 {
		t.Errorf("GOGC after both printings: %d, want 400", p)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { pauseGCWhilePrinting()() })
	}
	wg.Wait()
	if p := debug.SetGCPercent(400); p != 400 {
		t.Errorf("GOGC after concurrent printings: %d, want 400", p)
	}
}
