package llvm

import (
	"strconv"

	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/tensor"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file owns loop fusion at code generation: consecutive generics of
// a block whose leading parallel loops are the same and whose
// dependencies on each other are row-local become one loop nest over
// those loops, each generic's remaining loops inside it in block order:
//
//	for i (the shared loops):
//	    the inner loops of G1 for i
//	    the inner loops of G2 for i
//	    ...
//
// A row-wise softmax (max-reduce, sum-reduce of exp(x - m), exp(x - m) /
// s) then reads each row of x from memory once, and its later passes find
// the row in cache. The rule (planGroup):
//
//   - a group starts at a generic whose first loop is parallel and takes
//     the generics after it that read a result of the group; the ops
//     between that read none (tensor.empty, linalg.fill, constants,
//     tensor.dim of anything: shapes only, an unrelated generic) are
//     lowered before the group's loops, in block order with the members'
//     set-up (so its checks run in the unfused order); the group ends at
//     any other op that reads a result of the group, and at an op between
//     members that writes storage other values share (updatesStorage: a
//     tensor.insert_slice in place), which must not run before an
//     earlier member's loops;
//   - a member's shared loops are its first k, all parallel (k, at least
//     1, is the smallest count of leading parallel loops of the members);
//     it reads the group's results only as inputs, and row-locally: the
//     producer's output map is a projected permutation holding each
//     shared dim once, and the consumer's input map has the same shared
//     dim at those positions and no shared dim elsewhere, so iteration i
//     of the shared loops reads only what the producer wrote in its own
//     iteration i ([N] results read via (d0), or row i of an NxM result);
//   - its outputs are not results of the group nor slices written in
//     place (slices.go), and it is not a fill that only reductions read
//     (fill.go); a group has at least two members.
//
// Each member's accesses, loop bounds with every check, and output
// storage are set up before the loops as for an unfused generic; the
// checks make the members' shared loop sizes equal before any loop runs
// (each member reads an earlier one's result through the shared dims),
// so the first member's sizes bound the shared loops. A result that only
// members read (and tensor.dim) is kept per row: a buffer of one row
// (rowBuffer: the full dims with stride 0 along the shared dims, on the
// stack when small, else from malloc), which the producer writes and its
// consumers read in each iteration; a one-element row (a softmax's max
// and sum) is a scalar that LLVM keeps in a register. Other results have
// their usual storage (a caller's result buffer, malloc). Reductions take
// the inner layout (reduce.go); an output of 16 MB or more that no member
// reads is streamed as an unfused generic's is (vector.go). A member's body
// also keeps per row the costly values a later member would compute again
// (softmax's exp(x - m)), and the later members prefetch the next row of
// their inputs (fuse_values.go). A matmul (matmul.go) is no member but
// may start a group, a contraction chain, whose shared loops are its
// batch loops and rows, and which a matmul reading the group's result may
// end; such a group runs over blocks of rows (fuse_matmul.go). Generics
// that do not form a group are lowered as unfused generics are (and all
// are with Options.unfused, which the tests compare with).

// fusedGroup is a group of generics lowered as one loop nest over their
// shared loops.
type fusedGroup struct {
	// ops are the block's ops from the first member to the last; rows
	// says, for each member, its shared loops and which results are kept
	// per row (the other ops are lowered before the group's loops).
	ops    []*ir.Operation
	rows   map[*ir.Operation]*rowStorage
	shared int
	// last is the index of the last member in the block.
	last int
	// bodies say what the members' bodies keep per row and prefetch,
	// values are the row values (fuse_values.go).
	bodies map[*ir.Operation]*fusedBody
	values []*rowValue
	// head is the first member when it is a matmul, and tail the last
	// when it is one too (a contraction chain: fuse_matmul.go).
	head, tail *ir.Operation
}

// rowStorage is what prepareGeneric needs to know of a member of a fused
// group: the shared loops, which results are kept per row, and whether
// its outputs may be streamed.
type rowStorage struct {
	shared   int
	perRow   []bool
	streamOK bool
	// block marks the results kept per row that are kept per block of
	// rows instead, in a contraction chain (fuse_matmul.go): blockRows
	// rows of them.
	block     []bool
	blockRows value.Value
}

// planGroup returns the fused group that starts at ops[first], a
// linalg.generic, or nil when there is none (see the top of the file).
func planGroup(ops []*ir.Operation, first int) *fusedGroup {
	g0 := ops[first]
	k := leadingParallel(g0)
	var head, tail *ir.Operation
	if c := chainRows(g0); c > 0 {
		k, head = c, g0 // fuse_matmul.go
	} else if k == 0 || !canBeMember(g0) {
		return nil
	}
	// the group's results, with their producers' output maps
	results := map[*ir.Value]affine.Map{}
	addResults := func(op *ir.Operation) {
		maps := linalg.IndexingMapsView(op)
		nIn := linalg.NumInputs(op)
		for r, v := range op.Results() {
			results[v] = maps[nIn+r]
		}
	}
	addResults(g0)
	members := []*ir.Operation{g0}
	last := first
	for j := first + 1; j < len(ops); j++ {
		op := ops[j]
		if op.HasTrait(ir.Terminator) {
			break
		}
		if !readsAny(op, results) {
			if updatesStorage(op) {
				break // lowered before the loops, it could change what a member reads
			}
			continue // lowered before the group's loops if a member follows
		}
		if head != nil && op.Def() == linalg.Generic && chainTail(op, results, k) {
			members = append(members, op)
			tail, last = op, j
			break
		}
		if op.Def() != linalg.Generic || !canBeMember(op) {
			break
		}
		kk := min(k, leadingParallel(op))
		if kk == 0 || head != nil && kk < k || !readsRowLocally(op, results, kk) {
			break
		}
		k = kk
		members = append(members, op)
		addResults(op)
		last = j
	}
	if len(members) < 2 {
		return nil
	}
	g := &fusedGroup{ops: ops[first : last+1], rows: map[*ir.Operation]*rowStorage{}, shared: k, last: last, head: head, tail: tail}
	g.bodies, g.values = planBodies(members, k, results)
	isMember := map[*ir.Operation]bool{}
	for _, m := range members {
		isMember[m] = true
	}
	for _, m := range members {
		maps := linalg.IndexingMapsView(m)
		nIn := linalg.NumInputs(m)
		body := linalg.Body(m)
		reduction := hasReduction(m)
		row := &rowStorage{shared: k, perRow: make([]bool, m.NumResults()), block: make([]bool, m.NumResults()), streamOK: true}
		for r, v := range m.Results() {
			readByMember := false
			onlyMembers := true
			for _, u := range v.Uses() {
				switch o := u.Owner(); {
				case o.Def() == tensor.Dim && u.Index() == 0:
				case isMember[o]:
					readByMember = true
					// a chain's matmuls read or write a block of rows
					row.block[r] = row.block[r] || o == tail || m == head
				default:
					onlyMembers = false
				}
			}
			if readByMember {
				row.streamOK = false
			}
			keep := onlyMembers && holdsRows(maps[nIn+r], k)
			if reduction {
				keep = keep && v.HasUses() // an unused result has no storage anyway
			} else {
				keep = keep && !body.Arg(nIn+r).HasUses() // the body reads the output's old contents
			}
			if keep {
				row.perRow[r] = true
				row.streamOK = false
			}
			row.block[r] = row.block[r] && keep
		}
		g.rows[m] = row
	}
	return g
}

// leadingParallel is the number of a generic's leading parallel loops, or
// 0 when it has an iterator that is neither parallel nor a reduction.
func leadingParallel(op *ir.Operation) int {
	n, lead := 0, true
	for _, it := range linalg.IteratorTypesView(op) {
		switch {
		case it == linalg.Parallel && lead:
			n++
		case it == linalg.Parallel, it == linalg.Reduction:
			lead = false
		default:
			return 0
		}
	}
	return n
}

// canBeMember reports whether a generic may be a member of a fused group
// as far as it alone decides: maps the lowering takes, outputs that are
// not slices written in place, and not a fill that only reductions read.
func canBeMember(op *ir.Operation) bool {
	maps := linalg.IndexingMapsView(op)
	if len(maps) != op.NumOperands() || len(maps) == 0 || op.NumResults() == 0 {
		return false
	}
	for _, m := range maps {
		if m.NumDims != maps[0].NumDims {
			return false
		}
		for _, r := range m.Results {
			if _, _, ok := linearForm(r, m.NumDims); !ok {
				return false
			}
		}
	}
	if writesSlice(op) || isMatmul(op) { // matmul.go
		return false
	}
	if !hasReduction(op) {
		fill := true
		for _, r := range op.Results() {
			fill = fill && onlyReductionInits(r)
		}
		if fill {
			return false
		}
	}
	return true
}

// writesSlice reports whether a generic or fill has an output that is a
// slice of another tensor (through reshapes), which it may write in place
// (slices.go).
func writesSlice(op *ir.Operation) bool {
	for _, out := range linalg.Outputs(op) {
		def := out.DefiningOp()
		for def != nil && (def.Def() == tensor.CollapseShape || def.Def() == tensor.ExpandShape) {
			def = def.Operand(0).DefiningOp()
		}
		if def != nil && def.Def() == tensor.ExtractSlice {
			return true
		}
	}
	return false
}

// updatesStorage reports whether op, or an op nested in it, may write
// into storage that other values share: a tensor.insert_slice, or a
// generic or fill writing a slice in place (slices.go). Such an op
// between members would run before the group's loops, and could change
// what an earlier member reads.
func updatesStorage(op *ir.Operation) bool {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		switch o.Def() {
		case tensor.InsertSlice:
			found = true
		case linalg.Generic, linalg.Fill:
			found = writesSlice(o)
		}
		return !found
	})
	return found
}

