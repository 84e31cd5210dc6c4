// XFAIL: known-bug, some-other-feature
// RUN: fail
