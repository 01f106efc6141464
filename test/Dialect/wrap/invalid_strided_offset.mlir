// wrap.as_strided / wrap.reinterpret have an offset operand exactly when
// static_offset is dynamic (only the generic form, or a builder, can break
// this); the message is not pinned, only that it names the offset.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error-re @+1 {{'wrap.as_strided' op {{.*}}offset}}
  %v = "wrap.as_strided"(%b) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>, static_offset = -9223372036854775808 : i64}> : (!wrap.tensor<8xf32>) -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>, %o: index) {
  // expected-error-re @+1 {{'wrap.reinterpret' op {{.*}}offset}}
  %v = "wrap.reinterpret"(%b, %o) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>, static_offset = 3 : i64}> : (!wrap.tensor<8xf32>, index) -> !wrap.tensor<4xf32>
  return
}
