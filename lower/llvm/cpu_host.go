package llvm

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// This file detects the host's CPU and features, the default of the
// emitted "target-cpu" and "target-features" attributes (cpu.go), from
// /proc/cpuinfo: no external tool and no cpuid instruction of our own, so
// the result depends on the machine only (not on which LLVM is on PATH)
// and the Linux kernel has already removed what the OS does not enable
// (AVX-512 without its register state saved, for one).
//
// The CPU name is the one LLVM's own host detection gives
// (sys::getHostCPUName, from the vendor, family and model, and for some
// models the features), except that a CPU only LLVM 19 knows is written
// as the newest LLVM 14 knows of its line, since the output must be
// accepted by both: graniterapids as sapphirerapids, arrowlake as
// alderlake, znver4 and znver5 as znver3, and so on (but as x86-64-v4
// when the host has AVX-512 and the older CPU does not: cpu.go's
// avx512CPUs says why). Nothing is lost by
// it but the newer scheduling model: the features are listed in full,
// each with + or -, as clang -march=native lists them (restricted to the
// features LLVM 14 and 19 both know), so the instruction set is the
// host's whatever the name. A vendor or model LLVM does not name is
// written as the x86-64 level its features reach (x86-64-v4, -v3, -v2).
//
// AArch64 hosts are written as "generic" with the features of cpuinfo's
// Features line (LLVM names cores by implementer and part number; that
// table is not kept here). Without a readable /proc/cpuinfo the target
// is the architecture's generic CPU with no features.

var (
	hostOnce   sync.Once
	hostTarget Target
)

// HostTarget returns the target of the machine running the compiler:
// AArch64 on arm64 hosts, x86-64 otherwise, with the host's CPU and
// features (read from /proc/cpuinfo once per process).
func HostTarget() Target {
	hostOnce.Do(func() {
		info, _ := os.ReadFile("/proc/cpuinfo") // unreadable: the generic CPU
		hostTarget = hostFromCPUInfo(runtime.GOARCH, string(info))
	})
	return hostTarget
}

// hostFromCPUInfo is the host target for Go's GOARCH goarch from the
// text of /proc/cpuinfo (its first processor's lines).
func hostFromCPUInfo(goarch, cpuinfo string) Target {
	fields := map[string]string{}
	for _, line := range strings.Split(cpuinfo, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			if strings.TrimSpace(line) == "" && len(fields) > 0 {
				break // the end of the first processor
			}
			continue
		}
		fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if goarch == "arm64" {
		t := AArch64
		t.CPU = genericCPUs["aarch64"]
		t.Features = hostFeatures(aarch64HostFeatures, strings.Fields(fields["Features"]))
		return t
	}
	t := X86_64
	t.CPU = genericCPUs["x86_64"]
	flags := strings.Fields(fields["flags"])
	if len(flags) == 0 {
		return t
	}
	has := map[string]bool{}
	for _, f := range flags {
		has[f] = true
	}
	family, _ := strconv.Atoi(fields["cpu family"])
	model, _ := strconv.Atoi(fields["model"])
	t.CPU = x86HostCPU(fields["vendor_id"], family, model, has)
	t.Features = hostFeatures(x86HostFeatures, flags)
	if avx512Enabled(t.Features) && !avx512CPU(t.CPU) {
		// a CPU LLVM 14 names without AVX-512 (zen 4 as znver3): LLVM 19
		// would drop the 512-bit registers (cpu.go, avx512CPUs)
		t.CPU = "x86-64"
		if x86Level(has) == "x86-64-v4" {
			t.CPU = "x86-64-v4"
		}
	}
	return t
}

// hostFeatures writes every feature of table with + when the host has
// one of its cpuinfo flags and - otherwise, sorted as LLVM lists them.
func hostFeatures(table map[string][]string, flags []string) string {
	has := map[string]bool{}
	for _, f := range flags {
		has[f] = true
	}
	set := map[string]byte{}
	for name, fl := range table {
		set[name] = '-'
		for _, f := range fl {
			if has[f] {
				set[name] = '+'
			}
		}
	}
	return joinFeatures(set)
}

