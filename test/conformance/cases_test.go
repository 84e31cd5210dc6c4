package conformance

import (
	"fmt"
	"math"
	"math/cmplx"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// operand is one argument of a cell's @main, as @inputs returns it.
type operand struct {
	d     dtype
	shape []int64 // the value's shape
	typ   string  // its type in @main's signature (may have `?` dims)
	raw   []byte
}

// result is one result of a cell's @main.
type result struct {
	d     dtype
	shape []int64
	typ   string
}

// cell is one (op, dtype) program: @main's body on its operands, the
// oracle's kind and parameters (testdata/oracle.py), and the float
// results' bound in ulps.
type cell struct {
	op       string
	d        dtype
	operands []operand
	results  []result
	body     string // @main's ops, %arg0... its arguments, ending in its return
	kind     string
	params   map[string]any
	ulps     int64
	// abs, when positive, also accepts a float result within abs of the
	// oracle's (inexactAbs).
	abs float64
	// oracleOnly are operands the oracle reads after @main's (a reduction's
	// init value, a constant in @main as JAX writes it).
	oracleOnly []operand
	// want, when set, is the expected results' bytes without the oracle
	// (the constant row).
	want [][]byte
}

func arg(d dtype, shape []int64, raw []byte) operand {
	return operand{d: d, shape: shape, typ: tensorType(shape, d), raw: raw}
}

func res(d dtype, shape ...int64) result {
	return result{d: d, shape: shape, typ: tensorType(shape, d)}
}

// dynRes is a result whose type in @main has `?` dims.
func dynRes(d dtype, typ string, shape ...int64) result { return result{d: d, shape: shape, typ: typ} }

var (
	i1  = dtypeNamed("i1")
	i32 = dtypeNamed("i32")
	i64 = dtypeNamed("i64")
	f64 = dtypeNamed("f64")
)

// predicates are the elementwise ops whose result is i1.
var predicates = map[string]bool{"is_finite": true, "is_inf": true, "is_pos_inf": true, "is_neg_inf": true}

// inexact are the ops whose float results are compared within
// inexactULPs: functions that neither IEEE 754 nor StableHLO round
// exactly (libm's, Go's math package's and numpy's differ in the last
// bits). Every other float result, f16 and bf16 included, must be the
// correctly rounded one, bit for bit.
var inexact = map[string]bool{
	"exponential": true, "exponential_minus_one": true, "log": true, "log_plus_one": true,
	"logistic": true, "rsqrt": true, "cbrt": true, "tanh": true, "sine": true, "cosine": true,
	"tan": true, "sinh": true, "cosh": true, "asin": true, "acos": true, "atan": true,
	"asinh": true, "acosh": true, "atanh": true, "erf": true, "erfc": true, "erf_inv": true,
	"lgamma": true, "digamma": true, "atan2": true, "power": true,
}

// inexactComplex are the ops that are exact on real elements but not on
// complex ones: |z| is hypot(re, im) (Go's algorithm in bcast-opt,
// glibc's in numpy: within an ulp of each other), and sign is z/|z|.
var inexactComplex = map[string]bool{"abs": true, "sign": true}

// inexactULPs is the bound of the inexact ops by element type: the
// reference is the float64 function rounded once to the type, so a
// half-precision result must be within one ulp of it (it is computed in
// f32 or wider and rounded once), an f32 or f64 one within a few (libm's
// f32 functions are within 1-2 ulps, Go's and glibc's f64 ones within 1-2).
func inexactULPs(op string, d dtype) int64 {
	if !inexact[op] && !(d.class == complexType && inexactComplex[op]) {
		return 0
	}
	switch d.name {
	case "f16", "bf16":
		return 1
	}
	return 4
}

// inexactAbs is an absolute bound that f64 lgamma and digamma meet where
// their ulp bound cannot hold: beside their zeros below 0, where the
// reflection formula cancels (log|Γ(-2.5)| = -0.0562... is the difference
// of 1.14 and 1.20), a tiny result is only as accurate as the terms'
// ulps. The f32 and half results are computed in f64 and meet the ulp
// bound. Complex atan2 is StableHLO's formula, the log of a quotient of
// modulus near 1, whose parts are a few epsilons off absolutely (its
// rounding errors, 2^-52 each, are not relative to a small result).
func inexactAbs(op string, d dtype) float64 {
	switch {
	case d.name == "complex<f64>" && op == "atan2":
		return 2e-15
	case d.name != "f64":
		return 0
	}
	return map[string]float64{"lgamma": 1e-15, "digamma": 4e-15}[op]
}

// elementwiseCell is the row of a unary or binary elementwise op: every
// edge value (unary) or every pair of edge values (binary; complex power
// only the pairs whose result complexPowerDetermined).
func elementwiseCell(op string, d dtype, arity int) *cell {
	n := edgeCount(d)
	c := &cell{op: op, d: d, ulps: inexactULPs(op, d), abs: inexactAbs(op, d), params: map[string]any{"op": op}}
	rd := d
	switch {
	case predicates[op]:
		rd = i1
	case d.class == complexType && (op == "abs" || op == "real" || op == "imag"):
		rd = d.component()
	}
	if arity == 1 {
		c.kind = "unary"
		c.operands = []operand{arg(d, []int64{int64(n)}, elems(d, iotaIdx(n)))}
		c.results = []result{res(rd, int64(n))}
		c.body = fmt.Sprintf("%%0 = stablehlo.%s %%arg0 : (%s) -> %s\nreturn %%0 : %s", op, c.operands[0].typ, c.results[0].typ, c.results[0].typ)
		return c
	}
	c.kind = "binary"
	var ia, ib []int
	for i := range n {
		for j := range n {
			if op == "power" && d.class == complexType && !complexPowerDetermined(d, i, j) {
				continue
			}
			ia, ib = append(ia, i), append(ib, j)
		}
	}
	shape := []int64{int64(len(ia))}
	c.operands = []operand{arg(d, shape, elems(d, ia)), arg(d, shape, elems(d, ib))}
	c.results = []result{res(rd, shape...)}
	t := c.operands[0].typ
	c.body = fmt.Sprintf("%%0 = stablehlo.%s %%arg0, %%arg1 : (%s, %s) -> %s\nreturn %%0 : %s", op, t, t, c.results[0].typ, c.results[0].typ)
	return c
}

// rowCase returns the generator of op's row, or nil when the op has none
// (the matrix then fails: a new op needs its case here).
func rowCase(op string) func(d dtype) *cell {
	if g, ok := specialCases[op]; ok {
		return g
	}
	def := ir.LookupOp("hlo." + op)
	if def != nil && hlo.ElementwiseOf(def) != nil && (def.Operands == 1 || def.Operands == 2) {
		return func(d dtype) *cell { return elementwiseCell(op, d, def.Operands) }
	}
	return nil
}

// specialCases are the rows that are not one plain elementwise op.
var specialCases = map[string]func(d dtype) *cell{
	"compare": func(d dtype) *cell {
		c := elementwiseCell("compare", d, 2)
		c.kind, c.params = "compare", map[string]any{}
		ct := map[class]string{boolean: "UNSIGNED", signed: "SIGNED", unsigned: "UNSIGNED", float: "FLOAT", complexType: "FLOAT"}[d.class]
		dirs := []string{"EQ", "NE", "LT", "LE", "GT", "GE"}
		if d.class == complexType {
			dirs = dirs[:2] // StableHLO orders no complex numbers
		}
		c.params["dirs"] = dirs
		t, n := c.operands[0].typ, c.operands[0].shape[0]
		c.results = nil
		var body, rets, rtys []string
		for i, dir := range dirs {
			r := res(i1, n)
			c.results = append(c.results, r)
			body = append(body, fmt.Sprintf("%%%d = stablehlo.compare %s, %%arg0, %%arg1, %s : (%s, %s) -> %s", i, dir, ct, t, t, r.typ))
			rets, rtys = append(rets, fmt.Sprintf("%%%d", i)), append(rtys, r.typ)
		}
		c.body = strings.Join(body, "\n") + fmt.Sprintf("\nreturn %s : %s", strings.Join(rets, ", "), strings.Join(rtys, ", "))
		return c
	},
	"select": func(d dtype) *cell {
		n := edgeCount(d)
		p := make([]int64, n)
		for i := range p {
			p[i] = int64(i*7/3) % 2
		}
		rev := make([]int, n)
		for i := range rev {
			rev[i] = n - 1 - i
		}
		c := &cell{op: "select", d: d, kind: "select", operands: []operand{
			arg(i1, []int64{int64(n)}, smallInts(i1, p)), arg(d, []int64{int64(n)}, elems(d, iotaIdx(n))), arg(d, []int64{int64(n)}, elems(d, rev)),
		}, results: []result{res(d, int64(n))}}
		c.body = threeOperands("select", c)
		return c
	},
	"clamp": func(d dtype) *cell {
		n := edgeCount(d)
		var lo, x, hi []int
		for i := range n {
			for j := range n {
				lo, x, hi = append(lo, i), append(x, j), append(hi, (i+j*5+3)%n)
			}
		}
		s := []int64{int64(n * n)}
		c := &cell{op: "clamp", d: d, kind: "clamp", operands: []operand{arg(d, s, elems(d, lo)), arg(d, s, elems(d, x)), arg(d, s, elems(d, hi))},
			results: []result{res(d, s...)}}
		c.body = threeOperands("clamp", c)
		return c
	},
	"convert": convertCell,
	"reshape": func(d dtype) *cell {
		return moveCell(d, "reshape", "%0 = stablehlo.reshape %arg0 : (T34) -> R", res(d, 2, 6), nil)
	},
	"transpose": func(d dtype) *cell {
		return moveCell(d, "transpose", "%0 = stablehlo.transpose %arg0, dims = [1, 0] : (T34) -> R", res(d, 4, 3), map[string]any{"perm": []int{1, 0}})
	},
	"broadcast_in_dim": func(d dtype) *cell {
		return moveCell(d, "broadcast", "%0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (T34) -> R", res(d, 2, 3, 4), map[string]any{"as": []int{1, 3, 4}})
	},
	"slice": func(d dtype) *cell {
		return moveCell(d, "slice", "%0 = stablehlo.slice %arg0 [0:3:2, 1:4] : (T34) -> R", res(d, 2, 3), map[string]any{"slices": [][]int{{0, 3, 2}, {1, 4, 1}}})
	},
	"reverse": func(d dtype) *cell {
		return moveCell(d, "reverse", "%0 = stablehlo.reverse %arg0, dims = [0, 1] : T34", res(d, 3, 4), map[string]any{"dims": []int{0, 1}})
	},
	"pad":                  padCell,
	"concatenate":          concatenateCell,
	"dynamic_slice":        dynamicSliceCell,
	"dynamic_update_slice": dynamicUpdateSliceCell,
	"real_dynamic_slice":   realDynamicSliceCell,
	// The dynamic-shape rows compute their shape operands from their
	// operand's dims, as jax.export writes shape-polymorphic programs.
	"dynamic_broadcast_in_dim": func(d dtype) *cell {
		c := &cell{op: "dynamic_broadcast_in_dim", d: d, kind: "movement", params: map[string]any{"kind": "broadcast", "as": []int{1, 4}},
			operands: []operand{dynArg(d, []int64{4}, "tensor<?x"+d.name+">", elems(d, iotaIdx(4)))},
			results:  []result{dynRes(d, "tensor<3x?x"+d.name+">", 3, 4)}}
		c.body = fmt.Sprintf(`%%n = stablehlo.get_dimension_size %%arg0, dim = 0 : (%s) -> tensor<i32>
%%n1 = stablehlo.reshape %%n : (tensor<i32>) -> tensor<1xi32>
%%c3 = stablehlo.constant dense<3> : tensor<1xi32>
%%s = stablehlo.concatenate %%c3, %%n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
%%0 = stablehlo.dynamic_broadcast_in_dim %%arg0, %%s, dims = [1] : (%s, tensor<2xi32>) -> %s
return %%0 : %s`, c.operands[0].typ, c.operands[0].typ, c.results[0].typ, c.results[0].typ)
		return c
	},
	"dynamic_reshape": func(d dtype) *cell {
		c := &cell{op: "dynamic_reshape", d: d, kind: "movement", params: map[string]any{"kind": "reshape"},
			operands: []operand{dynArg(d, []int64{3, 4}, "tensor<?x4x"+d.name+">", elems(d, iotaIdx(12)))},
			results:  []result{dynRes(d, "tensor<4x?x"+d.name+">", 4, 3)}}
		c.body = fmt.Sprintf(`%%n = stablehlo.get_dimension_size %%arg0, dim = 0 : (%s) -> tensor<i32>
%%n1 = stablehlo.reshape %%n : (tensor<i32>) -> tensor<1xi32>
%%c4 = stablehlo.constant dense<4> : tensor<1xi32>
%%s = stablehlo.concatenate %%c4, %%n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
%%0 = stablehlo.dynamic_reshape %%arg0, %%s : (%s, tensor<2xi32>) -> %s
return %%0 : %s`, c.operands[0].typ, c.operands[0].typ, c.results[0].typ, c.results[0].typ)
		return c
	},
	"get_dimension_size": func(d dtype) *cell {
		c := &cell{op: "get_dimension_size", d: d, kind: "movement", params: map[string]any{"kind": "dim_size", "dim": 0},
			operands: []operand{dynArg(d, []int64{3, 4}, "tensor<?x4x"+d.name+">", elems(d, iotaIdx(12)))},
			results:  []result{res(i32)}}
		c.body = fmt.Sprintf("%%0 = stablehlo.get_dimension_size %%arg0, dim = 0 : (%s) -> tensor<i32>\nreturn %%0 : tensor<i32>", c.operands[0].typ)
		return c
	},
	"optimization_barrier": func(d dtype) *cell {
		c := &cell{op: "optimization_barrier", d: d, kind: "movement", params: map[string]any{"kind": "identity"},
			operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(d, []int64{2}, elems(d, []int{12, 13}))},
			results:  []result{res(d, 3, 4), res(d, 2)}}
		c.body = fmt.Sprintf("%%0:2 = stablehlo.optimization_barrier %%arg0, %%arg1 : %s, %s\nreturn %%0#0, %%0#1 : %s, %s",
			c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[1].typ)
		return c
	},
	"bitcast_convert": bitcastCell,
	"constant": func(d dtype) *cell {
		n := edgeCount(d)
		raw := elems(d, iotaIdx(n))
		r := res(d, int64(n))
		return &cell{op: "constant", d: d, results: []result{r}, want: [][]byte{raw},
			body: fmt.Sprintf("%%0 = stablehlo.constant %s\nreturn %%0 : %s", literal(r.shape, d, raw), r.typ)}
	},
	"iota": func(d dtype) *cell {
		r := res(d, 2, 5)
		return &cell{op: "iota", d: d, kind: "movement", params: map[string]any{"kind": "iota", "dim": 1}, results: []result{r},
			body: fmt.Sprintf("%%0 = stablehlo.iota dim = 1 : %s\nreturn %%0 : %s", r.typ, r.typ)}
	},
	"dynamic_iota": func(d dtype) *cell {
		r := dynRes(d, "tensor<?x"+d.name+">", 5)
		x := dynArg(d, []int64{5}, "tensor<?x"+d.name+">", elems(d, iotaIdx(5)))
		return &cell{op: "dynamic_iota", d: d, kind: "movement", params: map[string]any{"kind": "iota", "dim": 0}, results: []result{r},
			operands: []operand{x},
			body: fmt.Sprintf(`%%n = stablehlo.get_dimension_size %%arg0, dim = 0 : (%s) -> tensor<i32>
%%n1 = stablehlo.reshape %%n : (tensor<i32>) -> tensor<1xi32>
%%0 = stablehlo.dynamic_iota %%n1, dim = 0 : (tensor<1xi32>) -> %s
return %%0 : %s`, x.typ, r.typ, r.typ)}
	},
	"narrow": func(d dtype) *cell {
		c := &cell{op: "narrow", d: d, kind: "movement", params: map[string]any{"kind": "reshape"},
			operands: []operand{arg(d, []int64{1, 3, 1, 4}, elems(d, iotaIdx(12)))}, results: []result{res(d, 3, 4)}}
		c.body = fmt.Sprintf("%%0 = hlo.narrow %%arg0 : (%s) -> %s\nreturn %%0 : %s", c.operands[0].typ, c.results[0].typ, c.results[0].typ)
		return c
	},
	"assign": func(d dtype) *cell {
		c := &cell{op: "assign", d: d, kind: "movement", params: map[string]any{"kind": "assign"},
			operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(d, []int64{4}, elems(d, []int{5, 8, 13, 14}))},
			results:  []result{res(d, 3, 4)}}
		c.body = fmt.Sprintf("%%0 = hlo.assign %%arg0, %%arg1 : (%s, %s) -> %s\nreturn %%0 : %s", c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
		return c
	},
	"reduce":        reduceCell,
	"reduce_window": reduceWindowCell,
	"dot":           dotCell,
	"dot_general":   dotGeneralCell,
	// rows of ops being added (issue 16), ready for when they are
	"reduce_precision": func(d dtype) *cell {
		c := elementwiseCell("reduce_precision", d, 1)
		c.kind, c.params = "reduce_precision", map[string]any{"exponent_bits": 5, "mantissa_bits": 2}
		t := c.operands[0].typ
		c.body = fmt.Sprintf("%%0 = stablehlo.reduce_precision %%arg0, format = e5m2 : %s\nreturn %%0 : %s", t, t)
		return c
	},
	"real": func(d dtype) *cell { return partsCell("real", d) },
	"imag": func(d dtype) *cell { return partsCell("imag", d) },
	"complex": func(d dtype) *cell {
		c := elementwiseCell("complex", d, 2)
		cd := dtype{name: "complex<" + d.name + ">", class: complexType, bits: 2 * d.bits}
		c.kind, c.params = "complex_parts", map[string]any{"op": "complex"}
		c.results = []result{res(cd, c.operands[0].shape...)}
		t := c.operands[0].typ
		c.body = fmt.Sprintf("%%0 = stablehlo.complex %%arg0, %%arg1 : (%s, %s) -> %s\nreturn %%0 : %s", t, t, c.results[0].typ, c.results[0].typ)
		return c
	},
}

