//go:build ignore

/* (The line above keeps the go tool from treating this directory as a cgo
 * package; example_test.go builds this file with clang-19 or cc.) */

/* Calls the kernel @dynamic of examples/relu_bias.mlir (relu(x + b) with
 * implicit broadcasting on dynamic shapes) through its C ABI
 * (lower/llvm/doc.go). Build it from the repository root:
 *
 *   go run ./cmd/bcast-opt examples/relu_bias.mlir --pipeline=cpu --emit=llvm -o relu.ll
 *   go run ./cmd/bcast-opt examples/relu_bias.mlir --pipeline=cpu --emit=c-header -o relu.h
 *   clang-19 -O2 -Wno-override-module -I. examples/c/main.c relu.ll -o relu -lm
 *   ./relu
 *
 * (or: llc -O2 -filetype=obj -relocation-model=pic relu.ll -o relu.o &&
 *  cc -O2 -I. examples/c/main.c relu.o -o relu -lm)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "relu.h"

/* run computes relu(x + b) for x of shape [rows, cols] and b of shape
 * [blen]; it returns the kernel's status. */
static int run(const float *x, int64_t rows, int64_t cols, const float *b, int64_t blen) {
	const int64_t x_shape[2] = {rows, cols};
	const int64_t b_shape[1] = {blen};
	int64_t r_shape[2];
	char err[256];

	/* 1. Ask for the result shape: this also runs every shape check that
	 *    does not need tensor data, before anything is allocated. */
	int32_t rc = dynamic_result_shapes(x_shape, b_shape, r_shape, err, sizeof err);
	if (rc != 0) {
		printf("error %d: %s\n", (int)rc, err);
		return rc;
	}
	printf("result shape [%lld, %lld]\n", (long long)r_shape[0], (long long)r_shape[1]);

	/* 2. Allocate the result (destination passing) and run the kernel. */
	size_t n = (size_t)(r_shape[0] * r_shape[1]);
	float *r = malloc(n ? n * sizeof(float) : 1);
	if (r == NULL) {
		printf("out of memory\n");
		return 2;
	}
	rc = dynamic(x, x_shape, b, b_shape, r, r_shape, err, sizeof err);
	if (rc != 0) {
		printf("error %d: %s\n", (int)rc, err);
		free(r);
		return rc;
	}
	for (int64_t i = 0; i < r_shape[0]; i++) {
		for (int64_t j = 0; j < r_shape[1]; j++)
			printf("%s%g", j ? " " : "", (double)r[i * r_shape[1] + j]);
		printf("\n");
	}
	free(r);
	return 0;
}

int main(void) {
	/* x: 2x3, b: 3 -> b broadcasts along the rows. */
	const float x[6] = {1, -2, 3, -4, 5, -6};
	const float b[3] = {0.5f, 1, -1};
	printf("relu(x[2x3] + b[3]):\n");
	if (run(x, 2, 3, b, 3) != 0)
		return 1;

	/* b of size 1 broadcasts too (a dim that is 1 at run time). */
	const float one[1] = {2};
	printf("relu(x[2x3] + b[1]):\n");
	if (run(x, 2, 3, one, 1) != 0)
		return 1;

	/* Incompatible shapes: [2, 3] and [4] do not broadcast. */
	const float bad[4] = {0, 0, 0, 0};
	printf("relu(x[2x3] + b[4]):\n");
	if (run(x, 2, 3, bad, 4) != 1)
		return 1; /* the error path must report status 1 */
	return 0;
}
