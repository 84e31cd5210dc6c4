package randprog

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/interp"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/ir/broadcast"
)

// The export form (doc.go): a random program written the way jax.export
// writes a shape-polymorphic function. Every dynamic dim is a symbolic
// dimension variable, read in @main with stablehlo.get_dimension_size from
// the first argument that has it; every broadcast is explicit
// (stablehlo.broadcast_in_dim to a static shape, else
// stablehlo.dynamic_broadcast_in_dim to a shape built with convert,
// reshape and concatenate), and the ops themselves are same-shape
// stablehlo ops, which do not broadcast (docs/SPEC.md §3: policy "none").

// SymDim is a dim of the export form: a dimension variable or a static size.
type SymDim struct {
	Var  int   // index into ExportForm.Vars, or -1 for a static dim
	Size int64 // the size of a static dim
}

func staticDim(n int64) SymDim { return SymDim{Var: -1, Size: n} }

// DimVar is a dimension variable of the export form.
type DimVar struct {
	Name string // b0, b1, ...
	// Uses are the argument dims ({arg, dim}) it names, in order; @main
	// reads it from the first.
	Uses [][2]int
	Size int64 // its value at the program's own inputs
}

// ExportStyle is how the export form passes its dimension variables.
type ExportStyle int

const (
	// ExportInlined is one function: @main reads each variable
	// (get_dimension_size, tensor<i32>), converts it to i64 as JAX's @main
	// does, and each shape converts it back (JAX's wrapped function inlined).
	ExportInlined ExportStyle = iota
	// ExportWrapped64 is jax.export's own layout with jax_enable_x64: @main
	// computes the variables as tensor<i64> and calls
	// @_wrapped_jax_export_main(vars..., args...), which builds the shapes.
	ExportWrapped64
	// ExportWrapped32 is the same without x64: tensor<i32> variables, no
	// converts.
	ExportWrapped32
)

var exportStyleNames = [...]string{"inlined", "wrapped-x64", "wrapped-x32"}

func (s ExportStyle) String() string { return exportStyleNames[s] }

// ExportOptions adjust the export form.
type ExportOptions struct {
	// ShapeAssertions adds, as jax.export does, a
	// `stablehlo.custom_call @shape_assertion` in @main for every argument
	// dim that names a variable read from another dim, checking that the
	// two are equal. (JAX also asserts that each variable is at least 1;
	// the form leaves that out, so that a variable may be 0 at run time.)
	ShapeAssertions bool
}

// ExportForm is a program's export form, with the runs the test makes of it.
type ExportForm struct {
	Prog  *Program
	Style ExportStyle
	Vars  []DimVar
	// Shapes is the export type of every value of Prog: inputs, then op
	// results (the same value ids as Program).
	Shapes [][]SymDim
	Text   string
	// OpLines[k] is the line in Text of the stablehlo op of Prog.Ops[k].
	OpLines []int
	Runs    []ExportRun
	// NeedsAssertions is set when a dynamic_broadcast_in_dim has an operand
	// dim that names a variable but whose run-time size is not the one
	// @main read (another argument's dim, or a value computed only from
	// such dims), so that only a shape assertion proves it is not 1 at run
	// time: without one, the compiler must version it like a could-be-1
	// dim, and the kernel count may exceed the static program's. (It is
	// set whether the form has the assertions or not.)
	NeedsAssertions bool
	// Counts of what the form uses, for the test's summary.
	StaticBroadcasts, DynamicBroadcasts, TwoStep, ScalarKept, Stretched int
	// NoMismatch is set when some variable names two argument dims but no
	// mismatching size given to one of them is caught at run time: the
	// argument only meets values of its own size (only a shape assertion
	// would catch it).
	NoMismatch bool

	steps []exportStep
}

