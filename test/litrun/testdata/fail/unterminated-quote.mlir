// RUN: echo 'oops
