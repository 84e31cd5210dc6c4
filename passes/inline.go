package passes

import (
	"fmt"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/passopt"
)

// Inline is the `inline` pass, after MLIR's SCC-based inliner. It visits
// the call graph (func.func bodies, func.call edges) bottom-up, callees
// before callers. For each strongly connected component it runs the
// default pipeline (canonicalize) on its functions, inlines the calls they
// make, and repeats while something was inlined, up to max-iterations
// times. Calls found in inlined bodies are inlined in the same round.
//
// A call is inlined when its callee is a func.func with a single-block body
// that is not recursive (not on a call-graph cycle) and does not contain
// the call. The body is cloned before the call with the block arguments
// mapped to the call operands, and the call's results are replaced by the
// operands of the cloned func.return. Private functions found unused when
// their component is visited, and private callees whose last use was
// inlined, are erased.
var Inline = &ir.PassInfo{
	Name:    "inline",
	Title:   "Inliner",
	Summary: "Inline function calls",
	Options: []ir.PassOption{
		{Name: "default-pipeline", Default: "canonicalize",
			Help: "The optimizer pipeline run on each function of a call-graph component before and after inlining into it (comma-separated passes, may be empty)"},
		{Name: "max-iterations", Default: "4",
			Help: "Maximum number of iterations when inlining within an SCC"},
	},
	Run: runInline,
}

func runInline(op *ir.Operation, opts ir.PassOptions) error {
	pipeline, err := parseSimplePipeline(opts.Get("default-pipeline", "canonicalize"))
	if err != nil {
		return err
	}
	maxIter, err := passopt.Int(opts, "max-iterations", 4)
	if err != nil {
		return err
	}
	in := &inliner{root: op, tables: symbolTables{}, nodeOf: map[*ir.Operation]*cgNode{},
		uses: map[*cgNode]int{}, dead: map[*cgNode]bool{}, pipeline: pipeline, maxIter: maxIter}
	return in.run()
}

