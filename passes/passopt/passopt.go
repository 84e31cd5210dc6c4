package passopt

import (
	"fmt"
	"strconv"

	"github.com/bcast-opt/bcast-opt/ir"
)

// Int parses an integer pass option, def when it is absent.
func Int(opts ir.PassOptions, name string, def int) (int, error) {
	s, ok := opts[name]
	if !ok {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("invalid value '%s' for option '%s': expected an integer", s, name)
	}
	return v, nil
}

// Bool parses a boolean pass option, def when it is absent; a bare flag
// means true.
func Bool(opts ir.PassOptions, name string, def bool) (bool, error) {
	s, ok := opts[name]
	if !ok {
		return def, nil
	}
	switch s {
	case "", "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("invalid value '%s' for option '%s': expected true or false", s, name)
}
