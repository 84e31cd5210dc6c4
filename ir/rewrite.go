package ir

import (
	"slices"
	"sync"
	"sync/atomic"
)

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

// GreedyConfig configures the greedy driver (MLIR's GreedyRewriteConfig).
type GreedyConfig struct {
	// MaxIterations bounds the iterations over the IR; a negative value
	// means no limit and 0 runs no iteration (as in MLIR).
	MaxIterations int
	// Fold tries each op's folder before its patterns.
	Fold bool
	// RegionSimplify erases unreachable blocks after each iteration.
	RegionSimplify bool
}

// DefaultGreedyConfig is MLIR's default: 10 iterations, folding and region
// simplification on.
func DefaultGreedyConfig() GreedyConfig {
	return GreedyConfig{MaxIterations: 10, Fold: true, RegionSimplify: true}
}

type greedyDriver struct {
	root *Operation
	// patterns holds the patterns rooted at registered ops, by definition
	// (cheaper to look up than by name), byName those rooted at
	// unregistered names, any those for every op.
	patterns map[*OpDef][]Pattern
	byName   map[string][]Pattern
	any      []Pattern
	worklist []*Operation
	// used is the longest the worklist has been in this run.
	used int
	// epoch marks the ops in the worklist (Operation.worklist); each
	// iteration takes a new one, which empties the list at once.
	epoch uint32
	cfg   GreedyConfig
	// hoisted records that uniquing and hoisting constants changed the IR.
	hoisted bool
	// rw is the rewriter handed to folders and patterns, reset for each
	// op (one allocation per driver rather than per op).
	rw Rewriter
	// foldOperands is foldOp's scratch slice for an op's operand constants.
	foldOperands []Attribute
	// multiBlock records that the last seeding walk met a region with
	// several blocks.
	multiBlock bool
}

// epochs hands out greedy driver epochs. Drivers may run in parallel, on
// different functions (the pass manager's anchored passes), but an op is
// only ever in the scope of one of them, so a shared counter suffices.
var epochs atomic.Uint32

// worklists holds greedy drivers' worklists for reuse: passes run the
// driver on every function, often several times, and growing a new
// worklist each time allocated more than the patterns' rewrites on large
// modules.
var worklists = sync.Pool{New: func() any { return new([]*Operation) }}

func (d *greedyDriver) add(op *Operation) {
	if op.worklist != d.epoch {
		op.worklist = d.epoch
		d.worklist = append(d.worklist, op)
		d.used = max(d.used, len(d.worklist))
	}
}

func (d *greedyDriver) forget(op *Operation) {
	if op.worklist == d.epoch {
		op.worklist = 0
	}
}

// inScope reports whether op is still properly nested in the root: ops
// that were erased, sit in erased ops or removed blocks, or lie outside
// the root (reached through use lists) are not processed.
func (d *greedyDriver) inScope(op *Operation) bool {
	return op != d.root && op.parent != nil && d.root.IsAncestor(op)
}

// ApplyPatternsGreedily applies patterns (and, with cfg.Fold, op folders)
// to everything nested under root, as MLIR 19's
// applyPatternsAndFoldGreedily does. Each iteration
//
//  1. uniques the existing constants and hoists them to the start of the
//     entry block of the closest enclosing region that is isolated from
//     above, unregistered or top-level (MLIR 19 does this whether or not
//     folding is on);
//  2. seeds the worklist with all nested ops (producers first) and
//     processes it: a trivially dead op is erased; otherwise its folder is
//     tried, constant results being materialized just before it with
//     MaterializeConstant and a Commutative op that does not fold getting
//     its constant operands moved to the end; then its patterns and the
//     patterns for any op, the first one that applies winning. Changed
//     ops and their neighbours are revisited;
//  3. with cfg.RegionSimplify, erases unreachable blocks
//     (EraseUnreachableBlocks).
//
// It stops when an iteration changes nothing (steps 2 and 3; the constant
// moves of step 1 alone do not count, as in MLIR) or after
// cfg.MaxIterations iterations. It reports whether the IR changed at all
// and whether it converged, i.e. the last iteration changed nothing.
func ApplyPatternsGreedily(root *Operation, patterns []Pattern, cfg GreedyConfig) (changed, converged bool) {
	d := &greedyDriver{root: root, patterns: map[*OpDef][]Pattern{}, cfg: cfg}
	wl := worklists.Get().(*[]*Operation)
	d.worklist = *wl
	defer func() {
		// The pool must not keep IR alive; what this run wrote is all
		// there is to clear (a worklist once grown by a large function
		// stays large).
		clear(d.worklist[:d.used])
		*wl = d.worklist[:0]
		worklists.Put(wl)
	}()
	d.rw.driver = d
	d.rw.listener = d.add
	for _, p := range patterns {
		switch name := p.Root(); {
		case name == "":
			d.any = append(d.any, p)
		case LookupOp(name) != nil:
			def := LookupOp(name)
			d.patterns[def] = append(d.patterns[def], p)
		default:
			if d.byName == nil {
				d.byName = map[string][]Pattern{}
			}
			d.byName[name] = append(d.byName[name], p)
		}
	}
	// With no iteration run there is nothing left undone (MLIR agrees).
	converged = true
	simplifyFirst := false
	for iter := 0; cfg.MaxIterations < 0 || iter < cfg.MaxIterations; iter++ {
		iterChanged := d.iterate(simplifyFirst)
		simplifyFirst = false
		if cfg.RegionSimplify {
			switch {
			case iterChanged && (cfg.MaxIterations < 0 || iter+1 < cfg.MaxIterations):
				// Another iteration follows whatever step 3 finds: its
				// seeding walk does step 3 on the way, one walk fewer.
				simplifyFirst = true
			case !iterChanged && !d.multiBlock:
				// The IR is as seeded, with no region of several
				// blocks: there is no unreachable block to erase.
			default:
				iterChanged = EraseUnreachableBlocks(root) || iterChanged
			}
		}
		changed = changed || iterChanged
		converged = !iterChanged
		if converged {
			break
		}
	}
	return changed || d.hoisted, converged
}

