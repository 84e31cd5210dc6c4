package llvm

import (
	"fmt"
	"strings"
)

// This file owns the targets: their triples and data layouts, and
// --target's spellings (their CPUs are cpu.go's).

// Target is the CPU the LLVM IR is written for: its triple and data
// layout, and the CPU and features its functions' attributes name
// (cpu.go). Only 64-bit little-endian Linux targets are supported
// (`index` is i64 and the C ABI's size_t is 64 bits).
type Target struct {
	Triple     string
	DataLayout string
	// CPU is LLVM's name of the CPU ("rocketlake", "x86-64-v3",
	// "generic"), written as the "target-cpu" attribute; "" writes none
	// (LLVM's default for the triple).
	CPU string
	// Features is LLVM's comma-separated list of the features added to
	// or removed from the CPU's ("+avx2,-avx512f"), written as the
	// "target-features" attribute; "" writes none.
	Features string
}

// The data layouts are LLVM 14's strings for these triples; LLVM 19
// upgrades the x86-64 one (adding i128:128) when it reads the module, so
// both releases accept the same text.
var (
	// X86_64 is x86_64-unknown-linux-gnu.
	X86_64 = Target{
		Triple:     "x86_64-unknown-linux-gnu",
		DataLayout: "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
	}
	// AArch64 is aarch64-unknown-linux-gnu.
	AArch64 = Target{
		Triple:     "aarch64-unknown-linux-gnu",
		DataLayout: "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128",
	}
)

// ParseTarget reads a `--target` value: a triple or an architecture name
// (`x86_64-unknown-linux-gnu`, `x86_64-linux-gnu`, `x86-64`, `amd64`,
// `aarch64-linux-gnu`, `arm64`, ...). The empty string is the host. The
// host's architecture gets the host's CPU and features (HostTarget);
// another gets the architecture's generic CPU (x86-64, generic), which
// WithCPU can change.
func ParseTarget(s string) (Target, error) {
	if s == "" || s == "host" {
		return HostTarget(), nil
	}
	arch, rest, _ := strings.Cut(strings.ToLower(s), "-")
	if rest != "" && !strings.Contains(rest, "linux") {
		return Target{}, fmt.Errorf("unsupported target %q: only Linux targets are supported (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu)", s)
	}
	var t Target
	switch arch {
	case "x86_64", "x86-64", "amd64", "x64":
		t = X86_64
	case "aarch64", "arm64":
		t = AArch64
	default:
		return Target{}, fmt.Errorf("unsupported target %q: known targets are x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu", s)
	}
	if h := HostTarget(); h.Triple == t.Triple {
		return h, nil
	}
	t.CPU = genericCPUs[t.Arch()]
	return t, nil
}
