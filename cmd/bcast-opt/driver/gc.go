package driver

import (
	"math"
	"os"
	"runtime/debug"
	"sync"
)

// TuneGC sets the garbage collector for a compiler process, unless the
// user set GOGC or GOMEMLIMIT: the collector runs when the heap has grown
// by 400% rather than Go's default 100%, under a 2 GiB soft limit.
//
// The IR of a large module is millions of small, pointer-rich objects that
// live until the end of the run, so with the default every doubling of
// the heap re-marks all of it: a third of the CPU time of parsing a 20 MB
// module or of --pipeline=cpu on 100k ops went to marking. GOGC=400 marks
// about four times less often for a peak heap that is larger by about the
// same factor on small inputs (a few MB) and by 1.3-1.5x on large ones;
// the soft limit makes the collector work harder again before the heap
// passes 2 GiB. The bcast-opt binary calls it first thing; benchmarks
// that measure in-process what the binary does call it too.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 << 30)
	}
}

// pauseGCWhilePrinting stops collections that are triggered by heap
// growth, until the returned function is called, when the process runs
// with TuneGC's settings (GOGC unset) under a memory limit. Printing only
// allocates the output, while everything it reads (the IR) is live: a
// collection then marks the whole IR to free almost nothing (on --pipeline=
// cpu with 100k ops in 1000 functions, one took 0.4 s of CPU during the
// 0.8 s of printing 48 MB). The memory limit still starts a collection if
// the heap reaches it.
//
// Overlapping calls (driver.Main run on several goroutines, as the lit
// tests do) share one pause: the first saves the setting and the last
// restores it.
func pauseGCWhilePrinting() (resume func()) {
	if os.Getenv("GOGC") != "" || debug.SetMemoryLimit(-1) == math.MaxInt64 {
		return func() {}
	}
	gcPause.Lock()
	if gcPause.n == 0 {
		gcPause.saved = debug.SetGCPercent(-1)
	}
	gcPause.n++
	gcPause.Unlock()
	return func() {
		gcPause.Lock()
		if gcPause.n--; gcPause.n == 0 {
			debug.SetGCPercent(gcPause.saved)
		}
		gcPause.Unlock()
	}
}

// gcPause counts the printings in progress that paused the collector,
// and holds the setting to restore after the last.
var gcPause struct {
	sync.Mutex
	n     int
	saved int
}