// ExportRun is one run of the export form: the program's own inputs, the
// inputs with a variable given another size (Resize), or the inputs with one
// argument dim given a size that conflicts with its variable (Mismatch).
type ExportRun struct {
	Kind string // "base", "resize" or "mismatch"
	Note string // what changed, for failure reports
	// Prog is the original program on this run's inputs (numpy's oracle
	// runs it); nil for a mismatch run.
	Prog *Program
	Args []*interp.Tensor
	// FailLine is the line of the op that must fail at run time (a
	// mismatch run), 0 if the run must succeed.
	FailLine int
	FailOp   string
}

// exportStep is one op of the export form that can fail at run time, as
// the run-time model (check) sees it.
type exportStep struct {
	kind   string // "assert", "broadcast" or "elementwise"
	line   int
	name   string   // the op, for reports
	args   []int    // value refs (function arguments first)
	target []SymDim // broadcast: the result shape
	dims   []int64  // broadcast: broadcast_dimensions
	scalar []bool   // elementwise: operand i is a rank-0 operand the op allows
	// assert: argument dim {arg, dim} must equal variable v
	arg, dim, v int
}

// Export writes p in export form, or returns nil for a program that fails
// at run time (whose shapes have no consistent symbolic form). Its choices
// (style, how each operand is broadcast, the extra runs) come from a
// random source seeded by p.Seed, apart from the generator's own.
func Export(p *Program, opts ExportOptions) (*ExportForm, error) {
	if p.Broken >= 0 {
		return nil, nil
	}
	rng := rand.New(rand.NewSource(p.Seed*1000003 + 17))
	e := &ExportForm{Prog: p, Style: ExportStyle(rng.Intn(3))}
	places, err := e.assignDims()
	if err != nil {
		return nil, err
	}
	w := &exportWriter{e: e, rng: rng, opts: opts, places: places}
	w.write()
	e.Text = w.sb.String()
	e.runs(rng)
	return e, nil
}

// assignDims decides every value dim's export form: dims that meet
// unstretched in some op are one class (union-find over {value, dim});
// a class is static if an argument dim in it is static in the program's
// type, or if it is 1 and stretches somewhere (JAX makes a size-1
// broadcast dim static); the others are dimension variables. It returns
// each op's operand placements (broadcast.Infer's).
func (e *ExportForm) assignDims() ([][][]int64, error) {
	p := e.Prog
	nv := len(p.Inputs) + len(p.Ops)
	base := make([]int, nv+1)
	for v := range nv {
		base[v+1] = base[v] + len(p.value(v).Shape)
	}
	parent := make([]int, base[nv])
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) { parent[find(a)] = find(b) }
	stretched := map[int]bool{}
	places := make([][][]int64, len(p.Ops))
	for k, o := range p.Ops {
		rid := len(p.Inputs) + k
		res := p.value(rid)
		if len(o.Args) == 1 {
			for d := range res.Shape {
				union(base[o.Args[0]]+d, base[rid]+d)
			}
			places[k] = [][]int64{identityDims(len(res.Shape))}
			continue
		}
		shape, pl, conflict := p.runTimeBroadcast(o)
		if conflict != nil {
			return nil, fmt.Errorf("op %d (%s) does not broadcast at run time: %v", k, o.Kind, conflict)
		}
		for i, a := range o.Args {
			rd := slices.Clone(pl[i].ResultDim)
			places[k] = append(places[k], rd)
			for j, d := range rd {
				if p.value(a).Shape[j] == shape[d] {
					union(base[a]+j, base[rid]+int(d))
				} else {
					stretched[base[a]+j] = true
				}
			}
		}
	}
	e.Stretched = len(stretched)
	static := map[int]bool{}
	for x := range parent {
		r := find(x)
		if stretched[x] {
			static[r] = true // stretches, so it is 1
		}
	}
	for i, in := range p.Inputs {
		for d, s := range in.Static {
			if s != ir.Dynamic {
				static[find(base[i]+d)] = true
			}
		}
	}
	varOf := map[int]int{}
	for i, in := range p.Inputs {
		for d, s := range in.Shape {
			r := find(base[i] + d)
			if static[r] {
				continue
			}
			v, ok := varOf[r]
			if !ok {
				v = len(e.Vars)
				varOf[r] = v
				e.Vars = append(e.Vars, DimVar{Name: fmt.Sprintf("b%d", v), Size: s})
			}
			e.Vars[v].Uses = append(e.Vars[v].Uses, [2]int{i, d})
		}
	}
	e.Shapes = make([][]SymDim, nv)
	for v := range nv {
		val := p.value(v)
		e.Shapes[v] = make([]SymDim, len(val.Shape))
		for d, s := range val.Shape {
			r := find(base[v] + d)
			if vi, ok := varOf[r]; ok {
				e.Shapes[v][d] = SymDim{Var: vi}
			} else if static[r] {
				e.Shapes[v][d] = staticDim(s)
			} else {
				// Every class holds an argument dim: a result dim meets
				// the operand dims of its size.
				return nil, fmt.Errorf("value %d dim %d has no argument dim in its class", v, d)
			}
		}
	}
	return places, nil
}

