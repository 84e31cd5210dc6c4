package driver

import (
	"math"
	"os"
	"runtime/debug"
)

// TuneGC sets the garbage collector for a compiler process, unless the
// user set GOGC: the collector runs only when the heap nears a soft limit
// of 2 GiB (or the user's GOMEMLIMIT), not whenever it has grown by a
// percentage.
//
// The IR of a large module is millions of small, pointer-rich objects that
// mostly live until the end of the run, and the process exits when it has
// printed them, so collecting earlier frees little for what it costs. On
// --pipeline=cpu of 100k ops in 1000 functions, with collections at every
// 400% of growth (GOGC=400) the run took 3.4-3.6 s of user CPU and 2.4 s
// of wall time; without collections it took 2.5 s of user CPU and 1.9 s,
// for a peak RSS of 1.30 GB rather than 1.10 GB. Beyond the marking, a
// heap that is never swept is handed out in fresh, contiguous spans:
// objects built together lie together for the passes that walk them. With
// the default GOGC=100 the same run takes 4.8 s of user CPU.
//
// Near the limit the collector runs as it would with any GOGC there, so
// a module whose live IR passes 2 GiB is as slow as before. If the user
// turned the limit off (GOMEMLIMIT=off or math.MaxInt64), GOGC=400 keeps
// the heap bounded. The bcast-opt binary calls TuneGC first thing;
// benchmarks that measure in-process what the binary does call it too.
func TuneGC() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 << 30)
	}
	if os.Getenv("GOGC") != "" {
		return
	}
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetGCPercent(400)
		return
	}
	debug.SetGCPercent(-1)
}
