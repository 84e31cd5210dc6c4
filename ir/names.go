package ir

import (
	"maps"
	"runtime"
	"strconv"
	"sync/atomic"
)

// nameState assigns printed names to values and blocks the way mlir-opt
// does: values of a region are numbered `%0, %1, ...` in order, block
// arguments `%arg0, ...` (or an op's hints such as `%in`), name hints get
// `_N` suffixes on conflict, and nested regions continue the numbering of
// their parent region after all of its values.
//
// Names are kept in scratch fields of the values, tagged with this
// printing's epoch, so printing the same IR from two goroutines at once is
// not supported (neither is printing while mutating).
type nameState struct {
	epoch uint32
	hints []string
	// table is the hint table of a fork (see numberInRuns): its hints
	// are forkHints[table-1] of the state it forked from; 0 for ns.hints.
	table     uint16
	forkHints [][]string
	// used is the set of hint names taken in the regions being numbered
	// and their enclosing regions; usedLog lists them in the order they
	// were taken and scopes the log length at which each region on the
	// path from the top started, so that leaving a region forgets its
	// names (MLIR's scoped name table, without a map per region).
	used    map[string]struct{}
	usedLog []string
	scopes  []int
	// suffixes[h][n] is h + "_" + n (see suffixed).
	suffixes map[string][]string
	// generic disables name hints (mlir-opt's generic form prints none)
	generic bool
	// ops counts the ops numbered; maps is set if an attribute of one may
	// hold an affine map (see printer.collectAliases).
	ops  int
	maps bool
	// aliasRuns, when numbering walked a module's functions in parallel
	// runs, lists the affine maps met in each run, in first-use order,
	// after those of the module op's own attributes (see numberInRuns).
	aliasRuns []*aliasCollector
}

// valName is a value's printed name: `%<id>`, `%arg<id>` or `%<hint>`,
// followed by `#<index>` for results of multi-result ops.
type valName struct {
	kind  uint8  // nameNum, nameArg or nameHint
	group bool   // result of a multi-result op
	table uint16 // of a hint: 0 for nameState.hints, else forkHints[table-1]
	id    int32  // number, or index into the hint table
}

const (
	nameNone uint8 = iota
	nameNum
	nameArg
	nameHint
)

var printEpoch atomic.Uint32

// nameCtx holds the counters a region continues from its parent's.
type nameCtx struct {
	nextValue, nextArg, nextConflict int
}

func newNameState() *nameState {
	return &nameState{epoch: printEpoch.Add(1), used: map[string]struct{}{}}
}

// enterScope opens the name scope of a region nested depth-1 regions deep:
// the scopes of regions that are not its ancestors (depth-1 or more
// deep) are closed first, and their names forgotten.
func (ns *nameState) enterScope(depth int) {
	if depth <= len(ns.scopes) {
		mark := ns.scopes[depth-1]
		for _, n := range ns.usedLog[mark:] {
			delete(ns.used, n)
		}
		ns.usedLog = ns.usedLog[:mark]
		ns.scopes = ns.scopes[:depth-1]
	}
	ns.scopes = append(ns.scopes, len(ns.usedLog))
}

// numberTop names everything nested in op with MLIR's algorithm: a stack
// of regions, each numbered whole before the regions nested in its ops are
// pushed. In the pretty form a nested region starts from the counters its
// parent region ended with (so sibling functions all start at %0); the
// generic form prints unique IDs, as mlir-opt does, so the counters only
// grow and name hints are not used.
//
// As it visits every op, it also counts them and notes whether any may
// need an alias (ns.ops, ns.maps), which saves the printer a walk.
//
// In the pretty form, the regions of the ops of op's region are numbered
// in parallel runs when there are many of them (a module's functions):
// each starts from the same counters and sees the same names in scope
// whichever is numbered first, so each run numbers its regions with its
// own name table (see fork).
func (ns *nameState) numberTop(op *Operation, generic bool) {
	var ctx nameCtx
	ns.generic = generic
	ns.visit(op)
	ns.enterScope(1)
	ns.numberResults(op, &ctx)
	var items []nameItem
	for _, r := range op.Regions() {
		items = append(items, nameItem{r, ctx, 2})
	}
	if !generic && len(items) == 1 && multithreading.Load() && runtime.GOMAXPROCS(0) >= 2 {
		ns.enterScope(2)
		body := items[0].r
		subs := ns.numberRegion(body, &ctx, nil)
		if len(subs) >= parallelPrintMinOps && len(body.blocks) == 1 {
			top := &aliasCollector{}
			for _, e := range op.Attrs.list {
				top.attr(e.Value)
			}
			ns.numberInRuns(body.blocks[0], ctx, 3, top)
			return
		}
		items = items[:0]
		for _, sub := range subs {
			items = append(items, nameItem{sub, ctx, 3})
		}
	}
	ns.numberItems(items, ctx)
}