// x86HostFeatures maps the x86-64 features LLVM's host detection reports
// (sys::getHostCPUFeatures), those LLVM 14 and 19 both know, to the
// /proc/cpuinfo flags that show them (any one of them). Linux shows no
// flag for Key Locker (kl, widekl), which are therefore always written
// disabled: no kernel of ours would use them.
var x86HostFeatures = map[string][]string{
	"64bit": {"lm"}, "adx": {"adx"}, "aes": {"aes"},
	"amx-bf16": {"amx_bf16"}, "amx-int8": {"amx_int8"}, "amx-tile": {"amx_tile"},
	"avx": {"avx"}, "avx2": {"avx2"},
	"avx512bf16": {"avx512_bf16"}, "avx512bitalg": {"avx512_bitalg"}, "avx512bw": {"avx512bw"},
	"avx512cd": {"avx512cd"}, "avx512dq": {"avx512dq"}, "avx512f": {"avx512f"},
	"avx512fp16": {"avx512_fp16"}, "avx512ifma": {"avx512ifma"}, "avx512vbmi": {"avx512vbmi"},
	"avx512vbmi2": {"avx512_vbmi2"}, "avx512vl": {"avx512vl"}, "avx512vnni": {"avx512_vnni"},
	"avx512vp2intersect": {"avx512_vp2intersect"}, "avx512vpopcntdq": {"avx512_vpopcntdq"},
	"avxvnni": {"avx_vnni"}, "bmi": {"bmi1"}, "bmi2": {"bmi2"},
	"cldemote": {"cldemote"}, "clflushopt": {"clflushopt"}, "clwb": {"clwb"}, "clzero": {"clzero"},
	"cmov": {"cmov"}, "crc32": {"sse4_2"}, "cx16": {"cx16"}, "cx8": {"cx8"},
	"enqcmd": {"enqcmd"}, "f16c": {"f16c"}, "fma": {"fma"}, "fma4": {"fma4"},
	"fsgsbase": {"fsgsbase"}, "fxsr": {"fxsr"}, "gfni": {"gfni"}, "hreset": {"hreset"},
	"invpcid": {"invpcid"}, "kl": nil, "lwp": {"lwp"}, "lzcnt": {"abm"}, "mmx": {"mmx"},
	"movbe": {"movbe"}, "movdir64b": {"movdir64b"}, "movdiri": {"movdiri"}, "mwaitx": {"mwaitx"},
	"pclmul": {"pclmulqdq"}, "pconfig": {"pconfig"}, "pku": {"ospke"}, "popcnt": {"popcnt"},
	"prfchw": {"3dnowprefetch"}, "ptwrite": {"ptwrite"}, "rdpid": {"rdpid"}, "rdrnd": {"rdrand"},
	"rdseed": {"rdseed"}, "rtm": {"rtm"}, "sahf": {"lahf_lm"}, "serialize": {"serialize"},
	"sgx": {"sgx"}, "sha": {"sha_ni"}, "shstk": {"shstk", "user_shstk"},
	"sse": {"sse"}, "sse2": {"sse2"}, "sse3": {"pni"}, "sse4.1": {"sse4_1"}, "sse4.2": {"sse4_2"},
	"sse4a": {"sse4a"}, "ssse3": {"ssse3"}, "tbm": {"tbm"}, "tsxldtrk": {"tsxldtrk"},
	"uintr": {"uintr"}, "vaes": {"vaes"}, "vpclmulqdq": {"vpclmulqdq"}, "waitpkg": {"waitpkg"},
	"wbnoinvd": {"wbnoinvd"}, "widekl": nil, "x87": {"fpu"}, "xop": {"xop"},
	"xsave": {"xsave"}, "xsavec": {"xsavec"}, "xsaveopt": {"xsaveopt"}, "xsaves": {"xsaves"},
}

