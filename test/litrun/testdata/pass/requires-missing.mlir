// REQUIRES: nonexistent-feature
// This would fail, but is skipped because the feature is missing.
// RUN: fail
