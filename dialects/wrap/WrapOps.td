//===- WrapOps.td - wrap dialect operations ----------------*- tablegen -*-===//

#ifndef WRAP_OPS
#define WRAP_OPS

include "WrapDialect.td"
include "WrapAttrs.td"
include "WrapTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpAsmInterface.td"

// The state of tensor objects a program can observe: geometry, storage,
// version counter, autograd flags and, through storage, the data. Queries
// read it; in-place ops write it; ops returning a new tensor object
// allocate in it. Ops that declare nothing (calls, launches) may touch any
// of it, so nothing moves or merges across them.
def Wrap_TensorState : Resource<"::wrapc::TensorStateResource">;
def Wrap_ReadTensor : Arg<Wrap_TensorType, "", [MemRead<Wrap_TensorState>]>;
def Wrap_WrittenTensor : Arg<Wrap_TensorType, "",
    [MemRead<Wrap_TensorState>, MemWrite<Wrap_TensorState>]>;
def Wrap_NewTensor : Res<Wrap_TensorType, "", [MemAlloc<Wrap_TensorState>]>;
// A tensor or a tensor-subclass instance: what a runtime wrapper's version
// bumps and data write-backs act on (an outer RuntimeWrapper sees subclass
// instances).
def Wrap_TensorLike : AnyTypeOf<[Wrap_TensorType, Wrap_SubclassType],
    "wrap tensor or subclass">;
def Wrap_ReadTensorLike : Arg<Wrap_TensorLike, "", [MemRead<Wrap_TensorState>]>;
def Wrap_WrittenTensorLike : Arg<Wrap_TensorLike, "",
    [MemRead<Wrap_TensorState>, MemWrite<Wrap_TensorState>]>;

def Wrap_InputInfoArrayAttr : TypedArrayAttrBase<Wrap_InputInfoAttr,
    "array of per-input metadata">;
def Wrap_OutputInfoArrayAttr : TypedArrayAttrBase<Wrap_OutputInfoAttr,
    "array of per-output metadata">;
def Wrap_KernelConfigArrayAttr : TypedArrayAttrBase<Wrap_KernelConfigAttr,
    "array of kernel configs">;

//===----------------------------------------------------------------------===//
// Level 1: semantic wrappers
//===----------------------------------------------------------------------===//

def Wrap_RuntimeWrapperOp : Wrap_Op<"runtime_wrapper", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "PyTorch's RuntimeWrapper around one compiled graph";
  let description = [{
    Declares the wrapper function `@sym_name` of type `function_type` that
    calls the compiled graph `@callee` (a `func.func`) the way AOTAutograd's
    `_runtime_wrapper` does. `inputs` holds one `#wrap.input` per argument,
    `outputs` one `#wrap.output` per result.

    The callee takes the wrapper's arguments and returns, in order: the new
    value of every input mutated outside the graph, then every user output
    (aliases included, as the graph computed them), then
    `num_intermediate_bases` intermediate bases. In training
    (`trace_joint`) the callee may be the partitioned forward graph itself
    rather than AOTAutograd's `CompiledFunction` around it: it then also
    returns `num_saved_tensors` tensors and `num_saved_symints` symbolic
    ints saved for backward, last, which `CompiledFunction.forward` keeps
    for the backward pass (`ctx.save_for_backward`, `ctx.symints`) and
    never returns; the wrapper drops them (wrapc runs no backward).

    With tensor subclasses PyTorch nests the wrappers: this wrapper, with
    subclass-level metadata, calls the `wrap.subclass_wrapper` (`@callee`
    may name one) around the flat graph. Arguments and results may then be
    `!wrap.subclass` instances, which the wrapper bumps the version of
    (mutated in the graph), copies data back into (mutated outside it:
    `wrap.copy_inplace`) and returns (`non_alias`, `is_input`). An
    `alias_of_input` instance result is the callee's instance as it is:
    making it a view of the base again is the subclass's
    `__torch_dispatch__`'s, which an embedder runs (PyTorch's
    `gen_alias_from_base`). An instance that requires grad is read as any
    argument. In training (`trace_joint`) PyTorch puts the subclass wrapper
    inside `CompiledFunction`, so `@callee` is then an autograd function
    over the instances themselves (autograd sees subclasses), and an
    instance is never in `detach_inputs`. Metadata and storage mutations,
    other views and a mutation of an instance that requires grad are
    autograd's or the subclass's `__torch_dispatch__`'s and are refused.

    Wrapper-level flags: `trace_joint` (training: the call runs with grad
    enabled and the inputs in `detach_inputs` are detached first; otherwise
    grad is disabled around the call), `grad_enabled_mutation` (the grad mode
    the user function left behind, restored at the end), `disable_amp`
    (autocast off around the call).

    ```mlir
    wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
        calls @f_compiled
        inputs [#wrap.input<mutates_data>]
        outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>]
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    FlatSymbolRefAttr:$callee,
    Wrap_InputInfoArrayAttr:$inputs,
    Wrap_OutputInfoArrayAttr:$outputs,
    UnitAttr:$trace_joint,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$detach_inputs,
    DefaultValuedAttr<I64Attr, "0">:$num_intermediate_bases,
    DefaultValuedAttr<I64Attr, "0">:$num_saved_tensors,
    DefaultValuedAttr<I64Attr, "0">:$num_saved_symints,
    OptionalAttr<BoolAttr>:$grad_enabled_mutation,
    UnitAttr:$disable_amp
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `calls` $callee
    `inputs` $inputs `outputs` $outputs attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    InputInfoAttr getInputInfo(unsigned i) {
      return ::llvm::cast<InputInfoAttr>(getInputs()[i]);
    }
    OutputInfoAttr getOutputInfo(unsigned i) {
      return ::llvm::cast<OutputInfoAttr>(getOutputs()[i]);
    }
    /// Indices of the inputs whose new value the graph returns.
    ::llvm::SmallVector<unsigned> getMutatedOutOfGraphInputs();
    /// Indices of the inputs the graph mutates itself.
    ::llvm::SmallVector<unsigned> getMutatedInGraphInputs();
    /// Number of results the compiled callee must return.
    unsigned getExpectedCalleeResultCount();
  }];
}

def Wrap_SubclassWrapperOp : Wrap_Op<"subclass_wrapper", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "PyTorch's AOTDispatchSubclassWrapper";
  let description = [{
    Declares `@sym_name`, whose arguments and results may be
    `!wrap.subclass` values, as a call of `@callee` on their flattened
    leaves. Each subclass argument is unwrapped recursively in attribute
    order; with `append_symints` the dynamic outer sizes of each subclass
    follow its leaves as `index` values. Subclass results are rebuilt from
    the callee's leaves (and outer sizes) with `__tensor_unflatten__`.
    Arguments listed in `frozen` were frozen by the compiler: their leaves
    are passed as null placeholders and their type is not checked.

    ```mlir
    wrap.subclass_wrapper @g : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.tensor<4xf32>
        calls @g_flat
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    FlatSymbolRefAttr:$callee,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$frozen,
    UnitAttr:$append_symints
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `calls` $callee attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    bool isFrozen(unsigned argIndex);
    /// The signature the callee must have: every subclass flattened.
    ::mlir::FunctionType getFlattenedFunctionType();
  }];
}

