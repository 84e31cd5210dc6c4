package ir

import (
	"fmt"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Verify checks op and everything nested in it: registered arity, traits,
// the op's own verifier, symbol uniqueness, terminators and dominance. It
// stops at the first invalid op, as MLIR's verifier does, and returns its
// diagnostic. The symbol uses of the ops in a symbol table (func.call's
// callee, OpDef.VerifySymbolUses) are checked when the table is, after
// all its ops (MLIR checks them with the table too, though it reports
// the last bad use of several first): verifying a function on its own
// does not look at other functions, nor check its calls.
//
// The ops directly inside a symbol table (a module's functions) that are
// isolated from above and have no operands are verified in parallel,
// each on its own; the error reported is still the first in op order.
//
// The ops of a large block (a function of thousands of ops) are verified
// in parallel too, in contiguous runs; again the first error in op order
// is reported.
func Verify(op *Operation) error {
	_, err := verifyUses(op)
	return err
}

// verifyUses verifies op as Verify does and returns the ops in it whose
// symbol uses are left to the symbol table above op, in op order.
func verifyUses(op *Operation) ([]*Operation, error) {
	if !op.HasTrait(SymbolTable) {
		_, users, err := walkSplittingBlocks(op, true)
		return users, err
	}
	v := newVerifier()
	v.depth = opDepth(op)
	if err := v.verifyOp(op); err != nil {
		return nil, err
	}
	// op's children are one region deeper.
	v.depth++
	own := v.users // op's own symbol uses are for the table above
	v.users = nil
	var children []*Operation
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				children = append(children, o)
			}
		}
	}
	errs := make([]error, len(children))
	users := make([][]*Operation, len(children))
	independent := func(o *Operation) bool { return o.HasTrait(IsolatedFromAbove) && len(o.operands) == 0 }
	parallelFor(len(children), !multithreading.Load(), func(i int) {
		if independent(children[i]) {
			w := newVerifier()
			w.depth = v.depth
			errs[i] = w.verify(children[i])
			users[i] = w.users
		}
	})
	for i, o := range children {
		if !independent(o) {
			errs[i] = v.verify(o)
			users[i], v.users = v.users, nil
		}
		if errs[i] != nil {
			return nil, errs[i]
		}
	}
	for _, u := range users {
		if err := checkSymbolUses(u); err != nil {
			return nil, err
		}
	}
	return own, nil
}

// checkSymbolUses runs the symbol-use verifiers of users in order.
func checkSymbolUses(users []*Operation) error {
	for _, u := range users {
		if err := u.def.VerifySymbolUses(u); err != nil {
			return AsDiagnostics(err, u.Loc)[0]
		}
	}
	return nil
}

// symbolUsers appends to users the ops in op (op included) that have
// symbol uses to verify, in pre-order, except those inside symbol tables
// nested in op, which verifying those tables checks.
func symbolUsers(op *Operation, users []*Operation) []*Operation {
	if op.def != nil && op.def.VerifySymbolUses != nil {
		users = append(users, op)
	}
	if op.rare == nil || op.HasTrait(SymbolTable) {
		return users
	}
	for _, r := range op.rare.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				users = symbolUsers(o, users)
			}
		}
	}
	return users
}

// parallelVerifyMin is the number of ops from which a block's ops are
// verified in parallel.
const parallelVerifyMin = 4096

