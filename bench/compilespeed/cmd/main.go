// Command cmd prints the "Compile speed" section of the benchmark report
// (package bench/compilespeed) on its own:
//
//	go run ./bench/compilespeed/cmd [-root DIR] [-quick]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/bcast-opt/bcast-opt/bench/compilespeed"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	quick := flag.Bool("quick", false, "fewer runs and smaller scaling sizes (a smoke test, not a measurement)")
	flag.Parse()
	opts := compilespeed.DefaultOptions
	if *quick {
		opts = compilespeed.QuickOptions
	}
	if err := compilespeed.RunWith(os.Stdout, *root, opts); err != nil {
		fmt.Fprintln(os.Stderr, "compilespeed:", err)
		os.Exit(1)
	}
}
