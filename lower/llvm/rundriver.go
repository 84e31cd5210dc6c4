package llvm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
)

// This file is the Go side of CDriver (cdriver.go): RunDriver and
// RunDriverCalls write a driver program's input file, run it, and read
// its output file, so that no caller encodes the protocol itself.

// DriverTensor is a tensor as the driver reads and writes it: its shape
// and its elements, packed little-endian in row-major order, ElemSize
// bytes each (the bits for f16 and bf16, one byte 0 or 1 for i1).
type DriverTensor struct {
	Shape []int64
	Data  []byte
}

// DriverCall is one call of a kernel by the driver.
type DriverCall struct {
	Func *FuncABI
	Args []DriverTensor
	// ResultShapes, when set, are the result shapes passed to the kernel
	// instead of those its result-shapes function computes (which is then
	// not called), to test the kernel's own checks. Either every call of
	// a run sets them or none does.
	ResultShapes [][]int64
}

// DriverResult is what one call returned: the C ABI's return code, and
// its message when the code is not 0, else the results.
type DriverResult struct {
	Code    int32
	Message string
	Results []DriverTensor
}

// DriverOptions are RunDriverCalls' options.
type DriverOptions struct {
	// Bench > 0 runs each kernel that succeeds Bench more times; the
	// driver prints the median and minimum times on its standard error
	// ("bench: N runs, median X ms, min Y ms").
	Bench int
	// Threads > 1 runs the kernels on that many threads (the driver's
	// --threads; the kernels must be in the parallel form).
	Threads int
	// Guard puts every argument and result buffer against an
	// inaccessible page, so that a read or write past its end crashes the
	// driver (see CDriver).
	Guard bool
	// Output, if set, receives what the driver prints (standard output
	// and error), whether it succeeds or not.
	Output io.Writer
	// KeepFiles keeps the input and output files in dir.
	KeepFiles bool
	// Emulator, if set, is the command (and its arguments) that runs exe:
	// a user-mode emulator such as qemu-aarch64-static for a driver built
	// for another architecture.
	Emulator []string
}

// DriverError is a run of the driver that did not end with all its
// records written: the program failed (a usage or I/O error, exit status
// 2; a crash, a signal) or its output is truncated.
type DriverError struct {
	// Err is the cause: the program's (*exec.ExitError) or the reading's.
	Err error
	// ExitCode is the program's exit status (0 when it exited normally
	// but its output is short), or -1 when it was killed by a signal or
	// did not start.
	ExitCode int
	// Output is what the driver printed (standard output and error).
	Output string
	// Done is the number of calls whose records were read; RunDriverCalls
	// returns their results.
	Done int
}

func (e *DriverError) Error() string {
	msg := fmt.Sprintf("the driver failed after %d calls: %v", e.Done, e.Err)
	if e.Output != "" {
		msg += ": " + string(bytes.TrimSpace([]byte(e.Output)))
	}
	return msg
}

func (e *DriverError) Unwrap() error { return e.Err }

