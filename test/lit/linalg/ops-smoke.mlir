// RUN: bcast-opt %s | bcast-opt | FileCheck %s
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: tensor.expand_shape
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<4x?xf32>, %b: tensor<?xf32>, %c1: index) -> tensor<4x?xf32> {
  %d = tensor.dim %a, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%d) : tensor<4x?xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x?xf32>, tensor<?xf32>) outs(%e : tensor<4x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = math.exp %s : f32
    %i = linalg.index 1 : index
    linalg.yield %t : f32
  } -> tensor<4x?xf32>
  %col = tensor.collapse_shape %e [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %exp = tensor.expand_shape %col [[0, 1]] output_shape [4, %d] : tensor<?xf32> into tensor<4x?xf32>
  %cast = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %x = tensor.extract %a[%c1, %c1] : tensor<4x?xf32>
  %fe = tensor.from_elements %d, %c1 : tensor<2xindex>
  %sl = tensor.extract_slice %a[0, 0] [2, %d] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
  %ins = tensor.insert_slice %sl into %a[0, 0] [2, %d] [1, 1] : tensor<2x?xf32> into tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}
