package llvm

import (
	"fmt"
	"runtime"
	"strings"
)

// This file owns the targets: their triples and data layouts, and
// --target's spellings.

// Target is the CPU the LLVM IR is written for: its triple and data
// layout. Only 64-bit little-endian Linux targets are supported (`index`
// is i64 and the C ABI's size_t is 64 bits).
type Target struct {
	Triple     string
	DataLayout string
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

// HostTarget returns the target of the machine running the compiler:
// AArch64 on arm64 hosts, x86-64 otherwise.
func HostTarget() Target {
	if runtime.GOARCH == "arm64" {
		return AArch64
	}
	return X86_64
}

// ParseTarget reads a `--target` value: a triple or an architecture name
// (`x86_64-unknown-linux-gnu`, `x86_64-linux-gnu`, `x86-64`, `amd64`,
// `aarch64-linux-gnu`, `arm64`, ...). The empty string is the host.
func ParseTarget(s string) (Target, error) {
	if s == "" || s == "host" {
		return HostTarget(), nil
	}
	arch, rest, _ := strings.Cut(strings.ToLower(s), "-")
	if rest != "" && !strings.Contains(rest, "linux") {
		return Target{}, fmt.Errorf("unsupported target %q: only Linux targets are supported (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu)", s)
	}
	switch arch {
	case "x86_64", "x86-64", "amd64", "x64":
		return X86_64, nil
	case "aarch64", "arm64":
		return AArch64, nil
	}
	return Target{}, fmt.Errorf("unsupported target %q: known targets are x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu", s)
}
