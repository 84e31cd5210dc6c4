// Unknown commands are errors even under `not`.
// RUN: not no-such-tool %s
