package broadcast

// Narrow is narrowcasting (reference/tml-broadcasting.txt), the opposite
// of broadcasting: every dim of size 1 is removed (`1x5x1` becomes `5`,
// all-1 dims become rank 0, and a shape without a size-1 dim is
// unchanged). It never fails.
//
// A `?` dim is kept, even though it may be 1 at run time: a result's rank
// is fixed when the program is compiled, so only dims known to be 1 can
// go. kept lists the dims of shape that remain, in order (result dim j is
// shape's dim kept[j]).
func Narrow(shape []int64) (narrowed []int64, kept []int) {
	narrowed, kept = []int64{}, []int{}
	for d, n := range shape {
		if n != 1 {
			narrowed = append(narrowed, n)
			kept = append(kept, d)
		}
	}
	return narrowed, kept
}
