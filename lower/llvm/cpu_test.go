package llvm_test

import (
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// This file tests the target CPU: host detection from /proc/cpuinfo
// texts, --target-cpu and --target-features, the tables' agreement with
// each other, and with LLVM's own host detection where LLVM is installed.

// rocketlakeFlags are the flags of this project's benchmark machine (a
// VM reporting model 0xa7 with sapphire rapids' features).
const rocketlakeFlags = "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault fsgsbase tsc_adjust bmi1 hle avx2 smep bmi2 erms invpcid rtm avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves avx_vnni avx512_bf16 arat avx512vbmi umip avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid cldemote movdiri movdir64b fsrm serialize tsxldtrk amx_bf16 avx512_fp16 amx_tile amx_int8 arch_capabilities"

// haswellFlags are a Haswell desktop's.
const haswellFlags = "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand lahf_lm abm bmi1 avx2 bmi2 erms invpcid xsaveopt"

// cpuinfo writes a /proc/cpuinfo text of two processors with these
// fields.
func cpuinfo(vendor, family, model, flags string) string {
	p := "processor\t: 0\nvendor_id\t: " + vendor + "\ncpu family\t: " + family + "\nmodel\t\t: " + model +
		"\nmodel name\t: test\nflags\t\t: " + flags + "\n\n"
	return p + strings.Replace(p, "processor\t: 0", "processor\t: 1", 1)
}

func TestHostFromCPUInfo(t *testing.T) {
	for _, c := range []struct {
		name, goarch, info, cpu string
		with, without           []string // features with + and with -
	}{
		{"rocketlake VM", "amd64", cpuinfo("GenuineIntel", "6", "167", rocketlakeFlags), "rocketlake",
			[]string{"avx512f", "avx512fp16", "avx2", "lzcnt", "prfchw", "sahf", "crc32", "64bit", "x87", "sse3"},
			[]string{"pku", "sse4a", "avx512vp2intersect", "kl"}},
		{"haswell", "amd64", cpuinfo("GenuineIntel", "6", "60", haswellFlags), "haswell",
			[]string{"avx2", "fma", "bmi2"}, []string{"avx512f", "adx"}},
		{"skylake xeon with vnni", "amd64", cpuinfo("GenuineIntel", "6", "85", haswellFlags+" avx512f avx512vl avx512_vnni"), "cascadelake",
			[]string{"avx512vnni"}, nil},
		{"a model LLVM does not list", "amd64", cpuinfo("GenuineIntel", "6", "254", haswellFlags+" adx clflushopt"), "skylake", nil, nil},
		{"granite rapids, which LLVM 14 does not know", "amd64", cpuinfo("GenuineIntel", "6", "173", rocketlakeFlags), "sapphirerapids",
			[]string{"avx512fp16", "amx-tile"}, nil},
		{"zen 4", "amd64", cpuinfo("AuthenticAMD", "25", "97", haswellFlags+" avx512f avx512bw avx512cd avx512dq avx512vl sse4a"), "x86-64-v4",
			[]string{"avx512f", "sse4a"}, nil},
		{"zen 4 with part of AVX-512", "amd64", cpuinfo("AuthenticAMD", "25", "97", haswellFlags+" avx512f"), "x86-64", []string{"avx512f"}, nil},
		{"zen 3", "amd64", cpuinfo("AuthenticAMD", "25", "33", haswellFlags+" sse4a"), "znver3", []string{"sse4a"}, []string{"avx512f"}},
		{"zen 2", "amd64", cpuinfo("AuthenticAMD", "23", "49", haswellFlags), "znver2", nil, nil},
		{"another vendor at level 3", "amd64", cpuinfo("HygonGenuine", "24", "1", haswellFlags), "x86-64-v3", nil, nil},
		{"another vendor at level 2", "amd64", cpuinfo("CentaurHauls", "7", "59", "fpu cx8 cmov mmx fxsr sse sse2 lm pni ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm"), "x86-64-v2", nil, nil},
		{"no cpuinfo", "amd64", "", "x86-64", nil, nil},
		{"arm64", "arm64", "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp\nCPU implementer\t: 0x41\n\n", "generic",
			[]string{"neon", "fp-armv8", "lse", "dotprod", "fullfp16", "crc"}, []string{"sve", "i8mm"}},
	} {
		tg := llvm.HostFromCPUInfo(c.goarch, c.info)
		for i := 0; i < 10; i++ { // the tables are maps: the text must not depend on their order
			if again := llvm.HostFromCPUInfo(c.goarch, c.info); again != tg {
				t.Fatalf("%s: two detections differ:\n%+v\n%+v", c.name, tg, again)
			}
		}
		if tg.CPU != c.cpu {
			t.Errorf("%s: CPU %q, want %q", c.name, tg.CPU, c.cpu)
		}
		feats := strings.Split(tg.Features, ",")
		for _, f := range c.with {
			if !slices.Contains(feats, "+"+f) {
				t.Errorf("%s: features lack +%s: %s", c.name, f, tg.Features)
			}
		}
		for _, f := range c.without {
			if !slices.Contains(feats, "-"+f) {
				t.Errorf("%s: features lack -%s: %s", c.name, f, tg.Features)
			}
		}
		if !slices.IsSorted(feats) {
			t.Errorf("%s: features not sorted: %s", c.name, tg.Features)
		}
	}
}

// TestCPUTables checks that every name the host detection writes is one
// LLVM 14 knows once mapped, that the mapping goes from LLVM 19's names
// to LLVM 14's, and that every feature it lists is known to both.
func TestCPUTables(t *testing.T) {
	cpus, x86, a64 := llvm.HostCPUNames()
	for _, c := range cpus {
		if older, ok := llvm.LLVM14CPU[c]; ok {
			c = older
		}
		if c != "" && !llvm.KnownCPU("x86_64", c) {
			t.Errorf("host detection can write %q, which LLVM 14 does not know", c)
		}
	}
	for newer, older := range llvm.LLVM14CPU {
		if llvm.KnownCPU("x86_64", newer) || !llvm.KnownCPU("x86_64", older) {
			t.Errorf("llvm14CPU maps %q to %q: want an LLVM 19-only name to an LLVM 14 one", newer, older)
		}
		if _, err := llvm.ResolveTarget("x86_64", newer, ""); err == nil || !strings.Contains(err.Error(), "'"+older+"'") {
			t.Errorf("--target-cpu=%s: got %v, want an error naming %q", newer, err, older)
		}
	}
	for _, f := range x86 {
		if !llvm.KnownFeature("x86_64", f) {
			t.Errorf("x86 host feature %q is not known to both LLVM 14 and 19", f)
		}
	}
	for _, f := range a64 {
		if !llvm.KnownFeature("aarch64", f) {
			t.Errorf("AArch64 host feature %q is not known to both LLVM 14 and 19", f)
		}
	}
	for _, c := range []struct{ arch, cpu string }{{"x86_64", "x86-64"}, {"aarch64", "generic"}, {"x86_64", "skylake"}, {"aarch64", "neoverse-n1"}} {
		if !llvm.KnownCPU(c.arch, c.cpu) {
			t.Errorf("%s: %q is not known", c.arch, c.cpu)
		}
	}
}

func TestResolveTarget(t *testing.T) {
	host := llvm.HostTarget()
	other := "aarch64"
	if host.Arch() == "aarch64" {
		other = "x86_64"
	}
	otherGeneric := map[string]string{"aarch64": "generic", "x86_64": "x86-64"}[other]
	for _, c := range []struct {
		target, cpu, features string
		wantCPU, wantFeatures string // "host": the host's
		err                   string
	}{
		{"", "", "", "host", "host", ""},
		{"", "native", "", "host", "host", ""},
		{host.Arch(), "", "", "host", "host", ""},
		{other, "", "", otherGeneric, "", ""},
		{"x86_64", "skylake", "", "skylake", "", ""},
		{"x86_64", "skylake-avx512", "-avx2, +avx512vnni", "skylake-avx512", "+avx512vnni,-avx2", ""},
		{"x86_64", "x86-64", "+avx512f", "x86-64", "+avx512f", ""},
		{"x86_64", "skylake", "+avx512f", "", "", "AVX-512 on --target-cpu=skylake, which has none"},
		{"x86_64", "znver3", "-avx512f", "znver3", "-avx512f", ""},
		{"x86_64", "x86-64-v3", "+avx2,-avx2", "x86-64-v3", "-avx2", ""},
		{"aarch64", "neoverse-n1", "+sve", "neoverse-n1", "+sve", ""},
		{"x86_64", "foo", "", "", "", "--target-cpu=foo: unknown CPU for x86_64"},
		{"x86_64", "skylak", "", "", "", "did you mean 'skylake'?"},
		{"x86_64", "graniterapids", "", "", "", "LLVM 19 knows this x86_64 CPU but LLVM 14 does not"},
		{"aarch64", "neoverse-v2", "", "", "", "LLVM 19 knows this aarch64 CPU but LLVM 14 does not"},
		{"aarch64", "skylake", "", "", "", "unknown CPU for aarch64"},
		{other, "native", "", "", "", "the host is"},
		{"x86_64", "x86-64", "avx2", "", "", `"avx2" is not +NAME or -NAME`},
		{"x86_64", "x86-64", "+avx3", "", "", `unknown feature "avx3" for x86_64`},
		{"x86_64", "x86-64", "+evex512", "", "", `unknown feature "evex512"`}, // LLVM 19 only
		{"riscv64", "", "", "", "", "unsupported target"},
	} {
		tg, err := llvm.ResolveTarget(c.target, c.cpu, c.features)
		what := c.target + " --target-cpu=" + c.cpu + " --target-features=" + c.features
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, want an error containing %q", what, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		wantCPU, wantFeatures := c.wantCPU, c.wantFeatures
		if wantCPU == "host" {
			wantCPU = host.CPU
		}
		if wantFeatures == "host" {
			wantFeatures = host.Features
		}
		if tg.CPU != wantCPU || tg.Features != wantFeatures {
			t.Errorf("%s: got %q %q, want %q %q", what, tg.CPU, tg.Features, wantCPU, wantFeatures)
		}
	}
}

// TestHostMatchesLLVM compares the host detection with LLVM 19's on this
// machine: the CPU with llc-19's "Host CPU" (mapped to LLVM 14's name),
// the features with those clang-19 -march=native writes, on the features
// we list.
func TestHostMatchesLLVM(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the comparison is written for x86-64 hosts")
	}
	host := llvm.HostTarget()
	if llc, err := exec.LookPath("llc-19"); err == nil {
		out, err := exec.Command(llc, "--version").Output()
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`Host CPU: (\S+)`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("llc-19 --version names no host CPU:\n%s", out)
		}
		want := string(m[1])
		if older, ok := llvm.LLVM14CPU[want]; ok {
			want = older
		}
		if host.CPU != want {
			t.Errorf("host CPU %q, LLVM 19 says %q", host.CPU, want)
		}
	}
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		t.Skip("no clang-19 to compare the features with")
	}
	cmd := exec.Command(clang, "-march=native", "-S", "-emit-llvm", "-x", "c", "-", "-o", "-")
	cmd.Stdin = strings.NewReader("void f(void) {}\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"target-features"="([^"]*)"`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("clang-19 wrote no target-features:\n%s", out)
	}
	theirs := map[string]bool{}
	for _, f := range strings.Split(string(m[1]), ",") {
		theirs[f] = true
	}
	for _, f := range strings.Split(host.Features, ",") {
		flipped := map[byte]string{'+': "-", '-': "+"}[f[0]] + f[1:]
		if f == "-shstk" {
			// /proc/cpuinfo shows the CET shadow stack (shstk,
			// user_shstk) only where the kernel enables it for user
			// space; clang reads CPUID. Turning it off is safe: no
			// kernel instruction needs it.
			continue
		}
		if theirs[flipped] {
			t.Errorf("we write %s, clang-19 -march=native writes %s", f, flipped)
		}
	}
}

// TestHasFMA checks which targets divide by invariant divisors with fused
// multiply-adds (divide.go): each CPU of its list is one LLVM knows, and
// the features turn it on and off.
func TestHasFMA(t *testing.T) {
	for _, c := range llvm.FMACPUs {
		if !llvm.KnownCPU("x86_64", c) {
			t.Errorf("FMA CPU %q is not an x86-64 CPU LLVM knows", c)
		}
	}
	for _, c := range []struct {
		triple, cpu, features string
		want                  bool
	}{
		{"x86_64-unknown-linux-gnu", "haswell", "", true},
		{"x86_64-unknown-linux-gnu", "icelake-server", "", true},
		{"x86_64-unknown-linux-gnu", "x86-64", "", false},
		{"x86_64-unknown-linux-gnu", "x86-64", "+fma", true},
		{"x86_64-unknown-linux-gnu", "ivybridge", "", false},
		{"x86_64-unknown-linux-gnu", "skylake", "-fma", false},
		{"x86_64-unknown-linux-gnu", "znver3", "-avx", false},
		{"aarch64-unknown-linux-gnu", "generic", "", true},
	} {
		tg, err := llvm.ResolveTarget(c.triple, c.cpu, c.features)
		if err != nil {
			t.Fatal(err)
		}
		if got := llvm.HasFMA(tg); got != c.want {
			t.Errorf("%s %s %q: has FMA %v, want %v", c.triple, c.cpu, c.features, got, c.want)
		}
	}
}
