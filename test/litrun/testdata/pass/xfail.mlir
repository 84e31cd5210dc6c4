// XFAIL: *
// An expected failure: the test passes because the RUN line fails.
// RUN: fail
