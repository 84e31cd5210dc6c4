package layering

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

// module is the module path; packages outside it are not checked.
const module = "github.com/bcast-opt/bcast-opt"

// levels are the pipeline order of the module's packages (doc.go), first
// to last. A package belongs to the level of the longest prefix (a path,
// or a path and everything under it) that matches its import path,
// relative to the module. A level with onlyFrom set holds passes: other
// packages reach them by name through the pass registry, and only the
// levels listed import them (to register them), so no pass package
// imports another and LLVM emission imports none.
var levels = []struct {
	name     string
	prefixes []string
	onlyFrom []string
}{
	{"ir", []string{"ir", "passes/passopt", "passes/passtest", "passes/pipeline", "npy", "internal/didyoumean", "internal/pyoracle"}, nil},
	{"dialects", []string{"dialects", "internal/testdialect"}, nil},
	{"interp", []string{"interp"}, nil},
	{"hlo transforms", []string{"dialects/hlo/transforms", "dialects/shape/transforms"}, passUsers},
	{"conversion", []string{"lower"}, passUsers},
	{"linalg transforms", []string{"dialects/linalg/transforms"}, passUsers},
	{"pipelines", []string{"passes"}, nil},
	{"llvm", []string{"lower/llvm"}, nil},
	{"all", []string{"all"}, nil},
	{"front door", []string{"compiler"}, nil},
	{"tools", []string{"cmd", "bench", "test", "examples", "internal/irgen", "internal/layering", "internal/pipelinehtml"}, nil},
}

// passUsers are the levels that may import a package of passes.
var passUsers = []string{"pipelines", "all", "front door", "tools"}

// dialectLives says, for a dialect, the last level whose IR holds its
// ops: a pipeline package after it (before the tools) must not import
// the dialect.
var dialectLives = map[string]string{
	"dialects/hlo": "linalg transforms", // linalg-version-broadcasts removes the last hlo.dynamic_broadcast_in_dim
}

// allowed are the known violations, each with the reason it is allowed
// for now. The list must only shrink.
var allowed = map[string]string{}

// pkg is one package of `go list -json`: its path and direct imports.
type pkg struct {
	ImportPath string
	Imports    []string
}

// level returns the index in levels of the package at path (relative to
// the module), or -1.
func level(path string) int {
	best, bestLen := -1, -1
	for i, l := range levels {
		for _, p := range l.prefixes {
			if (path == p || strings.HasPrefix(path, p+"/")) && len(p) > bestLen {
				best, bestLen = i, len(p)
			}
		}
	}
	return best
}

func levelIndex(name string) int {
	for i, l := range levels {
		if l.name == name {
			return i
		}
	}
	panic("no level " + name)
}

// check returns the violations in pkgs (paths relative to the module):
// a package with no level, an import of a later level, an import of a
// dialect by a pipeline package after the dialect's last level; allowed
// violations are left out, and an allowed entry that is not a violation
// any more is reported too, so that the list shrinks.
func check(pkgs []pkg, allowed map[string]string) []string {
	var bad []string
	seen := map[string]bool{}
	tools := levelIndex("all")
	for _, p := range pkgs {
		from := level(p.ImportPath)
		if from < 0 {
			bad = append(bad, fmt.Sprintf("%s has no place in the pipeline order: add it to levels (internal/layering)", p.ImportPath))
			continue
		}
		for _, imp := range p.Imports {
			to := level(imp)
			if to < 0 {
				continue // reported as a package of its own
			}
			edge := p.ImportPath + " -> " + imp
			var why string
			switch {
			case to > from:
				why = fmt.Sprintf("%s (%s) imports %s, which is later in the pipeline (%s)", p.ImportPath, levels[from].name, imp, levels[to].name)
			case levels[to].onlyFrom != nil && from != to && !slices.Contains(levels[to].onlyFrom, levels[from].name):
				why = fmt.Sprintf("%s (%s) imports %s, a package of passes (%s), which only %s import", p.ImportPath, levels[from].name, imp, levels[to].name, strings.Join(levels[to].onlyFrom, ", "))
			case dialectLives[imp] != "" && from > levelIndex(dialectLives[imp]) && from < tools:
				why = fmt.Sprintf("%s (%s) imports %s, whose ops are gone from the IR after the %s", p.ImportPath, levels[from].name, imp, dialectLives[imp])
			default:
				continue
			}
			if _, ok := allowed[edge]; ok {
				seen[edge] = true
				continue
			}
			bad = append(bad, why)
		}
	}
	for edge := range allowed {
		if !seen[edge] {
			bad = append(bad, fmt.Sprintf("%s is allowed but no longer a violation: remove it from allowed", edge))
		}
	}
	sort.Strings(bad)
	return bad
}

// modulePackages returns the module's packages and their imports of
// module packages, paths relative to the module, from `go list -deps
// -json ./...` run at the module root.
func modulePackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		rel, ok := relative(p.ImportPath)
		if !ok {
			continue
		}
		q := pkg{ImportPath: rel}
		for _, imp := range p.Imports {
			if r, ok := relative(imp); ok {
				q.Imports = append(q.Imports, r)
			}
		}
		pkgs = append(pkgs, q)
	}
	return pkgs
}

