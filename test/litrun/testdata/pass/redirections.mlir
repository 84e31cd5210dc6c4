// Redirections of stdout, stderr and stdin.
// RUN: echoerr oops 2>&1 | check oops
// RUN: echoerr hidden 2> %t.err | check-empty
// RUN: cat %t.err | check hidden
// RUN: echo to-file > %t | check-empty
// RUN: cat < %t | check to-file
// RUN: echo appended >> %t
// RUN: cat %t | check to-file appended
// RUN: echo both &> %t.both && echoerr err-too 2>> %t.both
// RUN: cat %t.both | check both err-too
// RUN: echo to-stderr 1>&2 | check-empty
// RUN: echo via-stderr 2> %t.e2 1>&2 && cat %t.e2 | check via-stderr
// RUN: echo x>%t.nospace && cat<%t.nospace | check x
// RUN: echoerr discarded 2>/dev/null
// RUN: echo rel > rel-redirect.tmp.out && cat %S/rel-redirect.tmp.out | check rel && rm %S/rel-redirect.tmp.out
