package runner

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/npy"
	"github.com/bcast-opt/bcast-opt/passes"

	// Every dialect and pass registers itself.
	_ "github.com/bcast-opt/bcast-opt/all"
)

// options are the parsed command-line settings of one run.
type options struct {
	entry     string
	inputs    []string
	outputDir string
	interp    bool
	bench     int
	// threads is --threads: the kernel's threads (1: the single-thread
	// form, as `bcast-opt --emit=llvm` writes by default).
	threads   int
	pipeline  string
	clang     string
	opt       string
	llc       string
	cc        string
	keepTemps bool
	// maxMemory is --max-memory: "" for interp's default.
	maxMemory string
	// printFull (--print-full) prints every element of large results;
	// printMLIR (--print-mlir) prints results as MLIR dense attributes.
	printFull, printMLIR bool
}

// exitError is a failure whose message is already printed.
type exitError struct{}

func (exitError) Error() string { return "failed" }

// Main runs bcast-run with args (without the program name) and returns the
// exit status: 0 on success, 1 on any failure (with a message on stderr).
func Main(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("BCAST_DEBUG") == "1" {
				panic(r)
			}
			fmt.Fprintf(stderr, "bcast-run: internal error: %v (this is a bug; rerun with BCAST_DEBUG=1 for a stack trace)\n", r)
			status = 1
		}
	}()
	o := &options{}
	cmd := &cobra.Command{
		Use:   "bcast-run [flags] FILE",
		Short: "compile an MLIR file through the CPU pipeline and run it",
		Long: `bcast-run compiles FILE through --pipeline=cpu, links it with the system
LLVM tools (clang-19, or opt/llc and cc) into a small executable, and runs the
entry function on .npy inputs (--input, once per argument, in order). With
--interp it runs the reference interpreter on the original module instead.

A bf16 argument takes np.save's file of an ml_dtypes.bfloat16 array
('<V2'), a 'bfloat16' descr, or float32 (rounded to nearest even, said on
stderr); a bf16 result is printed and written (--output-dir) as float32,
exactly, since plain numpy has no bfloat16.

complex64 and complex128 (.npy '<c8', '<c16') arguments and results run
natively (the C ABI's float _Complex and double _Complex) and with --interp.`,
		Args:          cobra.ExactArgs(1),
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(o, args[0], stdout, stderr)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&o.entry, "entry", "main", "the function to run")
	f.StringArrayVar(&o.inputs, "input", nil, "a .npy file for the next argument (once per argument, in order)")
	f.StringVar(&o.outputDir, "output-dir", "", "write the results as result0.npy, result1.npy, ... into this directory (default: print them as numpy prints arrays, each under a header: result 0: float32 (4, 3))")
	f.BoolVar(&o.printFull, "print-full", false, "print every element of a result (default: as numpy, a result of more than 1000 elements shows 3 at each end of each axis and '...')")
	f.BoolVar(&o.printMLIR, "print-mlir", false, "print each result as an MLIR attribute, dense<...> : tensor<...>, one line each")
	f.BoolVar(&o.interp, "interp", false, "run the reference interpreter on the original module instead of native code")
	f.IntVar(&o.bench, "bench", 0, "run the kernel N times after one warm-up and print the median and minimum time on stderr")
	f.IntVar(&o.threads, "threads", runtime.NumCPU(), "threads the native kernel runs on (default: the CPUs this process may use); more than 1 compiles the parallel form (bcast-opt --threads), whose results are the same bits as with 1")
	f.StringVar(&o.pipeline, "pipeline", "cpu", "the named pipeline to compile with: "+strings.Join(passes.PipelineNames(), ", "))
	f.StringVar(&o.clang, "clang", "", "clang to compile LLVM IR and the driver with (default: clang-19 on PATH, else opt/llc and cc)")
	f.StringVar(&o.opt, "opt", "", "LLVM opt to optimize with when clang is not used (default: opt on PATH, skipped if missing)")
	f.StringVar(&o.llc, "llc", "", "LLVM llc to compile with when clang is not used (default: llc on PATH)")
	f.StringVar(&o.cc, "cc", "", "C compiler for the driver and linking when clang is not used (default: cc on PATH)")
	f.BoolVar(&o.keepTemps, "keep-temps", false, "keep the temporary directory (its path is printed on stderr)")
	f.StringVar(&o.maxMemory, "max-memory", "", "with --interp, the largest tensor the interpreter may allocate, e.g. 4GiB, 500MB or 1000000 bytes; 'none' for no limit (default: half the available memory)")
	cmd.SetArgs(args)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	if err := cmd.Execute(); err != nil {
		if _, isExit := err.(exitError); !isExit {
			fmt.Fprintf(stderr, "bcast-run: %s\n", oneLine(err.Error()))
		}
		return 1
	}
	return 0
}

