package interp

import "testing"

func TestShapePredicates(t *testing.T) {
	src := `
func.func @f(%a: tensor<?xindex>, %b: tensor<?xindex>) -> (i1, i1) {
  %0 = shape.is_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %1 = shape.shape_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  return %0, %1 : i1, i1
}`
	for _, c := range []struct {
		a, b          []int64
		bcast, equals int64
	}{
		{sh(2, 3), sh(3), 1, 0},
		{sh(2, 3), sh(2), 0, 0},
		{sh(1, 3), sh(4, 1), 1, 0},
		{sh(4, 1), sh(4, 1), 1, 1},
	} {
		out := runOK(t, src, ti("index", sh(int64(len(c.a))), c.a...), ti("index", sh(int64(len(c.b))), c.b...))
		expectTensor(t, "is_broadcastable", out[0], ti("i1", nil, c.bcast))
		expectTensor(t, "shape_eq", out[1], ti("i1", nil, c.equals))
	}
}
