package driver

import (
	"bytes"
	"strings"
	"testing"
)

// TestParseArgs pins the command-line syntax that cobra/pflag gave and
// the hand-written parser keeps.
func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		positional []string
		check      func(o *options) bool
		err        string
	}{
		{args: []string{"in.mlir", "--pipeline=cpu", "-o", "out.ll"}, positional: []string{"in.mlir"},
			check: func(o *options) bool { return o.pipeline == "cpu" && o.output == "out.ll" }},
		{args: []string{"--pipeline", "cpu", "-o=x", "-"}, positional: []string{"-"},
			check: func(o *options) bool { return o.pipeline == "cpu" && o.output == "x" }},
		{args: []string{"-split-input-file", "--verify-each=false"},
			check: func(o *options) bool { return o.splitInputFile && !o.verifyEach && o.emit == "mlir" && o.output == "-" }},
		{args: []string{"--canonicalize", "-cse", "--canonicalize=max-iterations=2"},
			check: func(o *options) bool {
				return len(o.passes) == 3 && o.passes[0].Options["max-iterations"] == "" && o.passes[2].Options["max-iterations"] == "2"
			}},
		{args: []string{"--", "--weird-file"}, positional: []string{"--weird-file"}},
		{args: []string{"--bogus"}, err: "unknown flag: --bogus"},
		{args: []string{"--emit"}, err: "flag needs an argument: --emit"},
		{args: []string{"--mlir-timing=maybe"}, err: `invalid argument "maybe" for "--mlir-timing" flag`},
	} {
		o := &options{}
		pos, _, err := parseArgs(flagSet(o), normalizeArgs(tc.args))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if strings.Join(pos, " ") != strings.Join(tc.positional, " ") {
			t.Errorf("%q: positional %q, want %q", tc.args, pos, tc.positional)
		}
		if tc.check != nil && !tc.check(o) {
			t.Errorf("%q: options %+v", tc.args, o)
		}
	}
}

// TestHelpListsPasses checks that --help is generated from the pass
// registry and exits 0.
func TestHelpListsPasses(t *testing.T) {
	var out, errb bytes.Buffer
	if Main([]string{"--help"}, strings.NewReader(""), &out, &errb) != 0 {
		t.Fatalf("--help failed: %s", errb.String())
	}
	for _, want := range []string{"Usage:", "--pipeline string", "--canonicalize[=options]", "--linalg-fuse-elementwise-ops"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
}