// parseSimplePipeline parses `pass1,pass2{opt=v opt2=w}` into pass entries.
func parseSimplePipeline(s string) ([]ir.PassEntry, error) {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	var entries []ir.PassEntry
	depth, start := 0, 0
	var parts []string
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	parts = append(parts, s[start:])
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		opts := ir.PassOptions{}
		name := p
		if i := strings.IndexByte(p, '{'); i >= 0 && strings.HasSuffix(p, "}") {
			name = strings.TrimSpace(p[:i])
			for _, kv := range strings.Fields(p[i+1 : len(p)-1]) {
				k, v, _ := strings.Cut(kv, "=")
				opts[k] = v
			}
		}
		e, err := ir.NewPassEntry(name, opts)
		if err != nil {
			return nil, fmt.Errorf("invalid default-pipeline '%s': %v", s, err)
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// cgNode is a call-graph node: a function with a body.
type cgNode struct {
	fn    *ir.Operation
	edges []*cgNode // callees, in call order, without repeats
	// recursive is set for nodes on a cycle (self-calls included).
	recursive bool
	// Tarjan bookkeeping.
	index, low int
	onStack    bool
}

type inliner struct {
	root     *ir.Operation
	tables   symbolTables
	nodes    []*cgNode
	nodeOf   map[*ir.Operation]*cgNode
	uses     map[*cgNode]int // symbol references to each node in the IR
	dead     map[*cgNode]bool
	pipeline []ir.PassEntry
	maxIter  int
}

// call is a call site to consider, with the chain of callees whose
// inlining produced it (to stop unbounded expansion).
type call struct {
	op      *ir.Operation
	src     *cgNode
	history *historyEntry
}

type historyEntry struct {
	callee *cgNode
	parent *historyEntry
}

func (h *historyEntry) contains(n *cgNode) bool {
	for ; h != nil; h = h.parent {
		if h.callee == n {
			return true
		}
	}
	return false
}

func (in *inliner) run() error {
	in.buildCallGraph()
	for _, scc := range in.sccs() {
		for iter := 0; iter < in.maxIter; iter++ {
			if err := in.optimize(scc); err != nil {
				return err
			}
			if !in.inlineSCC(scc) {
				break
			}
		}
	}
	for _, n := range in.nodes {
		if in.dead[n] && n.fn.Block() != nil {
			n.fn.Erase()
		}
	}
	return nil
}

// isFunc reports whether op is a func.func with a body.
func isFunc(op *ir.Operation) bool {
	return op.Name() == "func.func" && op.NumRegions() == 1 && !op.Region(0).Empty()
}

// buildCallGraph finds the nodes, their call edges and the symbol use
// counts.
func (in *inliner) buildCallGraph() {
	in.root.Walk(func(o *ir.Operation) bool {
		if o != in.root && isFunc(o) {
			n := &cgNode{fn: o, index: -1}
			in.nodes = append(in.nodes, n)
			in.nodeOf[o] = n
		}
		return true
	})
	for _, n := range in.nodes {
		seen := map[*cgNode]bool{}
		for _, c := range in.callsIn(n.fn.Region(0)) {
			if t := in.callee(c); t != nil && !seen[t] {
				seen[t] = true
				n.edges = append(n.edges, t)
			}
		}
	}
	in.root.Walk(func(o *ir.Operation) bool {
		in.countRefs(o, 1)
		return true
	})
}

// countRefs adds delta to the use count of every node op's attributes
// reference.
func (in *inliner) countRefs(op *ir.Operation, delta int) {
	table := nearestSymbolTable(op)
	if table == nil {
		return
	}
	opSymbolRefs(op, func(ref *ir.SymbolRefAttr) {
		if n := in.nodeOf[in.tables.resolveLeaf(table, ref)]; n != nil {
			in.uses[n] += delta
		}
	})
}

// callsIn returns the func.call ops in r, not looking into nested
// functions (they are nodes of their own).
func (in *inliner) callsIn(r *ir.Region) []*ir.Operation {
	var calls []*ir.Operation
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			o.Walk(func(x *ir.Operation) bool {
				if x.Name() == "func.call" {
					calls = append(calls, x)
				}
				return x.Name() != "func.func"
			})
		}
	}
	return calls
}

// callee resolves a func.call to its node, or nil (declaration, unknown).
func (in *inliner) callee(c *ir.Operation) *cgNode {
	ref, ok := c.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	return in.nodeOf[in.tables.resolveLeaf(nearestSymbolTable(c), ref)]
}

// sccs returns the strongly connected components in post-order (callees
// first), with Tarjan's algorithm rooted at the nodes in IR order, and
// marks recursive nodes.
func (in *inliner) sccs() [][]*cgNode {
	var out [][]*cgNode
	var stack []*cgNode
	index := 0
	var connect func(n *cgNode)
	connect = func(n *cgNode) {
		n.index, n.low = index, index
		index++
		stack = append(stack, n)
		n.onStack = true
		for _, t := range n.edges {
			if t == n {
				n.recursive = true
			}
			if t.index < 0 {
				connect(t)
				n.low = min(n.low, t.low)
			} else if t.onStack {
				n.low = min(n.low, t.index)
			}
		}
		if n.low != n.index {
			return
		}
		var scc []*cgNode
		for {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			t.onStack = false
			scc = append(scc, t)
			if t == n {
				break
			}
		}
		if len(scc) > 1 {
			for _, t := range scc {
				t.recursive = true
			}
		}
		out = append(out, scc)
	}
	for _, n := range in.nodes {
		if n.index < 0 {
			connect(n)
		}
	}
	return out
}

// optimize runs the default pipeline on the live functions of scc.
func (in *inliner) optimize(scc []*cgNode) error {
	if len(in.pipeline) == 0 {
		return nil
	}
	pm := &ir.PassManager{Entries: in.pipeline}
	for _, n := range scc {
		if in.dead[n] {
			continue
		}
		if err := pm.Run(n.fn); err != nil {
			return err
		}
	}
	return nil
}

