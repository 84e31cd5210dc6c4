package main

import (
	"os"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-run/runner"
)

func main() {
	os.Exit(runner.Main(os.Args[1:], os.Stdout, os.Stderr))
}
