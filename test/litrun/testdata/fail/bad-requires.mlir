// REQUIRES: a &&
// RUN: echo x
