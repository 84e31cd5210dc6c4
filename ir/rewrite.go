package ir

// Pattern is a rewrite rule rooted at ops of one name (or any op when Root
// returns ""). MatchAndRewrite returns true if it changed the IR, which it
// must do only through the Rewriter so the driver sees every change.
type Pattern interface {
	Root() string
	MatchAndRewrite(op *Operation, rw *Rewriter) bool
}

// PatternFunc adapts a function to Pattern.
type PatternFunc struct {
	// Name identifies the pattern in debugging output.
	Name string
	// RootOp is the op name matched, or "" for any op.
	RootOp string
	// Fn does the matching and rewriting.
	Fn func(op *Operation, rw *Rewriter) bool
}

// Root returns the matched op name.
func (p *PatternFunc) Root() string { return p.RootOp }

// MatchAndRewrite calls Fn.
func (p *PatternFunc) MatchAndRewrite(op *Operation, rw *Rewriter) bool { return p.Fn(op, rw) }

// Rewriter is the Builder through which patterns change IR; it tells the
// greedy driver which ops to revisit.
type Rewriter struct {
	Builder
	driver *greedyDriver
}

func (rw *Rewriter) notify(op *Operation) {
	if rw.driver != nil && op != nil {
		rw.driver.add(op)
	}
}

func (rw *Rewriter) notifyUsers(v *Value) {
	for u := v.firstUse; u != nil; u = u.next {
		rw.notify(u.owner)
	}
}

// ReplaceOp replaces op's results with vals and erases op.
func (rw *Rewriter) ReplaceOp(op *Operation, vals []*Value) {
	for i, r := range op.results {
		rw.notifyUsers(r)
		r.ReplaceAllUsesWith(vals[i])
	}
	rw.EraseOp(op)
}

// ReplaceAllUsesWith redirects uses of v to w.
func (rw *Rewriter) ReplaceAllUsesWith(v, w *Value) {
	rw.notifyUsers(v)
	v.ReplaceAllUsesWith(w)
	if d := w.DefiningOp(); d != nil {
		rw.notify(d)
	}
}

// EraseOp erases op (its results must be unused); the producers of its
// operands are revisited since they may now be dead.
func (rw *Rewriter) EraseOp(op *Operation) {
	op.Walk(func(o *Operation) bool {
		for _, x := range o.operands {
			if x.value != nil && x.value.owner != nil {
				rw.notify(x.value.owner)
			}
		}
		if rw.driver != nil {
			rw.driver.forget(o)
		}
		return true
	})
	op.Erase()
}

// Modify calls fn, which changes op in place, and revisits op.
func (rw *Rewriter) Modify(op *Operation, fn func()) {
	fn()
	rw.notify(op)
	for _, r := range op.results {
		rw.notifyUsers(r)
	}
}

// GreedyConfig bounds the greedy driver.
type GreedyConfig struct {
	// MaxIterations bounds the sweeps over the IR (default 10).
	MaxIterations int
	// Fold enables op folders (default true through DefaultGreedyConfig).
	Fold bool
}

// DefaultGreedyConfig is MLIR's default: folding on, 10 iterations.
func DefaultGreedyConfig() GreedyConfig { return GreedyConfig{MaxIterations: 10, Fold: true} }

type greedyDriver struct {
	patterns map[string][]Pattern
	any      []Pattern
	worklist []*Operation
	inList   map[*Operation]bool
	cfg      GreedyConfig
	consts   map[*Region]map[string]*Operation
}

func (d *greedyDriver) add(op *Operation) {
	if !d.inList[op] {
		d.inList[op] = true
		d.worklist = append(d.worklist, op)
	}
}

func (d *greedyDriver) forget(op *Operation) { delete(d.inList, op) }

// ApplyPatternsGreedily applies patterns and folders to everything nested
// under root until nothing changes (or the iteration bound is reached),
// erasing trivially dead ops on the way. It reports whether IR changed.
func ApplyPatternsGreedily(root *Operation, patterns []Pattern, cfg GreedyConfig) bool {
	if cfg.MaxIterations <= 0 {
		cfg.MaxIterations = 10
	}
	d := &greedyDriver{patterns: map[string][]Pattern{}, inList: map[*Operation]bool{}, cfg: cfg,
		consts: map[*Region]map[string]*Operation{}}
	for _, p := range patterns {
		if p.Root() == "" {
			d.any = append(d.any, p)
		} else {
			d.patterns[p.Root()] = append(d.patterns[p.Root()], p)
		}
	}
	changedAny := false
	for iter := 0; iter < cfg.MaxIterations; iter++ {
		// Seed with all nested ops; processing pops from the back, so the
		// list is built in reverse post-order to visit producers first.
		var all []*Operation
		for _, r := range root.regions {
			for _, b := range r.blocks {
				for o := b.first; o != nil; o = o.next {
					o.WalkPost(func(x *Operation) { all = append(all, x) })
				}
			}
		}
		d.worklist = d.worklist[:0]
		d.inList = map[*Operation]bool{}
		for i := len(all) - 1; i >= 0; i-- {
			d.add(all[i])
		}
		d.consts = map[*Region]map[string]*Operation{}
		changed := false
		for len(d.worklist) > 0 {
			op := d.worklist[len(d.worklist)-1]
			d.worklist = d.worklist[:len(d.worklist)-1]
			if !d.inList[op] {
				continue
			}
			delete(d.inList, op)
			if op.parent == nil {
				continue // erased or detached meanwhile
			}
			if d.process(op) {
				changed = true
			}
		}
		if !changed {
			break
		}
		changedAny = true
	}
	return changedAny
}

