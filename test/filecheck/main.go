package filecheck

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Main runs FileCheck with command-line args (args excludes the program name, e.g.
// []string{"/path/check.mlir", "--check-prefix=FOO"}), reading the input to check from stdin
// (or from --input-file). Diagnostics go to stderr. Returns the exit status: 0 success, 1 check failure, 2 usage error.
//
// Options may be spelled with one or two dashes and take their value either
// as "--opt=value" or as the next argument. Supported options:
//
//	--check-prefix=P, --check-prefixes=P1,P2   (repeatable, comma-separated)
//	--comment-prefixes=P1,P2
//	--implicit-check-not=PATTERN               (repeatable)
//	--input-file=F                              ("-" means stdin)
//	--strict-whitespace, --match-full-lines, --ignore-case, --allow-empty,
//	--allow-unused-prefixes, --enable-var-scope, --allow-deprecated-dag-overlap
//	--dump-input=fail|never|always|help, --dump-input-filter=F, --dump-input-context=N
//	-DNAME=VALUE, -D#NAME=EXPR, -D#%x,NAME=EXPR
//	-v, -vv, --color[=...], --version            (accepted and ignored)
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o Options
	inputFile, context := "-", -1
	var checkFile string
	positional := 0
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "FileCheck: "+format+"\n", a...)
		return 2
	}
	setBool := func(dst *bool, v string, has bool) error {
		if !has {
			*dst = true
			return nil
		}
		b, err := strconv.ParseBool(v)
		*dst = b
		return err
	}
	bools := map[string]*bool{
		"strict-whitespace": &o.StrictWhitespace, "match-full-lines": &o.MatchFullLines,
		"ignore-case": &o.IgnoreCase, "allow-empty": &o.AllowEmpty,
		"allow-unused-prefixes": &o.AllowUnusedPrefixes, "enable-var-scope": &o.EnableVarScope,
		"allow-deprecated-dag-overlap": &o.AllowDeprecatedDAGOverlap,
	}
	ignoredBools := map[string]bool{"v": true, "vv": true, "color": true, "version": true}
	values := map[string]func(string) error{
		"check-prefix":   func(v string) error { o.CheckPrefixes = append(o.CheckPrefixes, strings.Split(v, ",")...); return nil },
		"check-prefixes": func(v string) error { o.CheckPrefixes = append(o.CheckPrefixes, strings.Split(v, ",")...); return nil },
		"comment-prefixes": func(v string) error {
			o.CommentPrefixes = append(o.CommentPrefixes, strings.Split(v, ",")...)
			return nil
		},
		"implicit-check-not": func(v string) error { o.ImplicitCheckNot = append(o.ImplicitCheckNot, v); return nil },
		"input-file":         func(v string) error { inputFile = v; return nil },
		// Repeated dump options keep the most informative value, like LLVM.
		"dump-input":        func(v string) error { return pickMax(&o.DumpInput, v, dumpModes) },
		"dump-input-filter": func(v string) error { return pickMax(&o.DumpInputFilter, v, dumpFilters) },
		"dump-input-context": func(v string) error {
			n, err := strconv.ParseUint(v, 10, 31)
			context = max(context, int(n))
			return err
		},
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional += len(args) - i - 1
			if checkFile == "" && i+1 < len(args) {
				checkFile = args[i+1]
			}
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if positional++; positional == 1 {
				checkFile = a
			}
			continue
		}
		if strings.HasPrefix(a, "-D") {
			def := a[2:]
			if def == "" && i+1 < len(args) {
				i++
				def = args[i]
			}
			if strings.HasPrefix(def, "=") {
				fmt.Fprintf(stderr, "Missing variable name in command-line definition '-D%s'\n", def)
				return 2
			}
			o.Defines = append(o.Defines, def)
			continue
		}
		name, val, has := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if dst, ok := bools[name]; ok {
			if setBool(dst, val, has) != nil {
				return usage("invalid boolean value '%s' for option '%s'", val, a)
			}
			continue
		}
		if ignoredBools[name] {
			continue
		}
		set, ok := values[name]
		if !ok {
			return usage("Unknown command line argument '%s'.", a)
		}
		if !has {
			if i+1 >= len(args) {
				return usage("option '%s' requires a value", a)
			}
			i++
			val = args[i]
		}
		if err := set(val); err != nil {
			return usage("for the --%s option: invalid value '%s'", name, val)
		}
	}
	if context >= 0 {
		o.DumpInputContext = context
		if context == 0 {
			o.DumpInputContext = -1
		}
	}
	if o.DumpInput == "help" {
		fmt.Fprint(stdout, dumpInputHelp)
		return 0
	}
	if positional == 0 {
		fmt.Fprintln(stderr, "<check-file> not specified")
		return 2
	}
	if positional > 1 {
		return usage("Too many positional arguments specified!")
	}
	checkText, err := os.ReadFile(checkFile)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", checkFile, errMessage(err))
		return 2
	}
	inputName := inputFile
	var input []byte
	if inputFile == "-" {
		inputName = "<stdin>"
		if stdin != nil {
			input, err = io.ReadAll(stdin)
		}
	} else {
		input, err = os.ReadFile(inputFile)
	}
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", inputName, errMessage(err))
		return 2
	}
	o.commandLine = strings.Join(append([]string{"FileCheck"}, args...), " ")
	r := Run(o, checkFile, checkText, inputName, input)
	io.WriteString(stderr, r.Diagnostics)
	return r.Status
}

var (
	dumpModes   = []string{DumpInputNever, DumpInputFail, DumpInputAlways, "help"}
	dumpFilters = []string{"error", "annotation", "annotation-full", "all"}
)

// pickMax sets *dst to v if v ranks higher in order than the current value.
func pickMax(dst *string, v string, order []string) error {
	i := slices.Index(order, v)
	if i < 0 {
		return fmt.Errorf("invalid value %q", v)
	}
	if i > slices.Index(order, *dst) {
		*dst = v
	}
	return nil
}

// errMessage renders an I/O error like LLVM's std::error_code messages.
func errMessage(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	return strings.ToUpper(msg[:1]) + msg[1:]
}

const dumpInputHelp = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Input dump: each input line is printed with its line number ("  N: text").
Below it, annotation lines are labeled "<directive>:<check-file line>"
(or "<directive>:imp<N>" for the N-th --implicit-check-not pattern), with a
"'<N>" suffix when one directive has several diagnostics. Markers:
  X~~  no match found for an expected pattern (over the search range)
  !~~  a match that is an error (excluded string, or match on wrong line)
  ?    possible intended match
Lines far from any error are elided as "." lines (see -dump-input-context
and -dump-input-filter).
`
