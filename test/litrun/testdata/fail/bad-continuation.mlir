// RUN: echo dangling \
