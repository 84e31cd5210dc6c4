package litrun

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
)

// crashStatus is the exit status reported for an in-process tool that
// panicked (the conventional status of a process killed by SIGABRT).
const crashStatus = 134

// cmdResult records the execution of one command for failure reports.
type cmdResult struct {
	args    []string // program and arguments
	redirs  string   // redirections as written, for display
	nots    int      // number of "not" prefixes
	crash   bool     // "not --crash"
	status  int      // exit status after applying "not"
	raw     int      // exit status of the program itself
	crashed bool     // the program panicked or was killed by a signal
	stdout  string   // captured stdout (when not piped or redirected)
	stderr  string   // captured stderr (when not redirected)
}

// executor runs parsed RUN lines for one test file.
type executor struct {
	cfg Config
	dir string // directory for relative redirection targets and external commands
}

// lockedBuffer is a bytes.Buffer safe for concurrent writes, used when a
// tool's stdout and stderr share a destination (2>&1).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p to the buffer.
func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns the buffered contents.
func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// checkCommands verifies that every command of list names a registered tool
// or an allowed external program, so that typos are reported as errors
// instead of being hidden by "not" or XFAIL.
func (e *executor) checkCommands(list *cmdList) error {
	for _, p := range list.pipes {
		for _, c := range p.cmds {
			name := c.args[0]
			if _, ok := e.cfg.Tools[name]; ok {
				continue
			}
			if !e.cfg.External[name] {
				return fmt.Errorf("unknown command %q: not a registered tool and not allowed as an external program", name)
			}
			if _, err := exec.LookPath(name); err != nil {
				return fmt.Errorf("external program %q not found on PATH", name)
			}
		}
	}
	return nil
}

// runList executes a command list and returns the exit status of the last
// pipeline that ran, together with per-command results. A non-nil error
// means the commands could not be run at all (e.g. a redirection target
// could not be opened).
func (e *executor) runList(list *cmdList) (int, []cmdResult, error) {
	var all []cmdResult
	status := 0
	for i, p := range list.pipes {
		if i > 0 {
			op := list.ops[i-1]
			if (op == tokAnd && status != 0) || (op == tokOr && status == 0) {
				continue
			}
		}
		st, res, err := e.runPipeline(p)
		all = append(all, res...)
		if err != nil {
			return 1, all, err
		}
		status = st
	}
	return status, all, nil
}

// runPipeline runs the commands of p one after another, feeding each
// command's stdout to the next one's stdin. With pipefail semantics the
// result is the status of the rightmost failing command, or 0.
func (e *executor) runPipeline(p pipeline) (int, []cmdResult, error) {
	var results []cmdResult
	var stdin io.Reader = strings.NewReader("")
	status := 0
	for i, c := range p.cmds {
		res, out, err := e.runCommand(c, stdin, i == len(p.cmds)-1)
		results = append(results, res)
		if err != nil {
			return 1, results, err
		}
		if res.status != 0 {
			status = res.status
		}
		stdin = bytes.NewReader(out)
	}
	return status, results, nil
}

// runCommand runs one command with the given stdin. It returns its result
// and the bytes written to its (possibly piped) stdout.
func (e *executor) runCommand(c command, stdin io.Reader, last bool) (cmdResult, []byte, error) {
	res := cmdResult{args: c.args, nots: c.nots, crash: c.crash}
	outBuf, errBuf := &lockedBuffer{}, &lockedBuffer{}
	var stdout, stderr io.Writer = outBuf, errBuf
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	var shown []string
	for _, r := range c.redirs {
		shown = append(shown, describeRedir(r))
		switch r.mode {
		case redirDup:
			src := stdout
			if r.dupFd == 2 {
				src = stderr
			}
			if r.fd == 1 {
				stdout = src
			} else if r.fd == 2 {
				stderr = src
			} else {
				return res, nil, fmt.Errorf("unsupported redirection %s", describeRedir(r))
			}
		case redirRead:
			if r.fd != 0 {
				return res, nil, fmt.Errorf("unsupported redirection %s", describeRedir(r))
			}
			f, err := os.Open(e.path(r.target))
			if err != nil {
				return res, nil, fmt.Errorf("redirection: %v", err)
			}
			files = append(files, f)
			stdin = f
		default:
			flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if r.mode == redirAppend {
				flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
			}
			f, err := os.OpenFile(e.path(r.target), flags, 0o644)
			if err != nil {
				return res, nil, fmt.Errorf("redirection: %v", err)
			}
			files = append(files, f)
			switch {
			case r.mode == redirBoth:
				stdout, stderr = f, f
			case r.fd == 1:
				stdout = f
			case r.fd == 2:
				stderr = f
			default:
				return res, nil, fmt.Errorf("unsupported redirection %s", describeRedir(r))
			}
		}
	}
	res.redirs = strings.Join(shown, " ")

	res.raw, res.crashed = e.invoke(c.args, stdin, stdout, stderr)
	res.status = applyNot(c, res.raw, res.crashed)
	if last {
		res.stdout = outBuf.String()
	}
	res.stderr = errBuf.String()
	return res, []byte(outBuf.String()), nil
}

// applyNot computes a command's status after its "not" prefixes: "not"
// succeeds iff the program exits with a non-zero status without crashing,
// and "not --crash" succeeds iff the program crashes.
func applyNot(c command, raw int, crashed bool) int {
	if c.crash {
		if crashed {
			return 0
		}
		return 1
	}
	status := raw
	for i := 0; i < c.nots; i++ {
		switch {
		case crashed:
			return 1 // a crash is never an expected failure
		case status == 0:
			status = 1
		default:
			status = 0
		}
		crashed = false
	}
	return status
}

// invoke runs a tool or external program and returns its exit status and
// whether it crashed.
func (e *executor) invoke(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int, crashed bool) {
	if tool, ok := e.cfg.Tools[args[0]]; ok {
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(stderr, "PANIC in %s: %v\n%s", args[0], r, debug.Stack())
				status, crashed = crashStatus, true
			}
		}()
		return tool(args[1:], stdin, stdout, stderr), false
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = e.dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0, false
	case errors.As(err, &exitErr):
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), true
		}
		return exitErr.ExitCode(), false
	default:
		fmt.Fprintf(stderr, "litrun: %v\n", err)
		return 127, false
	}
}

// path resolves a redirection target relative to the executor's directory.
func (e *executor) path(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(e.dir, name)
}

// describeRedir renders a redirection for display.
func describeRedir(r redirect) string {
	switch r.mode {
	case redirDup:
		return fmt.Sprintf("%d>&%d", r.fd, r.dupFd)
	case redirRead:
		return "< " + shellQuote([]string{r.target})
	case redirAppend:
		return fmt.Sprintf("%d>> %s", r.fd, shellQuote([]string{r.target}))
	case redirBoth:
		return "&> " + shellQuote([]string{r.target})
	}
	return fmt.Sprintf("%d> %s", r.fd, shellQuote([]string{r.target}))
}
