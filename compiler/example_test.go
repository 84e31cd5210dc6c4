package compiler_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bcast-opt/bcast-opt/compiler"
	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// The whole flow for a front end: build relu(x + b) with the hlo builders
// (shapes and the function's result type are inferred), lower it with the
// "cpu" pipeline, get its LLVM IR and write the C header a caller includes.
// compiler.Object would compile the same module to an object file.
func Example() {
	f32 := ir.F32T
	x := ir.RankedTensor([]int64{ir.Dynamic, ir.Dynamic}, f32)
	bias := ir.RankedTensor([]int64{ir.Dynamic}, f32)

	module := builtin.NewModule()
	fn, b := funcdialect.NewFunc(module, "relu_bias", []ir.Type{x, bias}, nil)
	args := fn.Region(0).Front().Args()
	sum, err := hlo.Add(b, args[0], args[1]) // broadcasts bias along the rows
	if err != nil {
		fmt.Println(err)
		return
	}
	zero, err := hlo.ScalarConstant(b, f32, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	relu, err := hlo.Maximum(b, sum, zero)
	if err != nil {
		fmt.Println(err)
		return
	}
	funcdialect.NewReturn(b, relu) // relu_bias returns tensor<?x?xf32>

	if err := compiler.RunPipeline(module, "cpu"); err != nil {
		fmt.Println(err)
		return
	}
	ll, err := compiler.LLVMIR(module, compiler.Options{Target: "x86_64-linux-gnu"})
	if err != nil {
		fmt.Println(err)
		return
	}
	header, err := compiler.CHeader(module, "RELU_BIAS_H")
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "relu-bias-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "relu_bias.h"), []byte(header), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	printLines(ll, "define ")
	printLines(header, "int32_t ")
	// Output:
	// define i32 @relu_bias(float* noalias nocapture readonly %arg0, i64* nocapture readonly %arg0_shape, float* noalias nocapture readonly %arg1, i64* nocapture readonly %arg1_shape, float* noalias nocapture %res0, i64* nocapture readonly %res0_shape, i8* nocapture %err, i64 %err_len) nounwind #0 {
	// define i32 @relu_bias_result_shapes(i64* nocapture readonly %arg0_shape, i64* nocapture readonly %arg1_shape, i64* nocapture %res0_shape, i8* nocapture %err, i64 %err_len) nounwind #0 {
	// int32_t relu_bias(const float *arg0, const int64_t *arg0_shape, const float *arg1, const int64_t *arg1_shape, float *res0, const int64_t *res0_shape, char *err, int64_t err_len);
	// int32_t relu_bias_result_shapes(const int64_t *arg0_shape, const int64_t *arg1_shape, int64_t *res0_shape, char *err, int64_t err_len);
}

// printLines prints the lines of text that start with prefix.
func printLines(text, prefix string) {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			fmt.Println(l)
		}
	}
}

// A module written as text (StableHLO as JAX exports it, or MLIR's
// generic dialects) goes the same way.
func ExampleParse() {
	src := `
func.func @scale(%x: tensor<?x4xf32>, %s: tensor<f32>) -> tensor<?x4xf32> {
  %0 = chlo.broadcast_multiply %x, %s : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}`
	module, err := compiler.Parse("scale.mlir", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := compiler.RunPipeline(module, "cpu"); err != nil {
		fmt.Println(err)
		return
	}
	ll, err := compiler.LLVMIR(module, compiler.Options{Target: "x86_64-linux-gnu"})
	if err != nil {
		fmt.Println(err)
		return
	}
	printLines(ll, "define ")

	// Bad input is an error located in the text.
	_, err = compiler.Parse("bad.mlir", []byte(`func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.exponential %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}`))
	fmt.Println(err)
	// Output:
	// define i32 @scale(float* noalias nocapture readonly %arg0, i64* nocapture readonly %arg0_shape, float* noalias nocapture readonly %arg1, i64* nocapture readonly %arg1_shape, float* noalias nocapture %res0, i64* nocapture readonly %res0_shape, i8* nocapture %err, i64 %err_len) nounwind #0 {
	// define i32 @scale_result_shapes(i64* nocapture readonly %arg0_shape, i64* nocapture readonly %arg1_shape, i64* nocapture %res0_shape, i8* nocapture %err, i64 %err_len) nounwind #0 {
	// bad.mlir:2:3: error: 'stablehlo.exponential' op operand #0 must have floating-point or complex elements, but has 'i32'
}
