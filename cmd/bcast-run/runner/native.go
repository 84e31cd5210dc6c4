package runner

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
	"github.com/bcast-opt/bcast-opt/npy"
)

// findTools picks the toolchain from the flags and PATH, as
// compiler.FindToolchain does, with the flags to try in the message when
// there is none.
func findTools(o *options) (compiler.Toolchain, error) {
	t, err := compiler.FindToolchain(compiler.Toolchain{Clang: o.clang, Opt: o.opt, LLC: o.llc, CC: o.cc})
	var missing *compiler.MissingToolError
	if errors.Is(err, compiler.ErrNoToolchain) && errors.As(err, &missing) {
		return t, fmt.Errorf("native code needs clang-19, or llc and cc (see --clang, --llc, --cc; or use --interp): %v", missing)
	}
	return t, err
}

func runNative(o *options, mod *ir.Operation, args []*npy.Array, stderr io.Writer) ([]result, error) {
	if err := compiler.RunPipeline(mod, o.pipeline); err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	fns, err := llvm.Functions(mod)
	if err != nil {
		printDiags(stderr, err, mod.Loc.File)
		return nil, exitError{}
	}
	var fn *llvm.FuncABI
	for _, f := range fns {
		if f.Name == o.entry {
			fn = f
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("@%s is not a public function with a body: it has no C interface", o.entry)
	}
	target := llvm.HostTarget()
	ll, err := compiler.LLVMIR(mod, compiler.Options{Target: target.Triple})
	if err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	header, err := compiler.CHeader(mod, "BCAST_RUN_KERNELS_H")
	if err != nil {
		return nil, reportDiags(stderr, err, mod.Loc.File)
	}
	tools, err := findTools(o)
	if err != nil {
		return nil, err
	}

	dir, err := os.MkdirTemp("", "bcast-run-")
	if err != nil {
		return nil, err
	}
	if o.keepTemps {
		fmt.Fprintf(stderr, "bcast-run: temporary files in %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	p := func(name string) string { return filepath.Join(dir, name) }
	files := map[string]string{
		"kernels.ll": ll,
		"kernels.h":  header,
		"driver.c":   driverSource(fn, "kernels.h"),
	}
	for name, text := range files {
		if err := os.WriteFile(p(name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	exe := p("prog")
	if err := compile(tools, target, dir, exe); err != nil {
		return nil, err
	}
	if err := os.WriteFile(p("in.bin"), packInputs(args), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, p("in.bin"), p("out.bin"), fmt.Sprint(o.bench))
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	runErr := cmd.Run()
	// The driver prints only the bench line on stderr on success.
	stderr.Write(errOut.Bytes())
	if runErr != nil {
		return nil, fmt.Errorf("the compiled program failed: %v", runErr)
	}
	out, err := os.ReadFile(p("out.bin"))
	if err != nil {
		return nil, err
	}
	return readOutputs(fn, out)
}

// reportDiags prints err's diagnostics and returns exitError; an error
// without a location (an unknown pipeline) is returned as it is.
func reportDiags(stderr io.Writer, err error, file string) error {
	var diags ir.DiagList
	if !errors.As(err, &diags) {
		return err
	}
	printDiags(stderr, err, file)
	return exitError{}
}

// compile builds exe from kernels.ll and driver.c in dir.
func compile(t compiler.Toolchain, target llvm.Target, dir, exe string) error {
	if err := t.CompileLLVM(dir, "kernels.ll", "kernels.o", target.Triple); err != nil {
		return err
	}
	return t.Link(dir, exe, "driver.c", "kernels.o")
}

// readOutputs decodes the driver's output file: the int32 return code,
// then each result's dims and elements, or the error message.
func readOutputs(fn *llvm.FuncABI, out []byte) ([]result, error) {
	r := bytes.NewReader(out)
	var rc int32
	if err := binary.Read(r, binary.LittleEndian, &rc); err != nil {
		return nil, errShort
	}
	if rc != 0 {
		var n int64
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil || n < 0 || n > int64(r.Len()) {
			return nil, errShort
		}
		msg := make([]byte, n)
		_, _ = io.ReadFull(r, msg)
		kind := "run-time error"
		if rc == 2 {
			kind = "out of memory"
		}
		return nil, fmt.Errorf("%s: %s", kind, oneLine(string(msg)))
	}
	res := make([]result, len(fn.Results))
	for i, t := range fn.Results {
		var shape []int64
		if t.Rank() > 0 {
			shape = make([]int64, t.Rank())
			if err := binary.Read(r, binary.LittleEndian, shape); err != nil {
				return nil, errShort
			}
		}
		n := int64(t.ElemSize())
		for _, d := range shape {
			n *= d
		}
		if n < 0 || n > int64(r.Len()) {
			return nil, errShort
		}
		data := make([]byte, n)
		_, _ = io.ReadFull(r, data)
		res[i] = result{elem: t.Elem, shape: shape, data: data}
	}
	return res, nil
}

// driverSource returns the C program that runs fn:
//
//	prog IN OUT BENCH
//
// IN holds each argument's dims (int64) and packed elements; OUT receives
// the int32 return code, then each result's dims and elements (or the
// int64 length of the error message and its bytes). With BENCH > 0 the
// kernel runs once more as a warm-up and then BENCH times, and the median
// and minimum times are printed on stderr.
func driverSource(fn *llvm.FuncABI, header string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, `/* Generated by bcast-run. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include %q

static int64_t numel(const int64_t *shape, int rank) {
	int64_t n = 1;
	for (int i = 0; i < rank; i++) n *= shape[i];
	return n;
}

static void *read_tensor(FILE *f, int64_t *shape, int rank, size_t elem) {
	if (rank > 0 && fread(shape, sizeof(int64_t), rank, f) != (size_t)rank) return NULL;
	size_t bytes = (size_t)numel(shape, rank) * elem;
	void *p = malloc(bytes ? bytes : 1);
	if (p && bytes && fread(p, 1, bytes, f) != bytes) { free(p); return NULL; }
	return p;
}

static int write_tensor(FILE *f, const int64_t *shape, int rank, size_t elem, const void *p) {
	size_t bytes = (size_t)numel(shape, rank) * elem;
	if (rank > 0 && fwrite(shape, sizeof(int64_t), rank, f) != (size_t)rank) return 0;
	return bytes == 0 || fwrite(p, 1, bytes, f) == bytes;
}

static int write_error(FILE *f, int32_t rc, const char *msg) {
	int64_t n = (int64_t)strlen(msg);
	return fwrite(&rc, sizeof rc, 1, f) == 1 && fwrite(&n, sizeof n, 1, f) == 1 &&
		(n == 0 || fwrite(msg, 1, (size_t)n, f) == (size_t)n);
}

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: %%s IN OUT BENCH\n", argv[0]);
		return 2;
	}
	long bench = strtol(argv[3], NULL, 10);
	FILE *in = fopen(argv[1], "rb");
	FILE *out = fopen(argv[2], "wb");
	if (!in || !out) { fprintf(stderr, "cannot open %%s or %%s\n", argv[1], argv[2]); return 2; }
	static char err[4096];
	int32_t rc = 0;
	int ok = 0;
`, header)
	n := len(fn.Args) + len(fn.Results)
	fmt.Fprintf(&sb, "\tvoid *bufs[%d] = {0};\n", max(n, 1))
	var kargs, sargs []string
	for i, a := range fn.Args {
		fmt.Fprintf(&sb, "\tint64_t %s_shape[%d];\n", a.Name, max(a.Rank(), 1))
		fmt.Fprintf(&sb, "\t%s *%s = bufs[%d] = read_tensor(in, %s_shape, %d, %d);\n", a.CType(), a.Name, i, a.Name, a.Rank(), a.ElemSize())
		fmt.Fprintf(&sb, "\tif (!%s) goto done;\n", a.Name)
		kargs = append(kargs, a.Name, a.Name+"_shape")
		sargs = append(sargs, a.Name+"_shape")
	}
	for _, r := range fn.Results {
		fmt.Fprintf(&sb, "\tint64_t %s_shape[%d];\n", r.Name, max(r.Rank(), 1))
		sargs = append(sargs, r.Name+"_shape")
	}
	sargs = append(sargs, "err", "sizeof err")
	fmt.Fprintf(&sb, "\trc = %s(%s);\n", fn.ShapesName, strings.Join(sargs, ", "))
	sb.WriteString("\tif (rc != 0) { ok = write_error(out, rc, err); goto done; }\n")
	for i, r := range fn.Results {
		fmt.Fprintf(&sb, "\tsize_t %s_bytes = (size_t)numel(%s_shape, %d) * %d;\n", r.Name, r.Name, r.Rank(), r.ElemSize())
		fmt.Fprintf(&sb, "\t%s *%s = bufs[%d] = malloc(%s_bytes ? %s_bytes : 1);\n", r.CType(), r.Name, len(fn.Args)+i, r.Name, r.Name)
		fmt.Fprintf(&sb, "\tif (!%s) goto done;\n", r.Name)
		kargs = append(kargs, r.Name, r.Name+"_shape")
	}
	kargs = append(kargs, "err", "sizeof err")
	call := fmt.Sprintf("%s(%s)", fn.CName, strings.Join(kargs, ", "))
	fmt.Fprintf(&sb, "\trc = %s;\n", call)
	sb.WriteString("\tif (rc != 0) { ok = write_error(out, rc, err); goto done; }\n")
	fmt.Fprintf(&sb, `	if (bench > 0) {
		double *t = malloc((size_t)bench * sizeof(double));
		if (!t) goto done;
		for (long i = 0; i < bench; i++) {
			double t0 = now_ms();
			rc = %s;
			t[i] = now_ms() - t0;
			if (rc != 0) { free(t); ok = write_error(out, rc, err); goto done; }
		}
		qsort(t, (size_t)bench, sizeof(double), cmp_double);
		double med = bench %% 2 ? t[bench / 2] : (t[bench / 2 - 1] + t[bench / 2]) / 2;
		fprintf(stderr, "bench: %%ld runs, median %%.3f ms, min %%.3f ms\n", bench, med, t[0]);
		free(t);
	}
`, call)
	sb.WriteString("\tif (fwrite(&rc, sizeof rc, 1, out) != 1) goto done;\n")
	for _, r := range fn.Results {
		fmt.Fprintf(&sb, "\tif (!write_tensor(out, %s_shape, %d, %d, %s)) goto done;\n", r.Name, r.Rank(), r.ElemSize(), r.Name)
	}
	sb.WriteString("\tok = 1;\ndone:\n")
	fmt.Fprintf(&sb, "\tfor (int i = 0; i < %d; i++) free(bufs[i]);\n", n)
	sb.WriteString(`	fclose(in);
	if (!ok || fclose(out) != 0) { fprintf(stderr, "I/O error\n"); return 2; }
	return 0;
}
`)
	return sb.String()
}