// aarch64HostFeatures maps AArch64 features to the flags of cpuinfo's
// Features line.
var aarch64HostFeatures = map[string][]string{
	"fp-armv8": {"fp"}, "neon": {"asimd"}, "aes": {"aes"}, "sha2": {"sha2"}, "sha3": {"sha3"},
	"sm4": {"sm4"}, "crc": {"crc32"}, "lse": {"atomics"}, "rdm": {"asimdrdm"},
	"fullfp16": {"asimdhp"}, "fp16fml": {"asimdfhm"}, "dotprod": {"asimddp"}, "rcpc": {"lrcpc"},
	"sve": {"sve"}, "sve2": {"sve2"}, "i8mm": {"i8mm"}, "bf16": {"bf16"},
}

// x86HostCPU names the CPU as LLVM's host detection does, from cpuinfo's
// vendor_id, cpu family and model (which Linux gives with the extended
// family and model already added) and flags, with CPUs that only LLVM 19
// knows replaced by LLVM 14's nearest (llvm14CPU).
func x86HostCPU(vendor string, family, model int, has map[string]bool) string {
	name := llvm19HostCPU(vendor, family, model, has)
	if older, ok := llvm14CPU[name]; ok {
		return older
	}
	return name
}

// llvm19HostCPU is x86HostCPU before the mapping to LLVM 14's names.
func llvm19HostCPU(vendor string, family, model int, has map[string]bool) string {
	switch {
	case vendor == "GenuineIntel" && family == 6:
		if name, ok := intelFamily6[model]; ok {
			if model == 0x55 { // Skylake Xeon: by the features of its steppings
				switch {
				case has["avx512_bf16"]:
					return "cooperlake"
				case has["avx512_vnni"]:
					return "cascadelake"
				}
			}
			return name
		}
		return intelByFeatures(has)
	case vendor == "GenuineIntel" && family == 15:
		if has["lm"] {
			return "nocona"
		}
		return "prescott"
	case vendor == "AuthenticAMD":
		if name := amdCPU(family, model, has); name != "" {
			return name
		}
	}
	return x86Level(has)
}

// intelFamily6 names Intel's family-6 models as LLVM 19's host detection
// does (x86HostCPU maps the names LLVM 14 does not know).
var intelFamily6 = map[int]string{
	0x0f: "core2", 0x16: "core2", 0x17: "penryn", 0x1d: "penryn",
	0x1a: "nehalem", 0x1e: "nehalem", 0x1f: "nehalem", 0x2e: "nehalem",
	0x25: "westmere", 0x2c: "westmere", 0x2f: "westmere",
	0x2a: "sandybridge", 0x2d: "sandybridge", 0x3a: "ivybridge", 0x3e: "ivybridge",
	0x3c: "haswell", 0x3f: "haswell", 0x45: "haswell", 0x46: "haswell",
	0x3d: "broadwell", 0x47: "broadwell", 0x4f: "broadwell", 0x56: "broadwell",
	0x4e: "skylake", 0x5e: "skylake", 0x8e: "skylake", 0x9e: "skylake", 0xa5: "skylake", 0xa6: "skylake",
	0xa7: "rocketlake", 0x55: "skylake-avx512", 0x66: "cannonlake",
	0x7d: "icelake-client", 0x7e: "icelake-client", 0x6a: "icelake-server", 0x6c: "icelake-server",
	0x8c: "tigerlake", 0x8d: "tigerlake",
	// alder lake, gracemont, raptor lake and meteor lake
	0x97: "alderlake", 0x9a: "alderlake", 0xbe: "alderlake", 0xb7: "alderlake", 0xba: "alderlake",
	0xbf: "alderlake", 0xaa: "alderlake", 0xac: "alderlake",
	0xc5: "arrowlake", 0xc6: "arrowlake-s", 0xbd: "arrowlake-s", // (0xbd: lunar lake)
	0xad: "graniterapids", 0xae: "graniterapids-d",
	0x8f: "sapphirerapids", 0xcf: "sapphirerapids", // (0xcf: emerald rapids)
	0x1c: "bonnell", 0x26: "bonnell", 0x27: "bonnell", 0x35: "bonnell", 0x36: "bonnell",
	0x37: "silvermont", 0x4a: "silvermont", 0x4d: "silvermont", 0x5a: "silvermont", 0x5d: "silvermont", 0x4c: "silvermont",
	0x5c: "goldmont", 0x5f: "goldmont", 0x7a: "goldmont-plus",
	0x86: "tremont", 0x8a: "tremont", 0x96: "tremont", 0x9c: "tremont",
	0xaf: "sierraforest", 0xb6: "grandridge",
	0x57: "knl", 0x85: "knm",
}

