package ir

import "strconv"

// nameState assigns printed names to values and blocks the way mlir-opt
// does: values of a region are numbered `%0, %1, ...` in order, block
// arguments `%arg0, ...` (or an op's hints such as `%in`), name hints get
// `_N` suffixes on conflict, nested regions continue the numbering of their
// parent region after all of its values, and regions of ops that are
// isolated from above start again at zero.
type nameState struct {
	values map[*Value]string
	blocks map[*Block]string
	groups map[*Operation]string // result group name of multi-result ops
	// generic disables name hints (mlir-opt's generic form prints none)
	generic bool
}

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
	return &nameState{values: map[*Value]string{}, blocks: map[*Block]string{}, groups: map[*Operation]string{}}
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

func (ns *nameState) uniq(hint string, ctx *nameCtx) string {
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
	return "%" + name
}

func (ns *nameState) numberResults(op *Operation, ctx *nameCtx) {
	if len(op.results) == 0 {
		return
	}
	hint := ""
	if !ns.generic && op.def != nil && op.def.ResultNames != nil {
		hint = op.def.ResultNames(op)
	}
	var name string
	if hint != "" {
		name = ns.uniq(hint, ctx)
	} else {
		name = "%" + strconv.Itoa(ctx.nextValue)
		ctx.nextValue++
	}
	if len(op.results) == 1 {
		ns.values[op.results[0]] = name
		return
	}
	ns.groups[op] = name
	for i := 0; i < len(op.results); i++ {
		ns.values[op.results[i]] = name + "#" + strconv.Itoa(i)
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
				ns.values[a] = ns.uniq(hints[i], ctx)
				continue
			}
			ns.values[a] = "%arg" + strconv.Itoa(ctx.nextArg)
			ctx.nextArg++
		}
		for o := b.first; o != nil; o = o.next {
			ns.numberResults(o, ctx)
		}
	}
}

func (ns *nameState) valueName(v *Value) string {
	if n, ok := ns.values[v]; ok {
		return n
	}
	return "<<UNKNOWN SSA VALUE>>"
}

func (ns *nameState) blockName(b *Block) string {
	if n, ok := ns.blocks[b]; ok {
		return n
	}
	return "^INVALIDBLOCK"
}

func (ns *nameState) groupName(op *Operation) (string, bool) {
	n, ok := ns.groups[op]
	return n, ok
}
