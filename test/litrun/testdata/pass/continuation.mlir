// A RUN line ending in a backslash continues on the next RUN line.
// RUN: echo one \
// RUN:   two \
// RUN:   three | check "one two three"
// RUN: args --a \
// Non-RUN lines in between are fine.
// RUN:      --b | check "[--a]" "[--b]"
