package filecheck

import (
	"fmt"
	"math/big"
	"strings"
)

// Dump-input modes for Options.DumpInput (LLVM's --dump-input).
const (
	DumpInputFail   = "fail"   // dump the annotated input when a check fails (default)
	DumpInputNever  = "never"  // never dump the input
	DumpInputAlways = "always" // dump the input, even on success
)

// Options configures a FileCheck run. The zero value behaves like FileCheck
// invoked without options (prefix CHECK, comment prefixes COM and RUN,
// whitespace canonicalization, --dump-input=fail).
type Options struct {
	// CheckPrefixes lists the directive prefixes; empty means {"CHECK"}.
	CheckPrefixes []string
	// CommentPrefixes lists prefixes whose "PREFIX:" lines are ignored;
	// nil means {"COM", "RUN"}.
	CommentPrefixes []string
	// ImplicitCheckNot patterns are checked like CHECK-NOT between every
	// pair of matches and up to the end of the input.
	ImplicitCheckNot []string
	// Defines holds command-line variables: "NAME=VALUE" defines a string
	// variable, "#NAME=EXPR" or "#%x,NAME=EXPR" a numeric variable.
	Defines []string

	StrictWhitespace          bool // don't fold horizontal whitespace runs
	MatchFullLines            bool // positive patterns must match whole lines
	IgnoreCase                bool // case-insensitive matching
	AllowEmpty                bool // accept an empty input
	AllowUnusedPrefixes       bool // don't require every prefix to be used
	EnableVarScope            bool // CHECK-LABEL clears variables not starting with '$'
	AllowDeprecatedDAGOverlap bool // CHECK-DAG matches may overlap

	// DumpInput is DumpInputFail (the default when empty), DumpInputNever
	// or DumpInputAlways.
	DumpInput string
	// DumpInputFilter selects the input lines shown around annotations:
	// "all", "annotation-full", "annotation" or "error". Empty selects
	// "all" for DumpInputAlways and "error" otherwise.
	DumpInputFilter string
	// DumpInputContext is the number of context lines shown around the
	// filtered lines; 0 selects the default of 5, negative means none.
	DumpInputContext int

	commandLine string // echoed in the "is empty" error, set by Main
}

// Result is the outcome of Run.
type Result struct {
	// Status is the process exit status FileCheck would return: 0 on
	// success, 1 when a check fails, 2 for usage or check-file errors.
	Status int
	// Diagnostics is what FileCheck would print on stderr.
	Diagnostics string
}

// Error is returned by Check when the run does not succeed.
type Error struct {
	Status      int    // 1 for check failures, 2 for usage or check-file errors
	Diagnostics string // the full diagnostic text
}

func (e *Error) Error() string { return strings.TrimRight(e.Diagnostics, "\n") }

// Check runs FileCheck and returns nil on success or an *Error whose text is
// the diagnostics.
func Check(opts Options, checkFileName string, checkText []byte, inputName string, input []byte) error {
	r := Run(opts, checkFileName, checkText, inputName, input)
	if r.Status == 0 {
		return nil
	}
	return &Error{Status: r.Status, Diagnostics: r.Diagnostics}
}

