// UNSUPPORTED: asserts && known-bug
// RUN: fail