func partsCell(op string, d dtype) *cell {
	c := elementwiseCell(op, d, 1)
	c.kind = "complex_parts"
	return c
}

func dynArg(d dtype, shape []int64, typ string, raw []byte) operand {
	return operand{d: d, shape: shape, typ: typ, raw: raw}
}

func threeOperands(op string, c *cell) string {
	return fmt.Sprintf("%%0 = stablehlo.%s %%arg0, %%arg1, %%arg2 : (%s, %s, %s) -> %s\nreturn %%0 : %s", op,
		c.operands[0].typ, c.operands[1].typ, c.operands[2].typ, c.results[0].typ, c.results[0].typ)
}

// moveCell is a data-movement row on a 3x4 operand of edge values; body
// names the operand's type T34 and the result's R.
func moveCell(d dtype, kind, body string, r result, params map[string]any) *cell {
	if params == nil {
		params = map[string]any{}
	}
	params["kind"] = kind
	op := strings.Fields(body)[2]
	c := &cell{op: strings.TrimPrefix(op, "stablehlo."), d: d, kind: "movement", params: params,
		operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12)))}, results: []result{r}}
	c.body = strings.NewReplacer("T34", c.operands[0].typ, "R", r.typ).Replace(body) + "\nreturn %0 : " + r.typ
	return c
}

