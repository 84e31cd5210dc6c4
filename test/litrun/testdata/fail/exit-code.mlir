// RUN: exit 42