// RunDriver makes one call of f with args through the driver program exe
// (built from CDriver and the kernels), with its files in dir (several
// runs may share dir at once); resultShapes is DriverCall.ResultShapes.
// A kernel's error is a result with a nonzero Code, not an error; the
// error is a *DriverError when the program fails.
func RunDriver(exe, dir string, f *FuncABI, args []DriverTensor, resultShapes [][]int64) (*DriverResult, error) {
	res, err := RunDriverCalls(exe, dir, []DriverCall{{Func: f, Args: args, ResultShapes: resultShapes}}, DriverOptions{})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// RunDriverCalls makes calls, in order, in one run of the driver program
// exe (built from CDriver and the kernels of every function called), with
// its files in dir. It returns one result per call; when the program
// fails the error is a *DriverError, and the results are those of the
// calls before the failure (DriverError.Done of them).
func RunDriverCalls(exe, dir string, calls []DriverCall, opts DriverOptions) ([]*DriverResult, error) {
	if len(calls) == 0 {
		return nil, nil
	}
	noShapes := calls[0].ResultShapes != nil
	var in bytes.Buffer
	argv := make([]string, 0, len(calls)+6)
	for i, c := range calls {
		if (c.ResultShapes != nil) != noShapes {
			return nil, fmt.Errorf("llvm.RunDriverCalls: call %d sets ResultShapes and call 0 does not, or the reverse", i)
		}
		if err := writeCall(&in, c); err != nil {
			return nil, fmt.Errorf("llvm.RunDriverCalls: call %d (@%s): %v", i, c.Func.Name, err)
		}
		if i > 0 {
			argv = append(argv, c.Func.Name)
		}
	}
	inFile, err := os.CreateTemp(dir, "driver-in-*.bin")
	if err != nil {
		return nil, err
	}
	inPath, outPath := inFile.Name(), inFile.Name()+".out"
	if !opts.KeepFiles {
		defer os.Remove(inPath)
		defer os.Remove(outPath)
	}
	_, err = inFile.Write(in.Bytes())
	if cerr := inFile.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	// FUNC IN OUT [flags] [FUNC...]: the later calls' names after the
	// flags.
	args := []string{calls[0].Func.Name, inPath, outPath}
	if noShapes {
		args = append(args, "--no-shapes")
	}
	if opts.Bench > 0 {
		args = append(args, "--bench", strconv.Itoa(opts.Bench))
	}
	if opts.Threads > 1 {
		args = append(args, "--threads", strconv.Itoa(opts.Threads))
	}
	if opts.Guard {
		args = append(args, "--guard")
	}
	args = append(args, argv...)
	name := exe
	if len(opts.Emulator) > 0 {
		name, args = opts.Emulator[0], append(append(append([]string(nil), opts.Emulator[1:]...), exe), args...)
	}
	cmd := exec.Command(name, args...)
	var printed bytes.Buffer
	cmd.Stdout, cmd.Stderr = &printed, &printed
	runErr := cmd.Run()
	if opts.Output != nil {
		opts.Output.Write(printed.Bytes())
	}
	fail := func(err error, done int) *DriverError {
		de := &DriverError{Err: err, Output: printed.String(), Done: done, ExitCode: -1}
		if cmd.ProcessState != nil {
			de.ExitCode = cmd.ProcessState.ExitCode()
		}
		return de
	}
	raw, err := os.ReadFile(outPath)
	if err != nil && runErr == nil {
		return nil, fail(err, 0)
	}
	r := bytes.NewReader(raw)
	var results []*DriverResult
	for _, c := range calls {
		res, err := readResult(r, c.Func)
		if err != nil {
			if runErr == nil {
				runErr = fmt.Errorf("the driver's output is truncated: %v", err)
			}
			break
		}
		results = append(results, res)
	}
	if runErr != nil {
		return results, fail(runErr, len(results))
	}
	if r.Len() > 0 {
		return results, fail(fmt.Errorf("the driver's output has %d bytes after the last record", r.Len()), len(results))
	}
	return results, nil
}

// writeCall appends one call's record of the driver's input: each
// argument's dims and elements, then (with ResultShapes) each result's
// dims.
func writeCall(w *bytes.Buffer, c DriverCall) error {
	if len(c.Args) != len(c.Func.Args) {
		return fmt.Errorf("%d arguments for %d parameters", len(c.Args), len(c.Func.Args))
	}
	for i, a := range c.Args {
		p := c.Func.Args[i]
		if len(a.Shape) != p.Rank() {
			return fmt.Errorf("argument %d has rank %d, but its type %s has rank %d", i, len(a.Shape), p.Type, p.Rank())
		}
		n := int64(p.ElemSize())
		for _, d := range a.Shape {
			n *= d
		}
		if int64(len(a.Data)) != n {
			return fmt.Errorf("argument %d of shape %v has %d bytes, not %d", i, a.Shape, len(a.Data), n)
		}
		binary.Write(w, binary.LittleEndian, a.Shape)
		w.Write(a.Data)
	}
	if c.ResultShapes != nil {
		if len(c.ResultShapes) != len(c.Func.Results) {
			return fmt.Errorf("%d result shapes for %d results", len(c.ResultShapes), len(c.Func.Results))
		}
		for i, s := range c.ResultShapes {
			if len(s) != c.Func.Results[i].Rank() {
				return fmt.Errorf("result shape %d has rank %d, but its type %s has rank %d", i, len(s), c.Func.Results[i].Type, c.Func.Results[i].Rank())
			}
			binary.Write(w, binary.LittleEndian, s)
		}
	}
	return nil
}

// readResult reads one call's record of the driver's output.
func readResult(r *bytes.Reader, f *FuncABI) (*DriverResult, error) {
	res := &DriverResult{}
	if err := binary.Read(r, binary.LittleEndian, &res.Code); err != nil {
		return nil, err
	}
	if res.Code != 0 {
		var n int64
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
			return nil, err
		}
		if n < 0 || n > int64(r.Len()) {
			return nil, errors.New("message length out of range")
		}
		msg := make([]byte, n)
		if _, err := io.ReadFull(r, msg); err != nil {
			return nil, err
		}
		res.Message = string(msg)
		return res, nil
	}
	for _, t := range f.Results {
		shape := make([]int64, t.Rank())
		if err := binary.Read(r, binary.LittleEndian, shape); err != nil {
			return nil, err
		}
		n := int64(t.ElemSize())
		for _, d := range shape {
			n *= d
		}
		if n < 0 || n > int64(r.Len()) {
			return nil, errors.New("result size out of range")
		}
		data := make([]byte, n)
		if _, err := io.ReadFull(r, data); err != nil {
			return nil, err
		}
		res.Results = append(res.Results, DriverTensor{Shape: shape, Data: data})
	}
	return res, nil
}
