// RUN: fail && echo should-not-run
