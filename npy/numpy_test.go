package npy

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// These tests check the package against numpy itself: numpy writes files
// that we read, and loads (and re-saves) files that we write. They need
// python3 with numpy (Debian's python3-numpy; PYENV_VERSION=system picks
// the system python under pyenv) and skip without it, unless
// BCAST_REQUIRE_TOOLS=1.

// requireNumpy skips (or, with BCAST_REQUIRE_TOOLS=1, fails) the test if
// python3 with numpy is not available.
func requireNumpy(t *testing.T) {
	t.Helper()
	msg := ""
	if _, err := exec.LookPath("python3"); err != nil {
		msg = "python3 not on PATH"
	} else if out, err := pythonCommand("-c", "import numpy").CombinedOutput(); err != nil {
		msg = fmt.Sprintf("python3 cannot import numpy (%v: %s)", err, strings.TrimSpace(string(out)))
	}
	if msg == "" {
		return
	}
	if os.Getenv("BCAST_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + " and BCAST_REQUIRE_TOOLS=1")
	}
	t.Skip(msg + "; install python3-numpy or set BCAST_REQUIRE_TOOLS=1 to make this a failure")
}

func pythonCommand(args ...string) *exec.Cmd {
	cmd := exec.Command("python3", args...)
	cmd.Env = append(os.Environ(), "PYENV_VERSION=system")
	return cmd
}

