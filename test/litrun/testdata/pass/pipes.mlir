// Pipes connect stdout of one tool to stdin of the next.
// RUN: echo hello world | cat | check "hello world"
// RUN: echo a b c | cat | cat | cat | check "a b c"
// Stdin of the first command is empty.
// RUN: cat | check-empty
