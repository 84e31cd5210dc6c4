package llvm

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	llir "github.com/llir/llvm/ir"

	"github.com/bcast-opt/bcast-opt/internal/didyoumean"
)

// This file owns the target CPU of the emitted code: the "target-cpu" and
// "target-features" attributes of every function the module defines (one
// attribute group, written as clang writes it), --target-cpu and
// --target-features, and their checks against the names LLVM knows
// (cpu_tables.go). The host's CPU and features are cpu_host.go's.
//
// The names must be known to LLVM 14, not only to LLVM 19, since the
// output must be accepted by both (docs/SPEC.md §6): LLVM 14 ignores a CPU
// or feature it does not know with a warning and falls back to its
// generic x86-64 or AArch64 code, which is the silent slowdown the
// attributes are there to prevent. A CPU only LLVM 19 knows (znver4,
// graniterapids, ...) is therefore refused by --target-cpu, with the
// advice to name an older CPU and add the features; the host's CPU, when
// it is one of those, is written as the newest CPU LLVM 14 knows of its
// line, with the host's own features listed (cpu_host.go).

// genericCPUs are the CPUs written for a target that is not the host's
// architecture when no --target-cpu is given: LLVM's own default for the
// triple, which every machine of the architecture runs.
var genericCPUs = map[string]string{"x86_64": "x86-64", "aarch64": "generic"}

// Arch returns the architecture part of t's triple: "x86_64" or
// "aarch64".
func (t Target) Arch() string {
	arch, _, _ := strings.Cut(t.Triple, "-")
	return arch
}

// regBytes is the width of t's widest vector registers that code here
// uses: AVX-512's 64 bytes, NEON's 16 on AArch64, else AVX's 32 (every
// x86-64 CPU with FMA has AVX; code that checks lanes by register, as
// divide.go's, runs only there).
func (t Target) regBytes() int {
	switch {
	case t.hasAVX512():
		return 64
	case t.Arch() == "aarch64":
		return 16
	}
	return 32
}

// cpuNames are the names of one architecture: the CPUs LLVM 14 knows, the
// ones only LLVM 19 knows, and the features both know.
type cpuNames struct {
	cpus14, cpus19Only, features []string
}

var (
	namesOnce sync.Once
	names     map[string]*cpuNames
)

// namesOf returns the tables of arch, or nil for an architecture without
// them.
func namesOf(arch string) *cpuNames {
	namesOnce.Do(func() {
		names = map[string]*cpuNames{
			"x86_64":  {strings.Fields(x86CPUs14), strings.Fields(x86CPUs19Only), strings.Fields(x86Features)},
			"aarch64": {strings.Fields(aarch64CPUs14), strings.Fields(aarch64CPUs19Only), strings.Fields(aarch64Features)},
		}
	})
	return names[arch]
}

// KnownCPU reports whether LLVM 14 (and so LLVM 19) knows cpu as a CPU of
// arch ("x86_64" or "aarch64").
func KnownCPU(arch, cpu string) bool {
	n := namesOf(arch)
	return n != nil && slices.Contains(n.cpus14, cpu)
}

// KnownFeature reports whether LLVM 14 and LLVM 19 both know feature
// (without its + or -) as a feature of arch.
func KnownFeature(arch, feature string) bool {
	n := namesOf(arch)
	return n != nil && slices.Contains(n.features, feature)
}

// ResolveTarget reads `--target`, `--target-cpu` and `--target-features`
// as bcast-opt takes them: the target of ParseTarget(target) with cpu and
// features applied by WithCPU. ("", "", "") is the host, its CPU and its
// features.
func ResolveTarget(target, cpu, features string) (Target, error) {
	t, err := ParseTarget(target)
	if err != nil {
		return Target{}, err
	}
	return t.WithCPU(cpu, features)
}

// WithCPU returns t for the CPU cpu, with the features changed by
// features:
//
//   - cpu "" keeps t's CPU and features (from ParseTarget: the host's, or
//     the architecture's generic CPU); "native" or "host" is the host's
//     CPU and features, and an error when t is not the host's
//     architecture; any other name must be one LLVM 14 knows for t's
//     architecture, and brings no features of its own (LLVM derives them
//     from the CPU, as for clang's -march=NAME).
//   - features is a comma-separated list of "+name" (enable) and "-name"
//     (disable), with names LLVM 14 and 19 both know; each replaces the
//     same feature's entry in the list, or is added to it.
//
// The features are written sorted, so that the text depends on the set
// only. An unknown name is an error that suggests the nearest known one.
func (t Target) WithCPU(cpu, features string) (Target, error) {
	arch := t.Arch()
	n := namesOf(arch)
	if n == nil {
		return Target{}, fmt.Errorf("no CPU names for target %s", t.Triple)
	}
	switch cpu {
	case "":
	case "native", "host":
		h := HostTarget()
		if h.Arch() != arch {
			return Target{}, fmt.Errorf("--target-cpu=%s: the host is %s, not %s; name a CPU of %s", cpu, h.Arch(), arch, arch)
		}
		t.CPU, t.Features = h.CPU, h.Features
	default:
		if !slices.Contains(n.cpus14, cpu) {
			return Target{}, unknownCPU(arch, cpu, n)
		}
		t.CPU, t.Features = cpu, ""
	}
	if features == "" {
		return t, nil
	}
	set := map[string]byte{}
	for _, f := range splitFeatures(t.Features) {
		set[f[1:]] = f[0]
	}
	for _, f := range strings.Split(features, ",") {
		f = strings.TrimSpace(f)
		if len(f) < 2 || f[0] != '+' && f[0] != '-' {
			return Target{}, fmt.Errorf("--target-features: %q is not +NAME or -NAME (a comma-separated list such as +avx2,-avx512f)", f)
		}
		if !slices.Contains(n.features, f[1:]) {
			msg := fmt.Sprintf("--target-features: unknown feature %q for %s (LLVM 14 and 19 must both know it)", f[1:], arch)
			if s := didyoumean.Closest(f[1:], n.features); s != "" {
				msg += fmt.Sprintf("; did you mean '%c%s'?", f[0], s)
			}
			return Target{}, fmt.Errorf("%s", msg)
		}
		set[f[1:]] = f[0]
	}
	t.Features = joinFeatures(set)
	if arch == "x86_64" && avx512Enabled(t.Features) && !avx512CPU(t.CPU) {
		return Target{}, fmt.Errorf("--target-features=%s: AVX-512 on --target-cpu=%s, which has none, needs LLVM 19's evex512 feature (without it llc-19 writes no zmm register or fails), which LLVM 14 does not know: name a CPU with AVX-512 (x86-64-v4, skylake-avx512, icelake-server, ...) or x86-64", features, t.CPU)
	}
	return t, nil
}