// Run checks input against the directives in checkText. checkFileName and
// inputName are only used in diagnostics (use "<stdin>" for standard input).
func Run(opts Options, checkFileName string, checkText []byte, inputName string, input []byte) Result {
	o := &opts
	d := &diags{}
	fail := func() Result { return Result{Status: 2, Diagnostics: d.out.String()} }
	prefixes, defaultPrefix := o.CheckPrefixes, len(o.CheckPrefixes) == 0
	if defaultPrefix {
		prefixes = []string{"CHECK"}
	}
	comments := o.CommentPrefixes
	if comments == nil {
		comments = []string{"COM", "RUN"}
	}
	if !validatePrefixes(d, prefixes, comments) {
		return fail()
	}
	switch o.DumpInput {
	case "":
		o.DumpInput = DumpInputFail
	case DumpInputFail, DumpInputNever, DumpInputAlways:
	default:
		d.plain("error: invalid --dump-input value '%s' (expected fail, never or always)", o.DumpInput)
		return fail()
	}
	switch o.DumpInputFilter {
	case "":
		o.DumpInputFilter = "error"
		if o.DumpInput == DumpInputAlways {
			o.DumpInputFilter = "all"
		}
	case "all", "annotation-full", "annotation", "error":
	default:
		d.plain("error: invalid --dump-input-filter value '%s'", o.DumpInputFilter)
		return fail()
	}

	ctx := newParseCtx()
	vars := &varContext{str: map[string]string{}, num: map[string]*big.Int{}}
	for i, def := range o.Defines {
		if !define(d, ctx, vars, i, def) {
			return fail()
		}
	}
	var implicit []*pattern
	for i, s := range o.ImplicitCheckNot {
		const pre = "-implicit-check-not='"
		src := newSource("command line", pre+s+"'")
		p := &pattern{kind: kindNot, count: 1, prefix: "IMPLICIT-CHECK", src: src, loc: len(pre), impIndex: i + 1}
		if perr := parsePattern(p, s, o, ctx); perr != nil {
			d.parseErr(perr)
			return fail()
		}
		implicit = append(implicit, p)
	}
	checkSrc := newSource(checkFileName, canonicalize(checkText, o.StrictWhitespace))
	strs, used, perr := parseCheckFile(o, ctx, checkSrc, prefixes, comments, implicit)
	if perr != nil {
		d.parseErr(perr)
		return fail()
	}
	var unused []string
	for _, p := range prefixes {
		if !used[p] {
			unused = append(unused, "'"+p+":'")
		}
	}
	if (len(unused) == len(prefixes) || !o.AllowUnusedPrefixes && len(unused) > 0) && (len(implicit) == 0 || !defaultPrefix) {
		s := ""
		if len(unused) > 1 {
			s = "es"
		}
		d.plain("error: no check strings found with prefix%s %s", s, strings.Join(unused, ", "))
		return fail()
	}
	if len(input) == 0 && !o.AllowEmpty {
		d.plain("FileCheck error: '%s' is empty.", inputName)
		if o.commandLine != "" {
			d.plain("FileCheck command line:  %s", o.commandLine)
		}
		return fail()
	}

	c := &checker{opts: o, in: newSource(inputName, canonicalize(input, o.StrictWhitespace)), vars: vars, d: d}
	status := 0
	if !c.run(strs) {
		status = 1
	}
	if o.DumpInput == DumpInputAlways || o.DumpInput == DumpInputFail && status != 0 {
		context := o.DumpInputContext
		if context == 0 {
			context = 5
		}
		dumpInput(&d.out, c.in, checkFileName, d.annots, o.DumpInputFilter, max(context, 0))
	}
	return Result{Status: status, Diagnostics: d.out.String()}
}

// validatePrefixes applies LLVM's rules: prefixes are non-empty, made of
// alphanumerics, '-' and '_', and unique among check and comment prefixes.
func validatePrefixes(d *diags, prefixes, comments []string) bool {
	seen := map[string]bool{}
	for _, group := range []struct {
		kind string
		list []string
	}{{"comment", comments}, {"check", prefixes}} {
		for _, p := range group.list {
			switch {
			case p == "":
				d.plain("error: supplied %s prefix must not be the empty string", group.kind)
				return false
			case strings.TrimLeft(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != "":
				d.plain("error: supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'", group.kind, p)
				return false
			case seen[p]:
				d.plain("error: supplied %s prefix must be unique among check and comment prefixes: '%s'", group.kind, p)
				return false
			}
			seen[p] = true
		}
	}
	return true
}

// define handles one -D command-line variable definition.
func define(d *diags, ctx *parseCtx, vars *varContext, i int, def string) bool {
	pre := fmt.Sprintf("Global define #%d: ", i+1)
	src := newSource("Global defines", pre+def)
	eq := strings.IndexByte(def, '=')
	if eq < 0 {
		d.plain("Missing equal sign in command-line definition '-D%s'", def)
		return false
	}
	if !strings.HasPrefix(def, "#") {
		name, rest, msg := parseVarName(def[:eq])
		if msg == "" && rest != "" {
			msg = "invalid name in string variable definition '" + def[:eq] + "'"
		}
		if _, ok := ctx.numVars[name]; msg == "" && ok {
			msg = "numeric variable with name '" + name + "' already exists"
		}
		if msg != "" {
			d.parseErr(&parseError{src: src, off: len(pre), msg: msg, blank: true})
			return false
		}
		vars.str[name] = def[eq+1:]
		ctx.strVars[name] = true
		return true
	}
	pp := &patParser{pattern: &pattern{src: src}, ctx: ctx}
	if perr := pp.parseNumericBlock(def[1:eq]+":"+def[eq+1:], len(pre)+1); perr != nil {
		d.parseErr(blankLine(perr))
		return false
	}
	pc := pp.pieces[0]
	if pc.expr == nil {
		d.plain("Missing numeric expression in command-line definition '-D%s'", def)
		return false
	}
	v, errs := pc.expr.eval(vars, 0)
	if errs != nil {
		d.plain("%s", errs[0].msg)
		return false
	}
	vars.num[pc.name] = v
	return true
}
