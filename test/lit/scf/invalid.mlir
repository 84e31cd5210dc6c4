// RUN: bcast-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
//
// Every diagnostic of dialects/scf. The texts are mlir-opt-19's, including
// the two spaces in the control-flow-edge messages. Malformed ops that the
// custom syntax cannot express are written in the generic form.

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

func.func @if_condition_not_i1(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_empty_then(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_region_arguments(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
  %r = "scf.if"(%c) ({
  ^bb0(%x: f32):
    "scf.yield"(%x) : (f32) -> ()
  }, {
    "scf.yield"(%a) : (f32) -> ()
  }) : (i1) -> f32
  return %r : f32
}

// -----

func.func @if_two_blocks(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%a) : (f32) -> ()
  ^bb1:
    "scf.yield"(%a) : (f32) -> ()
  }, {
    "scf.yield"(%a) : (f32) -> ()
  }) : (i1) -> f32
  return %r : f32
}

// -----

func.func @if_wrong_terminator(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op expects regions to end with 'scf.yield', found 'func.return'}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%a) : (f32) -> ()
  }, {
    "func.return"(%a) : (f32) -> ()
  }) : (i1) -> f32
  return %r : f32
}

// -----

func.func @if_results_without_else(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  }
  return %r : f32
}

// -----

func.func @if_then_yields_too_few(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 0 operands, but target successor needs 1}}
  %r = scf.if %c -> (f32) {
    scf.yield
  } else {
    scf.yield %a : f32
  }
  return %r : f32
}

// -----

func.func @if_no_results_yields_value(%c: i1, %a: f32) {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0}}
  scf.if %c {
    scf.yield %a : f32
  }
  return
}

// -----

// An else block without a yield gets the implied empty one, which then
// yields too few values.
func.func @if_else_implied_yield(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #1 to parent results: source has 0 operands, but target successor needs 1}}
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  } else {
    %x = arith.constant 1.0 : f32
  }
  return %r : f32
}

// -----

func.func @if_yield_type_mismatch(%c: i1, %a: f32, %i: i32) -> f32 {
  // expected-error @+1 {{'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  } else {
    scf.yield %i : i32
  }
  return %r : f32
}

// -----

// expected-note @+1 {{prior use here}}
func.func @if_condition_type_in_custom_form(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

//===----------------------------------------------------------------------===//
// scf.yield
//===----------------------------------------------------------------------===//

// -----

func.func @yield_outside_scf(%a: f32) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %a : f32
}

// -----

func.func @yield_with_result(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'scf.yield' op expected 0 results, but found 1}}
    %0 = "scf.yield"() : () -> f32
  }
  return
}
