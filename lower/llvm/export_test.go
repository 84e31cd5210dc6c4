package llvm

// VecMathModels returns vecmath.go's functions in Go
// (vecmath_model_test.go) as target t computes them (exp's form with FMA
// where t has it), by the name of their kernel in testdata/vecmath.mlir,
// for the external tests.
func VecMathModels(t Target) map[string]func(float32) float32 {
	exp := modelExpf
	if t.hasFMA() {
		exp = modelExpfFMA
	}
	return map[string]func(float32) float32{
		"exp":      exp,
		"log":      modelLogf,
		"log1p":    modelLog1pf,
		"expm1":    modelExpm1f,
		"tanh":     modelTanhf,
		"logistic": modelLogisticf,
	}
}

// Unfused is Options that lower every generic on its own (no fused
// groups, fuse.go), for the tests that compare fused code with it.
var Unfused = Options{unfused: true}

// HostFromCPUInfo is the host target for a GOARCH and a /proc/cpuinfo
// text (cpu_host.go), for the tests of host detection on other machines.
var HostFromCPUInfo = hostFromCPUInfo

// LLVM14CPU maps the CPUs only LLVM 19 knows to LLVM 14's nearest.
var LLVM14CPU = llvm14CPU

// HostCPUNames are every name the host detection can give before the
// mapping to LLVM 14's, and the features it lists, by architecture.
func HostCPUNames() (cpus []string, x86Features, aarch64Features []string) {
	for _, name := range intelFamily6 {
		cpus = append(cpus, name)
	}
	cpus = append(cpus, "cooperlake", "cascadelake", "nocona", "prescott")
	for _, fam := range []int{15, 16, 20, 21, 22, 23, 25, 26} {
		for _, model := range []int{0x00, 0x02, 0x10, 0x31, 0x61, 0x71} {
			cpus = append(cpus, amdCPU(fam, model, nil))
		}
	}
	for f := range x86HostFeatures {
		x86Features = append(x86Features, f)
	}
	for f := range aarch64HostFeatures {
		aarch64Features = append(aarch64Features, f)
	}
	return cpus, x86Features, aarch64Features
}

// HasFMA reports whether t's code uses fused multiply-adds (divide.go).
func HasFMA(t Target) bool { return t.hasFMA() }

// FMACPUs are divide.go's x86-64 CPUs with FMA3.
var FMACPUs = fmaCPUs
