//go:build !race

package broadcast

const raceEnabled = false
