package main

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixedReport has made-up numbers: W1 with everything, W5u without MLIR
// and numpy.
func fixedReport() *Report {
	const mib64 = 64 << 20
	return &Report{
		Machine: Machine{CPU: "Test CPU", Cores: 2, Kernel: "Linux 6.1", GCC: "gcc 12", Clang: "clang 19", Numpy: "1.24.2", Go: "go1.26", Date: "2026-01-02 03:04 UTC"},
		Rounds:  9, Warmup: 2, LLVMCompile: "clang-19 -O3 -march=native",
		Results: []Result{
			{
				Workload: "W1", OutBytes: mib64, MovedBytes: 2*mib64 + 16384,
				Times: map[string]Stat{
					implOurs: {MedianMs: 10, MinMs: 9, Runs: 9}, implC: {MedianMs: 12.5, MinMs: 12, Runs: 9},
					implMLIR: {MedianMs: 20, MinMs: 19, Runs: 9}, implNumpy: {MedianMs: 80, MinMs: 70, Runs: 9},
					implCopy: {MedianMs: 8, MinMs: 7, Runs: 9},
				},
				MaxDiff: map[string]float64{implOurs: 0, implMLIR: 1e-7},
			},
			{
				Workload: "W5u", OutBytes: mib64, MovedBytes: mib64,
				Times:   map[string]Stat{implOurs: {MedianMs: 3, Runs: 9}, implC: {MedianMs: 6, Runs: 9}, implCopy: {MedianMs: 8, Runs: 9}},
				MaxDiff: map[string]float64{implOurs: 0},
			},
		},
		Notes: []string{"MLIR 19: not installed"},
	}
}

func TestTable(t *testing.T) {
	// W1's roofline: (128 MiB + 16 KiB) at 2*64 MiB per 8 ms = 8.0010 ms.
	want := `| workload | ours ms | C ms | MLIR 19 ms | numpy ms | roofline ms | ours/C | ours/MLIR | numpy/ours | ours/roofline |
|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| W1 | 10.00 | 12.50 | 20.00 | 80.00 | 8.00 | 0.80 | 0.50 | 8.00 | 1.25 |
| W5u | 3.00 | 6.00 | n/a | n/a | 4.00 | 0.50 | n/a | n/a | 0.75 |
`
	if got := fixedReport().Table(); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}

func TestMarkdown(t *testing.T) {
	md := fixedReport().Markdown("chart.svg")
	for _, want := range []string{
		"Machine: Test CPU, 2 cores; Linux 6.1; gcc: gcc 12; LLVM: clang 19; numpy 1.24.2; go1.26; 2026-01-02 03:04 UTC.",
		"| W5u | 3.00 |",
		"9 interleaved rounds (after 2 warm-up rounds)",
		"-ffp-contract=off",
		"compiled with clang-19 -O3 -march=native",
		"Largest |output - C output|: W1: ours 0, MLIR 19 1e-07; W5u: ours 0.",
		"- MLIR 19: not installed\n",
		"![time relative to C per workload](chart.svg)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("RESULTS.md lacks %q:\n%s", want, md)
		}
	}
}

// svgSummary parses an SVG and counts what the tests check.
type svgSummary struct {
	rects, bars int      // all rects; rects with a <title> (bars)
	texts       []string // every text element's content
}

func parseSVG(t *testing.T, svg string) svgSummary {
	t.Helper()
	var s svgSummary
	dec := xml.NewDecoder(strings.NewReader(svg))
	var inText bool
	var text strings.Builder
	var root bool
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			switch tok.Name.Local {
			case "svg":
				root = tok.Name.Space == "http://www.w3.org/2000/svg"
			case "rect":
				s.rects++
			case "title":
				s.bars++
			case "text":
				inText = true
				text.Reset()
			}
		case xml.CharData:
			if inText {
				text.Write(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				inText = false
				s.texts = append(s.texts, text.String())
			}
		}
	}
	if !root {
		t.Fatalf("no <svg> root in the SVG namespace:\n%s", svg)
	}
	return s
}

