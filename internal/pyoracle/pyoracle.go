package pyoracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Run writes script and in (as JSON) into dir under name (name.py,
// name.json), runs python on them and decodes its standard output into
// out. A failing script's error carries its standard error.
func Run(python, dir, name, script string, in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	py, batch := filepath.Join(dir, name+".py"), filepath.Join(dir, name+".json")
	if err := os.WriteFile(py, []byte(script), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(batch, data, 0o644); err != nil {
		return err
	}
	cmd := exec.Command(python, py, batch)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", name, err, stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), out); err != nil {
		return fmt.Errorf("%s: decoding its output: %v", name, err)
	}
	return nil
}
