package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

func TestHLODataOps(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		want      *Tensor
	}{
		{"constant list", `func.func @f() -> tensor<2x2xf32> {
  %0 = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`, nil, tf("f32", sh(2, 2), 1, 2, 3, 4)},
		{"constant splat", `func.func @f() -> tensor<3xi32> {
  %0 = hlo.constant dense<7> : tensor<3xi32>
  return %0 : tensor<3xi32>
}`, nil, ti("i32", sh(3), 7, 7, 7)},
		{"convert f32 to i32 truncates and saturates, NaN is 0", `func.func @f(%a: tensor<7xf32>) -> tensor<7xi32> {
  %0 = hlo.convert %a : (tensor<7xf32>) -> tensor<7xi32>
  return %0 : tensor<7xi32>
}`, []*Tensor{tf("f32", sh(7), 1.9, -1.9, 3e9, -3e9, nan, inf, -inf)},
			ti("i32", sh(7), 1, -1, maxI32, minI32, 0, maxI32, minI32)},
		{"convert f32 to ui8 saturates at 0 and 255", `func.func @f(%a: tensor<4xf32>) -> tensor<4xui8> {
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}`, []*Tensor{tf("f32", sh(4), -5, 300, 7.9, nan)}, ti("ui8", sh(4), 0, 255, 7, 0)},
		{"convert i32 to f32 rounds to nearest", `func.func @f(%a: tensor<2xi32>) -> tensor<2xf32> {
  %0 = hlo.convert %a : (tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{ti("i32", sh(2), 16777217, -3)}, tf("f32", sh(2), 16777216, -3)},
		{"convert ui32 to f64 is unsigned", `func.func @f(%a: tensor<1xui32>) -> tensor<1xf64> {
  %0 = hlo.convert %a : (tensor<1xui32>) -> tensor<1xf64>
  return %0 : tensor<1xf64>
}`, []*Tensor{ti("ui32", sh(1), 4294967295)}, tf("f64", sh(1), 4294967295)},
		{"convert i32 to i8 wraps", `func.func @f(%a: tensor<2xi32>) -> tensor<2xi8> {
  %0 = hlo.convert %a : (tensor<2xi32>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}`, []*Tensor{ti("i32", sh(2), 300, -129)}, ti("i8", sh(2), 44, 127)},
		{"convert ui8 to i32 zero-extends", `func.func @f(%a: tensor<1xui8>) -> tensor<1xi32> {
  %0 = hlo.convert %a : (tensor<1xui8>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}`, []*Tensor{ti("ui8", sh(1), 255)}, ti("i32", sh(1), 255)},
		{"convert to i1 is x != 0", `func.func @f(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}`, []*Tensor{tf("f32", sh(4), 0, negz, 0.5, nan)}, ti("i1", sh(4), 0, 0, 1, 1)},
		{"convert i1 to i32 is 0 or 1", `func.func @f(%a: tensor<2xi1>) -> tensor<2xi32> {
  %0 = hlo.convert %a : (tensor<2xi1>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`, []*Tensor{ti("i1", sh(2), 1, 0)}, ti("i32", sh(2), 1, 0)},
		{"convert f32 to f16 rounds", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf16> {
  %0 = hlo.convert %a : (tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}`, []*Tensor{tf("f32", sh(2), 2049, 1e6)}, tf("f16", sh(2), 2048, inf)},
		{"broadcast_in_dim", `func.func @f(%a: tensor<1x3xi32>) -> tensor<2x3xi32> {
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(1, 3), 1, 2, 3)}, ti("i32", sh(2, 3), 1, 2, 3, 1, 2, 3)},
		{"broadcast_in_dim column", `func.func @f(%a: tensor<2xi32>) -> tensor<2x3xi32> {
  %0 = hlo.broadcast_in_dim %a, dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(2), 1, 2)}, ti("i32", sh(2, 3), 1, 1, 1, 2, 2, 2)},
		{"dynamic_broadcast_in_dim with a run-time 1", `func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`, []*Tensor{tf("f32", sh(1), 5), ti("index", sh(2), 2, 3)}, tf("f32", sh(2, 3), 5, 5, 5, 5, 5, 5)},
		{"dynamic_broadcast_in_dim with true claims", `func.func @f(%a: tensor<?x?xi32>, %s: tensor<2xi64>) -> tensor<?x?xi32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, []*Tensor{ti("i32", sh(1, 2), 1, 2), ti("i64", sh(2), 2, 2)}, ti("i32", sh(2, 2), 1, 2, 1, 2)},
		{"reshape", `func.func @f(%a: tensor<2x3xi32>) -> tensor<3x2xi32> {
  %0 = hlo.reshape %a : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}`, []*Tensor{ti("i32", sh(2, 3), 1, 2, 3, 4, 5, 6)}, ti("i32", sh(3, 2), 1, 2, 3, 4, 5, 6)},
		{"dynamic_reshape", `func.func @f(%a: tensor<?xi32>, %s: tensor<2xi32>) -> tensor<?x?xi32> {
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, []*Tensor{ti("i32", sh(4), 1, 2, 3, 4), ti("i32", sh(2), 2, 2)}, ti("i32", sh(2, 2), 1, 2, 3, 4)},
		{"transpose", `func.func @f(%a: tensor<2x3xi32>) -> tensor<3x2xi32> {
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}`, []*Tensor{ti("i32", sh(2, 3), 1, 2, 3, 4, 5, 6)}, ti("i32", sh(3, 2), 1, 4, 2, 5, 3, 6)},
		{"transpose rank 3", `func.func @f(%a: tensor<1x2x3xi32>) -> tensor<3x1x2xi32> {
  %0 = hlo.transpose %a, dims = [2, 0, 1] : (tensor<1x2x3xi32>) -> tensor<3x1x2xi32>
  return %0 : tensor<3x1x2xi32>
}`, []*Tensor{ti("i32", sh(1, 2, 3), 1, 2, 3, 4, 5, 6)}, ti("i32", sh(3, 1, 2), 1, 4, 2, 5, 3, 6)},
		{"reverse dim 1", `func.func @f(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = hlo.reverse %a, dims = [1] : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(2, 3), 1, 2, 3, 4, 5, 6)}, ti("i32", sh(2, 3), 3, 2, 1, 6, 5, 4)},
		{"reverse both dims, one of size 1", `func.func @f(%a: tensor<1x?xf32>) -> tensor<1x?xf32> {
  %0 = hlo.reverse %a, dims = [0, 1] : tensor<1x?xf32>
  return %0 : tensor<1x?xf32>
}`, []*Tensor{tf("f32", sh(1, 3), 1, 2, 3)}, tf("f32", sh(1, 3), 3, 2, 1)},
		{"reverse of a size-0 dim", `func.func @f(%a: tensor<0x2xf32>) -> tensor<0x2xf32> {
  %0 = hlo.reverse %a, dims = [0, 1] : tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}`, []*Tensor{tf("f32", sh(0, 2))}, tf("f32", sh(0, 2))},
		{"dynamic_slice, start clamped", `func.func @f(%a: tensor<3x4xi32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x2xi32> {
  %0 = hlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}`, []*Tensor{ti("i32", sh(3, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), ti("i32", nil, 5), ti("i32", nil, -3)}, ti("i32", sh(2, 2), 5, 6, 9, 10)},
		{"dynamic_update_slice, start clamped", `func.func @f(%a: tensor<3x4xi32>, %u: tensor<2x2xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xi32> {
  %0 = hlo.dynamic_update_slice %a, %u, %i, %j : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}`, []*Tensor{ti("i32", sh(3, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), ti("i32", sh(2, 2), -1, -2, -3, -4), ti("i64", nil, 0), ti("i64", nil, 7)},
			ti("i32", sh(3, 4), 1, 2, -1, -2, 5, 6, -3, -4, 9, 10, 11, 12)},
		{"dynamic_update_slice of a row (x[i, ...] = a)", `func.func @f(%a: tensor<3x2xf32>, %u: tensor<2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x2xf32> {
  %0 = hlo.dynamic_update_slice %a, %u, %i, %j : (tensor<3x2xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}`, []*Tensor{tf("f32", sh(3, 2), 1, 2, 3, 4, 5, 6), tf("f32", sh(2), 7, 8), ti("i32", nil, 1), ti("i32", nil, 0)}, tf("f32", sh(3, 2), 1, 2, 7, 8, 5, 6)},
		{"pad: low, high, interior and cropping", `func.func @f(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x8xf32> {
  %0 = hlo.pad %a, %v, low = [0, -1], high = [2, 2], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
  return %0 : tensor<5x8xf32>
}`, []*Tensor{tf("f32", sh(2, 3), 1, 2, 3, 4, 5, 6), tf("f32", nil, -1)}, tf("f32", sh(5, 8),
			-1, -1, 2, -1, -1, 3, -1, -1,
			-1, -1, -1, -1, -1, -1, -1, -1,
			-1, -1, 5, -1, -1, 6, -1, -1,
			-1, -1, -1, -1, -1, -1, -1, -1,
			-1, -1, -1, -1, -1, -1, -1, -1)},
		{"pad of an empty operand", `func.func @f(%a: tensor<0xi32>, %v: tensor<i32>) -> tensor<3xi32> {
  %0 = hlo.pad %a, %v, low = [1], high = [2], interior = [5] : (tensor<0xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}`, []*Tensor{ti("i32", sh(0)), ti("i32", nil, 9)}, ti("i32", sh(3), 9, 9, 9)},
		{"pad that crops everything", `func.func @f(%a: tensor<3xi32>, %v: tensor<i32>) -> tensor<1xi32> {
  %0 = hlo.pad %a, %v, low = [-3], high = [1], interior = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}`, []*Tensor{ti("i32", sh(3), 1, 2, 3), ti("i32", nil, 0)}, ti("i32", sh(1), 0)},
		{"bitcast_convert f32 to i8 (a last dim of 4, little-endian)", `func.func @f(%a: tensor<2xf32>) -> tensor<2x4xi8> {
  %0 = hlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x4xi8>
  return %0 : tensor<2x4xi8>
}`, []*Tensor{tf("f32", sh(2), 1, -2)}, ti("i8", sh(2, 4), 0, 0, -128, 63, 0, 0, 0, -64)},
		{"bitcast_convert i16 pairs to f32", `func.func @f(%a: tensor<2xi16>) -> tensor<f32> {
  %0 = hlo.bitcast_convert %a : (tensor<2xi16>) -> tensor<f32>
  return %0 : tensor<f32>
}`, []*Tensor{ti("i16", sh(2), 0, 16256)}, tf("f32", nil, 1)},
		{"optimization_barrier", `func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.optimization_barrier %a : tensor<2xi32>
  return %0 : tensor<2xi32>
}`, []*Tensor{ti("i32", sh(2), 4, 5)}, ti("i32", sh(2), 4, 5)},
		{"iota dim 1", `func.func @f() -> tensor<2x3xi32> {
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, nil, ti("i32", sh(2, 3), 0, 1, 2, 0, 1, 2)},
		{"iota f32 dim 0", `func.func @f() -> tensor<3x1xf32> {
  %0 = hlo.iota dim = 0 : tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}`, nil, tf("f32", sh(3, 1), 0, 1, 2)},
		{"concatenate dim 1", `func.func @f(%a: tensor<2x1xi32>, %b: tensor<2x2xi32>) -> tensor<2x3xi32> {
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}`, []*Tensor{ti("i32", sh(2, 1), 1, 4), ti("i32", sh(2, 2), 2, 3, 5, 6)}, ti("i32", sh(2, 3), 1, 2, 3, 4, 5, 6)},
		{"concatenate dim 0 with an empty operand", `func.func @f(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<?xf32> {
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(0)), tf("f32", sh(2), 1, 2)}, tf("f32", sh(2), 1, 2)},
		{"slice with strides", `func.func @f(%a: tensor<3x4xi32>) -> tensor<2x2xi32> {
  %0 = hlo.slice %a [1:3, 0:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}`, []*Tensor{ti("i32", sh(3, 4), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)}, ti("i32", sh(2, 2), 4, 6, 8, 10)},
		{"get_dimension_size", `func.func @f(%a: tensor<?x4xf32>) -> tensor<i32> {
  %0 = hlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}`, []*Tensor{tf("f32", sh(5, 4), make([]float64, 20)...)}, ti("i32", nil, 5)},
		{"check.expect_eq passes", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  hlo.custom_call @check.expect_eq(%a, %0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %a : tensor<2xf32>
}`, []*Tensor{tf("f32", sh(2), 1, nan)}, tf("f32", sh(2), 1, nan)},
		{"check.expect_close passes within 4 ulps", `func.func @f(%a: tensor<1xf32>) -> tensor<1xf32> {
  %0 = hlo.constant dense<1.0> : tensor<1xf32>
  hlo.custom_call @check.expect_close(%a, %0) : (tensor<1xf32>, tensor<1xf32>) -> ()
  return %a : tensor<1xf32>
}`, []*Tensor{tf("f32", sh(1), float64(math.Nextafter32(1, 2)))}, tf("f32", sh(1), float64(math.Nextafter32(1, 2)))},
		{"sharding annotations are the identity on one device", `func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.custom_call @Sharding(%a) {mhlo.sharding = "{replicated}"} : (tensor<2xi32>) -> tensor<2xi32>
  %1 = hlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2xi32>) -> tensor<2xi32>
  %2 = hlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{replicated}"} : (tensor<2xi32>) -> tensor<2xi32>
  return %2 : tensor<2xi32>
}`, []*Tensor{ti("i32", sh(2), 7, -1)}, ti("i32", sh(2), 7, -1)},
		{"func.call", `func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = call @twice(%a) : (tensor<2xi32>) -> tensor<2xi32>
  %1 = call @twice(%0) : (tensor<2xi32>) -> tensor<2xi32>
  return %1 : tensor<2xi32>
}
func.func private @twice(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.add %x, %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}`, []*Tensor{ti("i32", sh(2), 1, -3)}, ti("i32", sh(2), 4, -12)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOK(t, c.src, c.args...)
			expectTensor(t, c.name, got[0], c.want)
		})
	}
}

func TestHLODataOpErrors(t *testing.T) {
	cases := []struct {
		name, src string
		args      []*Tensor
		frags     []string
	}{
		{"dynamic_broadcast_in_dim incompatible", `func.func @f(%a: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<?xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(2), 1, 2), ti("index", sh(1), 3)},
			[]string{"test.mlir:2:3:", "operand dim 0 has run-time size 2, which cannot broadcast to result dim 0 of size 3"}},
		{"known_expanding claim is false", `func.func @f(%a: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<?xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] {known_expanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(3), 1, 2, 3), ti("index", sh(1), 3)},
			[]string{"known_expanding_dimensions claims operand dim 0 expands, but it has run-time size 3"}},
		{"known_nonexpanding claim is false", `func.func @f(%a: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<?xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`, []*Tensor{tf("f32", sh(1), 1), ti("index", sh(1), 3)},
			[]string{"known_nonexpanding_dimensions claims operand dim 0 keeps its size, but it has run-time size 1 and result dim 0 has 3"}},
		{"result does not fit its static type", `func.func @f(%a: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<4xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`, []*Tensor{tf("f32", sh(1), 1), ti("index", sh(1), 3)},
			[]string{"result #0: a value of type tensor<4xf32> has run-time shape [3]"}},
		{"dynamic_reshape count", `func.func @f(%a: tensor<?xi32>, %s: tensor<2xi32>) -> tensor<?x?xi32> {
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}`, []*Tensor{ti("i32", sh(3), 1, 2, 3), ti("i32", sh(2), 2, 2)},
			[]string{"cannot reshape 3 elements"}},
		{"slice out of bounds at run time", `func.func @f(%a: tensor<?xi32>) -> tensor<2xi32> {
  %0 = hlo.slice %a [1:3] : (tensor<?xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`, []*Tensor{ti("i32", sh(2), 1, 2)}, []string{"slice 1:3:1 of dim 0 is out of bounds for run-time size 2"}},
		{"custom_call", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{tf("f32", sh(2), 1, 2)}, []string{"test.mlir:2:3:", "custom call target @foo is not interpretable"}},
		{"check.expect_eq fails", `func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.constant dense<[1, 3]> : tensor<2xi32>
  hlo.custom_call @check.expect_eq(%a, %0) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return %a : tensor<2xi32>
}`, []*Tensor{ti("i32", sh(2), 1, 2)}, []string{"test.mlir:3:3:", "@check.expect_eq failed: element 1: 2 vs 3"}},
		{"argument of the wrong shape", `func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}`, []*Tensor{tf("f32", sh(4, 3), make([]float64, 12)...)},
			[]string{"argument #0 of @f", "tensor<?x4xf32> has run-time shape [4, 3]"}},
		{"argument of the wrong element type", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}`, []*Tensor{ti("i32", sh(2), 1, 2)}, []string{"element type i32"}},
		{"unknown op", `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "test.mystery"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, []*Tensor{tf("f32", sh(2), 1, 2)}, []string{"'test.mystery' op is not interpretable"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "unknown op" {
				m, err := ir.Parse("test.mlir", []byte(c.src), ir.ParseOptions{AllowUnregistered: true})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Run(m, "f", c.args); err == nil || !strings.Contains(err.Error(), c.frags[0]) {
					t.Errorf("error %v; want %q", err, c.frags[0])
				}
				return
			}
			expectErr(t, c.src, c.args, c.frags...)
		})
	}
}

func TestRunErrors(t *testing.T) {
	m := parse(t, `func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>`)
	if _, err := Run(m, "g", nil); err == nil || !strings.Contains(err.Error(), "no function @g") {
		t.Errorf("Run(@g) error = %v", err)
	}
	if _, err := Run(m, "decl", []*Tensor{tf("f32", sh(2), 1, 2)}); err == nil || !strings.Contains(err.Error(), "declaration") {
		t.Errorf("Run(@decl) error = %v", err)
	}
	if _, err := Run(m, "f", nil); err == nil || !strings.Contains(err.Error(), "takes 1 arguments, but 0 were given") {
		t.Errorf("Run(@f) without arguments: error = %v", err)
	}
	// Unverified IR that a handler cannot take is an error, not a panic.
	bad, err := ir.Parse("bad.mlir", []byte(`func.func @f(%a: f32) -> f32 {
  %0 = "arith.select"(%a, %a, %a) : (f32, f32, f32) -> f32
  return %0 : f32
}`), ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(bad, "f", []*Tensor{tf("f32", nil, 1)}); err == nil || !strings.Contains(err.Error(), "bad.mlir:2:3: error: 'arith.select' op interp: internal error") {
		t.Errorf("unverified arith.select: error = %v", err)
	}
	rec := parse(t, `func.func @f(%a: tensor<i32>) -> tensor<i32> {
  %0 = call @f(%a) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}`)
	if _, err := RunWithOptions(rec, "f", []*Tensor{ti("i32", nil, 1)}, Options{MaxCallDepth: 10}); err == nil || !strings.Contains(err.Error(), "call depth exceeds 10") {
		t.Errorf("unbounded recursion: error = %v", err)
	}
}

func TestTrace(t *testing.T) {
	m := parse(t, `func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.add %a, %a : tensor<2xi32>
  %1 = hlo.multiply %0, %a : tensor<2xi32>
  return %1 : tensor<2xi32>
}`)
	var names []string
	var last *Tensor
	_, err := RunWithOptions(m, "f", []*Tensor{ti("i32", sh(2), 1, 2)}, Options{Trace: func(op *ir.Operation, rs []*Tensor) {
		names = append(names, op.Name())
		last = rs[0]
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || names[0] != "hlo.add" || names[1] != "hlo.multiply" {
		t.Errorf("traced %v", names)
	}
	expectTensor(t, "last traced value", last, ti("i32", sh(2), 2, 8))
}

// TestEveryOpIsInterpretable keeps the interpreter in step with the
// dialects: every registered hlo, arith, func, shape, linalg, tensor and
// math op has a handler (or is a terminator the block runner handles).
func TestEveryOpIsInterpretable(t *testing.T) {
	for _, d := range ir.RegisteredOps() {
		if d.Name == "func.func" {
			continue
		}
		for _, dialect := range []string{"hlo.", "arith.", "func.", "shape.", "linalg.", "tensor.", "math.", "scf.", "cf."} {
			if strings.HasPrefix(d.Name, dialect) && handlers[d.Name] == nil && !terminators[d.Name] {
				t.Errorf("%s is registered but the interpreter has no handler for it", d.Name)
			}
		}
	}
}
