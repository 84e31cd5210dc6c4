// Package pyoracle runs the numpy (and scipy) oracles of the tests: a
// Python script given as text, run once on a batch of cases with Debian's
// python3 (PYENV_VERSION=system, which bypasses pyenv's shims), the batch
// going in as a JSON file and the answers coming back as JSON on its
// standard output. Each test writes its own script; this is the one home
// of running it.
package pyoracle
