package ir

import (
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
	epoch  uint32
	hints  []string
	blocks map[*Block]string
	// generic disables name hints (mlir-opt's generic form prints none)
	generic bool
}

// valName is a value's printed name: `%<id>`, `%arg<id>` or `%<hint>`,
// followed by `#<index>` for results of multi-result ops.
type valName struct {
	kind  uint8 // nameNum, nameArg or nameHint
	group bool  // result of a multi-result op
	id    int32 // number, or index into nameState.hints
}

const (
	nameNone uint8 = iota
	nameNum
	nameArg
	nameHint
)

var printEpoch atomic.Uint32

type nameCtx struct {
	nextValue, nextArg, nextConflict int
	used                             *usedNames
}

type usedNames struct {
	names  map[string]bool
	parent *usedNames
}

func (u *usedNames) has(n string) bool {
	for s := u; s != nil; s = s.parent {
		if s.names[n] {
			return true
		}
	}
	return false
}

func newNameState() *nameState {
	return &nameState{epoch: printEpoch.Add(1), blocks: map[*Block]string{}}
}

// numberTop names everything nested in op with MLIR's algorithm: a stack
// of regions, each numbered whole before the regions nested in its ops are
// pushed. In the pretty form a nested region starts from the counters its
// parent region ended with (so sibling functions all start at %0); the
// generic form prints unique IDs, as mlir-opt does, so the counters only
// grow and name hints are not used.
func (ns *nameState) numberTop(op *Operation, generic bool) {
	type item struct {
		r   *Region
		ctx nameCtx
	}
	ctx := nameCtx{used: &usedNames{names: map[string]bool{}}}
	ns.generic = generic
	ns.numberResults(op, &ctx)
	var stack []item
	for _, r := range op.regions {
		stack = append(stack, item{r, ctx})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !generic {
			ctx = it.ctx
		}
		ctx.used = &usedNames{names: map[string]bool{}, parent: it.ctx.used}
		ns.numberRegion(it.r, &ctx)
		for _, b := range it.r.blocks {
			for o := b.first; o != nil; o = o.next {
				for _, sub := range o.regions {
					stack = append(stack, item{sub, ctx})
				}
			}
		}
	}
}

// uniq returns a hint made unique with MLIR's `_N` suffixes.
func (ns *nameState) uniq(hint string, ctx *nameCtx) int32 {
	name := hint
	if ctx.used.has(name) {
		for {
			cand := hint + "_" + strconv.Itoa(ctx.nextConflict)
			ctx.nextConflict++
			if !ctx.used.has(cand) {
				name = cand
				break
			}
		}
	}
	ctx.used.names[name] = true
	ns.hints = append(ns.hints, name)
	return int32(len(ns.hints) - 1)
}

func (ns *nameState) set(v *Value, n valName) {
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

func (ns *nameState) numberRegion(r *Region, ctx *nameCtx) {
	parent := r.parent
	regionIndex := 0
	if parent != nil {
		for i, x := range parent.regions {
			if x == r {
				regionIndex = i
			}
		}
	}
	for bi, b := range r.blocks {
		ns.blocks[b] = "^bb" + strconv.Itoa(bi)
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
			ns.numberResults(o, ctx)
		}
	}
}

// appendBase appends a value's name without the `#index` of a group member.
func (ns *nameState) appendBase(buf []byte, v *Value) []byte {
	if v.pepoch != ns.epoch {
		return append(buf, "<<UNKNOWN SSA VALUE>>"...)
	}
	buf = append(buf, '%')
	switch v.pname.kind {
	case nameNum:
		return strconv.AppendInt(buf, int64(v.pname.id), 10)
	case nameArg:
		buf = append(buf, "arg"...)
		return strconv.AppendInt(buf, int64(v.pname.id), 10)
	}
	return append(buf, ns.hints[v.pname.id]...)
}

// appendName appends the name of a use of v (`%0`, `%arg1`, `%0#1`).
func (ns *nameState) appendName(buf []byte, v *Value) []byte {
	buf = ns.appendBase(buf, v)
	if v.pepoch == ns.epoch && v.pname.group {
		buf = append(buf, '#')
		buf = strconv.AppendInt(buf, int64(v.index), 10)
	}
	return buf
}

func (ns *nameState) valueName(v *Value) string { return string(ns.appendName(nil, v)) }

func (ns *nameState) blockName(b *Block) string {
	if n, ok := ns.blocks[b]; ok {
		return n
	}
	return "^INVALIDBLOCK"
}