func identityDims(n int) []int64 {
	d := make([]int64, n)
	for i := range d {
		d[i] = int64(i)
	}
	return d
}

// runs adds the base run, a resize run (one variable given another size
// in every argument dim it names; numpy's answer is the program's on those
// inputs) and a mismatch run (one argument dim given a size other than its
// variable's, which the model in check says fails at run time).
func (e *ExportForm) runs(rng *rand.Rand) {
	p := e.Prog
	e.Runs = append(e.Runs, ExportRun{Kind: "base", Prog: p, Args: p.Args()})
	g := &gen{rng: rng, cfg: DefaultConfig, p: p}
	if len(e.Vars) > 0 {
		v := rng.Intn(len(e.Vars))
		size := e.Vars[v].Size
		for size == e.Vars[v].Size {
			size = []int64{0, 1, 2, 3, 3, 4, 5, 6, 7}[rng.Intn(9)]
		}
		ins := slices.Clone(p.Inputs)
		for _, u := range e.Vars[v].Uses {
			in := &ins[u[0]]
			if in.Data.Shape()[u[1]] == size { // a second dim of the same argument
				continue
			}
			in.Shape = slices.Clone(in.Shape)
			for d, sd := range e.Shapes[u[0]] {
				if sd.Var == v {
					in.Shape[d] = size
				}
			}
			in.Data = g.data(in.Shape)
		}
		rp, err := p.withInputs(ins)
		if err != nil {
			panic(fmt.Sprintf("seed %d: resizing %s: %v", p.Seed, e.Vars[v].Name, err))
		}
		e.Runs = append(e.Runs, ExportRun{Kind: "resize", Note: fmt.Sprintf("%s = %d (was %d)", e.Vars[v].Name, size, e.Vars[v].Size), Prog: rp, Args: rp.Args()})
	}
	var cands [][3]int // {var, arg, dim}
	for v, dv := range e.Vars {
		if len(dv.Uses) > 1 {
			for _, u := range dv.Uses {
				cands = append(cands, [3]int{v, u[0], u[1]})
			}
		}
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	for _, c := range cands {
		shapes := make([][]int64, len(p.Inputs))
		for i, in := range p.Inputs {
			shapes[i] = in.Shape
		}
		old := shapes[c[1]][c[2]]
		// Sizes of 2 or more, so that the argument cannot stretch either.
		size := max(2, old+1+rng.Int63n(2))
		shapes[c[1]] = slices.Clone(shapes[c[1]])
		shapes[c[1]][c[2]] = size
		fail := e.check(shapes)
		if fail < 0 {
			continue
		}
		args := p.Args()
		args[c[1]] = g.data(shapes[c[1]])
		s := e.steps[fail]
		e.Runs = append(e.Runs, ExportRun{Kind: "mismatch", Args: args, FailLine: s.line, FailOp: s.name,
			Note: fmt.Sprintf("args[%d].shape[%d] = %d, but %s = %d", c[1], c[2], size, e.Vars[c[0]].Name, e.Vars[c[0]].Size)})
		return
	}
	e.NoMismatch = len(cands) > 0
}

// withInputs returns a copy of p on other inputs (same static types), with
// every op's run-time shape recomputed.
func (p *Program) withInputs(ins []Input) (*Program, error) {
	q := *p
	q.Inputs = ins
	q.Ops = slices.Clone(p.Ops)
	for k := range q.Ops {
		o := &q.Ops[k]
		if len(o.Args) == 1 {
			o.Result.Shape = q.value(o.Args[0]).Shape
			continue
		}
		shape, _, conflict := q.runTimeBroadcast(*o)
		if conflict != nil {
			return nil, fmt.Errorf("op %d (%s): %v", k, o.Kind, conflict)
		}
		o.Result.Shape = slices.Clone(shape)
	}
	return &q, nil
}

// runTimeBroadcast infers o's run-time result shape and operand
// placements from its arguments' run-time shapes in p (broadcast.Infer).
func (p *Program) runTimeBroadcast(o Op) ([]int64, []broadcast.Placement, *broadcast.Conflict) {
	rts := make([]broadcast.Operand, len(o.Args))
	for i, a := range o.Args {
		rts[i] = broadcast.Operand{Shape: p.value(a).Shape, Ranked: true}
	}
	shape, places, _, conflict := broadcast.Infer(rts, broadcast.Spec{Policy: o.Policy, Dims: o.Dims})
	return shape, places, conflict
}

// check runs the export form's run-time rules on argument shapes: a
// variable is the size of the dim @main reads it from; a shape assertion
// fails when its dim differs; dynamic_broadcast_in_dim fails when an
// operand dim is neither 1 nor its result dim's size; a stablehlo op fails
// when its operands (rank-0 ones it allows apart) differ in shape. It
// returns the index of the first step that fails, or -1.
func (e *ExportForm) check(args [][]int64) int {
	vals := make([]int64, len(e.Vars))
	for v, dv := range e.Vars {
		vals[v] = args[dv.Uses[0][0]][dv.Uses[0][1]]
	}
	shapes := slices.Clone(args)
	for i, s := range e.steps {
		var out []int64
		switch s.kind {
		case "assert":
			if args[s.arg][s.dim] != vals[s.v] {
				return i
			}
			continue
		case "broadcast":
			out = make([]int64, len(s.target))
			for d, t := range s.target {
				out[d] = t.Size
				if t.Var >= 0 {
					out[d] = vals[t.Var]
				}
			}
			for j, d := range s.dims {
				if n := shapes[s.args[0]][j]; n != 1 && n != out[d] {
					return i
				}
			}
		case "elementwise":
			first := true
			for k, a := range s.args {
				if s.scalar[k] {
					continue
				}
				if first {
					out, first = shapes[a], false
				} else if !slices.Equal(out, shapes[a]) {
					return i
				}
			}
		}
		shapes = append(shapes, out)
	}
	return -1
}

// StaticProgram is the program with every dim of its arguments' types
// static, as in the export form, with dimension variable v replaced by
// staticVarSize(v): the static version whose kernels the export form must
// match. The sizes are not the variables' run-time sizes, which may be 0
// or 1 (a kernel could fold away for being empty, a dim for being 1) or
// equal to another variable's or a static dim (two values of different
// export types could become one in CSE); they are distinct and larger than
// every static size.
func (e *ExportForm) StaticProgram() (*Program, error) {
	p := e.Prog
	q := *p
	q.Inputs = slices.Clone(p.Inputs)
	for i := range q.Inputs {
		in := &q.Inputs[i]
		in.Static = make([]int64, len(in.Shape))
		for d, sd := range e.Shapes[i] {
			in.Static[d] = sd.Size
			if sd.Var >= 0 {
				in.Static[d] = staticVarSize(sd.Var)
			}
		}
	}
	q.Ops = slices.Clone(p.Ops)
	for k := range q.Ops {
		o := &q.Ops[k]
		if len(o.Args) == 1 {
			o.Result.Static = q.value(o.Args[0]).Static
			continue
		}
		types := make([]ir.Type, len(o.Args))
		for i, a := range o.Args {
			v := q.value(a)
			types[i] = ir.RankedTensor(v.Static, elemType(v.Elem))
		}
		rt, err := hlo.InferResultType(types, broadcast.Spec{Policy: o.Policy, Dims: o.Dims}, elemType(o.Result.Elem))
		if err != nil {
			return nil, fmt.Errorf("op %d (%s): %v", k, o.Kind, err)
		}
		o.Result.Static = rt.(*ir.RankedTensorType).Shape()
	}
	return &q, nil
}

// staticVarSize is the size of variable v in StaticProgram: 101, 103, ...
// (the generator's static sizes stay below 10).
func staticVarSize(v int) int64 { return 101 + 2*int64(v) }

// exportWriter prints the export form and records its steps.
type exportWriter struct {
	e      *ExportForm
	rng    *rand.Rand
	opts   ExportOptions
	places [][][]int64
	sb     strings.Builder
	line   int // the line being written, from 1
	next   int // SSA name counter
	// vars are the SSA names of the variables in the function being
	// written, of type tensor<i64> if vars64.
	vars   []string
	vars64 bool
	refs   []exportRef
	valRef []int // the ref of each value of Prog (inputs, then op results)
}

// exportRef is a value of the function body: its SSA name, export shape
// and element type, and for each dim whether its run-time size is known to
// be the shape's (a static dim, a variable's dim read by @main, a
// broadcast's result dim, or an op result dim whose operand has it).
type exportRef struct {
	name   string
	shape  []SymDim
	elem   string
	proven []bool
}

func (w *exportWriter) printf(format string, args ...any) {
	fmt.Fprintf(&w.sb, format, args...)
	w.sb.WriteByte('\n')
	w.line++
}

func (w *exportWriter) fresh() string {
	w.next++
	return fmt.Sprintf("%%%d", w.next-1)
}

func (w *exportWriter) typ(shape []SymDim, elem string) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range shape {
		if d.Var >= 0 {
			sb.WriteString("?x")
		} else {
			fmt.Fprintf(&sb, "%dx", d.Size)
		}
	}
	return sb.String() + elem + ">"
}

