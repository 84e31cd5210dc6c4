package ir

// Complex elements of dense attributes: `dense<[(1.0,2.0), (3.0,-4.0)]>`
// of `tensor<2xcomplex<f32>>`. Each element is stored as its real part
// then its imaginary part, each in the layout of the complex type's float
// element (so complex<f32> takes 8 bytes), which is MLIR's storage, its
// hex form and C's `float _Complex`.

// ComplexPartKind returns the float kind of the parts of a complex type
// over a float type, and false for any other type.
func ComplexPartKind(t Type) (FloatKind, bool) {
	ct, ok := t.(*ComplexType)
	if !ok {
		return 0, false
	}
	ft, ok := ct.Elem.(*FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

// IsComplex reports whether t is a complex type over a float type, the
// complex types the dense attributes, the hlo ops and the interpreter take.
func IsComplex(t Type) bool {
	_, ok := ComplexPartKind(t)
	return ok
}

// ComplexAt returns element i of a complex attribute, each part widened
// exactly to float64.
func (d *DenseElementsAttr) ComplexAt(i int64) complex128 {
	k, _ := ComplexPartKind(d.Type.ElementType())
	off := d.offset(i)
	half := d.elemSize() / 2
	return complex(decodeFloat(d.Raw[off:], k), decodeFloat(d.Raw[off+half:], k))
}

// NewDenseComplex returns a dense attribute of a complex element type from
// complex values, each part rounded to the element's float type. One value
// for a type of several elements makes a splat.
func NewDenseComplex(t ShapedType, vals []complex128) *DenseElementsAttr {
	ct := t.ElementType().(*ComplexType)
	var buf []byte
	for _, v := range vals {
		buf = appendComplex(buf, ct, v)
	}
	return &DenseElementsAttr{Type: t, Raw: buf, Splat: len(vals) == 1 && NumElements(t.Shape()) != 1}
}

// RoundToComplexType rounds each part of z to the part type of t (a
// complex type over a float type).
func RoundToComplexType(z complex128, t Type) complex128 {
	k, _ := ComplexPartKind(t)
	return complex(RoundToFloatType(real(z), k), RoundToFloatType(imag(z), k))
}

// ComplexPair returns z as the attribute complex.constant takes:
// `[re : f32, im : f32]` for complex<f32>.
func ComplexPair(t *ComplexType, z complex128) *ArrayAttr {
	return &ArrayAttr{Elems: []Attribute{
		&FloatAttr{Type: t.Elem, Value: real(z)},
		&FloatAttr{Type: t.Elem, Value: imag(z)},
	}}
}

// ComplexFromPair reads a pair written by ComplexPair (two float
// attributes of one type); false for any other attribute.
func ComplexFromPair(a Attribute) (complex128, bool) {
	arr, ok := a.(*ArrayAttr)
	if !ok || len(arr.Elems) != 2 {
		return 0, false
	}
	re, ok1 := arr.Elems[0].(*FloatAttr)
	im, ok2 := arr.Elems[1].(*FloatAttr)
	if !ok1 || !ok2 || re.Type != im.Type {
		return 0, false
	}
	return complex(re.Value, im.Value), true
}

func appendComplex(buf []byte, t *ComplexType, z complex128) []byte {
	k := t.Elem.(*FloatType).Kind
	buf = appendFloat(buf, k, real(z))
	return appendFloat(buf, k, imag(z))
}

// encodeComplexLiteral encodes a parsed `(re, im)` element.
func (p *parser) encodeComplexLiteral(buf []byte, l denseLit, et Type) []byte {
	ct, ok := et.(*ComplexType)
	if !ok || !IsComplex(ct) {
		p.failAt(l.tok, "expected %s element, got a complex (re, im) literal", et)
	}
	parts := [2]float64{}
	for j, part := range [2]denseLit{{tok: l.tok, neg: l.neg}, *l.im} {
		if part.tok.kind == tBareIdent {
			p.failAt(part.tok, "expected %s part of a complex element, got a boolean", ct.Elem)
		}
		a, msg := p.numberLiteral(part.tok, part.neg, ct.Elem)
		if msg != "" {
			p.failAt(part.tok, "%s", msg)
		}
		parts[j] = a.(*FloatAttr).Value
	}
	return appendComplex(buf, ct, complex(parts[0], parts[1]))
}

// parseComplexLiteral parses `(re, im)` inside dense<...>, the opening
// parenthesis being the current token.
func (p *parser) parseComplexLiteral() denseLit {
	p.advance()
	re := p.parsePrimitiveLiteral()
	if !p.accept(tComma) {
		p.fail("expected ',' between complex elements")
	}
	im := p.parsePrimitiveLiteral()
	if !p.accept(tRParen) {
		p.fail("expected ')' after complex elements")
	}
	re.im = &im
	return re
}

// complexElem prints one complex element as MLIR does: `(re,im)`,
// each part as a float of the part type.
func (ap *attrPrinter) complexElem(z complex128, t *ComplexType) {
	ft := t.Elem.(*FloatType)
	ap.buf = append(ap.buf, '(')
	ap.floatValue(real(z), ft)
	ap.buf = append(ap.buf, ',')
	ap.floatValue(imag(z), ft)
	ap.buf = append(ap.buf, ')')
}
