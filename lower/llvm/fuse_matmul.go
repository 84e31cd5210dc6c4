package llvm

import (
	"strconv"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
)

// This file owns contraction chains: a fused group (fuse.go) whose first
// member is a matmul (matmul.go), the row-wise generics that read its
// result after it, and, optionally, last a matmul that reads theirs as
// its a operand. Attention, softmax(q k^T / c) v, is one: the scores'
// matmul, the softmax's max, sum and divide, and the matmul by v; so is a
// dense layer with its epilogue, relu(x W + b). The chain runs over blocks
// of rows, each block's scores staying in cache:
//
//	for the batch loops (the shared loops but the last):
//	    pack the b operands of both matmuls whole (matmul.go, packAllB)
//	    for each block of mb rows i0 .. i0+mb-1 of the last shared loop:
//	        the first matmul's rows of the block, into a block buffer
//	        for i in the block: the members between, row by row
//	        the last matmul's rows of the block, reading a block buffer
//
// The rule (planGroup with chainRows and chainTail): the first matmul's
// loops are its batch loops, then i, then j and k (the shared loops are
// the batch loops and i); its init is a linalg.fill that only reductions
// read, and its output is not a slice written in place. The members after
// it are those of any fused group, with the same shared loops. A matmul
// with the same loop structure whose a operand is a result of the group,
// read row-locally, and whose b operand is not, ends the group. A result
// that only members read is kept per row (fuse.go), or per block of rows
// (rowBuffer) when a matmul of the chain writes or reads it: the block's
// rows one after the other, in cache.
//
// A chain that is its first matmul and one elementwise member, reading
// the matmul's result at the element it computes (a dense layer's
// epilogue), applies that member to the micro-kernel's accumulators in
// registers instead (tileEpilogue, at the end of the file).
//
// The matmuls read their a rows in place, unpacked (aPanel): a block of
// rows is small and in cache; but rows 4 KB apart (or a multiple of it,
// or a stride not known when compiling), which the first-level cache
// would hold in one set, are packed block by block as product packs
// them, and so are all with AArch64's tile, which reads a packed panel
// by vectors (matmulTile). Their b operands are packed once per
// iteration of the batch loops, whole, in the blocks product packs them
// in (a chunk of a parallel loop packs its own). Each element is summed in the same
// order as by an unfused matmul and each member computes its rows as in
// a fused group, so the results are those of the unfused code, bit for
// bit.

// chainBlockBytes is the size a chain's block of rows aims at: the rows
// of the first matmul's result it holds (at least the micro-kernel's
// rows, at most matmulMC rows, a multiple of the micro-kernel's rows).
// A block of the first-level cache's size keeps the row-wise generics'
// rows there, when the first matmul's packed b operand, which every
// block reads again, fits in the second-level cache (at most
// chainPackedBytes); a larger one is read from further away, and the
// blocks are then chainBigBlockBytes, reading it fewer times.
const (
	chainBlockBytes    = 48 << 10
	chainBigBlockBytes = 384 << 10
	chainPackedBytes   = 256 << 10
)

// chainRows returns the shared loops of a contraction chain starting at
// op (its batch loops and i), or 0 when op cannot start one (see the top
// of the file).
func chainRows(op *ir.Operation) int {
	m := matmulShape(op)
	if m == nil || writesSlice(op) || !fillInit(op.Operand(2)) {
		return 0
	}
	if m.i != len(m.batch) || len(m.batch) > 0 && m.batch[len(m.batch)-1] > m.i {
		return 0
	}
	return m.i + 1
}

// fillInit reports whether v is a linalg.fill that only reductions read,
// kept as its value (fill.go): a matmul's accumulators start from it.
func fillInit(v *ir.Value) bool {
	def := v.DefiningOp()
	return def != nil && def.Def() == linalg.Fill && onlyReductionInits(v)
}

// chainTail reports whether generic op ends a contraction chain of the
// group whose results are results, over shared loops: a matmul with the
// loop structure of the first (chainRows), reading a result of the group
// row-locally as its a operand and none as its b operand.
func chainTail(op *ir.Operation, results map[*ir.Value]affine.Map, shared int) bool {
	if chainRows(op) != shared {
		return false
	}
	m := matmulShape(op)
	maps := linalg.IndexingMapsView(op)
	for x := range 2 {
		def, ok := results[op.Operand(x)]
		if x == m.a && (!ok || !rowLocal(def, maps[x], shared)) || x == m.b && ok {
			return false
		}
	}
	return true
}

