// Quoted arguments reach tools as single arguments without the quotes.
// RUN: args 'a b' "c d" e\ f "x\"y" '' "it's" 'say "hi"' | check "[a b]" "[c d]" "[e f]" '[x"y]' "[]" "[it's]" '[say "hi"]'
// RUN: args --pass-pipeline='builtin.module(func.func(cse))' | check "[--pass-pipeline=builtin.module(func.func(cse))]"
// RUN: args "a|b" 'c && d' "e > f" '2>&1' | check "[a|b]" "[c && d]" "[e > f]" "[2>&1]"
// RUN: args a'b'"c"d | check "[abcd]"
