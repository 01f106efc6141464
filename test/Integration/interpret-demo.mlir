// The demo wrapper, interpreted by method dispatch and after specialization:
// the same effects, and the right ones.
// RUN: wrapc interpret %wrapc_src/examples/demo.mlir --entry user_fn --inputs %wrapc_src/examples/demo_inputs.json --format table | FileCheck %s
// RUN: wrapc interpret %wrapc_src/examples/demo.mlir --entry user_fn --inputs %wrapc_src/examples/demo_inputs.json --format table --pipeline specialize | FileCheck %s

// a.copy_(b): a holds b's values, one version bump; b untouched.
// CHECK:      in0.a tensor#0 storage#0 f32 [4]/[1]+0 v1 {{.*}} [10 20 30 40]
// CHECK-NEXT: in0.b tensor#1 storage#1 f32 [4]/[1]+0 v0
// z.t_(): z itself now 3x2 with transposed strides, and marked dynamic.
// CHECK-NEXT: in1 tensor#2 storage#2 f32 [3, 2]/[1, 3]+0 v1 {{.*}} dyn=[0, 1] [1 4 2 5 3 6]
// The first result rebuilds TwoTensor: .a is a view of input a's storage...
// CHECK-NEXT: out0 TwoTensor outer [4]
// CHECK-NEXT: out0.a tensor#3 storage#0 f32 [4]/[1]+0
// ...and .b the clone, in storage of its own.
// CHECK-NEXT: out0.b tensor#4 storage#3
// The second result is the input z itself.
// CHECK-NEXT: out1 tensor#2 storage#2
// CHECK-NEXT: grad_enabled=true