// nameItem is a region to number, with the counters it starts from and
// its depth (1 for the top op's own regions, which are 2 deep).
type nameItem struct {
	r     *Region
	ctx   nameCtx
	depth int
}

// numberItems numbers the regions of stack, last first, and the regions
// nested in them.
func (ns *nameState) numberItems(stack []nameItem, ctx nameCtx) {
	var subs []*Region
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !ns.generic {
			ctx = it.ctx
		}
		ns.enterScope(it.depth)
		subs = ns.numberRegion(it.r, &ctx, subs[:0])
		for _, sub := range subs {
			stack = append(stack, nameItem{sub, ctx, it.depth + 1})
		}
	}
}

// numberInRuns numbers the regions of the ops of b (a module's
// functions), all starting from ctx at depth, in parallel runs of ops,
// each with a fork of ns. Right after numbering an op's regions, a run
// walks the op again for its affine maps, while the op is still in the
// cache: ns.aliasRuns gets top, then each run's maps in first-use order,
// which is what printer.collectAliases's own walk would find.
func (ns *nameState) numberInRuns(b *Block, ctx nameCtx, depth int, top *aliasCollector) {
	run := max(1, b.n/(8*runtime.GOMAXPROCS(0)))
	starts := runStarts(b, run)
	forks := make([]*nameState, len(starts))
	aliases := make([]*aliasCollector, len(starts))
	parallelFor(len(starts), false, func(k int) {
		f := ns.fork(uint16(k+1), depth)
		w := &aliasWalk{cur: &aliasCollector{}}
		o := starts[k]
		for j := 0; j < run && o != nil; j++ {
			for _, r := range o.Regions() {
				f.numberItems([]nameItem{{r, ctx, depth}}, ctx)
			}
			w.walk(o)
			o = o.next
		}
		forks[k], aliases[k] = f, w.cur
	})
	ns.aliasRuns = append([]*aliasCollector{top}, aliases...)
	for _, f := range forks {
		ns.ops += f.ops
		ns.maps = ns.maps || f.maps
		ns.forkHints = append(ns.forkHints, f.hints)
	}
}

// fork returns a name state for numbering regions at depth in parallel
// with others: it has the names in scope now, and its own hint table,
// ns.forkHints[table-1] once numberInRuns is done.
func (ns *nameState) fork(table uint16, depth int) *nameState {
	return &nameState{
		epoch: ns.epoch, table: table, used: maps.Clone(ns.used),
		// the names in scope are not in the log: leaving a scope at
		// depth or deeper never forgets them
		scopes: make([]int, depth-1),
	}
}

// visit counts op and notes whether its attributes may hold affine maps.
func (ns *nameState) visit(op *Operation) {
	ns.ops++
	if !ns.maps {
		for _, e := range op.Attrs.list {
			switch e.Value.(type) {
			case *AffineMapAttr, *ArrayAttr, *DictionaryAttr:
				ns.maps = ns.maps || mayHoldAffineMap(e.Value)
			}
		}
	}
}

// mayHoldAffineMap reports whether a is or contains an affine map.
func mayHoldAffineMap(a Attribute) bool {
	switch a := a.(type) {
	case *AffineMapAttr:
		return true
	case *ArrayAttr:
		for _, e := range a.Elems {
			if mayHoldAffineMap(e) {
				return true
			}
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			if mayHoldAffineMap(e.Value) {
				return true
			}
		}
	}
	return false
}

// uniq returns a hint made unique with MLIR's `_N` suffixes.
func (ns *nameState) uniq(hint string, ctx *nameCtx) int32 {
	name := hint
	if _, taken := ns.used[name]; taken {
		for {
			cand := ns.suffixed(hint, ctx.nextConflict)
			ctx.nextConflict++
			if _, taken := ns.used[cand]; !taken {
				name = cand
				break
			}
		}
	}
	ns.used[name] = struct{}{}
	ns.usedLog = append(ns.usedLog, name)
	ns.hints = append(ns.hints, name)
	return int32(len(ns.hints) - 1)
}