func (w *exportWriter) write() {
	e, p := w.e, w.e.Prog
	w.line = 1
	w.printf("module @jit_randprog attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {")
	argTypes := make([]string, len(p.Inputs))
	var params []string
	for i, in := range p.Inputs {
		argTypes[i] = w.typ(e.Shapes[i], in.Elem)
		params = append(params, fmt.Sprintf("%%arg%d: %s", i, argTypes[i]))
	}
	resTypes := make([]string, len(p.Results))
	for i, r := range p.Results {
		resTypes[i] = w.typ(e.Shapes[r], p.value(r).Elem)
	}
	results := strings.Join(resTypes, ", ")
	if len(resTypes) != 1 {
		results = "(" + results + ")"
	}
	w.printf("  func.func public @main(%s) -> %s {", strings.Join(params, ", "), results)
	vars := make([]string, len(e.Vars))
	x64 := e.Style != ExportWrapped32
	dimSize := func(arg, dim int) string {
		n := w.fresh()
		w.printf("    %s = stablehlo.get_dimension_size %%arg%d, dim = %d : (%s) -> tensor<i32>", n, arg, dim, argTypes[arg])
		if !x64 {
			return n
		}
		c := w.fresh()
		w.printf("    %s = stablehlo.convert %s : (tensor<i32>) -> tensor<i64>", c, n)
		return c
	}
	for v, dv := range e.Vars {
		vars[v] = dimSize(dv.Uses[0][0], dv.Uses[0][1])
	}
	if w.opts.ShapeAssertions {
		w.assertions(vars, dimSize, x64)
	}
	if e.Style == ExportInlined {
		w.vars, w.vars64 = vars, true
		w.body(func(i int) string { return fmt.Sprintf("%%arg%d", i) })
		w.printf("  }")
		w.printf("}")
		return
	}
	ivt := "tensor<i64>"
	if !x64 {
		ivt = "tensor<i32>"
	}
	var callArgs, callTypes, wparams []string
	for v := range e.Vars {
		callArgs = append(callArgs, vars[v])
		callTypes = append(callTypes, ivt)
		wparams = append(wparams, fmt.Sprintf("%%arg%d: %s {jax.global_constant = %q}", v, ivt, e.Vars[v].Name))
	}
	for i := range p.Inputs {
		callArgs = append(callArgs, fmt.Sprintf("%%arg%d", i))
		callTypes = append(callTypes, argTypes[i])
		wparams = append(wparams, fmt.Sprintf("%%arg%d: %s", len(e.Vars)+i, argTypes[i]))
	}
	r := w.fresh()
	rets := []string{r}
	if len(p.Results) > 1 {
		rets = nil
		for i := range p.Results {
			rets = append(rets, fmt.Sprintf("%s#%d", r, i))
		}
		r = fmt.Sprintf("%s:%d", r, len(p.Results))
	}
	w.printf("    %s = call @_wrapped_jax_export_main(%s) : (%s) -> %s", r, strings.Join(callArgs, ", "), strings.Join(callTypes, ", "), results)
	w.printf("    return %s : %s", strings.Join(rets, ", "), strings.Join(resTypes, ", "))
	w.printf("  }")
	w.printf("  func.func private @_wrapped_jax_export_main(%s) -> %s {", strings.Join(wparams, ", "), results)
	w.next = 0
	w.vars, w.vars64 = nil, x64
	for v := range e.Vars {
		w.vars = append(w.vars, fmt.Sprintf("%%arg%d", v))
	}
	w.body(func(i int) string { return fmt.Sprintf("%%arg%d", len(e.Vars)+i) })
	w.printf("  }")
	w.printf("}")
}

