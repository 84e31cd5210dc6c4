// `not` inverts the exit status of the command it prefixes.
// RUN: not fail
// RUN: not exit 3
// RUN: not not echo ok
// RUN: not --crash panic
// RUN: not fail 2>&1 | check boom
