package llvm_test

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/bcast-opt/bcast-opt/ir"
)

// hloOpCases run the kernels of testdata/hlo_ops.mlir (one per hlo op at
// least, with broadcasting and dynamic variants) natively and in the
// interpreter. fn is the kernel; the other fields are nativeCase's.
var hloOpCases = func() []nativeCase {
	var cs []nativeCase
	for _, u := range []string{"negate", "abs", "sign", "floor", "ceil", "round_nearest_even"} {
		cs = append(cs, nativeCase{fn: "u_" + u, shapes: [][]int64{{3, 5}}, specials: true})
	}
	for _, u := range []string{"exponential", "exponential_minus_one", "log", "log_plus_one", "sqrt", "rsqrt", "cbrt", "tanh", "logistic"} {
		cs = append(cs, nativeCase{fn: "u_" + u, shapes: [][]int64{{3, 5}}, ulps: 1})
	}
	cs = append(cs, nativeCase{fn: "u_is_finite", shapes: [][]int64{{4, 5}}, specials: true})
	cs = append(cs, nativeCase{fn: "u_round_nearest_afz", shapes: [][]int64{{3, 5}}, specials: true})
	// libm's (sinf, erff, ...) against Go's float64 functions rounded once.
	for _, u := range []string{"sine", "cosine", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf"} {
		cs = append(cs, nativeCase{fn: "u_" + u, shapes: [][]int64{{3, 5}}, specials: true, ulps: 1})
	}
	for _, u := range []string{"sine", "erf", "atanh"} {
		cs = append(cs, nativeCase{fn: "u64_" + u, shapes: [][]int64{{3, 5}}, specials: true, ulps: 1})
	}
	for _, u := range []string{"is_inf", "is_pos_inf", "is_neg_inf"} {
		cs = append(cs, nativeCase{fn: "u_" + u, shapes: [][]int64{{4, 5}}, specials: true})
	}
	for _, u := range []string{"negate", "abs", "sign", "popcnt", "not"} {
		cs = append(cs, nativeCase{fn: "ui_" + u, shapes: [][]int64{{3, 5}}})
	}
	cs = append(cs, nativeCase{fn: "ui_not_i1", shapes: [][]int64{{4}}})
	// remainder without NaN inputs: C's fmodf and Go's math.Mod give NaNs
	// of different signs.
	cs = append(cs, nativeCase{fn: "b_remainder", shapes: [][]int64{{3, 5}, {5}}})
	for _, b := range []string{"add", "subtract", "multiply", "divide", "maximum", "minimum"} {
		cs = append(cs, nativeCase{fn: "b_" + b, shapes: [][]int64{{3, 5}, {5}}, specials: true},
			nativeCase{fn: "b_" + b, shapes: [][]int64{{0, 5}, {5}}})
	}
	for _, b := range []string{"power", "atan2"} {
		cs = append(cs, nativeCase{fn: "b_" + b, shapes: [][]int64{{3, 5}, {5}}, ulps: 1})
	}
	for _, b := range []string{"add", "subtract", "multiply", "maximum", "minimum", "and", "or", "xor", "divide", "remainder",
		"shift_left", "shift_right_arithmetic", "shift_right_logical", "power"} {
		cs = append(cs, nativeCase{fn: "bi_" + b, shapes: [][]int64{{3, 6}, {6}}},
			nativeCase{fn: "bi_" + b, shapes: [][]int64{{3, 1}, {6}}},
			nativeCase{fn: "bi_" + b, shapes: [][]int64{{3, 6}, {1}}})
	}
	cs = append(cs,
		nativeCase{fn: "bi_add", shapes: [][]int64{{3, 6}, {4}}, wantErr: "operand shapes are not broadcast compatible (argument shapes: [3, 6], [4])"},
		nativeCase{fn: "b_add_dims", shapes: [][]int64{{3}, {3, 4}}},
		nativeCase{fn: "compare_select", shapes: [][]int64{{4, 7}, {7}}, specials: true},
		nativeCase{fn: "compare_select", shapes: [][]int64{{4, 7}, {1}}, specials: true},
		nativeCase{fn: "compare_select", shapes: [][]int64{{4, 1}, {7}}},
		nativeCase{fn: "compare_i", shapes: [][]int64{{2, 4}, {4}}},
		nativeCase{fn: "clamp", shapes: [][]int64{{}, {3, 4}, {4}}, specials: true},
		nativeCase{fn: "clamp", shapes: [][]int64{{}, {3, 4}, {1}}},
		nativeCase{fn: "constant_iota", shapes: [][]int64{{4, 3}}},
		nativeCase{fn: "iota_f", shapes: [][]int64{}},
		nativeCase{fn: "convert_fi", shapes: [][]int64{{5, 3}}},
		nativeCase{fn: "convert_if", shapes: [][]int64{{9}}},
		nativeCase{fn: "convert_ff", shapes: [][]int64{{9}}, specials: true},
		nativeCase{fn: "convert_ib", shapes: [][]int64{{9}}},
		nativeCase{fn: "broadcast_in_dim", shapes: [][]int64{{3, 1}}},
		nativeCase{fn: "dynamic_broadcast_in_dim", shapes: [][]int64{{5}, {3, 5}}},
		nativeCase{fn: "dynamic_broadcast_in_dim", shapes: [][]int64{{1}, {3, 5}}},
		nativeCase{fn: "dynamic_broadcast_in_dim", shapes: [][]int64{{5}, {1, 1}}},
		nativeCase{fn: "dynamic_broadcast_in_dim", shapes: [][]int64{{4}, {3, 5}}, wantErr: "does not broadcast"},
		nativeCase{fn: "reshape", shapes: [][]int64{{2, 3, 4}}},
		nativeCase{fn: "reshape_scalar", shapes: [][]int64{{}}},
		nativeCase{fn: "dynamic_reshape", shapes: [][]int64{{12}}},
		nativeCase{fn: "dynamic_reshape", shapes: [][]int64{{10}}, wantErr: "tensor.reshape of 10 elements to a shape of 12 elements"},
		nativeCase{fn: "transpose", shapes: [][]int64{{2, 3, 4}}},
		nativeCase{fn: "transpose", shapes: [][]int64{{0, 3, 4}}},
		nativeCase{fn: "get_dimension_size", shapes: [][]int64{{7, 3}}},
		nativeCase{fn: "assign", shapes: [][]int64{{3, 5}, {5}}},
		nativeCase{fn: "assign", shapes: [][]int64{{3, 5}, {1}}},
		nativeCase{fn: "assign", shapes: [][]int64{{3, 1}, {1}}},
		nativeCase{fn: "assign", shapes: [][]int64{{3, 1}, {5}}, wantErr: "source dim 0 has size 5 but destination dim 1 has size 1"},
		nativeCase{fn: "assign", shapes: [][]int64{{3, 5}, {4}}, wantErr: "source dim 0 has size 4 but destination dim 1 has size 5"},
		nativeCase{fn: "narrow", shapes: [][]int64{{1, 3, 1, 4}, {3, 4}}, ulps: 1},
		nativeCase{fn: "narrow", shapes: [][]int64{{1, 1, 1, 4}, {1, 4}}, ulps: 1},
		nativeCase{fn: "reverse", shapes: [][]int64{{3, 5}, {3, 5}}, specials: true},
		nativeCase{fn: "bitcast_convert", shapes: [][]int64{{3, 5}, {3, 5}}, specials: true},
		nativeCase{fn: "pad", shapes: [][]int64{{3, 4}, {5, 9}}, ulps: 1},
		nativeCase{fn: "pad_crop", shapes: [][]int64{{4, 5}, {}}},
		nativeCase{fn: "dynamic_slice", shapes: [][]int64{{4, 7}, {}, {}}},
		nativeCase{fn: "dynamic_slice", shapes: [][]int64{{4, 3}, {}, {}}},
		nativeCase{fn: "dynamic_slice", shapes: [][]int64{{4, 2}, {}, {}}, wantErr: "the slice has 3 elements in dim 1, more than the operand's 2"},
		nativeCase{fn: "dynamic_update_slice", shapes: [][]int64{{4, 5}, {2, 3}, {}, {}}},
		nativeCase{fn: "dynamic_update_slice_row", shapes: [][]int64{{3, 5}, {5}, {}, {}}, ulps: 1},
		nativeCase{fn: "dynamic_update_slice_row", shapes: [][]int64{{0, 5}, {5}, {}, {}}, wantErr: "the slice has 1 elements in dim 0, more than the operand's 0"},
		nativeCase{fn: "slice", shapes: [][]int64{{8, 6}}},
		nativeCase{fn: "slice_fused", shapes: [][]int64{{3, 7}, {3}}},
		nativeCase{fn: "slice_fused", shapes: [][]int64{{2, 7}, {3}}, wantErr: "slice_fused: "},
		nativeCase{fn: "concatenate", shapes: [][]int64{{2, 3}, {2, 2}}},
		nativeCase{fn: "concatenate_dyn", shapes: [][]int64{{2, 3}, {4, 3}, {3}}, specials: true},
		nativeCase{fn: "concatenate_dyn", shapes: [][]int64{{0, 3}, {4, 3}, {1}}},
		nativeCase{fn: "concatenate_dyn", shapes: [][]int64{{2, 3}, {4, 2}, {2}}, wantErr: "concatenate_dyn: "},
		nativeCase{fn: "f16_arith", shapes: [][]int64{{3, 5}, {5}}, specials: true},
		nativeCase{fn: "f16_arith", shapes: [][]int64{{0, 5}, {5}}},
		nativeCase{fn: "bf16_arith", shapes: [][]int64{{3, 5}, {5}}, specials: true},
		nativeCase{fn: "half_convert", shapes: [][]int64{{40}, {40}, {40}}},
		nativeCase{fn: "f16_exp", shapes: [][]int64{{30}}, ulps: 1},
		nativeCase{fn: "concatenate_stack", shapes: [][]int64{{1, 20}, {1, 20}}, ulps: 1},
		nativeCase{fn: "jax_shape_poly", shapes: [][]int64{{4, 3}, {3}}, specials: true},
		nativeCase{fn: "jax_shape_poly", shapes: [][]int64{{1, 3}, {3}}},
		nativeCase{fn: "jax_shape_poly", shapes: [][]int64{{0, 3}, {3}}},
		nativeCase{fn: "dynamic_iota", shapes: [][]int64{{7}}, specials: true},
		nativeCase{fn: "real_dynamic_slice", shapes: [][]int64{{9}}, ulps: 1},
		nativeCase{fn: "real_dynamic_slice", shapes: [][]int64{{1}}, wantErr: "start index 1 is greater than limit index 0"},
		// rows shorter than a vector: the sum folds in order, exactly
		nativeCase{fn: "reduce_sum", shapes: [][]int64{{3, 7}}, specials: true},
		nativeCase{fn: "reduce_sum", shapes: [][]int64{{3, 0}}},
		nativeCase{fn: "reduce_sum", shapes: [][]int64{{0, 5}}},
		nativeCase{fn: "reduce_max_cols", shapes: [][]int64{{40, 37}}, specials: true},
		nativeCase{fn: "reduce_max_cols", shapes: [][]int64{{0, 3}}},
		nativeCase{fn: "reduce_argmax", shapes: [][]int64{{5, 40}}, specials: true},
		nativeCase{fn: "reduce_window_cumsum", shapes: [][]int64{{8, 9}}},
		// contractions: exact on these arguments, whose products and
		// sums are exact with or without fused multiply-adds
		// (contraction_native_test.go has more; matmul_test.go checks
		// inexact ones within doc.go's bound)
		nativeCase{fn: "dot_general", shapes: [][]int64{{2, 3, 17}, {2, 17, 5}}},
		nativeCase{fn: "dot", shapes: [][]int64{{4, 9}, {9, 6}}},
	)
	// Last, so that the cases above keep their random arguments.
	// Unsigned and explicitly signed integers, computed on signless views
	// (tensor.bitcast) with unsigned arithmetic where it differs.
	for _, ty := range []string{"ui8", "ui32", "ui64", "si16"} {
		for _, o := range []string{"add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
			"shift_left", "shift_right_logical", "shift_right_arithmetic", "power"} {
			cs = append(cs, nativeCase{fn: "u_" + ty + "_" + o, shapes: [][]int64{{3, 5}, {5}}})
		}
	}
	cs = append(cs, nativeCase{fn: "u_ui8_misc", shapes: [][]int64{{3, 5}, {3, 5}, {3, 5}}, specials: true})
	for range 4 {
		cs = append(cs, nativeCase{fn: "bi_divrem_any", shapes: [][]int64{{6, 16}, {16}}})
	}
	// Signed and unsigned reductions, contractions, iota and bitcasts.
	for _, n := range []int64{3, 4, 9} {
		cs = append(cs, nativeCase{fn: "s_reductions", shapes: [][]int64{{n, 5}, {n, 5}}})
		cs = append(cs, nativeCase{fn: "s_dot", shapes: [][]int64{{n, 5}, {5, 3}}})
	}
	cs = append(cs, nativeCase{fn: "s_window", shapes: [][]int64{{4, 5}}})
	cs = append(cs, nativeCase{fn: "s_bitcast_widths", shapes: [][]int64{{5, 3}, {7, 4}}, specials: true},
		nativeCase{fn: "s_bitcast_widths", shapes: [][]int64{{0, 3}, {0, 4}}},
		nativeCase{fn: "s_bitcast_widths", shapes: [][]int64{{2, 3}, {2, 3}}, wantErr: "the operand's last dim has 3 elements; 'f32' is made of 4"})
	for _, s := range [][]int64{{5, 7}, {1, 1}, {0, 3}, {4, 0}, {3, 2}} {
		cs = append(cs, nativeCase{fn: "d_reverse", shapes: [][]int64{{s[0], 4, s[1]}}})
		if s[0] >= 3 && s[1] > 0 {
			cs = append(cs, nativeCase{fn: "d_pad", shapes: [][]int64{s, {}}})
		}
	}
	// 1x1: dim 0 of the second pad is 1 - 3 < 0; 4x0: its dim 1 is -1.
	cs = append(cs, nativeCase{fn: "d_pad", shapes: [][]int64{{1, 1}, {}}, wantErr: "dim 0 would have -2 elements (padding low -3, high 0, interior 0)"},
		nativeCase{fn: "d_pad", shapes: [][]int64{{4, 0}, {}}, wantErr: "dim 1 would have -1 elements (padding low 0, high -1, interior 0)"})
	// The special functions of issue 16 (special_native_test.go runs
	// them on chosen values, in every float type).
	cs = append(cs, nativeCase{fn: "u_erfc", shapes: [][]int64{{3, 5}}, specials: true, ulps: 1})
	cs = append(cs, nativeCase{fn: "b_next_after", shapes: [][]int64{{3, 5}, {5}}, specials: true},
		nativeCase{fn: "b_next_after", shapes: [][]int64{{3, 5}, {1}}, specials: true},
		nativeCase{fn: "u_reduce_precision", shapes: [][]int64{{3, 5}}, specials: true},
		nativeCase{fn: "u_lgamma", shapes: [][]int64{{3, 5}}, specials: true, ulps: 1},
		nativeCase{fn: "u_erf_inv", shapes: [][]int64{{3, 5}}, specials: true, ulps: 1},
		nativeCase{fn: "u_digamma", shapes: [][]int64{{3, 5}}, specials: true, ulps: 1})
	cs = append(cs, nativeCase{fn: "u_real_imag_conj", shapes: [][]int64{{3, 5}}, specials: true})
	cs = append(cs, nativeCase{fn: "b_complex", shapes: [][]int64{{3, 5}, {3, 5}}, specials: true},
		nativeCase{fn: "b_complex", shapes: [][]int64{{0, 5}, {0, 5}}})
	return cs
}()

