// A crash is not an expected failure for plain `not`.
// RUN: not panic
