// XFAIL: *
// RUN: echo passes
