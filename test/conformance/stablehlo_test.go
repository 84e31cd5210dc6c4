package conformance

import "strings"

// class is a set of StableHLO element type categories.
type class uint8

const (
	boolean     class = 1 << iota // i1
	signed                        // si8..si64 and the signless i8..i64 (StableHLO reads them as signed)
	unsigned                      // ui8..ui64
	float                         // f16, bf16, f32, f64
	complexType                   // complex<f32>, complex<f64>

	integer = signed | unsigned
	anyType = boolean | integer | float | complexType
)

// stablehloAllows is StableHLO's element-type constraint on each op's
// operand (the type of the matrix's column), from its specification
// (openxla/stablehlo docs/spec.md, "Inputs" and "Constraints" of each op)
// and, for the CHLO ops JAX emits, CHLO's op definitions (ChloOps.td).
// Ops that are not StableHLO's (bcast-opt's assign and narrow, MHLO's
// real_dynamic_slice) take any type, as the data movement they are.
// An hlo op missing here fails the test: its row needs its constraint.
var stablehloAllows = map[string]class{
	// elementwise
	"abs":                    signed | float | complexType,
	"add":                    anyType, // i1: or
	"and":                    boolean | integer,
	"atan2":                  float | complexType,
	"cbrt":                   float | complexType,
	"ceil":                   float,
	"clamp":                  anyType,
	"compare":                anyType, // complex: EQ and NE only
	"convert":                anyType,
	"cosine":                 float | complexType,
	"divide":                 integer | float | complexType,
	"exponential":            float | complexType,
	"exponential_minus_one":  float | complexType,
	"floor":                  float,
	"is_finite":              float,
	"log":                    float | complexType,
	"log_plus_one":           float | complexType,
	"logistic":               float | complexType,
	"maximum":                anyType, // i1: or; complex: lexicographic
	"minimum":                anyType,
	"multiply":               anyType, // i1: and
	"negate":                 integer | float | complexType,
	"not":                    boolean | integer,
	"or":                     boolean | integer,
	"popcnt":                 integer,
	"power":                  integer | float | complexType,
	"remainder":              integer | float | complexType,
	"round_nearest_afz":      float,
	"round_nearest_even":     float,
	"rsqrt":                  float | complexType,
	"select":                 anyType, // the column is on_true's type
	"shift_left":             integer,
	"shift_right_arithmetic": integer,
	"shift_right_logical":    integer,
	"sign":                   signed | float | complexType,
	"sine":                   float | complexType,
	"sqrt":                   float | complexType,
	"subtract":               integer | float | complexType,
	"tan":                    float | complexType,
	"tanh":                   float | complexType,
	"xor":                    boolean | integer,
	"reduce_precision":       float,
	"real":                   float | complexType,
	"imag":                   float | complexType,
	"complex":                float, // f32 and f64 only (there is no complex<f16>): see complexAllows
	// CHLO
	"acos": float | complexType, "acosh": float | complexType, "asin": float | complexType,
	"asinh": float | complexType, "atan": float | complexType, "atanh": float | complexType,
	"cosh": float | complexType, "sinh": float | complexType,
	"erf": float, "erfc": float, "erf_inv": float, "lgamma": float, "digamma": float,
	"is_inf": float, "is_pos_inf": float, "is_neg_inf": float, "next_after": float,
	"conj": float | complexType, // CHLO's conj is the identity on real types
	// data movement and the rest
	"bitcast_convert":          anyType,
	"broadcast_in_dim":         anyType,
	"concatenate":              anyType,
	"constant":                 anyType,
	"dynamic_broadcast_in_dim": anyType,
	"dynamic_iota":             integer | float | complexType,
	"dynamic_reshape":          anyType,
	"dynamic_slice":            anyType,
	"dynamic_update_slice":     anyType,
	"get_dimension_size":       anyType,
	"iota":                     integer | float | complexType,
	"optimization_barrier":     anyType,
	"pad":                      anyType,
	"real_dynamic_slice":       anyType,
	"reshape":                  anyType,
	"reverse":                  anyType,
	"slice":                    anyType,
	"transpose":                anyType,
	"assign":                   anyType,
	"narrow":                   anyType,
	// reductions and contractions: any type the body's op takes (the
	// matrix's reduce sums and takes the maximum, which take any type)
	"reduce":        anyType,
	"reduce_window": anyType,
	"dot":           anyType,
	"dot_general":   anyType,
}

// allows reports whether StableHLO allows op on elements of type d.
func allows(op string, d dtype) bool {
	if op == "complex" && d.name != "f32" && d.name != "f64" {
		return false
	}
	return stablehloAllows[op]&d.class != 0
}

// exempt are the hlo ops that are no row of the matrix, and why.
var exempt = map[string]string{
	"custom_call": "an opaque call: nothing of its own to compute",
	"return":      "the terminator of reduce's and reduce_window's bodies, run in those rows",
}

// knownGap is a set of cells StableHLO allows that bcast-opt rejects or
// gets wrong today, with the reason: the matrix shows them as "gap" and
// counts them; a cell listed here that passes fails the test, so the
// table stays true.
type knownGap struct {
	ops    string // space-separated op names, or "*"
	dtypes string // space-separated dtype names
	reason string
	// nativeOnly: the gap is the native run only; the cell must verify
	// and pass in the interpreter (a rejection or an interpreter failure
	// of a cell it lists is reported as one, not as this gap).
	nativeOnly bool
}

// knownGaps are the known gaps: none today (every cell StableHLO allows
// and defines passes); the table stays for the next one.
var knownGaps = []knownGap{}

// undefinedCell is a set of cells whose type StableHLO's list of the op's
// operand types admits but whose result StableHLO itself does not
// define: the verifier rejects them with that reason, and the matrix
// shows and counts them apart ("undef"), not as gaps. A listed cell that
// verifies fails the test.
type undefinedCell struct {
	ops, dtypes string // space-separated
	reason      string
}

// stablehloUndefined are the cells of undefinedCell.
var stablehloUndefined = []undefinedCell{
	{"remainder", "complex<f32> complex<f64>",
		"the spec lists complex operands but defines no complex remainder (openxla/stablehlo#997)"},
}

// undefinedFor returns the entry of stablehloUndefined that lists the
// cell, or nil.
func undefinedFor(op string, d dtype) *undefinedCell {
	for i := range stablehloUndefined {
		u := &stablehloUndefined[i]
		if inList(u.ops, op) && inList(u.dtypes, d.name) {
			return u
		}
	}
	return nil
}

// gapFor returns the known gap that lists the cell, or nil (the first
// listing it decides; see nativeOnly).
func gapFor(op string, d dtype) *knownGap {
	for i := range knownGaps {
		g := &knownGaps[i]
		if (g.ops == "*" || inList(g.ops, op)) && inList(g.dtypes, d.name) {
			return g
		}
	}
	return nil
}

func inList(list, s string) bool {
	for _, f := range strings.Fields(list) {
		if f == s {
			return true
		}
	}
	return false
}
