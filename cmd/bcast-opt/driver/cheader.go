package driver

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bcast-opt/bcast-opt/ir"
)

// This file names the include guard of --emit=c-header. One fixed macro
// would make a C file that includes two generated headers silently drop
// the second, so the guard comes from what names the header: --header-guard,
// else the output file (-o foo_kernels.h: FOO_KERNELS_H), else the module's
// name (module @jit_f: JIT_F_H), else the input file's (model.mlir:
// MODEL_H), else, for an anonymous module on stdin, BCAST_KERNELS_H.

// defaultHeaderGuard is the guard of a header with nothing to name it after.
const defaultHeaderGuard = "BCAST_KERNELS_H"

// headerGuard returns the include guard for the header of mod.
func headerGuard(o *options, mod *ir.Operation) string {
	switch {
	case o.headerGuard != "":
		return o.headerGuard
	case o.output != "" && o.output != "-":
		return guardFrom(filepath.Base(o.output))
	}
	if s, ok := mod.Attr("sym_name").(*ir.StringAttr); ok && s.Value != "" {
		return guardFrom(s.Value) + "_H"
	}
	if o.input != "-" && o.input != "" {
		base := filepath.Base(o.input)
		return guardFrom(strings.TrimSuffix(base, filepath.Ext(base))) + "_H"
	}
	return defaultHeaderGuard
}

// guardFrom turns a name into a macro name: upper case, every character
// that cannot be in a C identifier an underscore, and an H_ in front of a
// leading digit.
func guardFrom(name string) string {
	b := []byte(strings.ToUpper(name))
	for i, c := range b {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		b = append([]byte("H_"), b...)
	}
	return string(b)
}

// checkHeaderGuard reports a --header-guard that is not a C identifier.
func checkHeaderGuard(g string) error {
	ok := g != ""
	for i, c := range []byte(g) {
		ok = ok && (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || i > 0 && c >= '0' && c <= '9')
	}
	if g != "" && !ok {
		return fmt.Errorf("--header-guard=%q is not a C identifier", g)
	}
	return nil
}
