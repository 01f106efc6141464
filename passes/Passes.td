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

def WrapMergeViewInputs : Pass<"wrap-merge-view-inputs", "mlir::ModuleOp"> {
  let summary = "Turn wrap.synthetic_base_wrapper into a function that passes aliased inputs as one base";
  let description = [{
    Each `wrap.synthetic_base_wrapper` becomes a `func.func` of the same
    name and type that computes each base from the arguments merged into it
    (`wrap.synthetic_base`: their common `_base`, or a fresh tensor over
    their storage), calls the callee with the bases and the other
    arguments, applies the metadata mutations of merged arguments with
    `wrap.as_strided_inplace`, and returns the callee's results, as
    `AOTSyntheticBaseWrapper` does at run time. The callee must already be
    a function: run it after `wrap-orchestrate` (as `wrap-specialize` does).
  }];
}

def WrapRemoveDupeArgs : Pass<"wrap-remove-dupe-args", "mlir::ModuleOp"> {
  let summary = "Turn wrap.dedupe_wrapper into a function that drops duplicate arguments";
  let description = [{
    Each `wrap.dedupe_wrapper` becomes a `func.func` of the same name and
    type that checks every duplicate argument is the tensor it repeats
    (`wrap.check_same_tensor`) and calls the callee with the kept arguments,
    as `AOTDedupeWrapper.remove_dupe_args` does. The callee must already be
    a function: run it after `wrap-orchestrate` and `wrap-flatten-subclasses`
    (as `wrap-specialize` does).
  }];
}