// discardable reports whether n may be erased once it has no uses.
func (in *inliner) discardable(n *cgNode) bool {
	return isDiscardable(n.fn, in.usesVisible(nearestSymbolTable(n.fn)))
}

// usesVisible reports whether all uses of the symbols of table are inside
// the IR being transformed (MLIR's walkSymbolTables rule).
func (in *inliner) usesVisible(table *ir.Operation) bool {
	if table == nil {
		return true
	}
	if table == in.root {
		return table.Block() == nil || visibility(table) == "private"
	}
	if visibility(table) == "private" {
		return true
	}
	p := table.ParentOp()
	if p == nil || !p.HasTrait(ir.SymbolTable) {
		return true
	}
	return in.usesVisible(p)
}

// inlineSCC inlines the calls made by the functions of scc, and those
// exposed by inlining; it reports whether it inlined anything.
func (in *inliner) inlineSCC(scc []*cgNode) bool {
	var calls []call
	for _, n := range scc {
		if in.dead[n] {
			continue
		}
		if in.uses[n] == 0 && in.discardable(n) {
			in.dead[n] = true
			continue
		}
		for _, c := range in.callsIn(n.fn.Region(0)) {
			calls = append(calls, call{op: c, src: n})
		}
	}
	inlined := false
	for i := 0; i < len(calls); i++ {
		c := calls[i]
		if in.dead[c.src] || c.op.Block() == nil {
			continue
		}
		t := in.callee(c.op)
		if t == nil || !in.shouldInline(c, t) {
			continue
		}
		cloned := inlineCall(c.op, t.fn)
		inlined = true
		in.uses[t]--
		h := &historyEntry{callee: t, parent: c.history}
		for _, o := range cloned {
			o.Walk(func(x *ir.Operation) bool {
				in.countRefs(x, 1)
				if x.Name() == "func.call" {
					calls = append(calls, call{op: x, src: c.src, history: h})
				}
				return true
			})
		}
		if in.uses[t] == 0 && in.discardable(t) {
			// MLIR inlines the last use of a discardable callee in place
			// and erases the callee, dropping its references.
			in.dead[t] = true
			t.fn.Walk(func(x *ir.Operation) bool {
				in.countRefs(x, -1)
				return true
			})
		}
	}
	return inlined
}

// shouldInline decides whether call c to t may be inlined.
func (in *inliner) shouldInline(c call, t *cgNode) bool {
	if t.recursive || in.dead[t] || c.history.contains(t) || t.fn.IsAncestor(c.op) {
		return false
	}
	body := t.fn.Region(0)
	if len(body.Blocks()) != 1 || len(body.Front().Args()) != c.op.NumOperands() {
		return false
	}
	ret := body.Front().Last()
	return ret != nil && ret.Name() == "func.return" && ret.NumOperands() == c.op.NumResults()
}

// inlineCall clones the single-block body of fn before call, with fn's
// arguments replaced by the call operands, replaces the call results with
// the returned values and erases the call. It returns the cloned ops.
func inlineCall(callOp, fn *ir.Operation) []*ir.Operation {
	body := fn.Region(0).Front()
	m := map[*ir.Value]*ir.Value{}
	for i, a := range body.Args() {
		m[a] = callOp.Operand(i)
	}
	b := ir.Before(callOp)
	var cloned []*ir.Operation
	ret := body.Last()
	for o := body.First(); o != ret; o = o.Next() {
		cloned = append(cloned, b.Clone(o, m))
	}
	for i, r := range callOp.Results() {
		v := ret.Operand(i)
		if mv, ok := m[v]; ok {
			v = mv
		}
		r.ReplaceAllUsesWith(v)
	}
	callOp.Erase()
	return cloned
}
