// Command bcast-opt is the opt-style driver: it reads MLIR text, runs the
// passes named by its flags, and writes the result. See package driver.
package main

import (
	"os"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
)

func main() {
	driver.TuneGC()
	os.Exit(driver.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
