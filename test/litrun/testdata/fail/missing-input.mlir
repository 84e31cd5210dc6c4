// RUN: cat < %t.does-not-exist
