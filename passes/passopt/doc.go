// Package passopt parses the values of pass options (ir.PassOptions) with
// MLIR's error messages. It is shared by the generic passes (../) and the
// dialects' transforms (dialects/*/transforms), which must not import
// package passes: passes imports them, so that naming a pass in a pipeline
// registers it.
//
// The package owns option parsing only (Int, Bool); it must not import
// anything but the IR core.
package passopt
