// RUN: not echo unexpectedly-fine
