//go:build race

package broadcast

// raceEnabled: the race detector's instrumentation changes inlining and
// escape analysis, so allocation counts are not pinned under it.
const raceEnabled = true
