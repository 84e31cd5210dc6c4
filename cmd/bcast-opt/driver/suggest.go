package driver

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bcast-opt/bcast-opt/internal/didyoumean"
)

// This file suggests the flag, pass or pass option a misspelled name was
// meant to be, as mlir-opt does for its flags:
//
//	bcast-opt: unknown flag: --canonicalise
//	bcast-opt: did you mean '--canonicalize'?

// suggestionError is an error about a name that is not known, with the
// known name it is closest to. Main prints the suggestion on a line of its
// own after the error.
type suggestionError struct {
	err        error
	suggestion string
}

func (e *suggestionError) Error() string { return e.err.Error() }

func (e *suggestionError) Unwrap() error { return e.err }

// suggest returns err with the candidate closest to name, spelled with
// prefix ("--" for a flag), or err alone if no candidate is close enough.
func suggest(err error, name string, candidates []string, prefix string) error {
	if c := didyoumean.Closest(name, candidates); c != "" {
		return &suggestionError{err: err, suggestion: prefix + c}
	}
	return err
}

// flagError is the command's flag error function: an unknown long flag
// gets the registered flag (a pass flag included) it is closest to.
func flagError(cmd *cobra.Command, err error) error {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) || !strings.HasPrefix(err.Error(), "unknown flag: ") {
		return err
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	return suggest(err, unknown.GetSpecifiedName(), names, "--")
}
