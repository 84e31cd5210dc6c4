package pipeline

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// pipelineLexer returns the lexer that tokenizes pass pipeline text. It is stateful because the
// token set inside an options block differs from the one outside: option
// values may contain characters such as ',' that separate elements at the
// pipeline level, and nested {...}/[...] groups inside values are kept as
// raw text.
func pipelineLexer() *lexer.StatefulDefinition {
	return lexer.MustStateful(lexer.Rules{
		"Root": {
			{Name: "whitespace", Pattern: `\s+`},
			{Name: "Name", Pattern: `[A-Za-z0-9_.\-]+`},
			{Name: "Punct", Pattern: `[(),]`},
			{Name: "OptOpen", Pattern: `\{`, Action: lexer.Push("Options")},
		},
		"Options": {
			{Name: "whitespace", Pattern: `\s+`},
			{Name: "OptClose", Pattern: `\}`, Action: lexer.Pop()},
			{Name: "Eq", Pattern: `=`},
			{Name: "String", Pattern: `"(\\.|[^"\\])*"|'[^']*'`},
			{Name: "GroupOpen", Pattern: `[{\[]`, Action: lexer.Push("Group")},
			{Name: "Word", Pattern: `[^\s{}\[\]="']+`},
		},
		"Group": {
			{Name: "String", Pattern: `"(\\.|[^"\\])*"|'[^']*'`},
			{Name: "GroupOpen", Pattern: `[{\[]`, Action: lexer.Push("Group")},
			{Name: "GroupClose", Pattern: `[}\]]`, Action: lexer.Pop()},
			{Name: "GroupText", Pattern: `[^{}\[\]"']+`},
		},
	})
}

// gPipeline is the grammar root: a possibly empty, comma separated list of
// elements. An anchored pipeline such as builtin.module(...) is simply a list
// holding one nested element.
type gPipeline struct {
	Elems []*gElement `parser:"( @@ ( ',' @@ )* )?"`
}

// gElement is a pass (Name with optional options) or a nested pipeline
// (Name followed by a parenthesized element list).
type gElement struct {
	Pos     lexer.Position
	Name    string    `parser:"@Name"`
	Nested  *gNested  `parser:"( @@"`
	Options *gOptions `parser:"| @@ )?"`
}

// gNested is the parenthesized body of an anchored element.
type gNested struct {
	Open  bool        `parser:"@'('"`
	Elems []*gElement `parser:"( @@ ( ',' @@ )* )? ')'"`
}

// gOptions is the {...} options block of a pass.
type gOptions struct {
	Open bool       `parser:"@'{'"`
	Opts []*gOption `parser:"@@* '}'"`
}

// gOption is one key or key=value entry of an options block.
type gOption struct {
	Pos   lexer.Position
	Key   string  `parser:"@Word"`
	Value *gValue `parser:"( '=' @@ )?"`
}

// gValue is an option value. Its source text is recovered from Tokens so
// that strings and nested groups are kept verbatim.
type gValue struct {
	Tokens []lexer.Token
	Text   string  `parser:"@(String | Word)"`
	Group  *gGroup `parser:"| @@"`
}

// gGroup is a {...} or [...] group inside an option value.
type gGroup struct {
	Tokens []lexer.Token
	Open   string   `parser:"@('{' | '[')"`
	Items  []*gItem `parser:"@@*"`
	Close  string   `parser:"@('}' | ']')"`
}

// gItem is one piece of a group: raw text, a string, or a nested group.
type gItem struct {
	Text  string  `parser:"@(GroupText | String)"`
	Group *gGroup `parser:"| @@"`
}

// parser returns the participle parser for the grammar above. It is
// built on first use: building it costs more than the rest of
// bcast-opt's start-up, and most runs parse no --pass-pipeline.
var parser = sync.OnceValue(func() *participle.Parser[gPipeline] {
	return participle.MustBuild[gPipeline](
		participle.Lexer(pipelineLexer()),
		participle.UseLookahead(2),
	)
})