def WrapLowerBackwardWrapper : Pass<"wrap-lower-backward-wrapper", "mlir::ModuleOp"> {
  let summary = "Turn wrap.backward_wrapper into the function CompiledFunction.backward runs";
  let description = [{
    Each `wrap.backward_wrapper` becomes a `func.func` of the same name and
    type that passes the saved values on, coerces each kept gradient to the
    layout the backward graph was traced with (`wrap.coerce_layout`), calls
    the compiled backward graph (`wrap.call_compiled`) and returns its
    gradients, as `CompiledFunction.backward` does at run time with the
    same metadata. Gradients the graph does not take are never read.
  }];
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

def WrapLowerLazyLaunch : Pass<"wrap-lower-lazy-launch", "mlir::ModuleOp"> {
  let summary = "Route GPU kernel launches through lazily loaded, autotuned per-kernel slots";
  let description = [{
    For every kernel a `wrap.launch` runs on the GPU, embeds its image (the
    `ptx` text, or the bytes of its `ptx_file` / `cubin_file`), entry name
    and configs in a constant `wrt_cuda_kernel` descriptor, adds a
    zero-initialized `wrt_cuda_slot` global with one entry per device, and
    rewrites the launch into `wrap.lazy_launch`. convert-wrap-to-llvm turns
    that into the fast path: pick the entry of the first tensor argument's
    device, compute the grid inline (ceil-division of `numel` by the chosen
    block), and call `cuLaunchKernel` through the entry's cached function
    pointer. The runtime's slow path runs on the first call (load, opt-in to
    large shared memory, autotune with the call's real arguments while
    saving and restoring what the kernel writes) and when a launch fails
    (a thread without the device's context current). Every tensor a GPU
    launch passes must be a CUDA tensor.

    With `cuda-graphs`, launches are marked `cuda_graph` and every public
    function gets a zero-initialized `wrt_cuda_graph_slot` global, named by
    its `wrap.cuda_graph` attribute: convert-wrap-to-llvm brackets the
    function's body with `wrt_cuda_graph_begin` / `wrt_cuda_graph_end`, and
    the runtime records the launches in between and replays them as one
    CUDA graph when a call repeats the previous call's launches (same
    kernels, grids and argument values); other calls launch directly. Meant
    for static-shape wrappers called again and again with the same
    buffers, as PyTorch's `mode="reduce-overhead"` is.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"allowFileDir", "allow-file-dir", "std::string", "\"\"",
           "A directory besides the input file's that ptx_file and cubin_file "
           "may name files in (they are read relative to the input file's "
           "directory and may not leave it otherwise)">,
    Option<"cudaGraphs", "cuda-graphs", "bool", "false",
           "Record each public function's launches and replay them as a CUDA graph when they repeat">
  ];
}

def WrapAttachPtx : Pass<"wrap-attach-ptx", "mlir::ModuleOp"> {
  let summary = "Compile the host MLIR payloads of wrap.kernel ops to PTX, attached as each kernel's ptx";
  let description = [{
    Every `wrap.kernel` with a host payload and no GPU payload gets the PTX
    wrapc compiles from it, as its `ptx` attribute, so that
    `wrap-lower-lazy-launch` embeds it: a copy of the module is outlined
    (`wrap-outline-gpu-kernels`), lowered to NVVM with upstream's
    conversions and compiled by LLVM's NVPTX back end for `chip` at
    `opt-level`. The module itself keeps its ops; kernels with PTX or cubin
    payloads are left as they are. The back end is wrapc's code generator
    (`wrapc-codegen`), which the tools install; a tool without it fails
    this pass with a message saying so.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_90\"",
           "The GPU architecture: sm_80 or sm_90">,
    Option<"optLevel", "opt-level", "std::string", "\"3\"",
           "LLVM's optimization level for the device code: 0 to 3">
  ];
}

def WrapOutlineGpuKernels : Pass<"wrap-outline-gpu-kernels", "mlir::ModuleOp"> {
  let summary = "Outline the host MLIR payloads of wrap.kernel ops into a gpu.module";
  let description = [{
    Every `wrap.kernel` with a host payload (`host = @f`) and no GPU
    payload (`ptx`, `ptx_file`, `cubin_file`) gets device code in one
    `gpu.module @wrap_gpu_kernels`: a copy of the payload and a
    `gpu.func @<entry> kernel` taking the kernel's arguments (tensors as
    `!llvm.ptr`, `index` as `i64`) in which thread (0, 0, 0) of each block
    calls the payload with `gpu.block_id x, y, z` as the program ids,
    exactly as the host backend calls it once per program id. Upstream
    `convert-gpu-to-nvvm` lowers the module to NVVM; wrapc compiles it to
    PTX with LLVM's NVPTX back end. The wrap ops are left unchanged.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect"];
}

def WrapCheckLowered : Pass<"wrap-check-lowered", "mlir::ModuleOp"> {
  let summary = "Fail, located, at the first op the LLVM conversions left outside the LLVM dialect";
  let description = [{
    The upstream conversions to the LLVM dialect are partial: an op no
    pattern converts (arithmetic on tensors, a type LLVM has no counterpart
    for, a GPU op in a host kernel payload) stays as it was, and translating
    the module to LLVM IR then failed without saying where. The last pass of
    `wrap-lower-to-llvm`: every op under the module must be an `llvm` op by
    then, and the first one that is not is named at its location.
  }];
}

def ConvertWrapToLLVM : Pass<"convert-wrap-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower straight-line wrap IR to the LLVM dialect and wrt_* runtime calls";
  let description = [{
    Every function whose signature has `!wrap.tensor` values becomes a
    native entry point with wrapc's C ABI,
    `i32 @f(ptr inputs, i64 n_in, ptr outputs, i64 n_out)`: the counts and
    each argument's dtype, rank, static sizes and device are checked, every
    wrap op becomes a call of the runtime's C ABI (`wrt_*`: `llvm.call`s of
    `llvm.func` declarations in the module) or inline loads and stores of
    tensor headers, every failing call returns its status after releasing the
    references the function owns (through shared exits: one per owned
    reference, each continuing to the one taken before it, so a failure
    point is one branch and the function stays linear in its ops), and the
    results are handed back as owned references. Which references the
    function owns, and where each ends (a `wrap.free`, a `wrap.reuse` of its
    buffer, the return, which hands an owned result over once and gives
    every other result a new reference), is decided once per function by an
    ownership analysis over the wrap IR before any op is lowered; a use of a
    freed buffer or a free of a tensor the function does not own is an
    error at the op. Symbolic ints cross the ABI as 0-d i64 tensors. A launch of a
    kernel with a host payload calls `wrt_launch_host` with a per-kernel
    trampoline and the argument array; the runtime runs every program id,
    on several threads when the grid is large.
    Functions with subclass-typed signatures get no native entry point (a
    warning says so): call their flattened callee. The output is llvm ops
    (runtime calls, branches, comparisons and launch grids included, and
    sizes read as i64 kept as i64, so that the upstream conversion has
    little of a large wrapper left to rewrite), the functions themselves
    (`func.func`, `func.call` between them, `func.constant` of a launch
    trampoline), integer constants, and the graph's own arith ops on
    `index` values, ready for `convert-to-llvm`.
    A public entry point with tensor arguments it only reads, bumps or
    returns (inline: a size, stride or offset, a kernel's memory, an extern
    kernel's operand, a strided view that is only read, freed or returned,
    a version bump, returning the argument, or passed on to a function
    that only does those or forwards it back) gets an
    exported
    constant `@<entry>_borrowed`, one `i8` per argument, 1 for those: an
    embedder may lend its own tensor there as a header it fills for the
    call (`wrt_borrowed_tensor`), with no runtime object behind it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // WRAPC_PASSES
