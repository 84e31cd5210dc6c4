package pipelinehtml

// maxLCSCells bounds the table of the LCS between the differing middles
// of two columns; past it, lines are matched by text as a multiset (a
// line is as before if the column before had a line with its text not
// yet matched), which is linear and marks about the same lines.
const maxLCSCells = 4 << 20

// diffMarks marks each line of cur against prev: ' ' for a line of their
// longest common subsequence of lines, '~' for another line whose op's
// location was on a line of prev that is gone (the op changed), '+' for
// the rest (added).
func diffMarks(prev, cur, prevLocs, curLocs []string) []byte {
	marks := make([]byte, len(cur))
	for i := range marks {
		marks[i] = ' '
	}
	// The common prefix and suffix are as before.
	lo := 0
	for lo < len(prev) && lo < len(cur) && prev[lo] == cur[lo] {
		lo++
	}
	hp, hc := len(prev), len(cur)
	for hp > lo && hc > lo && prev[hp-1] == cur[hc-1] {
		hp, hc = hp-1, hc-1
	}
	a, b := prev[lo:hp], cur[lo:hc]
	keptA := make([]bool, len(a)) // lines of a matched in b
	keptB := make([]bool, len(b))
	if len(a)*len(b) <= maxLCSCells {
		lcs(a, b, keptA, keptB)
	} else {
		count := map[string][]int{}
		for i, l := range a {
			count[l] = append(count[l], i)
		}
		for j, l := range b {
			if is := count[l]; len(is) > 0 {
				keptA[is[0]], keptB[j] = true, true
				count[l] = is[1:]
			}
		}
	}
	gone := map[string]bool{}
	for i, k := range keptA {
		if !k && prevLocs[lo+i] != "" {
			gone[prevLocs[lo+i]] = true
		}
	}
	for j, k := range keptB {
		if k {
			continue
		}
		if loc := curLocs[lo+j]; loc != "" && gone[loc] {
			marks[lo+j] = '~'
		} else {
			marks[lo+j] = '+'
		}
	}
	return marks
}

// lcs marks the lines of a and of b in a longest common subsequence of
// them (a dynamic program over len(a)*len(b) cells).
func lcs(a, b []string, keptA, keptB []bool) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return
	}
	// t[i*(m+1)+j] is the LCS length of a[i:] and b[j:].
	t := make([]int32, (n+1)*(m+1))
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				t[i*(m+1)+j] = t[(i+1)*(m+1)+j+1] + 1
			case t[(i+1)*(m+1)+j] >= t[i*(m+1)+j+1]:
				t[i*(m+1)+j] = t[(i+1)*(m+1)+j]
			default:
				t[i*(m+1)+j] = t[i*(m+1)+j+1]
			}
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			keptA[i], keptB[j] = true, true
			i, j = i+1, j+1
		case t[(i+1)*(m+1)+j] >= t[i*(m+1)+j+1]:
			i++
		default:
			j++
		}
	}
}