func padCell(d dtype) *cell {
	c := &cell{op: "pad", d: d, kind: "movement",
		params:   map[string]any{"kind": "pad", "low": []int{1, -1}, "high": []int{0, 2}, "interior": []int{1, 0}},
		operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(d, nil, elems(d, []int{13}))},
		results:  []result{res(d, 6, 5)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.pad %%arg0, %%arg1, low = [1, -1], high = [0, 2], interior = [1, 0] : (%s, %s) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
	return c
}

func concatenateCell(d dtype) *cell {
	c := &cell{op: "concatenate", d: d, kind: "movement", params: map[string]any{"kind": "concatenate", "dim": 0},
		operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(d, []int64{2, 4}, elems(d, []int{15, 14, 13, 12, 11, 10, 9, 8}))},
		results:  []result{res(d, 5, 4)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.concatenate %%arg0, %%arg1, dim = 0 : (%s, %s) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// dynamicSliceCell starts at (2, -1): both clamped (to 1 and 0), as
// StableHLO clamps a start so that the slice fits.
func dynamicSliceCell(d dtype) *cell {
	c := &cell{op: "dynamic_slice", d: d, kind: "movement", params: map[string]any{"kind": "dynamic_slice", "sizes": []int{2, 3}},
		operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(i32, nil, smallInts(i32, []int64{2})), arg(i32, nil, smallInts(i32, []int64{-1}))},
		results:  []result{res(d, 2, 3)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.dynamic_slice %%arg0, %%arg1, %%arg2, sizes = [2, 3] : (%s, tensor<i32>, tensor<i32>) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// dynamicUpdateSliceCell updates at (1, 3), clamped to (1, 2).
func dynamicUpdateSliceCell(d dtype) *cell {
	c := &cell{op: "dynamic_update_slice", d: d, kind: "movement", params: map[string]any{"kind": "dynamic_update_slice"},
		operands: []operand{arg(d, []int64{3, 4}, elems(d, iotaIdx(12))), arg(d, []int64{2, 2}, elems(d, []int{12, 13, 14, 15})),
			arg(i32, nil, smallInts(i32, []int64{1})), arg(i32, nil, smallInts(i32, []int64{3}))},
		results: []result{res(d, 3, 4)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.dynamic_update_slice %%arg0, %%arg1, %%arg2, %%arg3 : (%s, %s, tensor<i32>, tensor<i32>) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// realDynamicSliceCell slices [1 : n-1 : 3] of an operand of n = 12.
func realDynamicSliceCell(d dtype) *cell {
	c := &cell{op: "real_dynamic_slice", d: d, kind: "movement", params: map[string]any{"kind": "slice", "slices": [][]int{{1, 11, 3}}},
		operands: []operand{dynArg(d, []int64{12}, "tensor<?x"+d.name+">", elems(d, iotaIdx(12)))},
		results:  []result{dynRes(d, "tensor<?x"+d.name+">", 4)}}
	c.body = fmt.Sprintf(`%%n = stablehlo.get_dimension_size %%arg0, dim = 0 : (%s) -> tensor<i32>
%%one = stablehlo.constant dense<1> : tensor<i32>
%%l = stablehlo.subtract %%n, %%one : tensor<i32>
%%l1 = stablehlo.reshape %%l : (tensor<i32>) -> tensor<1xi32>
%%start = stablehlo.constant dense<1> : tensor<1xi32>
%%stride = stablehlo.constant dense<3> : tensor<1xi32>
%%0 = stablehlo.real_dynamic_slice %%arg0, %%start, %%l1, %%stride : (%s, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> %s
return %%0 : %s`, c.operands[0].typ, c.operands[0].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// bitcastPartner is the type of d's width that bitcast_convert converts d
// to: the float of the width for integers (else the unsigned integer),
// the signless integer for floats and unsigned integers, the unsigned
// one for signless; i1 stays i1, complex<f32> goes to i64.
func bitcastPartner(d dtype) dtype {
	switch {
	case d.name == "i1":
		return d
	case d.class == complexType:
		if d.bits == 64 {
			return i64
		}
		return dtypeNamed("complex<f64>")
	case d.class == float || d.class == unsigned || strings.HasPrefix(d.name, "si"):
		return dtypeNamed(fmt.Sprintf("i%d", d.bits))
	case d.bits == 8:
		return dtypeNamed("ui8")
	}
	return dtypeNamed(map[int]string{16: "f16", 32: "f32", 64: "f64"}[d.bits])
}

func bitcastCell(d dtype) *cell {
	p := bitcastPartner(d)
	c := &cell{op: "bitcast_convert", d: d, kind: "movement", params: map[string]any{"kind": "bitcast"},
		operands: []operand{arg(d, []int64{int64(edgeCount(d))}, elems(d, iotaIdx(edgeCount(d))))},
		results:  []result{res(p, int64(edgeCount(d)))}}
	c.body = fmt.Sprintf("%%0 = stablehlo.bitcast_convert %%arg0 : (%s) -> %s\nreturn %%0 : %s", c.operands[0].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// convertF64 and convertI64 are the f64 and i64 values converted to each
// type: edge values, halfway cases, values past each type's range, and
// values whose rounding through f32 first would differ (1 + 2^-11 + 2^-30
// to f16, 1 + 2^-8 + 2^-30 to bf16: a double rounding gives 1).
var (
	convertF64 = []float64{0, negZero, 1, -1, 0.5, -2.5, 2.5, 3.5, -0.75, 100.25, 255.9, 256, -129, 65504, 65520, 70000.5,
		1 + 1.0/2048 + 1.0/(1<<30), 1 + 1.0/256 + 1.0/(1<<30), 3e9, -3e9, 1e19, -1e19, 4e38, 1e-40, 6e-8, 1e-300,
		posInf, negInf, nan}
	convertI64 = []int64{0, 1, -1, 127, 128, -129, 255, 256, 65535, 65536 + 5, 1<<31 - 1, -1 << 31, 1<<32 + 1,
		1<<40 + 1<<32 + 1, 1<<53 + 1, 1<<63 - 1, -1 << 63}
)

// convertCell converts the type's edge values to f64, i64 and i1, and
// convertF64 and convertI64 to the type.
func convertCell(d dtype) *cell {
	n := edgeCount(d)
	fraw, iraw := make([]byte, 0), make([]byte, 0)
	for _, v := range convertF64 {
		fraw = append(fraw, le(ir.FloatBits(v, ir.F64), 8)...)
	}
	for _, v := range convertI64 {
		iraw = append(iraw, le(uint64(v), 8)...)
	}
	c := &cell{op: "convert", d: d, kind: "convert", params: map[string]any{"pairs": [][]int{{0, 0}, {0, 1}, {0, 2}, {1, 3}, {2, 4}}},
		operands: []operand{arg(d, []int64{int64(n)}, elems(d, iotaIdx(n))), arg(f64, []int64{int64(len(convertF64))}, fraw), arg(i64, []int64{int64(len(convertI64))}, iraw)},
		results:  []result{res(f64, int64(n)), res(i64, int64(n)), res(i1, int64(n)), res(d, int64(len(convertF64))), res(d, int64(len(convertI64)))}}
	var lines, rets, tys []string
	for k, p := range c.params["pairs"].([][]int) {
		lines = append(lines, fmt.Sprintf("%%%d = stablehlo.convert %%arg%d : (%s) -> %s", k, p[0], c.operands[p[0]].typ, c.results[p[1]].typ))
		rets, tys = append(rets, fmt.Sprintf("%%%d", k)), append(tys, c.results[p[1]].typ)
	}
	c.body = strings.Join(lines, "\n") + "\nreturn " + strings.Join(rets, ", ") + " : " + strings.Join(tys, ", ")
	return c
}

func le(v uint64, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return b
}

// reductionValues are the 3x4 operand of the reduce rows: the integer
// edge values (whose sums wrap, in any order alike) for integer types,
// and small integers, ±0 and one infinity for the others (sums exact in
// any order).
func reductionValues(d dtype, n int) []byte {
	if d.isInt() {
		return elems(d, iotaIdx(n))
	}
	vs := []int64{1, 2, -3, 3, 0, 0, 0, 0, 2, -1, 1, 3}
	raw := smallInts(d, vs[:n])
	if d.class == float { // -0s in row 1, +Inf in row 2
		sz := d.bytes()
		sign := le(uint64(1)<<(d.bits-1), sz)
		for i := 4; i < min(8, n); i++ {
			copy(raw[i*sz:], sign)
		}
		if n > 9 {
			copy(raw[9*sz:], le(floatEdges(d)[13], sz))
		}
	}
	return raw
}

// zeroInit is a reduction's init value 0 (false for i1): as @main's
// constant and as the oracle's operand.
func zeroInit(d dtype) (string, operand) {
	raw := smallInts(d, []int64{0})
	return fmt.Sprintf("%%init = stablehlo.constant %s\n", literal(nil, d, raw)), arg(d, nil, raw)
}

func reduceCell(d dtype) *cell {
	cst, init := zeroInit(d)
	c := &cell{op: "reduce", d: d, kind: "reduce", params: map[string]any{"op": "add", "dims": []int{1}},
		operands: []operand{arg(d, []int64{3, 4}, reductionValues(d, 12))}, oracleOnly: []operand{init},
		results: []result{res(d, 3)}}
	c.body = cst + fmt.Sprintf("%%0 = stablehlo.reduce(%%arg0 init: %%init) applies stablehlo.add across dimensions = [1] : (%s, %s) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, init.typ, c.results[0].typ, c.results[0].typ)
	return c
}

// reduceWindowCell is jnp.cumsum's form: a window of 2 along the one dim,
// padded by one init value in front.
func reduceWindowCell(d dtype) *cell {
	cst, init := zeroInit(d)
	c := &cell{op: "reduce_window", d: d, kind: "reduce_window", params: map[string]any{"op": "add", "window": 2, "low": 1, "high": 0},
		operands: []operand{arg(d, []int64{6}, reductionValues(d, 6))}, oracleOnly: []operand{init},
		results: []result{res(d, 6)}}
	s := init.typ
	c.body = cst + fmt.Sprintf(`%%0 = "stablehlo.reduce_window"(%%arg0, %%init) <{padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>}> ({
^bb0(%%a: %s, %%b: %s):
  %%s = stablehlo.add %%a, %%b : %s
  stablehlo.return %%s : %s
}) : (%s, %s) -> %s
return %%0 : %s`, s, s, s, s, c.operands[0].typ, s, c.results[0].typ, c.results[0].typ)
	return c
}

// contractionValues are small integers (exact products and sums in every
// type; wrapping for unsigned ones), with the integer types' largest
// value in one place so that a product wraps.
func contractionValues(d dtype, n int, seed int) []byte {
	vs := make([]int64, n)
	for i := range vs {
		vs[i] = int64((i*5+seed*3)%7) - 3
	}
	raw := smallInts(d, vs)
	if d.isInt() && d.class != boolean {
		copy(raw, elems(d, []int{8})) // the largest signed value, or 2^(w-1)-1
	}
	return raw
}

func dotCell(d dtype) *cell {
	c := &cell{op: "dot", d: d, kind: "dot", params: map[string]any{"batch": []int{}, "contract": []int{1}, "rbatch": []int{}, "rcontract": []int{0}},
		operands: []operand{arg(d, []int64{2, 3}, contractionValues(d, 6, 0)), arg(d, []int64{3, 2}, contractionValues(d, 6, 1))},
		results:  []result{res(d, 2, 2)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.dot %%arg0, %%arg1 : (%s, %s) -> %s\nreturn %%0 : %s", c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
	return c
}

func dotGeneralCell(d dtype) *cell {
	c := &cell{op: "dot_general", d: d, kind: "dot", params: map[string]any{"batch": []int{0}, "contract": []int{2}, "rbatch": []int{0}, "rcontract": []int{1}},
		operands: []operand{arg(d, []int64{2, 2, 3}, contractionValues(d, 12, 0)), arg(d, []int64{2, 3, 2}, contractionValues(d, 12, 1))},
		results:  []result{res(d, 2, 2, 2)}}
	c.body = fmt.Sprintf("%%0 = stablehlo.dot_general %%arg0, %%arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (%s, %s) -> %s\nreturn %%0 : %s",
		c.operands[0].typ, c.operands[1].typ, c.results[0].typ, c.results[0].typ)
	return c
}

// complexPowerDetermined reports whether a^b, for the complex edge values
// a = i and b = j of d, is determined by its operands to the precision of
// the comparison (inexactULPs): a^b = exp(b·log a) in complex128 moves by
// |b·log a| float64 epsilons for one of log a (C libraries' and Go's log
// differ in the last bit), which the comparison sees in complex<f64>
// beyond |b·log a| = 4 and in complex<f32> beyond 4·2^29 (and, with a
// part of ±max-finite, the sign of each part, even of an infinite one,
// is noise). interp's TestComplexOpsAgainstNumpy checks power on random
// values within a bound that scales with |b·log a|. Pairs with an
// infinite or NaN part or a zero a stay (C99's and numpy's special
// values).
func complexPowerDetermined(d dtype, i, j int) bool {
	e := complexEdges(d)
	part := func(k, p int) float64 { return ir.FloatFromBits(e[k%len(e)][p], d.component().floatKind()) }
	a, b := complex(part(i, 0), part(i, 1)), complex(part(j, 0), part(j, 1))
	if cmplx.IsInf(a) || cmplx.IsNaN(a) || cmplx.IsInf(b) || cmplx.IsNaN(b) || a == 0 {
		return true
	}
	return cmplx.Abs(b)*cmplx.Abs(cmplx.Log(a)) <= math.Ldexp(4, 52-d.component().mantBits())
}
