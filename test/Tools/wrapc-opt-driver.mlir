// The opt driver: dialects and passes are registered, bad input is reported
// with its location and exit code 1.

// RUN: wrapc-opt --show-dialects | FileCheck %s --check-prefix=CHECK-DIALECTS
// CHECK-DIALECTS-DAG: arith
// CHECK-DIALECTS-DAG: cf
// CHECK-DIALECTS-DAG: func
// CHECK-DIALECTS-DAG: gpu
// CHECK-DIALECTS-DAG: index
// CHECK-DIALECTS-DAG: llvm
// CHECK-DIALECTS-DAG: memref
// CHECK-DIALECTS-DAG: nvvm
// CHECK-DIALECTS-DAG: scf
// CHECK-DIALECTS-DAG: wrap

// RUN: wrapc-opt --help | FileCheck %s --check-prefix=CHECK-HELP
// CHECK-HELP-DAG: --wrap-orchestrate {{.*}}Expand wrap.runtime_wrapper into one straight-line function
// CHECK-HELP-DAG: --wrap-flatten-subclasses {{.*}}Flatten tensor subclasses
// CHECK-HELP-DAG: --check-types
// CHECK-HELP-DAG: --wrap-specialize-mutation-epilogue {{.*}}write-back
// CHECK-HELP-DAG: --elide-self-copies
// CHECK-HELP-DAG: --wrap-inline-alias-replay {{.*}}view regeneration
// Named pipelines, registered once in passes/src/pipeline.rs.
// CHECK-HELP-DAG: --wrap-specialize {{.*}}Level 1 to straight-line level 2
// CHECK-HELP-DAG: --wrap-lower-to-llvm {{.*}}wrapc's lowering, then upstream's
// CHECK-HELP-DAG: --wrap-lower-to-llvm-cuda {{.*}}lazily loaded
// CHECK-HELP-DAG: --split-input-file
// CHECK-HELP-DAG: --verify-diagnostics

// RUN: not wrapc-opt %S/Inputs/malformed.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-BAD
// CHECK-BAD: malformed.mlir:3:{{[0-9]+}}: error: unknown input flag 'mutates_everything'

// RUN: not wrapc-opt %S/Inputs/malformed.mlir --wrap-orchestrate 2>&1 | FileCheck %s --check-prefix=CHECK-BAD

// RUN: not wrapc-opt --pass-pipeline='builtin.module(wrap-no-such-pass)' %s 2>&1 | FileCheck %s --check-prefix=CHECK-PIPE
// CHECK-PIPE: 'wrap-no-such-pass' does not refer to a registered pass

// RUN: wrapc-opt --pass-pipeline='builtin.module(wrap-specialize-mutation-epilogue{elide-self-copies=false})' %s | FileCheck %s --check-prefix=CHECK-OPTS
// CHECK-OPTS: module
module {}

// An ill-typed pass option is a located error, not a silent default.
// RUN: not wrapc-opt --pass-pipeline='builtin.module(wrap-specialize-mutation-epilogue{elide-self-copies=yes})' %s 2>&1 | FileCheck %s --check-prefix=CHECK-BADOPT
// CHECK-BADOPT: error: wrap-specialize-mutation-epilogue: invalid value 'yes' for option 'elide-self-copies': expected true or false
