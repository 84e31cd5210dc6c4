// Command bcast-opt is the opt-style driver: it reads MLIR text, runs the
// passes named by its flags, and writes the result. See package driver.
//
// The command owns only the process: main sets the garbage collector
// (driver.TuneGC) and exits with driver.Main's status. Flags, passes and
// output are package driver's, which the tests run in-process; main must
// not add behaviour of its own, or the binary would differ from what is
// tested.
package main