// interpretedOnly are the hlo ops TestHloOpsCovered does not ask a native
// kernel of, each with the reason (none now).
var interpretedOnly = map[string]string{}

const hloOpsFile = "testdata/hlo_ops.mlir"

// TestNativeHloOps compiles every kernel of testdata/hlo_ops.mlir once
// and runs the cases.
func TestNativeHloOps(t *testing.T) {
	t.Parallel()
	runNativeCases(t, compileNative(t, hloOpsFile), hloOpCases, 5)
}

// TestNativeAArch64HloOps runs hloOpCases for AArch64 under qemu
// (native_aarch64_test.go).
func TestNativeAArch64HloOps(t *testing.T) {
	t.Parallel()
	runNativeCases(t, compileNativeFor(t, hloOpsFile, aarch64Target), hloOpCases, 5)
}

// TestHloOpsCovered fails when a registered hlo op (but custom_call, an
// opaque call with nothing to compile, and interpretedOnly) is in no kernel of
// testdata/hlo_ops.mlir that TestNativeHloOps runs.
func TestHloOpsCovered(t *testing.T) {
	src, err := os.ReadFile(hloOpsFile)
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, hloOpsFile, src)
	run := map[string]bool{}
	for _, c := range hloOpCases {
		if c.wantErr == "" {
			run[c.fn] = true
		}
	}
	covered := map[string]bool{}
	for _, f := range m.Region(0).Front().Ops() {
		name, _ := f.Attr("sym_name").(*ir.StringAttr)
		if name == nil || !run[name.Value] {
			continue
		}
		f.Walk(func(o *ir.Operation) bool {
			covered[o.Name()] = true
			return true
		})
	}
	var missing []string
	for _, d := range ir.RegisteredOps() {
		if strings.HasPrefix(d.Name, "hlo.") && d.Name != "hlo.custom_call" && !covered[d.Name] && interpretedOnly[d.Name] == "" {
			missing = append(missing, d.Name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("hlo ops with no native test (add a kernel to %s and a case to hloOpCases): %s", hloOpsFile, strings.Join(missing, ", "))
	}
}
