package ir_test

import (
	"runtime/debug"
	"testing"

	"github.com/bcast-opt/bcast-opt/cmd/bcast-opt/driver"
	"github.com/bcast-opt/bcast-opt/internal/irgen"
	"github.com/bcast-opt/bcast-opt/ir"
)

// gcAsBcastOpt sets the garbage collector as the bcast-opt binary sets it
// (driver.TuneGC) for the rest of benchmark b, so that the throughput
// measured is the one a user of the binary gets.
func gcAsBcastOpt(b *testing.B) {
	gcPercent := debug.SetGCPercent(100)
	debug.SetGCPercent(gcPercent)
	limit := debug.SetMemoryLimit(-1)
	b.Cleanup(func() {
		debug.SetGCPercent(gcPercent)
		debug.SetMemoryLimit(limit)
	})
	driver.TuneGC()
}

// BenchmarkParseVerifyPrint measures parse + verify + print throughput on
// a generated 20 MB module, with the garbage collector set as bcast-opt
// sets it; `go test -bench ParseVerifyPrint ./ir/` prints MB/s.
func BenchmarkParseVerifyPrint(b *testing.B) {
	gcAsBcastOpt(b)
	src := irgen.Module(20 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer() // generating the input is not what is measured
	for i := 0; i < b.N; i++ {
		m, err := ir.Parse("gen.mlir", src, ir.ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		_ = ir.PrintBytes(m, ir.PrintOptions{})
	}
}

// TestGeneratedModuleRoundTrips keeps the benchmark input honest: it is
// valid IR and prints to a fixed point.
func TestGeneratedModuleRoundTrips(t *testing.T) {
	src := irgen.Module(64 << 10)
	m, err := ir.Parse("gen.mlir", src, ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	p1 := ir.PrintBytes(m, ir.PrintOptions{})
	m2, err := ir.Parse("p1.mlir", p1, ir.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p2 := ir.PrintBytes(m2, ir.PrintOptions{}); string(p2) != string(p1) {
		t.Fatal("generated module does not print to a fixed point")
	}
}

// BenchmarkPhases reports parse, verify and print separately.
func BenchmarkPhases(b *testing.B) {
	gcAsBcastOpt(b)
	src := irgen.Module(20 << 20)
	m, err := ir.Parse("gen.mlir", src, ir.ParseOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for i := 0; i < b.N; i++ {
			ir.Parse("gen.mlir", src, ir.ParseOptions{})
		}
	})
	b.Run("verify", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for i := 0; i < b.N; i++ {
			ir.Verify(m)
		}
	})
	b.Run("print", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for i := 0; i < b.N; i++ {
			ir.PrintBytes(m, ir.PrintOptions{})
		}
	})
}
