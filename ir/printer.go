package ir

import (
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// PrintOptions control printing.
type PrintOptions struct {
	// Generic prints every op in the generic form (--mlir-print-op-generic).
	Generic bool
	// DebugInfo prints each op's location after it, as
	// --mlir-print-debuginfo does: ` loc("file":line:col)`, or
	// ` loc(unknown)` (after the closing brace of an op with regions).
	DebugInfo bool
}

// Print writes op (normally a module) in MLIR's textual format. Output is
// deterministic: the same IR always prints to the same bytes.
func Print(w io.Writer, op *Operation, opts PrintOptions) error {
	for _, p := range PrintPieces(op, opts) {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// PrintString returns op printed as text.
func PrintString(op *Operation, opts PrintOptions) string { return string(PrintBytes(op, opts)) }

// PrintBytes returns op printed as text.
func PrintBytes(op *Operation, opts PrintOptions) []byte {
	pieces := PrintPieces(op, opts)
	if len(pieces) == 1 {
		return pieces[0]
	}
	return slices.Concat(pieces...)
}

// PrintPieces returns op printed as text, in pieces to be written one
// after the other. A large module is printed by several threads, each
// into its own buffers (see blockOps); the pieces are those buffers, so
// that a caller who writes the text out needs no copy of all of it.
func PrintPieces(op *Operation, opts PrintOptions) [][]byte {
	pr := newPrinter(opts)
	pr.names.numberTop(op, opts.Generic)
	switch {
	case pr.names.aliasRuns != nil:
		for _, c := range pr.names.aliasRuns {
			c.mergeInto(pr)
		}
	case pr.names.maps:
		pr.collectAliases(op)
	}
	size := 64*pr.names.ops + 64 // about the text of one op a line
	if pr.parallel() {
		size = printChunk // most of the text goes to the runs' buffers
	}
	pr.ap.buf = make([]byte, 0, size)
	pr.printAliases()
	pr.op(op)
	pr.ap.buf = append(pr.ap.buf, '\n')
	return append(pr.pieces, pr.ap.buf)
}

func newPrinter(opts PrintOptions) *printer {
	return &printer{opts: opts, names: newNameState(), ap: attrPrinter{aliases: map[string]string{}}}
}

type printer struct {
	opts        PrintOptions
	ap          attrPrinter
	indent      int
	names       *nameState
	aliasOrder  []string
	aliasOfMaps map[string]bool
	// opPrinters are reused by custom printers, one per nesting depth (a
	// func.func printer prints its body's ops while its own is in use).
	opPrinters []*OpPrinter
	depth      int
	// dflt is the default dialect of the ops of region dfltRegion, the
	// one being printed (the same for all its ops; see prettyName).
	dflt       string
	dfltRegion *Region
	// forked is set on the printers of the runs of a block printed in
	// parallel (see blockOps); they print their ops sequentially.
	forked bool
	// pieces is the text printed before ap.buf, when a block was printed
	// in parallel runs.
	pieces [][]byte
	// preds holds the predecessors of the blocks of the regions with many
	// blocks printed so far (see predComment).
	preds map[*Region]map[*Block][]*Block
}

// Blocks of at least parallelPrintMinOps ops, in a printing of at least
// parallelPrintMinTotal ops, are printed in parallel runs of at most
// parallelPrintRun ops (a module's functions, or a large function's ops).
const (
	parallelPrintMinOps   = 16
	parallelPrintMinTotal = 1 << 15
	parallelPrintRun      = 512
)

// printChunk is the size at which a run starts a new buffer: the runs'
// text is not copied into one buffer, and a buffer that grew past it by
// appending would have copied itself several times. (A variable so that
// tests can make runs start many buffers.)
var printChunk = 1 << 19

// parallel reports whether the printing is large enough, and the process
// allowed, to print a block's ops in parallel runs.
func (pr *printer) parallel() bool {
	return pr.names.ops >= parallelPrintMinTotal && multithreading.Load() && runtime.GOMAXPROCS(0) >= 2
}

// runStarts returns the first op of each run of run ops of b.
func runStarts(b *Block, run int) []*Operation {
	starts := make([]*Operation, 0, b.n/run+1)
	i := 0
	for o := b.first; o != nil; o = o.next {
		if i%run == 0 {
			starts = append(starts, o)
		}
		i++
	}
	return starts
}

// blockOps prints the ops of b, each on a new line. In a large printing,
// the first block met that has many ops is split into runs printed at
// the same time by forks of the printer, which share the (by then
// read-only) names and aliases; the runs are joined in order, so the
// output is the same bytes as printing them one after the other.
func (pr *printer) blockOps(b *Block) {
	if pr.forked || b.n < parallelPrintMinOps || !pr.parallel() {
		for o := b.first; o != nil; o = o.next {
			pr.newline()
			pr.op(o)
		}
		return
	}
	run := min(parallelPrintRun, max(1, b.n/(8*runtime.GOMAXPROCS(0))))
	starts := runStarts(b, run)
	chunks := make([][][]byte, len(starts))
	// A run's buffer starts at its share of the printing's estimated size
	// (PrintPieces's), up to printChunk; past printChunk, the run starts a
	// new buffer at the next op, so that few buffers grow and copy.
	size := min(printChunk+printChunk/4, 64*pr.names.ops/len(starts))
	parallelFor(len(starts), false, func(k int) {
		f := &printer{opts: pr.opts, ap: attrPrinter{buf: make([]byte, 0, size), aliases: pr.ap.aliases},
			indent: pr.indent, names: pr.names, dflt: pr.dflt, dfltRegion: pr.dfltRegion, forked: true}
		o := starts[k]
		for j := 0; j < run && o != nil; j++ {
			if len(f.ap.buf) >= printChunk {
				chunks[k] = append(chunks[k], f.ap.buf)
				f.ap.buf = make([]byte, 0, printChunk+printChunk/4)
			}
			f.newline()
			f.op(o)
			o = o.next
		}
		chunks[k] = append(chunks[k], f.ap.buf)
	})
	pr.pieces = append(pr.pieces, pr.ap.buf)
	for _, c := range chunks {
		pr.pieces = append(pr.pieces, c...)
	}
	pr.ap.buf = make([]byte, 0, 4096) // what follows the block
}

// collectAliases assigns `#map`, `#map1`, ... to the affine maps used in
// op attributes, in order of first use (a pre-order walk), as mlir-opt
// does. PrintBytes skips it when numbering found no map. In a large
// printing, the first block met with many ops is walked in parallel runs
// (as blockOps prints it), each listing its maps in first-use order, and
// the lists are merged in run order: the same names as one walk.
func (pr *printer) collectAliases(op *Operation) {
	w := &aliasWalk{split: pr.parallel()}
	w.cur = &aliasCollector{}
	w.segments = []*aliasCollector{w.cur}
	w.walk(op)
	for _, c := range w.segments {
		c.mergeInto(pr)
	}
}

// aliasWalk is a pre-order walk collecting affine maps into segments, in
// order: cur, the last, gets what the walk meets; a block walked in
// parallel runs adds one segment per run and a new cur after them.
type aliasWalk struct {
	segments []*aliasCollector
	cur      *aliasCollector
	// split is whether the next block with many ops is walked in
	// parallel runs.
	split bool
}

// aliasCollector lists the affine map attributes met: each map's text,
// in order of first use.
type aliasCollector struct {
	texts []string
	seen  map[string]bool
}

func (w *aliasWalk) walk(op *Operation) {
	for _, e := range op.Attrs.list {
		w.cur.attr(e.Value)
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			if !w.split || b.n < parallelPrintMinOps {
				for o := b.first; o != nil; o = o.next {
					w.walk(o)
				}
				continue
			}
			w.split = false
			run := max(1, b.n/(8*runtime.GOMAXPROCS(0)))
			starts := runStarts(b, run)
			runs := make([]*aliasCollector, len(starts))
			parallelFor(len(starts), false, func(k int) {
				rw := &aliasWalk{cur: &aliasCollector{}}
				o := starts[k]
				for j := 0; j < run && o != nil; j++ {
					rw.walk(o)
					o = o.next
				}
				runs[k] = rw.cur
			})
			w.cur = &aliasCollector{}
			w.segments = append(append(w.segments, runs...), w.cur)
		}
	}
}

// attr records the affine maps in a (possibly nested) attribute.
func (c *aliasCollector) attr(a Attribute) {
	switch a := a.(type) {
	case *AffineMapAttr:
		if c.seen == nil {
			c.seen = map[string]bool{}
		}
		s := a.mapText()
		if !c.seen[s] {
			c.seen[s] = true
			c.texts = append(c.texts, s)
		}
	case *ArrayAttr:
		for _, e := range a.Elems {
			c.attr(e)
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			c.attr(e.Value)
		}
	}
}

// mergeInto names the maps of c not named yet, in order, in the
// printer's alias tables.
func (c *aliasCollector) mergeInto(pr *printer) {
	for _, s := range c.texts {
		if _, ok := pr.ap.aliases[s]; !ok {
			name := "map"
			if n := len(pr.aliasOrder); n > 0 {
				name += strconv.Itoa(n)
			}
			pr.ap.aliases[s] = name
			pr.aliasOrder = append(pr.aliasOrder, s)
		}
	}
}

func (pr *printer) printAliases() {
	for _, s := range pr.aliasOrder {
		pr.ap.buf = append(pr.ap.buf, '#')
		pr.ap.str(pr.ap.aliases[s])
		pr.ap.str(" = affine_map<")
		pr.ap.str(s)
		pr.ap.str(">\n")
	}
}

func (pr *printer) newline() {
	pr.ap.buf = append(pr.ap.buf, '\n')
	for i := 0; i < pr.indent; i++ {
		pr.ap.buf = append(pr.ap.buf, ' ', ' ')
	}
}

func (pr *printer) value(v *Value) { pr.ap.buf = pr.names.appendName(pr.ap.buf, v) }

func (pr *printer) op(op *Operation) {
	if n := op.NumResults(); n > 0 {
		pr.resultNames(op)
		pr.ap.str(" = ")
	}
	if !pr.opts.Generic && op.def != nil && op.def.Print != nil {
		if op.parent != nil && op.parent.parent == pr.dfltRegion && pr.dfltRegion != nil {
			pr.ap.str(prettyNameIn(op.Name(), pr.dflt))
		} else {
			pr.ap.str(prettyName(op))
		}
		if pr.depth == len(pr.opPrinters) {
			pr.opPrinters = append(pr.opPrinters, &OpPrinter{pr: pr})
		}
		opp := pr.opPrinters[pr.depth]
		opp.op = op
		pr.depth++
		op.def.Print(opp, op)
		pr.depth--
	} else {
		pr.genericOp(op)
	}
	if pr.opts.DebugInfo {
		pr.loc(op.Loc)
	}
}

// loc prints ` loc("file":line:col)` or ` loc(unknown)`.
func (pr *printer) loc(l Location) {
	if !l.Known() {
		pr.ap.str(" loc(unknown)")
		return
	}
	pr.ap.str(" loc(")
	pr.ap.buf = strconv.AppendQuote(pr.ap.buf, l.File)
	pr.ap.buf = append(pr.ap.buf, ':')
	pr.ap.buf = strconv.AppendInt(pr.ap.buf, int64(l.Line), 10)
	pr.ap.buf = append(pr.ap.buf, ':')
	pr.ap.buf = strconv.AppendInt(pr.ap.buf, int64(l.Col), 10)
	pr.ap.buf = append(pr.ap.buf, ')')
}

// resultNames prints `%0`, `%0:2`, or `%a, %b` for ops whose results got
// different name hints.
func (pr *printer) resultNames(op *Operation) {
	if op.NumResults() == 1 {
		pr.value(op.results[0])
		return
	}
	pr.ap.buf = pr.names.appendBase(pr.ap.buf, op.results[0])
	pr.ap.buf = append(pr.ap.buf, ':')
	pr.ap.buf = strconv.AppendInt(pr.ap.buf, int64(op.NumResults()), 10)
}

func (pr *printer) genericOp(op *Operation) {
	pr.ap.buf = appendQuoted(pr.ap.buf, op.Name())
	pr.ap.buf = append(pr.ap.buf, '(')
	for i, o := range op.operands {
		if i > 0 {
			pr.ap.str(", ")
		}
		pr.value(o.value)
	}
	pr.ap.buf = append(pr.ap.buf, ')')
	if len(op.Successors()) > 0 {
		pr.ap.buf = append(pr.ap.buf, '[')
		for i, b := range op.Successors() {
			if i > 0 {
				pr.ap.str(", ")
			}
			pr.ap.str(pr.names.blockName(b))
		}
		pr.ap.buf = append(pr.ap.buf, ']')
	}
	var props, rest []NamedAttr
	for _, e := range op.Attrs.list {
		if op.def != nil && op.def.IsInherent(e.Name) {
			props = append(props, e)
		} else {
			rest = append(rest, e)
		}
	}
	if len(props) > 0 {
		pr.ap.str(" <{")
		pr.ap.dictBody(props)
		pr.ap.str("}>")
	}
	if len(op.Regions()) > 0 {
		pr.ap.str(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				pr.ap.str(", ")
			}
			pr.region(r, true, true)
		}
		pr.ap.buf = append(pr.ap.buf, ')')
	}
	if len(rest) > 0 {
		pr.ap.str(" {")
		pr.ap.dictBody(rest)
		pr.ap.buf = append(pr.ap.buf, '}')
	}
	pr.ap.str(" : ")
	pr.functionType(op.OperandTypes(), op.ResultTypes())
}

func (pr *printer) functionType(ins, outs []Type) {
	pr.ap.buf = append(pr.ap.buf, '(')
	for i, t := range ins {
		if i > 0 {
			pr.ap.str(", ")
		}
		pr.ap.str(t.String())
	}
	pr.ap.str(") -> ")
	pr.resultTypes(outs)
}

func (pr *printer) resultTypes(outs []Type) {
	if len(outs) == 1 {
		if _, fn := outs[0].(*FunctionType); !fn {
			pr.ap.str(outs[0].String())
			return
		}
	}
	pr.ap.buf = append(pr.ap.buf, '(')
	for i, t := range outs {
		if i > 0 {
			pr.ap.str(", ")
		}
		pr.ap.str(t.String())
	}
	pr.ap.buf = append(pr.ap.buf, ')')
}

// region prints `{ ... }`. The entry block header is printed when it has
// arguments and printEntryArgs is set, when it is empty and either other
// blocks follow (or the next block would read back as the entry) or
// printEmptyBlock asks for it (an empty block stays a block).
func (pr *printer) region(r *Region, printEntryArgs, printEmptyBlock bool) {
	saveDflt, saveRegion := pr.dflt, pr.dfltRegion
	pr.dflt, pr.dfltRegion = defaultDialectOf(r.parent), r
	defer func() { pr.dflt, pr.dfltRegion = saveDflt, saveRegion }()
	pr.ap.buf = append(pr.ap.buf, '{')
	pr.indent++
	for i, b := range r.blocks {
		header := i > 0 || (printEntryArgs && len(b.args) > 0) || (b.n == 0 && (len(r.blocks) > 1 || printEmptyBlock))
		if header {
			pr.indent--
			pr.newline()
			pr.blockHeader(b)
			pr.indent++
		}
		pr.blockOps(b)
	}
	pr.indent--
	pr.newline()
	pr.ap.buf = append(pr.ap.buf, '}')
}

func (pr *printer) blockHeader(b *Block) {
	pr.ap.str(pr.names.blockName(b))
	if len(b.args) > 0 {
		pr.ap.buf = append(pr.ap.buf, '(')
		for i, a := range b.args {
			if i > 0 {
				pr.ap.str(", ")
			}
			pr.value(a)
			pr.ap.str(": ")
			pr.ap.str(a.typ.String())
		}
		pr.ap.buf = append(pr.ap.buf, ')')
	}
	pr.ap.buf = append(pr.ap.buf, ':')
	pr.predComment(b)
}

// predComment prints mlir-opt's `// pred: ^bb0` note after a block label.
func (pr *printer) predComment(b *Block) {
	if b.parent == nil {
		return
	}
	var preds []*Block
	if blocks := b.parent.blocks; len(blocks) <= 8 {
		preds = predecessors(blocks, b)
	} else {
		// Scanning the region for each block's predecessors is quadratic:
		// list them all once per region.
		all, ok := pr.preds[b.parent]
		if !ok {
			all = map[*Block][]*Block{}
			for _, x := range blocks {
				if t := x.last; t != nil {
					for _, s := range t.Successors() {
						all[s] = append(all[s], x)
					}
				}
			}
			if pr.preds == nil {
				pr.preds = map[*Region]map[*Block][]*Block{}
			}
			pr.preds[b.parent] = all
		}
		preds = all[b]
	}
	switch {
	case len(preds) == 0:
		if b != b.parent.blocks[0] {
			pr.ap.str("  // no predecessors")
		}
	case len(preds) == 1:
		// Two branches from one block are two preds, as in MLIR
		// (Block::getSinglePredecessor).
		pr.ap.str("  // pred: ")
		pr.ap.str(pr.names.blockName(preds[0]))
	default:
		pr.ap.str("  // " + strconv.Itoa(len(preds)) + " preds: ")
		for i, p := range preds {
			if i > 0 {
				pr.ap.str(", ")
			}
			pr.ap.str(pr.names.blockName(p))
		}
	}
}

// predecessors lists the blocks of blocks whose terminator branches to
// b, once per branch, in order.
func predecessors(blocks []*Block, b *Block) []*Block {
	var preds []*Block
	for _, x := range blocks {
		if t := x.last; t != nil {
			for _, s := range t.Successors() {
				if s == b {
					preds = append(preds, x)
				}
			}
		}
	}
	return preds
}

// prettyName drops the `builtin.` prefix, and the prefix of the default
// dialect of the closest enclosing op that declares one, as MLIR does.
func prettyName(op *Operation) string {
	return prettyNameIn(op.Name(), defaultDialectOf(op.ParentOp()))
}

// defaultDialectOf returns the default dialect declared by p or its
// closest ancestor that declares one, or "".
func defaultDialectOf(p *Operation) string {
	for ; p != nil; p = p.ParentOp() {
		if p.def != nil && p.def.DefaultDialect != "" {
			return p.def.DefaultDialect
		}
	}
	return ""
}

// prettyNameIn is prettyName for an op name under default dialect dflt:
// the prefix is dropped if the op's dialect (the name up to the first
// dot) is builtin or dflt.
func prettyNameIn(name, dflt string) string {
	if strings.HasPrefix(name, "builtin.") {
		return name[len("builtin."):]
	}
	if n := len(dflt); n > 0 && len(name) > n && name[n] == '.' && name[:n] == dflt && !strings.Contains(dflt, ".") {
		return name[n+1:]
	}
	return name
}
