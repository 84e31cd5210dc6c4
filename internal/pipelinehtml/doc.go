// Package pipelinehtml writes bcast-opt's --dump-html page: the IR after
// every pass of a pipeline as one self-contained HTML file (inline CSS and
// JavaScript, nothing fetched), in the spirit of Go's GOSSAFUNC ssa.html.
// The input is the first column, then one column per pass that changed
// the IR, each with the lines the pass added or changed marked and the
// pass's wall time in its header; passes that changed nothing are listed,
// collapsed; the LLVM IR comes last when there is one.
//
// A Recorder is the pass manager's AfterPass hook: it prints the module
// (or one function of it) with locations after each pass, keeps the text
// of each line and the location of the op on it, and Write diffs each
// column against the one before (an LCS over lines) and writes the page.
// The page matches ops across columns by their locations (data-loc) and
// SSA names within a column by their text; columns are built into DOM
// only when scrolled into view, so a function of 10k ops opens at once.
//
// It owns the page's format and its scripts. It must not run passes
// itself or hold a list of them: the driver (cmd/bcast-opt/driver) builds
// the pipeline and installs the hook.
package pipelinehtml
