package interp

import (
	"fmt"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bcast-opt/bcast-opt/ir"
)

// elementBytes is what the interpreter stores per element, whatever the
// element type: a float64 or an int64 (see Tensor).
const elementBytes = 8

// DefaultMaxMemory returns the limit a run uses when Options.MaxMemory is
// 0: half the memory available to the process now, that is the smaller of
// MemAvailable in /proc/meminfo and what the cgroup v2 memory limit of the
// process's container leaves (memory.max less memory.current); 8 GiB
// where neither is known (off Linux). Half, because the tensor an op
// makes is not alone: its operands, and the run's other values, are live
// too.
func DefaultMaxMemory() int64 {
	avail := availableMemory()
	if avail <= 0 {
		return 8 << 30
	}
	return avail / 2
}

// availableMemory returns the memory available to the process, in bytes,
// or 0 if unknown.
func availableMemory() int64 {
	var m int64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		m = memAvailable(string(b))
	}
	max, err1 := os.ReadFile("/sys/fs/cgroup/memory.max")
	cur, err2 := os.ReadFile("/sys/fs/cgroup/memory.current")
	if err1 == nil && err2 == nil {
		limit, err1 := strconv.ParseInt(strings.TrimSpace(string(max)), 10, 64) // "max": no limit
		used, err2 := strconv.ParseInt(strings.TrimSpace(string(cur)), 10, 64)
		if err1 == nil && err2 == nil && limit > 0 {
			if left := max64(limit-used, 1); m == 0 || left < m {
				m = left
			}
		}
	}
	return m
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// memAvailable reads MemAvailable, in bytes, from the text of
// /proc/meminfo (`MemAvailable:   23917116 kB`); 0 if absent.
func memAvailable(meminfo string) int64 {
	for line := range strings.Lines(meminfo) {
		rest, ok := strings.CutPrefix(line, "MemAvailable:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb <= 0 || kb > math.MaxInt64>>10 {
			return 0
		}
		return kb << 10
	}
	return 0
}

// tensorBytes returns the number of elements of shape and the bytes the
// interpreter needs to hold them; ok is false if either overflows int64
// (or a dim is negative).
func tensorBytes(shape []int64) (n, size int64, ok bool) {
	u := uint64(1)
	for _, d := range shape {
		if d < 0 {
			return 0, 0, false
		}
		hi, lo := bits.Mul64(u, uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			// More elements than int64 counts, unless a later dim is 0.
			for _, z := range shape {
				if z == 0 {
					return 0, 0, true
				}
			}
			return 0, 0, false
		}
		u = lo
	}
	if u > math.MaxInt64/elementBytes {
		return int64(u), 0, false
	}
	return int64(u), int64(u) * elementBytes, true
}

// allocError is the panic of newTensor when a tensor is over the limit;
// RunWithOptions turns it into an error located at the op that was
// running.
type allocError struct {
	elem  ir.Type
	shape []int64
	limit int64
}

func (e *allocError) Error() string {
	typ := fmt.Sprintf("tensor<%sx%s>", joinShape(e.shape), e.elem)
	if len(e.shape) == 0 {
		typ = fmt.Sprintf("tensor<%s>", e.elem)
	}
	n, size, ok := tensorBytes(e.shape)
	if !ok {
		return fmt.Sprintf("cannot allocate a %s: it needs more than 2^63-1 bytes", typ)
	}
	return fmt.Sprintf("cannot allocate a %s: the interpreter needs %s for its %d elements (8 bytes each), more than its limit of %s, which bcast-run --max-memory and interp.Options.MaxMemory set",
		typ, formatBytes(size), n, formatBytes(e.limit))
}

// joinShape spells shape as a type does: 2x?x4.
func joinShape(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, "x")
}

// formatBytes prints a size in bytes, in GiB or MiB first when large:
// `74.5 GiB (80000000000 bytes)`.
func formatBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB (%d bytes)", float64(b)/(1<<30), b)
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB (%d bytes)", float64(b)/(1<<20), b)
	}
	return fmt.Sprintf("%d bytes", b)
}

// checkAlloc returns an *allocError if a tensor of shape is over the
// allocation limit (allocLimit).
func checkAlloc(elem ir.Type, shape []int64) error {
	_, size, ok := tensorBytes(shape)
	if limit := allocLimit(); !ok || size > limit {
		return &allocError{elem: elem, shape: shape, limit: limit}
	}
	return nil
}

// The allocation limit is package state, because tensors are allocated
// in a hundred places that do not see the run (newTensor): it is the
// smallest MaxMemory of the runs in progress, or DefaultMaxMemory outside
// a run (for the exported constructors). Concurrent runs with different
// limits thus all get the smallest, never more than their own.
var limits struct {
	sync.Mutex
	active map[int64]int // limit -> runs in progress with it
	min    atomic.Int64  // the smallest key of active; 0 if none
}

// defaultLimit is DefaultMaxMemory, read once, for tensors made outside a
// run.
var defaultLimit = sync.OnceValue(DefaultMaxMemory)

func allocLimit() int64 {
	m := limits.min.Load()
	if m == 0 {
		return defaultLimit()
	}
	return m
}

// beginRun registers a run's limit; the returned function unregisters it.
func beginRun(limit int64) (end func()) {
	limits.Lock()
	defer limits.Unlock()
	if limits.active == nil {
		limits.active = map[int64]int{}
	}
	limits.active[limit]++
	if m := limits.min.Load(); m == 0 || limit < m {
		limits.min.Store(limit)
	}
	return func() {
		limits.Lock()
		defer limits.Unlock()
		if limits.active[limit]--; limits.active[limit] == 0 {
			delete(limits.active, limit)
		}
		m := int64(0)
		for l := range limits.active {
			if m == 0 || l < m {
				m = l
			}
		}
		limits.min.Store(m)
	}
}
