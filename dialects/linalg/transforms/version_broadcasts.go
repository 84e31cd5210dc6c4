package transforms

import (
	"fmt"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/scf"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/affine"
	"github.com/bcast-opt/bcast-opt/passes/passopt"
)

// VersionBroadcasts is the `linalg-version-broadcasts` pass: it gives each
// linalg.generic that reads a broadcast with could-be-1 dims one copy per
// run-time broadcast pattern, each with static indexing maps, selected
// by a nest of scf.if on the run-time sizes. This is the multi-versioning
// of reference/broadcasting-in-frontends-and-codegen.txt, done on the
// fused kernel.
//
// A could-be-1 dim is a dynamic operand dim of hlo.dynamic_broadcast_in_dim
// that is in neither known_expanding_dimensions nor
// known_nonexpanding_dimensions (hlo.BroadcastMap): under numpy rules it
// stretches if it is 1 at run time and keeps its size otherwise, and no
// one static map reads it right in both cases. hlo-legalize-to-linalg
// leaves such a broadcast in place, unmaterialized, and lets generics read
// its result with the identity map, so that fusion sees an opaque input;
// this pass, meant to run after fusion, removes it. A broadcast is never
// copied.
//
// For a generic reading such broadcasts, the pass collects the distinct
// (broadcast operand, dim) pairs of their could-be-1 dims, k of them, and
// builds before the generic one test per pair,
//
//	%d = tensor.dim %x, %c1 : tensor<?x?xf32>
//	%p = arith.cmpi eq, %d, %c1_0 : index
//
// then a nest of k scf.if, the then branch being "the size is 1", with 2^k
// copies of the generic at its leaves. In each copy an input that came
// from a could-be-1 broadcast reads the broadcast's operand directly,
// through the broadcast's map composed with the generic's map for that
// input:
// constant 0 in a dim that is 1 in that branch (index 0 is right whenever
// the size is 1, whatever the result size) and the loop dim otherwise. The
// copies keep the generic's outs (a tensor.empty sized, by
// hlo-legalize-to-linalg, from the broadcast's shape operand), so the loop
// bounds are computed once, before the tests. Where the generic sits inside
// the shape.assuming of hlo-legalize-broadcasts, the scf.if nest does too.
// For W5, `max(X + b, 0)` with X tensor<?x?xf32> and b tensor<?xf32>, X's
// dim 1 and b's dim 0 give 4 versions; with X of shape 4096x1 at run time
// the first branch runs, which reads X through (d0, d1) -> (d0, 0).
//
// A pair whose operand is itself the result of a dynamic broadcast is
// tested on that broadcast's shape operand (tensor.extract) instead of
// tensor.dim, and the copies are visited again, so a broadcast of a
// broadcast is versioned level by level (each level within the bound
// below). Broadcasts left without uses are erased, after their tensor.dim
// users are rewritten to read the shape operand. The only other change
// is the tests' constants; generics reading no dynamic broadcast are left
// alone. A broadcast that hlo-legalize-to-linalg left because a dim was
// could-be-1 then, and that a later canonicalize proved known (its shape
// is its operand's sizes read back), has no could-be-1 dim left: its
// readers get one version, reading its operand through its static map.
//
// The number of versions is bounded by the max-versions option (8 by
// default: k <= 3). A generic that would need more gets one indexed
// version instead (version_broadcasts_indexed.go): it reads the
// broadcasts' operands with tensor.extract at run-time-selected indices,
// which is correct for every pattern and copies nothing, only slower.
// With indexed-fallback=false such a generic is an error, with a note at
// each broadcast involved: the broadcast is never copied.
//
// The pass is the last that sees hlo (version_broadcasts_legality.go). A
// could-be-1 broadcast whose value itself is used (returned: canonicalize
// erases the identity copy the lowering made) gets that copy back, which
// is versioned. Readers left of a broadcast read what it is made of
// (shape.shape_of and tensor.dim its shape operand, tensor.extract, as in
// the indexed version of a broadcast of a broadcast, its operand), with
// the broadcast's run-time check that each operand dim is 1 or the
// result's size kept as a cf.assert. Then any hlo op left is an error,
// `'hlo.X' op has no lowering to linalg`: no hlo op reaches LLVM emission.
//
// hlo.BroadcastMap is the one reading of a broadcast's dims, shared
// with hlo-legalize-to-linalg.
var VersionBroadcasts = &ir.PassInfo{
	Name:    "linalg-version-broadcasts",
	Title:   "LinalgVersionBroadcasts",
	Summary: "Version generics reading broadcasts with could-be-1 dims: one copy with static maps per run-time pattern, chosen by scf.if",
	Options: []ir.PassOption{
		{Name: "max-versions", Default: "8",
			Help: "Most versions of one generic (2^k for k could-be-1 dims)"},
		{Name: "indexed-fallback", Default: "true",
			Help: "Past max-versions, read the could-be-1 broadcasts with run-time indices (copy-free, slower) instead of failing"},
	},
	Run: runVersionBroadcasts,
}

