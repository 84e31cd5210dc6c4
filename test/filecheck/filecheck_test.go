package filecheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tcase is one FileCheck invocation: the check file, the input (fed on stdin
// unless args mention @INPUT@, which is replaced by the path of a file
// holding it) and the extra command-line arguments.
type tcase struct {
	name  string
	check string
	input string
	args  []string
	code  int    // expected exit status
	msg   string // substring expected in the diagnostics
	not   string // substring that must not appear in the diagnostics

	// Cross-check controls (see crosscheck_test.go).
	llvmDiffers string // intentional difference in exit status (reason)
	msgDiffers  string // same status, intentionally different wording (reason)
	minLLVM     int    // minimum LLVM major version with this behavior
}

var longInput = func() string {
	var b strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}()

var cases = []tcase{
	// CHECK
	{name: "check/pass", check: "CHECK: foo\nCHECK: bar\n", input: "foo\nbar\n"},
	{name: "check/order", check: "CHECK: bar\nCHECK: foo\n", input: "foo\nbar\n", code: 1, msg: "error: CHECK: expected string not found in input\nCHECK: foo\n       ^\n<stdin>:2:4: note: scanning from here"},
	{name: "check/substring", check: "CHECK: oo b\n", input: "foo bar\n"},
	{name: "check/same-line-continue", check: "CHECK: a\nCHECK: b\n", input: "a b\n"},
	{name: "check/no-reuse", check: "CHECK: a\nCHECK: a\n", input: "a\n", code: 1, msg: "CHECK: expected string not found"},
	{name: "check/fuzzy", check: "CHECK: x\nCHECK: hello world\n", input: "x helo world\nfoo\n", code: 1, msg: "note: possible intended match here"},
	{name: "check/comment-run", check: "// RUN: tool | FileCheck %s CHECK: zzz\n// CHECK: foo\n", input: "foo\n"},
	{name: "check/comment-com", check: "COM: CHECK: zzz\nCHECK: foo\n", input: "foo\n"},
	{name: "check/comment-prefixes", check: "CHECK: foo\nXX: CHECK: zzz\nRUN: CHECK: foo\n", input: "foo\nfoo\n", args: []string{"--comment-prefixes=XX"}},
	{name: "check/word-boundary", check: "MYCHECK: zzz\nX-CHECK: zzz\nX_CHECK: zzz\nCHECKCHECK: zzz\nCHECK-FOO: zzz\nCHECK: a\n", input: "a\n"},
	{name: "check/no-space", check: "//CHECK:a\n", input: "a\n"},
	{name: "check/leading-trailing-space", check: "CHECK:      a   \n", input: "ab\n"},
	{name: "check/eof-quirk", check: "CHECK: a\nCHECK:", input: "a\n", code: 1, msg: "CHECK:\n     ^"},

	// CHECK-NEXT
	{name: "next/pass", check: "CHECK: a\nCHECK-NEXT: b\nCHECK-NEXT: c\n", input: "a\nb\nc\n"},
	{name: "next/skipped-line", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nx\nb\n", code: 1, msg: "error: CHECK-NEXT: is not on the line after the previous match"},
	{name: "next/same-line", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a b\n", code: 1, msg: "CHECK-NEXT: is on the same line as previous match"},
	{name: "next/not-found", check: "CHECK: a\nCHECK-NEXT: z\n", input: "a\nb\n", code: 1, msg: "error: CHECK-NEXT: expected string not found in input"},
	{name: "next/first", check: "CHECK-NEXT: a\n", input: "a\n", code: 2, msg: "error: found 'CHECK-NEXT' without previous 'CHECK: line"},
	{name: "next/after-label", check: "CHECK-LABEL: f\nCHECK-NEXT: a\n", input: "f\na\n"},
	{name: "next/after-dag", check: "CHECK: start\nCHECK-DAG: x\nCHECK-NEXT: y\n", input: "start\nx\ny\n"},
	{name: "next/wrong-line-notes", check: "CHECK: a\nCHECK-NEXT: b\n", input: "a\nx\nb\n", code: 1, msg: "note: 'next' match was here\nb\n^\n<stdin>:1:2: note: previous match ended here\na\n ^\n<stdin>:2:1: note: non-matching line after previous match is here"},

	// CHECK-SAME
	{name: "same/pass", check: "CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\n", input: "a b c\n"},
	{name: "same/fail", check: "CHECK: a\nCHECK-SAME: b\n", input: "a\nb\n", code: 1, msg: "error: CHECK-SAME: is not on the same line as the previous match"},
	{name: "same/first", check: "CHECK-SAME: a\n", input: "a\n", code: 2, msg: "found 'CHECK-SAME' without previous 'CHECK: line"},
	{name: "same/anchor-quirk", check: "CHECK: a\nCHECK-SAME: {{^}}b\n", input: "ab\n"},

	// CHECK-EMPTY
	{name: "empty/pass", check: "CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", input: "a\n\nb\n"},
	{name: "empty/space-line", check: "CHECK: a\nCHECK-EMPTY:\n", input: "a\n  \nb\n", code: 1, msg: "CHECK-EMPTY: is not on the line after the previous match"},
	{name: "empty/at-eof", check: "CHECK: a\nCHECK-EMPTY:\n", input: "a\n"},
	{name: "empty/non-empty-pattern", check: "CHECK: a\nCHECK-EMPTY: x\n", input: "a\n", code: 2, msg: "found non-empty check string for empty check with prefix 'CHECK:'"},
	{name: "empty/first", check: "CHECK-EMPTY:\n", input: "a\n", code: 2, msg: "found 'CHECK-EMPTY' without previous 'CHECK: line"},

	// CHECK-NOT
	{name: "not/pass", check: "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", input: "a\nb\nx\n"},
	{name: "not/fail", check: "CHECK: a\nCHECK-NOT: x\nCHECK: b\n", input: "a\nx\nb\n", code: 1, msg: "error: CHECK-NOT: excluded string found in input\nCHECK-NOT: x\n           ^\n<stdin>:2:1: note: found here"},
	{name: "not/at-start", check: "CHECK-NOT: x\nCHECK: a\n", input: "x\na\n", code: 1, msg: "CHECK-NOT: excluded string found in input"},
	{name: "not/at-end", check: "CHECK: a\nCHECK-NOT: x\n", input: "a\nx\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "not/at-end-before", check: "CHECK: a\nCHECK-NOT: x\n", input: "x\na\n"},
	{name: "not/range", check: "CHECK: a\nCHECK-NOT: xyz\n", input: "a\nxyz\n", code: 1, msg: "note: found here\nxyz\n^~~"},
	{name: "not/all-reported", check: "CHECK-NOT: x\nCHECK-NOT: y\nCHECK: a\n", input: "x y a\n", code: 1, msg: "CHECK-NOT: y\n           ^"},
	{name: "not/only", check: "CHECK-NOT: x\n", input: "a\n"},
	{name: "not/empty-pattern", check: "CHECK: a\nCHECK-NOT:   \n", input: "a\n", code: 2, msg: "found empty check string with prefix 'CHECK:'"},
	{name: "not/bad-combo", check: "CHECK: a\nCHECK-NOT-NEXT: a\n", input: "a\n", code: 2, msg: "unsupported -NOT combo on prefix 'CHECK'"},

	// CHECK-DAG
	{name: "dag/any-order", check: "CHECK-DAG: b\nCHECK-DAG: a\nCHECK: c\n", input: "a\nb\nc\n"},
	{name: "dag/missing", check: "CHECK-DAG: b\nCHECK-DAG: x\nCHECK: c\n", input: "a\nb\nc\n", code: 1, msg: "error: CHECK-DAG: expected string not found in input"},
	{name: "dag/no-overlap", check: "CHECK-DAG: a\nCHECK-DAG: a\n", input: "a\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "dag/two-matches", check: "CHECK-DAG: a\nCHECK-DAG: a\n", input: "a a\n"},
	{name: "dag/overlap-substring", check: "CHECK-DAG: ab\nCHECK-DAG: b\n", input: "ab\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "dag/overlap-allowed", check: "CHECK-DAG: ab\nCHECK-DAG: b\n", input: "ab\n", args: []string{"--allow-deprecated-dag-overlap"}},
	{name: "dag/after-positive", check: "CHECK: c\nCHECK-DAG: a\n", input: "a\nc\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "dag/before-positive", check: "CHECK-DAG: a\nCHECK: c\n", input: "c\na\n", code: 1, msg: "error: CHECK: expected string not found"},
	{name: "dag/not-after-group", check: "CHECK-DAG: x\nCHECK-DAG: y\nCHECK-NOT: z\nCHECK: end\n", input: "y\nx\nz\nend\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "dag/not-before-group-end", check: "CHECK-DAG: x\nCHECK-DAG: y\nCHECK-NOT: z\nCHECK: end\n", input: "z\ny\nx\nend\n"},
	{name: "dag/not-before-group-ok", check: "CHECK: start\nCHECK-NOT: z\nCHECK-DAG: x\nCHECK-DAG: y\nCHECK: end\n", input: "start\ny\nz\nx\nend\n"},
	{name: "dag/not-before-group-fail", check: "CHECK: start\nCHECK-NOT: z\nCHECK-DAG: x\nCHECK-DAG: y\nCHECK: end\n", input: "start\nz\ny\nx\nend\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "dag/groups-ordered", check: "CHECK-DAG: a\nCHECK-NOT: n\nCHECK-DAG: b\n", input: "b\na\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "dag/groups-pass", check: "CHECK-DAG: a\nCHECK-NOT: n\nCHECK-DAG: b\n", input: "a\nb\nn\n"},
	{name: "dag/groups-not-between", check: "CHECK-DAG: a\nCHECK-NOT: n\nCHECK-DAG: b\n", input: "a\nn\nb\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "dag/at-eof", check: "CHECK: a\nCHECK-DAG: b\n", input: "b\na\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "dag/vars", check: "CHECK-DAG: [[A:%[0-9]+]] = x\nCHECK-DAG: [[B:%[0-9]+]] = y\nCHECK: add [[A]], [[B]]\n", input: "%2 = y\n%1 = x\nadd %1, %2\n"},

	// CHECK-LABEL
	{name: "label/pass", check: "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", input: "f1\na\nf2\nb\n"},
	{name: "label/no-crossing", check: "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", input: "f1\nf2\na\nb\n", code: 1, msg: "error: CHECK: expected string not found"},
	{name: "label/both-blocks-fail", check: "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", input: "f1\nb\nf2\na\n", code: 1, msg: "CHECK: b\n       ^\n<stdin>:3:3: note: scanning from here"},
	{name: "label/missing", check: "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f3\n", input: "f1\na\nf2\n", code: 1, msg: "error: CHECK-LABEL: expected string not found in input"},
	{name: "label/with-var", check: "CHECK: a\nCHECK-LABEL: [[X:a]]\n", input: "a\n", code: 2, msg: "found 'CHECK-LABEL:' with variable definition or use"},
	{name: "label/dag-in-block", check: "CHECK-LABEL: f1\nCHECK-DAG: x\nCHECK-LABEL: f2\nCHECK-DAG: y\n", input: "f1\ny\nf2\nx\n", code: 1, msg: "CHECK-DAG: expected string not found"},
	{name: "label/not-before-label", check: "CHECK: a\nCHECK-NOT: bad\nCHECK-LABEL: f\nCHECK: b\n", input: "a\nbad\nf\nb\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "label/var-scope", check: "CHECK: [[X:a]]\nCHECK-LABEL: b\nCHECK: [[X]]\n", input: "a\nb\na\n", args: []string{"--enable-var-scope"}, code: 1, msg: "error: undefined variable: X"},
	{name: "label/var-no-scope", check: "CHECK: [[X:a]]\nCHECK-LABEL: b\nCHECK: [[X]]\n", input: "a\nb\na\n"},
	{name: "label/var-global", check: "CHECK: [[$X:a]]\nCHECK-LABEL: b\nCHECK: [[$X]]\n", input: "a\nb\na\n", args: []string{"--enable-var-scope"}},

	// CHECK-COUNT and {LITERAL}
	{name: "count/pass", check: "CHECK-COUNT-3: b\n", input: "b\nb b\n"},
	{name: "count/fail", check: "CHECK-COUNT-3: b\n", input: "b\nb\n", code: 1, msg: "error: CHECK-COUNT: expected string not found in input (3 out of 3)"},
	{name: "count/then-next", check: "CHECK: a\nCHECK-COUNT-2: b\nCHECK-NEXT: c\n", input: "a\nb\nb\nc\n"},
	{name: "count/then-next-fail", check: "CHECK: a\nCHECK-COUNT-2: b\nCHECK-NEXT: c\n", input: "a\nb\nb\nx\nc\n", code: 1, msg: "CHECK-NEXT: is not on the line after"},
	{name: "count/zero", check: "CHECK-COUNT-0: b\n", input: "b\n", code: 2, msg: "invalid count in -COUNT specification on prefix 'CHECK'"},
	{name: "literal/pass", check: "CHECK{LITERAL}: [[x]] {{y}}\n", input: "[[x]] {{y}}\n"},
	{name: "literal/fail", check: "CHECK: a\nCHECK-NEXT{LITERAL}: {{y}}\n", input: "a\ny\n", code: 1, msg: "CHECK-NEXT{LITERAL}: expected string not found"},
	{name: "misspelled", check: "CHECK: a\nCHECK_NEXT: a\n", input: "a\n", code: 2, msg: "misspelled directive 'CHECK_NEXT:'", minLLVM: 19},

	// Prefixes
	{name: "prefix/none-found", check: "foo\n", input: "foo\n", code: 2, msg: "error: no check strings found with prefix 'CHECK:'"},
	{name: "prefix/custom", check: "FOO: a\nFOO-NEXT: b\nCHECK: zzz\n", input: "a\nb\n", args: []string{"--check-prefix=FOO"}},
	{name: "prefix/space-form", check: "FOO: a\n", input: "a\n", args: []string{"--check-prefix", "FOO"}},
	{name: "prefix/single-dash", check: "FOO: a\n", input: "a\n", args: []string{"-check-prefix=FOO"}},
	{name: "prefix/multiple", check: "A: a\nB: b\nA-NEXT: c\n", input: "a b\nc\n", args: []string{"--check-prefixes=A,B"}},
	{name: "prefix/repeated-option", check: "A: a\nB: b\n", input: "a\nb\n", args: []string{"--check-prefix=A", "--check-prefix", "B"}},
	{name: "prefix/unused", check: "A: a\n", input: "a\n", args: []string{"--check-prefixes=A,B,C"}, code: 2, msg: "error: no check strings found with prefixes 'B:', 'C:'"},
	{name: "prefix/allow-unused", check: "A: a\n", input: "a\n", args: []string{"--check-prefixes=A,B", "--allow-unused-prefixes"}},
	{name: "prefix/longest", check: "AB: b\nA: a\n", input: "a\nb\n", args: []string{"--check-prefixes=A,AB"}, code: 1, msg: "error: A: expected string not found"},
	{name: "prefix/invalid", check: "A: a\n", input: "a\n", args: []string{"--check-prefix=A.B"}, code: 2, msg: "supplied check prefix must start with a letter"},
	{name: "prefix/duplicate", check: "A: a\n", input: "a\n", args: []string{"--check-prefixes=A,A"}, code: 2, msg: "must be unique among check and comment prefixes: 'A'"},
	{name: "prefix/comment-clash", check: "COM: a\n", input: "a\n", args: []string{"--check-prefix=COM"}, code: 2, msg: "error: supplied check prefix must be unique among check and comment prefixes: 'COM'"},
	{name: "prefix/empty", check: "A: a\n", input: "a\n", args: []string{"--check-prefixes=A,"}, code: 2, msg: "must not be the empty string"},

	// --implicit-check-not
	{name: "implicit/pass", check: "CHECK: one\nCHECK: two\n", input: "one\ntwo\nok\n", args: []string{"--implicit-check-not=bad"}},
	{name: "implicit/between", check: "CHECK: one\nCHECK: two\n", input: "one\nbad\ntwo\n", args: []string{"--implicit-check-not=bad"}, code: 1, msg: "command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input\n-implicit-check-not='bad'\n                     ^"},
	{name: "implicit/before-first", check: "CHECK: one\n", input: "bad\none\n", args: []string{"--implicit-check-not=bad"}, code: 1, msg: "excluded string found in input"},
	{name: "implicit/after-last", check: "CHECK: one\n", input: "one\nbad\n", args: []string{"--implicit-check-not=bad"}, code: 1, msg: "excluded string found in input"},
	{name: "implicit/regex-and-multiple", check: "CHECK: a\n", input: "a\nbaaad\n", args: []string{"--implicit-check-not=x", "--implicit-check-not={{ba+d}}"}, code: 1, msg: "not:imp2"},
	{name: "implicit/default-prefix-unused", check: "no directives\n", input: "foo\n", args: []string{"--implicit-check-not=bar"}},
	{name: "implicit/default-prefix-found", check: "no directives\n", input: "bar\n", args: []string{"--implicit-check-not=bar"}, code: 1, msg: "excluded string found"},
	{name: "implicit/explicit-prefix-unused", check: "no directives\n", input: "foo\n", args: []string{"--implicit-check-not=bar", "--check-prefix=CHECK"}, code: 2, msg: "no check strings found"},
	{name: "implicit/labels", check: "CHECK-LABEL: f1\nCHECK: a\nCHECK-LABEL: f2\nCHECK: b\n", input: "f1\na\nbad\nf2\nb\n", args: []string{"--implicit-check-not=bad"}, code: 1, msg: "excluded string found"},

	// String variables
	{name: "var/pass", check: "CHECK: x=[[X:[0-9]+]]\nCHECK: y=[[X]]\n", input: "x=42\ny=42\n"},
	{name: "var/mismatch", check: "CHECK: x=[[X:[0-9]+]]\nCHECK: y=[[X]]\n", input: "x=42\ny=43\n", code: 1, msg: "note: with \"X\" equal to \"42\""},
	{name: "var/quoted", check: "CHECK: [[V:a.b]]\nCHECK: [[V]]\n", input: "a.b\naxb\n", code: 1, msg: "with \"V\" equal to \"a\\\\.b\""},
	{name: "var/undefined", check: "CHECK: [[Y]]\n", input: "a\n", code: 1, msg: "error: undefined variable: Y"},
	{name: "var/redefine", check: "CHECK: [[X:a.]]\nCHECK: [[X:b.]]\nCHECK: [[X]]\n", input: "ab\nbc\nbc\n"},
	{name: "var/in-not", check: "CHECK: [[X:a.]]\nCHECK-NOT: [[X]]\nCHECK: end\n", input: "ab\nab\nend\n", code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "var/mlir-style", check: "CHECK: %[[V:.*]] = foo\nCHECK-NEXT: bar %[[V]]\n", input: "%0 = foo\nbar %0\n"},
	{name: "var/nested-brackets", check: "CHECK: [[X:[a-z]+]]\nCHECK: [[X]]\n", input: "abc\nabc\n"},
	{name: "var/triple-bracket", check: "CHECK: [[[X:a]]]\n", input: "[a]\n"},
	{name: "var/invalid-name", check: "CHECK: [[1X:a]]\n", input: "a\n", code: 2, msg: "error: invalid variable name"},
	{name: "var/invalid-use", check: "CHECK: [[X-]]\n", input: "a\n", code: 2, msg: "invalid name in string variable use"},
	{name: "var/unterminated", check: "CHECK: [[X:a\n", input: "a\n", code: 2, msg: "Invalid substitution block, no ]] found"},
	{name: "var/same-line", check: "CHECK: [[X:f]] [[X]]\n", input: "f f\n", code: 2, msg: "defined earlier in the same directive", llvmDiffers: "Go regexp has no back-references"},
	{name: "var/define-flag", check: "CHECK: [[X]] [[#N+1]]\n", input: "hi 6\n", args: []string{"-DX=hi", "-D#N=5"}},
	{name: "var/define-missing-eq", check: "CHECK: [[X]]\n", input: "a\n", args: []string{"-DX"}, code: 2, msg: "Missing equal sign in command-line definition '-DX'"},

	// Numeric variables
	{name: "num/pass", check: "CHECK: [[#X:]]\nCHECK: [[#X+1]]\n", input: "5\n6\n"},
	{name: "num/fail", check: "CHECK: [[#X:]]\nCHECK: [[#X+1]]\n", input: "5\n7\n", code: 1, msg: "note: with \"X+1\" equal to \"6\""},
	{name: "num/hex", check: "CHECK: [[#%x,X:]]\nCHECK: [[#X+1]]\n", input: "ff\n100\n"},
	{name: "num/format-change", check: "CHECK: [[#%X,X:]]\nCHECK: [[#%d,X+1]]\n", input: "FF\n256\n"},
	{name: "num/precision", check: "CHECK: [[#%.4x,X:]]\nCHECK: [[#X+1]]\n", input: "00ff\n0100\n"},
	{name: "num/precision-fail", check: "CHECK: [[#%.4x,X:]]\nCHECK-NEXT: [[#X+1]]\n", input: "00ff\n100\n", code: 1, msg: "with \"X+1\" equal to \"0100\""},
	{name: "num/alt-hex", check: "CHECK: [[#%#x,X:]]\nCHECK: [[#X+1]]\n", input: "0xff\n0x100\n"},
	{name: "num/functions", check: "CHECK: [[#add(1,2)]] [[#max(3,7)-(1+1)]] [[#0x10]]\n", input: "3 5 16\n"},
	{name: "num/def-with-expr", check: "CHECK: [[#X:]]\nCHECK: [[#X:X+1]]\nCHECK: [[#X+1]]\n", input: "5\n6\n7\n"},
	{name: "num/anonymous", check: "CHECK: a[[#]]b\n", input: "ab\na5b\n"},
	{name: "num/line", check: "CHECK: [[#@LINE]] a\nCHECK: [[@LINE]] b\nCHECK: [[@LINE+1]] c\n", input: "1 a\n2 b\n4 c\n"},
	{name: "num/line-fail", check: "CHECK: [[#@LINE+1]] b\n", input: "1 b\n", code: 1, msg: "with \"@LINE+1\" equal to \"2\""},
	{name: "num/same-line", check: "CHECK: [[#X:]] [[#X]]\n", input: "1 1\n", code: 2, msg: "numeric variable 'X' defined earlier in the same CHECK directive"},
	{name: "num/overflow", check: "CHECK: [[#X:]]\nCHECK: [[#X-10]]\n", input: "5\n-5\n", code: 1, msg: "unable to substitute variable or numeric expression: overflow error"},
	{name: "num/signed", check: "CHECK: [[#%d,X:]]\nCHECK: [[#X-10]]\n", input: "5\n-5\n"},
	{name: "num/undefined", check: "CHECK: [[#X]]\n", input: "5\n", code: 1, msg: "error: undefined variable: X"},
	{name: "num/string-namespace", check: "CHECK: [[#X:]]\nCHECK: [[X]]\n", input: "5\n5\n", code: 1, msg: "undefined variable: X"},
	{name: "num/bad-op", check: "CHECK: [[#X:]]\nCHECK: [[#X==5]]\n", input: "5\n5\n", code: 2, msg: "unsupported operation '='"},
	{name: "num/bad-format", check: "CHECK: [[#%y,X:]]\n", input: "5\n", code: 2, msg: "invalid format specifier in expression"},
	{name: "num/bad-function", check: "CHECK: [[#foo(1,2)]]\n", input: "3\n", code: 2, msg: "call to undefined function 'foo'"},
	{name: "num/define-hex", check: "CHECK: [[#N+1]]\n", input: "100\n", args: []string{"-D#%x,N=0xff"}},

	// Regular expressions
	{name: "regex/class", check: "CHECK: x{{[0-9]+}}y\n", input: "x123y\n"},
	{name: "regex/class-fail", check: "CHECK: x{{[0-9]+}}y\n", input: "xay\n", code: 1, msg: "expected string not found"},
	{name: "regex/alternation-grouped", check: "CHECK: a{{x|y}}b\n", input: "ayb\n"},
	{name: "regex/dollar", check: "CHECK: a{{$}}\n", input: "ab\na\n"},
	{name: "regex/dot-no-newline", check: "CHECK: a{{.*}}z\n", input: "a\nz\n", code: 1, msg: "expected string not found"},
	{name: "regex/negated-no-newline", check: "CHECK: a{{[^x]*}}z\n", input: "a\nz\n", code: 1, msg: "expected string not found"},
	{name: "regex/space-class-newline", check: "CHECK: a{{[[:space:]]*}}z\n", input: "a\n z\n"},
	{name: "regex/leftmost-longest", check: "CHECK: x[[X:a|ab]]\nCHECK-NEXT: {{^}}[[X]]{{$}}\n", input: "xab\nab\n"},
	{name: "regex/escaped-letter", check: "CHECK: {{a\\nb}}\n", input: "anb\n"},
	{name: "regex/bracket-backslash", check: "CHECK: {{[\\.]}}\n", input: "\\\n"},
	{name: "regex/escaped-brackets", check: "CHECK: {{\\[}}x{{\\]}}\n", input: "[x]\n"},
	{name: "regex/invalid", check: "CHECK: {{a(}}\n", input: "a\n", code: 2, msg: "error: invalid regex", msgDiffers: "Go regexp error wording"},
	{name: "regex/empty", check: "CHECK: {{}}\n", input: "a\n", code: 2, msg: "invalid regex: empty (sub)expression"},
	{name: "regex/unterminated", check: "CHECK: {{a\n", input: "a\n", code: 2, msg: "found start of regex string with no end '}}'"},
	{name: "regex/backref", check: "CHECK: {{(a)\\1}}\n", input: "aa\n", code: 2, msg: "back-references are not supported", llvmDiffers: "Go regexp has no back-references"},

	// Whitespace, line endings, case
	{name: "ws/canonical-input", check: "CHECK: a b\n", input: "a \t  b\n"},
	{name: "ws/canonical-pattern", check: "CHECK: a    b\n", input: "a\tb\n"},
	{name: "ws/strict-fail", check: "CHECK: a b\n", input: "a  b\n", args: []string{"--strict-whitespace"}, code: 1, msg: "expected string not found"},
	{name: "ws/strict-tab", check: "CHECK: a\tb\nCHECK-NEXT: zz\n", input: "x\ta\tb\nq\tzz\n", args: []string{"--strict-whitespace"}},
	{name: "ws/strict-tab-diag", check: "CHECK:\ta\tb\nCHECK-NEXT:\tzz\tq\n", input: "x\ta\tb\tc\nq\tzz q\n", args: []string{"--strict-whitespace"}, code: 1, msg: "CHECK-NEXT: expected string not found in input\nCHECK-NEXT:     zz      q\n                ^\n<stdin>:1:6: note: scanning from here\nx       a       b       c\n                 ^^^^^^^\n"},
	{name: "ws/crlf", check: "CHECK: a\r\nCHECK-NEXT: b\r\n", input: "a\r\nb\r\n"},
	{name: "full/fail", check: "CHECK: a b\n", input: "xx a b\n", args: []string{"--match-full-lines"}, code: 1, msg: "expected string not found"},
	{name: "full/pass-spaces", check: "CHECK: a b\n", input: "  a b  \n", args: []string{"--match-full-lines"}},
	{name: "full/strict", check: "CHECK: a b\n", input: "  a b  \n", args: []string{"--match-full-lines", "--strict-whitespace"}, code: 1, msg: "expected string not found"},
	{name: "full/not-unaffected", check: "CHECK-NOT: a\nCHECK: b\n", input: "xa\nb\n", args: []string{"--match-full-lines"}, code: 1, msg: "CHECK-NOT: excluded string found"},
	{name: "case/ignore", check: "CHECK: HeLLo {{W.R}}ld\n", input: "hello world\n", args: []string{"--ignore-case"}},
	{name: "case/sensitive", check: "CHECK: HeLLo\n", input: "hello\n", code: 1, msg: "expected string not found"},

	// Input handling and dump
	{name: "input/empty", check: "CHECK: a\n", input: "", code: 2, msg: "FileCheck error: '<stdin>' is empty."},
	{name: "input/allow-empty-not", check: "CHECK-NOT: a\n", input: "", args: []string{"--allow-empty"}},
	{name: "input/allow-empty-check", check: "CHECK: a\n", input: "", args: []string{"--allow-empty"}, code: 1, msg: "expected string not found"},
	{name: "input/file", check: "CHECK: a\nCHECK: b\n", input: "a\nc\n", args: []string{"--input-file=@INPUT@"}, code: 1, msg: "input.txt:1:2: note: scanning from here"},
	{name: "input/file-space-form", check: "CHECK: a\n", input: "a\n", args: []string{"--input-file", "@INPUT@"}},
	{name: "dump/default-fail", check: "CHECK: a\nCHECK: z\n", input: "a\nb\n", code: 1, msg: "Input was:\n<<<<<<\n         1: a \ncheck:2      X error: no match found\n         2: b \ncheck:2     ~~\n>>>>>>\n"},
	{name: "dump/never", check: "CHECK: z\n", input: "a\n", args: []string{"--dump-input=never"}, code: 1, msg: "expected string not found", not: "Input was:"},
	{name: "dump/always", check: "CHECK: a\n", input: "a\n", args: []string{"--dump-input=always"}, msg: "Input was:\n<<<<<<\n   1: a \n>>>>>>"},
	{name: "dump/elide", check: "CHECK: line 3\nCHECK: line 15\nCHECK-NOT: line\nCHECK: line 25\n", input: longInput, code: 1, msg: "       .\n       .\n       .\n      11: line 11 \n"},
	{name: "dump/wrong-line", check: "CHECK: foo\nCHECK-NEXT: baz\n", input: "foo\nbar\n baz\nend\n", code: 1, msg: "        3:  baz \nnext:2      !~~  error: match on wrong line\n"},
	{name: "dump/context", check: "CHECK: line 3\nCHECK: line 15\nCHECK-NOT: line\nCHECK: line 25\n", input: longInput, args: []string{"--dump-input-context=1"}, code: 1, msg: "      15: line 15 \n      16: line 16 \nnot:3     !~~~     error: no match expected\n      17: line 17 \n       .\n"},

	{name: "dump/repeated-options", check: "CHECK: a\n", input: "a\n", args: []string{"--dump-input=always", "--dump-input=never", "--dump-input-filter=error", "--dump-input-filter=all"}, msg: "Input was:\n<<<<<<\n   1: a \n>>>>>>"},
	{name: "dump/cr-columns", check: "CHECK: x\nCHECK-NEXT: y\n", input: "x\n\r\ry\n", code: 1, msg: "<stdin>:2:1: note: 'next' match was here\ny\n^"},
	{name: "input/missing-file", check: "CHECK: a\n", input: "a\n", args: []string{"--input-file=/nonexistent/in.txt"}, code: 2, msg: "Could not open input file '/nonexistent/in.txt': No such file or directory"},
	{name: "define/missing-name", check: "CHECK: a\n", input: "a\n", args: []string{"-D=x"}, code: 2, msg: "Missing variable name in command-line definition '-D=x'"},

	// Usage errors (LLVM's option parser exits with 1 for these)
	{name: "usage/unknown", check: "CHECK: a\n", input: "a\n", args: []string{"--bogus"}, code: 2, msg: "Unknown command line argument '--bogus'", llvmDiffers: "LLVM exits 1 on option errors"},
	{name: "usage/dump-value", check: "CHECK: a\n", input: "a\n", args: []string{"--dump-input=bogus"}, code: 2, msg: "for the --dump-input option: invalid value 'bogus'", llvmDiffers: "LLVM exits 1 on option errors"},
	{name: "usage/extra-positional", check: "CHECK: a\n", input: "a\n", args: []string{"extra"}, code: 2, msg: "Too many positional arguments", llvmDiffers: "LLVM exits 1 on option errors"},
}

// runCase writes the check (and input) files and runs Main on them.
func runCase(t *testing.T, c tcase) (int, string, []string) {
	t.Helper()
	dir := t.TempDir()
	checkPath := filepath.Join(dir, "check.txt")
	inputPath := filepath.Join(dir, "input.txt")
	if err := os.WriteFile(checkPath, []byte(c.check), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(inputPath, []byte(c.input), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{checkPath}
	for _, a := range c.args {
		args = append(args, strings.ReplaceAll(a, "@INPUT@", inputPath))
	}
	var stdout, stderr bytes.Buffer
	code := Main(args, strings.NewReader(c.input), &stdout, &stderr)
	return code, stderr.String(), args
}

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name] {
			t.Fatalf("duplicate case name %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			code, diag, _ := runCase(t, c)
			if code != c.code {
				t.Errorf("exit code = %d, want %d\ndiagnostics:\n%s", code, c.code, diag)
			}
			if c.code == 0 && c.msg == "" && diag != "" {
				t.Errorf("unexpected diagnostics on success:\n%s", diag)
			}
			if !strings.Contains(diag, c.msg) {
				t.Errorf("diagnostics do not contain %q:\n%s", c.msg, diag)
			}
			if c.not != "" && strings.Contains(diag, c.not) {
				t.Errorf("diagnostics unexpectedly contain %q:\n%s", c.not, diag)
			}
		})
	}
}

func TestCheckAPI(t *testing.T) {
	check := []byte("// MY: foo\n// MY-NEXT: bar\n")
	opts := Options{CheckPrefixes: []string{"MY"}, DumpInput: DumpInputNever}
	if err := Check(opts, "t.mlir", check, "<stdin>", []byte("foo\nbar\n")); err != nil {
		t.Fatalf("Check failed: %v", err)
	}
	err := Check(opts, "t.mlir", check, "out.txt", []byte("foo\nbaz\nbar\n"))
	fcErr, ok := err.(*Error)
	if !ok || fcErr.Status != 1 {
		t.Fatalf("got %v (%T), want *Error with status 1", err, err)
	}
	want := "t.mlir:2:13: error: MY-NEXT: is not on the line after the previous match\n// MY-NEXT: bar\n            ^\n"
	if !strings.HasPrefix(fcErr.Error(), want) {
		t.Errorf("error text:\n%s\nwant prefix:\n%s", fcErr.Error(), want)
	}
	if strings.Contains(fcErr.Error(), "Input was:") {
		t.Errorf("DumpInputNever still dumped the input")
	}
	r := Run(Options{}, "c.txt", []byte("no directives\n"), "<stdin>", []byte("x\n"))
	if r.Status != 2 || !strings.Contains(r.Diagnostics, "no check strings found") {
		t.Errorf("Run = %+v, want status 2 and 'no check strings found'", r)
	}
	r = Run(Options{DumpInput: DumpInputAlways, ImplicitCheckNot: []string{"bad"}}, "c.txt", []byte("CHECK: a\n"), "<stdin>", []byte("a\n"))
	if r.Status != 0 || !strings.Contains(r.Diagnostics, "Input was:") {
		t.Errorf("Run with DumpInputAlways = %+v", r)
	}
}

func TestMainUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(nil, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), "<check-file> not specified") {
		t.Errorf("Main() = %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := Main([]string{"/nonexistent/check.txt"}, strings.NewReader("a"), &out, &errb); code != 2 || !strings.Contains(errb.String(), "Could not open check file") {
		t.Errorf("Main(missing) = %d, %q", code, errb.String())
	}
	out.Reset()
	if code := Main([]string{"--dump-input=help"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "Input dump") {
		t.Errorf("Main(--dump-input=help) = %d, %q", code, out.String())
	}
}
