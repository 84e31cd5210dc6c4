package litrun

import (
	"fmt"
	"strings"
)

// This file implements the small shell language of RUN lines: words with
// single/double quotes and backslash escapes, pipelines ("|"), command lists
// ("&&", "||", ";"), redirections and the "not" prefix. It deliberately does
// not implement variables, globbing, subshells or background jobs.

// tokKind classifies shell tokens.
type tokKind int

const (
	tokWord  tokKind = iota // an argument (quotes already removed)
	tokPipe                 // |
	tokAnd                  // &&
	tokOr                   // ||
	tokSemi                 // ;
	tokRedir                // >, >>, <, 2>, 2>&1, &>, ...
)

// token is one lexical element of a RUN line.
type token struct {
	kind  tokKind
	text  string   // word text, or the operator as written
	redir redirect // for tokRedir: fd and mode (target filled by the parser)
}

// redirMode is the kind of a redirection.
type redirMode int

const (
	redirWrite  redirMode = iota // fd > file
	redirAppend                  // fd >> file
	redirRead                    // fd < file
	redirDup                     // fd >& otherfd
	redirBoth                    // &> file (stdout and stderr)
)

// redirect is one redirection attached to a command.
type redirect struct {
	fd     int       // file descriptor being redirected (0, 1 or 2)
	mode   redirMode // what to do with it
	target string    // file name for file redirections
	dupFd  int       // source descriptor for redirDup
}

// command is one simple command of a pipeline.
type command struct {
	args   []string   // program name and arguments, with "not" stripped
	redirs []redirect // redirections in source order
	nots   int        // number of leading "not" prefixes
	crash  bool       // "not --crash": succeed iff the command crashes
}

// pipeline is a sequence of commands connected with "|".
type pipeline struct {
	cmds []command
}

// cmdList is a sequence of pipelines joined by "&&", "||" or ";".
// ops[i] joins pipes[i] and pipes[i+1].
type cmdList struct {
	pipes []pipeline
	ops   []tokKind
}

// lexShell splits a RUN line into tokens.
func lexShell(s string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '|':
			if strings.HasPrefix(s[i:], "||") {
				toks = append(toks, token{kind: tokOr, text: "||"})
				i += 2
			} else {
				toks = append(toks, token{kind: tokPipe, text: "|"})
				i++
			}
		case c == ';':
			toks = append(toks, token{kind: tokSemi, text: ";"})
			i++
		case c == '&':
			switch {
			case strings.HasPrefix(s[i:], "&&"):
				toks = append(toks, token{kind: tokAnd, text: "&&"})
				i += 2
			case strings.HasPrefix(s[i:], "&>"):
				toks = append(toks, token{kind: tokRedir, text: "&>", redir: redirect{fd: 1, mode: redirBoth}})
				i += 2
			default:
				return nil, fmt.Errorf("background jobs ('&') are not supported")
			}
		case c == '<' || c == '>':
			t, n, err := lexRedir(s[i:], -1)
			if err != nil {
				return nil, err
			}
			toks = append(toks, t)
			i += n
		default:
			// A run of digits directly followed by '<' or '>' is a file
			// descriptor, as in 2>&1.
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j > i && j < len(s) && (s[j] == '<' || s[j] == '>') {
				fd := 0
				fmt.Sscan(s[i:j], &fd)
				t, n, err := lexRedir(s[j:], fd)
				if err != nil {
					return nil, err
				}
				t.text = s[i:j] + t.text
				toks = append(toks, t)
				i = j + n
				continue
			}
			w, n, err := lexWord(s[i:])
			if err != nil {
				return nil, err
			}
			toks = append(toks, token{kind: tokWord, text: w})
			i += n
		}
	}
	return toks, nil
}

