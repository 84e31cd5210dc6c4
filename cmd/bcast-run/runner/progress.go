package runner

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progressDelay is how long a run goes before its progress line appears:
// a quick run prints nothing.
const progressDelay = time.Second

// progress keeps one line on stderr, redrawn in place, that says which
// step bcast-run is in and how far it is ("bcast-run: compiling:
// clang-19 (4/5), 2.1 s"), once the run has taken progressDelay. It is
// only for people: a nil *progress, what newProgress returns when stderr
// is not a terminal, does nothing, so logs and pipes never see it.
type progress struct {
	w     io.Writer
	delay time.Duration
	start time.Time

	mu          sync.Mutex
	step        string
	done, total int
	// shown is true while the line is on the terminal.
	shown bool

	stop     chan struct{}
	stopOnce sync.Once
	finished sync.WaitGroup
}

// newProgress returns the progress line for stderr, or nil when stderr is
// not a terminal.
func newProgress(stderr io.Writer) *progress {
	if !isTerminal(stderr) {
		return nil
	}
	return startProgress(stderr, progressDelay, 100*time.Millisecond)
}

// isTerminal reports whether w is a terminal: a character device other
// than /dev/null (which is one too).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return false
	}
	return true
}

// startProgress draws the line on w every tick once delay has passed.
func startProgress(w io.Writer, delay, tick time.Duration) *progress {
	p := &progress{w: w, delay: delay, start: time.Now(), stop: make(chan struct{})}
	p.finished.Add(1)
	go func() {
		defer p.finished.Done()
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.mu.Lock()
				p.draw()
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// set names the current step: done of total (total 0: no count). The
// next tick draws it, so a fast loop costs no terminal output.
func (p *progress) set(step string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.step, p.done, p.total = step, done, total
}

// draw redraws the line; p.mu is held.
func (p *progress) draw() {
	elapsed := time.Since(p.start)
	if p.step == "" || elapsed < p.delay {
		return
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", formatProgress(p.step, p.done, p.total, elapsed))
	p.shown = true
}

// clear removes the line; p.mu is held.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// finish stops the redrawing and removes the line; it may be called more
// than once.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() { close(p.stop) })
	p.finished.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	p.step = ""
}

// writer returns w, or with a progress line a writer that removes the
// line before each write, so that diagnostics and bench lines start at
// the beginning of a clean line (the next tick draws it again below).
func (p *progress) writer(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return progressWriter{p, w}
}

type progressWriter struct {
	p *progress
	w io.Writer
}

func (pw progressWriter) Write(b []byte) (int, error) {
	pw.p.mu.Lock()
	defer pw.p.mu.Unlock()
	pw.p.clear()
	return pw.w.Write(b)
}

// formatProgress is the text of the progress line: the step, how far
// (done/total, when total is not 0) and the time since the run started,
// "bcast-run: bench: run (3/20), 2.4 s".
func formatProgress(step string, done, total int, elapsed time.Duration) string {
	s := "bcast-run: " + step
	if total > 0 {
		s += fmt.Sprintf(" (%d/%d)", done, total)
	}
	return s + fmt.Sprintf(", %.1f s", elapsed.Seconds())
}
