// Package filecheck is a Go implementation of LLVM's FileCheck, meant to be
// called in-process by a lit-style test runner.
//
// FileCheck reads a "check file" containing directives such as
//
//	// CHECK-LABEL: func @f
//	// CHECK:       %[[V:.*]] = arith.addi
//	// CHECK-NEXT:  return %[[V]]
//
// and verifies that the input (usually a tool's output, read from stdin)
// matches them. Main is the command-line entry point (same flags, messages
// and exit codes as FileCheck); Run and Check are the lower-level API taking
// an Options value and in-memory texts.
//
// # Supported subset
//
// Directives, with any prefix given by --check-prefix/--check-prefixes
// (default CHECK): CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG,
// CHECK-LABEL, CHECK-EMPTY, CHECK-COUNT-N and the {LITERAL} modifier (e.g.
// "CHECK-NEXT{LITERAL}:"). Lines "COM:" and "RUN:" (--comment-prefixes) are
// comments. A prefix is only recognized when it is not preceded by a word
// character (letters, digits, '-' and '_'), so "MYCHECK:" and "X-CHECK:" are
// not CHECK directives, and when it is followed by ':' or a known suffix.
// As in LLVM 19, "CHECK_NEXT:" is reported as a misspelled directive, and
// "CHECK-NOT-NEXT:" and bad counts are errors.
//
// Patterns: literal text; {{regex}}; [[NAME:regex]] string variable
// definitions and [[NAME]] uses (the value is substituted literally);
// [[#NAME:]], [[#%x,NAME:]], [[#%.8X,NAME:]], [[#%d,NAME:expr]] numeric
// variable definitions, [[#expr]] numeric substitutions and [[#]] (any
// number), where expr combines numeric variables, @LINE and integer literals
// with +, -, parentheses and add/sub/mul/div/min/max; the legacy [[@LINE]],
// [[@LINE+N]] and [[@LINE-N]] forms; "$NAME" global variables for
// --enable-var-scope; and -DNAME=VALUE / -D#NAME=EXPR command-line variables.
// As in LLVM, a numeric variable keeps the format of its first use or
// definition and string and numeric variables cannot share a name.
//
// Options: --check-prefix(es), --comment-prefixes, --implicit-check-not
// (repeatable), --input-file, --strict-whitespace, --match-full-lines,
// --ignore-case, --allow-empty, --allow-unused-prefixes, --enable-var-scope,
// --allow-deprecated-dag-overlap, --dump-input=fail|never|always|help,
// --dump-input-filter and --dump-input-context. -v, -vv, --color and
// --version are accepted and ignored.
//
// # Matching rules
//
// They follow LLVM's FileCheck.cpp closely. Both the check file and the
// input are canonicalized first: "\r\n" becomes "\n" and, unless
// --strict-whitespace, every run of spaces and tabs becomes one space (so
// reported line:column positions refer to the canonicalized text, as in
// LLVM). CHECK-LABEL directives are matched first and split the input into
// blocks; the other directives are then matched in order inside their block
// (a failure skips to the next block, so several errors can be reported).
// Each CHECK matches from the end of the previous match; CHECK-NEXT must
// match on the next line, CHECK-SAME on the same line and CHECK-EMPTY must
// find an empty next line. CHECK-NOT patterns (and --implicit-check-not
// patterns) must not occur between the previous match and the next positive
// match (or the end of the input). Consecutive CHECK-DAG directives form a
// group that matches in any order without overlapping; CHECK-NOTs between
// groups are checked in the gap between them.
//
// Regular expressions are POSIX EREs with leftmost-longest semantics,
// compiled with regexp.CompilePOSIX: '.' and negated bracket expressions do
// not match newlines, and ^ and $ match at line boundaries as well as at the
// start and end of the searched region (so "{{^}}" matches right after the
// previous match, as in LLVM). As in LLVM's regcomp, "\" before a letter
// or digit 0 stands for that character (so "\n" is "n", not a newline) and
// a backslash inside a bracket expression is an ordinary character.
//
// Diagnostics reproduce LLVM 19's output: "file:line:col: error: ...", the
// source line and a caret, notes such as "scanning from here",
// `with "X" equal to "..."` and "possible intended match here", and, with
// --dump-input=fail (the default), the annotated input dump. The tests check
// this byte for byte against LLVM 19's FileCheck when it is installed.
//
// # Differences from LLVM FileCheck
//
//   - Go's regexp has no back-references: "\1" in a regex and using a string
//     variable on the same line where it is defined ("[[X:.*]] [[X]]") are
//     rejected with an error (exit status 2) instead of being matched.
//   - Among several leftmost-longest matches Go picks submatches like a
//     backtracking engine, not by POSIX subexpression rules, so a variable
//     captured by an ambiguous regex can differ in rare cases. Some regexes
//     invalid in LLVM (e.g. "a+?") are accepted, and regex error messages
//     use Go's wording.
//   - Numeric values have arbitrary precision, so values that do not fit in
//     64 bits are not reported as overflows.
//   - Usage errors (unknown options, missing check file) exit with status 2
//     (LLVM's command-line parser exits with 1). -D also accepts its value
//     as a separate argument. FILECHECK_OPTS is not read.
//   - -v/-vv are ignored: successful matches are never reported.
package filecheck
