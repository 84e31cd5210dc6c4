package compiler

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Toolchain names the system tools that turn LLVM IR into machine code:
// Clang alone, or LLC and CC (with Opt optimizing first when it is set).
// Each field is a command name or path; FindToolchain fills them in.
type Toolchain struct {
	Clang, Opt, LLC, CC string
}

// String names the tools: "clang-19", or "opt + llc + cc".
func (t Toolchain) String() string {
	if t.Clang != "" {
		return t.Clang
	}
	s := t.LLC + " + " + t.CC
	if t.Opt != "" {
		s = t.Opt + " + " + s
	}
	return s
}

// ErrNoToolchain is wrapped by FindToolchain's error when neither clang-19
// nor llc and cc can be found.
var ErrNoToolchain = errors.New("native code needs clang-19, or llc and cc")

// MissingToolError is FindToolchain's error for a tool it cannot find.
type MissingToolError struct {
	Tool string // the name or path looked up
	Err  error  // exec.LookPath's error
}

// Error says which tool is missing: "cannot find llc: ...".
func (e *MissingToolError) Error() string { return fmt.Sprintf("cannot find %s: %v", e.Tool, e.Err) }

// Unwrap returns exec.LookPath's error.
func (e *MissingToolError) Unwrap() error { return e.Err }

// FindToolchain resolves the tools named in want against PATH, the way
// bcast-run chooses them: want.Clang if set; else clang-19 on PATH unless
// one of want.Opt, want.LLC or want.CC is set; else want.LLC (default llc)
// and want.CC (default cc), with want.Opt if set or else opt when it is on
// PATH (optimizing is skipped without it).
//
// A tool that is named but not found is a *MissingToolError; when no
// toolchain is found at all, the error also wraps ErrNoToolchain.
func FindToolchain(want Toolchain) (Toolchain, error) {
	look := func(name string) (string, error) {
		p, err := exec.LookPath(name)
		if err != nil {
			return "", &MissingToolError{Tool: name, Err: err}
		}
		return p, nil
	}
	or := func(name, def string) string {
		if name != "" {
			return name
		}
		return def
	}
	if want.Clang != "" {
		c, err := look(want.Clang)
		return Toolchain{Clang: c}, err
	}
	if want.Opt == "" && want.LLC == "" && want.CC == "" {
		if c, err := exec.LookPath("clang-19"); err == nil {
			return Toolchain{Clang: c}, nil
		}
	}
	var t Toolchain
	var err error
	if t.LLC, err = look(or(want.LLC, "llc")); err != nil {
		return t, fmt.Errorf("%w: %w", ErrNoToolchain, err)
	}
	if t.CC, err = look(or(want.CC, "cc")); err != nil {
		return t, fmt.Errorf("%w: %w", ErrNoToolchain, err)
	}
	if want.Opt != "" {
		if t.Opt, err = look(want.Opt); err != nil {
			return t, err
		}
	} else if p, err := exec.LookPath("opt"); err == nil {
		t.Opt = p
	}
	return t, nil
}

// CompileLLVM compiles the LLVM IR file ll in dir to the object file obj
// for the target triple: `clang -O3 -c`, or `opt -O3` (when t.Opt is set)
// and `llc -O3 -filetype=obj -relocation-model=pic`. Relative paths are
// relative to dir. A failing tool is an error naming it, with its output
// on one line.
func (t Toolchain) CompileLLVM(dir, ll, obj, triple string) error {
	if t.Clang != "" {
		return run(dir, t.Clang, "-O3", "-Wno-override-module", "--target="+triple, "-c", ll, "-o", obj)
	}
	input := ll
	if t.Opt != "" {
		input = strings.TrimSuffix(obj, filepath.Ext(obj)) + ".opt.bc"
		if err := run(dir, t.Opt, "-O3", "-mtriple="+triple, ll, "-o", input); err != nil {
			return err
		}
	}
	return run(dir, t.LLC, "-O3", "-mtriple="+triple, "-filetype=obj", "-relocation-model=pic", input, "-o", obj)
}

// Link compiles the C sources and links them with the object files among
// inputs into the executable exe, with the C library's libm: `clang -O3`,
// or `cc -O2`. Paths are relative to dir.
func (t Toolchain) Link(dir, exe string, inputs ...string) error {
	cc, opt := t.CC, "-O2"
	if t.Clang != "" {
		cc, opt = t.Clang, "-O3"
	}
	args := append([]string{opt}, inputs...)
	return run(dir, cc, append(args, "-o", exe, "-lm", "-pthread")...)
}

// run runs a tool in dir; a failure is an error naming the tool, with its
// output on one line.
func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s failed (%v): %s", filepath.Base(name), err, oneLine(string(out)))
	}
	return nil
}

// oneLine joins the non-empty lines of s with "; ".
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}