// readsAny reports whether op, or an op nested in it, reads one of the
// values other than for its shape (tensor.dim).
func readsAny(op *ir.Operation, values map[*ir.Value]affine.Map) bool {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		for i, v := range o.Operands() {
			if _, ok := values[v]; ok && (o.Def() != tensor.Dim || i != 0) {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsRowLocally reports whether generic op reads the group's results
// only as inputs and row-locally over the first shared loops, and no op
// of its body reads them.
func readsRowLocally(op *ir.Operation, results map[*ir.Value]affine.Map, shared int) bool {
	maps := linalg.IndexingMapsView(op)
	nIn := linalg.NumInputs(op)
	for i, v := range op.Operands() {
		def, ok := results[v]
		if !ok {
			continue
		}
		if i >= nIn || !rowLocal(def, maps[i], shared) {
			return false
		}
	}
	for _, o := range linalg.Body(op).Ops() {
		if readsAny(o, results) {
			return false
		}
	}
	return true
}

// holdsRows reports whether output map def is a projected permutation
// holding each of the first shared loop dims exactly once: a row of the
// result (its elements at one iteration of the shared loops) is written
// in one iteration of them.
func holdsRows(def affine.Map, shared int) bool {
	seen := make([]bool, shared)
	for _, r := range def.Results {
		d, ok := r.(affine.DimExpr)
		if !ok {
			return false
		}
		if d.Position < shared {
			if seen[d.Position] {
				return false
			}
			seen[d.Position] = true
		}
	}
	for _, s := range seen {
		if !s {
			return false
		}
	}
	return true
}

// rowLocal reports whether a consumer reading through map use a result
// its producer wrote through output map def reads, in each iteration of
// the first shared loops, only elements written in the same iteration:
// def holds the rows (holdsRows) and use has the same shared dim where
// def has one and no shared dim elsewhere.
func rowLocal(def, use affine.Map, shared int) bool {
	if len(def.Results) != len(use.Results) || !holdsRows(def, shared) {
		return false
	}
	for j, r := range def.Results {
		if d := r.(affine.DimExpr); d.Position < shared {
			u, ok := use.Results[j].(affine.DimExpr)
			if !ok || u.Position != d.Position {
				return false
			}
			continue
		}
		coefs, _, ok := linearForm(use.Results[j], use.NumDims)
		if !ok {
			return false
		}
		for s := range shared {
			if coefs[s] != 0 {
				return false
			}
		}
	}
	return true
}

// rowStackBytes is the largest row buffer kept on the stack.
const rowStackBytes = 64 << 10

// rowArray is a buffer of n elements of elem for one row: on the stack
// when n is static and the row at most rowStackBytes, else from malloc.
func (l *fnLowering) rowArray(elem ir.Type, n value.Value) value.Value {
	var p value.Value
	if c, ok := constInt(n); ok && c*elemBytes(elem) <= rowStackBytes {
		arr := l.entry.NewAlloca(lltypes.NewArray(uint64(max(c, 1)), mustMemType(elem)))
		arr.Align = 64
		l.name(arr, "row")
		p = l.entry.NewGetElementPtr(arr.ElemType, arr, i64c(0), i64c(0))
	} else {
		p = l.alloc(elem, []value.Value{n})
	}
	if l.threads != nil {
		// each chunk of a parallel loop over rows has its own (parallel.go)
		l.scratch[p] = scratchBuf{elem: elem, n: n}
	}
	return p
}

// rowBuffer is the storage of a result kept per row in a fused group: the
// result's dims, with stride 0 along the positions of the shared loop
// dims of its output map m and row-major strides along the others, so
// that every iteration of the shared loops writes and reads the same
// row. With rows set it is kept per block of that many rows (a
// contraction chain's, fuse_matmul.go): the last shared dim's stride is
// the row's size, and a block's iterations index it from the block's
// first row.
func (l *fnLowering) rowBuffer(init *buffer, m affine.Map, shared int, rows value.Value) *buffer {
	d := &buffer{elem: init.elem, dims: init.dims, result: notResult}
	if l.shapesOnly {
		return d
	}
	d.strides = make([]value.Value, len(d.dims))
	var size value.Value = i64c(1)
	blockAt := -1
	for j := len(d.dims) - 1; j >= 0; j-- {
		if dim, ok := m.Results[j].(affine.DimExpr); ok && dim.Position < shared {
			d.strides[j] = i64c(0)
			if rows != nil && dim.Position == shared-1 {
				blockAt = j
			}
			continue
		}
		d.strides[j] = size
		size = l.mul(size, d.dims[j])
	}
	if blockAt >= 0 {
		d.strides[blockAt] = size
		size = l.mul(size, rows)
	}
	d.ptr = l.rowArray(d.elem, size)
	return d
}

// memberNest emits one member's loops inside the shared loops.
type memberNest struct {
	acc  []*operandAccess
	base []value.Value
	// emit emits the member's inner loops given the shared loops'
	// indices and the accesses' pointers at that iteration.
	emit func(ivs, ptrs []value.Value) error
}

// lowerGroup lowers a fused group: the ops between its members and the
// members' set-up in block order, the row values' buffers
// (fuse_values.go), then the shared loops around each member's inner
// loops.
func (l *fnLowering) lowerGroup(g *fusedGroup) error {
	if g.head != nil {
		return l.lowerChain(g) // fuse_matmul.go
	}
	plans, err := l.prepareMembers(g, nil)
	if err != nil || len(plans) == 0 {
		return err
	}
	l.fused = g.bodies
	defer func() { l.fused = nil }()
	k := g.shared
	var nests []*memberNest
	for _, p := range plans {
		n, err := l.memberNest(g, p)
		if err != nil {
			return err
		}
		nests = append(nests, n)
	}
	bounds := plans[0].bounds[:k]
	ivs := make([]value.Value, k)
	var nest func(s int, ptrs [][]value.Value) error
	nest = func(s int, ptrs [][]value.Value) error {
		if s == k {
			for m, n := range nests {
				if err := n.emit(ivs, ptrs[m]); err != nil {
					return err
				}
			}
			return nil
		}
		tag := "row" + strconv.Itoa(s)
		loop := l.outerLoop(s == 0, func() value.Value {
			var work value.Value = i64c(0)
			for _, p := range plans {
				work = l.add(work, l.numElements(p.bounds))
			}
			return work
		})
		return loop(bounds[s], tag, func(iv value.Value) error {
			ivs[s] = iv
			next := make([][]value.Value, len(nests))
			for m, n := range nests {
				next[m] = l.advancePtrs(n.acc, ptrs[m], s, iv, tag)
			}
			return nest(s+1, next)
		})
	}
	base := make([][]value.Value, len(nests))
	for m, n := range nests {
		base[m] = n.base
	}
	return nest(0, base)
}

// prepareMembers lowers the ops between a fused group's members and sets
// up the members, in block order, and allocates the row values' buffers
// (fuse_values.go). blockRows, when set, is the rows of the results kept
// per block (fuse_matmul.go).
func (l *fnLowering) prepareMembers(g *fusedGroup, blockRows value.Value) ([]*genericPlan, error) {
	var plans []*genericPlan
	planOf := map[*ir.Operation]*genericPlan{}
	for _, op := range g.ops {
		row := g.rows[op]
		if row == nil {
			if err := l.lowerOp(op); err != nil {
				return nil, err
			}
			continue
		}
		row.blockRows = blockRows
		p, err := l.prepareGeneric(op, row)
		if err != nil {
			return nil, err
		}
		if p != nil {
			plans = append(plans, p)
			planOf[op] = p
		}
	}
	for _, rv := range g.values {
		if p := planOf[rv.producer]; p != nil {
			rv.ptr = l.rowArray(rv.elem, p.bounds[g.shared])
		}
	}
	return plans, nil
}

// memberNest sets up the inner loops of member p of group g (a reduction
// in the inner layout, or an all-parallel nest), with the prefetches of
// its body.
func (l *fnLowering) memberNest(g *fusedGroup, p *genericPlan) (*memberNest, error) {
	k := g.shared
	var n *memberNest
	if p.reduction {
		r, err := l.newReduction(p, k)
		if err != nil {
			return nil, err
		}
		n = &memberNest{acc: r.acc, base: r.basePtrs(), emit: func(ivs, ptrs []value.Value) error {
			copy(r.ivs, ivs)
			return r.nestInner(k, ptrs)
		}}
	} else {
		pn := l.newParallelNest(p, k, g.rows[p.op].streamOK)
		n = &memberNest{acc: p.acc, base: pn.basePtrs(), emit: func(ivs, ptrs []value.Value) error {
			copy(pn.ivs, ivs)
			return pn.emit(k, ptrs)
		}}
	}
	// the inputs' strides are set by the nest: prefetch those
	// contiguous along the vector loop's dim (the last)
	fb := g.bodies[p.op]
	last := len(p.bounds) - 1
	var prefetch []int
	for _, i := range fb.prefetch {
		if c, ok := constInt(p.acc[i].coef[last]); ok && c == 1 {
			prefetch = append(prefetch, i)
			fb.rowStep = append(fb.rowStep, p.acc[i].coef[k-1])
		}
	}
	fb.prefetch = prefetch
	return n, nil
}
