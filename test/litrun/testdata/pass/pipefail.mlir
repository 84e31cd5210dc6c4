// With pipefail, a negated failing command in a pipe is fine...
// RUN: not fail | check-empty
// ...and the output of a failing command still flows down the pipe.
// RUN: not fail-with-output | check partial
// RUN: echo x | not fail