// iterate runs steps 1 and 2 of an iteration (see ApplyPatternsGreedily)
// and reports whether step 2 changed the IR; step 1 sets d.hoisted if it
// moved or erased a constant. With simplifyFirst it first does the
// previous iteration's step 3, in the same walk as step 1.
func (d *greedyDriver) iterate(simplifyFirst bool) bool {
	// Seed with all nested ops in post-order, uniquing and hoisting the
	// constants on the way as MLIR does (erased duplicates are skipped).
	// Processing pops from the back, so the list is built reversed to
	// visit producers first.
	folder := newConstantFolder()
	d.worklist = d.worklist[:0]
	d.epoch = epochs.Add(1)
	if d.epoch == 0 { // wrapped around: 0 means "in no list"
		d.epoch = epochs.Add(1)
	}
	d.multiBlock = false
	d.seed(d.root, folder, simplifyFirst)
	d.hoisted = d.hoisted || folder.changed
	slices.Reverse(d.worklist)
	changed := false
	for len(d.worklist) > 0 {
		op := d.worklist[len(d.worklist)-1]
		d.worklist = d.worklist[:len(d.worklist)-1]
		if op.worklist != d.epoch {
			continue
		}
		op.worklist = 0
		if !d.inScope(op) {
			continue
		}
		if d.process(op) {
			changed = true
		}
	}
	return changed
}

// seed adds the ops nested in op to the worklist in post-order, giving
// constants to folder, and notes in d.multiBlock whether a region has
// several blocks. With simplify, each region first loses its unreachable
// blocks (EraseUnreachableBlocks, which only looks at a region's own
// blocks and terminators, so doing it region by region just before
// seeding a region's ops erases what it would erase before the walk).
func (d *greedyDriver) seed(op *Operation, folder *constantFolder, simplify bool) {
	for _, r := range op.Regions() {
		if len(r.blocks) > 1 {
			if simplify {
				eraseUnreachableIn(r)
			}
			d.multiBlock = d.multiBlock || len(r.blocks) > 1
		}
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				if o.rare != nil {
					d.seed(o, folder, simplify)
				}
				if !isConstant(o) || folder.insert(o) {
					d.add(o)
				}
				o = next
			}
		}
	}
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
	for _, r := range op.Regions() {
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

// process erases op if it is trivially dead, else tries its folder (with
// cfg.Fold) and then its patterns; it reports whether the IR changed.
func (d *greedyDriver) process(op *Operation) bool {
	rw := &d.rw
	rw.block, rw.before, rw.Loc = op.parent, op, op.Loc
	if IsTriviallyDead(op) {
		rw.EraseOp(op)
		return true
	}
	if d.cfg.Fold && foldOp(op, rw) {
		return true
	}
	rooted := d.patterns[op.def]
	if op.def == nil {
		rooted = d.byName[op.Name()]
	}
	for _, p := range rooted {
		rw.SetInsertionPoint(op)
		if p.MatchAndRewrite(op, rw) {
			return true
		}
	}
	for _, p := range d.any {
		rw.SetInsertionPoint(op)
		if p.MatchAndRewrite(op, rw) {
			return true
		}
	}
	return false
}