func TestChart(t *testing.T) {
	rep := fixedReport()
	rep.Results[0].Times[implNumpy] = Stat{MedianMs: 100} // 8x C: cut at the cap
	svg := rep.Chart()
	s := parseSVG(t, svg)
	// W1 has all five bars, W5u ours, C and the roofline.
	if s.bars != 8 {
		t.Errorf("%d bars, want 8", s.bars)
	}
	texts := strings.Join(s.texts, "|")
	for _, want := range []string{"time / C time", "workload", "ours", "C", "MLIR 19", "numpy", "roofline (copy probe)", "W1", "W5u", "n/a", "8.0"} {
		if !strings.Contains("|"+texts+"|", "|"+want+"|") {
			t.Errorf("no text %q in the chart; texts: %s", want, texts)
		}
	}
	if !strings.Contains(svg, "<title>W1 numpy: 8.00 x C</title>") {
		t.Errorf("numpy's W1 bar lacks its value:\n%s", svg)
	}
}

func TestChartWithoutC(t *testing.T) {
	rep := fixedReport()
	for _, r := range rep.Results {
		delete(r.Times, implC)
	}
	if s := parseSVG(t, rep.Chart()); s.bars != 0 {
		t.Errorf("%d bars without C times, want 0", s.bars)
	}
}

func TestMergeRecords(t *testing.T) {
	out := `workload name=W2 kernel=W2 out_bytes=64 moved_bytes=96 rounds=3 warmup=1 rtol=2e-05 atol=0
check workload=W2 impl=ours status=ok max_abs_diff=1e-09 max_rel_diff=3e-06
check workload=W2 impl=mlir19 status=n/a
runs workload=W2 impl=ours ms=1.0,2.0,3.0
result workload=W2 impl=ours status=ok median_ms=2.0000 min_ms=1.0000 runs=3
result workload=W2 impl=mlir19 status=n/a
`
	results := map[string]*Result{}
	if err := mergeRecords(results, parseRecords([]byte(out))); err != nil {
		t.Fatal(err)
	}
	r := results["W2"]
	if r == nil || r.OutBytes != 64 || r.MovedBytes != 96 || r.Times[implOurs] != (Stat{2, 1, 3}) || len(r.Times) != 1 ||
		r.Rtol != 2e-5 || r.Atol != 0 || r.MaxDiff[implOurs] != 1e-9 || r.MaxRelDiff[implOurs] != 3e-6 {
		t.Errorf("merged %+v", r)
	}
	same := "identical workload=W1j impl=ours twin=W1 status=differ differing=7\n"
	if err := mergeRecords(results, parseRecords([]byte(same))); err != nil || results["W1j"].Identical != "differ" || results["W1j"].Differing != 7 {
		t.Errorf("identical record: %v, %+v", err, results["W1j"])
	}
	bad := "check workload=W2 impl=ours status=FAIL max_abs_diff=0.5 first_bad=3\n"
	if err := mergeRecords(results, parseRecords([]byte(bad))); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("a failed check gave %v, want an error", err)
	}
}

// reductionReport has made-up numbers for the reductions: W6 meets two
// targets of three, W7's kernel did not build.
func reductionReport() *Report {
	const mib64 = 64 << 20
	return &Report{
		Rounds: 9, Warmup: 2,
		Results: []Result{
			{
				Workload: "W6", OutBytes: mib64, MovedBytes: 2 * mib64, Rtol: 2e-5,
				Times: map[string]Stat{
					implOurs: {MedianMs: 12}, implC: {MedianMs: 50}, implMLIR: {MedianMs: 80},
					implNumpy: {MedianMs: 72}, implCopy: {MedianMs: 10},
				},
				MaxDiff:    map[string]float64{implOurs: 1e-9, implMLIR: 2e-9, implNumpy: 1e-10},
				MaxRelDiff: map[string]float64{implOurs: 1e-6, implMLIR: 3e-6, implNumpy: 4e-7},
			},
			{
				Workload: "W7", OutBytes: mib64, MovedBytes: 2*mib64 + 32768, Rtol: 2e-5, Atol: 2e-5,
				Times:      map[string]Stat{implC: {MedianMs: 14}, implMLIR: {MedianMs: 60}, implCopy: {MedianMs: 10}},
				MaxDiff:    map[string]float64{implMLIR: 3e-6},
				MaxRelDiff: map[string]float64{implMLIR: 1.3},
			},
		},
		OursErrors: map[string]string{"W7": "bench/workloads/W7.mlir:25:5: error: 'hlo.reduce' op has no lowering to linalg"},
	}
}