// assertions writes JAX's shape assertions: every argument dim that names
// a variable read from another dim must equal it.
func (w *exportWriter) assertions(vars []string, dimSize func(arg, dim int) string, x64 bool) {
	ivt := "tensor<i32>"
	if x64 {
		ivt = "tensor<i64>"
	}
	for v, dv := range w.e.Vars {
		for _, u := range dv.Uses[1:] {
			d := dimSize(u[0], u[1])
			eq := w.fresh()
			w.printf("    %s = stablehlo.compare  EQ, %s, %s,  SIGNED : (%s, %s) -> tensor<i1>", eq, d, vars[v], ivt, ivt)
			w.e.steps = append(w.e.steps, exportStep{kind: "assert", line: w.line, name: "shape_assertion", arg: u[0], dim: u[1], v: v})
			w.printf("    stablehlo.custom_call @shape_assertion(%s, %s, %s) {api_version = 2 : i32, error_message = %q, has_side_effect = true} : (tensor<i1>, %s, %s) -> ()",
				eq, d, vars[v], fmt.Sprintf("Input shapes do not match the polymorphic shapes specification. Found inconsistency between dimension size args[%d].shape[%d] (= {0}) and the specification '%s' (= {1}).", u[0], u[1], dv.Name), ivt, ivt)
		}
	}
}