// runPython runs script with args and returns its stdout; a non-zero exit
// fails the test with the script's output.
func runPython(t *testing.T, script string, args ...string) []byte {
	t.Helper()
	cmd := pythonCommand(append([]string{"-c", script}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 failed: %v\nstdout:\n%s\nstderr:\n%s", err, out, stderr.String())
	}
	return out
}

// manifestEntry describes one file and the array it must hold: dtype
// descr as np.save writes it, shape, and the C-order little-endian bytes.
type manifestEntry struct {
	Name  string  `json:"name"`
	Descr string  `json:"descr"`
	Shape []int64 `json:"shape"`
	Hex   string  `json:"hex"`
}

// numpyWriteScript writes one file per case into argv[1] with numpy and
// prints a JSON manifest of what each holds.
const numpyWriteScript = `
import json, sys
import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(7)
cases = []

def values(dt, shape):
    n = int(np.prod(shape, dtype=np.int64))
    if dt.kind == 'b':
        v = rng.integers(0, 2, n).astype(dt)
    elif dt.kind in 'iu':
        info = np.iinfo(dt)
        v = rng.integers(info.min, info.max, n, dtype=dt.newbyteorder('='), endpoint=True).astype(dt)
        special = np.array([info.min, info.max, 0, 1], dtype=dt)
        k = min(n, 4); v[:k] = special[:k]
    elif dt.kind == 'c':
        v = (rng.standard_normal(n) * 100 + 1j * rng.standard_normal(n)).astype(dt)
        special = np.array([complex(np.inf, -0.0), complex(np.nan, 1), complex(-0.0, np.inf), complex(1e30, -np.nan)], dtype=dt)
        k = min(n, len(special)); v[:k] = special[:k]
    else:
        v = (rng.standard_normal(n) * 100).astype(dt)
        fi = np.finfo(dt)
        special = np.array([np.inf, -np.inf, np.nan, -0.0, fi.tiny / 4, fi.max], dtype=dt)
        k = min(n, len(special)); v[:k] = special[:k]
    return v.reshape(shape)

def add(name, a, version=None):
    with open(f"{out}/{name}.npy", "wb") as f:
        np.lib.format.write_array(f, a, version=version)
    c = np.ascontiguousarray(a).astype(a.dtype.newbyteorder('<'))
    cases.append(dict(name=name, descr=c.dtype.str, shape=list(a.shape), hex=c.tobytes().hex()))

shapes = [(), (0,), (5,), (2, 3), (3, 0), (2, 0, 3), (2, 3, 4), (2, 1, 3, 2)]
for descr in ['|b1', '|i1', '<i2', '<i4', '<i8', '|u1', '<u2', '<u4', '<u8', '<f2', '<f4', '<f8',
              '>i2', '>i4', '>i8', '>u2', '>u4', '>u8', '>f2', '>f4', '>f8',
              '<c8', '<c16', '>c8', '>c16']:
    dt = np.dtype(descr)
    tag = descr.replace('<', 'le').replace('>', 'be').replace('|', 'na')
    for shape in shapes:
        add(f"{tag}_{'x'.join(map(str, shape)) or 'scalar'}", values(dt, shape))
    for shape in [(2, 3), (2, 3, 4), (3, 1, 2, 2)]:
        a = np.asfortranarray(values(dt, shape))
        assert a.flags.f_contiguous and not a.flags.c_contiguous
        add(f"{tag}_fortran_{'x'.join(map(str, shape))}", a)
    add(f"{tag}_v2", values(dt, (3, 4)), version=(2, 0))
    add(f"{tag}_v3", values(dt, (3, 4)), version=(3, 0))
    add(f"{tag}_v2_fortran", np.asfortranarray(values(dt, (4, 3))), version=(2, 0))

# Every float16 bit pattern, and its value as float64 by numpy.
halves = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
add("half_all", halves)
add("half_all_f64", halves.astype(np.float64))
# Doubles and floats rounded to float16 by numpy: random magnitudes
# across the range, ties and edges.
src = np.concatenate([
    rng.standard_normal(4000) * np.exp2(rng.integers(-30, 20, 4000)),
    np.array([2049, 2051, 65519, 65520, 1e10, 2.0**-25, 3 * 2.0**-25, 2.0**-24 * 0.75, 0.1, -0.0, np.inf, -np.inf]),
])
with np.errstate(over='ignore'):
    add("round_src_f64", src)
    add("round_dst_f16", src.astype(np.float16))
    add("round_src_f32", src.astype(np.float32))
    add("round_dst_f32_f16", src.astype(np.float32).astype(np.float16))
json.dump(cases, sys.stdout)
`

func TestReadNumpyFiles(t *testing.T) {
	requireNumpy(t)
	dir := t.TempDir()
	var cases []manifestEntry
	if err := json.Unmarshal(runPython(t, numpyWriteScript, dir), &cases); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	arrays := map[string]*Array{}
	for _, c := range cases {
		a, err := ReadFile(filepath.Join(dir, c.Name+".npy"))
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		arrays[c.Name] = a
		// The file must really be in the layout its name says, or the
		// test proves nothing.
		raw, _ := os.ReadFile(filepath.Join(dir, c.Name+".npy"))
		head := string(raw[:min(len(raw), 128)])
		if strings.Contains(c.Name, "fortran") != strings.Contains(head, "'fortran_order': True") ||
			strings.HasPrefix(c.Name, "be") != strings.Contains(head, "'descr': '>") ||
			strings.Contains(c.Name, "_v2") != (raw[6] == 2) || strings.Contains(c.Name, "_v3") != (raw[6] == 3) {
			t.Errorf("%s: numpy wrote a different layout: %q", c.Name, head)
		}
		if a.DType.String() != c.Descr || !slices.Equal(a.Shape, c.Shape) {
			t.Errorf("%s: read %s; want %s %s", c.Name, a, c.Descr, shapeRepr(c.Shape))
		}
		if got := hex.EncodeToString(a.Data); got != c.Hex {
			t.Errorf("%s: data\n%s\nwant (numpy's C-order little-endian bytes)\n%s", c.Name, got, c.Hex)
		}
	}
	if t.Failed() {
		return
	}
	if len(cases) < 21*14 {
		t.Fatalf("numpy wrote only %d files", len(cases))
	}

	// Our float16 decoding agrees with numpy's on every bit pattern.
	got, _ := arrays["half_all"].Float64s()
	want, _ := arrays["half_all_f64"].Float64s()
	for i := range got {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Errorf("float16 %#04x: we read %v; numpy %v", i, got[i], want[i])
		}
	}
	// Our float16 rounding agrees with numpy's from float64 and float32.
	for _, pair := range [][2]string{{"round_src_f64", "round_dst_f16"}, {"round_src_f32", "round_dst_f32_f16"}} {
		src, _ := arrays[pair[0]].Float64s()
		dst := arrays[pair[1]].Data
		for i, f := range src {
			wantBits := uint16(dst[2*i]) | uint16(dst[2*i+1])<<8
			if got := float64ToHalf(f); got != wantBits {
				t.Errorf("%s[%d] = %v: we round to %#04x; numpy %#04x", pair[0], i, f, got, wantBits)
			}
		}
	}
}