// oneLine joins the lines of a message with "; ".
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// result is one result of a run: its element type, shape and packed
// little-endian row-major bytes.
type result struct {
	elem  ir.Type
	shape []int64
	data  []byte
	// bf16: a bfloat16 result widened to float32 (widenBF16), printed
	// under numpy's name for it.
	bf16 bool
}

func run(o *options, file string, stdout, stderr io.Writer) error {
	if o.bench < 0 {
		return fmt.Errorf("--bench must not be negative")
	}
	if o.threads < 1 {
		return fmt.Errorf("--threads must be at least 1, got %d", o.threads)
	}
	// On a terminal, a line on stderr says what a slow run is doing;
	// everything else written there clears it first.
	p := newProgress(stderr)
	defer p.finish()
	stderr = p.writer(stderr)
	p.set("parsing "+file, 0, 0)
	src, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("cannot open input file: %v", err)
	}
	mod, err := ir.Parse(file, src, ir.ParseOptions{})
	if err == nil {
		err = ir.Verify(mod)
	}
	if err != nil {
		printDiags(stderr, err, file)
		return exitError{}
	}
	fn := lookupFunc(mod, o.entry)
	if fn == nil {
		return fmt.Errorf("%s: no function @%s", file, o.entry)
	}
	ft := funcdialect.Type(fn)
	if len(o.inputs) != len(ft.Inputs) {
		return fmt.Errorf("@%s takes %d argument(s), but %d --input file(s) were given", o.entry, len(ft.Inputs), len(o.inputs))
	}
	args := make([]*npy.Array, len(o.inputs))
	for i, path := range o.inputs {
		a, err := npy.ReadFile(path)
		if err != nil {
			return err
		}
		a, note := bf16Arg(a, ft.Inputs[i])
		if note != "" {
			fmt.Fprintf(p.writer(stderr), "bcast-run: %s: argument %d of @%s: %s\n", path, i, o.entry, note)
		}
		if err := checkArg(a, ft.Inputs[i]); err != nil {
			return fmt.Errorf("%s: argument %d of @%s: %v", path, i, o.entry, err)
		}
		args[i] = a
	}
	var results []result
	if o.interp {
		results, err = runInterp(o, mod, ft, args, stderr, p)
	} else {
		results, err = runNative(o, mod, args, stderr, p)
	}
	if err != nil {
		return err
	}
	p.finish()
	for i, r := range results {
		if r.elem == ir.BF16T {
			results[i] = widenBF16(r)
			if o.outputDir != "" {
				fmt.Fprintf(p.writer(stderr), "bcast-run: result %d is bfloat16, written as float32 (exactly: plain numpy has no bfloat16)\n", i)
			}
		}
	}
	return writeResults(o, results, stdout)
}

// bf16Arg adapts an input array for a bfloat16 argument: numpy's raw
// '<V2' (np.save of an ml_dtypes.bfloat16 array) holds bfloat16 bits,
// and a float32 array is rounded to bfloat16, to nearest even (the note
// says so). Other arrays and arguments are returned as they are.
func bf16Arg(a *npy.Array, t ir.Type) (*npy.Array, string) {
	if elem, _, _ := elemOf(t); elem != ir.BF16T {
		return a, ""
	}
	switch a.DType {
	case npy.DTypeVoid2:
		return &npy.Array{DType: npy.DTypeBFloat16, Shape: a.Shape, Data: a.Data}, ""
	case npy.DTypeFloat32:
		out := make([]byte, len(a.Data)/2)
		for i := 0; i+4 <= len(a.Data); i += 4 {
			binary.LittleEndian.PutUint16(out[i/2:], ir.Float64ToBF16Bits(float64(math.Float32frombits(binary.LittleEndian.Uint32(a.Data[i:])))))
		}
		return &npy.Array{DType: npy.DTypeBFloat16, Shape: a.Shape, Data: out}, "float32 rounded to bfloat16 (to nearest, ties to even)"
	}
	return a, ""
}

