package hlo

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// The attributes of the contractions (contraction.go): the dimension
// numbers, the precision config and the algorithm, in the spellings
// StableHLO and MHLO write them and the one spelling this package stores:
//
//	dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>
//	precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]
//	algorithm = #hlo.dot_algorithm<lhs_precision_type = f32, ...>
//
// Empty dimension lists are left out of #hlo.dot<...>, as StableHLO's
// printer leaves them out. #stablehlo.dot<...> and #mhlo.dot<...> (any
// field order, whitespace and newlines), MHLO's older dictionary
// `{lhs_batching_dimensions = dense<0> : tensor<1xi64>, ...}` and
// #stablehlo<precision HIGH> read the same; the parser respells them
// #hlo.* (contractionSpelling), so that equal contractions have equal
// attributes. The algorithm is kept as text: nothing here computes with
// it.

// DotDims are the dimension numbers of a contraction (StableHLO's
// DotDimensionNumbers): LhsBatching[i] of lhs pairs with RhsBatching[i]
// of rhs as a batch dim of the result, LhsContracting[i] with
// RhsContracting[i] as a dim summed over. Every other dim is a free dim
// of its operand. The result's dims are the batch dims, then lhs's free
// dims, then rhs's, each in the order of its operand's dims.
type DotDims struct {
	LhsBatching, RhsBatching       []int64
	LhsContracting, RhsContracting []int64
}

// MatmulDims are the dims of the matrix product of lhs of rank lhsRank
// (1 or 2) and rhs: lhs's last dim contracted with rhs's first, no batch
// dims (hlo.dot's).
func MatmulDims(lhsRank int) DotDims {
	return DotDims{LhsContracting: []int64{int64(lhsRank - 1)}, RhsContracting: []int64{0}}
}

// LhsFree returns lhs's free dims, ascending, for lhs of rank rank.
func (d DotDims) LhsFree(rank int) []int64 { return freeDims(rank, d.LhsBatching, d.LhsContracting) }

// RhsFree returns rhs's free dims, ascending, for rhs of rank rank.
func (d DotDims) RhsFree(rank int) []int64 { return freeDims(rank, d.RhsBatching, d.RhsContracting) }

func freeDims(rank int, batching, contracting []int64) []int64 {
	free := make([]int64, 0, rank)
	for i := range int64(rank) {
		if !slices.Contains(batching, i) && !slices.Contains(contracting, i) {
			free = append(free, i)
		}
	}
	return free
}

// ResultShape returns the shape of the contraction of operands of shapes
// lhs and rhs (StableHLO's C13): the batch dims (lhs's size, or rhs's
// where lhs's is dynamic), lhs's free dims, then rhs's. The dims must be
// in range (the verifier's checks).
func (d DotDims) ResultShape(lhs, rhs []int64) []int64 {
	out := make([]int64, 0, len(lhs)+len(rhs))
	for i, ld := range d.LhsBatching {
		s := lhs[ld]
		if s == ir.Dynamic && i < len(d.RhsBatching) {
			s = rhs[d.RhsBatching[i]]
		}
		out = append(out, s)
	}
	for _, f := range d.LhsFree(len(lhs)) {
		out = append(out, lhs[f])
	}
	for _, f := range d.RhsFree(len(rhs)) {
		out = append(out, rhs[f])
	}
	return out
}

// dotFields are the fields of #hlo.dot<...>, in the order it prints them.
var dotFields = [4]string{"lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions", "rhs_contracting_dimensions"}

func (d *DotDims) fields() [4]*[]int64 {
	return [4]*[]int64{&d.LhsBatching, &d.RhsBatching, &d.LhsContracting, &d.RhsContracting}
}

// Attr returns d as the attribute dot_general stores:
// #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>.
func (d DotDims) Attr() ir.Attribute {
	var sb strings.Builder
	sb.WriteString("hlo.dot<")
	sep := ""
	for i, f := range d.fields() {
		if len(*f) == 0 {
			continue
		}
		sb.WriteString(sep + dotFields[i] + " = ")
		writeDimList(&sb, *f)
		sep = ", "
	}
	sb.WriteString(">")
	return &ir.OpaqueAttr{Text: sb.String()}
}

// String is d in dot_general's custom syntax:
// `batching_dims = [0] x [0], contracting_dims = [2] x [1]` (the
// batching part only when there are batch dims).
func (d DotDims) String() string {
	var sb strings.Builder
	if len(d.LhsBatching) > 0 || len(d.RhsBatching) > 0 {
		sb.WriteString("batching_dims = ")
		writeDimList(&sb, d.LhsBatching)
		sb.WriteString(" x ")
		writeDimList(&sb, d.RhsBatching)
		sb.WriteString(", ")
	}
	sb.WriteString("contracting_dims = ")
	writeDimList(&sb, d.LhsContracting)
	sb.WriteString(" x ")
	writeDimList(&sb, d.RhsContracting)
	return sb.String()
}

func writeDimList(sb *strings.Builder, dims []int64) {
	sb.WriteString("[")
	for i, v := range dims {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.FormatInt(v, 10))
	}
	sb.WriteString("]")
}

