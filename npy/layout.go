package npy

// swapBytes reverses the bytes of every size-byte element of data in
// place, converting between big- and little-endian.
func swapBytes(data []byte, size int) {
	if size == 1 {
		return
	}
	for i := 0; i+size <= len(data); i += size {
		e := data[i : i+size]
		for j, k := 0, size-1; j < k; j, k = j+1, k-1 {
			e[j], e[k] = e[k], e[j]
		}
	}
}

// fortranToC returns the elements of data, stored in Fortran (column-major)
// order for the given shape, in C (row-major) order (data itself if the
// two orders agree). It walks the C order
// and keeps the matching Fortran offset incrementally, so it costs one
// copy per element for any rank.
func fortranToC(data []byte, shape []int64, size int) []byte {
	// Dims of size 1 do not move any element; dropping them keeps the
	// walk linear even for shapes like (n, 1, 1, ..., 1).
	var dims []int64
	for _, d := range shape {
		if d != 1 {
			dims = append(dims, d)
		}
	}
	if len(dims) <= 1 || len(data) == 0 {
		return data
	}
	shape = dims
	rank := len(shape)
	out := make([]byte, len(data))
	// Fortran strides in elements: the first dim varies fastest.
	strides := make([]int64, rank)
	s := int64(1)
	for k, d := range shape {
		strides[k] = s
		s *= d
	}
	idx := make([]int64, rank)
	off := int64(0) // Fortran element offset of idx
	sz := int64(size)
	for i := int64(0); i*sz < int64(len(out)); i++ {
		copy(out[i*sz:(i+1)*sz], data[off*sz:(off+1)*sz])
		for k := rank - 1; k >= 0; k-- {
			idx[k]++
			off += strides[k]
			if idx[k] < shape[k] {
				break
			}
			off -= strides[k] * shape[k]
			idx[k] = 0
		}
	}
	return out
}

// normalizeBools makes every nonzero byte 1: numpy reads any nonzero byte
// of a bool array as True.
func normalizeBools(data []byte) {
	for i, b := range data {
		if b != 0 {
			data[i] = 1
		}
	}
}

// isNormalizedBools reports whether every byte of data is 0 or 1.
func isNormalizedBools(data []byte) bool {
	for _, b := range data {
		if b > 1 {
			return false
		}
	}
	return true
}
