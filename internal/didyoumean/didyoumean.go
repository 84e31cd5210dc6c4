// Package didyoumean finds the known name a misspelled one was meant to
// be: bcast-opt's flags, passes and pass options (cmd/bcast-opt/driver)
// and the CPU names of --target-cpu (lower/llvm). It owns the nearness
// rule and the edit distance behind it, and depends on nothing of the
// project.
package didyoumean

import (
	"strings"
	"unicode/utf8"
)

// Closest returns the candidate nearest to name in edit distance when it
// is near enough to be what was meant: at most 2 edits, or a third of the
// name's length for a longer name. Failing that, a candidate that name is
// a prefix of (of at least 3 characters) is suggested if it is the only
// one. It returns "" when nothing fits.
func Closest(name string, candidates []string) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		if d := EditDistance(name, c); bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	limit := max(2, utf8.RuneCountInString(name)/3)
	if bestDist >= 0 && bestDist <= limit {
		return best
	}
	prefixed := ""
	for _, c := range candidates {
		if len(name) >= 3 && strings.HasPrefix(c, name) {
			if prefixed != "" {
				return ""
			}
			prefixed = c
		}
	}
	return prefixed
}

// EditDistance is the Levenshtein distance between a and b in runes.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