func init() { ir.RegisterPass(VersionBroadcasts) }

func runVersionBroadcasts(root *ir.Operation, opts ir.PassOptions) error {
	maxVersions, err := passopt.Int(opts, "max-versions", 8)
	if err != nil {
		return err
	}
	if maxVersions < 1 {
		return fmt.Errorf("invalid value '%d' for option 'max-versions': expected at least 1", maxVersions)
	}
	fallback, err := passopt.Bool(opts, "indexed-fallback", true)
	if err != nil {
		return err
	}
	var work []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() == "linalg.generic" {
			work = append(work, op)
		}
		return true
	})
	checked := map[*ir.Operation]bool{}
	work = append(work, copyEscapingBroadcasts(root, checked)...)
	var broadcasts []*ir.Operation
	for len(work) > 0 {
		g := work[0]
		work = work[1:]
		vg := newVersionedGeneric(g)
		if vg == nil {
			continue
		}
		// The versions read each broadcast's operand directly: what the
		// broadcast required of its sizes is checked before them, unless
		// its shape is its operand's broadcast with others (the
		// run-time check of hlo-legalize-broadcasts covers that).
		for _, in := range vg.inputs {
			if bc := in.broadcast; !checked[bc] && !broadcastsOwnShape(bc) {
				checkBroadcast(bc)
			}
			checked[in.broadcast] = true
		}
		if !vg.withinBound(maxVersions) {
			if fallback && vg.buildIndexed() {
				for _, in := range vg.inputs {
					broadcasts = append(broadcasts, in.broadcast)
				}
				continue
			}
			return vg.boundError(maxVersions)
		}
		copies := vg.build()
		work = append(work, copies...)
		for _, in := range vg.inputs {
			broadcasts = append(broadcasts, in.broadcast)
		}
	}
	eraseDeadBroadcasts(broadcasts)
	return removeLeftoverBroadcasts(root)
}

// couldBe1Dim is one run-time bit: whether dim of value is 1.
type couldBe1Dim struct {
	value *ir.Value
	dim   int
}

// versionedInput is an input of the generic produced by a broadcast with
// could-be-1 dims; bits[i] is the index in versionedGeneric.bits of the
// broadcast's could-be-1 operand dim i (-1 for other dims).
type versionedInput struct {
	index     int
	broadcast *ir.Operation
	bits      []int
}

// versionedGeneric is a generic being versioned.
type versionedGeneric struct {
	op *ir.Operation
	// maps are the generic's indexing maps (shared: read only).
	maps   []affine.Map
	inputs []versionedInput
	bits   []couldBe1Dim
	// sizer, read through sizerMap, sizes the loops that a version would
	// leave unsized (loopSizer); nil if none would.
	sizer    *ir.Value
	sizerMap affine.Map
}