func TestTargets(t *testing.T) {
	want := `- W6: ours/roofline 1.20 (<= 1.3: met); ours/MLIR 19 0.15 (<= 0.5: met); numpy/ours 6.00 (>= 5: met); 3 of 3 met.
- W7: not measured, ours does not build yet: bench/workloads/W7.mlir:25:5: error: 'hlo.reduce' op has no lowering to linalg. Targets: ours/roofline <= 1.3 (13.00 ms here), ours/MLIR 19 <= 0.5 (30.00 ms here), numpy/ours >= 5.
`
	rep := reductionReport()
	if got := rep.Targets(); got != want {
		t.Errorf("targets:\n%s\nwant:\n%s", got, want)
	}
	rep.Results[0].Times[implOurs] = Stat{MedianMs: 16}
	delete(rep.Results[0].Times, implNumpy)
	if got, want := rep.Targets(), "- W6: ours/roofline 1.60 (<= 1.3: not met); ours/MLIR 19 0.20 (<= 0.5: met); numpy/ours n/a; 1 of 3 met, 1 not measured.\n"; !strings.HasPrefix(got, want) {
		t.Errorf("targets:\n%s\nwant first:\n%s", got, want)
	}
	md := rep.Markdown("")
	for _, w := range []string{
		"## Reductions: the targets of issue 14\n\n- W6: ours/roofline 1.60",
		"W6: rtol 2e-05, atol 0; W7: rtol 2e-05, atol 2e-05.",
		"W6: ours 1e-09 (1e-06 relative), MLIR 19 2e-09 (3e-06 relative), numpy 1e-10 (4e-07 relative); W7: MLIR 19 3e-06.",
	} {
		if !strings.Contains(md, w) {
			t.Errorf("RESULTS.md lacks %q:\n%s", w, md)
		}
	}
	if got := fixedReport().Targets(); got != "" {
		t.Errorf("targets without W6 and W7: %q", got)
	}
}

func TestRenameKernel(t *testing.T) {
	src := "// W1\nfunc.func @W1(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}\n"
	got, err := renameKernel(src, "W1", "W1")
	if err != nil || !strings.Contains(got, "func.func @bcastopt_W1(%x") {
		t.Errorf("renameKernel: %v\n%s", err, got)
	}
	if _, err := renameKernel(src, "W2", "W2"); err == nil {
		t.Error("renaming a missing function succeeded")
	}
	// A JAX export: @main is the entry, the wrapped function keeps its name.
	jax := "func.func public @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = call @_wrapped_jax_export_main(%x) : (tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}\n" +
		"func.func private @_wrapped_jax_export_main(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}\n"
	got, err = renameKernel(jax, entryOf("W1j"), "W1j")
	if err != nil || !strings.Contains(got, "func.func public @bcastopt_W1j(%x") || !strings.Contains(got, "func.func private @_wrapped_jax_export_main(") {
		t.Errorf("renameKernel of a JAX export: %v\n%s", err, got)
	}
}

