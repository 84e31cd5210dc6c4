package lower

import "github.com/bcast-opt/bcast-opt/ir"

// LegalizeToLinalg is the `hlo-legalize-to-linalg` pass.
var LegalizeToLinalg = &ir.PassInfo{
	Name:    "hlo-legalize-to-linalg",
	Title:   "HloLegalizeToLinalg",
	Summary: "Lower hlo ops on tensors to linalg.generic, tensor and arith; broadcasts become indexing maps",
	Run:     runLegalizeToLinalg,
}

func init() { ir.RegisterPass(LegalizeToLinalg) }

// A conversion rewrites one hlo op into linalg, tensor and arith ops and
// erases it, or returns an error located at the op. Conversions are
// registered per op definition, each category's by its file's init
// (registerConversions), as MLIR's populate*Patterns functions add a
// category's patterns to a set: elementwise.go, data_movement.go,
// shape_computations.go, dynamic_shapes.go, broadcast.go, constant.go and
// custom_call.go.
type conversion func(l *lowering, op *ir.Operation) error

// conversions holds the registered conversions by op definition.
var conversions = map[*ir.OpDef]conversion{}

// registerConversions adds a category's conversions; an op converted
// twice is a programming error.
func registerConversions(cs map[*ir.OpDef]conversion) {
	for def, c := range cs {
		if _, dup := conversions[def]; dup {
			panic("lower: two conversions of " + def.Name)
		}
		conversions[def] = c
	}
}

// runLegalizeToLinalg converts every hlo op in root with its registered
// conversion, in program order, after the shape computations
// (scalarized first, so that the ops reading a shape read its scalars),
// and before the broadcasts (materialized last, when every reader that
// can has read through them). Then no hlo op may be left but the
// dynamic broadcasts with could-be-1 dims left for
// linalg-version-broadcasts (doc.go): any other one fails the pass, at
// the op, as MLIR's partial conversion fails on an illegal op.
func runLegalizeToLinalg(root *ir.Operation, _ ir.PassOptions) error {
	var work []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		if o.Dialect() == "hlo" {
			work = append(work, o)
		}
		return true
	})
	scalarizeShapeComputations(shapeComputations(work))
	l := &lowering{generics: map[string]ir.Attrs{}, kept: map[*ir.Operation]bool{}}
	for _, op := range work {
		if op.Block() == nil {
			continue // a shape computation, done above
		}
		if c := conversions[op.Def()]; c != nil {
			if err := c(l, op); err != nil {
				return err
			}
		}
	}
	// Sizes read from converted results (tensor.dim, as the run-time
	// checks of hlo-legalize-broadcasts read them) are read where they
	// were made, so they keep neither a producer from fusing nor a
	// broadcast from being folded into its readers' maps.
	root.Walk(func(o *ir.Operation) bool {
		if o.Name() != "tensor.dim" {
			return true
		}
		c, ok := ir.ConstantValue(o.Operand(1)).(*ir.IntegerAttr)
		if !ok || !producesSize(o.Operand(0)) {
			return true
		}
		b := ir.Before(o)
		if size := sizeOfDim(b, o.Operand(0), int(c.Value)); size != o.Result(0) {
			o.Result(0).ReplaceAllUsesWith(size)
			o.Erase()
		}
		return true
	})
	if err := l.finishBroadcasts(); err != nil {
		return err
	}
	return l.checkLegal(root)
}

// checkLegal fails at the first hlo op left in root, but a dynamic
// broadcast kept for linalg-version-broadcasts.
func (l *lowering) checkLegal(root *ir.Operation) error {
	var left *ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		if left == nil && o.Dialect() == "hlo" && !l.kept[o] {
			left = o
		}
		return left == nil
	})
	if left != nil {
		return noLowering(left)
	}
	return nil
}

// noLowering is the error for an hlo op that nothing converts.
func noLowering(op *ir.Operation) error { return op.Emit("has no lowering to linalg") }

// lowering is one run of the pass (over one function when the pass runs
// per function, as in the cpu pipeline; runs do not share it).
type lowering struct {
	// generics holds the attributes of the all-parallel generics built so
	// far, by their loop count and their inputs' reads (see genericAttrs):
	// attributes are immutable, so every generic reading its operands the
	// same way shares one indexing_maps array (decoded once by linalg's
	// readers) and one iterator_types array.
	generics map[string]ir.Attrs
	// broadcasts are the broadcasts met so far, in program order, for
	// finishBroadcasts; kept are those it leaves in place for
	// linalg-version-broadcasts.
	broadcasts []*ir.Operation
	kept       map[*ir.Operation]bool
	// Scratch space reused from op to op: the key being looked up, the
	// operand accesses of the op being converted and their reads and
	// sizeDims.
	key      []byte
	accesses []operandAccess
	reads    []int
	sized    []bool
}
