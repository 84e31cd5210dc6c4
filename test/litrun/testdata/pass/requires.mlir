// REQUIRES: asserts, !nonexistent-feature
// RUN: echo ran | check ran
