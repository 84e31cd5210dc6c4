package pipelinehtml

import (
	"strings"
	"testing"
)

func TestDiffMarks(t *testing.T) {
	for _, tc := range []struct {
		name           string
		prev, cur      string // lines separated by |
		prevLoc, cur_l string // one location letter a line, '.' for none
		want           string
	}{
		{"same", "a|b|c", "a|b|c", "xyz", "xyz", "   "},
		{"added", "a|c", "a|b|c", "x.", "x..", " + "},
		{"changed op", "a|b|c", "a|B|c", "xyz", "xyz", " ~ "},
		{"removed", "a|b|c", "a|c", "xyz", "xz", "  "},
		{"two from one", "a|b", "a|b1|b2", "xy", "xyy", " ~~"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			locs := func(s string) []string {
				var out []string
				for _, c := range s {
					if c == '.' {
						out = append(out, "")
					} else {
						out = append(out, string(c))
					}
				}
				return out
			}
			prev, cur := strings.Split(tc.prev, "|"), strings.Split(tc.cur, "|")
			got := string(diffMarks(prev, cur, locs(tc.prevLoc), locs(tc.cur_l)))
			if got != tc.want {
				t.Errorf("marks %q, want %q", got, tc.want)
			}
		})
	}
}

// TestDiffMarksLarge checks that the multiset fallback past maxLCSCells
// marks the same lines as the LCS on a simple change.
func TestDiffMarksLarge(t *testing.T) {
	n := 3000 // 3000*3000 cells is past maxLCSCells
	var prev, cur, locs []string
	for i := 0; i < n; i++ {
		l := "op" + strings.Repeat("x", i%7) + string(rune('a'+i%26))
		prev = append(prev, l+itoa(i))
		locs = append(locs, "")
	}
	cur = append(cur, prev...)
	cur[0], cur[n-1] = "new first", "new last"
	marks := string(diffMarks(prev, cur, locs, locs))
	if marks[0] != '+' || marks[n-1] != '+' || strings.Count(marks, "+") != 2 {
		t.Errorf("%d lines marked, want the first and the last", strings.Count(marks, "+"))
	}
}

func itoa(i int) string {
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func TestSplitLocated(t *testing.T) {
	text := `module {
  func.func @f(%arg0: f32) -> f32 {
    %0 = arith.addf %arg0, %arg0 : f32 loc("in.mlir":3:5)
    %1 = scf.if %c -> (f32) {
      scf.yield %0 : f32 loc("in.mlir":5:7)
    } else {
      scf.yield %0 : f32 loc(unknown)
    } loc("in.mlir":4:5)
    return %1 : f32 loc("in.mlir":9:5)
  } loc("in.mlir":2:3)
} loc("in.mlir":1:1)
`
	lines, locs := splitLocated(text)
	want := []string{"in.mlir:1:1", "in.mlir:2:3", "in.mlir:3:5", "in.mlir:4:5", "in.mlir:5:7", "in.mlir:4:5", "", "in.mlir:4:5", "in.mlir:9:5", "in.mlir:2:3", "in.mlir:1:1"}
	if strings.Join(locs, ",") != strings.Join(want, ",") {
		t.Errorf("locations\n%q\nwant\n%q", locs, want)
	}
	for _, l := range lines {
		if strings.Contains(l, "loc(") {
			t.Errorf("line %q keeps its location", l)
		}
	}
}
