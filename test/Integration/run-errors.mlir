// `wrapc run` on a wrapper whose compiled graph is only declared says so,
// and the header of a library built from it names the graph to link in.
// RUN: not wrapc run %s --entry f --inputs %S/Inputs/one-tensor.json --quiet 2>&1 | FileCheck %s --check-prefix=CHECK-JIT
// RUN: wrapc compile %s --emit=header -o %t.h --quiet && FileCheck %s --check-prefix=CHECK-HEADER < %t.h

// CHECK-JIT: wrapc: error: running @f: {{.*}}run-errors.mlir only declares the compiled graph(s) @graph; `wrapc run` needs their bodies in the module
// CHECK-HEADER: The library calls these compiled graphs, which the embedder links in,
// CHECK-HEADER-NEXT: each with the same entry-point signature: graph. */
// CHECK-HEADER: int32_t f(wrt_tensor *const *inputs, size_t n_in, wrt_tensor **outputs, size_t n_out);

func.func private @graph(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]
