package llvm_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// TestAArch64MatmulInnerLoop pins the shape of AArch64's matmul
// micro-kernel (matmul.go's matmulTile: 12 rows of two 16-byte vectors,
// a's elements taken by lane) as llc-19 -O2 compiles it for a Neoverse N1
// (and for the generic CPU and an Apple M1),
// in W8's dense layer and contraction.mlir's @dense (f32, through
// contraction chains, whose a operand is packed on AArch64 whatever its
// stride) and in testdata/matmul.mlir's @mm (f32) and @mm_f64: the function's only block
// with fmla is a loop of one block (one step of k) with 24 fmla, each
// taking a's element by lane, at most 3 (f32) or 4 (f64) loads, no
// stores and no stack (sp-relative) access, and at most 5 other
// instructions (the pointers, the counter and the branch). Qemu runs
// AArch64 code but does not time it; this is the evidence of its speed
// (a Neoverse N1 issues two fmla a cycle, so the loop's 24 fmla take 12
// cycles and its other instructions fit in the same cycles).
func TestAArch64MatmulInnerLoop(t *testing.T) {
	t.Parallel()
	llc := tool(t, "compiling LLVM IR for AArch64", "llc-19")
	for _, c := range []struct {
		file, fn string
		loads    int
		lane     string
	}{
		{"../../bench/workloads/W8.mlir", "main_fn", 3, ".s["},
		{contractionFile, "dense", 3, ".s["}, // a chain whose a rows are 64 bytes apart
		{matmulFile, "mm", 3, ".s["},
		{matmulFile, "mm_f64", 4, ".d["},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		_, m := cpuPipeline(t, c.file, src)
		for _, cpu := range []string{"neoverse-n1", "generic", "apple-m1"} {
			target, err := llvm.AArch64.WithCPU(cpu, "")
			if err != nil {
				t.Fatal(err)
			}
			text, err := llvm.Emit(m, llvm.Options{Target: target})
			if err != nil {
				t.Fatalf("%s: Emit: %v", c.file, err)
			}
			cmd := exec.Command(llc, "-O2", "-o", "-")
			cmd.Stdin = strings.NewReader(text)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: llc-19: %v", c.file, err)
			}
			what := c.file + " @" + c.fn + " for " + cpu
			blocks := fmlaBlocks(asmFunction(string(out), c.fn))
			if len(blocks) != 1 {
				t.Errorf("%s: %d blocks with fmla, want 1 (the micro-kernel's loop)", what, len(blocks))
				continue
			}
			b := blocks[0]
			var fmla, loads, other int
			for _, ins := range b.instrs {
				op, _, _ := strings.Cut(ins, "\t")
				switch {
				case op == "fmla":
					fmla++
					if !strings.Contains(ins, c.lane) {
						t.Errorf("%s: %q does not take a's element by lane", what, ins)
					}
				case strings.HasPrefix(op, "ld"):
					loads++
				case strings.HasPrefix(op, "st"):
					t.Errorf("%s: a store in the loop: %q", what, ins)
				default:
					other++
				}
				if strings.Contains(ins, "[sp") {
					t.Errorf("%s: a stack access (spill) in the loop: %q", what, ins)
				}
			}
			if last := b.instrs[len(b.instrs)-1]; !strings.HasPrefix(last, "b") || !strings.HasSuffix(last, b.label) {
				t.Errorf("%s: the block with fmla ends with %q, not a branch to itself (%s)", what, last, b.label)
			}
			if fmla != 24 || loads > c.loads || other > 5 {
				t.Errorf("%s: the micro-kernel's loop has %d fmla, %d loads and %d other instructions; want 24, at most %d and at most 5:\n%s",
					what, fmla, loads, other, c.loads, strings.Join(b.instrs, "\n"))
			}
			t.Logf("%s: %d fmla, %d loads, %d other instructions per step of k", what, fmla, loads, other)
		}
	}
}

// asmBlock is a basic block of an assembly listing: its label and its
// instructions (mnemonic and operands, without comments).
type asmBlock struct {
	label  string
	instrs []string
}

var asmLabel = regexp.MustCompile(`^([A-Za-z_.$][\w.$]*):`)

// asmFunction returns the lines of function fn in the assembly listing
// asm: from its label to the next function's label.
func asmFunction(asm, fn string) []string {
	var lines []string
	in := false
	for _, line := range strings.Split(asm, "\n") {
		if m := asmLabel.FindStringSubmatch(line); m != nil && !strings.HasPrefix(m[1], ".") {
			in = m[1] == fn
			continue
		}
		if in {
			lines = append(lines, line)
		}
	}
	return lines
}

// fmlaBlocks returns the blocks of lines that contain an fmla.
func fmlaBlocks(lines []string) []asmBlock {
	var blocks []asmBlock
	cur := asmBlock{}
	flush := func() {
		for _, ins := range cur.instrs {
			if strings.HasPrefix(ins, "fmla\t") {
				blocks = append(blocks, cur)
				break
			}
		}
	}
	for _, line := range lines {
		if m := asmLabel.FindStringSubmatch(line); m != nil {
			flush()
			cur = asmBlock{label: m[1]}
			continue
		}
		ins, _, _ := strings.Cut(line, "//")
		if ins = strings.TrimSpace(ins); ins != "" && !strings.HasPrefix(ins, ".") {
			cur.instrs = append(cur.instrs, ins)
		}
	}
	flush()
	return blocks
}