// walkSplittingBlocks verifies op and everything nested in it (if check
// is set) and returns its fingerprint (see fingerprint), in one walk, and
// the ops whose symbol uses are left to the symbol table above op (see
// verifyUses). The ops of each large block of op are walked in parallel
// runs; each run has its own verifier (dominance info is per verifier)
// and hashes its ops from the seed, and the runs' hashes are folded in
// order, so the fingerprint does not depend on how many goroutines
// computed it. The block's op order, which dominance checks of nested ops
// read, is computed first, so that no run writes it. On error the
// fingerprint is 0.
func walkSplittingBlocks(op *Operation, check bool) (uint64, []*Operation, error) {
	v := &verifier{check: check, depth: opDepth(op)}
	if check {
		if err := v.verifyOp(op); err != nil {
			return 0, nil, err
		}
	}
	mark := len(v.users)
	// op's children are one region deeper.
	v.depth++
	h := fingerprintOpShallow(fingerprintSeed, op)
	for _, r := range op.Regions() {
		h = mix(h, ptr(r))
		for _, b := range r.blocks {
			h = fingerprintBlockHeader(h, b)
			if b.n < parallelVerifyMin {
				var err error
				for o := b.first; o != nil; o = o.next {
					if h, err = v.walk(h, o); err != nil {
						return 0, nil, err
					}
				}
			} else {
				starts := blockRuns(b) // also numbers the block's ops
				hs := make([]uint64, len(starts))
				errs := make([]error, len(starts))
				users := make([][]*Operation, len(starts))
				parallelFor(len(starts), !multithreading.Load(), func(k int) {
					w := &verifier{check: check, depth: v.depth}
					hk := uint64(fingerprintSeed)
					o := starts[k]
					for j := 0; j < verifyRun && o != nil; j++ {
						if hk, errs[k] = w.walk(hk, o); errs[k] != nil {
							return
						}
						o = o.next
					}
					hs[k], users[k] = hk, w.users
				})
				for k, err := range errs {
					if err != nil {
						return 0, nil, err
					}
					h = mix(h, hs[k])
					v.users = append(v.users, users[k]...)
				}
			}
			h = mix(h, 1) // end of block
		}
		h = mix(h, 2) // end of region
	}
	if err := v.endSymbolTable(op, mark); err != nil {
		return 0, nil, err
	}
	return h, v.users, nil
}

// verifyRun is the number of ops of a large block that Verify (and the
// pass manager's fingerprint) hands to one goroutine at a time.
const verifyRun = 1024

// blockRuns returns the first op of each run of verifyRun ops of b. It
// numbers the ops of b on the way if their numbering is out of date, so
// that dominance checks in the runs read it and none writes it.
func blockRuns(b *Block) []*Operation {
	starts := make([]*Operation, 0, b.n/verifyRun+1)
	number := !b.orderValid
	var i int32
	for o := b.first; o != nil; o = o.next {
		if i%verifyRun == 0 {
			starts = append(starts, o)
		}
		if number {
			o.order = i
		}
		i++
	}
	b.orderValid = true
	return starts
}

type verifier struct {
	// check is whether walk verifies (else it only hashes).
	check bool
	dom   map[*Region]*domInfo
	// users are the ops met whose symbol uses are to be checked when
	// their symbol table is (see OpDef.VerifySymbolUses), in walk order.
	users []*Operation
	// depth is the number of regions around the op being verified; the
	// walk stops at MaxNesting, so its recursion stays bounded whatever
	// the IR a library user built.
	depth int
}

func newVerifier() *verifier { return &verifier{check: true} }

// verify verifies op and everything nested in it.
func (v *verifier) verify(op *Operation) error {
	_, err := v.walk(0, op)
	return err
}

// walk verifies op and everything nested in it, if v.check, and folds
// them into the fingerprint h (see fingerprint), in one pre-order walk.
func (v *verifier) walk(h uint64, op *Operation) (uint64, error) {
	if v.depth > MaxNesting {
		return 0, op.Emit(nestingMsg, MaxNesting)
	}
	if v.check {
		if err := v.verifyOp(op); err != nil {
			return 0, err
		}
	}
	h = fingerprintOpShallow(h, op)
	if op.rare == nil {
		return h, nil
	}
	mark := len(v.users)
	var err error
	v.depth++
	for _, r := range op.rare.regions {
		h = mix(h, ptr(r))
		for _, b := range r.blocks {
			h = fingerprintBlockHeader(h, b)
			for o := b.first; o != nil; o = o.next {
				if h, err = v.walk(h, o); err != nil {
					return 0, err
				}
			}
			h = mix(h, 1) // end of block
		}
		h = mix(h, 2) // end of region
	}
	v.depth-- // (after an error the walk is over)
	if err := v.endSymbolTable(op, mark); err != nil {
		return 0, err
	}
	return h, nil
}

// endSymbolTable checks, once the ops in op are verified, the symbol uses
// met since users had length mark, if op is a symbol table: they are its.
func (v *verifier) endSymbolTable(op *Operation, mark int) error {
	if !v.check || op.def == nil || !op.HasTrait(SymbolTable) {
		return nil
	}
	if err := checkSymbolUses(v.users[mark:]); err != nil {
		return err
	}
	v.users = v.users[:mark]
	return nil
}

