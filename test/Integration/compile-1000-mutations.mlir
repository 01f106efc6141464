// A wrapper writing back 1,000 mutated inputs (a compiled optimizer step's
// shape: the graph computes each input's new value, here x + 1, and the
// epilogue copies it back) compiles and mutates every input, interpreted and
// native. Its failure paths are shared exits, not a copy of every release at
// every failure point: the module releases O(N) times, not O(N^2) (1,000
// inputs were 1,500,000 release calls and 10 s to compile; its compile time is
// measured by `wrapc-dev bench --compile-scaling`).
// RUN: wrapc-dev bench --write-compile-scaling-case 1000 --scaling-shape mutations > %t.mlir
// RUN: python3 -c "import json; print(json.dumps([{'tensor': {'dtype': 'f32', 'sizes': [3]}}] * 1000 + [{'int': 3}]))" > %t.json
// RUN: wrapc run %t.mlir --entry f --inputs %t.json --format table --quiet | FileCheck %s
// RUN: wrapc interpret %t.mlir --entry f --inputs %t.json --format table | FileCheck %s
// RUN: wrapc compile %t.mlir --emit mlir -o %t.ll --quiet
// RUN: sh -c 'n=$(grep -c "llvm.call @wrt_tensor_release" %t.ll); echo "releases: $n"; test "$n" -le 5000'
// CHECK: in0 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [3]/[1]+0 v1 {{.*}} [1 2 3]
// CHECK: in499 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [3]/[1]+0 v1 {{.*}} [1 2 3]
// CHECK: in999 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [3]/[1]+0 v1 {{.*}} [1 2 3]
// CHECK: in1000 int 3
