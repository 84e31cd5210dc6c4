// && runs the next pipeline only on success, || only on failure, ; always.
// RUN: echo one > %t && echo two >> %t && cat %t | check one two
// RUN: fail || echo recovered > %t.r
// RUN: cat %t.r | check recovered
// RUN: echo first > %t.s ; cat %t.s | check first
// RUN: not fail && echo yes | check yes
