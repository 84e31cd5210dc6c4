package ir

import "unsafe"

// fingerprint returns a hash of op and everything nested in it, for the
// pass manager to tell whether a pass changed the IR it last verified:
// the identity of every op (which fixes its name), block and operand
// value, each op's attributes and result types, block argument types,
// successors, and the nesting and order of all of them. It is not a hash
// of the printed form (two equal but separately built modules differ):
// its only use is to compare the same IR before and after a pass, as
// MLIR's pass manager skips verification after a pass that preserved all
// analyses, that is changed nothing.
//
// Attributes and types are immutable and compared by identity (types are
// uniqued; an attribute replaced by an equal one counts as a change),
// which is what makes the hash cheap: one walk, no printing.
//
// The ops of a large block are hashed in parallel runs (as Verify splits
// them), each run from the seed, and the runs' hashes folded in order: the
// value does not depend on how many goroutines computed it. The walk is
// the verifier's (walkSplittingBlocks), which can verify and hash at once.
func fingerprint(op *Operation) uint64 {
	h, _, _ := walkSplittingBlocks(op, false)
	return h
}

// mix folds x into the hash h (FNV-1a on 64-bit words).
func mix(h, x uint64) uint64 { return (h ^ x) * 1099511628211 }

func ptr[T any](p *T) uint64 { return uint64(uintptr(unsafe.Pointer(p))) }

// ifaceData returns both words of an interface value mixed: its dynamic
// type and its data (for the pointer types that implement Type and
// Attribute, the identity of the value). The type word matters because
// Go gives every object of a zero-size type the same address.
func ifaceData(p unsafe.Pointer) uint64 {
	w := (*[2]uintptr)(p)
	return mix(uint64(w[0]), uint64(w[1]))
}

const fingerprintSeed = 14695981039346656037

// fingerprintOpShallow folds op into h without its regions.
func fingerprintOpShallow(h uint64, op *Operation) uint64 {
	h = mix(h, ptr(op))
	for _, o := range op.operands {
		h = mix(h, ptr(o.value))
	}
	for _, r := range op.results {
		h = mix(h, ifaceData(unsafe.Pointer(&r.typ)))
	}
	for i := range op.Attrs.list {
		a := &op.Attrs.list[i]
		h = mix(mix(h, uint64(uintptr(unsafe.Pointer(unsafe.StringData(a.Name))))), uint64(len(a.Name)))
		h = mix(h, ifaceData(unsafe.Pointer(&a.Value)))
	}
	if op.rare != nil {
		for _, s := range op.rare.successors {
			h = mix(h, ptr(s))
		}
	}
	return h
}

// fingerprintBlockHeader folds block b and its arguments into h.
func fingerprintBlockHeader(h uint64, b *Block) uint64 {
	h = mix(h, ptr(b))
	for _, a := range b.args {
		h = mix(h, ptr(a))
		h = mix(h, ifaceData(unsafe.Pointer(&a.typ)))
	}
	return h
}