func (v *verifier) verifyOp(op *Operation) error {
	if v.depth > MaxNesting {
		return op.Emit(nestingMsg, MaxNesting)
	}
	if op.Attrs.Len() > 0 {
		if err := checkAttrNesting(op, v.depth); err != nil {
			return err
		}
	}
	for i, r := range op.results {
		if TooManyElements(r.typ) {
			return op.Emit("result #%d has type %s, of more than 2^63-1 elements", i, r.typ)
		}
	}
	for i, o := range op.operands {
		if o.value == nil {
			return op.Emit("operand #%d is null", i)
		}
		if err := v.checkDominance(op, i, o.value); err != nil {
			return err
		}
	}
	d := op.def
	if d == nil {
		return v.verifyRegions(op, false)
	}
	if err := d.verifyArity(op); err != nil {
		return err
	}
	if err := v.verifyTraits(op); err != nil {
		return err
	}
	if err := v.verifyRegions(op, true); err != nil {
		return err
	}
	if d.Verify != nil {
		if err := d.Verify(op); err != nil {
			return AsDiagnostics(err, op.Loc)[0]
		}
	}
	if d.VerifySymbolUses != nil {
		v.users = append(v.users, op)
	}
	return nil
}

func (v *verifier) verifyRegions(op *Operation, registered bool) error {
	for ri, r := range op.Regions() {
		if registered && op.HasTrait(SingleBlock) && len(r.blocks) > 1 {
			return op.Emit("expects region #%d to have 0 or 1 blocks", ri)
		}
		for bi, b := range r.blocks {
			for i, a := range b.args {
				if TooManyElements(a.typ) {
					return op.Emit("argument #%d of block #%d of region #%d has type %s, of more than 2^63-1 elements", i, bi, ri, a.typ)
				}
			}
			for o := b.first; o != nil; o = o.next {
				if o.HasTrait(Terminator) && o.next != nil {
					return o.Emit("must be the last operation in the parent block")
				}
			}
			needTerm := registered && !op.HasTrait(NoTerminator)
			if needTerm && (b.last == nil || (b.last.def != nil && !b.last.HasTrait(Terminator))) {
				loc := op.Loc
				if b.last != nil {
					loc = b.last.Loc
				}
				return Errorf(loc, "block #%d of region #%d of '%s' must end with a terminator operation", bi, ri, op.name).
					AddNote(op.Loc, "in this operation")
			}
		}
	}
	if op.HasTrait(SymbolTable) {
		idx, dup := op.indexSymbols()
		if dup != nil {
			name := dup.Attr("sym_name").(*StringAttr).Value
			return Errorf(dup.Loc, "redefinition of symbol named '%s'", name).AddNote(idx[name].Loc, "see existing symbol definition here")
		}
		op.rare.symbols.Store(&idx) // the index LookupSymbol needs
	}
	return nil
}

// checkDominance verifies that operand i of op is visible: defined in an
// enclosing region, not across an isolated-from-above boundary, and before
// its use.
func (v *verifier) checkDominance(op *Operation, i int, val *Value) error {
	// Fast path: a value defined earlier in the user's own block (or an
	// argument of it), as most operands are.
	if b := op.parent; b != nil {
		if val.block == b {
			return nil
		}
		if o := val.owner; o != nil && o.parent == b && o != op && o.IsBeforeInBlock(op) {
			return nil
		}
	}
	defBlock := val.ParentBlock()
	if defBlock == nil {
		return op.Emit("operand #%d uses a value that is not in any block", i)
	}
	// Find the ancestor of op (or op itself) in defBlock's region.
	user := op
	for user != nil && user.parent != nil && user.parent.parent != defBlock.parent {
		p := user.ParentOp()
		if p != nil && p.HasTrait(IsolatedFromAbove) {
			return op.Emit("using value defined outside the region").
				AddNote(p.Loc, "required by region isolation constraints")
		}
		user = p
	}
	if user == nil || user.parent == nil {
		return op.Emit("operand #%d does not dominate this use", i).AddNote(val.Location(), "operand defined here")
	}
	if user.parent == defBlock {
		if val.owner == nil {
			return nil
		}
		if val.owner == user {
			// An op's own result, used by the op or inside its regions.
			return op.Emit("operand #%d does not dominate this use", i).AddNote(val.Location(), "operand defined here")
		}
		if val.owner.IsBeforeInBlock(user) {
			return nil
		}
		return op.Emit("operand #%d does not dominate this use", i).AddNote(val.Location(), "operand defined here (op in the same block)")
	}
	if v.dominates(defBlock, user.parent) || !v.reachable(user.parent) {
		// MLIR does not check dominance in unreachable blocks.
		return nil
	}
	return op.Emit("operand #%d does not dominate this use", i).AddNote(val.Location(), "operand defined here (op in a parent region or another block)")
}