// relative returns path relative to the module, and whether it is in it.
func relative(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

// TestNoImportAgainstThePipeline is issue 13's acceptance check on the
// module as it is.
func TestNoImportAgainstThePipeline(t *testing.T) {
	pkgs := modulePackages(t)
	if len(pkgs) < 30 {
		t.Fatalf("go list found %d packages of the module; is it run at the module root?", len(pkgs))
	}
	for _, v := range check(pkgs, allowed) {
		t.Error(v)
	}
}

// TestCheckFindsViolations gives the check import graphs with one
// violation each, and one with none.
func TestCheckFindsViolations(t *testing.T) {
	cases := []struct {
		name    string
		pkgs    []pkg
		allowed map[string]string
		want    string // "" for no violation
	}{
		{"the pipeline's direction",
			[]pkg{{"dialects/linalg/transforms", []string{"dialects/hlo", "dialects/linalg", "ir"}}, {"lower", []string{"dialects/hlo", "dialects/linalg"}}},
			nil, ""},
		{"a linalg transform importing the conversion",
			[]pkg{{"dialects/linalg/transforms", []string{"lower"}}},
			nil, "dialects/linalg/transforms (linalg transforms) imports lower, a package of passes (conversion), which only pipelines, all, front door, tools import"},
		{"a transform importing another level's transforms",
			[]pkg{{"dialects/linalg/transforms", []string{"dialects/hlo/transforms"}}},
			nil, "dialects/linalg/transforms (linalg transforms) imports dialects/hlo/transforms, a package of passes (hlo transforms)"},
		{"a dialect importing a transform",
			[]pkg{{"dialects/hlo", []string{"dialects/hlo/transforms"}}},
			nil, "dialects/hlo (dialects) imports dialects/hlo/transforms, which is later"},
		{"a transform importing the pipelines",
			[]pkg{{"dialects/shape/transforms", []string{"passes"}}},
			nil, "dialects/shape/transforms (hlo transforms) imports passes, which is later"},
		{"a dialect importing the interpreter",
			[]pkg{{"dialects/math", []string{"interp"}}},
			nil, "dialects/math (dialects) imports interp, which is later"},
		{"LLVM emission importing a conversion",
			[]pkg{{"lower/llvm", []string{"lower"}}},
			nil, "lower/llvm (llvm) imports lower, a package of passes (conversion)"},
		{"LLVM emission importing a transform",
			[]pkg{{"lower/llvm", []string{"dialects/linalg/transforms"}}},
			nil, "lower/llvm (llvm) imports dialects/linalg/transforms, a package of passes"},
		{"the pipelines importing every pass",
			[]pkg{{"passes", []string{"dialects/hlo/transforms", "dialects/shape/transforms", "lower", "dialects/linalg/transforms", "passes/passopt"}}},
			nil, ""},
		{"LLVM emission importing the hlo dialect",
			[]pkg{{"lower/llvm", []string{"dialects/hlo", "dialects/linalg"}}},
			nil, "lower/llvm (llvm) imports dialects/hlo, whose ops are gone from the IR after the linalg transforms"},
		{"the pipelines importing the hlo dialect",
			[]pkg{{"passes", []string{"dialects/hlo"}}},
			nil, "passes (pipelines) imports dialects/hlo, whose ops are gone"},
		{"a tool importing anything",
			[]pkg{{"cmd/bcast-opt/driver", []string{"all", "dialects/hlo", "lower/llvm", "compiler"}}, {"test/randprog", []string{"interp", "dialects/hlo"}}},
			nil, ""},
		{"an allowed violation",
			[]pkg{{"lower/llvm", []string{"dialects/hlo"}}},
			map[string]string{"lower/llvm -> dialects/hlo": "for now"}, ""},
		{"an allowed violation that is gone",
			[]pkg{{"lower/llvm", []string{"dialects/linalg"}}},
			map[string]string{"lower/llvm -> dialects/hlo": "for now"}, "lower/llvm -> dialects/hlo is allowed but no longer a violation"},
		{"a package with no level",
			[]pkg{{"frontend", []string{"ir"}}},
			nil, "frontend has no place in the pipeline order"},
	}
	for _, c := range cases {
		got := check(c.pkgs, c.allowed)
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: unexpected violations %q", c.name, got)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0], c.want)):
			t.Errorf("%s: got %q, want one violation containing %q", c.name, got, c.want)
		}
	}
}

// TestLevelOfEveryPrefixIsItsOwn checks the table: the most specific
// prefix wins (dialects/hlo/transforms is not a dialect, lower/llvm is
// not the conversion).
func TestLevelOfEveryPrefixIsItsOwn(t *testing.T) {
	for i, l := range levels {
		for _, p := range l.prefixes {
			if got := level(p); got != i {
				t.Errorf("level(%q) = %s, want %s", p, levels[got].name, l.name)
			}
		}
	}
	for path, want := range map[string]string{
		"dialects/hlo": "dialects", "dialects/hlo/transforms": "hlo transforms", "lower/llvm/llprint": "llvm",
		"lower": "conversion", "passes/pipeline": "ir", "cmd/bcast-opt/driver": "tools",
	} {
		if got := level(path); got < 0 || levels[got].name != want {
			t.Errorf("level(%q) = %d, want %s", path, got, want)
		}
	}
}