// newVersionedGeneric collects the could-be-1 dims a generic reads, or
// returns nil if it reads no dynamic broadcast. A broadcast whose dims
// became known after hlo-legalize-to-linalg left it (a later
// canonicalize proved them) has none: the generic then has one version,
// itself, reading the broadcast's operand through its static map.
func newVersionedGeneric(g *ir.Operation) *versionedGeneric {
	vg := &versionedGeneric{op: g}
	for i := range linalg.NumInputs(g) {
		def := g.Operand(i).DefiningOp()
		if def == nil || def.Name() != "hlo.dynamic_broadcast_in_dim" {
			continue
		}
		_, _, couldBe1, ok := hlo.BroadcastMap(def, nil)
		if !ok {
			continue
		}
		in := versionedInput{index: i, broadcast: def, bits: make([]int, def.Operand(0).Type().(*ir.RankedTensorType).Rank())}
		for d := range in.bits {
			in.bits[d] = -1
		}
		for _, d := range couldBe1 {
			in.bits[d] = vg.bit(couldBe1Dim{def.Operand(0), d})
		}
		vg.inputs = append(vg.inputs, in)
	}
	if len(vg.inputs) == 0 {
		return nil
	}
	// The maps are decoded last: most generics read no such broadcast.
	if vg.maps = linalg.IndexingMapsView(g); len(vg.maps) != g.NumOperands() {
		return nil
	}
	return vg
}

// bit returns the index of b among the generic's could-be-1 dims, adding
// it. Two dims whose sizes are provably one (hlo.DimExtent: the same dim
// of one value, or one size read back through a shape computation) are
// one bit: each independent size is tested once.
func (vg *versionedGeneric) bit(b couldBe1Dim) int {
	var e hlo.Extent
	for i, x := range vg.bits {
		if x == b {
			return i
		}
		if !e.Known() {
			e = hlo.DimExtent(b.value, b.dim)
		}
		if e.Same(hlo.DimExtent(x.value, x.dim)) {
			return i
		}
	}
	vg.bits = append(vg.bits, b)
	return len(vg.bits) - 1
}

// withinBound reports whether the generic needs at most maxVersions
// versions.
func (vg *versionedGeneric) withinBound(maxVersions int) bool {
	k := len(vg.bits)
	return k < 31 && 1<<k <= maxVersions
}

// boundError reports a generic that needs more than maxVersions versions,
// with a note at each broadcast that contributes a could-be-1 dim.
func (vg *versionedGeneric) boundError(maxVersions int) error {
	k := len(vg.bits)
	versions := "more than 2^30"
	if k < 31 {
		versions = fmt.Sprint(1 << k)
	}
	d := vg.op.Emit("reads %d dims that may or may not be 1 at run time, which need %s versions of it, more than max-versions=%d; a broadcast is never copied instead", k, versions, maxVersions)
	for _, in := range vg.inputs {
		var dims []string
		for d, b := range in.bits {
			if b >= 0 {
				dims = append(dims, fmt.Sprint(d))
			}
		}
		d.AddNote(in.broadcast.Loc, "operand dims [%s] of this broadcast (input #%d) may or may not be 1", strings.Join(dims, ", "), in.index)
	}
	return d
}

