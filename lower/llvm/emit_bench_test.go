package llvm_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

// BenchmarkEmit times Emit alone (lowering and printing) on bench
// workloads after --pipeline=cpu, which runs once, outside the timing:
//
//	go test ./lower/llvm -run '^$' -bench Emit -cpuprofile cpu.out
//
// The loop collects garbage, which bcast-opt on one workload never does
// (driver.TuneGC), so write barriers show in profiles that the CLI does
// not pay.
func BenchmarkEmit(b *testing.B) {
	for _, w := range []string{"W1", "W5"} {
		b.Run(w, func(b *testing.B) {
			path := filepath.Join("..", "..", "bench", "workloads", w+".mlir")
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			_, m := cpuPipeline(b, path, src)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := llvm.Emit(m, llvm.Options{Target: llvm.X86_64}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