// intelByFeatures is LLVM's guess for an Intel family-6 model it does not
// list: the newest CPU whose distinguishing features the host has.
func intelByFeatures(has map[string]bool) string {
	for _, c := range []struct {
		flags []string // all of them
		cpu   string
	}{
		{[]string{"avx512_vp2intersect"}, "tigerlake"}, {[]string{"avx512_vbmi2"}, "icelake-client"},
		{[]string{"avx512vbmi"}, "cannonlake"}, {[]string{"avx512_bf16"}, "cooperlake"},
		{[]string{"avx512_vnni"}, "cascadelake"}, {[]string{"avx512vl"}, "skylake-avx512"},
		{[]string{"avx512er"}, "knl"}, {[]string{"clflushopt", "sha_ni"}, "goldmont"},
		{[]string{"clflushopt"}, "skylake"}, {[]string{"adx"}, "broadwell"}, {[]string{"avx2"}, "haswell"},
		{[]string{"avx"}, "sandybridge"}, {[]string{"sse4_2", "movbe"}, "silvermont"},
		{[]string{"sse4_2"}, "nehalem"}, {[]string{"sse4_1"}, "penryn"}, {[]string{"ssse3", "movbe"}, "bonnell"},
	} {
		if hasAll(has, c.flags...) {
			return c.cpu
		}
	}
	return "core2"
}

// hasAll reports whether the host has every one of flags.
func hasAll(has map[string]bool, flags ...string) bool {
	for _, f := range flags {
		if !has[f] {
			return false
		}
	}
	return true
}

// amdCPU names AMD's CPUs as LLVM's host detection does, or "" for a
// family it does not name.
func amdCPU(family, model int, has map[string]bool) string {
	switch family {
	case 15:
		if has["pni"] {
			return "k8-sse3"
		}
		return "k8"
	case 16:
		return "amdfam10"
	case 20:
		return "btver1"
	case 21:
		switch {
		case model >= 0x60 && model <= 0x7f:
			return "bdver4"
		case model >= 0x30 && model <= 0x3f:
			return "bdver3"
		case model >= 0x10 && model <= 0x1f, model == 0x02:
			return "bdver2"
		}
		return "bdver1"
	case 22:
		return "btver2"
	case 23:
		if model >= 0x30 && model <= 0x3f || model == 0x71 {
			return "znver2"
		}
		return "znver1"
	case 25:
		if model >= 0x10 && model <= 0x1f || model >= 0x60 && model <= 0x74 ||
			model >= 0x78 && model <= 0x7b || model >= 0xa0 && model <= 0xaf {
			return "znver4"
		}
		return "znver3"
	case 26:
		return "znver5"
	}
	return ""
}

// x86Level is the x86-64 microarchitecture level the flags reach, for a
// CPU LLVM does not name.
func x86Level(has map[string]bool) string {
	v2 := hasAll(has, "cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3")
	v3 := v2 && hasAll(has, "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave")
	switch {
	case v3 && hasAll(has, "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"):
		return "x86-64-v4"
	case v3:
		return "x86-64-v3"
	case v2:
		return "x86-64-v2"
	}
	return "x86-64"
}