// build replaces the generic with the scf.if nest and returns the copies.
// The last copy is the generic itself, moved into the nest (rather than
// cloned and erased).
func (vg *versionedGeneric) build() []*ir.Operation {
	b := ir.Before(vg.op)
	consts := indexConstants(b)
	conds := make([]*ir.Value, len(vg.bits))
	for i, bit := range vg.bits {
		size := dimSize(b, consts, bit.value, bit.dim)
		conds[i] = b.CreateOp("arith.cmpi", []*ir.Value{size, consts(1)}, []ir.Type{ir.I1},
			ir.NamedAttr{Name: "predicate", Value: ir.I64Attr(0)}).Result(0) // eq
	}
	vg.sizer = vg.loopSizer(b, consts)
	var copies []*ir.Operation
	ones := make([]bool, len(vg.bits))
	leaves := 0
	var nest func(b *ir.Builder, level int) []*ir.Value
	nest = func(b *ir.Builder, level int) []*ir.Value {
		if level == len(vg.bits) {
			leaves++
			c := vg.version(b, ones, leaves == 1<<len(vg.bits))
			copies = append(copies, c)
			return c.Results()
		}
		ifOp, then, els := scf.NewIf(b, conds[level], vg.op.ResultTypes(), true)
		ones[level] = true
		scf.NewYield(then, nest(then, level+1))
		ones[level] = false
		scf.NewYield(els, nest(els, level+1))
		return ifOp.Results()
	}
	results := nest(b, 0)
	if len(vg.bits) == 0 {
		return copies // the generic, rewritten in place
	}
	// The generic's results now also feed the scf.yield after it in the
	// last version; that use stays.
	yield := vg.op.Next()
	for i, r := range vg.op.Results() {
		r.ReplaceUsesIf(results[i], func(u *ir.OpOperand) bool { return u.Owner() != yield })
	}
	return copies
}

// version makes the generic's copy at b for one run-time pattern: ones[i]
// says whether could-be-1 dim i is 1. The last copy is the generic itself,
// moved to b: the others are cloned from it, so it changes last.
func (vg *versionedGeneric) version(b *ir.Builder, ones []bool, last bool) *ir.Operation {
	var c *ir.Operation
	switch {
	case last && len(vg.bits) == 0:
		c = vg.op // one version, in place (b is just before it)
	case last:
		c = vg.op
		c.Remove()
		b.Insert(c)
	default:
		c = b.Clone(vg.op, nil)
	}
	maps := append([]affine.Map(nil), vg.maps...)
	for _, in := range vg.inputs {
		bm, _, _, _ := hlo.BroadcastMap(in.broadcast, func(d int) bool { return ones[in.bits[d]] })
		maps[in.index] = bm.Compose(maps[in.index])
		c.SetOperand(in.index, in.broadcast.Operand(0))
	}
	attrs := make([]ir.Attribute, len(maps))
	for i, m := range maps {
		attrs[i] = &ir.AffineMapAttr{Map: m}
	}
	c.SetAttr("indexing_maps", &ir.ArrayAttr{Elems: attrs})
	if vg.sizer != nil {
		c = withSizingInput(c, vg.sizer, vg.sizerMap)
		if last {
			vg.op = c // the generic, rebuilt in its last version
		}
	}
	return c
}

// loopSizer returns, when some version would leave a loop that no operand
// sizes, a tensor.empty built at b whose dims are those loops' sizes (the
// broadcasts' result sizes, from their shape operands), for every version
// to read as one more input (vg.sizerMap) that its body ignores; nil
// otherwise. This happens in a reduction: a reduction loop is sized only
// by inputs, and in the version where every input it indexes comes from
// a broadcast stretching a dim that is 1 at run time, all of them read
// index 0 there (`sum(broadcast(x, [n, 7]), 1)` with x of shape n x 1:
// seven copies of x[i, 0]). The tensor carries the loop's extent, never
// broadcast data: its elements are i8 and nothing reads them, and a version
// that does not need it drops it (linalg's DropDeadOperands).
func (vg *versionedGeneric) loopSizer(b *ir.Builder, consts func(int64) *ir.Value) *ir.Value {
	maps := append([]affine.Map(nil), vg.maps...)
	for _, in := range vg.inputs {
		bm, _, _, _ := hlo.BroadcastMap(in.broadcast, func(int) bool { return true })
		maps[in.index] = bm.Compose(maps[in.index])
	}
	return vg.sizerFor(b, consts, maps)
}

