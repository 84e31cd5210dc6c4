package pipelinehtml_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bcast-opt/bcast-opt/internal/irgen"
)

var screenshot = flag.String("screenshot", "", "save the browser test's screenshot of the page (1280x720 PNG) to this file, e.g. ../../docs/pipeline-page.png")

// chromium returns the path of Debian's headless-capable chromium, or
// skips the test without it (fails it under BCAST_REQUIRE_TOOLS=1).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium is not installed (apt-get install chromium): the page is not tested in a browser"
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " (BCAST_REQUIRE_TOOLS=1)")
	}
	t.Skip(msg)
	return ""
}

// browser starts headless chromium at 1280x720 and returns its context
// and the console errors and exceptions of the pages it loads.
func browser(t *testing.T) (context.Context, func() []string) {
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1280, 720),
		chromedp.Flag("headless", "new"))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	var mu sync.Mutex
	var errs []string
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			switch ev.Type {
			case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeAssert, runtime.ConsoleAPICalledTypeWarning:
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				errs = append(errs, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			errs = append(errs, fmt.Sprintf("exception at %d:%d: %s", d.LineNumber+1, d.ColumnNumber+1, msg))
		}
	}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(listen))
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel)
	return ctx, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), errs...) }
}

// TestPageInBrowser loads W5's page (--pipeline=cpu --emit=llvm) in
// headless chromium: no console errors, the columns of the data, and a
// click on a value highlights it in at least two columns.
func TestPageInBrowser(t *testing.T) {
	ctx, consoleErrors := browser(t)
	file := filepath.Join(t.TempDir(), "w5.html")
	p := writePageTo(t, file, repoFile("bench/workloads/W5.mlir"), "--pipeline=cpu", "--emit=llvm")
	cols := `Array.from(document.querySelectorAll("section.col"))`
	must(t, chromedp.Do(ctx,
		chromedp.Navigate("file://"+file),
		chromedp.WaitVisible(chromedp.CSS(`section.col[data-col="1"] .ln`))))
	passes := run(t, ctx, chromedp.Evaluate[[]string](cols+`.map(s => s.dataset.pass)`))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`section.col[data-col="0"] span[data-v="%0"]`))))
	highlighted := run(t, ctx, chromedp.Evaluate[int](cols+`.filter(s => s.querySelector("span.hl")).length`))
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`section.col[data-col="1"] .ln[data-loc]:not(:first-child)`))))
	hlLines := run(t, ctx, chromedp.Evaluate[int](cols+`.filter(s => s.querySelector(".ln.hlline")).length`))
	// The screenshot: the columns from the lowering to linalg on, with
	// a fused kernel's result clicked.
	must(t, chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(function () {
			document.getElementById("cols").scrollLeft = document.querySelector('section.col[data-pass="hlo-legalize-to-linalg"]').offsetLeft;
		})()`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate[chromedp.Void](`(function () {
			var sec = document.querySelector('section.col[data-pass="linalg-fuse-elementwise-ops"]');
			var ln = Array.from(sec.querySelectorAll(".ln")).find(l => l.textContent.includes("= linalg.generic"));
			ln.querySelector("span.v").click();
		})()`),
		chromedp.Sleep(200*time.Millisecond)))
	png := run(t, ctx, chromedp.CaptureScreenshot())
	if strings.Join(passes, " ") != strings.Join(p.passes, " ") {
		t.Errorf("the page shows columns %v, want %v", passes, p.passes)
	}
	if highlighted < 2 {
		t.Errorf("a click on %%0 highlighted values in %d columns, want at least 2", highlighted)
	}
	if hlLines < 2 {
		t.Errorf("a click on an op highlighted lines in %d columns, want at least 2", hlLines)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
	if *screenshot != "" {
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("columns %v; %%0 highlighted in %d columns, the op in %d; screenshot %d bytes", passes, highlighted, hlLines, len(png))
}

// TestBigPageInBrowser opens the page of a function of 10k ops: the
// first lines show in seconds and only the lines in view are built.
func TestBigPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	ctx, consoleErrors := browser(t)
	dir := t.TempDir()
	in, file := filepath.Join(dir, "big.mlir"), filepath.Join(dir, "big.html")
	if err := os.WriteFile(in, irgen.HLO(10000, 10000, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	p := writePageTo(t, file, in, "--pipeline=cpu", "-o", os.DevNull)
	lines := 0
	for _, c := range p.data.Cols {
		lines += len(c.Lines)
	}
	must(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	start := time.Now()
	must(t, chromedp.Do(ctx,
		chromedp.Navigate("file://"+file),
		chromedp.WaitVisible(chromedp.CSS(`section.col[data-col="0"] .ln`))))
	opened := time.Since(start)
	count := chromedp.Evaluate[int](`document.querySelectorAll(".ln").length`)
	built := run(t, ctx, count)
	must(t, chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`(function () { var b = document.querySelector('section.col[data-col="0"] .body'); b.scrollTop = b.scrollHeight / 2; })()`),
		chromedp.Sleep(300*time.Millisecond)))
	scrolled := run(t, ctx, count)
	// A click on a value looks it up in every column: 130k lines.
	start = time.Now()
	highlighted := run(t, ctx, chromedp.Evaluate[int](`(function () {
		document.querySelector('section.col[data-col="0"] .ln[data-loc] span[data-v]').click();
		return document.querySelectorAll("span.hl").length;
	})()`))
	clicked := time.Since(start)
	t.Logf("a click highlighted %d names in %v", highlighted, clicked)
	if highlighted == 0 || clicked > 5*time.Second {
		t.Errorf("a click highlighted %d names in %v", highlighted, clicked)
	}
	t.Logf("%d lines in %d columns, %.1f MB: opened in %v with %d lines built, %d after scrolling", lines, len(p.data.Cols), float64(len(p.html))/1e6, opened, built, scrolled)
	if opened > 20*time.Second {
		t.Errorf("the page took %v to show its first lines", opened)
	}
	if built > lines/4 {
		t.Errorf("%d of %d lines built on opening: columns are not built lazily", built, lines)
	}
	if scrolled <= built {
		t.Errorf("scrolling the input to its middle built no lines (%d, then %d)", built, scrolled)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// must fails the test on err.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// run runs a browser action and returns its result.
func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	must(t, err)
	return v
}
