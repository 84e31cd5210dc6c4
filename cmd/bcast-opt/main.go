package main

import (
	"os"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
)

func main() {
	driver.TuneGC()
	os.Exit(driver.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
