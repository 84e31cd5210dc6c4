package ir

// SetPrintChunk sets the size at which a parallel printing run starts a
// new buffer, until restore is called.
func SetPrintChunk(n int) (restore func()) {
	old := printChunk
	printChunk = n
	return func() { printChunk = old }
}
