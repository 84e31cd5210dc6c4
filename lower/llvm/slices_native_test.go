package llvm_test

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

const slicesFile = "testdata/slices.mlir"

// sliceCases run the kernels of testdata/slices.mlir natively and in the
// interpreter: every start/stride/length combination of hlo.slice, alone
// and fused, with static and dynamic operands.
var sliceCases = []nativeCase{
	{fn: "s_identity", shapes: [][]int64{{5}}, specials: true},
	{fn: "s_prefix", shapes: [][]int64{{5}}, specials: true},
	{fn: "s_offset", shapes: [][]int64{{5}}},
	{fn: "s_suffix", shapes: [][]int64{{5}}},
	{fn: "s_stride", shapes: [][]int64{{5}}},
	{fn: "s_offset_stride", shapes: [][]int64{{5}}},
	{fn: "s_stride_full", shapes: [][]int64{{1}}},
	{fn: "s_prefix_i32", shapes: [][]int64{{5}}},
	{fn: "s_prefix_offset", shapes: [][]int64{{4, 6}}},
	{fn: "s_full_offset", shapes: [][]int64{{4, 6}}},
	{fn: "s_prefix_stride", shapes: [][]int64{{4, 6}}},
	{fn: "s_offset_prefix", shapes: [][]int64{{4, 6}}},
	{fn: "s_stride_suffix", shapes: [][]int64{{4, 6}}},
	{fn: "s_prefix_full", shapes: [][]int64{{4, 6}}},
	{fn: "s_unit", shapes: [][]int64{{4, 6}}},
	{fn: "s_three", shapes: [][]int64{{4, 6, 5}}},
	{fn: "d_prefix", shapes: [][]int64{{5}}},
	{fn: "d_prefix", shapes: [][]int64{{2}}},
	{fn: "d_prefix", shapes: [][]int64{{1}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "d_prefix_offset", shapes: [][]int64{{3, 6}}},
	{fn: "d_prefix_offset", shapes: [][]int64{{2, 6}}},
	{fn: "d_prefix_offset", shapes: [][]int64{{1, 6}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "d_full", shapes: [][]int64{{4, 3}}},
	{fn: "d_full", shapes: [][]int64{{4, 7}}},
	{fn: "d_full", shapes: [][]int64{{4, 2}}, wantErr: "tensor.extract_slice: dim 1: offset 0, size 3, stride 1 are out of bounds for size 2"},
	{fn: "d_offset", shapes: [][]int64{{3, 6}}},
	{fn: "d_offset", shapes: [][]int64{{5, 6}}},
	{fn: "d_offset", shapes: [][]int64{{2, 6}}, wantErr: "operand #0 dim 0 has size 2, but index d0 + 1 reaches 2"},
	{fn: "f_prefix_consumer", shapes: [][]int64{{4, 6}, {2}}, specials: true},
	{fn: "f_prefix_producer", shapes: [][]int64{{4, 6}, {3, 6}}, specials: true},
	{fn: "f_unit_consumer", shapes: [][]int64{{4, 6}, {1, 6}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{2, 6}, {2, 3}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{9, 6}, {2, 3}}},
	{fn: "f_dyn_prefix", shapes: [][]int64{{1, 6}, {2, 3}}, wantErr: "tensor.extract_slice: dim 0: offset 0, size 2, stride 1 are out of bounds for size 1"},
	{fn: "f_offset_fused", shapes: [][]int64{{4, 6}, {2}}},
}

// allocates are the kernels of testdata/slices.mlir that may call malloc:
// the producer read through a prefix slice's view is computed whole into
// a temporary (fusion does not fuse a producer through
// tensor.extract_slice). Every other slice is a view or a fused map.
var allocates = map[string]bool{"f_prefix_producer": true}

// TestSlicesLowerLikeInterpreter runs each case's kernel, after
// hlo-legalize-broadcasts and hlo-legalize-to-linalg and after --pipeline=cpu, in the interpreter and
// compares with the interpreter on the hlo kernel (no native tools
// needed; the ABI only gives the arguments' element types).
func TestSlicesLowerLikeInterpreter(t *testing.T) {
	src, err := os.ReadFile(slicesFile)
	if err != nil {
		t.Fatal(err)
	}
	orig, piped := cpuPipeline(t, slicesFile, src)
	linalgOnly := parse(t, slicesFile, src)
	var entries []ir.PassEntry
	for _, p := range []string{"hlo-legalize-broadcasts", "hlo-legalize-to-linalg"} {
		e, err := ir.NewPassEntry(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, e)
	}
	if err := (&ir.PassManager{Entries: entries, VerifyEach: true}).Run(linalgOnly); err != nil {
		t.Fatalf("--hlo-legalize-broadcasts --hlo-legalize-to-linalg: %v", err)
	}
	fns, err := llvm.Functions(piped)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*llvm.FuncABI{}
	for _, f := range fns {
		byName[f.Name] = f
	}
	rng := rand.New(rand.NewSource(11))
	for i, c := range sliceCases {
		f := byName[c.fn]
		if f == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		t.Run(fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes)), func(t *testing.T) {
			args := randomArgs(t, rng, f, c)
			want, wantErr := interp.Run(orig, c.fn, args)
			for _, low := range []struct {
				name string
				m    *ir.Operation
			}{{"--hlo-legalize-to-linalg", linalgOnly}, {"--pipeline=cpu", piped}} {
				got, err := interp.Run(low.m, c.fn, args)
				if (err != nil) != (wantErr != nil) {
					t.Fatalf("%s: error %v; on the hlo kernel %v", low.name, err, wantErr)
				}
				if c.wantErr != "" && wantErr == nil {
					t.Fatalf("the interpreter succeeds on the hlo kernel where an error is expected")
				}
				for k := range want {
					compareTensors(t, low.name, k, got[k], want[k], 0)
				}
			}
		})
	}
}