// avx512CPUs are the x86-64 CPUs LLVM 14 knows that have AVX-512, whose
// LLVM 19 features include evex512 (the 512-bit registers); with x86-64
// and generic, to which LLVM 19 adds evex512 when a feature enables
// AVX-512, they are the CPUs on which "+avx512..." features work in both
// releases.
var avx512CPUs = []string{
	"knl", "knm", "skylake-avx512", "skx", "cascadelake", "cooperlake", "cannonlake",
	"icelake-client", "icelake-server", "tigerlake", "rocketlake", "sapphirerapids", "x86-64-v4",
	"x86-64", "generic",
}

// avx512CPU reports whether cpu is one of avx512CPUs.
func avx512CPU(cpu string) bool { return slices.Contains(avx512CPUs, cpu) }

// avx512Enabled reports whether a feature list enables an AVX-512
// feature.
func avx512Enabled(features string) bool {
	for _, f := range splitFeatures(features) {
		if strings.HasPrefix(f, "+avx512") {
			return true
		}
	}
	return false
}

// unknownCPU is WithCPU's error for a CPU LLVM 14 does not know.
func unknownCPU(arch, cpu string, n *cpuNames) error {
	if slices.Contains(n.cpus19Only, cpu) {
		msg := fmt.Sprintf("--target-cpu=%s: LLVM 19 knows this %s CPU but LLVM 14 does not, and the output must be accepted by both (LLVM 14 ignores a CPU it does not know): name an older CPU and add what it lacks with --target-features", cpu, arch)
		if older, ok := llvm14CPU[cpu]; ok {
			msg += fmt.Sprintf("; the nearest LLVM 14 knows is '%s'", older)
		}
		return fmt.Errorf("%s", msg)
	}
	msg := fmt.Sprintf("--target-cpu=%s: unknown CPU for %s", cpu, arch)
	if s := didyoumean.Closest(cpu, n.cpus14); s != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", s)
	}
	return fmt.Errorf("%s", msg)
}

// llvm14CPU maps the x86-64 CPUs only LLVM 19 knows to the newest CPU of
// their line that LLVM 14 knows, whose instruction set they extend (the
// host's CPU is written this way, cpu_host.go).
var llvm14CPU = map[string]string{
	"raptorlake": "alderlake", "meteorlake": "alderlake", "gracemont": "alderlake",
	"arrowlake": "alderlake", "arrowlake-s": "alderlake", "arrowlake_s": "alderlake",
	"lunarlake": "alderlake", "pantherlake": "alderlake",
	"sierraforest": "alderlake", "grandridge": "alderlake", "clearwaterforest": "alderlake",
	"emeraldrapids": "sapphirerapids", "graniterapids": "sapphirerapids",
	"graniterapids-d": "sapphirerapids", "graniterapids_d": "sapphirerapids",
	"znver4": "znver3", "znver5": "znver3",
}

// splitFeatures splits a "+a,-b" list; "" is none.
func splitFeatures(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// joinFeatures writes a set of features (name to '+' or '-') as LLVM's
// sorted "+a,-b" list.
func joinFeatures(set map[string]byte) string {
	list := make([]string, 0, len(set))
	for name, sign := range set {
		list = append(list, string(sign)+name)
	}
	slices.Sort(list)
	return strings.Join(list, ",")
}

// addTargetAttrs gives every function the module defines the attribute
// group `attributes #0 = { "target-cpu"="..." "target-features"="..." }`
// of the emitter's target, as clang does, so that any llc, opt or clang
// that compiles the module generates code for that CPU. A target without
// a CPU (the X86_64 and AArch64 values themselves) gets none: LLVM's
// default for the triple.
func (e *emitter) addTargetAttrs() {
	t := e.target
	if t.CPU == "" && t.Features == "" {
		return
	}
	var attrs []llir.FuncAttribute
	if t.CPU != "" {
		attrs = append(attrs, llir.AttrPair{Key: "target-cpu", Value: t.CPU})
	}
	if t.Features != "" {
		attrs = append(attrs, llir.AttrPair{Key: "target-features", Value: t.Features})
	}
	group := &llir.AttrGroupDef{ID: 0, FuncAttrs: attrs}
	e.m.AttrGroupDefs = append(e.m.AttrGroupDefs, group)
	for _, f := range e.m.Funcs {
		if len(f.Blocks) > 0 {
			f.FuncAttrs = append(f.FuncAttrs, group)
		}
	}
}
