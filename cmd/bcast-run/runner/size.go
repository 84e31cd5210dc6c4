package runner

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// parseSize reads a --max-memory value: a number of bytes with an
// optional unit, decimal (kB, MB, GB, TB: powers of 1000) or binary (KiB,
// MiB, GiB, TiB, and K, M, G, T: powers of 1024), a B alone meaning bytes;
// or "none" for no limit (-1, as interp.Options takes it). The number may
// have a fraction: 1.5GiB.
func parseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "none" {
		return -1, nil
	}
	num := strings.TrimRight(s, "kKMGTiB")
	unit := s[len(num):]
	num = strings.TrimSpace(num)
	scale, ok := map[string]float64{
		"": 1, "B": 1,
		"kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
		"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40,
		"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40,
	}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || num == "" {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, with kB, MB, GB, KiB, MiB, GiB, ... or 'none')", s)
	}
	b := v * scale
	if b < 1 || b >= math.MaxInt64 || math.IsNaN(b) {
		return 0, fmt.Errorf("%q is not a size between 1 byte and 2^63-1 bytes", s)
	}
	return int64(b), nil
}
