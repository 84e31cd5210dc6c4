package pipeline

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestRoundTrip checks that valid pipelines parse and print back in
// canonical form.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"cse", "cse"},
		{"canonicalize,cse", "canonicalize,cse"},
		{"hlo-legalize-broadcasts", "hlo-legalize-broadcasts"},
		{"builtin.module(cse)", "builtin.module(cse)"},
		{"builtin.module()", "builtin.module()"},
		{"any(cse)", "any(cse)"},
		{"func.func(cse)", "func.func(cse)"},
		{
			"builtin.module(func.func(cse),canonicalize{max-iterations=3})",
			"builtin.module(func.func(cse),canonicalize{max-iterations=3})",
		},
		{
			"  builtin.module ( func.func ( cse ) , canonicalize { max-iterations = 3   region-simplify=false } )  ",
			"builtin.module(func.func(cse),canonicalize{max-iterations=3 region-simplify=false})",
		},
		{"canonicalize{}", "canonicalize"},
		{"canonicalize{ }", "canonicalize"},
		{"p{flag}", "p{flag}"},
		{"p{flag other=1}", "p{flag other=1}"},
		{"p{list=1,2,3}", "p{list=1,2,3}"},
		{"p{s=\"a b,c)\"}", "p{s=\"a b,c)\"}"},
		{"p{s='single quoted'}", "p{s='single quoted'}"},
		{`p{s="esc\"aped}"}`, `p{s="esc\"aped}"}`},
		{"p{n=-1.5e3}", "p{n=-1.5e3}"},
		{"p{g={a=1 b=[2, 3]}}", "p{g={a=1 b=[2, 3]}}"},
		{"p{g=[x,{y}]}", "p{g=[x,{y}]}"},
		{"p{g={}}", "p{g={}}"},
		{"p{anchor=func.func filter=arith,func}", "p{anchor=func.func filter=arith,func}"},
		{"a(b(c(d)),e),f", "a(b(c(d)),e),f"},
		{"builtin.module(\n  func.func(cse),\n  cse\n)", "builtin.module(func.func(cse),cse)"},
		{"", ""},
		{"   ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			elems, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if got := Format(elems); got != tc.want {
				t.Errorf("Format(Parse(%q)) = %q, want %q", tc.in, got, tc.want)
			}
			// The canonical form must itself be a fixed point.
			again, err := Parse(tc.want)
			if err != nil {
				t.Fatalf("Parse(canonical %q): %v", tc.want, err)
			}
			if got := Format(again); got != tc.want {
				t.Errorf("canonical form not stable: %q -> %q", tc.want, got)
			}
		})
	}
}

// TestStructure checks the parsed tree, options and offsets.
func TestStructure(t *testing.T) {
	text := "builtin.module(func.func(cse), canonicalize{max-iterations=3 region-simplify=false flag})"
	elems, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []Element{{
		Anchor: "builtin.module",
		Offset: 0,
		Nested: []Element{
			{Anchor: "func.func", Offset: 15, Nested: []Element{{Pass: "cse", Offset: 25}}},
			{Pass: "canonicalize", Offset: 31, Options: []Option{
				{Key: "max-iterations", Value: "3"},
				{Key: "region-simplify", Value: "false"},
				{Key: "flag"},
			}},
		},
	}}
	if !reflect.DeepEqual(elems, want) {
		t.Fatalf("Parse(%q) =\n%#v\nwant\n%#v", text, elems, want)
	}
	if got := elems[0].String(); got != "builtin.module(func.func(cse),canonicalize{max-iterations=3 region-simplify=false flag})" {
		t.Errorf("String() = %q", got)
	}
	if elems[0].IsPass() || !elems[0].Nested[1].IsPass() {
		t.Errorf("IsPass wrong")
	}
}

