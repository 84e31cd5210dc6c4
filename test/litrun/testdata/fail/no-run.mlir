// This file has no RUN lines.
func.func @f() {
  return
}
