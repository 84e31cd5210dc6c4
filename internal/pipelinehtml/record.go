package pipelinehtml

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Recorder collects the IR after each pass for the page. Install
// AfterPass as the pass manager's hook (ir.PassManager.AfterPass), with
// the same Timing, after calling Input on the parsed module.
type Recorder struct {
	// Func, if set, restricts the page to the function of that name.
	Func string
	// Generic prints ops in the generic form (--mlir-print-op-generic).
	Generic bool
	// Timing is the pass manager's; each column's time is what its pass
	// added to it.
	Timing *ir.Timing

	columns []*column
	// last is the text of the IR as the last changed column (or the
	// input) shows it: a pass whose text is the same changed nothing.
	last     string
	lastTime map[string]time.Duration
}

// column is the IR after one pass (or the input, or the LLVM IR).
type column struct {
	// name is the pass's flag name ("input", "llvm" for the others),
	// title its class-like name.
	name, title string
	time        time.Duration
	hasTime     bool
	// changed is false for a pass that left the IR as it was; such a
	// column keeps no text.
	changed bool
	lines   []string
	// locs[i] is the location of the op on line i ("" if none).
	locs []string
	// marks[i] is ' ' (as before), '+' (added) or '~' (changed: an op
	// whose location was on a line that is gone).
	marks []byte
}

// Input records the module as parsed: the first column. It fails if
// Func names no function of mod.
func (r *Recorder) Input(mod *ir.Operation) error {
	text, ok := r.print(mod)
	if !ok {
		return fmt.Errorf("--dump-html-func: no function @%s in the input", r.Func)
	}
	c := &column{name: "input", title: "Input", changed: true}
	c.lines, c.locs = splitLocated(text)
	r.columns = append(r.columns, c)
	r.last = text
	return nil
}

// AfterPass records the IR after pass p, which ran on op (or on ops
// inside it): the whole module op belongs to is printed.
func (r *Recorder) AfterPass(p *ir.PassInfo, op *ir.Operation) {
	for op.ParentOp() != nil {
		op = op.ParentOp()
	}
	c := &column{name: p.Name, title: p.Title}
	if r.Timing != nil {
		key := p.Title + " (" + p.Name + ")"
		total := r.Timing.Duration(key)
		if r.lastTime == nil {
			r.lastTime = map[string]time.Duration{}
		}
		c.time, c.hasTime = total-r.lastTime[key], true
		r.lastTime[key] = total
	}
	text, ok := r.print(op)
	if !ok {
		text = fmt.Sprintf("// no function @%s in the IR after this pass\n", r.Func)
	}
	if text != r.last {
		c.changed = true
		c.lines, c.locs = splitLocated(text)
		r.last = text
	}
	r.columns = append(r.columns, c)
}

// SetLLVM adds the LLVM IR (--emit=llvm) as the last column.
func (r *Recorder) SetLLVM(text string) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	r.columns = append(r.columns, &column{name: "llvm", title: "LLVM IR", changed: true, lines: lines, locs: make([]string, len(lines))})
}

// print prints mod, or its function r.Func, with locations; ok is false
// when there is no such function.
func (r *Recorder) print(mod *ir.Operation) (string, bool) {
	op := mod
	if r.Func != "" {
		op = mod.LookupSymbol(r.Func)
		if op == nil {
			return "", false
		}
	}
	return ir.PrintString(op, ir.PrintOptions{Generic: r.Generic, DebugInfo: true}), true
}

// trailingLoc is the ` loc(...)` that ir.PrintOptions.DebugInfo prints
// after an op.
var trailingLoc = regexp.MustCompile(` loc\((unknown|"((?:[^"\\]|\\.)*)":(\d+):(\d+))\)$`)

// splitLocated splits text printed with locations into its lines without
// them and the location of the op on each line. An op with regions has
// its location printed after its closing brace: it is given to the line
// that opened the op too (the braces nest as a stack of lines).
func splitLocated(text string) (lines, locs []string) {
	lines = strings.Split(strings.TrimRight(text, "\n"), "\n")
	locs = make([]string, len(lines))
	var open []int // the lines that opened the regions not yet closed
	// closers are the lines that close a region (`}`, `} else {`), each
	// with the line of its op: they are the op's lines too.
	var closers [][2]int
	for i, l := range lines {
		loc := ""
		if m := trailingLoc.FindStringSubmatchIndex(l); m != nil {
			if m[4] >= 0 {
				loc = fmt.Sprintf("%s:%s:%s", l[m[4]:m[5]], l[m[6]:m[7]], l[m[8]:m[9]])
			}
			l = l[:m[0]]
			lines[i] = l
		}
		locs[i] = loc
		t := strings.TrimSpace(l)
		opener := i
		if strings.HasPrefix(t, "}") && len(open) > 0 {
			opener = open[len(open)-1]
			open = open[:len(open)-1]
			if loc != "" && locs[opener] == "" {
				locs[opener] = loc
			}
			closers = append(closers, [2]int{i, opener})
		}
		if strings.HasSuffix(t, "{") {
			open = append(open, opener)
		}
	}
	for _, c := range closers {
		if locs[c[0]] == "" {
			locs[c[0]] = locs[c[1]]
		}
	}
	return lines, locs
}

// Flatten rewrites each nested pipeline of passes on anchor ops
// (`func.func(cse,canonicalize)`) as the same passes each anchored on
// them, which runs the same (the anchor ops are isolated from one
// another) but lets the pass manager show the whole module after each
// pass rather than each anchor op after each pass. Deeper nesting is
// left as it is.
func Flatten(entries []ir.PassEntry) []ir.PassEntry {
	var out []ir.PassEntry
	for _, e := range entries {
		if e.Pass != nil || !flatPasses(e.Nested) {
			out = append(out, e)
			continue
		}
		for _, n := range e.Nested {
			out = append(out, ir.PassEntry{Pass: n.Pass, Options: n.Options, Anchor: e.Anchor})
		}
	}
	return out
}

// flatPasses reports whether entries are passes on the op itself.
func flatPasses(entries []ir.PassEntry) bool {
	for _, e := range entries {
		if e.Pass == nil || e.Anchor != "" {
			return false
		}
	}
	return true
}
