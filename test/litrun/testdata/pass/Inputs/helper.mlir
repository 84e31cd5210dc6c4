// Files under Inputs/ are auxiliary and are not run as tests.
// RUN: fail
