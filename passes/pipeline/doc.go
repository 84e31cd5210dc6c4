// Package pipeline parses MLIR textual pass pipelines, the strings given to
// mlir-opt (and bcast-opt) with --pass-pipeline=...
//
// The accepted syntax is MLIR's:
//
//	pipeline      ::= op-anchor `(` element-list? `)` | element-list
//	element-list  ::= element (`,` element)*
//	element       ::= op-anchor `(` element-list? `)`   // nested pipeline, e.g. func.func(cse)
//	                | pass-name options?                 // e.g. canonicalize{max-iterations=3}
//	options       ::= `{` (key (`=` value)?)* `}`
//
// Op anchors and pass names consist of letters, digits, '_', '.' and '-'
// (builtin.module, func.func, any, hlo-legalize-broadcasts). Option keys are
// separated by whitespace; option values may be bare words (which may contain
// commas, as in list options "a,b,c"), numbers, single or double quoted
// strings, or {...} / [...] groups, which may nest and are kept as raw text.
// Whitespace is allowed between tokens.
//
// Parsing is implemented with a small declarative participle grammar (see
// grammar.go). Parse returns the top-level element list; an anchored pipeline
// such as "builtin.module(func.func(cse))" yields a single Element whose
// Anchor is "builtin.module". Element.String and Format print the canonical
// form, so Format(Parse(s)) normalizes whitespace and drops empty option
// blocks:
//
//	elems, err := pipeline.Parse("builtin.module( func.func(cse), canonicalize{ max-iterations=3 } )")
//	// err == nil
//	// elems[0].String() == "builtin.module(func.func(cse),canonicalize{max-iterations=3})"
//
// Syntax errors are reported as *Error values carrying the byte offset of the
// problem, formatted like "pass pipeline:1:12: expected ')'".
package pipeline
