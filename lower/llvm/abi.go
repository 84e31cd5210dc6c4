package llvm

import (
	"fmt"
	"strings"
	"sync"

	funcdialect "github.com/bcast-opt/bcast-opt/dialects/func"
	"github.com/bcast-opt/bcast-opt/ir"
)

// TensorABI is one argument or result of a compiled function as the C ABI
// sees it: a contiguous row-major buffer of Elem and its shape.
type TensorABI struct {
	// Name is the C parameter name: arg0, arg1, ... or res0, res1, ...
	Name string
	// Type is the MLIR type (a ranked tensor, or a scalar type, which the
	// ABI passes as a rank-0 tensor).
	Type ir.Type
	// Elem is the element type and Shape the static shape (ir.Dynamic for
	// `?`), nil for rank 0.
	Elem  ir.Type
	Shape []int64
}

// Rank returns the number of dims.
func (t *TensorABI) Rank() int { return len(t.Shape) }

// CType returns the C element type (see the package documentation).
func (t *TensorABI) CType() string { ct, _ := cElemType(t.Elem); return ct }

// ElemSize returns the size of one element in memory, in bytes.
func (t *TensorABI) ElemSize() int {
	if t.Elem == ir.I1 {
		return 1
	}
	return ir.ElementByteSize(t.Elem)
}

// FuncABI is the C interface of one public function.
type FuncABI struct {
	// Name is the MLIR symbol (without '@').
	Name string
	// CName is the C symbol of the kernel; ShapesName is CName +
	// "_result_shapes".
	CName, ShapesName string
	Args, Results     []*TensorABI
	// Op is the func.func.
	Op *ir.Operation
}

// cElemType maps an element type to its C type.
func cElemType(t ir.Type) (string, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.BF16:
			return "uint16_t", nil // the bits
		case ir.F32:
			return "float", nil
		case ir.F64:
			return "double", nil
		}
	case *ir.IntegerType:
		if t.Sign != ir.Signless {
			break
		}
		switch t.Width {
		case 1:
			return "uint8_t", nil // 0 or 1
		case 8, 16, 32, 64:
			return fmt.Sprintf("int%d_t", t.Width), nil
		}
	case *ir.IndexType:
		return "int64_t", nil
	}
	return "", fmt.Errorf("element type %s has no C ABI yet (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64, index)", t)
}

// tensorABI describes a function argument or result type.
func tensorABI(name string, t ir.Type) (*TensorABI, error) {
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if _, err := cElemType(tt.ElementType()); err != nil {
			return nil, err
		}
		return &TensorABI{Name: name, Type: t, Elem: tt.ElementType(), Shape: tt.Shape()}, nil
	case *ir.UnrankedTensorType:
		return nil, fmt.Errorf("unranked type %s has no C ABI (the rank must be static)", t)
	}
	if _, err := cElemType(t); err != nil {
		return nil, err
	}
	return &TensorABI{Name: name, Type: t, Elem: t}, nil
}