// TestWorkloadFiles renames the entry of every workload file as the
// benchmark does.
func TestWorkloadFiles(t *testing.T) {
	for _, k := range kernels {
		src, err := os.ReadFile(filepath.Join("workloads", k+".mlir"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := renameKernel(string(src), entryOf(k), k)
		if err != nil || !strings.Contains(got, "@bcastopt_"+k+"(") {
			t.Errorf("%s: renameKernel: %v", k, err)
		}
	}
}

func TestJAXTable(t *testing.T) {
	rep := fixedReport()
	rep.Kernels = map[string]KernelStats{"W1": {Generics: 1}, "W1j": {Generics: 2, Scalar: 1}, "W3": {Generics: 1}, "W3j": {Generics: 1}}
	rep.Results = append(rep.Results,
		Result{Workload: "W1j", Times: map[string]Stat{implOurs: {MedianMs: 11}, implTwin: {MedianMs: 10}}, Identical: "differ", Differing: 3},
		Result{Workload: "W3j", Times: map[string]Stat{implOurs: {MedianMs: 10.2}, implTwin: {MedianMs: 10}}, Identical: "ok"},
	)
	want := `| workload | twin | ours ms | twin ms | ours/twin | generics | twin generics | copies | output vs twin | SPEC §9 |
|---|---|--:|--:|--:|--:|--:|--:|---|---|
| W1j | W1 | 11.00 | 10.00 | 1.10 | 2 (1 rank 0) | 1 | 0 | differs in 3 elements | not met: 1.10x twin's time; 2 generics, twin 1; output differs |
| W3j | W3 | 10.20 | 10.00 | 1.02 | 1 | 1 | 0 | identical | met |
`
	if got := rep.JAXTable(); got != want {
		t.Errorf("JAX table:\n%s\nwant:\n%s", got, want)
	}
	md := rep.Markdown("")
	for _, w := range []string{"## JAX exports against their static twins", "- W1j, W3j: the JAX exports", want} {
		if !strings.Contains(md, w) {
			t.Errorf("RESULTS.md lacks %q:\n%s", w, md)
		}
	}
	// A kernel that did not build: nothing timed, nothing compared.
	rep.Results = []Result{{Workload: "W1j", Times: map[string]Stat{implTwin: {MedianMs: 10}}}}
	delete(rep.Kernels, "W1j")
	if got := rep.JAXTable(); !strings.Contains(got, "| W1j | W1 | n/a | 10.00 | n/a | n/a | 1 | n/a | n/a | not met: ours did not run; no generic counts |") {
		t.Errorf("JAX table without ours:\n%s", got)
	}
	if got := fixedReport().JAXTable(); got != "" {
		t.Errorf("JAX table without JAX exports: %q", got)
	}
}

func TestCountGenerics(t *testing.T) {
	ir := `#map = affine_map<() -> ()>
module {
  func.func @f(%arg0: tensor<?x4096xf32>, %arg1: tensor<4096xf32>) -> tensor<?x4096xf32> {
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%from_elements : tensor<i64>) outs(%2 : tensor<i1>) {
    ^bb0(%in: i64, %out: i1):
      %6 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %6 : i1
    } -> tensor<i1>
    %4 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4096xf32>) outs(%e : tensor<?x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x4096xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x4096xf32>) outs(%e : tensor<?x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %out : f32
    } -> tensor<?x4096xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %4 : tensor<?x4096xf32>, tensor<?x4096xf32>) outs(%e : tensor<?x4096xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %7 = arith.addf %in, %in_0 : f32
      linalg.yield %7 : f32
    } -> tensor<?x4096xf32>
    %7 = linalg.copy ins(%6 : tensor<?x4096xf32>) outs(%e : tensor<?x4096xf32>) -> tensor<?x4096xf32>
    return %7 : tensor<?x4096xf32>
  }
}
`
	// %4 yields its input (a materialized broadcast), %5 its output (not a
	// copy of anything), and there is one linalg.copy.
	if got, want := countGenerics(ir), (KernelStats{Generics: 4, Scalar: 1, Copies: 2}); got != want {
		t.Errorf("countGenerics = %+v, want %+v", got, want)
	}
}

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"--quick", "--workloads", "W5u,W1,W1"}, io.Discard)
	if err != nil || o.rounds != 3 || o.warmup != 1 || strings.Join(o.workloads, ",") != "W5u,W1" {
		t.Errorf("parseFlags: %+v, %v", o, err)
	}
	o, err = parseFlags([]string{"--workloads", "W1j,W3j,W6,W7"}, io.Discard)
	if err != nil || strings.Join(o.workloads, ",") != "W1j,W3j,W6,W7" {
		t.Errorf("parseFlags: %+v, %v", o, err)
	}
	o, err = parseFlags([]string{"--quick", "--workloads", "W5u,W1,W1"}, io.Discard)
	if err != nil || o.rounds != 3 || o.warmup != 1 || strings.Join(o.workloads, ",") != "W5u,W1" {
		t.Errorf("parseFlags: %+v, %v", o, err)
	}
	if _, err := parseFlags([]string{"--workloads", "W10"}, io.Discard); err == nil {
		t.Error("--workloads W10 accepted")
	}
}

