// RUN: bcast-opt %s --split-input-file --verify-diagnostics

func.func @not_i1(%x: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%x) <{msg = "m"}> : (i32) -> ()
  return
}

// -----

func.func @no_msg(%x: i1) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%x) : (i1) -> ()
  return
}