// chainMatmul is a matmul of a chain, set up: its plan's accesses with
// their increments, where its b operand (and a's blocks, if packed) are
// packed, and its edge tile.
type chainMatmul struct {
	*matmul
	packed, packA, tile value.Value
}

// chainPackStride is the row stride in bytes of an a operand a chain's
// matmul packs (packs: its rows alias in the first-level cache, whose
// sets repeat every 4 KB, when read in place); others are read in place.
const chainPackStride = 4 << 10

// packs reports whether the chain's matmul packs its a operand's blocks:
// when a's row stride is a multiple of chainPackStride bytes, or not
// known when the kernel is compiled, and always with a tile that loads
// a's elements as vectors (laneA, AArch64: from a's rows in place it
// would load them one by one, 12 loads for 24 fmla instead of 3).
func (m *chainMatmul) packs() bool {
	s, ok := constInt(m.g.acc[m.a].coef[m.i])
	return m.laneA || !ok || s*elemBytes(m.elem)%chainPackStride == 0
}

// newChainMatmul returns plan p of a chain's matmul as one.
func (l *fnLowering) newChainMatmul(p *genericPlan) (*chainMatmul, error) {
	m := matmulShape(p.op)
	if m == nil || len(p.inits) != 1 || !p.inits[0].hasFill || p.inits[0].fill == nil {
		return nil, ir.Errorf(p.op.Loc, "internal error: a contraction chain's matmul has no fill init")
	}
	m.g, m.fill = p, p.inits[0].fill
	m.setTile(l.e.target)
	for x, a := range p.acc {
		l.setCoefs(a, p.maps[x], len(p.bounds))
	}
	if c, ok := constInt(p.acc[2].coef[m.j]); !ok || c != 1 {
		return nil, ir.Errorf(p.op.Loc, "internal error: a contraction chain's matmul writes a strided output")
	}
	return &chainMatmul{matmul: m}, nil
}