// ReadDotDims reads dimension numbers from a, in any of the spellings
// this file's comment lists; ok is false for anything else.
func ReadDotDims(a ir.Attribute) (d DotDims, ok bool) {
	switch a := a.(type) {
	case *ir.OpaqueAttr:
		return parseDotDimsText(a.Text)
	case *ir.DictionaryAttr:
		fs := d.fields()
		for _, e := range a.Entries {
			i := slices.Index(dotFields[:], e.Name)
			if i < 0 {
				return DotDims{}, false
			}
			v := I64s(e.Value)
			if v == nil {
				return DotDims{}, false
			}
			*fs[i] = v
		}
		return d, true
	}
	return DotDims{}, false
}

// parseDotDimsText reads `hlo.dot<field = [..], ...>` (or stablehlo.dot,
// mhlo.dot): each field at most once, in any order.
func parseDotDimsText(text string) (DotDims, bool) {
	var d DotDims
	body, ok := angleBody(text, "dot")
	if !ok {
		return d, false
	}
	fs := d.fields()
	var seen [4]bool
	s := strings.TrimSpace(body)
	for s != "" {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return d, false
		}
		i := slices.Index(dotFields[:], strings.TrimSpace(s[:eq]))
		if i < 0 || seen[i] {
			return d, false
		}
		seen[i] = true
		s = strings.TrimSpace(s[eq+1:])
		end := strings.IndexByte(s, ']')
		if !strings.HasPrefix(s, "[") || end < 0 {
			return d, false
		}
		*fs[i] = []int64{}
		for _, item := range strings.Split(s[1:end], ",") {
			item = strings.TrimSpace(item)
			if item == "" && strings.TrimSpace(s[1:end]) == "" {
				break
			}
			v, err := strconv.ParseInt(item, 10, 64)
			if err != nil {
				return d, false
			}
			*fs[i] = append(*fs[i], v)
		}
		s = strings.TrimSpace(s[end+1:])
		if s != "" {
			if s[0] != ',' {
				return d, false
			}
			s = strings.TrimSpace(s[1:])
		}
	}
	return d, true
}

// angleBody returns what is between the angle brackets of
// `<dialect>.name<...>` for the dialects hlo, stablehlo and mhlo.
func angleBody(text, name string) (string, bool) {
	for _, dl := range []string{"hlo.", "stablehlo.", "mhlo."} {
		if strings.HasPrefix(text, dl+name+"<") && strings.HasSuffix(text, ">") {
			return text[len(dl)+len(name)+1 : len(text)-1], true
		}
	}
	return "", false
}

// Precisions are the cases of a contraction's precision_config entries.
var Precisions = []string{"DEFAULT", "HIGH", "HIGHEST"}

// precisionAttr returns the stored spelling of precision p:
// #hlo<precision DEFAULT>.
func precisionAttr(p string) ir.Attribute { return enumAttr("precision", p) }

// readPrecision returns the case of a precision_config entry:
// #hlo<precision HIGH> in any dialect's spelling, or MHLO's older string
// "HIGH"; "" for anything else.
func readPrecision(a ir.Attribute) string {
	if s, ok := a.(*ir.StringAttr); ok && s.Type == nil && oneOf(s.Value, Precisions) {
		return s.Value
	}
	if v := enumValue(a, "precision"); oneOf(v, Precisions) {
		return v
	}
	return ""
}

// PrecisionConfig returns the cases of a contraction's precision_config
// (nil when it has none). The interpreter and the lowering compute every
// precision alike, in the element type (docs in contraction.go).
func PrecisionConfig(op *ir.Operation) []string {
	arr, ok := op.Attr("precision_config").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]string, len(arr.Elems))
	for i, e := range arr.Elems {
		out[i] = readPrecision(e)
	}
	return out
}

// precisionConfigAttr returns the stored precision_config of the cases ps.
func precisionConfigAttr(ps []string) ir.Attribute {
	elems := make([]ir.Attribute, len(ps))
	for i, p := range ps {
		elems[i] = precisionAttr(p)
	}
	return &ir.ArrayAttr{Elems: elems}
}

// algorithmBody returns the `<...>` part of an algorithm attribute
// (#hlo.dot_algorithm<...>, also stablehlo's and mhlo's), brackets
// included, or "" if a is not one.
func algorithmBody(a ir.Attribute) string {
	o, ok := a.(*ir.OpaqueAttr)
	if !ok {
		return ""
	}
	body, ok := angleBody(o.Text, "dot_algorithm")
	if !ok {
		return ""
	}
	return "<" + body + ">"
}

// contractionSpelling respells the attributes of a contraction parsed in
// any form (the spelling hook of hlo.X, stablehlo.X and mhlo.X): readable
// dimension numbers become #hlo.dot<...>, precision cases
// #hlo<precision X>, an algorithm #hlo.dot_algorithm<...>. Anything
// unreadable stays as written, for the verifier to name.
func contractionSpelling(st *ir.OpState) {
	if a := st.Attrs.Get("dot_dimension_numbers"); a != nil {
		if d, ok := ReadDotDims(a); ok {
			st.AddAttr("dot_dimension_numbers", d.Attr())
		}
	}
	if arr, ok := st.Attrs.Get("precision_config").(*ir.ArrayAttr); ok {
		ps := make([]string, len(arr.Elems))
		for i, e := range arr.Elems {
			if ps[i] = readPrecision(e); ps[i] == "" {
				ps = nil
				break
			}
		}
		if ps != nil {
			st.AddAttr("precision_config", precisionConfigAttr(ps))
		}
	}
	if body := algorithmBody(st.Attrs.Get("algorithm")); body != "" {
		st.AddAttr("algorithm", &ir.OpaqueAttr{Text: "hlo.dot_algorithm" + body})
	}
}