// numpyCheckScript loads every file of the manifest on stdin from
// argv[1], checks dtype, shape and bytes, re-saves it with np.save and
// checks that numpy writes exactly the bytes we wrote.
const numpyCheckScript = `
import io, json, sys
import numpy as np

d = sys.argv[1]
bad = 0
for c in json.load(sys.stdin):
    path = f"{d}/{c['name']}.npy"
    try:
        a = np.load(path)
        problems = []
        if a.dtype.str != c['descr']:
            problems.append(f"dtype {a.dtype.str}, want {c['descr']}")
        if list(a.shape) != c['shape']:
            problems.append(f"shape {a.shape}, want {tuple(c['shape'])}")
        elif a.tobytes().hex() != c['hex']:
            problems.append("data differs")
        buf = io.BytesIO()
        np.save(buf, a)
        with open(path, 'rb') as f:
            ours = f.read()
        if buf.getvalue() != ours:
            problems.append(f"np.save writes {buf.getvalue()[:140]!r}..., we wrote {ours[:140]!r}...")
    except Exception as e:
        problems = [f"np.load: {e}"]
    if problems:
        bad += 1
        print(f"FAIL {c['name']}: " + "; ".join(problems))
print(f"checked; {bad} failed")
sys.exit(1 if bad else 0)
`

func TestNumpyLoadsOurFiles(t *testing.T) {
	requireNumpy(t)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	var cases []manifestEntry
	write := func(name string, a *Array) {
		if err := WriteFile(filepath.Join(dir, name+".npy"), a); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, manifestEntry{Name: name, Descr: a.DType.String(), Shape: a.Shape, Hex: hex.EncodeToString(a.Data)})
	}
	for _, dt := range DTypes {
		for _, shape := range testShapes {
			var dims []string
			for _, d := range shape {
				dims = append(dims, fmt.Sprint(d))
			}
			write(dt.Name()+"_"+strings.Join(dims, "x"), randomArray(t, rng, dt, shape))
		}
	}
	// Shapes whose first dim has many digits change numpy's padding.
	big, _ := New(DTypeUint8, []int64{1234567, 0, 3})
	write("long_first_dim", big)
	// Ranks up to numpy's limit of 32 move the header across several
	// 64-byte boundaries, which pins down the padding rules.
	for rank := 5; rank <= 32; rank++ {
		shape := make([]int64, rank)
		for i := range shape {
			shape[i] = 1
		}
		shape[0] = int64(rank) * 100
		write(fmt.Sprintf("rank%d", rank), randomArray(t, rng, DTypeUint8, shape))
	}
	f16, _ := FromFloat16([]int64{4}, []float32{0.1, -2, 65504, 1e-7})
	write("float16_values", f16)

	manifest, _ := json.Marshal(cases)
	cmd := pythonCommand("-c", numpyCheckScript, dir)
	cmd.Stdin = strings.NewReader(string(manifest))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("numpy disagrees with our files (%v):\n%s", err, out)
	}
	if !strings.Contains(string(out), "checked; 0 failed") {
		t.Fatalf("unexpected output from numpy check:\n%s", out)
	}
}
