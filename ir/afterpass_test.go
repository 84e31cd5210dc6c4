package ir

import (
	"fmt"
	"strings"
	"testing"
)

// TestAfterPass checks the pass manager's AfterPass hook: it is called
// once after each pass, anchored passes included (each on its own rather
// than grouped, so the hook sees the IR between them), with the module
// they ran in and once the pass's time is in Timing.
func TestAfterPass(t *testing.T) {
	src := "\"test.func\"() ({\n}) {idx = 0 : i32} : () -> ()\n\"test.func\"() ({\n}) {idx = 1 : i32} : () -> ()\n"
	m, err := Parse("in.mlir", []byte(src), ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	tag := func(name string) *PassInfo {
		return &PassInfo{Name: name, Title: strings.ToUpper(name), Run: func(op *Operation, _ PassOptions) error {
			op.SetAttr(name, Unit)
			return nil
		}}
	}
	a, b, c := tag("a"), tag("b"), tag("c")
	timing := &Timing{}
	var got []string
	pm := &PassManager{Entries: []PassEntry{{Pass: a, Anchor: "test.func"}, {Pass: b, Anchor: "test.func"}, {Pass: c}}, Timing: timing}
	pm.AfterPass = func(p *PassInfo, op *Operation) {
		if op != m {
			t.Errorf("after %s: called with %s, want the module", p.Name, op.Name())
		}
		if _, ok := timing.times[p.Title+" ("+p.Name+")"]; !ok {
			t.Errorf("after %s: its time is not in Timing yet", p.Name)
		}
		na, nb := 0, 0
		for o := m.Region(0).Blocks()[0].First(); o != nil; o = o.Next() {
			if o.Attr("a") != nil {
				na++
			}
			if o.Attr("b") != nil {
				nb++
			}
		}
		got = append(got, fmt.Sprintf("%s:%d%d", p.Name, na, nb))
	}
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	// After a, both functions have a and neither has b.
	if want := "a:20 b:22 c:22"; strings.Join(got, " ") != want {
		t.Errorf("hook calls %q, want %q", strings.Join(got, " "), want)
	}
}

// TestPrintDebugInfo checks PrintOptions.DebugInfo: each op is followed
// by its location, an op with regions after its closing brace.
func TestPrintDebugInfo(t *testing.T) {
	src := "\"test.func\"() ({\n  \"test.op\"() : () -> ()\n}) : () -> ()\n"
	m, err := Parse("in.mlir", []byte(src), ParseOptions{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	got := PrintString(m, PrintOptions{DebugInfo: true})
	for _, want := range []string{`"test.op"() : () -> () loc("in.mlir":2:3)`, `}) : () -> () loc("in.mlir":1:1)`} {
		if !strings.Contains(got, want) {
			t.Errorf("printed\n%s\nwant a line with %s", got, want)
		}
	}
	if strings.Contains(PrintString(m, PrintOptions{}), "loc(") {
		t.Errorf("locations printed without DebugInfo")
	}
}
