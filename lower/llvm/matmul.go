package llvm

import (
	"strconv"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file lowers contractions shaped like a matmul, on f32 and f64, to
// blocked code: cache tiling, the operands packed into contiguous panels,
// and a register-blocked micro-kernel of fused multiply-adds.
//
// A reduction generic is a matmul when it has two inputs a and b and one
// output c of one float type, one reduction loop k, a body
// c + a*b (mulf of the two inputs, addf with the output, in either
// operand order), a fill as its init, projected-permutation maps, and two
// parallel loops i and j such that the output is contiguous along j (its
// pointer steps by one element), b reads j and a does not, a reads i and
// b does not, and both read k. Every other parallel loop is a batch loop,
// outermost, its pointers advanced as in any nest; a transposed operand
// is read through its strides when it is packed, never copied otherwise.
//
// The code is the GotoBLAS/BLIS structure: for each block of nc columns
// of j, and each block of kc steps of k, b's kc x nc block is packed into
// panels of nr columns (row by row, zero-padded to nr); for each block of
// mc rows of i, a's mc x kc block into panels of mr rows (column by
// column, zero-padded); then every mr x nr tile of c is one call of the
// micro-kernel (its shape per target: matmulTile): mr rows of nv vector
// accumulators (64-byte vectors, the package's vector width, <16 x
// float> and <8 x double>, on x86-64; NEON's 16-byte ones on AArch64),
// each step of k nv vector loads of b's panel, a's mr elements of the
// panel (loaded one by one and broadcast, or on AArch64 loaded as
// vectors and broadcast by lane), and mr*nv llvm.fma. The accumulators
// start as the fill (the first k block) or as c's tile (the later ones),
// and are stored to c at the end of the block; a tile cut by the edges of
// c (mr or nr short) goes through a tile on the stack. The panels are one buffer of
// mc*kc + kc*nc elements (each no larger than the operands need),
// malloc'ed once per call of the kernel (per generic) and freed on return
// (doc.go, C ABI).
//
// Each element of c is then still summed in k's order, from the fill,
// but each step is one fused multiply-add (one rounding) instead of a
// product and a sum rounded apart: the result differs from the
// interpreter's by at most K*u*sum_k |a_k*b_k| (u = 2^-24 for f32, 2^-53
// for f64), the bound contraction_native_test.go holds it to.

// The blocking: the micro-kernel's tile is m.mr rows by m.nv vectors of
// columns (matmulTile), and the cache blocks are matmulKC steps of k,
// matmulMC rows of i (a's packed block, mc*kc elements, stays in the
// second-level cache; a multiple of every m.mr) and matmulNC columns of j
// (b's, in the last-level cache).
const (
	matmulKC = 256
	matmulMC = 96
	matmulNC = 2048
)

// matmulTile is the micro-kernel's tile on target t: rows, vectors per
// row and the vectors' bytes, and how a's elements reach the FMAs.
//
//   - x86-64 with AVX-512's 32 vector registers: 12 rows of two 64-byte
//     vectors (12 x 32 f32), 24 accumulators, enough independent fused
//     multiply-adds to keep two FMA units busy through their latency, and
//     two registers for b's vectors; a's elements are broadcast from
//     memory by the FMAs (vfmadd231ps's {1to16} operand).
//   - AArch64 (NEON's 32 128-bit registers): 12 rows of two 16-byte
//     vectors (12 x 8 f32, 12 x 4 f64), 24 accumulators, two registers of
//     b and a's 12 elements loaded as vectors (three for f32, six for
//     f64, each live only for its rows' FMAs), each FMA taking its element
//     by lane (fmla v.4s, v.4s, v.s[i]): per step of k 24 fmla and 3 (f32)
//     or 4 (f64) loads of q registers (ldp), where the 64-byte tile of the
//     other targets broadcasts each of a's elements with a load of its own
//     (ld1r or ldr s, 6 of them for 24 fmla).
//   - x86-64 without AVX-512 (16 registers): 6 rows of one 64-byte vector
//     (two AVX2 registers), 12 accumulators, a's elements broadcast.
//
// The rows are the same for every element type (a fused chain's blocks
// are multiples of them, fuse_matmul.go), and divide matmulMC.
func matmulTile(t Target) kernelTile {
	switch {
	case t.hasAVX512():
		return kernelTile{mr: 12, nv: 2, vecBytes: vectorBytes}
	case t.Arch() == "aarch64":
		return kernelTile{mr: 12, nv: 2, vecBytes: 16, laneA: true}
	}
	return kernelTile{mr: 6, nv: 1, vecBytes: vectorBytes}
}

// kernelTile is a micro-kernel's shape (matmulTile): mr rows of nv
// vectors of vecBytes bytes; with laneA, a's mr elements of a step of k
// are loaded as vectors and each FMA takes its element by lane (a packed
// panel only), else each element is loaded and broadcast.
type kernelTile struct {
	mr, nv, vecBytes int
	laneA            bool
}

// hasAVX512 reports whether t's functions may use AVX-512's 64-byte
// registers: an x86-64 target whose features enable avx512f, or whose CPU
// has AVX-512 (avx512CPUs, but for the generic ones) and whose features
// do not disable it.
func (t Target) hasAVX512() bool {
	if t.Arch() != "x86_64" {
		return false
	}
	for _, f := range splitFeatures(t.Features) {
		switch f {
		case "+avx512f":
			return true
		case "-avx512f":
			return false
		}
	}
	return avx512CPU(t.CPU) && t.CPU != "x86-64" && t.CPU != "generic"
}

// matmul is a reduction generic recognized as a matmul (see the top of
// the file).
type matmul struct {
	g *genericPlan
	// i, j and k are the loop dims; a and b the inputs (0 and 1, in some
	// order), a reading i and b reading j.
	i, j, k int
	a, b    int
	batch   []int
	elem    ir.Type
	fill    value.Value
	// mr and nr are the micro-kernel's tile in elements: mr rows of nv
	// vectors, nr elements (matmulTile); laneA is the tile's.
	mr, nv, nr int
	laneA      bool
	// epi, when set, is the elementwise epilogue a contraction chain
	// applies to the accumulators of the last k block (fuse_matmul.go).
	epi *tileEpilogue
}

// matmulOf returns g as a matmul, or nil when it is not one.
func (l *fnLowering) matmulOf(g *genericPlan) *matmul {
	m := matmulShape(g.op)
	// The init must be a fill, and the output stored and contiguous (not
	// a strided view), so that it is contiguous along j.
	if m == nil || len(g.inits) != 1 || !g.inits[0].hasFill || g.inits[0].fill == nil ||
		g.acc[2].buf.ptr == nil || g.acc[2].buf.strides != nil {
		return nil
	}
	m.g, m.fill = g, g.inits[0].fill
	m.setTile(l.e.target)
	return m
}

// isMatmul reports whether generic op has a matmul's shape (matmulShape):
// such a generic is no member of a fused group (fuse.go), whose loop over
// rows would read all of b for each row of c.
func isMatmul(op *ir.Operation) bool { return matmulShape(op) != nil }

// matmulShape returns op's loops and operands as a matmul's, without the
// plan (g, fill), or nil when op does not have the shape of one: the
// conditions at the top of the file that the op alone decides.
func matmulShape(op *ir.Operation) *matmul {
	if op.Def() != linalg.Generic || linalg.NumInputs(op) != 2 || op.NumOperands() != 3 {
		return nil
	}
	body := linalg.Body(op)
	if !mulAddBody(body) {
		return nil
	}
	elem := body.Arg(2).Type()
	if (elem != ir.F32T && elem != ir.F64T) || body.Arg(0).Type() != elem || body.Arg(1).Type() != elem {
		return nil
	}
	maps := linalg.IndexingMapsView(op)
	if len(maps) != 3 {
		return nil
	}
	nLoops := maps[0].NumDims
	uses := make([][]bool, 3) // uses[operand][dim]
	for x := range 3 {
		if maps[x].NumDims != nLoops {
			return nil
		}
		uses[x] = make([]bool, nLoops)
		for _, r := range maps[x].Results {
			coefs, c, ok := linearForm(r, nLoops)
			if !ok {
				return nil
			}
			nz := -1
			for d, k := range coefs {
				if k != 0 {
					if nz >= 0 || k != 1 {
						return nil
					}
					nz = d
				}
			}
			if nz < 0 || c != 0 || uses[x][nz] {
				return nil
			}
			uses[x][nz] = true
		}
	}
	m := &matmul{i: -1, j: -1, k: -1, elem: elem}
	for d, it := range linalg.IteratorTypesView(op) {
		if it == linalg.Reduction {
			if m.k >= 0 || !uses[0][d] || !uses[1][d] || uses[2][d] {
				return nil
			}
			m.k = d
		} else if it != linalg.Parallel || !uses[2][d] {
			return nil
		}
	}
	// j: the output's last dim, read by exactly one input (b).
	outRes := maps[2].Results
	if m.k < 0 || len(outRes) < 2 {
		return nil
	}
	dimOf := func(r int) int {
		coefs, _, _ := linearForm(outRes[r], nLoops)
		for d, k := range coefs {
			if k != 0 {
				return d
			}
		}
		return -1
	}
	m.j = dimOf(len(outRes) - 1)
	switch {
	case uses[1][m.j] && !uses[0][m.j]:
		m.a, m.b = 0, 1
	case uses[0][m.j] && !uses[1][m.j]:
		m.a, m.b = 1, 0
	default:
		return nil
	}
	for r := len(outRes) - 2; r >= 0 && m.i < 0; r-- {
		if d := dimOf(r); uses[m.a][d] && !uses[m.b][d] {
			m.i = d
		}
	}
	if m.i < 0 {
		return nil
	}
	for d := range nLoops {
		if d != m.i && d != m.j && d != m.k {
			m.batch = append(m.batch, d)
		}
	}
	return m
}

// setTile gives m the micro-kernel's tile for target t (matmulTile).
func (m *matmul) setTile(t Target) {
	k := matmulTile(t)
	m.mr, m.nv, m.laneA = k.mr, k.nv, k.laneA
	m.nr = m.nv * k.vecBytes / int(elemBytes(m.elem))
}

// mulAddBody says whether body yields out + in0*in1 (addf and mulf in
// either operand order, each result used once).
func mulAddBody(body *ir.Block) bool {
	ops := body.Ops()
	if len(ops) != 3 || len(body.Args()) != 3 {
		return false
	}
	mul, add, yield := ops[0], ops[1], ops[2]
	if mul.Def() != arith.MulF || add.Def() != arith.AddF || yield.Def() != linalg.Yield || yield.NumOperands() != 1 || yield.Operand(0) != add.Result(0) {
		return false
	}
	in0, in1, out := body.Arg(0), body.Arg(1), body.Arg(2)
	if !(mul.Operand(0) == in0 && mul.Operand(1) == in1 || mul.Operand(0) == in1 && mul.Operand(1) == in0) {
		return false
	}
	p := mul.Result(0)
	return (add.Operand(0) == out && add.Operand(1) == p || add.Operand(0) == p && add.Operand(1) == out) && p.HasOneUse()
}

// emit writes the matmul's loops: the batch loops, then the blocked
// product for each batch element.
func (m *matmul) emit(l *fnLowering) error {
	g := m.g
	nLoops := len(g.bounds)
	for x, a := range g.acc {
		l.setCoefs(a, g.maps[x], nLoops)
	}
	ptrs := make([]value.Value, 3)
	for x, a := range g.acc {
		ptrs[x] = l.elemPtr(a.buf.elem, a.buf.ptr, a.base)
	}
	if l.parallel() {
		return m.emitParallel(l, ptrs)
	}
	sc := m.scratch(l)
	return m.batchNest(l, 0, ptrs, i64c(0), g.bounds[m.j], sc)
}

// matmulScratch is the buffers one thread of a matmul works in: the
// packing buffer (a's part, then b's) and the tile of an edge.
type matmulScratch struct {
	packA, packB, tile value.Value
}

// scratch allocates the matmul's buffers.
func (m *matmul) scratch(l *fnLowering) matmulScratch {
	g := m.g
	// The packing buffer: mc*kc elements for a, kc*nc for b, each block
	// no larger than the operands rounded up to whole panels (a small
	// matmul allocates little).
	mcMax := l.smin(l.roundUp(g.bounds[m.i], int64(m.mr)), i64c(matmulMC))
	kcMax := l.smin(l.smax(g.bounds[m.k], i64c(1)), i64c(matmulKC))
	ncMax := l.smin(l.roundUp(g.bounds[m.j], int64(m.nr)), i64c(matmulNC))
	aSize := l.mul(mcMax, kcMax)
	pack := l.alloc(m.elem, []value.Value{l.add(aSize, l.mul(kcMax, ncMax))})
	tile := l.entry.NewAlloca(lltypes.NewArray(uint64(m.mr*m.nr), mustMemType(m.elem)))
	tile.Align = llir.Align(vectorBytes)
	l.name(tile, "mm.tile")
	tilePtr := l.cur.NewBitCast(tile, lltypes.NewPointer(mustMemType(m.elem)))
	return matmulScratch{packA: pack, packB: l.elemPtr(m.elem, pack, aSize), tile: tilePtr}
}

// batchNest emits the batch loops from batch[b] on around the product of
// columns [j0, j1) of each batch element.
func (m *matmul) batchNest(l *fnLowering, b int, ptrs []value.Value, j0, j1 value.Value, sc matmulScratch) error {
	if b == len(m.batch) {
		return m.product(l, ptrs, j0, j1, sc)
	}
	d := m.batch[b]
	return l.loop(m.g.bounds[d], "mm.b"+strconv.Itoa(d), func(iv value.Value) error {
		return m.batchNest(l, b+1, l.advancePtrs(m.g.acc, ptrs, d, iv, "b"+strconv.Itoa(d)), j0, j1, sc)
	})
}

// emitParallel is emit in a kernel's parallel form: the outermost batch
// loop, or without batch dims the panels of nr columns of the output,
// split across threads, each chunk with its own packing buffer and tile
// (the panels in one chunk per thread: each chunk packs all of a).
// Every output element is computed by the same steps as on one thread.
func (m *matmul) emitParallel(l *fnLowering, ptrs []value.Value) error {
	g := m.g
	work := l.numElements(g.bounds)
	N := g.bounds[m.j]
	if len(m.batch) == 0 {
		panels := l.ceilDiv(N, int64(m.nr))
		return l.outline(panels, work, 1, "mm.jp", func(begin, end, _ value.Value) error {
			sc := m.scratch(l)
			j0 := l.mul(begin, i64c(int64(m.nr)))
			j1 := l.smin(l.mul(end, i64c(int64(m.nr))), N)
			return m.product(l, ptrs, j0, j1, sc)
		})
	}
	d := m.batch[0]
	return l.outline(g.bounds[d], work, parallelGrain, "mm.b"+strconv.Itoa(d), func(begin, end, _ value.Value) error {
		sc := m.scratch(l)
		_, err := l.loopFrom(begin, end, 1, "mm.b"+strconv.Itoa(d), func(iv value.Value) error {
			return m.batchNest(l, 1, l.advancePtrs(g.acc, ptrs, d, iv, "b"+strconv.Itoa(d)), i64c(0), N, sc)
		})
		return err
	})
}

// product emits the blocked product of one batch element, its output
// columns [j0, j1): a, b and c point at its (0, 0) elements; sc holds the
// packing buffer's parts and the tile.
func (m *matmul) product(l *fnLowering, ptrs []value.Value, j0, j1 value.Value, sc matmulScratch) error {
	g := m.g
	M, K := g.bounds[m.i], g.bounds[m.k]
	packA, packB, tile := sc.packA, sc.packB, sc.tile
	aP, bP, cP := ptrs[m.a], ptrs[m.b], ptrs[2]
	sAi, sAk := g.acc[m.a].coef[m.i], g.acc[m.a].coef[m.k]
	sBk, sBj := g.acc[m.b].coef[m.k], g.acc[m.b].coef[m.j]
	sCi := g.acc[2].coef[m.i]
	nr := int64(m.nr)
	// At least one k block, so that K = 0 stores the fill.
	nkb := l.smax(l.ceilDiv(K, matmulKC), i64c(1))
	_, err := l.loopFrom(j0, j1, matmulNC, "mm.jc", func(jc value.Value) error {
		nc := l.smin(i64c(matmulNC), l.sub(j1, jc))
		return l.loop(nkb, "mm.kb", func(kb value.Value) error {
			pc := l.mul(kb, i64c(matmulKC))
			kc := l.smin(i64c(matmulKC), l.sub(K, pc))
			first := l.eq(kb, i64c(0))
			// b's block: panels of nr columns, row by row.
			bBlock := l.elemPtr(m.elem, l.elemPtr(m.elem, bP, l.mul(pc, sBk)), l.mul(jc, sBj))
			if err := m.pack(l, packB, bBlock, nc, kc, nr, sBj, sBk, "mm.pb"); err != nil {
				return err
			}
			_, err := l.loopFrom(i64c(0), M, matmulMC, "mm.ic", func(ic value.Value) error {
				mc := l.smin(i64c(matmulMC), l.sub(M, ic))
				aBlock := l.elemPtr(m.elem, l.elemPtr(m.elem, aP, l.mul(ic, sAi)), l.mul(pc, sAk))
				if err := m.pack(l, packA, aBlock, mc, kc, int64(m.mr), sAi, sAk, "mm.pa"); err != nil {
					return err
				}
				_, err := l.loopFrom(i64c(0), nc, nr, "mm.jr", func(jr value.Value) error {
					_, err := l.loopFrom(i64c(0), mc, int64(m.mr), "mm.ir", func(ir value.Value) error {
						c := l.elemPtr(m.elem, cP, l.add(l.mul(l.add(ic, ir), sCi), l.add(jc, jr)))
						ap := aPanel{ptr: l.elemPtr(m.elem, packA, l.mul(ir, kc)), packed: true}
						bp := l.elemPtr(m.elem, packB, l.mul(jr, kc))
						return m.microKernel(l, ap, bp, c, sCi, l.smin(i64c(int64(m.mr)), l.sub(mc, ir)), l.smin(i64c(nr), l.sub(nc, jr)), kc, first, tile, tilePos{})
					})
					return err
				})
				return err
			})
			return err
		})
	})
	return err
}

// pack copies an operand's block of rows x kc elements (element (r, p)
// at src + r*sR + p*sP) into panels of w rows: panel q holds rows q*w ..
// q*w+w-1, step p of k at dst + (q*kc + p)*w, rows past the block zero.
//
// An operand contiguous along k (sP = 1, a transposed b such as
// attention's keys) is read a vector along k from each of a panel's rows
// and transposed in registers (transposeBlock) for the full panels:
// element by element, LLVM vectorizes the k loop with scatters. Each load
// of a row prefetches the next panel's row at the same step: read across
// the rows a vector at a time, a panel is an order the hardware's
// prefetchers do not follow (perf on W9: the keys' packing went from 3.7%
// to 1.8% of the kernel's samples).
func (m *matmul) pack(l *fnLowering, dst, src, rows, kc value.Value, w int64, sR, sP value.Value, name string) error {
	zero := zeroOf(m.elem)
	lanes := int64(m.nr / m.nv)
	unitK := false
	if c, ok := constInt(sP); ok && c == 1 && w%lanes == 0 {
		if c, ok := constInt(sR); !ok || c != 1 {
			unitK = true
		}
	}
	return l.loop(l.ceilDiv(rows, w), name, func(q value.Value) error {
		r0 := l.mul(q, i64c(w))
		full := l.cmp(enum.IPredSLE, l.add(r0, i64c(w)), rows)
		panel := l.elemPtr(m.elem, dst, l.mul(l.mul(q, kc), i64c(w)))
		row0 := l.elemPtr(m.elem, src, l.mul(r0, sR))
		step := func(p value.Value) error {
			s := l.elemPtr(m.elem, row0, l.mul(p, sP))
			d := l.elemPtr(m.elem, panel, l.mul(p, i64c(w)))
			for r := range w {
				// Rows past the block are zero: guarded loads, which LLVM
				// turns into selects of loads it may speculate only when
				// full; the branch keeps them safe.
				var x value.Value
				if r == 0 {
					x = l.loadElem(m.elem, s)
				} else {
					x = m.guardedLoad(l, l.or(full, l.cmp(enum.IPredSLT, l.add(r0, i64c(r)), rows)), l.elemPtr(m.elem, s, l.mul(i64c(r), sR)), zero)
				}
				l.storeElem(m.elem, x, l.elemPtr(m.elem, d, i64c(r)))
			}
			return nil
		}
		if !unitK {
			return l.loop(kc, name+".k", step)
		}
		// full panels: blocks of lanes steps transposed, then the rest
		// step by step; a partial panel step by step
		vt := lltypes.NewVector(uint64(lanes), mustMemType(m.elem))
		vptr := lltypes.NewPointer(vt)
		align := llir.Align(elemBytes(m.elem))
		blocks := l.sel(full, l.mul(l.cur.NewSDiv(kc, i64c(lanes)), i64c(lanes)), i64c(0))
		p, err := l.loopFrom(i64c(0), blocks, lanes, name+".t", func(p value.Value) error {
			for b := range w / lanes {
				in := make([]value.Value, lanes)
				for t := range lanes {
					r := b*lanes + t
					ld := l.cur.NewLoad(vt, l.cur.NewBitCast(l.elemPtr(m.elem, row0, l.add(l.mul(i64c(r), sR), p)), vptr))
					ld.Align = align
					in[t] = ld
					// the next panel's row r at step p, into the
					// first-level cache: a panel's rows are read a
					// vector at a time across them, an order the
					// hardware's prefetchers do not follow
					next := l.cur.NewGetElementPtr(mustMemType(m.elem), row0, l.add(l.mul(i64c(r+w), sR), p))
					l.cur.NewCall(l.e.prefetch(), l.cur.NewBitCast(next, i8Ptr), constant.NewInt(i32, 0), constant.NewInt(i32, 3), constant.NewInt(i32, 1))
				}
				for t, v := range transposeBlock(l, in) {
					st := l.cur.NewStore(v, l.cur.NewBitCast(l.elemPtr(m.elem, panel, l.add(l.mul(l.add(p, i64c(int64(t))), i64c(w)), i64c(b*lanes))), vptr))
					st.Align = align
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		_, err = l.loopFrom(p, kc, 1, name+".k", func(p value.Value) error { return step(p) })
		return err
	})
}

// transposeBlock returns the columns of the square block whose rows are
// the vectors in (as many as their lanes): log2(n) stages of two-vector
// shuffles, stage h exchanging bit h of the row and column indices.
func transposeBlock(l *fnLowering, in []value.Value) []value.Value {
	n := len(in)
	v := append([]value.Value(nil), in...)
	mask := func(f func(c int) int) constant.Constant {
		idx := make([]constant.Constant, n)
		for c := range n {
			idx[c] = constant.NewInt(i32, int64(f(c)))
		}
		return constant.NewVector(lltypes.NewVector(uint64(n), i32), idx...)
	}
	for h := n / 2; h >= 1; h /= 2 {
		lo := mask(func(c int) int {
			if c&h == 0 {
				return c
			}
			return n + c - h
		})
		hi := mask(func(c int) int {
			if c&h == 0 {
				return c + h
			}
			return n + c
		})
		next := make([]value.Value, n)
		for i := range n {
			if i&h != 0 {
				continue
			}
			next[i] = l.cur.NewShuffleVector(v[i], v[i+h], lo)
			next[i+h] = l.cur.NewShuffleVector(v[i], v[i+h], hi)
		}
		v = next
	}
	return v
}

// guardedLoad is the element at p when ok, else zero (p is not read).
func (m *matmul) guardedLoad(l *fnLowering, ok, p, zero value.Value) value.Value {
	pre := l.cur
	then := l.newBlock("mm.ld")
	join := l.newBlock("mm.ld.end")
	pre.NewCondBr(ok, then, join)
	l.cur = then
	x := l.loadElem(m.elem, p)
	then.NewBr(join)
	l.cur = join
	return join.NewPhi(incoming(x, then), incoming(zero, pre))
}

// aPanel is where the micro-kernel reads a's mr x kc block: a packed
// panel at ptr (kc steps of m.mr elements, rows past mr zero), or a's
// elements in place (packed false), element (r, p) at ptr + r*sI + p*sK,
// rows past mr read as row mr-1 (their results are dropped).
type aPanel struct {
	ptr, sI, sK value.Value
	packed      bool
}

// microKernel emits one tile of c: mr x nr (at most m.mr x m.nr)
// elements at c (row stride sCi), from a's block ap and the packed panel
// bp (kc steps of m.nr), starting from the fill when first, else from c.
// Its accumulators are m.mr rows of m.nv vectors. With an epilogue
// (m.epi), the last k block applies it to them instead of storing them
// (pos: where the tile is).
func (m *matmul) microKernel(l *fnLowering, ap aPanel, bp, c, sCi, mr, nr, kc, first value.Value, tile value.Value, pos tilePos) error {
	lanes := m.nr / m.nv
	vt := lltypes.NewVector(uint64(lanes), mustMemType(m.elem))
	vptr := lltypes.NewPointer(vt)
	align := llir.Align(elemBytes(m.elem))
	full := l.and(l.eq(mr, i64c(int64(m.mr))), l.eq(nr, i64c(int64(m.nr))))
	fillV := m.splat(l, m.fill, lanes)
	nAcc := m.mr * m.nv
	// vecAt is the pointer to vector v of row r of a tile at p with row
	// stride s.
	vecAt := func(p, s value.Value, r, v int) value.Value {
		q := l.elemPtr(m.elem, p, l.add(l.mul(i64c(int64(r)), s), i64c(int64(v*lanes))))
		return l.cur.NewBitCast(q, vptr)
	}
	loadTile := func(p, s value.Value) []value.Value {
		out := make([]value.Value, nAcc)
		for r := range m.mr {
			for v := range m.nv {
				ld := l.cur.NewLoad(vt, vecAt(p, s, r, v))
				ld.Align = align
				out[r*m.nv+v] = ld
			}
		}
		return out
	}
	storeTile := func(accs []value.Value, p, s value.Value) { m.storeTile(l, accs, p, s) }
	// The accumulators' start: fill, c's rows (a full tile), or the tile
	// on the stack after copying c's part of it (an edge tile).
	pre := l.cur
	bFill := l.newBlock("mm.init.fill")
	bLoad := l.newBlock("mm.init.c")
	bEdge := l.newBlock("mm.init.edge")
	bDone := l.newBlock("mm.init.end")
	bNotFirst := l.newBlock("mm.init.notfirst")
	pre.NewCondBr(first, bFill, bNotFirst)
	bFill.NewBr(bDone)
	bNotFirst.NewCondBr(full, bLoad, bEdge)
	l.cur = bLoad
	loaded := loadTile(c, sCi)
	endLoad := l.cur
	l.cur.NewBr(bDone)
	l.cur = bEdge
	if err := m.tileCopy(l, tile, c, sCi, mr, nr, false); err != nil {
		return err
	}
	edged := loadTile(tile, i64c(int64(m.nr)))
	endEdge := l.cur
	l.cur.NewBr(bDone)
	l.cur = bDone
	init := make([]value.Value, nAcc)
	for x := range nAcc {
		phi := bDone.NewPhi(incoming(fillV, bFill), incoming(loaded[x], endLoad), incoming(edged[x], endEdge))
		l.name(phi, "mm.c"+strconv.Itoa(x))
		init[x] = phi
	}
	fma := l.e.declare("llvm.fma."+vecSuffix(lanes, m.elem), vt, false, vt, vt, vt)
	var rows []value.Value // a's rows, read in place
	if !ap.packed {
		last := l.sub(mr, i64c(1))
		for r := range m.mr {
			rows = append(rows, l.elemPtr(m.elem, ap.ptr, l.mul(l.smin(i64c(int64(r)), last), ap.sI)))
		}
	}
	_, accs, err := l.loopCarried(i64c(0), kc, 1, "mm.k", init, func(p value.Value, cur []value.Value) ([]value.Value, error) {
		brow := l.elemPtr(m.elem, bp, l.mul(p, i64c(int64(m.nr))))
		bv := make([]value.Value, m.nv)
		for v := range m.nv {
			ld := l.cur.NewLoad(vt, l.cur.NewBitCast(l.elemPtr(m.elem, brow, i64c(int64(v*lanes))), vptr))
			ld.Align = align
			bv[v] = ld
		}
		var arow, ak value.Value
		var avecs []value.Value // a's step as vectors (laneA)
		if ap.packed {
			arow = l.elemPtr(m.elem, ap.ptr, l.mul(p, i64c(int64(m.mr))))
			for r := 0; m.laneA && r < m.mr; r += lanes {
				ld := l.cur.NewLoad(vt, l.cur.NewBitCast(l.elemPtr(m.elem, arow, i64c(int64(r))), vptr))
				ld.Align = align
				avecs = append(avecs, ld)
			}
		} else {
			ak = l.mul(p, ap.sK)
		}
		next := make([]value.Value, nAcc)
		for r := range m.mr {
			var av value.Value
			switch {
			case avecs != nil:
				av = laneSplat(l, avecs[r/lanes], r%lanes, lanes)
			case ap.packed:
				av = m.splat(l, l.loadElem(m.elem, l.elemPtr(m.elem, arow, i64c(int64(r)))), lanes)
			default:
				av = m.splat(l, l.loadElem(m.elem, l.elemPtr(m.elem, rows[r], ak)), lanes)
			}
			for v := range m.nv {
				next[r*m.nv+v] = l.cur.NewCall(fma, av, bv[v], cur[r*m.nv+v])
			}
		}
		return next, nil
	})
	if err != nil {
		return err
	}
	// Store: c's rows (a full tile), or the tile and its part of c; or,
	// with an epilogue, after the last k block, its results.
	sDone := l.laterBlock("mm.st.end")
	if m.epi != nil {
		bEpi, bStore := l.newBlock("mm.epi"), l.newBlock("mm.st")
		l.cur.NewCondBr(pos.last, bEpi, bStore)
		l.cur = bEpi
		if err := m.epi.apply(l, m, accs, pos, mr, nr, full, tile); err != nil {
			return err
		}
		l.cur.NewBr(sDone)
		l.cur = bStore
	}
	sFull := l.newBlock("mm.st.c")
	sEdge := l.newBlock("mm.st.edge")
	l.cur.NewCondBr(full, sFull, sEdge)
	l.cur = sFull
	storeTile(accs, c, sCi)
	l.cur.NewBr(sDone)
	l.cur = sEdge
	storeTile(accs, tile, i64c(int64(m.nr)))
	if err := m.tileCopy(l, tile, c, sCi, mr, nr, true); err != nil {
		return err
	}
	l.cur.NewBr(sDone)
	l.enter(sDone)
	return nil
}

// storeTile stores accumulators accs (m.mr rows of m.nv vectors) to the
// tile at p with row stride s.
func (m *matmul) storeTile(l *fnLowering, accs []value.Value, p, s value.Value) {
	lanes := m.nr / m.nv
	vptr := lltypes.NewPointer(lltypes.NewVector(uint64(lanes), mustMemType(m.elem)))
	for r := range m.mr {
		for v := range m.nv {
			q := l.elemPtr(m.elem, p, l.add(l.mul(i64c(int64(r)), s), i64c(int64(v*lanes))))
			st := l.cur.NewStore(accs[r*m.nv+v], l.cur.NewBitCast(q, vptr))
			st.Align = llir.Align(elemBytes(m.elem))
		}
	}
}

// tileCopy copies the mr x nr part of c into the stack tile (toC false)
// or back (toC true).
func (m *matmul) tileCopy(l *fnLowering, tile, c, sCi, mr, nr value.Value, toC bool) error {
	return l.loop(mr, "mm.t", func(r value.Value) error {
		crow := l.elemPtr(m.elem, c, l.mul(r, sCi))
		trow := l.elemPtr(m.elem, tile, l.mul(r, i64c(int64(m.nr))))
		return l.loop(nr, "mm.t.j", func(j value.Value) error {
			src, dst := l.elemPtr(m.elem, crow, j), l.elemPtr(m.elem, trow, j)
			if toC {
				src, dst = dst, src
			}
			l.storeElem(m.elem, l.loadElem(m.elem, src), dst)
			return nil
		})
	})
}

// splat broadcasts x to a vector of n lanes.
func (m *matmul) splat(l *fnLowering, x value.Value, n int) value.Value {
	saved := l.lanes
	l.lanes = n
	v := l.splat(x)
	l.lanes = saved
	return v
}

// laneSplat is lane i of the vector v of n lanes broadcast to all n
// (shufflevector with a constant mask, which AArch64 folds into an FMA's
// lane operand).
func laneSplat(l *fnLowering, v value.Value, i, n int) value.Value {
	mask := make([]constant.Constant, n)
	for x := range mask {
		mask[x] = constant.NewInt(i32, int64(i))
	}
	return l.cur.NewShuffleVector(v, constant.NewUndef(v.Type()), constant.NewVector(lltypes.NewVector(uint64(n), i32), mask...))
}

// vecSuffix is an intrinsic's overload suffix for a vector of n elem
// (v16f32, v8f64).
func vecSuffix(n int, elem ir.Type) string {
	t := "f32"
	if elem == ir.F64T {
		t = "f64"
	}
	return "v" + strconv.Itoa(n) + t
}

// smin and smax are the signed minimum and maximum of two i64 values,
// folded when both are constants.
func (l *fnLowering) smin(a, b value.Value) value.Value {
	return l.sel(l.cmp(enum.IPredSLT, a, b), a, b)
}

func (l *fnLowering) smax(a, b value.Value) value.Value {
	return l.sel(l.cmp(enum.IPredSGT, a, b), a, b)
}

// ceilDiv is ceil(a / b) for a >= 0 and a constant b > 0.
func (l *fnLowering) ceilDiv(a value.Value, b int64) value.Value {
	if c, ok := constInt(a); ok {
		return i64c((c + b - 1) / b)
	}
	return l.cur.NewSDiv(l.add(a, i64c(b-1)), i64c(b))
}

// roundUp is a rounded up to a multiple of the constant b > 0.
func (l *fnLowering) roundUp(a value.Value, b int64) value.Value {
	return l.mul(l.ceilDiv(a, b), i64c(b))
}

// packAllB packs all of b (K steps of N columns, element (p, j) at
// bP + p*sBk + j*sBj) into dst, block by block as product packs one
// block at a time: the block of columns [jc, jc+nc) and steps [pc, pc+kc)
// at dst + packedOffset(jc, pc, nc, K). dst holds packedBSize elements.
func (m *matmul) packAllB(l *fnLowering, bP, N, K, dst value.Value) error {
	sBk, sBj := m.g.acc[m.b].coef[m.k], m.g.acc[m.b].coef[m.j]
	_, err := l.loopFrom(i64c(0), N, matmulNC, "mm.jc", func(jc value.Value) error {
		nc := l.smin(i64c(matmulNC), l.sub(N, jc))
		_, err := l.loopFrom(i64c(0), K, matmulKC, "mm.kb", func(pc value.Value) error {
			kc := l.smin(i64c(matmulKC), l.sub(K, pc))
			src := l.elemPtr(m.elem, l.elemPtr(m.elem, bP, l.mul(pc, sBk)), l.mul(jc, sBj))
			return m.pack(l, l.elemPtr(m.elem, dst, m.packedOffset(l, jc, pc, nc, K)), src, nc, kc, int64(m.nr), sBj, sBk, "mm.pb")
		})
		return err
	})
	return err
}

// packedBSize is the elements of b packed whole (packAllB): K steps of
// its N columns rounded up to whole panels.
func (m *matmul) packedBSize(l *fnLowering) value.Value {
	return l.mul(l.roundUp(m.g.bounds[m.j], int64(m.nr)), m.g.bounds[m.k])
}

// packedOffset is where packAllB puts the block of columns from jc (nc of
// them) and steps from pc: the blocks of the columns before jc (NC each,
// whole panels) hold jc*K elements, and the blocks of steps before pc in
// this block of columns pc*roundUp(nc, nr).
func (m *matmul) packedOffset(l *fnLowering, jc, pc, nc, K value.Value) value.Value {
	return l.add(l.mul(jc, K), l.mul(pc, l.roundUp(nc, int64(m.nr))))
}

// rowsProduct emits the product of M rows of a (element (r, p) at a +
// r*sAi + p*sAk) and b packed whole by packAllB into packed, into the M
// rows of c (row stride sCi, contiguous along j): the loops of product
// without packing b, for a block of rows whose b a fused group packed
// once (fuse_matmul.go). a's block of each step of k is packed into
// packA, as product packs it, when packA is set; else the micro-kernel
// reads a's rows in place. Each element is summed in the same order as
// product sums it.
func (m *matmul) rowsProduct(l *fnLowering, a, packed, c, sCi, M, packA, tile value.Value) error {
	g := m.g
	N, K := g.bounds[m.j], g.bounds[m.k]
	sAi, sAk := g.acc[m.a].coef[m.i], g.acc[m.a].coef[m.k]
	nr := int64(m.nr)
	nkb := l.smax(l.ceilDiv(K, matmulKC), i64c(1))
	_, err := l.loopFrom(i64c(0), N, matmulNC, "mm.jc", func(jc value.Value) error {
		nc := l.smin(i64c(matmulNC), l.sub(N, jc))
		return l.loop(nkb, "mm.kb", func(kb value.Value) error {
			pc := l.mul(kb, i64c(matmulKC))
			kc := l.smin(i64c(matmulKC), l.sub(K, pc))
			first := l.eq(kb, i64c(0))
			blk := l.elemPtr(m.elem, packed, m.packedOffset(l, jc, pc, nc, K))
			aBlock := l.elemPtr(m.elem, a, l.mul(pc, sAk))
			if packA != nil {
				if err := m.pack(l, packA, aBlock, M, kc, int64(m.mr), sAi, sAk, "mm.pa"); err != nil {
					return err
				}
			}
			_, err := l.loopFrom(i64c(0), nc, nr, "mm.jr", func(jr value.Value) error {
				_, err := l.loopFrom(i64c(0), M, int64(m.mr), "mm.ir", func(ir value.Value) error {
					cp := l.elemPtr(m.elem, c, l.add(l.mul(ir, sCi), l.add(jc, jr)))
					ap := aPanel{ptr: l.elemPtr(m.elem, aBlock, l.mul(ir, sAi)), sI: sAi, sK: sAk}
					if packA != nil {
						ap = aPanel{ptr: l.elemPtr(m.elem, packA, l.mul(ir, kc)), packed: true}
					}
					bp := l.elemPtr(m.elem, blk, l.mul(jr, kc))
					pos := tilePos{}
					if m.epi != nil {
						pos = tilePos{row: ir, col: l.add(jc, jr), last: l.eq(kb, l.sub(nkb, i64c(1)))}
					}
					return m.microKernel(l, ap, bp, cp, sCi, l.smin(i64c(int64(m.mr)), l.sub(M, ir)), l.smin(i64c(nr), l.sub(nc, jr)), kc, first, tile, pos)
				})
				return err
			})
			return err
		})
	})
	return err
}
