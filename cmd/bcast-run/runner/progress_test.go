package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProgressOffWithoutTerminal: a buffer, a regular file, a pipe and
// /dev/null get no progress line, so scripts and logs never see one.
func TestProgressOffWithoutTerminal(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for name, stderr := range map[string]interface{ Write([]byte) (int, error) }{
		"buffer": &bytes.Buffer{}, "file": file, "pipe": w, "/dev/null": null,
	} {
		if isTerminal(stderr) {
			t.Errorf("%s is taken for a terminal", name)
		}
		p := newProgress(stderr)
		if p != nil {
			t.Errorf("%s: newProgress returned a progress line", name)
		}
		// A nil progress does nothing and passes writes through.
		p.set("compiling", 1, 4)
		if p.writer(stderr) != stderr {
			t.Errorf("%s: the writer of a nil progress is not stderr itself", name)
		}
		p.finish()
	}
	if fi, _ := file.Stat(); fi.Size() != 0 {
		t.Errorf("%d bytes written to the file", fi.Size())
	}
}

// TestProgressLine draws the line on a buffer as on a terminal: nothing
// before the delay, then the step redrawn in place, cleared before other
// output and at the end.
func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	p := startProgress(&buf, time.Hour, time.Millisecond)
	p.set("compiling: LLVM IR", 2, 4)
	time.Sleep(20 * time.Millisecond)
	p.finish()
	if buf.Len() != 0 {
		t.Errorf("before the delay: %q", buf.String())
	}

	buf.Reset()
	p = startProgress(&buf, 0, time.Millisecond)
	p.set("bench: interpreting @main", 3, 20)
	time.Sleep(20 * time.Millisecond)
	w := p.writer(&buf)
	w.Write([]byte("bench: 20 runs\n"))
	p.finish()
	p.finish()
	out := buf.String()
	line := "\rbcast-run: bench: interpreting @main (3/20), 0.0 s\x1b[K"
	if !strings.HasPrefix(out, line) || !strings.Contains(out, "\r\x1b[Kbench: 20 runs\n") {
		t.Errorf("got %q; want it to start with %q and clear the line before the bench line", out, line)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") && !strings.HasSuffix(out, "bench: 20 runs\n") {
		t.Errorf("the line is not cleared at the end: %q", out)
	}
}

func TestFormatProgress(t *testing.T) {
	for _, c := range []struct {
		step        string
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{"compiling: kernels.ll with clang-19", 3, 4, 2345 * time.Millisecond, "bcast-run: compiling: kernels.ll with clang-19 (3/4), 2.3 s"},
		{"bench: interpreting @main", 7, 20, 12 * time.Second, "bcast-run: bench: interpreting @main (7/20), 12.0 s"},
		{"running @main", 0, 0, 1500 * time.Millisecond, "bcast-run: running @main, 1.5 s"},
	} {
		if got := formatProgress(c.step, c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("formatProgress(%q, %d, %d, %v) = %q, want %q", c.step, c.done, c.total, c.elapsed, got, c.want)
		}
	}
}
