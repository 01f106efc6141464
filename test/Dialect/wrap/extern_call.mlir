// wrap.extern_call: an operator of the embedding framework with its
// schema's arguments in `spec`; wrap.kernel's `library` payload.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: wrap.kernel @cpp : (!wrap.tensor<8x4xf32>, !wrap.tensor<8xf32>, i64) -> () entry "kernel" configs [] {library = "/tmp/k.so"}
wrap.kernel @cpp : (!wrap.tensor<8x4xf32>, !wrap.tensor<8xf32>, i64) -> () entry "kernel" configs [] {library = "/tmp/k.so"}

// CHECK-LABEL: func.func @f
func.func @f(%b: !wrap.tensor<4xf32>, %x: !wrap.tensor<8x16xf32>, %w: !wrap.tensor<16x4xf32>, %n: index) -> !wrap.tensor<8x4xf32> {
  %buf = wrap.empty_strided [8, 4] [4, 1] : !wrap.tensor<8x4xf32>
  // CHECK: wrap.extern_call "aten::addmm.out" "t0;t1;t2;beta=c:1;alpha=c:1.5;out=t3"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!wrap.tensor<4xf32>, !wrap.tensor<8x16xf32>, !wrap.tensor<16x4xf32>, !wrap.tensor<8x4xf32>) -> ()
  wrap.extern_call "aten::addmm.out" "t0;t1;t2;beta=c:1;alpha=c:1.5;out=t3" (%b, %x, %w, %buf)
      : (!wrap.tensor<4xf32>, !wrap.tensor<8x16xf32>, !wrap.tensor<16x4xf32>, !wrap.tensor<8x4xf32>) -> ()
  // Two new results, an integer operand, None and a JSON list holding ';'-free text.
  // CHECK: %{{.*}}:2 = wrap.extern_call "aten::topk" "t0;s1;c:-1;c:true;c:[1,2];n"(%{{.*}}, %{{.*}}) : (!wrap.tensor<8x4xf32>, index) -> (!wrap.tensor<8x4xf32>, !wrap.tensor<8x4xi64>)
  %v, %i = wrap.extern_call "aten::topk" "t0;s1;c:-1;c:true;c:[1,2];n" (%buf, %n)
      : (!wrap.tensor<8x4xf32>, index) -> (!wrap.tensor<8x4xf32>, !wrap.tensor<8x4xi64>)
  %s = wrap.empty_strided [8] [1] : !wrap.tensor<8xf32>
  %k = arith.constant 4 : i64
  // A library kernel's launch has no grid.
  // CHECK: wrap.launch @cpp args(%{{.*}}, %{{.*}}, %{{.*}}) : !wrap.tensor<8x4xf32>, !wrap.tensor<8xf32>, i64
  wrap.launch @cpp args(%v, %s, %k) : !wrap.tensor<8x4xf32>, !wrap.tensor<8xf32>, i64
  return %buf : !wrap.tensor<8x4xf32>
}
