package ir_test

import (
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// FuzzParse feeds arbitrary text to the parser. Any input must either fail
// with a located diagnostic or parse; parsed IR must verify or fail
// verification without panicking, and verified IR must print, in both
// forms, to text that parses back and prints identically.
//
// Seeds are the lit test inputs. Run with
//
//	go test ./ir -run '^$' -fuzz FuzzParse -fuzztime 10m
func FuzzParse(f *testing.F) {
	for _, c := range litChunks(f) {
		f.Add(c.text)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := ir.Parse("fuzz.mlir", src, ir.ParseOptions{AllowUnregistered: true})
		if err != nil {
			d, ok := err.(*ir.Diagnostic)
			if !ok || !d.Loc.Known() {
				t.Fatalf("parse error without a location: %v", err)
			}
			return
		}
		if ir.Verify(m) != nil {
			return
		}
		for _, generic := range []bool{false, true} {
			opts := ir.PrintOptions{Generic: generic}
			out := ir.PrintBytes(m, opts)
			m2, err := ir.Parse("printed.mlir", out, ir.ParseOptions{AllowUnregistered: true})
			if err != nil {
				t.Fatalf("printed IR does not parse (generic=%v): %v\n%s", generic, err, out)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("printed IR does not verify (generic=%v): %v\n%s", generic, err, out)
			}
			if again := ir.PrintBytes(m2, opts); string(again) != string(out) {
				t.Fatalf("printing is not a fixed point (generic=%v):\n%s\nvs\n%s", generic, out, again)
			}
		}
	})
}