// body writes the ops of the program, each operand broadcast to the op's
// shape as JAX does it, and returns the results.
func (w *exportWriter) body(arg func(int) string) {
	e, p := w.e, w.e.Prog
	w.refs, w.valRef = nil, nil
	for i, in := range p.Inputs {
		ref := exportRef{name: arg(i), shape: e.Shapes[i], elem: in.Elem, proven: make([]bool, len(in.Shape))}
		for d, sd := range e.Shapes[i] {
			ref.proven[d] = sd.Var < 0 || e.Vars[sd.Var].Uses[0] == [2]int{i, d}
		}
		w.refs = append(w.refs, ref)
		w.valRef = append(w.valRef, i)
	}
	e.OpLines = make([]int, len(p.Ops))
	for k, o := range p.Ops {
		shape := e.Shapes[len(p.Inputs)+k]
		args := make([]int, len(o.Args))
		scalar := make([]bool, len(o.Args))
		for i, v := range o.Args {
			a := w.valRef[v]
			args[i] = a
			src := w.refs[a]
			if len(o.Args) == 1 || sameSymShape(src.shape, shape) {
				continue
			}
			if len(src.shape) == 0 && ((o.Kind == "select" && i == 0) || (o.Kind == "clamp" && i != 1)) && w.rng.Float64() < 0.5 {
				// StableHLO's select and clamp take a rank-0 predicate or bounds.
				scalar[i] = true
				e.ScalarKept++
				continue
			}
			pl := w.places[k][i]
			if len(src.shape) < len(shape) && w.rng.Float64() < 0.5 {
				// jnp's rank promotion first (lax.broadcast_to_rank: the
				// operand's shape with leading or, for
				// broadcast_dimensions, interleaved 1s), then lax's
				// broadcast to the op's shape.
				mid := make([]SymDim, len(shape))
				for d := range mid {
					mid[d] = staticDim(1)
				}
				for j, d := range pl {
					mid[d] = src.shape[j]
				}
				a = w.broadcast(a, mid, pl, k)
				e.TwoStep++
				if !sameSymShape(mid, shape) {
					a = w.broadcast(a, shape, identityDims(len(shape)), k)
				}
			} else {
				a = w.broadcast(a, shape, pl, k)
			}
			args[i] = a
		}
		w.valRef = append(w.valRef, w.elementwise(k, args, scalar))
	}
	var names, types []string
	for _, v := range p.Results {
		r := w.refs[w.valRef[v]]
		names = append(names, r.name)
		types = append(types, w.typ(r.shape, r.elem))
	}
	w.printf("    return %s : %s", strings.Join(names, ", "), strings.Join(types, ", "))
}