// widenBF16 is a bfloat16 result as float32, exactly (its bits shifted
// up).
func widenBF16(r result) result {
	out := make([]byte, 2*len(r.data))
	for i := 0; i+2 <= len(r.data); i += 2 {
		binary.LittleEndian.PutUint32(out[2*i:], uint32(binary.LittleEndian.Uint16(r.data[i:]))<<16)
	}
	return result{elem: ir.F32T, shape: r.shape, data: out, bf16: true}
}

// lookupFunc returns the func.func named name at the top level of mod.
func lookupFunc(mod *ir.Operation, name string) *ir.Operation {
	if mod.Name() == "func.func" {
		if funcdialect.Name(mod) == name {
			return mod
		}
		return nil
	}
	for _, r := range mod.Regions() {
		for _, b := range r.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				if op.Name() == "func.func" && funcdialect.Name(op) == name {
					return op
				}
			}
		}
	}
	return nil
}

// printDiags prints err's diagnostics, one per line.
func printDiags(w io.Writer, err error, file string) {
	for _, d := range ir.AsDiagnostics(err, ir.Location{File: file}) {
		fmt.Fprintln(w, d.Error())
	}
}

// elemOf returns the element type and static shape (nil for a scalar) of
// an argument or result type.
func elemOf(t ir.Type) (ir.Type, []int64, error) {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return t.ElementType(), t.Shape(), nil
	case *ir.UnrankedTensorType:
		return nil, nil, fmt.Errorf("unranked type %s is not supported", t)
	}
	return t, nil, nil
}

// dtypeOf returns the npy dtype that holds elem.
func dtypeOf(elem ir.Type) (npy.DType, error) {
	switch e := elem.(type) {
	case *ir.FloatType:
		switch e.Kind {
		case ir.F16:
			return npy.DTypeFloat16, nil
		case ir.F32:
			return npy.DTypeFloat32, nil
		case ir.F64:
			return npy.DTypeFloat64, nil
		case ir.BF16:
			return npy.DTypeBFloat16, nil
		}
	case *ir.IndexType:
		return npy.DTypeInt64, nil
	case *ir.ComplexType:
		switch e.Elem {
		case ir.F32T:
			return npy.DTypeComplex64, nil
		case ir.F64T:
			return npy.DTypeComplex128, nil
		}
	case *ir.IntegerType:
		if e.Width == 1 && e.Sign != ir.Unsigned {
			return npy.DTypeBool, nil
		}
		if e.Width == 8 || e.Width == 16 || e.Width == 32 || e.Width == 64 {
			k := npy.Int
			if e.Sign == ir.Unsigned {
				k = npy.Uint
			}
			return npy.DType{Kind: k, Size: e.Width / 8}, nil
		}
	}
	return npy.DType{}, fmt.Errorf("element type %s has no .npy dtype", elem)
}

// checkArg checks an input array against the argument type t: the dtype
// must hold t's element type, the rank must match and every static dim
// must have its size.
func checkArg(a *npy.Array, t ir.Type) error {
	elem, shape, err := elemOf(t)
	if err != nil {
		return err
	}
	dt, err := dtypeOf(elem)
	if err != nil {
		return err
	}
	if a.DType != dt {
		return fmt.Errorf("dtype %s does not match %s (needs %s)", a.DType.Name(), t, dt.Name())
	}
	if len(a.Shape) != len(shape) {
		return fmt.Errorf("shape %s has rank %d, but %s has rank %d", shapeString(a.Shape), len(a.Shape), t, len(shape))
	}
	for i, d := range shape {
		if d != ir.Dynamic && d != a.Shape[i] {
			return fmt.Errorf("shape %s does not match %s: dim %d is %d, not %d", shapeString(a.Shape), t, i, a.Shape[i], d)
		}
	}
	return nil
}