def Wrap_DedupeWrapperOp : Wrap_Op<"dedupe_wrapper", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "PyTorch's AOTDedupeWrapper: one tensor passed as several arguments";
  let description = [{
    Declares `@sym_name` as a call of `@callee` with its duplicate arguments
    removed (`remove_dupe_args` of `AOTDedupeWrapper` in
    `torch/_functorch/_aot_autograd/runtime_wrappers.py`). `dupes` is
    PyTorch's `add_dupe_map`: one entry per argument, the index of the
    deduplicated argument it is. An argument whose entry appears for the
    first time is kept (`keep_arg_mask`); a later argument with the same
    entry was the same tensor object when the function was compiled, and is
    dropped. The first occurrences number the deduplicated arguments
    0, 1, 2, … in order, and a duplicate has the type of the argument it
    repeats.

    PyTorch relies on Dynamo's guards for the duplicates still being one
    tensor at run time, and checks it only under `debug_assert`; wrapc's
    callers have no guards, so every call checks each dropped argument is
    the very tensor it duplicates and fails with PyTorch's message if not.
    Distinct arguments are not checked for being distinct (as in PyTorch, a
    different aliasing pattern is a different compilation).

    ```mlir
    wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
        calls @f_deduped dupes [0, 0]
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    FlatSymbolRefAttr:$callee,
    DenseI64ArrayAttr:$dupes
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `calls` $callee `dupes` $dupes attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The callee's signature: the arguments that are kept, in order.
    ::mlir::FunctionType getDedupedFunctionType();
  }];
}

def Wrap_SyntheticBaseWrapperOp : Wrap_Op<"synthetic_base_wrapper", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "PyTorch's AOTSyntheticBaseWrapper: mutated inputs that alias other inputs";
  let description = [{
    Declares `@sym_name` as a call of `@callee` in which inputs that alias
    each other, one of them mutated, are passed as one base
    (`AOTSyntheticBaseWrapper` and `merge_view_inputs` in
    `torch/_functorch/_aot_autograd/runtime_wrappers.py`); the callee
    regenerates them as views of it. `args` is PyTorch's
    `synthetic_base_info`: per argument, the callee argument it becomes.
    The callee's leading arguments are the bases, each shared by two or
    more arguments (a view of it); every other callee argument is one
    argument passed on. A base's type is the callee's: it is the aliases'
    common `_base` when they have one, else a fresh 1-d tensor over their
    storage with a version counter of its own, so a mutation through it
    bumps none of the caller's counters (decided on every call, as
    PyTorch does; a base of another shape than compiled fails the call).

    `metadata_mutated` lists the merged arguments whose metadata the
    function changes: the callee returns each one's new geometry after its
    results, and the wrapper applies it to the argument with `as_strided_`.
    `trace_joint`: the autograd case, where PyTorch also requires the
    aliases to be views autograd relates.

    ```mlir
    wrap.synthetic_base_wrapper @f : (!wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<4xf32>)
        -> !wrap.tensor<4xf32> calls @f_inner args [0, 0, 1]
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    FlatSymbolRefAttr:$callee,
    DenseI64ArrayAttr:$args,
    DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$metadata_mutated,
    UnitAttr:$trace_joint
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `calls` $callee `args` $args
    (`metadata_mutated` $metadata_mutated^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// How many of the callee's arguments are bases.
    unsigned getNumBases();
  }];
}

