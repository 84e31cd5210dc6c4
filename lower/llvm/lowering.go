package llvm

import (
	"github.com/llir/llvm/ir/value"

	"github.com/bcast-opt/bcast-opt/dialects/linalg"
	"github.com/bcast-opt/bcast-opt/dialects/scf"
	"github.com/bcast-opt/bcast-opt/ir"
)

// This file owns fnLowering, the lowering of one func.func, and the walk
// over its blocks: lowerFunc sets up the function (its C signature is
// abi.go's), lowers the body op by op (lowerOp, registry.go) and closes the
// exit block (checks.go); consecutive generics that fuse are one group
// (fuse.go, fuse_values.go). What each op becomes is the business of the
// file of its category: control.go, shape.go, tensor.go, slices.go,
// scalar.go (with vecmath.go), generic.go (with loops.go and vector.go,
// fill.go, and the reductions' reduce.go, reduce_vector.go,
// reduce_outer.go, argmax.go).

// fnLowering lowers one func.func to one LLVM function: the kernel, or
// (shapesOnly) the function computing its result shapes. It emits through
// its fnBuilder (builder.go); its own state is the MLIR side: the lowered
// value of each SSA value, the ABI's parameters, and the loop indices of
// the generic being lowered.
type fnLowering struct {
	fnBuilder
	abi        *FuncABI
	shapesOnly bool
	vals       map[*ir.Value]lval
	// the parameters
	resPtr, resShape []value.Value
	// argBufs are the arguments as buffers (for error messages).
	argBufs []*buffer
	// ivs are the loop indices of the generic whose body is being lowered
	// (linalg.index reads them); in a vector body (lanes > 0) the index of
	// loop vecIndexDim is that of the first lane.
	ivs         []value.Value
	vecIndexDim int
	// fused are the members of the fused group being lowered, with what
	// their bodies do beyond an unfused generic's; skip are the ops of
	// the body being lowered that it does not need (fuse_values.go).
	fused map[*ir.Operation]*fusedBody
	skip  map[*ir.Operation]bool
	// given are body arguments whose values are given instead of loaded
	// (a contraction chain's epilogue reads its matmul's accumulators:
	// fuse_matmul.go).
	given map[*ir.Value]value.Value
	// loose, during the loose pass of a maximum or minimum reduction's
	// vector loop, is its combiners' plain compare-and-select and their
	// NaN flag (reduce_vector.go).
	loose *looseCombine
	// threads is the kernel's thread count (an i32 parameter) in the
	// parallel form, nil otherwise; outlining is set while a parallel
	// loop's body is emitted into its own function, and scratch holds
	// the buffers each chunk of one needs its own copy of (parallel.go).
	threads   value.Value
	outlining bool
	scratch   map[value.Value]scratchBuf
}

// lowerFunc adds the kernel (or result-shapes) function of f to the module.
func (e *emitter) lowerFunc(f *FuncABI, shapesOnly bool) error {
	l := &fnLowering{fnBuilder: fnBuilder{e: e, names: make(map[string]int, 32)}, abi: f, shapesOnly: shapesOnly, vals: make(map[*ir.Value]lval, numValues(f.Op))}
	argData, argShape := l.beginFunc()
	start := l.newBlock("args")
	l.cur = start

	body := f.Op.Region(0).Front()
	for i, a := range f.Args {
		b, err := l.lowerArg(i, a, argData[i], argShape[i])
		if err != nil {
			return err
		}
		l.argBufs = append(l.argBufs, b)
		if _, isTensor := a.Type.(*ir.RankedTensorType); !isTensor {
			v := lval{}
			if b.ptr != nil {
				v.scalar = l.loadElem(a.Elem, b.ptr)
			}
			l.vals[body.Arg(i)] = v
			continue
		}
		l.vals[body.Arg(i)] = lval{buf: b}
	}
	term, err := l.lowerBlock(body)
	if err != nil {
		return err
	}
	if term != nil {
		return ir.Errorf(term.Loc, "unexpected terminator '%s' in a function body", term.Name())
	}
	l.finish(start)
	if l.threads != nil {
		l.e.singleThreadEntry(f, l.f)
	}
	return nil
}

// numValues counts the values op's regions define, the size of
// fnLowering.vals (which would otherwise grow several times).
func numValues(op *ir.Operation) int {
	n := 0
	op.Walk(func(o *ir.Operation) bool {
		n += o.NumResults()
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				n += len(b.Args())
			}
		}
		return true
	})
	return n
}

// lowerBlock lowers a block's ops up to its terminator, which it returns
// for scf.yield and linalg.yield (func.return is lowered here; it returns
// nil).
//
// In the kernel, consecutive generics that fuse (fuse.go) are lowered as
// one loop nest.
func (l *fnLowering) lowerBlock(b *ir.Block) (*ir.Operation, error) {
	ops := b.Ops()
	for i := 0; i < len(ops); i++ {
		op := ops[i]
		if d := op.Def(); d == scf.Yield || d == linalg.Yield {
			return op, nil
		}
		if l.skip[op] {
			continue
		}
		if op.Def() == linalg.Generic && !l.shapesOnly && l.e.fuse {
			if g := planGroup(ops, i); g != nil {
				if err := l.lowerGroup(g); err != nil {
					return nil, err
				}
				i = g.last
				continue
			}
		}
		if err := l.lowerOp(op); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