// shapeString is numpy's shape tuple: "()", "(4,)", "(3, 4)".
func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	if len(s) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func runInterp(o *options, mod *ir.Operation, ft *ir.FunctionType, args []*npy.Array, stderr io.Writer, p *progress) ([]result, error) {
	ts := make([]*interp.Tensor, len(args))
	for i, a := range args {
		elem, _, _ := elemOf(ft.Inputs[i]) // checked by checkArg
		t, err := interp.FromBytes(elem, a.Shape, a.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.inputs[i], err)
		}
		ts[i] = t
	}
	opts := interp.Options{}
	if o.maxMemory != "" {
		var err error
		if opts.MaxMemory, err = parseSize(o.maxMemory); err != nil {
			return nil, fmt.Errorf("--max-memory: %v", err)
		}
	}
	p.set("interpreting @"+o.entry, 0, 0)
	res, err := interp.RunWithOptions(mod, o.entry, ts, opts)
	if err != nil {
		printDiags(stderr, err, mod.Loc.File)
		return nil, exitError{}
	}
	if o.bench > 0 {
		times := make([]time.Duration, o.bench)
		for i := range times {
			p.set("bench: interpreting @"+o.entry, i+1, len(times))
			start := time.Now()
			if _, err := interp.RunWithOptions(mod, o.entry, ts, opts); err != nil {
				return nil, err
			}
			times[i] = time.Since(start)
		}
		printBench(stderr, times)
	}
	out := make([]result, len(res))
	for i, t := range res {
		out[i] = result{elem: t.ElemType(), shape: t.Shape(), data: t.Bytes()}
	}
	return out, nil
}

func printBench(w io.Writer, times []time.Duration) {
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
	med := ms(times[len(times)/2])
	if len(times)%2 == 0 {
		med = (ms(times[len(times)/2-1]) + med) / 2
	}
	fmt.Fprintf(w, "bench: %d runs, median %.3f ms, min %.3f ms\n", len(times), med, ms(times[0]))
}

func writeResults(o *options, results []result, stdout io.Writer) error {
	if o.outputDir != "" {
		if err := os.MkdirAll(o.outputDir, 0o755); err != nil {
			return err
		}
	}
	for i, r := range results {
		if o.outputDir != "" {
			dt, err := dtypeOf(r.elem)
			if err != nil {
				return fmt.Errorf("result %d: %v", i, err)
			}
			shape := r.shape
			if shape == nil {
				shape = []int64{}
			}
			a := &npy.Array{DType: dt, Shape: shape, Data: r.data}
			if err := npy.WriteFile(filepath.Join(o.outputDir, fmt.Sprintf("result%d.npy", i)), a); err != nil {
				return err
			}
			continue
		}
		if err := printResult(stdout, i, r, o); err != nil {
			return err
		}
	}
	return nil
}

// printResult prints result i on stdout: a header line, "result 0:
// float32 (4, 3)" (numpy's dtype name and shape), and the values as numpy
// prints them (arrayString); or, with --print-mlir or for an element type
// that has no numpy dtype, the MLIR attribute on one line.
func printResult(stdout io.Writer, i int, r result, o *options) error {
	dt, err := dtypeOf(r.elem)
	if o.printMLIR || err != nil {
		t, err := interp.FromBytes(r.elem, r.shape, r.data)
		if err != nil {
			return fmt.Errorf("result %d: %v", i, err)
		}
		_, err = fmt.Fprintln(stdout, ir.AttrString(t.ToDense()))
		return err
	}
	a := ndarray{dt: dt, shape: r.shape, data: r.data}
	if int64(len(r.data)) != a.size()*int64(dt.Size) {
		return fmt.Errorf("result %d: %d bytes for shape %s of %s", i, len(r.data), shapeString(r.shape), dt.Name())
	}
	name := dt.Name()
	if r.bf16 {
		name = "bfloat16 (as float32)"
	}
	_, err = fmt.Fprintf(stdout, "result %d: %s %s\n%s\n", i, name, shapeString(r.shape), arrayString(a, o.printFull))
	return err
}

// errShort is a truncated driver output file.
var errShort = errors.New("the compiled program's output is truncated")