def Wrap_BackwardWrapperOp : Wrap_Op<"backward_wrapper", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "CompiledFunction.backward around one compiled backward graph";
  let description = [{
    Declares the backward entry point `@sym_name` of a training graph: what
    AOTAutograd's `CompiledFunction.backward` does around the compiled
    backward graph `@callee` (`_backward_prologue_functional` and the call,
    in `torch/_functorch/_aot_autograd/runtime_wrappers.py`).

    Arguments: the `num_saved` values the forward saved for backward
    (symbolic ints, then tensors: `ctx.symints`, `ctx.saved_tensors`), then
    one gradient per value the forward graph returned (mutated inputs, user
    outputs, intermediate bases), each defined: an undefined one was
    materialized by the caller (autograd's engine zero-fills a missing
    gradient from the output's metadata). `tangents` lists, in increasing
    order, the returned values whose gradient the backward graph takes
    (mutated inputs and outputs that require grad, intermediate bases), and
    `layouts` one `#wrap.layout` per kept gradient: the layout it was traced
    with, to which it is copied when it arrives in another
    (`coerce_to_expected_memory_format`). The callee takes the saved values
    then the kept gradients and returns the wrapper's results: one gradient
    per forward input.

    The saved values stay the caller's: freeing them after the call unless
    `retain_graph` is the owner's decision (an autograd node's), not this
    entry point's, so a second backward with `retain_graph` can call it
    again.

    ```mlir
    wrap.backward_wrapper @f_bw : (index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>,
        !wrap.tensor<4xf32>) -> (!wrap.tensor<4x3xf32>)
        calls @f_bw_graph saved 2 tangents [0] layouts [#wrap.layout<strided [4, 3], [3, 1]>]
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    FlatSymbolRefAttr:$callee,
    I64Attr:$num_saved,
    DenseI64ArrayAttr:$tangents,
    TypedArrayAttrBase<Wrap_LayoutAttr, "one layout per kept tangent">:$layouts
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `calls` $callee `saved` $num_saved
    `tangents` $tangents `layouts` $layouts attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The callee's signature: the saved values, the kept tangents.
    ::mlir::FunctionType getCalleeFunctionType();
  }];
}

//===----------------------------------------------------------------------===//
// Level 2: straight-line wrapper steps
//===----------------------------------------------------------------------===//

def Wrap_GradModeGetOp : Wrap_Op<"grad_mode.get"> {
  let summary = "read the thread's grad mode (torch.is_grad_enabled)";
  let results = (outs I1:$enabled);
  let assemblyFormat = "attr-dict";
}

def Wrap_GradModeSetOp : Wrap_Op<"grad_mode.set"> {
  let summary = "set the thread's grad mode (torch._C._set_grad_enabled)";
  let arguments = (ins I1:$enabled);
  let assemblyFormat = "$enabled attr-dict";
}

def Wrap_BumpVersionOp : Wrap_Op<"bump_version"> {
  let summary = "increment a tensor's version counter";
  let description = [{
    Emitted for every input the compiled graph mutates itself
    (`increment_mutation_versions`), so autograd sees the mutation. On a
    subclass instance it bumps the instance's own counter.
  }];
  let arguments = (ins Wrap_WrittenTensorLike:$tensor);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Wrap_DetachOp : Wrap_Op<"detach", [SameOperandsAndResultType]> {
  let summary = "tensor.detach(): same storage and version, no grad";
  let description = [{
    A new tensor object each time (`x.detach() is x.detach()` is false), made
    from `tensor`'s state at this point: two detaches never merge, and none
    moves across an op that changes `tensor`.
  }];
  let arguments = (ins Wrap_ReadTensor:$tensor);
  let results = (outs Wrap_NewTensor:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Wrap_SetRequiresGradOp : Wrap_Op<"set_requires_grad"> {
  let summary = "tensor.requires_grad_(flag)";
  let arguments = (ins Wrap_WrittenTensor:$tensor, BoolAttr:$requires_grad);
  let assemblyFormat = "$tensor `,` $requires_grad attr-dict `:` qualified(type($tensor))";
}

def Wrap_MarkDifferentiableOp : Wrap_Op<"mark_differentiable"> {
  let summary = "what an autograd.Function does to a tensor its forward returns";
  let description = [{
    The autograd layer of a training forward (`trace_joint`): PyTorch's
    compiled forward runs inside `CompiledFunction`, an `autograd.Function`
    (`AOTDispatchAutograd.post_compile` in `runtime_wrappers.py`), which
    marks the outputs whose `requires_grad` metadata is false
    non-differentiable (`ctx.mark_non_differentiable`) and gives every other
    floating-point tensor it returns a `grad_fn`: `requires_grad` and not a
    leaf. wrap-orchestrate emits this op on those returns (user outputs that
    are not aliases, and intermediate bases, which always require grad) right
    after a `trace_joint` call; a callee that already is an
    `autograd.Function` (the torch front end's) returns tensors in exactly
    this state, so the op changes nothing there. Aliased outputs and
    metadata-only mutations come back boxed (`TensorAlias`) and unmarked.

    ```mlir
    wrap.mark_differentiable %out, true : !wrap.tensor<4xf32>
    ```
  }];
  let arguments = (ins Wrap_WrittenTensor:$tensor, BoolAttr:$differentiable);
  let assemblyFormat = "$tensor `,` $differentiable attr-dict `:` qualified(type($tensor))";
}

def Wrap_PatchRequiresGradOp : Wrap_Op<"patch_requires_grad",
    [AllTypesMatch<["tensor", "result"]>]> {
  let summary = "match an alias's requires_grad to the traced output";
  let description = [{
    `gen_alias_from_base`'s last step, decided by the *base's* run-time
    requires_grad: if the base requires grad but the traced output did not,
    the result is `alias.detach()`; if the base does not but the traced
    output did, `alias.requires_grad_(True)`; otherwise the alias itself.
    `wrap-inline-alias-replay` emits `wrap.set_requires_grad` or nothing
    instead when the base's flag is known at compile time.
  }];
  let arguments = (ins Wrap_TensorType:$tensor, Wrap_TensorType:$base,
                       BoolAttr:$requires_grad);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    $tensor `from` $base `,` $requires_grad attr-dict `:` qualified(type($tensor)) `,` qualified(type($base))
  }];
}

def Wrap_CoerceLayoutOp : Wrap_Op<"coerce_layout", [SameOperandsAndResultType]> {
  let summary = "a tangent in its traced layout (coerce_to_expected_memory_format)";
  let description = [{
    `tensor` itself when it already has `layout` (contiguous in the memory
    format, ignoring the strides of size-1 dimensions as `is_contiguous`
    does; or exactly the traced sizes and strides), else a new tensor with
    that layout holding a copy of its values (`x.contiguous(memory_format)`,
    or `empty_strided` and `copy_`), which requires grad when `tensor` does.

    ```mlir
    %c = wrap.coerce_layout %t to <channels_last> : !wrap.tensor<2x3x4x4xf32>
    ```
  }];
  let arguments = (ins Wrap_ReadTensor:$tensor, Wrap_LayoutAttr:$layout);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    $tensor `to` $layout attr-dict `:` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Wrap_CallCompiledOp : Wrap_Op<"call_compiled", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call the compiled graph";
  let description = [{
    Calls `@callee` (a `func.func`) with `operands`. The result count and
    types are fixed by the callee's signature, so the output-arity check of
    `_runtime_wrapper` is done by this op's verifier at compile time.
    `disable_amp` runs the call with autocast disabled (wrapc's runtime has
    no autocast state, so it changes nothing there; it is kept for
    embedders that have one).
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<Wrap_AnyValue>:$operands,
                       UnitAttr:$disable_amp);
  let results = (outs Variadic<Wrap_AnyValue>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
}

def Wrap_ApplyMutationOp : Wrap_Op<"apply_mutation"> {
  let summary = "write an out-of-graph mutation back into the input";
  let description = [{
    Generic form of the mutation epilogue for one input: `orig` is the
    original input, `updated` the new value the graph returned, `info` the
    input's metadata. `wrap-specialize-mutation-epilogue` replaces it with
    exactly one of `wrap.set_storage`, `wrap.as_strided_inplace`
    (+ copy), `wrap.detach_copy_inplace`, `wrap.copy_inplace`, or nothing.
  }];
  let arguments = (ins Wrap_TensorType:$orig, Wrap_TensorType:$updated,
                       Wrap_InputInfoAttr:$info, UnitAttr:$trace_joint);
  let assemblyFormat = [{
    $orig `,` $updated attr-dict `:` qualified(type($orig)) `,` qualified(type($updated))
  }];
  let hasVerifier = 1;
}

class Wrap_InplaceFromOp<string mnemonic, string summaryText>
    : Wrap_Op<mnemonic> {
  let summary = summaryText;
  let arguments = (ins Wrap_WrittenTensor:$orig, Wrap_ReadTensor:$updated);
  let assemblyFormat = [{
    $orig `,` $updated attr-dict `:` qualified(type($orig)) `,` qualified(type($updated))
  }];
  let hasVerifier = 1;
}

def Wrap_SetStorageOp : Wrap_InplaceFromOp<"set_storage",
    "orig.set_(updated): adopt updated's storage, offset, sizes, strides">;
def Wrap_AsStridedInplaceOp : Wrap_InplaceFromOp<"as_strided_inplace",
    "orig.as_strided_(updated.size(), updated.stride(), updated.storage_offset())">;
def Wrap_CopyInplaceOp : Wrap_Op<"copy_inplace"> {
  let summary = "orig.copy_(updated)";
  let description = [{
    Between tensors: broadcasting, dtype conversion, one version bump of
    `orig`. Between two instances of one subclass (an outer runtime
    wrapper's write-back): the instance's version bump, then `copy_`
    attribute by attribute below it (no inner version moves, nested
    instances' included), as a traceable wrapper subclass's
    `__torch_dispatch__` runs it (PyTorch's `TwoTensor`).

    `autograd`: autograd records this copy — a joint graph's input that
    requires grad and is not a leaf gets the copy as its `grad_fn`. Only the
    runtime's `copy_` (an embedder's own `copy_` for its tensors) can do
    that, so such a copy is never lowered to an inline `memmove`.

    `leaf`: `orig` is a leaf by its metadata, and the copy is PyTorch's
    run-time test (`if info.is_leaf and orig.requires_grad`):
    `orig.detach().copy_(updated)` when `orig` requires grad when the copy
    runs, else `orig.copy_(updated)`, which autograd records. The metadata
    cannot decide it: its `requires_grad` is the input's after the function.
    It implies what `autograd` says, so it takes no `autograd`.

    `restrided`: a `wrap.as_strided_inplace` of `orig` to `updated`'s
    geometry precedes the copy (a write-back of an input whose data and
    metadata the function changed), so `orig` has `updated`'s shape when
    it runs. Its static type is its entry's and may even have another rank
    (`x.unsqueeze_(0); x.mul_(2)`): shapes are not checked against it. The
    verifier requires that `wrap.as_strided_inplace` of the same two values
    right before the copy.
  }];
  let arguments = (ins Wrap_WrittenTensorLike:$orig, Wrap_ReadTensorLike:$updated,
                       UnitAttr:$autograd, UnitAttr:$leaf, UnitAttr:$restrided);
  let assemblyFormat = [{
    $orig `,` $updated attr-dict `:` qualified(type($orig)) `,` qualified(type($updated))
  }];
  let hasVerifier = 1;
}
def Wrap_DetachCopyInplaceOp : Wrap_Op<"detach_copy_inplace"> {
  let summary = "orig.detach().copy_(updated): a copy hidden from autograd";
  let description = [{
    `restrided`: `orig` has `updated`'s geometry when the copy runs, as for
    `wrap.copy_inplace`.
  }];
  let arguments = (ins Wrap_WrittenTensor:$orig, Wrap_ReadTensor:$updated,
                       UnitAttr:$restrided);
  let assemblyFormat = [{
    $orig `,` $updated attr-dict `:` qualified(type($orig)) `,` qualified(type($updated))
  }];
  let hasVerifier = 1;
}

def Wrap_ReplayAliasOp : Wrap_Op<"replay_alias"> {
  let summary = "regenerate one user output from its alias metadata";
  let description = [{
    Generic form of one `_replay_aliases` handler. `out` is the output the
    graph returned; `base` the original input (`is_input`,
    `alias_of_input`) or the intermediate base (`alias_of_intermediate*`)
    the output aliases; absent for pass-through kinds. `base_requires_grad`
    records the base's requires_grad when it is known at compile time (an
    input's metadata), which lets the requires_grad patch fold away.
    `wrap-inline-alias-replay` turns it into straight-line view ops.
  }];
  let arguments = (ins Wrap_TensorType:$out, Optional<Wrap_TensorType>:$base,
                       Wrap_OutputInfoAttr:$info,
                       OptionalAttr<BoolAttr>:$base_requires_grad);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    $out (`from` $base^ `:` qualified(type($base)))? attr-dict `:` qualified(type($out)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Wrap_AsStridedOp : Wrap_Op<"as_strided", [AttrSizedOperandSegments]> {
  let summary = "base.as_strided(sizes, strides, offset): a view";
  let description = [{
    A view of `base`'s storage. Each size, stride and the offset is a static
    integer or an `index` value.

    ```mlir
    %v = wrap.as_strided %base [4, %n] [1, 4] 0 : !wrap.tensor<16xf32> -> !wrap.tensor<4x?xf32>
    ```
  }];
  let arguments = (ins Wrap_TensorType:$base,
                       Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       Optional<Index>:$offset,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       I64Attr:$static_offset);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    $base custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    custom<DynamicOffset>($offset, $static_offset)
    attr-dict `:` qualified(type($base)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Wrap_ViewDtypeOp : Wrap_Op<"view_dtype"> {
  let summary = "base.view(dtype): reinterpret the elements";
  let arguments = (ins Wrap_ReadTensor:$base);
  let results = (outs Wrap_NewTensor:$result);
  let assemblyFormat = "$base attr-dict `:` qualified(type($base)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Wrap_SubclassUnwrapOp : Wrap_Op<"subclass.unwrap", [Pure]> {
  let summary = "__tensor_flatten__: the inner attributes of a subclass";
  let description = [{
    One result per inner attribute, in flatten order (a nested subclass comes
    out as a subclass value), then, if `symints` is set, one `index` per
    dynamic outer dimension.
  }];
  let arguments = (ins Wrap_SubclassType:$value, UnitAttr:$symints);
  let results = (outs Variadic<Wrap_AnyValue>:$inner);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value)) `->` qualified(type($inner))";
  let hasVerifier = 1;
}

def Wrap_SubclassWrapOp : Wrap_Op<"subclass.wrap", [Pure, AttrSizedOperandSegments]> {
  let summary = "__tensor_unflatten__: rebuild a subclass";
  let description = [{
    Rebuilds a subclass from its inner attributes (in flatten order) and one
    `index` outer size per dynamic outer dimension.
  }];
  let arguments = (ins Variadic<Wrap_AnyValue>:$inner,
                       Variadic<Index>:$outer_sizes);
  let results = (outs Wrap_SubclassType:$value);
  let assemblyFormat = [{
    `(` $inner `:` qualified(type($inner)) `)` (`outer` `(` $outer_sizes^ `)`)? attr-dict `->` qualified(type($value))
  }];
  let hasVerifier = 1;
}

def Wrap_SubclassCheckTypeOp : Wrap_Op<"subclass.check_type"> {
  let summary = "assert a value's run-time subclass is the expected one";
  let arguments = (ins Wrap_SubclassType:$value);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value))";
}

def Wrap_SyntheticBaseOp : Wrap_Op<"synthetic_base"> {
  let summary = "the base PyTorch passes for inputs that alias each other";
  let description = [{
    The run-time half of a `wrap.synthetic_base_wrapper`: the base of
    `members`, arguments `args` of the call, which must share one storage.
    It is their common `_base` when some have one (every member without
    one must be that base), else a fresh 1-d tensor over the whole storage
    with its own version counter (`torch.empty(0).set_(storage)`), as
    `merge_view_inputs` decides. A base that does not have the result's
    sizes fails the call, as do members PyTorch refuses to merge (different
    dtypes from their `_base`; under `trace_joint`, views autograd does not
    relate).

    ```mlir
    %base = wrap.synthetic_base %a, %b {args = array<i64: 0, 1>} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32> -> !wrap.tensor<6xf32>
    ```
  }];
  let arguments = (ins Arg<Variadic<Wrap_TensorType>, "", [MemRead<Wrap_TensorState>]>:$members,
                       DenseI64ArrayAttr:$args,
                       UnitAttr:$trace_joint);
  let results = (outs Wrap_NewTensor:$base);
  let assemblyFormat = [{
    $members attr-dict `:` qualified(type($members)) `->` qualified(type($base))
  }];
  let hasVerifier = 1;
}

def Wrap_CheckSameTensorOp : Wrap_Op<"check_same_tensor", [
    AllTypesMatch<["tensor", "original_tensor"]>]> {
  let summary = "fail unless two arguments are one tensor object";
  let description = [{
    The run-time check of a `wrap.dedupe_wrapper`: argument #`duplicate`
    (`tensor`) must be the tensor object argument #`original` (`original`)
    is, or the call fails with the message PyTorch's `AOTDedupeWrapper`
    raises under `debug_assert`. No memory effect is declared, so it is never
    erased or moved.

    ```mlir
    wrap.check_same_tensor %b, %a {duplicate = 1, original = 0} : !wrap.tensor<4xf32>
    ```
  }];
  let arguments = (ins Wrap_TensorType:$tensor, Wrap_TensorType:$original_tensor,
                       I64Attr:$duplicate, I64Attr:$original);
  let assemblyFormat = [{
    $tensor `,` $original_tensor attr-dict `:` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Wrap_MarkDynamicOp : Wrap_Op<"mark_dynamic"> {
  let summary = "t._dynamo_weak_dynamic_indices |= dims";
  let arguments = (ins Wrap_WrittenTensor:$tensor, DenseI64ArrayAttr:$dims);
  let assemblyFormat = "$tensor $dims attr-dict `:` qualified(type($tensor))";
  let hasVerifier = 1;
}

class Wrap_TensorQueryOp<string mnemonic, string summaryText>
    : Wrap_Op<"tensor." # mnemonic> {
  let summary = summaryText;
  let results = (outs Index:$result);
}

def Wrap_TensorSizeOp : Wrap_TensorQueryOp<"size", "t.size(dim)"> {
  let arguments = (ins Wrap_ReadTensor:$tensor, I64Attr:$dim);
  let assemblyFormat = "$tensor `,` $dim attr-dict `:` qualified(type($tensor))";
  let hasVerifier = 1;
}

def Wrap_TensorStrideOp : Wrap_TensorQueryOp<"stride", "t.stride(dim)"> {
  let arguments = (ins Wrap_ReadTensor:$tensor, I64Attr:$dim);
  let assemblyFormat = "$tensor `,` $dim attr-dict `:` qualified(type($tensor))";
  let hasVerifier = 1;
}

def Wrap_TensorOffsetOp : Wrap_TensorQueryOp<"offset", "t.storage_offset()"> {
  let arguments = (ins Wrap_ReadTensor:$tensor);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Wrap_NullOp : Wrap_Op<"null", [Pure]> {
  let summary = "a null tensor placeholder (an input frozen by the compiler)";
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Level 3: wrapper program
//===----------------------------------------------------------------------===//

def Wrap_KernelOp : Wrap_Op<"kernel", [
    Symbol, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a device or host kernel with autotune configs and payloads";
  let description = [{
    Declares kernel `@sym_name` with argument types `function_type` (tensors
    are passed as data pointers, integers by value), its entry point name in
    the payload, at least one autotune configuration, and one payload per
    target: `ptx` (PTX text), `ptx_file`, `cubin_file`, and `host` (a
    `func.func` taking the kernel's arguments then three `index` program
    ids).

    A `library` kernel is a C function `entry` exported by a shared
    object another compiler built (Inductor's C++ kernels: `extern "C"
    void kernel(float *in_out, const float *in, int64_t ks0)`): it runs
    its own loops, so it takes no configs, its launches no grid, and it
    is called once per launch with tensors as data pointers and integers
    as `int64_t`. The library is opened, and the symbol resolved, at the
    first launch.

    ```mlir
    wrap.kernel @add : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
        entry "triton_poi_add_0"
        configs [#wrap.config<"X1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>]
        {host = @add_host, ptx_file = "add.ptx"}
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    StrAttr:$entry,
    Wrap_KernelConfigArrayAttr:$configs,
    OptionalAttr<StrAttr>:$ptx,
    OptionalAttr<StrAttr>:$ptx_file,
    OptionalAttr<StrAttr>:$cubin_file,
    OptionalAttr<FlatSymbolRefAttr>:$host,
    OptionalAttr<StrAttr>:$library
  );
  let assemblyFormat = [{
    $sym_name `:` $function_type `entry` $entry `configs` $configs attr-dict
  }];
  let hasVerifier = 1;
}

def Wrap_LaunchOp : Wrap_Op<"launch", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "launch a kernel over a grid of programs";
  let description = [{
    Launches `@kernel` with `args`, which must match the kernel's signature,
    over either `grid` (one to three `index` extents, in programs) or
    `numel` (one to three element counts; the grid is their ceil-division
    by the block of the config the kernel runs with, as Triton's
    `grid(xnumel)` is). Only the `numel` form lets autotuning pick among
    configs with different blocks. The host backend runs the first config.
    A launch of a `library` kernel takes neither: the kernel is called
    once.

    A launch trusts its payload's indexing, as a Triton launch does: the
    program must make sure the tensors are as large as the index space the
    scalar arguments describe, as Inductor's wrapper does with
    `assert_size_stride` on its inputs (`wrap.assert_size_stride`). The
    interpreter checks every access and reports an overrun at the payload's
    load or store.

    ```mlir
    wrap.launch @add grid(%g) args(%x, %y, %n) : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
    wrap.launch @add numel(%n) args(%x, %y, %n) : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, Variadic<Index>:$grid,
                       Variadic<Index>:$numel, Variadic<Wrap_KernelArg>:$args);
  let assemblyFormat = [{
    $kernel (`grid` `(` $grid^ `)`)? (`numel` `(` $numel^ `)`)? `args` `(` $args `)`
    attr-dict (`:` qualified(type($args))^)?
  }];
  let hasVerifier = 1;
}

def Wrap_LazyLaunchOp : Wrap_Op<"lazy_launch", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "launch through a per-kernel slot (made by wrap-lower-lazy-launch)";
  let description = [{
    `slot` names the kernel's zero-initialized `wrt_cuda_slot` global and
    `descriptor` its constant `wrt_cuda_kernel` (image, entry, configs).
    convert-wrap-to-llvm lowers it to a call of the slot's launcher (one
    function per slot and launch shape, inlined back in small modules),
    whose fast path reads the entry of the first tensor argument's device,
    computes the grid and calls `cuLaunchKernel` through the entry's
    function pointer; the runtime's
    slow path loads and autotunes on the first call, and recovers a launch
    from a thread without the device's context current. `grid` and
    `numel` mean what they mean on `wrap.launch`. The verifier checks that
    `slot` is a mutable `llvm.mlir.global` byte array at least as large as
    the runtime's `wrt_cuda_slot`, and `descriptor` one whose type is
    `wrt_cuda_kernel`'s (both as `wrapc_abi` defines them, e.g.
    `!llvm.struct<(ptr, i64, ptr, ptr, i64)>`): the compiled fast path
    reads them without further checks. A slot keeps the kernel its first
    launch loads, so every launch through one slot names the same
    descriptor (convert-wrap-to-llvm rejects a module where it does not).

    With `cuda_graph` (wrap-lower-lazy-launch's `cuda-graphs` option) the
    launch goes through the runtime instead (`wrt_cuda_graph_launch`, every
    argument in an 8-byte cell): inside a graph-mode entry point it is
    recorded, and the entry point's launches are replayed as one CUDA graph
    when they repeat.

    ```mlir
    wrap.lazy_launch @__wrapc_slot_add, @__wrapc_kernel_add numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$slot, FlatSymbolRefAttr:$descriptor,
                       Variadic<Index>:$grid, Variadic<Index>:$numel,
                       Variadic<Wrap_KernelArg>:$args, UnitAttr:$cuda_graph);
  let assemblyFormat = [{
    $slot `,` $descriptor (`grid` `(` $grid^ `)`)? (`numel` `(` $numel^ `)`)?
    `args` `(` $args `)` attr-dict (`:` qualified(type($args))^)?
  }];
  let hasVerifier = 1;
}

def Wrap_ExternCallOp : Wrap_Op<"extern_call"> {
  let summary = "call an operator of the embedding framework (an extern kernel)";
  let description = [{
    Calls the embedder's operator `op` (`"aten::addmm.out"`: the schema's
    name and overload) through the runtime's embedder backend, as
    Inductor's wrapper calls an extern kernel. `spec` gives the schema's
    arguments in order, separated by `;`: `t<i>` is tensor operand `i`,
    `s<i>` integer operand `i` (a size computed at run time), `n` None,
    and `c:<json>` a constant (a JSON number, boolean, string, or list of
    them). Keyword arguments are named: `out=t3`. `results` are the
    operator's tensor results, new tensors the embedder made (none for an
    `out=` call, whose output operand it writes). Without an embedder
    backend the call fails with an error naming the operator.

    ```mlir
    wrap.extern_call "aten::addmm.out" "t0;t1;t2;beta=c:1;alpha=c:1;out=t3" (%b, %x, %w, %buf)
        : (!wrap.tensor<4xf32>, !wrap.tensor<8x16xf32>, !wrap.tensor<16x4xf32>, !wrap.tensor<8x4xf32>) -> ()
    ```
  }];
  let arguments = (ins StrAttr:$op, StrAttr:$spec,
                       Variadic<Wrap_KernelArg>:$args);
  let results = (outs Variadic<Wrap_TensorType>:$results);
  let assemblyFormat = [{
    $op $spec `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def Wrap_AllocOp : Wrap_Op<"alloc"> {
  let summary = "allocate a contiguous tensor";
  let description = [{
    One `index` operand per dynamic dimension of the result type, in order.
    `device_index`: the CUDA device a `cuda` tensor is allocated on (0 for
    a host tensor).
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes,
                       DefaultValuedAttr<I64Attr, "0">:$device_index);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = "`(` $dynamic_sizes `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Wrap_EmptyStridedOp : Wrap_Op<"empty_strided", [AttrSizedOperandSegments]> {
  let summary = "allocate a tensor with explicit sizes and strides";
  let description = [{
    `device_index`: the CUDA device a `cuda` tensor is allocated on
    (Inductor's `device='cuda:1'`: a graph on another device than the first
    allocates there; 0 for a host tensor).
  }];
  let arguments = (ins Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       DefaultValuedAttr<I64Attr, "0">:$device_index);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Wrap_FreeOp : Wrap_Op<"free"> {
  let summary = "release a buffer (Inductor's `del buf`)";
  let arguments = (ins Wrap_TensorType:$tensor);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Wrap_ReuseOp : Wrap_Op<"reuse"> {
  let summary = "reuse a dead buffer's memory for a new tensor";
  let description = [{
    The result takes over `source`'s storage; `source` must not be used
    afterwards. Statically known sizes must fit.
  }];
  let arguments = (ins Wrap_TensorType:$source);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Wrap_ReinterpretOp : Wrap_Op<"reinterpret", [AttrSizedOperandSegments]> {
  let summary = "ReinterpretView: raw strided view of a buffer";
  let arguments = (ins Wrap_TensorType:$source,
                       Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       Optional<Index>:$offset,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides,
                       I64Attr:$static_offset);
  let results = (outs Wrap_TensorType:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    custom<DynamicOffset>($offset, $static_offset)
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Wrap_AssertFiniteOp : Wrap_Op<"assert_finite"> {
  let summary = "fail the call if a tensor holds NaN or Inf";
  let arguments = (ins Wrap_TensorType:$tensor, StrAttr:$name);
  let assemblyFormat = "$tensor `,` $name attr-dict `:` qualified(type($tensor))";
}

def Wrap_AssertSizeStrideOp : Wrap_Op<"assert_size_stride", [AttrSizedOperandSegments]> {
  let summary = "fail the call unless sizes and strides are as expected";
  let arguments = (ins Wrap_TensorType:$tensor,
                       Variadic<Index>:$sizes, Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let assemblyFormat = [{
    $tensor custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Wrap_DeviceGuardOp : Wrap_Op<"device_guard", [
    SingleBlock, NoTerminator, RecursiveMemoryEffects]> {
  let summary = "run the region with a device made current";
  let arguments = (ins I64Attr:$device);
  let regions = (region SizedRegion<1>:$body);
  // `$device $body attr-dict`, parsed by hand to bound how deep guards nest.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // WRAP_OPS