// TestNativeSlices compiles testdata/slices.mlir through --pipeline=cpu
// and --emit=llvm, checks that only the kernels in allocates call malloc,
// and runs the cases natively against the interpreter.
func TestNativeSlices(t *testing.T) {
	tool(t, "compiling LLVM IR to native code", "clang-19", "llc")
	src, err := os.ReadFile(slicesFile)
	if err != nil {
		t.Fatal(err)
	}
	orig, lowered := cpuPipeline(t, slicesFile, src)
	irText, err := llvm.Emit(lowered, llvm.Options{})
	if err != nil {
		t.Fatalf("Emit: %v", err)
	}
	header, err := llvm.CHeader(lowered, "")
	if err != nil {
		t.Fatal(err)
	}
	fns, err := llvm.Functions(lowered)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*llvm.FuncABI{}
	for _, f := range fns {
		byName[f.Name] = f
		body := llvmFunction(irText, f.Name)
		if body == "" {
			t.Fatalf("no define @%s in the LLVM IR", f.Name)
		}
		if strings.Contains(body, "@malloc") != allocates[f.Name] {
			t.Errorf("@%s: calls malloc = %v, want %v", f.Name, !allocates[f.Name], allocates[f.Name])
		}
	}
	dir := t.TempDir()
	builds := buildNative(t, dir, fns, irText, header)
	rng := rand.New(rand.NewSource(7))
	for i, c := range sliceCases {
		f := byName[c.fn]
		if f == nil {
			t.Fatalf("no function @%s", c.fn)
		}
		t.Run(fmt.Sprintf("%d_%s_%s", i, c.fn, shapesName(c.shapes)), func(t *testing.T) {
			args := randomArgs(t, rng, f, c)
			want, interpErr := interp.Run(orig, c.fn, args)
			for _, b := range builds {
				rc, msg, got := runNative(t, b.exe, dir, f, args, c.resultShapes)
				if c.wantErr != "" {
					if rc != 1 || !strings.Contains(msg, c.wantErr) {
						t.Errorf("%s: got code %d, message %q; want code 1 and a message containing %q", b.name, rc, msg, c.wantErr)
					}
					if interpErr == nil {
						t.Errorf("the interpreter succeeds where native code fails with %q", msg)
					}
					continue
				}
				if interpErr != nil {
					t.Fatalf("interpreter: %v", interpErr)
				}
				if rc != 0 {
					t.Fatalf("%s: code %d: %s", b.name, rc, msg)
				}
				for k := range want {
					compareTensors(t, b.name, k, got[k], want[k], c.ulps)
				}
			}
		})
	}
}

// llvmFunction returns the text of `define ... @name(` up to its closing
// brace in the LLVM IR ir, or "".
func llvmFunction(ir, name string) string {
	for _, chunk := range strings.Split(ir, "\ndefine ")[1:] {
		head, _, _ := strings.Cut(chunk, "(")
		if strings.HasSuffix(head, " @"+name) {
			body, _, _ := strings.Cut(chunk, "\n}\n")
			return body
		}
	}
	return ""
}
