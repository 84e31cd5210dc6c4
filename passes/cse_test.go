package passes

import "testing"

// cseCases pins cse's output; cases without noMLIR also run through mlir-opt-19.
var cseCases = []passCase{
	{
		name: "commutative-operands",
		pass: "cse",
		in: `func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.muli %a, %b : i32
  %5 = arith.maxsi %0, %1 : i32
  return %0, %1, %5, %3 : i32, i32, i32, i32
}
`,
		want: `module {
  func.func @commutative(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg1, %arg0 : i32
    %2 = arith.maxsi %0, %0 : i32
    return %0, %0, %2, %1 : i32, i32, i32, i32
  }
}
`,
	},
	{
		name: "different-attributes-not-merged",
		pass: "cse",
		in: `func.func @attrs(%a: i32, %b: i32) -> (i1, i1, i1, i32, i32, i32, i64, i32) {
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi sgt, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.addi %a, %b overflow<nsw> : i32
  %4 = arith.addi %a, %b : i32
  %5 = arith.addi %a, %b overflow<nsw> : i32
  %c1 = arith.constant 1 : i32
  %c1_64 = arith.constant 1 : i64
  %c1b = arith.constant 1 : i32
  return %0, %1, %2, %3, %4, %5, %c1_64, %c1b : i1, i1, i1, i32, i32, i32, i64, i32
}
`,
		want: `module {
  func.func @attrs(%arg0: i32, %arg1: i32) -> (i1, i1, i1, i32, i32, i32, i64, i32) {
    %0 = arith.cmpi slt, %arg0, %arg1 : i32
    %1 = arith.cmpi sgt, %arg0, %arg1 : i32
    %2 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %3 = arith.addi %arg0, %arg1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c1_i32 = arith.constant 1 : i32
    return %0, %1, %0, %2, %3, %2, %c1_i64, %c1_i32 : i1, i1, i1, i32, i32, i32, i64, i32
  }
}
`,
	},
	{
		name: "unregistered-region-gets-fresh-scope",
		pass: "cse",
		in: `func.func @unregistered_region(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  "test.region"() ({
    %1 = arith.addi %a, %b : i32
    %2 = arith.addi %b, %a : i32
    "test.region"() ({
      %3 = arith.addi %a, %b : i32
      "test.use"(%3) : (i32) -> ()
    }) : () -> ()
    "test.use"(%1, %2) : (i32, i32) -> ()
  }) : () -> ()
  %4 = arith.addi %a, %b : i32
  %5 = "test.pure_looking"(%a) : (i32) -> i32
  %6 = "test.pure_looking"(%a) : (i32) -> i32
  "test.use"(%4, %5, %6) : (i32, i32, i32) -> ()
  return %0 : i32
}
`,
		want: `module {
  func.func @unregistered_region(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    "test.region"() ({
      %3 = arith.addi %arg0, %arg1 : i32
      "test.region"() ({
        %4 = arith.addi %arg0, %arg1 : i32
        "test.use"(%4) : (i32) -> ()
      }) : () -> ()
      "test.use"(%3, %3) : (i32, i32) -> ()
    }) : () -> ()
    %1 = "test.pure_looking"(%arg0) : (i32) -> i32
    %2 = "test.pure_looking"(%arg0) : (i32) -> i32
    "test.use"(%0, %1, %2) : (i32, i32, i32) -> ()
    return %0 : i32
  }
}
`,
	},
	{
		name: "dominance-across-blocks",
		pass: "cse",
		in: `func.func @blocks(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %a, %a : i32
  "test.use"(%1, %2) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %3 = arith.muli %a, %a : i32
  %4 = arith.muli %a, %a : i32
  "test.use"(%3, %4) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %5 = arith.muli %a, %a : i32
  %6 = arith.addi %a, %a : i32
  "test.use"(%5, %6) : (i32, i32) -> ()
  return %0 : i32
}
`,
		want: `module {
  func.func @blocks(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:  // pred: ^bb0
    %1 = arith.muli %arg0, %arg0 : i32
    "test.use"(%0, %1) : (i32, i32) -> ()
    "test.br"()[^bb3] : () -> ()
  ^bb2:  // pred: ^bb0
    %2 = arith.muli %arg0, %arg0 : i32
    "test.use"(%2, %2) : (i32, i32) -> ()
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    %3 = arith.muli %arg0, %arg0 : i32
    "test.use"(%3, %0) : (i32, i32) -> ()
    return %0 : i32
  }
}
`,
	},
	{
		name: "functions-are-separate-scopes",
		pass: "cse",
		in: `func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %a, %c2 : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %a, %c2 : i32
  %c2b = arith.constant 2 : i32
  %1 = arith.muli %a, %c2b : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
`,
		want: `module {
  func.func @f(%arg0: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg0, %c2_i32 : i32
    return %0 : i32
  }
  func.func @g(%arg0: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg0, %c2_i32 : i32
    %1 = arith.addi %0, %0 : i32
    return %1 : i32
  }
}
`,
	},
	{
		name: "nested-region-sees-enclosing-values",
		pass: "cse",
		in: `func.func @nested(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = "ptest.region"(%a) ({
  ^bb0(%x: i32):
    %2 = arith.addi %b, %a : i32
    %3 = arith.muli %x, %2 : i32
    %4 = arith.muli %x, %0 : i32
    %5 = arith.addi %3, %4 : i32
    "ptest.yield"(%5) : (i32) -> ()
  }) : (i32) -> i32
  %6 = "ptest.region"(%b) ({
  ^bb0(%x: i32):
    %7 = arith.muli %x, %0 : i32
    "ptest.yield"(%7) : (i32) -> ()
  }) : (i32) -> i32
  %8 = arith.muli %a, %0 : i32
  return %1, %6, %8 : i32, i32, i32
}
`,
		want: `module {
  func.func @nested(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = "ptest.region"(%arg0) ({
    ^bb0(%arg2: i32):
      %4 = arith.muli %arg2, %0 : i32
      %5 = arith.addi %4, %4 : i32
      "ptest.yield"(%5) : (i32) -> ()
    }) : (i32) -> i32
    %2 = "ptest.region"(%arg1) ({
    ^bb0(%arg2: i32):
      %4 = arith.muli %arg2, %0 : i32
      "ptest.yield"(%4) : (i32) -> ()
    }) : (i32) -> i32
    %3 = arith.muli %arg0, %0 : i32
    return %1, %2, %3 : i32, i32, i32
  }
}
`,
		noMLIR: "ptest ops exist only in this test binary",
	},
	{
		name: "equal-regions-merged",
		pass: "cse",
		in: `func.func @region_ops(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = "ptest.region"(%a) ({
  ^bb0(%x: i32):
    %1 = arith.muli %x, %b : i32
    "ptest.yield"(%1) : (i32) -> ()
  }) : (i32) -> i32
  %2 = "ptest.region"(%a) ({
  ^bb0(%y: i32):
    %3 = arith.muli %b, %y : i32
    "ptest.yield"(%3) : (i32) -> ()
  }) : (i32) -> i32
  %4 = "ptest.region"(%a) ({
  ^bb0(%y: i32):
    %5 = arith.addi %y, %b : i32
    "ptest.yield"(%5) : (i32) -> ()
  }) : (i32) -> i32
  %6 = "ptest.region"(%a) ({
  ^bb0(%y: i32):
    %7 = arith.muli %y, %b : i32
    %8 = arith.muli %y, %b : i32
    "ptest.yield"(%8) : (i32) -> ()
  }) : (i32) -> i32
  return %0, %2, %4, %6 : i32, i32, i32, i32
}
`,
		want: `module {
  func.func @region_ops(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
    %0 = "ptest.region"(%arg0) ({
    ^bb0(%arg2: i32):
      %3 = arith.muli %arg2, %arg1 : i32
      "ptest.yield"(%3) : (i32) -> ()
    }) : (i32) -> i32
    %1 = "ptest.region"(%arg0) ({
    ^bb0(%arg2: i32):
      %3 = arith.addi %arg2, %arg1 : i32
      "ptest.yield"(%3) : (i32) -> ()
    }) : (i32) -> i32
    %2 = "ptest.region"(%arg0) ({
    ^bb0(%arg2: i32):
      %3 = arith.muli %arg2, %arg1 : i32
      "ptest.yield"(%3) : (i32) -> ()
    }) : (i32) -> i32
    return %0, %0, %1, %2 : i32, i32, i32, i32
  }
}
`,
		noMLIR: "ptest ops exist only in this test binary",
	},
	{
		name: "module-body-graph-region",
		pass: "cse",
		in: `%c1 = arith.constant 1 : i32
%c1b = arith.constant 1 : i32
%0 = arith.addi %c1, %c1b : i32
%1 = arith.addi %c1, %c1b : i32
"test.use"(%0, %1) : (i32, i32) -> ()
`,
		want: `module {
  %c1_i32 = arith.constant 1 : i32
  %0 = arith.addi %c1_i32, %c1_i32 : i32
  "test.use"(%0, %0) : (i32, i32) -> ()
}
`,
	},
	{
		name: "large-dense-constants",
		pass: "cse",
		in: `func.func @dense() -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %0 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0]> : tensor<20xf32>
  %1 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0]> : tensor<20xf32>
  %2 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 99.0]> : tensor<20xf32>
  return %0, %1, %2 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}
`,
		want: `module {
  func.func @dense() -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
    %cst = arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01, 1.500000e+01, 1.600000e+01, 1.700000e+01, 1.800000e+01, 1.900000e+01]> : tensor<20xf32>
    %cst_0 = arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01, 1.500000e+01, 1.600000e+01, 1.700000e+01, 1.800000e+01, 9.900000e+01]> : tensor<20xf32>
    return %cst, %cst, %cst_0 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
  }
}
`,
	},
}

func TestCSE(t *testing.T) { runCases(t, cseCases) }
