// Command cmd prints the "Compile speed" section of the benchmark report
// (package bench/compilespeed) on its own:
//
//	go run ./bench/compilespeed/cmd [-root DIR] [-quick] [-runs N]
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
	runs := flag.Int("runs", 0, "interleaved runs of each workload (default: 11, or 1 with -quick); with -quick, a workload table worth comparing on a shared machine")
	flag.Parse()
	opts := compilespeed.DefaultOptions
	if *quick {
		opts = compilespeed.QuickOptions
	}
	if *runs > 0 {
		opts.Runs = *runs
	}
	if err := compilespeed.RunWith(os.Stdout, *root, opts); err != nil {
		fmt.Fprintln(os.Stderr, "compilespeed:", err)
		os.Exit(1)
	}
}
