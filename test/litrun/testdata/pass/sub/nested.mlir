// Tests in subdirectories are found too.
// RUN: echo nested | check nested