// lexRedir lexes a redirection operator at the start of s ('<' or '>').
// fd is the explicit descriptor, or -1 for the default. It returns the token
// and the number of bytes consumed.
func lexRedir(s string, fd int) (token, int, error) {
	if s[0] == '<' {
		if fd < 0 {
			fd = 0
		}
		return token{kind: tokRedir, text: "<", redir: redirect{fd: fd, mode: redirRead}}, 1, nil
	}
	if fd < 0 {
		fd = 1
	}
	switch {
	case strings.HasPrefix(s, ">>"):
		return token{kind: tokRedir, text: ">>", redir: redirect{fd: fd, mode: redirAppend}}, 2, nil
	case strings.HasPrefix(s, ">&"):
		if len(s) < 3 || (s[2] != '1' && s[2] != '2') {
			return token{}, 0, fmt.Errorf("unsupported redirection %q (only >&1 and >&2)", s[:min(len(s), 3)])
		}
		r := redirect{fd: fd, mode: redirDup, dupFd: int(s[2] - '0')}
		return token{kind: tokRedir, text: s[:3], redir: r}, 3, nil
	}
	return token{kind: tokRedir, text: ">", redir: redirect{fd: fd, mode: redirWrite}}, 1, nil
}

// lexWord lexes one word at the start of s, removing quotes and escapes. It
// returns the word and the number of bytes consumed.
func lexWord(s string) (string, int, error) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		switch c {
		case ' ', '\t', '\n', '\r', '|', '&', ';', '<', '>':
			return b.String(), i, nil
		case '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return "", 0, fmt.Errorf("unterminated single quote")
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 2
		case '"':
			i++
			closed := false
			for i < len(s) {
				if s[i] == '"' {
					closed = true
					i++
					break
				}
				// Inside double quotes a backslash only escapes these
				// characters, as in POSIX sh.
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				b.WriteByte(s[i])
				i++
			}
			if !closed {
				return "", 0, fmt.Errorf("unterminated double quote")
			}
		case '\\':
			if i+1 >= len(s) {
				return "", 0, fmt.Errorf("trailing backslash")
			}
			b.WriteByte(s[i+1])
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), i, nil
}

// parseShell parses a (substituted) RUN line into a command list.
func parseShell(s string) (*cmdList, error) {
	toks, err := lexShell(s)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	list := &cmdList{}
	p := pipeline{}
	cur := command{}
	// finishCmd closes the current command; op names the following operator
	// for error messages.
	finishCmd := func(op string) error {
		if len(cur.args) == 0 {
			if len(cur.redirs) > 0 || cur.nots > 0 {
				return fmt.Errorf("missing command before %s", op)
			}
			return fmt.Errorf("unexpected %s", op)
		}
		if err := stripNot(&cur); err != nil {
			return err
		}
		p.cmds = append(p.cmds, cur)
		cur = command{}
		return nil
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tokWord:
			cur.args = append(cur.args, t.text)
		case tokRedir:
			r := t.redir
			if r.mode != redirDup {
				if i+1 >= len(toks) || toks[i+1].kind != tokWord {
					return nil, fmt.Errorf("missing file name after %q", t.text)
				}
				i++
				r.target = toks[i].text
			}
			cur.redirs = append(cur.redirs, r)
		case tokPipe:
			if err := finishCmd("'|'"); err != nil {
				return nil, err
			}
		default: // &&, ||, ;
			if err := finishCmd(fmt.Sprintf("'%s'", t.text)); err != nil {
				return nil, err
			}
			list.pipes = append(list.pipes, p)
			list.ops = append(list.ops, t.kind)
			p = pipeline{}
		}
	}
	if err := finishCmd("end of line"); err != nil {
		return nil, err
	}
	list.pipes = append(list.pipes, p)
	return list, nil
}

// stripNot removes leading "not" and "not --crash" prefixes from c.args,
// recording them in c.nots and c.crash.
func stripNot(c *command) error {
	for len(c.args) > 0 && c.args[0] == "not" {
		c.args = c.args[1:]
		c.nots++
		if len(c.args) > 0 && c.args[0] == "--crash" {
			c.args = c.args[1:]
			c.crash = true
		}
	}
	if len(c.args) == 0 {
		return fmt.Errorf("'not' without a command")
	}
	return nil
}

// shellQuote renders args for display, quoting words that need it so the
// result can be pasted into a POSIX shell.
func shellQuote(args []string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
				strings.ContainsRune("-_./=:,+@%^", r))
		}) < 0 {
			parts[i] = a
			continue
		}
		parts[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(parts, " ")
}

// substitute expands lit substitutions in a RUN line: %s, %S, %p, %t, %T
// and %%. Unknown %-sequences are left untouched.
func substitute(s string, subs map[byte]string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) {
			if s[i+1] == '%' {
				b.WriteByte('%')
				i++
				continue
			}
			if v, ok := subs[s[i+1]]; ok {
				b.WriteString(v)
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