// TestUnquoted checks Option.Unquoted.
func TestUnquoted(t *testing.T) {
	tests := map[string]string{
		`3`:         `3`,
		`"a b"`:     `a b`,
		`'a "b"'`:   `a "b"`,
		`"x\"y\\z"`: `x"y\z`,
		`{a=1}`:     `{a=1}`,
		`"`:         `"`,
	}
	for in, want := range tests {
		if got := (Option{Key: "k", Value: in}).Unquoted(); got != want {
			t.Errorf("Unquoted(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestQuoteValue checks that QuoteValue's spelling of a value parses back
// to the value, and stays bare where it can.
func TestQuoteValue(t *testing.T) {
	for v, want := range map[string]string{
		"canonicalize":        "canonicalize",
		"-1":                  "-1",
		"a,b,c":               "a,b,c",
		"builtin.module(cse)": "builtin.module(cse)",
		"":                    `""`,
		"a b":                 `"a b"`,
		`x"y\z`:               `"x\"y\\z"`,
		"{a=1}":               `"{a=1}"`,
		"it's":                `"it's"`,
	} {
		q := QuoteValue(v)
		if q != want {
			t.Errorf("QuoteValue(%q) = %s, want %s", v, q, want)
		}
		elems, err := Parse("p{k=" + q + "}")
		if err != nil {
			t.Errorf("QuoteValue(%q) = %s does not parse: %v", v, q, err)
			continue
		}
		if got := elems[0].Options[0].Unquoted(); got != v {
			t.Errorf("QuoteValue(%q) = %s parses back as %q", v, q, got)
		}
	}
}

// TestErrors checks that invalid pipelines are rejected with the right
// offset and message.
func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string // substring of the message
	}{
		// Unbalanced parentheses.
		{"builtin.module(func.func(cse)", 29, "expected ')'"},
		{"a(b", 3, "expected ')'"},
		{"a)", 1, "unbalanced ')'"},
		{"a(b))", 4, "unbalanced ')'"},
		{"(a)", 0, "expected pass or op name"},
		// Empty names.
		{"a(,)", 2, "expected pass or op name"},
		{",a", 0, "expected pass or op name"},
		{"a,,b", 2, "expected pass or op name"},
		{"()", 0, "expected pass or op name"},
		// Trailing commas.
		{"a,", 2, "expected pass or op name"},
		{"a(b,)", 4, "expected pass or op name"},
		{"builtin.module(cse, )", 20, "expected pass or op name"},
		// Missing separator.
		{"a b", 2, "expected ','"},
		// Bad option syntax.
		{"a{=3}", 2, "expected option name"},
		{"a{b=}", 4, "expected option value"},
		{"a{b=3", 5, "expected '}'"},
		{"a{b==3}", 4, "expected option value"},
		{`a{b="open}`, 4, "unterminated string"},
		{"a{b=[c}}", 6, "expected ']' to close '['"},
		{"a{b={c]}", 6, "expected '}' to close '{'"},
		{"a{b=[c", 6, "expected '}' or ']'"},
		{"a{'x'=1}", 2, "expected option name or '}'"},
		{"a(b c)", 4, "expected ',' or ')'"},
		{"a{b=3 =4}", 6, "expected option name before '='"},
		{"a}", 1, "invalid character '}'"},
		{"a%", 1, "invalid character '%'"},
		{"a(b){x}", 4, "expected ',' before '{'"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			elems, err := Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want error", tc.in, Format(elems))
			}
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) error %T %v is not *Error", tc.in, err, err)
			}
			if perr.Offset != tc.offset {
				t.Errorf("Parse(%q) error offset %d, want %d (%v)", tc.in, perr.Offset, tc.offset, err)
			}
			if !strings.Contains(perr.Msg, tc.msg) {
				t.Errorf("Parse(%q) error %q, want message containing %q", tc.in, perr.Msg, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "pass pipeline:") {
				t.Errorf("Error() = %q, want pass pipeline: prefix", err.Error())
			}
		})
	}
}

// TestErrorFormat checks the Error() string, including line and column.
func TestErrorFormat(t *testing.T) {
	_, err := Parse("func.func(cse")
	if got, want := err.Error(), "pass pipeline:1:14: expected ')'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	_, err = Parse("builtin.module(\n  cse,\n  )")
	var perr *Error
	if !errors.As(err, &perr) || perr.Line != 3 || perr.Column != 3 {
		t.Errorf("multi-line error = %v, want line 3 column 3", err)
	}
}

// TestMustParse checks that MustParse panics on invalid input.
func TestMustParse(t *testing.T) {
	if got := Format(MustParse("func.func(cse)")); got != "func.func(cse)" {
		t.Errorf("MustParse = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("MustParse did not panic")
		}
	}()
	MustParse("a(")
}