func sameSymShape(a, b []SymDim) bool { return slices.Equal(a, b) }

// broadcast writes a broadcast of ref to target: broadcast_in_dim if
// target is static, else dynamic_broadcast_in_dim with the shape built as
// JAX's shape_tensor builds it. It returns the new ref.
func (w *exportWriter) broadcast(ref int, target []SymDim, dims []int64, k int) int {
	src := w.refs[ref]
	out := exportRef{shape: target, elem: src.elem, proven: make([]bool, len(target))}
	for d := range out.proven {
		out.proven[d] = true
	}
	dyn := slices.ContainsFunc(target, func(d SymDim) bool { return d.Var >= 0 })
	var dimList []string
	for _, d := range dims {
		dimList = append(dimList, fmt.Sprint(d))
	}
	ds := "[" + strings.Join(dimList, ", ") + "]"
	if !dyn {
		w.e.StaticBroadcasts++
		out.name = w.fresh()
		w.e.steps = append(w.e.steps, exportStep{kind: "broadcast", line: w.line, name: "stablehlo.broadcast_in_dim", args: []int{ref}, target: target, dims: dims})
		w.printf("    %s = stablehlo.broadcast_in_dim %s, dims = %s : (%s) -> %s", out.name, src.name, ds, w.typ(src.shape, src.elem), w.typ(target, src.elem))
	} else {
		w.e.DynamicBroadcasts++
		for j, d := range dims {
			if sd := src.shape[j]; sd.Var >= 0 && !src.proven[j] && target[d] == sd {
				w.e.NeedsAssertions = true
			}
		}
		var pieces []string
		for _, d := range target {
			if d.Var < 0 {
				c := w.fresh()
				w.printf("    %s = stablehlo.constant dense<%d> : tensor<1xi32>", c, d.Size)
				pieces = append(pieces, c)
				continue
			}
			v := w.vars[d.Var]
			if w.vars64 {
				c := w.fresh()
				w.printf("    %s = stablehlo.convert %s : (tensor<i64>) -> tensor<i32>", c, v)
				v = c
			}
			r := w.fresh()
			w.printf("    %s = stablehlo.reshape %s : (tensor<i32>) -> tensor<1xi32>", r, v)
			pieces = append(pieces, r)
		}
		shape := pieces[0]
		if len(pieces) > 1 {
			shape = w.fresh()
			w.printf("    %s = stablehlo.concatenate %s, dim = 0 : (%s) -> tensor<%dxi32>", shape, strings.Join(pieces, ", "),
				strings.TrimSuffix(strings.Repeat("tensor<1xi32>, ", len(pieces)), ", "), len(pieces))
		}
		out.name = w.fresh()
		w.e.steps = append(w.e.steps, exportStep{kind: "broadcast", line: w.line, name: "stablehlo.dynamic_broadcast_in_dim", args: []int{ref}, target: target, dims: dims})
		w.printf("    %s = stablehlo.dynamic_broadcast_in_dim %s, %s, dims = %s : (%s, tensor<%dxi32>) -> %s", out.name, src.name, shape, ds,
			w.typ(src.shape, src.elem), len(target), w.typ(target, src.elem))
	}
	w.refs = append(w.refs, out)
	return len(w.refs) - 1
}

