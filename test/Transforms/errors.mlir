// Passes report what they cannot handle at the op, and fail the pipeline.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-flatten-subclasses

func.func private @g(!wrap.tensor<4xf32>) -> ()
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs []
// expected-error @+1 {{callee 'f' is still a wrap.runtime_wrapper; run wrap-orchestrate first}}
wrap.subclass_wrapper @s : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @f

// -----

func.func private @flat(!wrap.tensor<4xf32>, index) -> ()
// expected-error @+1 {{frozen input #0 has dynamic outer sizes; a frozen constant has a static shape}}
wrap.subclass_wrapper @s : (!wrap.subclass<"S", ?xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @flat {frozen = array<i64: 0>, append_symints}
