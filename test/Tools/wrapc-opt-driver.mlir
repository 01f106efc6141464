// The opt driver: dialects and passes are registered, bad input is reported
// with its location and exit code 1.

// RUN: wrapc-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS-DAG: arith
// DIALECTS-DAG: cf
// DIALECTS-DAG: func
// DIALECTS-DAG: gpu
// DIALECTS-DAG: index
// DIALECTS-DAG: llvm
// DIALECTS-DAG: memref
// DIALECTS-DAG: nvvm
// DIALECTS-DAG: scf
// DIALECTS-DAG: wrap

// RUN: wrapc-opt --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --wrap-orchestrate {{.*}}Expand wrap.runtime_wrapper into one straight-line function
// HELP-DAG: --wrap-flatten-subclasses {{.*}}Flatten tensor subclasses
// HELP-DAG: --check-types
// HELP-DAG: --wrap-specialize-mutation-epilogue {{.*}}write-back
// HELP-DAG: --elide-self-copies
// HELP-DAG: --wrap-inline-alias-replay {{.*}}view regeneration
// HELP-DAG: --split-input-file
// HELP-DAG: --verify-diagnostics

// RUN: not wrapc-opt %S/Inputs/malformed.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: malformed.mlir:3:{{[0-9]+}}: error: unknown input flag 'mutates_everything'

// RUN: not wrapc-opt %S/Inputs/malformed.mlir --wrap-orchestrate 2>&1 | FileCheck %s --check-prefix=BAD

// RUN: not wrapc-opt --pass-pipeline='builtin.module(wrap-no-such-pass)' %s 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: 'wrap-no-such-pass' does not refer to a registered pass

// RUN: wrapc-opt --pass-pipeline='builtin.module(wrap-specialize-mutation-epilogue{elide-self-copies=false})' %s | FileCheck %s --check-prefix=OPTS
// OPTS: module
module {}
