package didyoumean

import "testing"

// TestEditDistance checks the Levenshtein distance behind the
// suggestions.
func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "abc", 0}, {"canonicalise", "canonicalize", 1},
		{"kitten", "sitting", 3}, {"cse", "ces", 2}, {"é", "e", 1},
	} {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestClosest checks which candidates are suggested: near in edit
// distance, or the only one a long enough prefix names.
func TestClosest(t *testing.T) {
	cands := []string{"skylake", "skylake-avx512", "haswell", "znver3", "x86-64-v3"}
	for _, tc := range []struct{ name, want string }{
		{"skylak", "skylake"}, {"haswel", "haswell"}, {"znver9", "znver3"},
		{"x86-64-v5", "x86-64-v3"}, {"foo", ""}, {"skylake-avx", "skylake-avx512"}, {"has", "haswell"},
	} {
		if got := Closest(tc.name, cands); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
