package driver

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// This file suggests the flag, pass or pass option a misspelled name was
// meant to be, as mlir-opt does for its flags:
//
//	bcast-opt: unknown flag: --canonicalise
//	bcast-opt: did you mean '--canonicalize'?

// suggestionError is an error about a name that is not known, with the
// known name it is closest to. Main prints the suggestion on a line of its
// own after the error.
type suggestionError struct {
	err        error
	suggestion string
}

func (e *suggestionError) Error() string { return e.err.Error() }

func (e *suggestionError) Unwrap() error { return e.err }

// suggest returns err with the candidate closest to name, spelled with
// prefix ("--" for a flag), or err alone if no candidate is close enough.
func suggest(err error, name string, candidates []string, prefix string) error {
	if c := closest(name, candidates); c != "" {
		return &suggestionError{err: err, suggestion: prefix + c}
	}
	return err
}

// closest returns the candidate nearest to name in edit distance when it
// is near enough to be what was meant: at most 2 edits, or a third of the
// name's length for a longer name. Failing that, a candidate that name is
// a prefix of (of at least 3 characters) is suggested if it is the only
// one. It returns "" when nothing fits.
func closest(name string, candidates []string) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		if d := editDistance(name, c); bestDist < 0 || d < bestDist {
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

// editDistance is the Levenshtein distance between a and b in runes.
func editDistance(a, b string) int {
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

// flagError is the command's flag error function: an unknown long flag
// gets the registered flag (a pass flag included) it is closest to.
func flagError(cmd *cobra.Command, err error) error {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) || !strings.HasPrefix(err.Error(), "unknown flag: ") {
		return err
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	return suggest(err, unknown.GetSpecifiedName(), names, "--")
}