// elementwise writes the same-shape stablehlo op of Prog.Ops[k] on refs
// and returns its ref.
func (w *exportWriter) elementwise(k int, args []int, scalar []bool) int {
	e, o := w.e, w.e.Prog.Ops[k]
	shape := e.Shapes[len(e.Prog.Inputs)+k]
	out := exportRef{name: w.fresh(), shape: shape, elem: o.Result.Elem, proven: make([]bool, len(shape))}
	var names, types []string
	for i, a := range args {
		r := w.refs[a]
		names = append(names, r.name)
		types = append(types, w.typ(r.shape, r.elem))
		if scalar[i] {
			continue
		}
		for d, pr := range r.proven {
			out.proven[d] = out.proven[d] || pr
		}
	}
	rt := w.typ(shape, o.Result.Elem)
	e.OpLines[k] = w.line
	e.steps = append(e.steps, exportStep{kind: "elementwise", line: w.line, name: "stablehlo." + o.Kind, args: args, scalar: scalar})
	switch o.Kind {
	case "compare":
		typ := "FLOAT"
		if w.refs[args[0]].elem == "i32" {
			typ = "SIGNED"
		}
		w.printf("    %s = stablehlo.compare  %s, %s, %s,  %s : (%s, %s) -> %s", out.name, o.Dir, names[0], names[1], typ, types[0], types[1], rt)
	case "select":
		w.printf("    %s = stablehlo.select %s : %s, %s", out.name, strings.Join(names, ", "), types[0], types[1])
	case "clamp":
		if types[0] == rt && types[2] == rt {
			w.printf("    %s = stablehlo.clamp %s : %s", out.name, strings.Join(names, ", "), rt)
		} else {
			w.printf("    %s = stablehlo.clamp %s : (%s) -> %s", out.name, strings.Join(names, ", "), strings.Join(types, ", "), rt)
		}
	default:
		w.printf("    %s = stablehlo.%s %s : %s", out.name, o.Kind, strings.Join(names, ", "), rt)
	}
	w.refs = append(w.refs, out)
	return len(w.refs) - 1
}
