package driver

import (
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// TuneGC sets the garbage collector for a compiler process, unless the
// user set GOGC: the collector runs only when the heap nears a soft limit
// (the user's GOMEMLIMIT, or softLimit: 2 GiB, less on a machine or in a
// container with less than 4 GiB), not whenever it has grown by a
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
// the default GOGC=100 the same run takes 4.8 s of user CPU. The price is
// that the peak heap follows what the run allocates, not what it keeps,
// up to the limit.
//
// Near the limit the collector runs as it would with any GOGC there, so
// a module whose live IR passes the limit is as slow as before. If the
// user turned the limit off (GOMEMLIMIT=off), GOGC=400 keeps the heap
// bounded. The bcast-opt binary calls TuneGC first thing; benchmarks that
// measure in-process what the binary does call it too.
func TuneGC() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softLimit(availableMemory()))
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

// softLimit is TuneGC's memory limit given the memory available to the
// process (0: unknown): 2 GiB, or half the available memory if that is
// less, so that parallel runs on a small machine or a container's limit
// collect before they run out.
func softLimit(available int64) int64 {
	limit := int64(2 << 30)
	if available > 0 {
		limit = min(limit, available/2)
	}
	return limit
}

// availableMemory returns the smaller of the machine's memory (MemTotal
// of /proc/meminfo) and the cgroup v2 memory limit of the process's
// container (/sys/fs/cgroup/memory.max), in bytes; 0 if neither is known,
// as off Linux.
func availableMemory() int64 {
	var m int64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		m = memTotal(string(b))
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if c := cgroupMax(string(b)); c > 0 && (m == 0 || c < m) {
			m = c
		}
	}
	return m
}

// memTotal reads MemTotal, in bytes, from the text of /proc/meminfo
// (`MemTotal:       24682416 kB`); 0 if absent.
func memTotal(meminfo string) int64 {
	for line := range strings.Lines(meminfo) {
		rest, ok := strings.CutPrefix(line, "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb <= 0 {
			return 0
		}
		return kb << 10
	}
	return 0
}

// cgroupMax reads a cgroup v2 memory.max file: a number of bytes, or
// "max" (no limit, 0 here).
func cgroupMax(text string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}
