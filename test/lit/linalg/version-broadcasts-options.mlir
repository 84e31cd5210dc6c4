// RUN: bcast-opt %s --verify-diagnostics --linalg-version-broadcasts=max-versions=0
//
// max-versions counts versions of one generic: at least 1.

// expected-error @+1 {{invalid value '0' for option 'max-versions': expected at least 1}}
module {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
