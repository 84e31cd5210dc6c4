// pipefail: the first command fails, so the pipeline fails even though the
// last command succeeds.
// RUN: fail | cat