// domInfo is the dominator tree of a region's CFG: its reachable blocks
// numbered in reverse post-order (num), and the pre- and post-order
// numbers of each in the tree (pre, post, by reverse post-order number),
// so that a dominance query is two comparisons.
type domInfo struct {
	num       map[*Block]int32
	pre, post []int32
}

// reachable reports whether b can be reached from its region's entry.
func (v *verifier) reachable(b *Block) bool {
	_, ok := v.domInfo(b.parent).num[b]
	return ok
}

// dominates reports whether block a dominates block b in their region
// (every block dominates itself; an unreachable block dominates no other).
func (v *verifier) dominates(a, b *Block) bool {
	if a == b {
		return true
	}
	di := v.domInfo(a.parent)
	x, okA := di.num[a]
	y, okB := di.num[b]
	return okA && okB && di.pre[x] <= di.pre[y] && di.post[y] <= di.post[x]
}

// domInfo returns the dominance info of region r, computed once per
// verifier.
func (v *verifier) domInfo(r *Region) *domInfo {
	di, ok := v.dom[r]
	if !ok {
		if v.dom == nil {
			v.dom = map[*Region]*domInfo{}
		}
		di = computeDominators(r)
		v.dom[r] = di
	}
	return di
}

// computeDominators builds the dominator tree of a region's CFG with the
// algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance
// Algorithm"): immediate dominators by iterating over the reachable
// blocks in reverse post-order, each the intersection of its processed
// predecessors' dominator-tree paths. Unreachable predecessors do not
// count, as in MLIR's (LLVM's) dominance. The data-flow algorithm on sets
// it replaces took O(blocks²) time and memory: 23 s and 2.7 GB to verify
// a function of 8,000 blocks.
func computeDominators(r *Region) *domInfo {
	di := &domInfo{num: map[*Block]int32{}}
	if len(r.blocks) == 0 {
		return di
	}
	succs := func(b *Block) []*Block {
		if t := b.last; t != nil {
			return t.Successors()
		}
		return nil
	}
	// Post-order by an explicit-stack DFS from the entry.
	var post []*Block
	type frame struct {
		b    *Block
		next int
	}
	visited := map[*Block]bool{r.blocks[0]: true}
	stack := []frame{{b: r.blocks[0]}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if ss := succs(f.b); f.next < len(ss) {
			s := ss[f.next]
			f.next++
			if !visited[s] {
				visited[s] = true
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	n := len(post)
	rpo := make([]*Block, n)
	for i, b := range post {
		rpo[n-1-i] = b
		di.num[b] = int32(n - 1 - i)
	}
	preds := make([][]int32, n)
	for i, b := range rpo {
		for _, s := range succs(b) {
			j := di.num[s]
			preds[j] = append(preds[j], int32(i))
		}
	}
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[0] = 0
	intersect := func(a, b int32) int32 {
		for a != b {
			for a > b {
				a = idom[a]
			}
			for b > a {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			nd := int32(-1)
			for _, p := range preds[i] {
				if idom[p] < 0 {
					continue // not processed yet
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[i] {
				idom[i], changed = nd, true
			}
		}
	}
	// Pre- and post-order numbers in the tree, by an explicit-stack DFS.
	children := make([][]int32, n)
	for i := 1; i < n; i++ {
		children[idom[i]] = append(children[idom[i]], int32(i))
	}
	di.pre, di.post = make([]int32, n), make([]int32, n)
	var clock int32
	type tframe struct{ node, next int32 }
	tstack := []tframe{{node: 0}}
	di.pre[0] = clock
	clock++
	for len(tstack) > 0 {
		f := &tstack[len(tstack)-1]
		if cs := children[f.node]; int(f.next) < len(cs) {
			c := cs[f.next]
			f.next++
			di.pre[c] = clock
			clock++
			tstack = append(tstack, tframe{node: c})
			continue
		}
		di.post[f.node] = clock
		clock++
		tstack = tstack[:len(tstack)-1]
	}
	return di
}

func (v *verifier) verifyTraits(op *Operation) error {
	t := op.def.Traits
	// The checks walk operand and result types through typeAt rather than
	// collecting them: this runs for most ops of a module.
	n := len(op.operands) + len(op.results)
	if t&SameOperandsAndResultType != 0 {
		for i := 1; i < n; i++ {
			if op.typeAt(i) != op.typeAt(0) {
				return op.Emit("requires the same type for all operands and results")
			}
		}
	}
	if t&SameOperandsAndResultElementType != 0 && n > 0 {
		first := ElementTypeOf(op.typeAt(0))
		for i := 1; i < n; i++ {
			if ElementTypeOf(op.typeAt(i)) != first {
				return op.Emit("requires the same element type for all operands and results")
			}
		}
	}
	if t&SameOperandsAndResultShape != 0 {
		var first []int64
		haveFirst := false
		shaped := 0
		for i := 0; i < n; i++ {
			if _, ok := op.typeAt(i).(ShapedType); ok {
				shaped++
			}
		}
		if shaped != 0 && shaped != n {
			return op.Emit("requires the same shape for all operands and results")
		}
		for i := 0; i < n; i++ {
			st, ok := op.typeAt(i).(ShapedType)
			if !ok || !st.HasRank() {
				continue
			}
			if !haveFirst {
				first, haveFirst = st.Shape(), true
			} else if !ShapesCompatible(first, st.Shape()) {
				return op.Emit("requires the same shape for all operands and results")
			}
		}
	}
	if t&Broadcastable != 0 {
		return VerifyBroadcastable(op)
	}
	return nil
}

// typeAt returns the type of operand i, or of result i-NumOperands: the
// operands and results as one list, as the Same* traits see them.
func (op *Operation) typeAt(i int) Type {
	if i < len(op.operands) {
		return op.operands[i].value.typ
	}
	return op.results[i-len(op.operands)].typ
}

// ShapesCompatible reports whether two shapes can be equal at run time:
// one rank, and equal sizes wherever both are static.
func ShapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != Dynamic && b[i] != Dynamic {
			return false
		}
	}
	return true
}

// VerifyBroadcastable checks the Broadcastable trait exactly as its
// documentation states (docs/SPEC.md §4): at least one operand, one result,
// tensor or vector types, shape inference over the ranked operands, the rank
// check and the static-dim check of the result.
func VerifyBroadcastable(op *Operation) error {
	return VerifyBroadcastableWith(op, broadcast.Spec{})
}

// VerifyBroadcastableWith is VerifyBroadcastable under a broadcast policy
// and optional XLA broadcast_dimensions (the hlo ops' attributes).
func VerifyBroadcastableWith(op *Operation, spec broadcast.Spec) error {
	if op.NumOperands() < 1 {
		return op.Emit("requires at least one operand (Broadcastable)")
	}
	if op.NumResults() != 1 {
		return op.Emit("requires exactly one result (Broadcastable), but found %d", op.NumResults())
	}
	var buf [4]broadcast.Operand // most broadcasting ops have at most 4 operands
	ops := buf[:0]
	for i, o := range op.operands {
		ty := o.value.typ
		st, ok := ty.(ShapedType)
		if !ok || !isTensorOrVector(ty) {
			return op.Emit("operand #%d must be a tensor or vector (Broadcastable), but got '%s'", i, ty)
		}
		ops = append(ops, broadcast.Operand{Shape: st.Shape(), Ranked: st.HasRank()})
	}
	rt := op.results[0].typ
	if !isTensorOrVector(rt) {
		return op.Emit("result must be a tensor or vector (Broadcastable), but got '%s'", rt)
	}
	inferred, _, ok, conflict := broadcast.Infer(ops, spec)
	if conflict != nil {
		return op.Emit("%s", conflict.Error())
	}
	rst := rt.(ShapedType)
	if !ok || !rst.HasRank() {
		return nil
	}
	if m := broadcast.CheckResult(inferred, rst.Shape()); m != nil {
		return op.Emit("result type '%s' is not compatible with the inferred broadcast shape %s: %s", rt, FormatShape(inferred), m.Error())
	}
	return nil
}

func isTensorOrVector(t Type) bool {
	switch t.(type) {
	case *RankedTensorType, *UnrankedTensorType, *VectorType:
		return true
	}
	return false
}

// FormatShape prints a shape as `[2, ?, 4]`.
func FormatShape(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d == Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = fmt.Sprint(d)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
