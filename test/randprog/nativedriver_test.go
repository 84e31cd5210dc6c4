package randprog

import (
	"fmt"
	"strings"

	"github.com/bcast-opt/bcast-opt/dialects/builtin"
	"github.com/bcast-opt/bcast-opt/ir"
	"github.com/bcast-opt/bcast-opt/lower/llvm"
)

func newModule() *ir.Operation { return builtin.NewModule() }

// nativeDriver returns the C source of a program `run IN OUT` that calls
// every function of fns once, in order: it reads each one's arguments from
// IN (for each argument its dims as int64 and its packed little-endian
// elements), calls <f>_result_shapes and, if that returns 0, <f>, and
// appends to OUT the int32 return code, then the results (dims and
// elements) when it is 0, else the int64 length of the message and its
// bytes. OUT is flushed after each function, so that a crash names the
// program. The exit status is 0 when all was read and written, 2 else.
// A function may appear in fns more than once (one call per run).
//
// Every argument and result buffer ends where an inaccessible guard page
// begins, so that a kernel reading or writing past the end of one (a
// missed run-time shape check) crashes instead of reading a neighbour.
func nativeDriver(fns []*llvm.FuncABI, header string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, `#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include %q

static int64_t numel(const int64_t *shape, int rank) {
	int64_t n = 1;
	for (int i = 0; i < rank; i++) n *= shape[i];
	return n;
}

static void die(const char *what) { fprintf(stderr, "driver: %%s\n", what); exit(2); }

/* guarded_alloc returns bytes bytes that end where a PROT_NONE page
   begins (aligned to the element size, as bytes is a multiple of it). */
static void *guarded_alloc(size_t bytes) {
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (bytes + page - 1) / page * page;
	char *base = mmap(NULL, data + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) die("out of memory");
	if (mprotect(base + data, page, PROT_NONE) != 0) die("mprotect");
	return base + data - bytes;
}

static void guarded_free(void *p, size_t bytes) {
	if (!p) return;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (bytes + page - 1) / page * page;
	munmap((char *)p + bytes - data, data + page);
}

static void *read_tensor(FILE *f, int64_t *shape, int rank, size_t elem, size_t *size) {
	if (rank > 0 && fread(shape, sizeof(int64_t), rank, f) != (size_t)rank) die("short input");
	size_t bytes = (size_t)numel(shape, rank) * elem;
	void *p = guarded_alloc(bytes);
	if (bytes && fread(p, 1, bytes, f) != bytes) die("short input");
	*size = bytes;
	return p;
}

static void *alloc_result(const int64_t *shape, int rank, size_t elem, size_t *size) {
	*size = (size_t)numel(shape, rank) * elem;
	return guarded_alloc(*size);
}

static void write_tensor(FILE *f, const int64_t *shape, int rank, size_t elem, const void *p) {
	size_t bytes = (size_t)numel(shape, rank) * elem;
	if (rank > 0 && fwrite(shape, sizeof(int64_t), rank, f) != (size_t)rank) die("write");
	if (bytes && fwrite(p, 1, bytes, f) != bytes) die("write");
}

static void write_code(FILE *f, int32_t rc, const char *msg) {
	if (fwrite(&rc, sizeof rc, 1, f) != 1) die("write");
	if (rc == 0) return;
	int64_t n = (int64_t)strlen(msg);
	if (fwrite(&n, sizeof n, 1, f) != 1 || (n && fwrite(msg, 1, (size_t)n, f) != (size_t)n)) die("write");
}
`, header)
	for k, f := range fns {
		fmt.Fprintf(&sb, "\nstatic void run%d(FILE *in, FILE *out) {\n\tchar err[4096] = \"\";\n", k)
		var kargs, sargs []string
		for i, a := range f.Args {
			fmt.Fprintf(&sb, "\tint64_t as%d[%d];\n\tsize_t an%d;\n\tvoid *a%d = read_tensor(in, as%d, %d, %d, &an%d);\n", i, max(1, a.Rank()), i, i, i, a.Rank(), a.ElemSize(), i)
			kargs = append(kargs, fmt.Sprintf("a%d, as%d", i, i))
			sargs = append(sargs, fmt.Sprintf("as%d", i))
		}
		var rargs, rsargs []string
		for i, r := range f.Results {
			fmt.Fprintf(&sb, "\tint64_t rs%d[%d] = {0};\n\tvoid *r%d = NULL;\n\tsize_t rn%d = 0;\n", i, max(1, r.Rank()), i, i)
			rargs = append(rargs, fmt.Sprintf("r%d, rs%d", i, i))
			rsargs = append(rsargs, fmt.Sprintf("rs%d", i))
		}
		fmt.Fprintf(&sb, "\tint32_t rc = %s(%s);\n", f.ShapesName, strings.Join(append(append(sargs, rsargs...), "err", "sizeof err"), ", "))
		sb.WriteString("\tif (rc == 0) {\n")
		for i, r := range f.Results {
			fmt.Fprintf(&sb, "\t\tr%d = alloc_result(rs%d, %d, %d, &rn%d);\n", i, i, r.Rank(), r.ElemSize(), i)
		}
		fmt.Fprintf(&sb, "\t\trc = %s(%s);\n\t}\n", f.CName, strings.Join(append(append(kargs, rargs...), "err", "sizeof err"), ", "))
		sb.WriteString("\twrite_code(out, rc, err);\n\tif (rc == 0) {\n")
		for i, r := range f.Results {
			fmt.Fprintf(&sb, "\t\twrite_tensor(out, rs%d, %d, %d, r%d);\n", i, r.Rank(), r.ElemSize(), i)
		}
		sb.WriteString("\t}\n\tfflush(out);\n")
		for i := range f.Args {
			fmt.Fprintf(&sb, "\tguarded_free(a%d, an%d);\n", i, i)
		}
		for i := range f.Results {
			fmt.Fprintf(&sb, "\tguarded_free(r%d, rn%d);\n", i, i)
		}
		sb.WriteString("}\n")
	}
	sb.WriteString(`
int main(int argc, char **argv) {
	if (argc != 3) die("usage: run IN OUT");
	FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
	if (!in || !out) die("cannot open the files");
`)
	for k := range fns {
		fmt.Fprintf(&sb, "\trun%d(in, out);\n", k)
	}
	sb.WriteString("\tif (fgetc(in) != EOF) die(\"input left over\");\n\tif (fclose(out) != 0) die(\"write\");\n\treturn 0;\n}\n")
	return sb.String()
}
