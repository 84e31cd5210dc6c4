// RUN: echo fine | check fine
// RUN: echo actual-output | check expected-output
// RUN: echo never-runs
