package driver

import (
	"fmt"
	"io"

	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/passes/pipeline"
)

// This file converts between --pass-pipeline text and the pass manager's
// entries, both ways: pipelineEntries reads the flag, dumpPipeline
// (--dump-pass-pipeline) prints the entries that will run, whichever
// flags gave them, as text that pipelineEntries reads back to the same
// entries. The syntax itself is package pipeline's.

// pipelineEntries converts a --pass-pipeline string to pass manager entries.
func pipelineEntries(text string) ([]ir.PassEntry, error) {
	elems, err := pipeline.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("invalid --pass-pipeline: %v", err)
	}
	// An anchored builtin.module(...) pipeline runs on the module itself.
	if len(elems) == 1 && elems[0].Anchor == "builtin.module" {
		elems = elems[0].Nested
	}
	return convertElements(elems)
}

func convertElements(elems []pipeline.Element) ([]ir.PassEntry, error) {
	var out []ir.PassEntry
	for _, e := range elems {
		if e.Anchor != "" {
			nested, err := convertElements(e.Nested)
			if err != nil {
				return nil, err
			}
			out = append(out, ir.PassEntry{Anchor: e.Anchor, Nested: nested})
			continue
		}
		opts := ir.PassOptions{}
		for _, op := range e.Options {
			opts[op.Key] = op.Unquoted()
		}
		pe, err := newPassEntry(e.Pass, opts)
		if err != nil {
			return nil, withPrefix("invalid --pass-pipeline: ", err)
		}
		out = append(out, pe)
	}
	return out, nil
}

// dumpPipeline writes the pipeline of entries as mlir-opt's
// --dump-pass-pipeline does: a count of the passes (a nested pipeline
// counts one), then the pipeline in --pass-pipeline syntax with every
// option of every pass, defaults included, so that it can be copied,
// edited and run.
func dumpPipeline(w io.Writer, entries []ir.PassEntry) {
	elems := entryElements(entries)
	fmt.Fprintf(w, "Pass Manager with %d passes:\n%s\n\n", len(elems),
		pipeline.Element{Anchor: "builtin.module", Nested: elems}.String())
}

// entryElements converts entries to pipeline elements: a run of
// consecutive passes anchored on the same op (a named pipeline's
// per-function steps) becomes one nested pipeline, as the pass manager
// runs them.
func entryElements(entries []ir.PassEntry) []pipeline.Element {
	var out []pipeline.Element
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		switch {
		case e.Pass == nil:
			out = append(out, pipeline.Element{Anchor: e.Anchor, Nested: entryElements(e.Nested)})
		case e.Anchor != "":
			j := i + 1
			for j < len(entries) && entries[j].Pass != nil && entries[j].Anchor == e.Anchor {
				j++
			}
			group := make([]ir.PassEntry, j-i)
			for k, g := range entries[i:j] {
				group[k] = ir.PassEntry{Pass: g.Pass, Options: g.Options}
			}
			out = append(out, pipeline.Element{Anchor: e.Anchor, Nested: entryElements(group)})
			i = j - 1
		default:
			el := pipeline.Element{Pass: e.Pass.Name}
			for _, o := range e.Pass.Options {
				v, set := e.Options[o.Name]
				if !set {
					v = o.Default
				}
				if v == "" && !set {
					continue
				}
				el.Options = append(el.Options, pipeline.Option{Key: o.Name, Value: pipeline.QuoteValue(v)})
			}
			out = append(out, el)
		}
	}
	return out
}

// newPassEntry is ir.NewPassEntry with a "did you mean" suggestion for a
// pass or option name that is not registered.
func newPassEntry(name string, opts ir.PassOptions) (ir.PassEntry, error) {
	e, err := ir.NewPassEntry(name, opts)
	if err == nil {
		return e, nil
	}
	p := ir.LookupPass(name)
	if p == nil {
		var names []string
		for _, q := range ir.RegisteredPasses() {
			names = append(names, q.Name)
		}
		return e, suggest(err, name, names, "")
	}
	var names []string
	for _, o := range p.Options {
		names = append(names, o.Name)
	}
	for k := range opts {
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			return e, suggest(err, k, names, "")
		}
	}
	return e, err
}

// withPrefix prefixes an error's message, keeping its suggestion.
func withPrefix(prefix string, err error) error {
	if s, ok := err.(*suggestionError); ok {
		return &suggestionError{err: fmt.Errorf("%s%v", prefix, s.err), suggestion: s.suggestion}
	}
	return fmt.Errorf("%s%v", prefix, err)
}
