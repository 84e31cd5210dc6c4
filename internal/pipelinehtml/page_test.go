package pipelinehtml_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/internal/irgen"
)

// page is what the tests read back of a written page.
type page struct {
	html   string
	passes []string // data-pass of the columns with text, in order
	data   struct {
		Locs []string `json:"locs"`
		Cols []struct {
			Name  string   `json:"name"`
			Lines []string `json:"lines"`
			Locs  []int    `json:"locs"`
			Marks string   `json:"marks"`
		} `json:"cols"`
	}
}

var (
	colRE  = regexp.MustCompile(`<section class="col" data-col="\d+" data-pass="([^"]+)">`)
	dataRE = regexp.MustCompile(`(?s)<script id="data" type="application/json">(.*?)</script>`)
)

// writePage runs bcast-opt with args and --dump-html, and reads the page.
func writePage(t *testing.T, args ...string) *page {
	t.Helper()
	return writePageTo(t, filepath.Join(t.TempDir(), "out.html"), args...)
}

// writePageTo is writePage into the file out.
func writePageTo(t *testing.T, out string, args ...string) *page {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append(args, "--dump-html="+out)
	if st := driver.Main(args, nil, &stdout, &stderr); st != 0 {
		t.Fatalf("bcast-opt %s: status %d\n%s", strings.Join(args, " "), st, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	p := &page{html: string(b)}
	for _, m := range colRE.FindAllStringSubmatch(p.html, -1) {
		p.passes = append(p.passes, m[1])
	}
	m := dataRE.FindStringSubmatch(p.html)
	if m == nil {
		t.Fatal("the page has no data script")
	}
	if err := json.Unmarshal([]byte(m[1]), &p.data); err != nil {
		t.Fatal(err)
	}
	return p
}

func repoFile(name string) string { return filepath.Join("..", "..", name) }

func TestPageStructure(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		// want are passes that must have a column, in order; last is the
		// last column.
		want []string
		last string
	}{
		{"W5", []string{repoFile("bench/workloads/W5.mlir"), "--pipeline=cpu", "--emit=llvm"},
			[]string{"input", "hlo-legalize-broadcasts", "hlo-legalize-to-linalg"}, "llvm"},
		{"softmax", []string{repoFile("examples/softmax.mlir"), "--pipeline=cpu"},
			[]string{"input", "inline", "hlo-legalize-to-linalg", "linalg-fuse-elementwise-ops"}, ""},
		{"softmax-func", []string{repoFile("examples/softmax.mlir"), "--pipeline=cpu", "--dump-html-func=main"},
			[]string{"input", "inline"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writePage(t, tc.args...)
			if len(p.passes) != len(p.data.Cols) {
				t.Fatalf("%d columns in the page, %d in its data", len(p.passes), len(p.data.Cols))
			}
			i := 0
			for _, name := range p.passes {
				if i < len(tc.want) && name == tc.want[i] {
					i++
				}
			}
			if i < len(tc.want) {
				t.Errorf("columns %v: want %v among them in order", p.passes, tc.want)
			}
			if tc.last != "" && p.passes[len(p.passes)-1] != tc.last {
				t.Errorf("last column %q, want %q", p.passes[len(p.passes)-1], tc.last)
			}
			if !strings.Contains(p.html, `<section class="collapsed"`) || !strings.Contains(p.html, `<li data-pass="cse">`) {
				t.Errorf("no collapsed list of unchanged passes (cse changes nothing here)")
			}
			if n := strings.Count(p.html, `<span class="time">`); n < len(p.passes)-1 {
				t.Errorf("%d column times for %d columns after the input", n, len(p.passes))
			}
			marked, located := 0, 0
			for k, c := range p.data.Cols {
				if len(c.Locs) != len(c.Lines) || len(c.Marks) != len(c.Lines) {
					t.Fatalf("column %s: %d lines, %d locations, %d marks", c.Name, len(c.Lines), len(c.Locs), len(c.Marks))
				}
				for i, l := range c.Lines {
					if strings.Contains(l, " loc(") {
						t.Errorf("column %s line %d shows its location: %q", c.Name, i, l)
					}
					if c.Locs[i] >= 0 {
						located++
					}
				}
				if k > 0 && strings.ContainsAny(c.Marks, "+~") {
					marked++
				}
				if k == 0 && strings.TrimSpace(c.Marks) != "" {
					t.Errorf("the input has marked lines: %q", c.Marks)
				}
			}
			if marked < 2 {
				t.Errorf("%d columns with changed lines marked, want at least 2", marked)
			}
			if located == 0 || len(p.data.Locs) == 0 {
				t.Errorf("no line has a location (data-loc)")
			}
			for _, net := range []string{"<link", "<script src", "http://", "https://", "@import"} {
				if strings.Contains(p.html, net) && !strings.Contains(p.data.Cols[0].Lines[0]+strings.Join(p.data.Cols[0].Lines, "\n"), net) {
					t.Errorf("the page refers to the network: %q", net)
				}
			}
		})
	}
}

// TestPageFlagErrors: --dump-html-func of a function that is not there,
// or without --dump-html, and --dump-html with --split-input-file are
// errors, not an empty page.
func TestPageFlagErrors(t *testing.T) {
	out := "--dump-html=" + filepath.Join(t.TempDir(), "out.html")
	w5 := repoFile("bench/workloads/W5.mlir")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{w5, "--pipeline=cpu", out, "--dump-html-func=nope"}, "no function @nope"},
		{[]string{w5, "--pipeline=cpu", "--dump-html-func=W5"}, "--dump-html-func needs --dump-html"},
		{[]string{w5, "--split-input-file", out}, "cannot be combined with --split-input-file"},
	} {
		var stdout, stderr bytes.Buffer
		st := driver.Main(tc.args, nil, &stdout, &stderr)
		if st == 0 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: status %d, stderr %q: want an error with %q", tc.args, st, stderr.String(), tc.want)
		}
	}
}

// TestPageBig writes the page of a function of 10k ops (internal/irgen)
// through the cpu pipeline: it must be written in seconds, and its size
// stay in proportion to the IR.
func TestPageBig(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	in := filepath.Join(t.TempDir(), "big.mlir")
	if err := os.WriteFile(in, irgen.HLO(10000, 10000, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p := writePage(t, in, "--pipeline=cpu", "-o", os.DevNull)
	elapsed := time.Since(start)
	lines := 0
	for _, c := range p.data.Cols {
		lines += len(c.Lines)
	}
	t.Logf("10k ops: %d columns, %d lines, %.1f MB, %v", len(p.data.Cols), lines, float64(len(p.html))/1e6, elapsed)
	if elapsed > 60*time.Second {
		t.Errorf("writing the page took %v", elapsed)
	}
	if len(p.html) > 400*lines {
		t.Errorf("the page is %d bytes for %d lines", len(p.html), lines)
	}
}
