package main

import (
	"regexp"
	"strings"
)

// KernelStats counts what a kernel's `bcast-opt --pipeline=cpu` output
// holds, for the JAX-export section of RESULTS.md: docs/SPEC.md §9 wants
// W1j, W3j and W9j to compile to as many kernels as W1, W3 and W9, and to
// copy nothing.
type KernelStats struct {
	// Generics is every linalg.generic of the output.
	Generics int
	// Scalar is how many of them have no loops (iterator_types = []):
	// rank-0 computations on shape values, not passes over the data.
	Scalar int
	// Copies is how many generics with loops only yield one of their
	// inputs (a materialized broadcast or a copy), plus any linalg.copy or
	// linalg.broadcast.
	Copies int
}

var (
	genericStart = regexp.MustCompile(`\blinalg\.generic\s*\{`)
	namedCopy    = regexp.MustCompile(`\blinalg\.(copy|broadcast)\b`)
	valueName    = regexp.MustCompile(`%[\w$.#-]+`)
)

// countGenerics counts the generics of printed (pretty-form) linalg IR.
// It reads MLIR's printed layout: a generic's header on one line, its
// body's block header `^bb0(...)`, one op per line, and the region closed
// by a line starting with `} -> `.
func countGenerics(ir string) KernelStats {
	var s KernelStats
	s.Copies = len(namedCopy.FindAllStringIndex(ir, -1))
	lines := strings.Split(ir, "\n")
	for i := 0; i < len(lines); i++ {
		header := lines[i]
		if !genericStart.MatchString(header) {
			continue
		}
		s.Generics++
		scalar := strings.Contains(header, "iterator_types = []")
		if scalar {
			s.Scalar++
		}
		outs := 0
		if _, rest, ok := strings.Cut(header, "outs("); ok {
			operands, _, _ := strings.Cut(rest, " : ")
			outs = len(strings.Split(operands, ","))
		}
		var blockArgs, body []string
		for i++; i < len(lines); i++ {
			line := strings.TrimSpace(lines[i])
			if strings.HasPrefix(line, "} -> ") || line == "}" {
				break
			}
			if strings.HasPrefix(line, "^bb0(") {
				for _, arg := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "^bb0("), "):"), ",") {
					name, _, _ := strings.Cut(strings.TrimSpace(arg), ":")
					blockArgs = append(blockArgs, name)
				}
				continue
			}
			if line != "" {
				body = append(body, line)
			}
		}
		if scalar || len(body) != 1 || !strings.HasPrefix(body[0], "linalg.yield ") {
			continue
		}
		yielded := valueName.FindString(body[0])
		for _, in := range blockArgs[:max(0, len(blockArgs)-outs)] {
			if in == yielded {
				s.Copies++
				break
			}
		}
	}
	return s
}
