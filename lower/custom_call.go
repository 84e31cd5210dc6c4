package lower

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/arith"
	"github.com/bcast-opt/bcast-opt/dialects/cf"
	"github.com/bcast-opt/bcast-opt/dialects/hlo"
	"github.com/bcast-opt/bcast-opt/ir"
)

// hlo.custom_call: JAX's @shape_assertion becomes a run-time check
// (cf.assert, with JAX's message); the sharding annotations JAX writes
// (@Sharding, and @SPMDFullToShardShape / @SPMDShardToFullShape around
// shard_map) are their operand on one device, which is what bcast-opt
// compiles for; any other target is not something bcast-opt can compile,
// and says so.

func init() {
	registerConversions(map[*ir.OpDef]conversion{hlo.CustomCall: convertCustomCall})
}

// convertCustomCall lowers @shape_assertion and fails on other targets,
// saying what to do: the interpreter's test assertions (@check.expect_eq,
// ...) run in the interpreter only; any other target is code bcast-opt
// does not have.
func convertCustomCall(_ *lowering, op *ir.Operation) error {
	if isShapeAssertion(op) {
		return lowerShapeAssertion(op)
	}
	target := ""
	if name, ok := op.Attr("call_target_name").(*ir.StringAttr); ok {
		target = name.Value
	}
	if hlo.IsShardingAnnotation(target) {
		if op.NumOperands() != 1 || op.NumResults() != 1 || op.Operand(0).Type() != op.Result(0).Type() {
			return op.Emit("has no lowering to linalg: @%s on one device is its operand, so it needs one operand and one result of the same type", target)
		}
		op.Result(0).ReplaceAllUsesWith(op.Operand(0))
		op.Erase()
		return nil
	}
	if strings.HasPrefix(target, "check.expect_") {
		return op.Emit("has no lowering to linalg: @%s is a test assertion that only the interpreter runs "+
			"(bcast-run --interp); remove it to compile the program", target)
	}
	return op.Emit("has no lowering to linalg: custom call @%s is not one bcast-opt knows (only @%s is lowered); "+
		"remove the call or write what it computes in hlo ops", target, hlo.ShapeAssertion)
}

// isShapeAssertion reports whether op is JAX's @shape_assertion.
func isShapeAssertion(op *ir.Operation) bool {
	name, ok := op.Attr("call_target_name").(*ir.StringAttr)
	return op.Def() == hlo.CustomCall && ok && name.Value == hlo.ShapeAssertion
}

// lowerShapeAssertion turns JAX's @shape_assertion into cf.assert on its
// condition's one element. The message's `{k}` (operand k+1) becomes the
// `{0}` or `{1}` of cf.assert (dialects/cf: the operands of the
// comparison that computes the condition) when operand k+1 is one of
// them, as in JAX's own assertions (`b >= 1` formatting b; `d == b`
// formatting d and b), and "?" otherwise.
func lowerShapeAssertion(op *ir.Operation) error {
	b := ir.Before(op)
	b.Loc = op.Loc
	cond := scalarElements(b, op.Operand(0))
	if len(cond) != 1 {
		return op.Emit("@%s needs a one-element condition", hlo.ShapeAssertion)
	}
	args := make([]*ir.Value, op.NumOperands()-1)
	for k := range args {
		if xs := scalarElements(b, op.Operand(k+1)); len(xs) == 1 {
			args[k] = xs[0]
		}
	}
	var cmp []*ir.Value
	if def := cond[0].DefiningOp(); def != nil && def.Def() == arith.CmpI {
		cmp = def.Operands()
	}
	msg, _ := op.Attr("error_message").(*ir.StringAttr)
	text := ""
	if msg != nil {
		text = msg.Value
	}
	text = cf.ExpandMessage(text, len(args), func(k int) string {
		for j, c := range cmp {
			if hlo.ScalarExtent(args[k]).Same(hlo.ScalarExtent(c)) || args[k] == c {
				return "{" + strconv.Itoa(j) + "}"
			}
		}
		return "?"
	})
	if loc := op.Loc; loc.Known() {
		text = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(loc.File), loc.Line, loc.Col, text)
	}
	cf.NewAssert(b, cond[0], text)
	op.Erase()
	return nil
}