// cReserved are names a kernel's C symbol must not take: C keywords, main,
// and the C library functions the generated code calls or a driver uses.
// Built on first use: start-up of bcast-opt does not pay for it.
var cReserved = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed sizeof static struct
		switch typedef union unsigned void volatile while _Bool _Complex _Imaginary bool true false
		main malloc calloc realloc free memcpy memmove memset snprintf printf fprintf fopen fclose fread
		fwrite exit abort strlen`) {
		m[w] = true
	}
	for _, f := range libmFuncs() {
		m[f] = true
		m[f+"f"] = true
	}
	return m
})

// cName returns the C symbol for an MLIR function name: characters other
// than letters, digits and '_' become '_', a leading digit gets a '_'
// before it, and a reserved name gets "_fn" after it.
func cName(sym string) string {
	var sb strings.Builder
	for i, r := range sym {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			sb.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				sb.WriteByte('_')
			}
			sb.WriteRune(r)
		default:
			sb.WriteByte('_')
		}
	}
	n := sb.String()
	if n == "" || cReserved()[n] || strings.HasPrefix(n, "llvm") || strings.HasPrefix(n, "bcast_") {
		n += "_fn"
	}
	return n
}

// isPublic reports whether a func.func is public and has a body.
func isPublic(fn *ir.Operation) bool {
	if v, ok := fn.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value != "public" {
		return false
	}
	return fn.NumRegions() == 1 && !fn.Region(0).Empty()
}

// Functions returns the C interface of every public func.func of module
// with a body, in module order. Private functions and declarations are not
// part of the interface. An argument or result type without a C ABI, or two
// functions whose C names collide, is an error located at the function.
func Functions(module *ir.Operation) ([]*FuncABI, error) {
	var out []*FuncABI
	seen := map[string]string{}
	var diags ir.DiagList
	for _, op := range moduleOps(module) {
		if op.Name() != "func.func" || !isPublic(op) {
			continue
		}
		f, err := funcABI(op)
		if err != nil {
			diags = append(diags, ir.AsDiagnostics(err, op.Loc)...)
			continue
		}
		for _, n := range []string{f.CName, f.ShapesName} {
			if prev, dup := seen[n]; dup {
				diags = append(diags, ir.Errorf(op.Loc, "C symbol '%s' of @%s collides with the one of @%s", n, f.Name, prev))
			}
			seen[n] = f.Name
		}
		out = append(out, f)
	}
	if len(diags) > 0 {
		return nil, diags
	}
	return out, nil
}

func funcABI(op *ir.Operation) (*FuncABI, error) {
	ft := funcdialect.Type(op)
	name := funcdialect.Name(op)
	c := cName(name)
	f := &FuncABI{Name: name, CName: c, ShapesName: c + "_result_shapes", Op: op}
	for i, t := range ft.Inputs {
		a, err := tensorABI(fmt.Sprintf("arg%d", i), t)
		if err != nil {
			return nil, ir.Errorf(op.Loc, "@%s: argument %d: %v", name, i, err)
		}
		f.Args = append(f.Args, a)
	}
	for i, t := range ft.Results {
		r, err := tensorABI(fmt.Sprintf("res%d", i), t)
		if err != nil {
			return nil, ir.Errorf(op.Loc, "@%s: result %d: %v", name, i, err)
		}
		f.Results = append(f.Results, r)
	}
	return f, nil
}

// moduleOps returns the ops of a builtin.module's body (or the op itself
// when it is not a module).
func moduleOps(module *ir.Operation) []*ir.Operation {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return []*ir.Operation{module}
	}
	return module.Region(0).Front().Ops()
}

// CHeader returns the C header declaring the kernel and the result-shapes
// function of every public function of module (see the package
// documentation for the ABI). guard names the include guard's macro.
func CHeader(module *ir.Operation, guard string) (string, error) {
	fns, err := Functions(module)
	if err != nil {
		return "", err
	}
	if guard == "" {
		guard = "BCAST_KERNELS_H"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "/* Generated by bcast-opt --emit=c-header. Do not edit.\n *\n")
	sb.WriteString(` * Each kernel takes its arguments and results as contiguous row-major
 * (C-order) buffers with their shapes (int64_t[rank]; may be NULL for rank
 * 0). The caller allocates the results: call NAME_result_shapes first to
 * learn their shapes. Result buffers must not overlap argument buffers or
 * each other. Return value: 0 on success; otherwise a NUL-terminated
 * message is written to err (at most err_len bytes; err may be NULL when
 * err_len is 0):
 *   1  a run-time shape error (incompatible argument shapes, a failed
 *      cf.assert, an argument shape that disagrees with a static dim, or
 *      result shapes that differ from the computed ones)
 *   2  out of memory (an intermediate buffer could not be allocated)
 */
`)
	fmt.Fprintf(&sb, "#ifndef %s\n#define %s\n\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n", guard, guard)
	for _, f := range fns {
		sb.WriteString("\n")
		writeCDecl(&sb, f)
	}
	sb.WriteString("\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n")
	return sb.String(), nil
}

// writeCDecl writes the comment and the two prototypes of one function.
func writeCDecl(sb *strings.Builder, f *FuncABI) {
	fmt.Fprintf(sb, "/* @%s%s\n", f.Name, funcdialect.Type(f.Op))
	for _, t := range append(append([]*TensorABI{}, f.Args...), f.Results...) {
		fmt.Fprintf(sb, " *   %s: %s, shape %s\n", t.Name, t.Type, shapeDoc(t.Shape))
	}
	sb.WriteString(" */\n")
	fmt.Fprintf(sb, "int32_t %s(%s);\n", f.CName, strings.Join(kernelParams(f), ", "))
	fmt.Fprintf(sb, "int32_t %s(%s);\n", f.ShapesName, strings.Join(shapesParams(f), ", "))
}

func shapeDoc(shape []int64) string {
	if len(shape) == 0 {
		return "[] (rank 0)"
	}
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = "?"
		if d != ir.Dynamic {
			parts[i] = fmt.Sprint(d)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// kernelParams and shapesParams are the C parameter lists.
func kernelParams(f *FuncABI) []string {
	var ps []string
	for _, a := range f.Args {
		ps = append(ps, fmt.Sprintf("const %s *%s", a.CType(), a.Name), fmt.Sprintf("const int64_t *%s_shape", a.Name))
	}
	for _, r := range f.Results {
		ps = append(ps, fmt.Sprintf("%s *%s", r.CType(), r.Name), fmt.Sprintf("const int64_t *%s_shape", r.Name))
	}
	return append(ps, "char *err", "int64_t err_len")
}

func shapesParams(f *FuncABI) []string {
	var ps []string
	for _, a := range f.Args {
		ps = append(ps, fmt.Sprintf("const int64_t *%s_shape", a.Name))
	}
	for _, r := range f.Results {
		ps = append(ps, fmt.Sprintf("int64_t *%s_shape", r.Name))
	}
	return append(ps, "char *err", "int64_t err_len")
}
