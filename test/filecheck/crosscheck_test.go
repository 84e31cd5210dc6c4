package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// llvmTool is an installed LLVM FileCheck binary.
type llvmTool struct {
	path  string
	major int
}

var llvmCandidates = []string{
	"FileCheck-19", "/usr/lib/llvm-19/bin/FileCheck",
	"FileCheck",
	"FileCheck-14", "/usr/lib/llvm-14/bin/FileCheck",
}

// findLLVM returns one FileCheck per LLVM major version found.
func findLLVM() []llvmTool {
	var tools []llvmTool
	seen := map[int]bool{}
	versionRE := regexp.MustCompile(`LLVM version (\d+)`)
	for _, name := range llvmCandidates {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		out, _ := exec.Command(path, "--version").CombinedOutput()
		m := versionRE.FindSubmatch(out)
		if m == nil {
			continue
		}
		major, _ := strconv.Atoi(string(m[1]))
		if !seen[major] {
			seen[major] = true
			tools = append(tools, llvmTool{path, major})
		}
	}
	return tools
}

// normalize drops the line echoing the command line, which names the binary.
func normalize(diag string) string {
	var keep []string
	for _, l := range strings.SplitAfter(diag, "\n") {
		if !strings.HasPrefix(l, "FileCheck command line:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// TestCrossCheck runs every table case through each installed LLVM
// FileCheck and requires the same exit status. With LLVM 19, whose messages
// this package reproduces, the diagnostics must also be identical unless
// the case documents a wording difference.
func TestCrossCheck(t *testing.T) {
	tools := findLLVM()
	if len(tools) == 0 {
		msg := fmt.Sprintf("no LLVM FileCheck found (looked for %s)", strings.Join(llvmCandidates, ", "))
		if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
			t.Fatal(msg + " and BCAST_REQUIRE_TOOLS=1")
		}
		t.Skip(msg + "; install llvm-19-tools or set BCAST_REQUIRE_TOOLS=1 to make this a failure")
	}
	for _, tool := range tools {
		t.Run(fmt.Sprintf("llvm%d", tool.major), func(t *testing.T) {
			compared, exact, skipped := 0, 0, 0
			for _, c := range cases {
				if c.llvmDiffers != "" || c.minLLVM > tool.major {
					skipped++
					continue
				}
				compared++
				t.Run(c.name, func(t *testing.T) {
					code, diag, args := runCase(t, c)
					cmd := exec.Command(tool.path, args...)
					cmd.Stdin = strings.NewReader(c.input)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					lcode := 0
					if err := cmd.Run(); err != nil {
						var ee *exec.ExitError
						if !errors.As(err, &ee) || ee.ExitCode() < 0 {
							t.Fatalf("running %s: %v", tool.path, err)
						}
						lcode = ee.ExitCode()
					}
					if (code == 0) != (lcode == 0) || code != lcode {
						t.Fatalf("exit status %d, LLVM %d: %d\nours:\n%s\nLLVM:\n%s", code, tool.major, lcode, diag, stderr.String())
					}
					if tool.major == 19 && c.msgDiffers == "" {
						exact++
						if got, want := normalize(diag), normalize(stderr.String()); got != want {
							t.Errorf("diagnostics differ from LLVM 19\nours:\n%s\nLLVM:\n%s", got, want)
						}
					}
				})
			}
			t.Logf("%s (LLVM %d): %d cases compared (%d with identical diagnostics), %d skipped as documented differences",
				filepath.Base(tool.path), tool.major, compared, exact, skipped)
		})
	}
}
