// A C program built against the generated header and shared object.
// wrapc links with lld in-process: no C compiler or linker is reachable
// while it compiles (an empty PATH, no CC).
// RUN: rm -rf %t && mkdir -p %t/empty
// RUN: env -u CC PATH=%t/empty %wrapc_bin/wrapc compile %wrapc_src/examples/demo.mlir -o %t/libdemo.so --quiet
// RUN: cc -std=c11 -Wall -Werror %wrapc_src/examples/c/call_demo.c -I %t -I %wrapc_src/runtime/include -L %t -ldemo -Wl,-rpath,%t -o %t/call_demo
// RUN: %t/call_demo | FileCheck %s

// CHECK: f -> 0
// a.copy_(b): a holds b's values, one version bump.
// CHECK-NEXT: a {{.*}} v1 sizes=[4] strides=[1] values=10 20 30 40
// CHECK-NEXT: b {{.*}} v0 sizes=[4] strides=[1] values=10 20 30 40
// z.t_(): z itself is now 3x2, transposed.
// CHECK-NEXT: z {{.*}} v1 sizes=[3, 2] strides=[1, 3] values=1 4 2 5 3 6
// CHECK-NEXT: out0 {{.*}} sizes=[4] strides=[1] values=10 20 30 40
// CHECK-NEXT: out1 {{.*}} sizes=[4] strides=[1] values=10 20 30 40
// CHECK-NEXT: out2 {{.*}} sizes=[3, 2] strides=[1, 3]
// CHECK-NEXT: out0 aliases a: yes
// CHECK-NEXT: out2 is z: yes
// The TwoTensor entry point: a subclass handle in, one rebuilt out; .a is
// input a's storage (a view of it, copied into again: v2), .b a clone.
// CHECK-NEXT: user_fn -> 0
// CHECK-NEXT: out0 is a TwoTensor of 2 attributes
// CHECK-NEXT: out0.a storage=[[A:[0-9]+]] v2 sizes=[4] strides=[1] values=10 20 30 40
// CHECK-NEXT: out0.b {{.*}} v1 sizes=[4] strides=[1] values=10 20 30 40
// CHECK-NEXT: plain tensor for a TwoTensor -> 6: user_fn: argument #0: invalid argument: expected a TwoTensor, got a plain tensor
// CHECK-NEXT: TwoTensor for a plain tensor -> 6: f: argument #0: expected a plain tensor, got a TwoTensor
// CHECK-NEXT: wrong count -> 6: f: expected 3 inputs and 3 outputs in non-null arrays
// CHECK-NEXT: wrong dtype -> 2: f: argument #0: expected f32, got f64
// CHECK-NEXT: null input -> 1: f: argument #1: the tensor is null
// CHECK-NEXT: wrong shape -> 3: f: argument #0: expected sizes [4] (-1: any), got [3, 2]
// CHECK-NEXT: null inputs array -> 6: f: expected 3 inputs and 3 outputs in non-null arrays
// CHECK-NEXT: null outputs array -> 6: f: expected 3 inputs and 3 outputs in non-null arrays