// TestFlopsTable renders the GFLOP/s of a contraction from made-up
// times: 2^31 flops in 20 ms are 107.4 GFLOP/s, and numpy's 60 ms are
// 3.00x OpenBLAS's matmul alone; a workload without flops
// has no row, and a report without contractions no table.
func TestFlopsTable(t *testing.T) {
	out := `workload name=W8 kernel=W8 out_bytes=4194304 moved_bytes=12587008 rounds=3 warmup=1 rtol=0.0001 atol=0.0002 flops=2147483648
result workload=W8 impl=ours status=ok median_ms=40.0000 min_ms=39.0000 runs=3
result workload=W8 impl=c status=ok median_ms=200.0000 min_ms=190.0000 runs=3
result workload=W8 impl=openblas status=ok median_ms=20.0000 min_ms=19.0000 runs=3
result workload=W8 impl=numpy status=ok median_ms=60.0000 min_ms=59.0000 runs=3
`
	results := map[string]*Result{}
	if err := mergeRecords(results, parseRecords([]byte(out))); err != nil {
		t.Fatal(err)
	}
	r := &Report{Results: []Result{*results["W8"], {Workload: "W1", Times: map[string]Stat{implOurs: {MedianMs: 1}}}}}
	got := r.FlopsTable()
	want := "| W8 | 53.7 | 10.7 | n/a | 35.8 | 107.4 | 0.50 | n/a | 1.50 | 3.00 |\n"
	if !strings.HasSuffix(got, want) || strings.Contains(got, "| W1 |") {
		t.Errorf("FlopsTable:\n%s\nwant a last row\n%s", got, want)
	}
	if !strings.Contains(r.Markdown(""), "## Contractions: GFLOP/s") {
		t.Error("Markdown has no contractions section")
	}
	if (&Report{Results: []Result{{Workload: "W1"}}}).FlopsTable() != "" {
		t.Error("a table without contractions")
	}
}

// TestMultiThreadTable checks the all-cores columns: the harness's
// threads record, the ratios, and no table without the parallel form.
func TestMultiThreadTable(t *testing.T) {
	out := `workload name=W1 kernel=W1 out_bytes=64 moved_bytes=96 rounds=3 warmup=1 rtol=1e-06 atol=1e-06
result workload=W1 impl=ours status=ok median_ms=10.0000 min_ms=9.0000 runs=3
result workload=W1 impl=ours_mt status=ok median_ms=5.0000 min_ms=4.0000 runs=3
result workload=W1 impl=c_omp status=ok median_ms=6.0000 min_ms=5.0000 runs=3
threads n=2
`
	results := map[string]*Result{}
	if err := mergeRecords(results, parseRecords([]byte(out))); err != nil {
		t.Fatal(err)
	}
	np := "result workload=W1 impl=numpy_mt status=ok median_ms=20.0000 min_ms=19.0000 runs=3\n"
	if err := mergeRecords(results, parseRecords([]byte(np))); err != nil {
		t.Fatal(err)
	}
	rep := &Report{Results: []Result{*results["W1"]}}
	want := "| W1 | 2 | 10.00 | 5.00 | 6.00 | 20.00 | 2.00 | 0.83 | 4.00 |"
	if got := rep.MultiThreadTable(); !strings.Contains(got, want) {
		t.Errorf("MultiThreadTable:\n%s\nlacks %q", got, want)
	}
	if !strings.Contains(rep.Markdown(""), "## All cores") {
		t.Errorf("Markdown lacks the all-cores section")
	}
	if got := reductionReport().MultiThreadTable(); got != "" {
		t.Errorf("a report without ours_mt has a multi-thread table:\n%s", got)
	}
}
