// RUN: not bcast-opt %s --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: not bcast-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --strict-whitespace --check-prefix=VERIFY
//
// As mlir-opt does, each error and note is followed by the source line it
// points into and a caret under its column (ir.Source); tabs expand to
// 8-column stops in both lines. --verify-diagnostics matches the message
// alone, and shows its own mismatches with their source lines too.

// CHECK:      diagnostic-source.mlir:[[@LINE+7]]:3: error: 'stablehlo.add' op operands #0 and #1 are not broadcast compatible: dim 0 is 2 in operand #0 and 3 in operand #1
// CHECK-NEXT: {{^}}  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// VERIFY:      diagnostic-source.mlir:[[@LINE+4]]:3: error: unexpected error: 'stablehlo.add' op operands #0 and #1
// VERIFY-NEXT: {{^}}  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>{{$}}
// VERIFY-NEXT: {{^}}  ^{{$}}
func.func @op_error(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A note carries its own source line. The use is indented by a tab.
// CHECK:      diagnostic-source.mlir:[[@LINE+7]]:20: error: use of value '%a' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'
// CHECK-NEXT: {{^}}          %0 = arith.addi %a, %a : tensor<4xi32>{{$}}
// CHECK-NEXT: {{^}}                          ^{{$}}
// CHECK-NEXT: diagnostic-source.mlir:[[@LINE+3]]:17: note: prior use here
// CHECK-NEXT: {{^}}func.func @note(%a: tensor<4xf32>) {{[{]$}}
// CHECK-NEXT: {{^}}                ^{{$}}
func.func @note(%a: tensor<4xf32>) {
	  %0 = arith.addi %a, %a : tensor<4xi32>
  return
}

// -----

// VERIFY:      diagnostic-source.mlir:[[@LINE+3]]:6: error: expected error "a message nothing gives" was not produced
// VERIFY-NEXT: {{^}}  // expected-{{error}} @+2 {{[{][{]}}a message nothing gives{{[}][}]}}{{$}}
// VERIFY-NEXT: {{^}}     ^{{$}}
  // expected-error @+2 {{a message nothing gives}}
func.func @fine() {
  return
}