// suffixed returns hint + "_" + n, built once per printing: the
// arguments of every linalg.generic body are %in, %in_0, %in_1, ...
func (ns *nameState) suffixed(hint string, n int) string {
	if ns.suffixes == nil {
		ns.suffixes = map[string][]string{}
	}
	list := ns.suffixes[hint]
	for len(list) <= n {
		list = append(list, hint+"_"+strconv.Itoa(len(list)))
	}
	ns.suffixes[hint] = list
	return list[n]
}

func (ns *nameState) set(v *Value, n valName) {
	if n.kind == nameHint {
		n.table = ns.table
	}
	v.pname = n
	v.pepoch = ns.epoch
}

func (ns *nameState) numberResults(op *Operation, ctx *nameCtx) {
	if len(op.results) == 0 {
		return
	}
	hint := ""
	if !ns.generic && op.def != nil && op.def.ResultNames != nil {
		hint = op.def.ResultNames(op)
	}
	var n valName
	if hint != "" {
		n = valName{kind: nameHint, id: ns.uniq(hint, ctx)}
	} else {
		n = valName{kind: nameNum, id: int32(ctx.nextValue)}
		ctx.nextValue++
	}
	n.group = len(op.results) > 1
	for _, r := range op.results {
		ns.set(r, n)
	}
}

// numberRegion names the values of region r and returns subs with the
// regions of its ops appended, in order.
func (ns *nameState) numberRegion(r *Region, ctx *nameCtx, subs []*Region) []*Region {
	parent := r.parent
	regionIndex := 0
	if parent != nil {
		for i, x := range parent.Regions() {
			if x == r {
				regionIndex = i
			}
		}
	}
	for bi, b := range r.blocks {
		b.pindex, b.pepoch = int32(bi), ns.epoch
		var hints []string
		if !ns.generic && bi == 0 && parent != nil && parent.def != nil && parent.def.BlockArgNames != nil {
			hints = parent.def.BlockArgNames(parent, regionIndex)
		}
		for i, a := range b.args {
			if i < len(hints) && hints[i] != "" {
				ns.set(a, valName{kind: nameHint, id: ns.uniq(hints[i], ctx)})
				continue
			}
			if bi > 0 {
				// Arguments of other blocks are numbered like results.
				ns.set(a, valName{kind: nameNum, id: int32(ctx.nextValue)})
				ctx.nextValue++
				continue
			}
			ns.set(a, valName{kind: nameArg, id: int32(ctx.nextArg)})
			ctx.nextArg++
		}
		for o := b.first; o != nil; o = o.next {
			ns.visit(o)
			ns.numberResults(o, ctx)
			subs = append(subs, o.Regions()...)
		}
	}
	return subs
}

// appendBase appends a value's name without the `#index` of a group member.
func (ns *nameState) appendBase(buf []byte, v *Value) []byte {
	if v.pepoch != ns.epoch {
		return append(buf, "<<UNKNOWN SSA VALUE>>"...)
	}
	buf = append(buf, '%')
	switch v.pname.kind {
	case nameNum:
		return appendID(buf, int(v.pname.id))
	case nameArg:
		buf = append(buf, "arg"...)
		return appendID(buf, int(v.pname.id))
	}
	if t := v.pname.table; t > 0 {
		return append(buf, ns.forkHints[t-1][v.pname.id]...)
	}
	return append(buf, ns.hints[v.pname.id]...)
}

// appendID appends a non-negative number in decimal, directly for the
// small numbers that most value names have.
func appendID(buf []byte, n int) []byte {
	switch {
	case n < 0:
	case n < 10:
		return append(buf, byte('0'+n))
	case n < 100:
		return append(buf, byte('0'+n/10), byte('0'+n%10))
	case n < 1000:
		return append(buf, byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10))
	}
	return strconv.AppendInt(buf, int64(n), 10)
}

// appendName appends the name of a use of v (`%0`, `%arg1`, `%0#1`).
func (ns *nameState) appendName(buf []byte, v *Value) []byte {
	buf = ns.appendBase(buf, v)
	if v.pepoch == ns.epoch && v.pname.group {
		buf = append(buf, '#')
		buf = appendID(buf, int(v.index))
	}
	return buf
}

func (ns *nameState) valueName(v *Value) string { return string(ns.appendName(nil, v)) }

func (ns *nameState) blockName(b *Block) string {
	if b.pepoch == ns.epoch {
		return "^bb" + strconv.Itoa(int(b.pindex))
	}
	return "^INVALIDBLOCK"
}
