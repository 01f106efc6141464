// Passes report what they cannot handle at the op, and fail.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-flatten-subclasses
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(wrap-flatten-subclasses,wrap-orchestrate)'

// The subclass wrapper's callee must already be a function: flattening
// before orchestration is an ordering mistake.
func.func private @g(!wrap.tensor<4xf32>) -> ()
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs []
// expected-error @+1 {{callee 'f' is still a wrap.runtime_wrapper; run wrap-orchestrate first}}
wrap.subclass_wrapper @s : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @f

// -----

// A frozen input is a constant: it cannot have dynamic outer sizes (which
// would have to travel as symints next to null leaves).
func.func private @flat(!wrap.tensor<4xf32>, index) -> ()
// expected-error @+1 {{frozen input #0 has dynamic outer sizes; a frozen constant has a static shape}}
wrap.subclass_wrapper @s : (!wrap.subclass<"S", ?xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @flat {frozen = array<i64: 0>, append_symints}

// -----

// The index in the message is the argument's.
func.func private @flat(!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> ()
// expected-error @+1 {{frozen input #1 has dynamic outer sizes; a frozen constant has a static shape}}
wrap.subclass_wrapper @s : (!wrap.tensor<4xf32>, !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>) -> () calls @flat {frozen = array<i64: 0, 1>, append_symints}