// IsTriviallyDead reports whether op has no uses and no side effects.
func IsTriviallyDead(op *Operation) bool {
	for _, r := range op.results {
		if r.firstUse != nil {
			return false
		}
	}
	return op.def != nil && !op.HasTrait(Terminator) && IsPure(op)
}

// IsPure reports whether op has no side effects (Pure, or RecursivelyPure
// with pure nested ops).
func IsPure(op *Operation) bool {
	if op.HasTrait(Pure) {
		return true
	}
	if !op.HasTrait(RecursivelyPure) {
		return false
	}
	pure := true
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if !o.HasTrait(Terminator) && !IsPure(o) {
					pure = false
				}
			}
		}
	}
	return pure
}

func (d *greedyDriver) process(op *Operation) bool {
	rw := &Rewriter{Builder: Builder{block: op.parent, before: op, Loc: op.Loc}, driver: d}
	rw.listener = func(o *Operation) { d.add(o) }
	if IsTriviallyDead(op) {
		rw.EraseOp(op)
		return true
	}
	if d.cfg.Fold && d.tryFold(op, rw) {
		return true
	}
	for _, list := range [][]Pattern{d.patterns[op.name], d.any} {
		for _, p := range list {
			rw.SetInsertionPoint(op)
			if p.MatchAndRewrite(op, rw) {
				return true
			}
		}
	}
	if op.def != nil {
		for _, p := range op.def.Canonicalize {
			_ = p // op-declared patterns are collected by the canonicalize pass
		}
	}
	return false
}

// ConstantValue returns the `value` attribute of a constant-like defining
// op, or nil.
func ConstantValue(v *Value) Attribute {
	if v == nil || v.owner == nil || !v.owner.HasTrait(ConstantLike) {
		return nil
	}
	return v.owner.Attr("value")
}

func (d *greedyDriver) tryFold(op *Operation, rw *Rewriter) bool {
	if op.def == nil || op.def.Fold == nil || op.HasTrait(ConstantLike) {
		return false
	}
	consts := make([]Attribute, len(op.operands))
	for i, o := range op.operands {
		consts[i] = ConstantValue(o.value)
	}
	res := op.def.Fold(op, consts)
	if res == nil {
		return false
	}
	vals := make([]*Value, len(res))
	for i, fr := range res {
		switch {
		case fr.Value != nil:
			vals[i] = fr.Value
		case fr.Attr != nil:
			c := d.materialize(op, fr.Attr, op.results[i].typ, rw)
			if c == nil {
				return false
			}
			vals[i] = c
		default:
			return false
		}
	}
	// Folding to the op's own results means an in-place update.
	inPlace := true
	for i, v := range vals {
		inPlace = inPlace && v == op.results[i]
	}
	if inPlace {
		rw.notify(op)
		return true
	}
	rw.ReplaceOp(op, vals)
	return true
}

// materialize creates (or reuses) a constant at the start of the entry
// block of the closest isolated-from-above region, as MLIR's folder does.
func (d *greedyDriver) materialize(op *Operation, a Attribute, t Type, rw *Rewriter) *Value {
	fn := materializers[op.Dialect()]
	if fn == nil {
		fn = materializers["arith"]
	}
	if fn == nil {
		return nil
	}
	region := op.parent.parent
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		region = p.parent.parent
		if p.HasTrait(IsolatedFromAbove) {
			region = p.regions[0]
			break
		}
		if p.parent == nil || p.parent.parent == nil {
			break
		}
	}
	if region == nil || len(region.blocks) == 0 {
		region = op.parent.parent
	}
	key := op.Dialect() + "|" + AttrString(a) + "|" + t.String()
	cm := d.consts[region]
	if cm == nil {
		cm = map[string]*Operation{}
		// Reuse constants already at the start of the region.
		for o := region.blocks[0].first; o != nil && o.HasTrait(ConstantLike); o = o.next {
			if v := o.Attr("value"); v != nil && o.NumResults() == 1 {
				cm[o.Dialect()+"|"+AttrString(v)+"|"+o.results[0].typ.String()] = o
			}
		}
		d.consts[region] = cm
	}
	if c, ok := cm[key]; ok && c.parent != nil {
		return c.results[0]
	}
	b := &Builder{Loc: op.Loc, listener: rw.listener}
	entry := region.blocks[0]
	b.SetInsertionPointToStart(entry)
	c := fn(b, a, t, op.Loc)
	if c == nil {
		return nil
	}
	cm[key] = c
	return c.results[0]
}
