package driver

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMECompileExample runs the commands of README.md's "Compiling
// for the CPU" block as written (bcast-opt in-process, the others through
// sh, in a scratch directory that sees the repository's examples) and
// requires them to succeed without a word on stderr: no warning such as
// clang's -Woverride-module.
func TestREADMECompileExample(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeBlock(t, filepath.Join(root, "README.md"), "## Compiling for the CPU")
	if len(cmds) == 0 {
		t.Fatal("README.md has no commands under \"## Compiling for the CPU\"")
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(root, "examples"), filepath.Join(dir, "examples")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, line := range cmds {
		if rest, ok := strings.CutPrefix(line, "go run ./cmd/bcast-opt "); ok {
			status, _, stderr := runDriver(strings.Fields(rest), "")
			if status != 0 || stderr != "" {
				t.Errorf("%s: status %d, stderr:\n%s", line, status, stderr)
			}
			continue
		}
		tool := strings.Fields(line)[0]
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH", tool)
		}
		cmd := exec.Command("sh", "-c", line)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Errorf("%s: %v, stderr:\n%s", line, err, stderr.String())
		}
	}
}

// readmeBlock returns the command lines, comments stripped, of the first
// ```sh block after the heading in the markdown file path.
func readmeBlock(t *testing.T, path, heading string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	seen, in := false, false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		l := sc.Text()
		switch {
		case l == heading:
			seen = true
		case seen && !in && l == "```sh":
			in = true
		case in && l == "```":
			return cmds
		case in:
			if i := strings.Index(l, " #"); i >= 0 {
				l = l[:i]
			}
			if l = strings.TrimSpace(l); l != "" {
				cmds = append(cmds, l)
			}
		}
	}
	return cmds
}
