// External programs found on PATH, mixed with in-process tools.
// RUN: true && not false
// RUN: echo from-tool | cat | check from-tool
// RUN: cat %s | check "External programs"
