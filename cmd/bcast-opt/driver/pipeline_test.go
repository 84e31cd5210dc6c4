package driver

import (
	"path/filepath"
	"strings"
	"testing"
)

// dumpedPipeline runs bcast-opt with args and --dump-pass-pipeline and
// returns the pipeline it prints, checking the form of mlir-opt's dump.
func dumpedPipeline(t *testing.T, args ...string) string {
	t.Helper()
	status, _, stderr := runDriver(append(args, "--dump-pass-pipeline"), "func.func @f() {\n  return\n}\n")
	if status != 0 {
		t.Fatalf("%v: status %d: %s", args, status, stderr)
	}
	lines := strings.Split(stderr, "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "Pass Manager with ") || !strings.HasSuffix(lines[0], " passes:") || lines[2] != "" || lines[3] != "" {
		t.Fatalf("%v: the dump is not `Pass Manager with N passes:`, the pipeline and an empty line:\n%s", args, stderr)
	}
	return lines[1]
}

// TestDumpPassPipeline pins the dump of a few command lines: a pass
// flag's options are all printed, defaults included; the named
// pipeline's per-function steps are one func.func(...) nesting; a
// --pass-pipeline prints back in its canonical form.
func TestDumpPassPipeline(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "builtin.module()"},
		{[]string{"--cse", "--canonicalize=max-iterations=3"},
			"builtin.module(cse,canonicalize{max-iterations=3 region-simplify=normal test-convergence=false})"},
		{[]string{"--pass-pipeline=builtin.module( func.func(cse, canonicalize) , inline{max-iterations=2})"},
			"builtin.module(func.func(cse,canonicalize{max-iterations=10 region-simplify=normal test-convergence=false}),inline{default-pipeline=canonicalize max-iterations=2})"},
		{[]string{"--pipeline=cpu", "--symbol-dce"},
			"builtin.module(inline{default-pipeline=canonicalize max-iterations=4},func.func(hlo-legalize-broadcasts,convert-shape-constraints,canonicalize{max-iterations=10 region-simplify=normal test-convergence=false},hlo-legalize-to-linalg,linalg-fuse-elementwise-ops,canonicalize{max-iterations=10 region-simplify=normal test-convergence=false},cse,linalg-version-broadcasts{max-versions=8 indexed-fallback=true},linalg-fold-unit-extent-dims,canonicalize{max-iterations=10 region-simplify=normal test-convergence=false},cse),symbol-dce)"},
	} {
		if got := dumpedPipeline(t, tc.args...); got != tc.want {
			t.Errorf("%v:\n got %s\nwant %s", tc.args, got, tc.want)
		}
	}
}

// TestDumpPassPipelineRoundTrip checks that what --dump-pass-pipeline
// prints for --pipeline=cpu can be run: --pass-pipeline with it gives
// byte-identical output to --pipeline=cpu on every example, as IR and as
// LLVM IR, and dumps itself again unchanged.
func TestDumpPassPipelineRoundTrip(t *testing.T) {
	text := dumpedPipeline(t, "--pipeline=cpu")
	if again := dumpedPipeline(t, "--pass-pipeline="+text); again != text {
		t.Errorf("the dump does not dump itself:\n%s\n%s", text, again)
	}
	examples, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "*.mlir"))
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples (%v)", err)
	}
	for _, ex := range examples {
		for _, emit := range []string{"--emit=mlir", "--emit=llvm"} {
			s1, want, e1 := runDriver([]string{ex, "--pipeline=cpu", emit}, "")
			s2, got, e2 := runDriver([]string{ex, "--pass-pipeline=" + text, emit}, "")
			if s1 != 0 || s2 != 0 {
				t.Fatalf("%s %s: status %d and %d: %s%s", ex, emit, s1, s2, e1, e2)
			}
			if want == "" || !strings.Contains(want, "func.func @") && emit == "--emit=mlir" {
				t.Fatalf("%s: no output", ex)
			}
			if got != want {
				t.Errorf("%s %s: --pass-pipeline=<dump> differs from --pipeline=cpu", filepath.Base(ex), emit)
			}
		}
	}
}

// TestSuggestions checks the "did you mean" line after an unknown flag,
// pass or pass option, and that a name far from every known one gets
// none.
func TestSuggestions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the suggestion line, "" for none
	}{
		{[]string{"--canonicalise"}, "bcast-opt: did you mean '--canonicalize'?"},
		{[]string{"-split-input-fil"}, "bcast-opt: did you mean '--split-input-file'?"},
		{[]string{"--split"}, "bcast-opt: did you mean '--split-input-file'?"},
		{[]string{"--verify-diagnostic"}, "bcast-opt: did you mean '--verify-diagnostics'?"},
		{[]string{"--hlo-legalize-broadcast=x=1"}, "bcast-opt: did you mean '--hlo-legalize-broadcasts'?"},
		{[]string{"--dump-pass-pipelines"}, "bcast-opt: did you mean '--dump-pass-pipeline'?"},
		{[]string{"--pass-pipeline=builtin.module(func.func(cannonicalize))"}, "bcast-opt: did you mean 'canonicalize'?"},
		{[]string{"--canonicalize=max-iteration=3"}, "bcast-opt: did you mean 'max-iterations'?"},
		{[]string{"--pass-pipeline=linalg-version-broadcasts{max-version=2}"}, "bcast-opt: did you mean 'max-versions'?"},
		{[]string{"--frobnicate"}, ""},
		{[]string{"--pass-pipeline=frobnicate"}, ""},
	} {
		status, _, stderr := runDriver(tc.args, "")
		if status != 1 {
			t.Errorf("%v: status %d, want 1", tc.args, status)
		}
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		switch {
		case tc.want == "" && len(lines) != 1:
			t.Errorf("%v: want one line, got\n%s", tc.args, stderr)
		case tc.want != "" && (len(lines) != 2 || lines[1] != tc.want):
			t.Errorf("%v: want the error, then %q; got\n%s", tc.args, tc.want, stderr)
		}
	}
}
