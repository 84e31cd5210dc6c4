// Package litrun is a small LLVM lit-style test runner for use from go test.
//
// A test is a file (for this project, a .mlir file under test/lit/) whose
// comments contain directives:
//
//	// RUN: bcast-opt %s --canonicalize | FileCheck %s
//	// RUN: not bcast-opt %s 2>&1 | FileCheck %s --check-prefix=ERR
//	// RUN: bcast-opt %s -o %t && FileCheck %s --input-file=%t
//	// RUN: bcast-opt %s --pass-pipeline='builtin.module(func.func(cse))' \
//	// RUN:   | FileCheck %s
//	// REQUIRES: asserts
//	// UNSUPPORTED: windows
//	// XFAIL: *
//
// A directive must follow a comment leader ("//", "#", ";" or "--") at the
// start of a line. RUN lines run in order; a RUN line ending in '\' is
// continued by the next RUN line. Each RUN line is first expanded with the
// substitutions
//
//	%s      absolute path of the test file
//	%S, %p  directory of the test file
//	%t      a temporary file path, unique per test (%T/<file name>.tmp)
//	%T      a temporary directory, unique per test, removed afterwards
//	%%      a literal '%'
//
// and then interpreted by a tiny shell: words with single quotes, double
// quotes and backslash escapes; pipelines with '|'; lists with "&&", "||"
// and ";"; redirections "> file", ">> file", "2> file", "2>> file",
// "&> file", "< file", "2>&1" and "1>&2"; and the "not" prefix, which makes
// a command succeed iff it exits with a non-zero status ("not --crash"
// succeeds iff it crashes). There are no variables, globs or subshells.
// Relative redirection targets are resolved against the test file's
// directory, which is also the working directory of external programs.
//
// Commands are not run by a system shell. Each command name must be a Tool
// registered in Config.Tools (an in-process Go function, called with the
// arguments after the program name) or a name listed in Config.External,
// which is then run as a real process found on PATH. Anything else is an
// error, even under "not", so that typos do not pass silently. The commands
// of a pipeline run one after another, with each command's stdout buffered
// and fed to the next command's stdin; the first command reads empty stdin.
// Like lit, pipelines use pipefail: a pipeline fails if any of its commands
// fails (after applying that command's "not"). A panicking Tool counts as
// a crash.
//
// REQUIRES takes comma separated feature expressions that must all be true,
// UNSUPPORTED and XFAIL expressions of which any true one applies ("*" is
// always true). Expressions combine feature names from Config.Features with
// "!", "&&", "||" and parentheses. Unsupported tests are reported as
// *SkipError (t.Skip under RunDir). An XFAIL test passes when some RUN line
// fails and is an error ("XPASS") when all pass. A file without RUN lines
// is an error.
//
// Typical use:
//
//	func TestLit(t *testing.T) {
//		cfg := litrun.Config{
//			Tools:    map[string]litrun.Tool{"bcast-opt": bcastOpt, "FileCheck": fileCheck},
//			Features: map[string]bool{"asserts": true},
//			External: map[string]bool{"mlir-opt-19": true},
//		}
//		litrun.RunDir(t, cfg, "lit")
//	}
package litrun
