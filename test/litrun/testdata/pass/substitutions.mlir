// Substitutions: %s is this file, %S its directory, %t/%T are per-test
// temporaries and %% is a literal percent sign.
// RUN: same %s %S/substitutions.mlir
// RUN: same %t %T/substitutions.mlir.tmp
// RUN: same %p %S
// RUN: same %% %
// RUN: same 100%% 100%
// RUN: echo %s | check substitutions.mlir
// RUN: echo %unknown | check %unknown
// RUN: echo data > %t && cat %t | check data
// RUN: echo more > %T/other.txt && cat %T/other.txt | check more

func.func @f() {
  return
}
