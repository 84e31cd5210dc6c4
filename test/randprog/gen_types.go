package randprog

import (
	"math"
	"slices"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// Types mode (Config.Types): elementwise broadcasting programs whose
// values have any element type of ElemTypes, several types in one program
// joined by hlo.convert, with every elementwise op the type takes.

// ElemType is an element type types mode draws: its name in the IR, the
// type, and the numpy dtype the oracle (numpy.go) computes it in.
// "bfloat16" is not a numpy dtype: the oracle holds bf16 values in
// float32, computes in float32 and rounds each result to nearest even.
// A new element type is one entry here (and its bits in numpy.go's
// oracle if numpy holds it in a form of its own).
type ElemType struct {
	Name  string
	Type  ir.Type
	Numpy string
}

// ElemTypes are the element types types mode draws, each program's first
// type uniformly.
var ElemTypes = []ElemType{
	{"i1", ir.I1, "bool"},
	{"i8", ir.I8, "int8"},
	{"i16", ir.I16, "int16"},
	{"i32", ir.I32, "int32"},
	{"i64", ir.I64, "int64"},
	{"ui8", ir.Integer(8, ir.Unsigned), "uint8"},
	{"ui16", ir.Integer(16, ir.Unsigned), "uint16"},
	{"ui32", ir.Integer(32, ir.Unsigned), "uint32"},
	{"ui64", ir.Integer(64, ir.Unsigned), "uint64"},
	{"f16", ir.F16T, "float16"},
	{"bf16", ir.BF16T, "bfloat16"},
	{"f32", ir.F32T, "float32"},
	{"f64", ir.F64T, "float64"},
	{"c64", ir.Complex(ir.F32T), "complex64"},
	{"c128", ir.Complex(ir.F64T), "complex128"},
}

// elemTypeNamed returns the entry of ElemTypes named name, or nil.
func elemTypeNamed(name string) *ElemType {
	for i := range ElemTypes {
		if ElemTypes[i].Name == name {
			return &ElemTypes[i]
		}
	}
	return nil
}

// elemName returns the name of element type t in ElemTypes ("" if none).
func elemName(t ir.Type) string {
	for _, e := range ElemTypes {
		if e.Type == t {
			return e.Name
		}
	}
	return ""
}

// The ops types mode draws: each is drawn on the element types its hlo
// entry's class accepts (typedClass).
var (
	TypedBinaryKinds = []string{"add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum",
		"and", "or", "xor", "shift_left", "shift_right_arithmetic", "shift_right_logical", "atan2", "power", "next_after"}
	TypedUnaryKinds = []string{"negate", "abs", "sign", "not", "popcnt", "floor", "ceil", "round_nearest_even",
		"round_nearest_afz", "sqrt", "rsqrt", "cbrt", "exponential", "exponential_minus_one", "log", "log_plus_one",
		"tanh", "logistic", "sine", "cosine", "tan", "is_finite", "real", "imag", "conj",
		// CHLO's, as jax.numpy and jax.scipy.special emit them
		"sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf", "erfc", "erf_inv", "lgamma", "digamma",
		"is_inf", "is_pos_inf", "is_neg_inf"}

	// toBool are the unary ops from floats to i1.
	toBool = map[string]bool{"is_finite": true, "is_inf": true, "is_pos_inf": true, "is_neg_inf": true}
)

// ComplexInexact are the ops besides the Transcendental ones whose
// complex results are only defined to within a few epsilons: abs (and
// sign and sqrt through it) is a hypot, which numpy takes from the C
// library and the interpreter from Go, neither correctly rounded; numpy's
// complex multiply (and the products of its divide) may fuse a multiply
// and an add (its SIMD loops), the interpreter's rounds each product.
// Complex add and subtract are exact.
var ComplexInexact = map[string]bool{"abs": true, "sign": true, "sqrt": true, "rsqrt": true, "multiply": true, "divide": true}

// ComplexEps is the tolerance of an inexact complex result (doc.go): each
// part within ComplexEps epsilons of its part type times the modulus of
// numpy's value, |z| (a part near cancellation is only as accurate as
// the terms of the size of |z| it is the sum of).
const ComplexEps = 16

// approximate tells whether numpy's value of o may differ from the
// interpreter's on the same operands by rounding: a Transcendental op, or
// a ComplexInexact one on complex operands.
func (p *Program) approximate(o Op) bool {
	return Transcendental[o.Kind] || ComplexInexact[o.Kind] && len(o.Args) > 0 && isComplexElem(p.value(o.Args[0]).Elem)
}

// f64Cancels are the ops not drawn on f64: lgamma and digamma, whose
// f64 results beside their zeros are only as accurate as the terms they
// cancel (the conformance matrix gives them an absolute bound there), and
// erfc, whose f64 tail in Go (fdlibm's, the interpreter's) and in scipy
// (cephes') is up to 8 ulps apart; the narrower floats compute them in
// float64 and round once.
var f64Cancels = map[string]bool{"lgamma": true, "digamma": true, "erfc": true}

// SingularOperands are the ops types mode gives only exact operands
// besides the Discontinuous ones: a divisor (or atan2's x) that is a few
// ulp from zero in one back end and zero in another gives a finite
// result in one and an infinity (or ±pi) in the other.
var SingularOperands = map[string]bool{"divide": true, "atan2": true}

// typedClass returns the element class of the elementwise op kind, from
// its hlo entry (hlo.BinaryOps, hlo.UnaryOps; compare, select, clamp and
// convert as elementwise_ops.go declares them).
func typedClass(kind string) hlo.ElemClass {
	for _, e := range hlo.BinaryOps {
		if e.Name == kind {
			return e.Class
		}
	}
	for _, e := range hlo.UnaryOps {
		if e.Name == kind {
			return e.Class
		}
	}
	switch kind {
	case "clamp":
		return hlo.IntOrFloat | hlo.WithComplex // complex: lexicographic, as maximum
	}
	return hlo.AnyNumeric // compare, select, convert
}

// takes reports whether op kind takes elements of the named type.
func takes(kind, elem string) bool { return typedClass(kind).Accepts(elemType(elem)) }

// isFloatElem reports whether the named element type is a float type.
func isFloatElem(elem string) bool { return ir.IsFloat(elemType(elem)) }

// isComplexElem reports whether the named element type is complex.
func isComplexElem(elem string) bool { return ir.IsComplex(elemType(elem)) }

// roundsElem reports whether values of the named type are rounded (float
// or complex): the ones that can be inexact.
func roundsElem(elem string) bool { return isFloatElem(elem) || isComplexElem(elem) }

// partElem is the name of the part type of a complex element type.
func partElem(elem string) string {
	return elemName(elemType(elem).(*ir.ComplexType).Elem)
}

// typedProgram draws a types-mode program: a first element type and,
// in about 40% of the programs, one or two more, inputs of those types
// (most of the first), then ops on the types present, converts between
// them (and to any other type) among them.
func (g *gen) typedProgram() {
	first := ElemTypes[g.rng.Intn(len(ElemTypes))].Name
	g.p.Elem = first
	types := []string{first}
	if g.rng.Float64() < 0.4 {
		for n := 1 + g.rng.Intn(2); n > 0; n-- {
			if e := ElemTypes[g.rng.Intn(len(ElemTypes))].Name; !slices.Contains(types, e) {
				types = append(types, e)
			}
		}
	}
	base := g.shape(g.rng.Intn(g.cfg.MaxRank + 1))
	n := 1 + g.rng.Intn(g.cfg.MaxInputs)
	for i := 0; i < n; i++ {
		elem := first
		if i > 0 && len(types) > 1 && g.rng.Float64() < 0.5 {
			elem = types[1+g.rng.Intn(len(types)-1)]
		}
		g.inputOf(base, elem)
	}
	if g.rng.Float64() < g.cfg.ErrorRate {
		g.failing = true
		g.spoil()
	}
	ops := 1 + g.rng.Intn(g.cfg.MaxOps)
	for len(g.p.Ops) < ops && g.p.Broken < 0 {
		if !g.typedOp(types) {
			break
		}
	}
}

// present returns the element types of the program's values so far.
func (g *gen) present() []string {
	var out []string
	for id := 0; id < len(g.p.Inputs)+len(g.p.Ops); id++ {
		if e := g.p.value(id).Elem; !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// typedOp tries to add one types-mode op; false if nothing fit after
// many tries.
func (g *gen) typedOp(types []string) bool {
	for try := 0; try < 40; try++ {
		have := g.present()
		elem := have[g.rng.Intn(len(have))]
		pick := func(kind string) int {
			if Discontinuous[kind] || SingularOperands[kind] {
				return g.pickExact(elem)
			}
			return g.pick(elem)
		}
		var o Op
		switch r := g.rng.Float64(); {
		case r < 0.45:
			kind := TypedBinaryKinds[g.rng.Intn(len(TypedBinaryKinds))]
			if !takes(kind, elem) || kind == "power" && (isComplexElem(elem) || elem == "f64") || f64Cancels[kind] && elem == "f64" {
				// Complex power is not drawn: a^b = exp(b·log a) moves by
				// |b·log a| epsilons for one of log a, a bound these
				// broadcasting comparisons do not see (interp's
				// TestComplexOpsAgainstNumpy checks it with that bound).
				// Nor is f64 power: the interpreter's (Go's math.Pow) is
				// up to several ulps from glibc's, beyond
				// TranscendentalULPs (the conformance matrix checks its
				// edge values); narrower floats compute it in float64 and
				// round once.
				continue
			}
			o = Op{Kind: kind, Args: []int{pick(kind), pick(kind)}}
		case r < 0.57:
			dirs := CompareDirection
			if isComplexElem(elem) {
				dirs = dirs[:2] // EQ and NE: StableHLO orders no complex numbers
			}
			o = Op{Kind: "compare", Dir: dirs[g.rng.Intn(len(dirs))], Args: []int{pick("compare"), pick("compare")}}
		case r < 0.6 && (elem == "f32" || elem == "f64"):
			// hlo.complex of two values of one shape (it does not broadcast).
			re := g.pick(elem)
			var same []int
			for id := 0; id < len(g.p.Inputs)+len(g.p.Ops); id++ {
				if v, w := g.p.value(id), g.p.value(re); v.Elem == elem && slices.Equal(v.Static, w.Static) && slices.Equal(v.Shape, w.Shape) && w.Shape != nil {
					same = append(same, id)
				}
			}
			if len(same) == 0 {
				continue
			}
			o = Op{Kind: "complex", Args: []int{re, same[g.rng.Intn(len(same))]}, Policy: broadcast.None}
			if g.acceptElem(&o, map[string]string{"f32": "c64", "f64": "c128"}[elem]) {
				o.Result.Inexact = g.inexact(o)
				g.p.Ops = append(g.p.Ops, o)
				return true
			}
			continue
		case r < 0.65:
			if g.pick("i1") < 0 {
				continue
			}
			o = Op{Kind: "select", Args: []int{g.pick("i1"), g.pick(elem), g.pick(elem)}}
		case r < 0.72:
			if !takes("clamp", elem) {
				continue
			}
			o = Op{Kind: "clamp", Args: []int{g.pick(elem), g.pick(elem), g.pick(elem)}}
		case r < 0.85:
			// A convert to one of the program's types, sometimes to any.
			to := types[g.rng.Intn(len(types))]
			if g.rng.Float64() < 0.3 {
				to = ElemTypes[g.rng.Intn(len(ElemTypes))].Name
			}
			x := g.pickExact(elem)
			if x < 0 {
				continue
			}
			v := g.p.value(x)
			v.Elem, v.Inexact = to, false
			g.p.Ops = append(g.p.Ops, Op{Kind: "convert", Args: []int{x}, Result: v})
			return true
		default:
			kind := TypedUnaryKinds[g.rng.Intn(len(TypedUnaryKinds))]
			if !takes(kind, elem) || f64Cancels[kind] && elem == "f64" {
				continue
			}
			x := pick(kind)
			if x < 0 {
				continue // every value of the type is inexact
			}
			v := g.p.value(x)
			o := Op{Kind: kind, Args: []int{x}}
			switch {
			case toBool[kind]:
				v.Elem = "i1"
			case isComplexElem(v.Elem) && (kind == "abs" || kind == "real" || kind == "imag"):
				v.Elem = partElem(v.Elem)
			}
			v.Inexact = roundsElem(v.Elem) && (v.Inexact || g.p.approximate(o))
			o.Result = v
			g.p.Ops = append(g.p.Ops, o)
			return true
		}
		if slices.Contains(o.Args, -1) {
			continue // every value of the type is inexact (abs, real or imag of inexact complex values)
		}
		o.Policy = g.policy()
		if len(o.Args) == 2 && g.rng.Float64() < 0.3 {
			o.Dims = g.dims(g.p.value(o.Args[0]), g.p.value(o.Args[1]))
		}
		if g.acceptElem(&o, elem) {
			o.Result.Inexact = g.inexact(o)
			g.p.Ops = append(g.p.Ops, o)
			return true
		}
	}
	return false
}

// typedData draws run-time values of the named element type: small
// numbers (ties and zeros for floats, shift amounts for integers), values
// over the whole range, and the type's edge values (0, -0, the largest
// and smallest, NaN, infinities, subnormals; INT_MIN, -1, all ones, the
// width as a shift amount).
func (g *gen) typedData(elem string, shape []int64) *interp.Tensor {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	t := elemType(elem)
	var data *interp.Tensor
	var err error
	if it, ok := t.(*ir.IntegerType); ok {
		data, err = interp.NewInts(t, shape, g.typedInts(it, n))
	} else if ct, ok := t.(*ir.ComplexType); ok {
		// Parts drawn as the part type's values, independently.
		parts := g.typedFloats(ct.Elem.(*ir.FloatType), 2*n)
		zs := make([]complex128, n)
		for i := range zs {
			zs[i] = complex(parts[2*i], parts[2*i+1])
		}
		data, err = interp.NewComplex(ct, shape, zs)
	} else {
		data, err = interp.NewFloats(t, shape, g.typedFloats(t.(*ir.FloatType), n))
	}
	if err != nil {
		panic(err)
	}
	return data
}

// typedFloats draws n values of float type ft (rounded to it by the
// caller's interp.NewFloats).
func (g *gen) typedFloats(ft *ir.FloatType, n int) []float64 {
	vals := make([]float64, n)
	// The format's largest finite value, smallest normal, smallest
	// subnormal and number of significand bits.
	var maxF, minNormal, minSub float64
	var mant, maxExp int
	switch ft.Kind {
	case ir.F16:
		maxF, minNormal, minSub, mant, maxExp = 65504, 0x1p-14, 0x1p-24, 11, 15
	case ir.BF16:
		maxF, minNormal, minSub, mant, maxExp = 0x1.fep127, 0x1p-126, 0x1p-133, 8, 127
	case ir.F32:
		maxF, minNormal, minSub, mant, maxExp = math.MaxFloat32, 0x1p-126, 0x1p-149, 24, 127
	default:
		maxF, minNormal, minSub, mant, maxExp = math.MaxFloat64, 0x1p-1022, 0x1p-1074, 53, 1023
	}
	minExp := int(math.Log2(minSub))
	for i := range vals {
		switch r := g.rng.Float64(); {
		case r < 0.45:
			vals[i] = g.rng.Float64()*20 - 10
		case r < 0.65:
			vals[i] = float64(g.rng.Intn(11)-5) / float64(1+g.rng.Intn(2)) // halves: ties of the roundings
		case r < 0.9:
			// Any magnitude of the format, with a full significand.
			m := 1 + math.Ldexp(float64(g.rng.Int63n(1<<uint(mant-1))), 1-mant)
			vals[i] = math.Ldexp(m, minExp+g.rng.Intn(maxExp-minExp+1)) * float64(1-2*g.rng.Intn(2))
		default:
			specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
				maxF, -maxF, minSub, -minSub, minNormal, -minNormal, minNormal - minSub, 3 * minSub,
				1, -1, 0.5, -2.5, 1 + math.Ldexp(1, 1-mant), 1 - math.Ldexp(1, -mant),
				// Just above the halfway point between 1 and the next
				// bf16 or f16 by less than f32's precision (f64's 2^-40,
				// f32's 2^-23): rounding through f32 first ties to 1.
				1 + 0x1p-8 + math.Max(0x1p-40, math.Ldexp(1, 1-mant)), 1 + 0x1p-11 + math.Max(0x1p-40, math.Ldexp(1, 1-mant))}
			vals[i] = specials[g.rng.Intn(len(specials))]
		}
	}
	return vals
}

// typedInts draws n values of integer type it.
func (g *gen) typedInts(it *ir.IntegerType, n int) []int64 {
	w := it.Width
	k := hlo.IntKindOf(it)
	vals := make([]int64, n)
	for i := range vals {
		var v int64
		switch r := g.rng.Float64(); {
		case w == 1:
			v = g.rng.Int63n(2)
		case r < 0.5:
			v = g.rng.Int63n(41) - 20
			if k.Unsigned {
				v = g.rng.Int63n(41)
			}
		case r < 0.75:
			v = int64(g.rng.Uint64())
		case r < 0.9 || w < 32:
			edges := []int64{0, 1, -1, int64(w - 1), int64(w), int64(w + 1), 1 << uint(w-1), 1<<uint(w-1) - 1, 1<<uint(w-1) + 1, -2}
			v = edges[g.rng.Intn(len(edges))]
		default:
			// Just above a halfway point of bf16 (8 significand bits)
			// or f32 (24) by less than f32's (f64's) precision: a
			// convert rounding twice, through f32 (f64), gets it wrong.
			p := []int{8, 24}[g.rng.Intn(2)]
			top := w - 2 - g.rng.Intn(4)
			if top-p < 1 {
				p = 8
			}
			v = 1<<uint(top) + 1<<uint(top-p) + 1
			if !k.Unsigned && g.rng.Intn(2) == 0 {
				v = -v
			}
		}
		vals[i] = k.Wrap(v)
	}
	return vals
}