// lowerChain lowers a fused group that is a contraction chain (see the
// top of the file).
func (l *fnLowering) lowerChain(g *fusedGroup) error {
	k := g.shared
	// the block's rows, from the first matmul's rows' size
	headOut := l.get(g.head.Operand(2)).buf
	if headOut == nil {
		return ir.Errorf(g.head.Loc, "internal error: a contraction chain's output has no shape")
	}
	var rowSize value.Value = i64c(1)
	for j, r := range linalg.IndexingMapsView(g.head)[2].Results {
		if d, ok := r.(affine.DimExpr); !ok || d.Position >= k {
			rowSize = l.mul(rowSize, headOut.dims[j])
		}
	}
	mr := matmulTile(l.e.target).mr
	blockBytes := int64(chainBigBlockBytes)
	if depth, ok := constInt(l.headDepth(g.head)); ok {
		if n, ok := constInt(rowSize); ok && depth*n*elemBytes(headOut.elem) <= chainPackedBytes {
			blockBytes = chainBlockBytes
		}
	}
	mb := l.chainBlock(rowSize, elemBytes(headOut.elem), int64(mr), blockBytes)
	plans, err := l.prepareMembers(g, mb)
	if err != nil || len(plans) == 0 {
		return err
	}
	l.fused = g.bodies
	defer func() { l.fused = nil }()
	// the matmuls, the members between, and the block buffers
	var mms []*chainMatmul
	var nests []*memberNest
	block := map[value.Value]bool{}
	for _, p := range plans {
		row := g.rows[p.op]
		for r, b := range row.block {
			if b && row.perRow[r] {
				block[p.acc[p.nIn+r].buf.ptr] = true
			}
		}
		if p.op == g.head || p.op == g.tail {
			m, err := l.newChainMatmul(p)
			if err != nil {
				return err
			}
			mms = append(mms, m)
			continue
		}
		n, err := l.memberNest(g, p)
		if err != nil {
			return err
		}
		nests = append(nests, n)
	}
	head := mms[0]
	M := head.g.bounds[head.i]
	head.epi = l.registerEpilogue(g, head, plans)
	// the b operands' packing buffers: per iteration of the batch loops
	// (scratch), or packed once without batch loops; a's blocks and the
	// edge tiles: per block (scratch)
	for _, m := range mms {
		if k > 1 {
			m.packed = l.rowArray(m.elem, m.packedBSize(l))
		} else {
			m.packed = l.alloc(m.elem, []value.Value{m.packedBSize(l)})
		}
		if m.packs() {
			m.packA = l.rowArray(m.elem, l.mul(l.roundUp(mb, int64(m.mr)), l.smin(l.smax(m.g.bounds[m.k], i64c(1)), i64c(matmulKC))))
		}
		m.tile = l.rowArray(m.elem, i64c(int64(m.mr*m.nr)))
	}
	// every member's accesses: the matmuls', then the nests'
	var accs [][]*operandAccess
	var base [][]value.Value
	for _, m := range mms {
		accs = append(accs, m.g.acc)
		b := make([]value.Value, len(m.g.acc))
		for x, a := range m.g.acc {
			b[x] = l.elemPtr(a.buf.elem, a.buf.ptr, a.base)
		}
		base = append(base, b)
	}
	for _, n := range nests {
		accs = append(accs, n.acc)
		base = append(base, n.base)
	}
	work := func() value.Value {
		var w value.Value = i64c(0)
		for _, p := range plans {
			w = l.add(w, l.numElements(p.bounds))
		}
		return w
	}
	ivs := make([]value.Value, k)
	// blocks emits the block loop with the members' pointers at row 0.
	blocks := func(ptrs [][]value.Value) error {
		for x, m := range mms {
			if err := m.packAllB(l, ptrs[x][m.b], m.g.bounds[m.j], m.g.bounds[m.k], m.packed); err != nil {
				return err
			}
		}
		loop := l.outerLoop(k == 1, work)
		return loop(l.ceilDivBy(M, mb), "chain.blk", func(blk value.Value) error {
			i0 := l.mul(blk, mb)
			rows := l.smin(mb, l.sub(M, i0))
			at := make([][]value.Value, len(accs))
			for x := range accs {
				at[x] = l.advanceOutside(accs[x], ptrs[x], k-1, i0, block, "blk")
			}
			if e := head.epi; e != nil {
				e.ptrs, e.i0 = at[1], i0
				copy(e.ivs, ivs[:k-1])
			}
			if err := head.rowsOf(l, at[0], rows); err != nil {
				return err
			}
			if len(nests) > 0 && head.epi == nil {
				err := l.loop(rows, "chain.row", func(r value.Value) error {
					ivs[k-1] = l.add(i0, r)
					for x, n := range nests {
						y := len(mms) + x
						if err := n.emit(ivs, l.advancePtrs(accs[y], at[y], k-1, r, "row")); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
			}
			if len(mms) > 1 {
				return mms[1].rowsOf(l, at[1], rows)
			}
			return nil
		})
	}
	var nest func(s int, ptrs [][]value.Value) error
	nest = func(s int, ptrs [][]value.Value) error {
		if s == k-1 {
			return blocks(ptrs)
		}
		tag := "row" + strconv.Itoa(s)
		loop := l.outerLoop(s == 0, work)
		return loop(head.g.bounds[s], tag, func(iv value.Value) error {
			ivs[s] = iv
			next := make([][]value.Value, len(accs))
			for x := range accs {
				next[x] = l.advancePtrs(accs[x], ptrs[x], s, iv, tag)
			}
			return nest(s+1, next)
		})
	}
	return nest(0, base)
}

// rowsOf emits the chain matmul's rows of one block: rows of them, its
// accesses' pointers at the block's first row.
func (m *chainMatmul) rowsOf(l *fnLowering, ptrs []value.Value, rows value.Value) error {
	return m.rowsProduct(l, ptrs[m.a], m.packed, ptrs[2], m.g.acc[2].coef[m.i], rows, m.packA, m.tile)
}

// advanceOutside is advancePtrs of iv steps along loop d for the
// accesses outside the block buffers (block, by pointer), which a block
// indexes from its first row.
func (l *fnLowering) advanceOutside(acc []*operandAccess, ptrs []value.Value, d int, iv value.Value, block map[value.Value]bool, tag string) []value.Value {
	moved := l.advancePtrs(acc, ptrs, d, iv, tag)
	for i, a := range acc {
		if block[a.buf.ptr] {
			moved[i] = ptrs[i]
		}
	}
	return moved
}

// chainBlock is the rows of a chain's block: blockBytes of rows of
// rowSize elements of elemSize bytes, rounded down to a multiple of the
// micro-kernel's rows mr, at least mr and at most matmulMC.
func (l *fnLowering) chainBlock(rowSize value.Value, elemSize, mr, blockBytes int64) value.Value {
	if c, ok := constInt(rowSize); ok {
		n := blockBytes / max(c*elemSize, 1) / mr * mr
		return i64c(min(max(n, mr), matmulMC))
	}
	bytes := l.smax(l.mul(rowSize, i64c(elemSize)), i64c(1))
	n := l.mul(l.cur.NewSDiv(l.cur.NewSDiv(i64c(blockBytes), bytes), i64c(mr)), i64c(mr))
	return l.smin(l.smax(n, i64c(mr)), i64c(matmulMC))
}

// headDepth is the contracting size of a chain's first matmul, op: the
// size of its b operand's dim that the reduction loop reads, or nil when
// unknown.
func (l *fnLowering) headDepth(op *ir.Operation) value.Value {
	m := matmulShape(op)
	b := l.get(op.Operand(m.b)).buf
	for r, e := range linalg.IndexingMapsView(op)[m.b].Results {
		if d, ok := e.(affine.DimExpr); ok && d.Position == m.k && b != nil {
			return b.dims[r]
		}
	}
	return nil
}

// ceilDivBy is ceil(a / b) for a >= 0 and b > 0, either of them dynamic.
func (l *fnLowering) ceilDivBy(a, b value.Value) value.Value {
	if c, ok := constInt(b); ok {
		return l.ceilDiv(a, c)
	}
	return l.cur.NewSDiv(l.add(a, l.sub(b, i64c(1))), b)
}

// tileEpilogue is a contraction chain's one member after its matmul when
// it is elementwise: it is applied to the matmul's accumulators in
// registers, tile by tile, after the last k block (microKernel), and the
// member's loops are not emitted. A full tile's accumulators are the
// member's vector body's argument (given, not loaded), its other
// operands are read at the tile's rows and columns, and its results
// stored there; an edge tile goes through the stack tile and the scalar
// body. The member computes what it computes after the matmul's store,
// on the same values: the results are the same bits.
type tileEpilogue struct {
	p *genericPlan
	// head is the member's input that is the matmul's result, k the
	// chain's shared loops (the member's loops but its last, j).
	head, k int
	// ptrs are the member's accesses at the block's first row i0; ivs
	// the member's loop indices (the batch loops' set per block).
	ptrs  []value.Value
	i0    value.Value
	ivs   []value.Value
	lanes int
}

// tilePos is where a micro-kernel's tile lies in a contraction chain's
// block of rows: its first row (from the block's first) and column, and
// whether this is the last k block.
type tilePos struct{ row, col, last value.Value }

// registerEpilogue returns the chain's epilogue (tileEpilogue) when the
// chain is its matmul and one member after it, and that member is
// elementwise over the matmul's rows and columns: its loops are the
// shared ones and one more, along the matmul's j; it reads the matmul's
// result (which nothing else reads) at the element it computes; its
// vector body's widest element is the accumulators'; and it keeps no
// values per row. Otherwise nil: the member runs row by row after the matmul.
func (l *fnLowering) registerEpilogue(g *fusedGroup, head *chainMatmul, plans []*genericPlan) *tileEpilogue {
	k := g.shared
	if g.tail != nil || len(plans) != 2 || plans[0].op != g.head {
		return nil
	}
	p := plans[1]
	if p.reduction || len(p.bounds) != k+1 || p.op.NumResults() == 0 {
		return nil
	}
	if fb := g.bodies[p.op]; fb != nil && (len(fb.load) > 0 || len(fb.store) > 0 || len(fb.skip) > 0) {
		return nil
	}
	res := g.head.Result(0)
	for _, u := range res.Users() {
		if u != p.op {
			return nil
		}
	}
	h := -1
	for x := range p.nIn {
		if p.op.Operand(x) == res {
			if h >= 0 {
				return nil
			}
			h = x
		}
	}
	// The member's widest element is the accumulators' (vectorLanes is
	// vectorBytes over it), so that its vector body can run at the
	// accumulators' lanes (4 f32 with AArch64's 16-byte tile).
	lanes := head.nr / head.nv
	if lv := l.vectorLanes(p.op, p.acc, k); h < 0 || lv*int(elemBytes(head.elem)) != vectorBytes {
		return nil
	}
	// the member reads the matmul's result at (batch, i, j) where the
	// matmul writes (batch, i, j)
	out := linalg.IndexingMapsView(g.head)[2].Results
	in := p.maps[h].Results
	if len(in) != len(out) {
		return nil
	}
	for r, e := range out {
		d, ok1 := e.(affine.DimExpr)
		dm, ok2 := in[r].(affine.DimExpr)
		if !ok1 || !ok2 {
			return nil
		}
		want := d.Position
		if d.Position == head.j {
			want = k
		} else if d.Position >= k {
			return nil
		}
		if dm.Position != want {
			return nil
		}
	}
	return &tileEpilogue{p: p, head: h, k: k, ivs: make([]value.Value, k+1), lanes: lanes}
}

// at returns the member's accesses ptrs (at a row) moved to column j.
func (e *tileEpilogue) at(l *fnLowering, ptrs []value.Value, j value.Value) []value.Value {
	next := make([]value.Value, len(ptrs))
	for i, a := range e.p.acc {
		if c, _ := constInt(a.coef[e.k]); c == 0 {
			next[i] = ptrs[i]
		} else {
			next[i] = l.elemPtr(a.buf.elem, ptrs[i], j)
		}
	}
	return next
}

// apply emits the epilogue on the accumulators accs of m's tile at pos,
// mr x nr of whose elements are c's (all of them when full); tile is the
// stack tile of edge tiles.
func (e *tileEpilogue) apply(l *fnLowering, m *matmul, accs []value.Value, pos tilePos, mr, nr, full, tile value.Value) error {
	p, k := e.p, e.k
	arg := linalg.Body(p.op).Arg(e.head)
	defer func() { l.given = nil }()
	bFull, bEdge := l.newBlock("mm.epi.full"), l.newBlock("mm.epi.edge")
	end := l.laterBlock("mm.epi.end")
	l.cur.NewCondBr(full, bFull, bEdge)
	l.cur = bFull
	for r := range m.mr {
		row := l.add(pos.row, i64c(int64(r)))
		rp := l.advancePtrs(p.acc, e.ptrs, k-1, row, "epi")
		for v := range m.nv {
			col := l.add(pos.col, i64c(int64(v*e.lanes)))
			e.ivs[k-1], e.ivs[k] = l.add(e.i0, row), col
			l.given = map[*ir.Value]value.Value{arg: accs[r*m.nv+v]}
			if err := l.vectorBody(p.op, p.acc, e.at(l, rp, col), e.ivs, k, e.lanes, constant.False); err != nil {
				return err
			}
		}
	}
	l.cur.NewBr(end)
	l.cur = bEdge
	m.storeTile(l, accs, tile, i64c(int64(m.nr)))
	err := l.loop(mr, "mm.epi.r", func(r value.Value) error {
		row := l.add(pos.row, r)
		rp := l.advancePtrs(p.acc, e.ptrs, k-1, row, "epir")
		return l.loop(nr, "mm.epi.c", func(c value.Value) error {
			col := l.add(pos.col, c)
			e.ivs[k-1], e.ivs[k] = l.add(e.i0, row), col
			x := l.loadElem(m.elem, l.elemPtr(m.elem, tile, l.add(l.mul(r, i64c(int64(m.nr))), c)))
			l.given = map[*ir.Value]value.Value{arg: x}
			return l.genericBody(p.op, p.acc, e.at(l, rp, col), e.ivs)
		})
	})
	if err != nil {
		return err
	}
	l.cur.NewBr(end)
	l.enter(end)
	return nil
}
