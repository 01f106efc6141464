//===- Passes.td - wrapc pass definitions ------------------*- tablegen -*-===//
//
// The single source of wrapc's pass names, summaries and options. build.rs
// reads this file with the `tblgen` crate and generates the Rust registry;
// each pass `X` is implemented by `crate::<argument in snake_case>::run`.
//
//===----------------------------------------------------------------------===//

#ifndef WRAPC_PASSES
#define WRAPC_PASSES

include "mlir/Pass/PassBase.td"

def WrapOrchestrate : Pass<"wrap-orchestrate", "mlir::ModuleOp"> {
  let summary = "Expand wrap.runtime_wrapper into one straight-line function";
  let description = [{
    Replaces every `wrap.runtime_wrapper @f` by a `func.func @f` whose body is
    PyTorch's `_runtime_wrapper` with every branch resolved from the metadata:
    version bumps for inputs mutated in the graph (unless hidden from
    autograd), detach of `detach_inputs` and grad enabled around the call when
    `trace_joint`, otherwise grad disabled around the call and restored, the
    call (its arity is fixed by the callee's type and checked statically),
    one `wrap.apply_mutation` per input mutated outside the graph, one
    `wrap.replay_alias` per output, `wrap.mark_dynamic` for outputs with
    dynamic dims, and the final `grad_enabled_mutation` restore. Original
    inputs are the function's arguments: capturing them costs nothing.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::arith::ArithDialect"];
}

def WrapFlattenSubclasses : Pass<"wrap-flatten-subclasses", "mlir::ModuleOp"> {
  let summary = "Flatten tensor subclasses into their leaves (one-to-N)";
  let description = [{
    Replaces every `wrap.subclass_wrapper @g` by a `func.func @g` that checks
    the run-time type of each non-frozen subclass argument, unwraps it
    recursively into plain tensors (plus its dynamic outer sizes with
    `append_symints`), passes null placeholders for frozen arguments, calls
    the flat callee, and rebuilds every subclass result from the callee's
    leaves and outer sizes.
  }];
  let options = [
    Option<"checkTypes", "check-types", "bool", "true",
           "Emit wrap.subclass.check_type for non-frozen subclass inputs">
  ];
}

def WrapSpecializeMutationEpilogue
    : Pass<"wrap-specialize-mutation-epilogue", "mlir::ModuleOp"> {
  let summary = "Turn wrap.apply_mutation into the one write-back PyTorch runs";
  let description = [{
    Each `wrap.apply_mutation` becomes `wrap.set_storage` (storage mutation),
    `wrap.as_strided_inplace` (metadata only), `wrap.as_strided_inplace` then
    a copy (data and metadata), `wrap.detach_copy_inplace` (a leaf that
    requires grad), `wrap.copy_inplace` (data), or nothing. When the compiled
    callee provably returns the input's own buffer (it returns the argument
    itself), the copy is replaced by the version bump it would have made.
  }];
  let options = [
    Option<"elideSelfCopies", "elide-self-copies", "bool", "true",
           "Drop copies from a buffer into itself (keeping the version bump)">
  ];
}

def WrapInlineAliasReplay : Pass<"wrap-inline-alias-replay", "mlir::ModuleOp"> {
  let summary = "Turn wrap.replay_alias into straight-line view regeneration";
  let description = [{
    Each `wrap.replay_alias` becomes what `_replay_aliases` and
    `gen_alias_from_base` run for its output type: pass-through kinds return
    the graph's output; `is_input` returns the original input; aliases of
    inputs and intermediates become an optional `wrap.view_dtype` and a
    `wrap.as_strided` of the base with the baked sizes, strides and offset
    (symbolic ones read from the graph's output with `wrap.tensor.*`),
    followed by the requires_grad patch, folded where the base's flag is
    known statically.
  }];
}

#endif // WRAPC_PASSES
