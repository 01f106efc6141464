// RUN: wrapc-opt %s --convert-wrap-to-llvm | FileCheck %s
// An allocation on another GPU than the first asks the runtime for that
// device (a graph Inductor compiled for cuda:1 allocated on cuda:0, where
// its extern kernels then refused the mix of devices).
// CHECK-LABEL: func.func @on_fourth_gpu(
// CHECK-DAG:     %[[CUDA:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[INDEX:.*]] = arith.constant 3 : i32
// CHECK:         llvm.call @wrt_empty_strided(%{{[^,]*}}, %[[CUDA]], %[[INDEX]],
func.func @on_fourth_gpu() -> !wrap.tensor<4xf32, cuda> {
  %e = wrap.empty_strided [4] [1] {device_index = 3} : !wrap.tensor<4xf32, cuda>
  return %e : !wrap.tensor<4xf32, cuda>
}