// sizerFor returns, when maps (what a rewritten generic reads and writes)
// leave loops unsized, the tensor.empty that sizes them (loopSizer), and
// sets vg.sizerMap; nil otherwise.
func (vg *versionedGeneric) sizerFor(b *ir.Builder, consts func(int64) *ir.Value, maps []affine.Map) *ir.Value {
	nLoops := len(linalg.IteratorTypesView(vg.op))
	if linalg.LoopsComputable(maps, nLoops) {
		return nil
	}
	covered := make([]bool, nLoops)
	for _, m := range maps {
		for _, e := range m.Results {
			if d, ok := e.(affine.DimExpr); ok {
				covered[d.Position] = true
			}
		}
	}
	var sizes []*ir.Value
	var results []affine.Expr
	for d, c := range covered {
		if c {
			continue
		}
		var size *ir.Value
		for _, in := range vg.inputs {
			for j, e := range vg.maps[in.index].Results {
				if de, ok := e.(affine.DimExpr); ok && de.Position == d && size == nil {
					size = dimSize(b, consts, in.broadcast.Result(0), j)
				}
			}
		}
		if size == nil {
			return nil // left for the verifier to report
		}
		sizes = append(sizes, size)
		results = append(results, affine.Dim(d))
	}
	shape := make([]int64, len(sizes))
	for i := range shape {
		shape[i] = ir.Dynamic
	}
	vg.sizerMap = affine.NewMap(nLoops, 0, results...)
	return b.CreateOp("tensor.empty", sizes, []ir.Type{ir.RankedTensor(shape, ir.I8)}).Result(0)
}

// withSizingInput rebuilds the generic g with v read through m as one more
// input, after the others, whose body argument nothing uses, and returns
// the new generic, which replaces g.
func withSizingInput(g *ir.Operation, v *ir.Value, m affine.Map) *ir.Operation {
	nIn := linalg.NumInputs(g)
	maps := linalg.IndexingMapsView(g)
	newMaps := append(append(append([]affine.Map(nil), maps[:nIn]...), m), maps[nIn:]...)
	operands := append(append(append([]*ir.Value(nil), g.Operands()[:nIn]...), v), g.Operands()[nIn:]...)
	st := &ir.OpState{Name: "linalg.generic", Loc: g.Loc, Operands: operands, ResultTypes: g.ResultTypes()}
	linalg.SetGenericAttrs(st, newMaps, linalg.IteratorTypesView(g), nIn+1, g.NumOperands()-nIn)
	for _, a := range g.Attrs.List() {
		if st.Attrs.Get(a.Name) == nil {
			st.AddAttr(a.Name, a.Value)
		}
	}
	b := ir.Before(g)
	ng := b.Create(st)
	old := linalg.Body(g)
	body := ng.AddRegion(nil).AddBlock(nil)
	for i, a := range old.Args() {
		if i == nIn {
			body.AddArg(ir.ElementTypeOf(v.Type()), g.Loc)
		}
		a.ReplaceAllUsesWith(body.AddArg(a.Type(), a.Location()))
	}
	for _, o := range old.Ops() {
		o.Remove()
		body.Append(o)
	}
	for i, r := range g.Results() {
		r.ReplaceAllUsesWith(ng.Result(i))
	}
	g.Erase()
	return ng
}

// versionedReadMap returns the map through which the version of a
// generic in which every could-be-1 dim is 1 reads what input v, read
// through m, is made of: m itself unless v is the result of a broadcast
// with could-be-1 dims, whose operand that version reads through the
// broadcast's map composed with m (a broadcast of such a broadcast, level
// by level). Fusion reads it to keep every loop sized in every version
// (unsizedLoops).
func versionedReadMap(v *ir.Value, m affine.Map) affine.Map {
	for {
		def := v.DefiningOp()
		if def == nil || def.Name() != "hlo.dynamic_broadcast_in_dim" {
			return m
		}
		bm, _, couldBe1, ok := hlo.BroadcastMap(def, func(int) bool { return true })
		if !ok || len(couldBe1) == 0 {
			return m
		}
		v, m = def.Operand(0), bm.Compose(m)
	}
}

// indexConstants returns a function giving an index constant built at b,
// one per value.
func indexConstants(b *ir.Builder) func(int64) *ir.Value {
	made := map[int64]*ir.Value{}
	return func(v int64) *ir.Value {
		if c, ok := made[v]; ok {
			return c
		}
		c := arith.NewConstant(b, ir.IntAttr(ir.Index, v)).Result(0)
		made[v] = c
		return c
	}
}

