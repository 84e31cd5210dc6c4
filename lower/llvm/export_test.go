package llvm

// VecMathModels are vecmath.go's functions in Go (vecmath_model_test.go),
// by the name of their kernel in testdata/vecmath.mlir, for the external
// tests.
var VecMathModels = map[string]func(float32) float32{
	"exp":      modelExpf,
	"log":      modelLogf,
	"log1p":    modelLog1pf,
	"expm1":    modelExpm1f,
	"tanh":     modelTanhf,
	"logistic": modelLogisticf,
}

// Unfused is Options that lower every generic on its own (no fused
// groups, fuse.go), for the tests that compare fused code with it.
var Unfused = Options{unfused: true}