// dimSize returns the run-time size of dim d of v: tensor.dim, or the
// element of the shape operand when v is a dynamic broadcast's result (so
// the broadcast itself is not kept alive by the test).
func dimSize(b *ir.Builder, consts func(int64) *ir.Value, v *ir.Value, d int) *ir.Value {
	if def := v.DefiningOp(); def != nil && def.Name() == "hlo.dynamic_broadcast_in_dim" {
		return shapeExtent(b, consts, def.Operand(1), d)
	}
	return b.CreateOp("tensor.dim", []*ir.Value{v, consts(int64(d))}, []ir.Type{ir.Index}).Result(0)
}

// shapeExtent reads element d of a shape tensor as an index.
func shapeExtent(b *ir.Builder, consts func(int64) *ir.Value, shape *ir.Value, d int) *ir.Value {
	et := ir.ElementTypeOf(shape.Type())
	x := b.CreateOp("tensor.extract", []*ir.Value{shape, consts(int64(d))}, []ir.Type{et}).Result(0)
	if et == ir.Index {
		return x
	}
	return b.CreateOp("arith.index_cast", []*ir.Value{x}, []ir.Type{ir.Index}).Result(0)
}

// eraseDeadBroadcasts erases the versioned broadcasts that nothing reads
// any more, once their tensor.dim users (a constant dim) read the shape
// operand instead. A broadcast still read (by an op outside the versioned
// generics) stays.
func eraseDeadBroadcasts(broadcasts []*ir.Operation) {
	seen := map[*ir.Operation]bool{}
	for _, bc := range broadcasts {
		if seen[bc] || bc.Block() == nil {
			continue
		}
		seen[bc] = true
		for _, u := range bc.Result(0).Users() {
			if u.Name() != "tensor.dim" || u.Operand(0) != bc.Result(0) {
				continue
			}
			c, ok := ir.ConstantValue(u.Operand(1)).(*ir.IntegerAttr)
			if !ok {
				continue
			}
			b := ir.Before(u)
			u.Result(0).ReplaceAllUsesWith(shapeExtent(b, indexConstants(b), bc.Operand(1), int(c.Value)))
			u.Erase()
		}
		if !bc.Result(0).HasUses() {
			bc.Erase()
		}
	}
}

// broadcastsOwnShape reports whether a dynamic broadcast's shape is
// shape.broadcast of shapes among which is its operand's own, placed as
// the broadcast places the operand (its shape_of, or the aligned extents
// hlo-legalize-broadcasts builds for broadcast_dimensions), as
// hlo-legalize-broadcasts builds it after checking that the shapes
// broadcast: then the operand's dims are 1 or the result's by
// construction, and need no check of their own.
func broadcastsOwnShape(bc *ir.Operation) bool {
	s := bc.Operand(1).DefiningOp()
	x := bc.Operand(0)
	xt, ok := x.Type().(*ir.RankedTensorType)
	rt, rok := bc.Result(0).Type().(*ir.RankedTensorType)
	if s == nil || s.Name() != "shape.broadcast" || !ok || !rok {
		return false
	}
	dims := hlo.I64s(bc.Attr("broadcast_dimensions"))
	for _, v := range s.Operands() {
		vt, ok := v.Type().(*ir.RankedTensorType)
		if !ok || vt.Rank() != 1 || vt.Shape()[0] == ir.Dynamic {
			continue
		}
		off := int64(rt.Rank()) - vt.Shape()[0] // numpy: right-aligned
		own := true
		for i, d := range dims {
			if xt.Shape()[i] == 1 {
				continue
			}
			p := d - off
			if p < 0 || !hlo.ShapeElementExtent(v, int(p)).Same(hlo.DimExtent(x, i)) {
				own = false
				break
			}
		}
		if own {
			return true
		}
	}
	return false
}
