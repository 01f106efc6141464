"""wrapc as a torch.compile backend.

    import torch, wrapc_torch
    fn = torch.compile(model, backend="wrapc")
    out = fn(x)           # AOTAutograd's runtime-wrapper work runs as wrapc native code

For each graph Dynamo hands over, the backend runs AOTAutograd's first
stage (functionalization and the ViewAndMutationMeta analysis) and compiles
the forward graph with an inner compiler (Inductor by default), exactly as
``aot_module_simplified`` does; then, instead of AOTAutograd's Python
``RuntimeWrapper`` (stage 2c in ``torch/_functorch/_aot_autograd/graph_compile.py``),
it imports the metadata as wrap IR, compiles it with ``wrapc`` and calls
the native wrapper on the caller's torch tensors.  Graphs wrapc does not
model (training graphs, subclasses, side-effect tokens, ...) fall back to
PyTorch's own path with a one-line warning naming the reason.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import os
import warnings
from typing import Any, Callable, Sequence

import torch
import torch.utils._pytree as pytree

from . import _importer
from ._build import CompileError, compile_module
from ._importer import Unsupported
from torch._functorch._aot_autograd.schemas import OutputType

__all__ = ["backend", "compile", "export", "import_log", "Unsupported", "CompileError"]

INNER_COMPILERS = ("inductor", "eager")


def _fake_outputs(graph_module: torch.fx.GraphModule) -> list[Any]:
    output = next(n for n in reversed(graph_module.graph.nodes) if n.op == "output")
    values = output.args[0]
    return [v.meta.get("val") if isinstance(v, torch.fx.Node) else v for v in values]


class _Captured:
    """What stage 1 and the inner compiler produced for one graph."""

    def __init__(self) -> None:
        self.meta: Any = None
        self.graph_module: torch.fx.GraphModule | None = None
        self.fake_inputs: list[Any] = []
        self.params: list[Any] = []
        self.compiled: Callable[..., Any] | None = None
        self.fallback: Callable[..., Any] | None = None
        self.reason: str = ""
        # The values the compiled callee returns (fake): mutated inputs'
        # new values, user outputs, intermediate bases.
        self.graph_outputs: list[Any] = []
        # Training (the CompiledFunction layer): the callee is
        # CompiledFunction.apply and the wrapper runs with trace_joint.
        self.trace_joint: bool = False
        self.detach_inputs: list[int] = []
        # AOTDedupeWrapper's add_dupe_map when the same tensor is passed
        # as several arguments and mutated (else empty): the native entry
        # takes every argument and checks each duplicate is the tensor it
        # repeats; the metadata and graph are the deduplicated ones.
        self.dupes: list[int] = []
        # AOTSyntheticBaseWrapper's layer when mutated inputs alias other
        # inputs (else None): what the graph's inputs are made of.
        self.synthetic: _importer.SyntheticBases | None = None
        # Inductor's wrapper program, imported (see _compile_inference):
        # (graph input types, graph output types) -> NativeGraph; the
        # directories of its Triton kernels' cubins, and its CUDA device.
        self.native: Callable[..., Any] | None = None
        self.cubin_dirs: list[str] = []
        self.cuda_device: int = -1
        # Compiles the graph again the usual way (Inductor's Python
        # wrapper), should wrapc fail to build the imported program.
        self.recompile: Callable[[], Any] | None = None


def _inductor_forward_compiler(
    dynamo_gm: torch.nn.Module, num_example_inputs: int, *, is_inference: bool, inner_compile: Callable[..., Any]
) -> Callable[..., Any]:
    """Inductor's forward (or inference) compiler, as compile_fx builds it
    for aot_autograd."""
    from torch._inductor import compile_fx as cfx
    from torch._inductor import config as inductor_config

    extra = cfx.create_compiler_config_extra(inductor_config)

    def compiler(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
        # As compile_fx's fw_compiler_base: the user-visible outputs are
        # those of Dynamo's graph when there is one, else the forward's.
        model = dynamo_gm if isinstance(dynamo_gm, torch.fx.GraphModule) else gm
        return cfx.compile_fx_forward(
            gm,
            example_inputs,
            num_orig_model_outputs=cfx.get_num_model_outputs(model),
            num_example_inputs=num_example_inputs,
            compiler_config_extra=extra,
            inner_compile=inner_compile,
            is_inference=is_inference,
        )

    return compiler


def _inductor_training_compilers(
    dynamo_gm: torch.nn.Module, num_example_inputs: int, inner_compile: Callable[..., Any]
) -> tuple[Any, Any, Any]:
    """Inductor's forward and backward compilers and partitioner for a
    training graph, as compile_fx builds them for aot_autograd."""
    from torch._inductor import compile_fx as cfx
    from torch._inductor import config as inductor_config

    extra = cfx.create_compiler_config_extra(inductor_config)

    def backward(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
        return cfx.compile_fx_backward(gm, example_inputs, compiler_config_extra=extra, inner_compile=inner_compile)

    forward = _inductor_forward_compiler(dynamo_gm, num_example_inputs, is_inference=False, inner_compile=inner_compile)
    # compile_fx's partitioner: Inductor's joint-graph passes (among them
    # replace_random, which Inductor's lowering of dropout's RNG relies
    # on), then the min-cut partition.
    return forward, backward, cfx.partition_fn


@contextlib.contextmanager
def _record_synthetic_bases() -> Any:
    """Records what ``AOTSyntheticBaseWrapper.pre_compile`` makes of the
    graph's inputs: ``merge_view_inputs``'s arguments (the deduplicated fake
    inputs) and its ``synthetic_base_info`` (per input, the graph input it
    becomes, or the base it is merged into), which the wrapper does not keep."""
    from torch._dynamo.convert_frame import compile_lock
    from torch._functorch._aot_autograd import runtime_wrappers

    recorded: dict[str, Any] = {}
    original = runtime_wrappers.merge_view_inputs
    original_metadata = runtime_wrappers.create_synthetic_base_metadata

    def merge_view_inputs(aot_config: Any, fwd_inputs: Any, fwd_inputs_descs: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(aot_config, fwd_inputs, fwd_inputs_descs, *args, **kwargs)
        if fwd_inputs_descs is not None and result[2] is not None:
            recorded.update(inputs=list(fwd_inputs), info=list(result[2]))
        return result

    def create_synthetic_base_metadata(fw_metadata: Any, *args: Any, **kwargs: Any) -> Any:
        # The function's own outputs as the caller sees them: one that is
        # an input merged into a base is, to the graph, a view of the base.
        is_input = runtime_wrappers.OutputType.is_input
        recorded["returned_inputs"] = [o.output_type == is_input for o in fw_metadata.output_info]
        return original_metadata(fw_metadata, *args, **kwargs)

    with compile_lock:
        runtime_wrappers.merge_view_inputs = merge_view_inputs
        runtime_wrappers.create_synthetic_base_metadata = create_synthetic_base_metadata
        try:
            yield recorded
        finally:
            runtime_wrappers.merge_view_inputs = original
            runtime_wrappers.create_synthetic_base_metadata = original_metadata


@contextlib.contextmanager
def _grab_autograd_function() -> Any:
    """Records what AOTAutograd's autograd path wraps in its RuntimeWrapper
    (``AOTDispatchAutograd.post_compile`` in runtime_wrappers.py): the
    ``CompiledFunction.apply`` whose forward runs the compiled forward graph
    and whose backward runs the compiled backward graph, and the inputs
    ``_runtime_wrapper`` detaches. wrapc's native wrapper takes the
    RuntimeWrapper's place around that function."""
    from torch._dynamo.convert_frame import compile_lock
    from torch._functorch._aot_autograd import runtime_wrappers

    grabbed: dict[str, Any] = {}
    original = runtime_wrappers.RuntimeWrapper.post_compile

    def post_compile(self: Any, compiled_fn: Any, aot_config: Any, *, runtime_metadata: Any) -> Any:
        if self.trace_joint:
            grabbed.update(
                function=compiled_fn,
                detach_inputs=list(self.indices_of_inps_to_detach),
                meta=runtime_metadata,
            )
        return original(self, compiled_fn, aot_config, runtime_metadata=runtime_metadata)

    # The hook is a class attribute: Dynamo's compile lock (re-entrant; held
    # already under torch.compile) keeps another thread's compilation from
    # running through it (wrapc_torch.compile runs outside Dynamo).
    with compile_lock:
        runtime_wrappers.RuntimeWrapper.post_compile = post_compile
        try:
            yield grabbed
        finally:
            runtime_wrappers.RuntimeWrapper.post_compile = original


def _autograd_graph(function: Callable[..., Any]) -> Callable[..., Any]:
    """The callee of a training wrapper: ``CompiledFunction.apply`` as
    ``_runtime_wrapper`` calls it under trace_joint (original view tracking
    on; saved-tensor hooks off where AOTAutograd turns them off), with the
    TensorAlias boxes it puts around aliased outputs and metadata-only
    mutations opened (the output handlers' ``_unwrap_tensoralias``). Grad
    mode is the native wrapper's business (on during the call)."""
    from torch._functorch._aot_autograd.runtime_wrappers import (
        _disable_saved_tensors_hooks,
        _should_disable_saved_tensors_hooks,
    )
    from torch._functorch._aot_autograd.schemas import TensorAlias

    hooks_off = _should_disable_saved_tensors_hooks()

    def graph(args: list[Any]) -> list[Any]:
        with torch.autograd._force_original_view_tracking(True):
            with _disable_saved_tensors_hooks() if hooks_off else contextlib.nullcontext():
                outs = function(*args)
        return [o.alias if isinstance(o, TensorAlias) else o for o in outs]

    return graph


def _eager_compiler(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
    from functorch.compile import make_boxed_func

    return make_boxed_func(gm.forward)


def _mode_options(mode: str | None, inner: str) -> dict[str, Any]:
    """The Inductor options of ``torch.compile(mode=...)`` (none for the
    default mode), for the Inductor inner compiler."""
    if mode is None or mode == "default":
        return {}
    if inner != "inductor":
        raise ValueError(f"wrapc: mode={mode!r} sets options of the Inductor inner compiler, not of {inner!r}")
    # Raises for an unknown mode, naming the known ones.
    return dict(torch._inductor.list_mode_options(mode))


# CUDA-graph trees (mode="reduce-overhead") own the graph's input and output
# memory across calls: they free one replay's outputs at the next and check
# accesses to them on PyTorch's path. wrapc does not model that yet: a Llama
# decoder's generate under them launched a kernel on a freed buffer (an
# H100, bench/torch/real_models.py) where backend="inductor" raises
# PyTorch's "overwritten by a subsequent run" error.
_CUDA_GRAPH_TREES = "CUDA-graph trees (mode=\"reduce-overhead\" or triton.cudagraphs) manage the graph's memory"


def _cuda_graph_trees(patches: dict[str, Any]) -> bool:
    from torch._inductor import config as inductor_config

    return bool(patches.get("triton.cudagraphs", inductor_config.triton.cudagraphs))


def _capture(
    gm: torch.nn.Module,
    example_inputs: Sequence[Any],
    inner: str,
    keep_input_mutations: bool | None = None,
    mode: str | None = None,
) -> _Captured:
    """AOTAutograd's stages 1 and 2b for ``gm``; stage 2c is wrapc's."""
    from torch._inductor import config as inductor_config

    patches = _mode_options(mode, inner)
    with inductor_config.patch(patches):
        return _capture_patched(gm, example_inputs, inner, keep_input_mutations, patches)


def _capture_patched(
    gm: torch.nn.Module,
    example_inputs: Sequence[Any],
    inner: str,
    keep_input_mutations: bool | None,
    patches: dict[str, Any],
) -> _Captured:
    from torch._dynamo import compiled_autograd
    from torch._functorch._aot_autograd import graph_compile
    from torch._functorch._aot_autograd.runtime_wrappers import AOTDedupeWrapper, AOTSyntheticBaseWrapper
    from torch._functorch.aot_autograd import (
        aot_stage1_graph_capture,
        aot_stage2_compile,
        create_aot_state,
        prepare_aot_module_simplified,
    )
    from torch._functorch.partitioners import default_partition

    captured = _Captured()
    decompositions = None
    keep_mutations = False
    stack_contexts: list[Any] = []
    if inner == "inductor":
        from torch._inductor import compile_fx as cfx
        from torch._inductor import config as inductor_config
        from torch._inductor.decomposition import select_decomp_table

        if isinstance(gm, torch.fx.GraphModule):
            gm = cfx.run_pre_grad_passes(gm, example_inputs)
        decompositions = select_decomp_table()
        keep_mutations = True if keep_input_mutations is None else keep_input_mutations
        # As compile_fx: the inner compiler carries the mode's options
        # itself, for a backward Inductor compiles lazily at the first
        # backward call, outside this capture.
        inner_compile = inductor_config.patch(patches)(cfx.compile_fx_inner)
        from . import _inductor_fx

        compiler = _inductor_forward_compiler(
            gm, len(example_inputs), is_inference=True, inner_compile=_inductor_fx.with_fx_wrapper(inner_compile)
        )
        from torch._dispatch.python import enable_python_dispatcher

        stack_contexts = [enable_python_dispatcher()]
    else:
        keep_mutations = bool(keep_input_mutations)
        compiler = _eager_compiler
    with contextlib.ExitStack() as stack:
        for context in stack_contexts:
            stack.enter_context(context)
        (functional_call, params_flat, _, _, fake_args, descs, aot_config, fake_mode, shape_env, _, _) = (
            prepare_aot_module_simplified(
                gm, example_inputs, None, decompositions, keep_mutations, None, False, flatten=False
            )
        )
        stack.enter_context(compiled_autograd._disable())
        if inner == "inductor":
            # As compile_fx around aot_autograd: Inductor's joint-graph
            # passes (replace_random's seeds, for one) make fake tensors in
            # the graph's fake mode.
            from torch._inductor.virtualized import V

            stack.enter_context(V.set_fake_mode(fake_mode))
        state = create_aot_state(stack, functional_call, fake_args, descs, aot_config, fake_mode, shape_env)
        with _record_synthetic_bases() as merged:
            capture = aot_stage1_graph_capture(state, functional_call)
        captured.params = list(params_flat)
        training = state.needs_autograd and not aot_config.pre_dispatch
        forward, backward, partition = compiler, compiler, default_partition
        if training and inner == "inductor":
            forward, backward, partition = _inductor_training_compilers(gm, len(example_inputs), inner_compile)
        reason = ""
        if inner == "inductor" and _cuda_graph_trees({}):
            reason = _CUDA_GRAPH_TREES
        elif capture.maybe_subclass_meta is not None:
            reason = "the graph takes or returns tensor subclasses"
        else:
            for w in capture.wrappers:
                if isinstance(w, AOTDedupeWrapper) and w.needs_post_compile:
                    captured.dupes = list(w.add_dupe_map)
                if isinstance(w, AOTSyntheticBaseWrapper) and w.needs_post_compile:
                    if "info" not in merged:
                        raise CompileError("AOTSyntheticBaseWrapper merged inputs wrapc did not see")
                    captured.synthetic = _importer.SyntheticBases(
                        inputs=merged["inputs"],
                        args=[i if isinstance(i, int) else i[0] for i in merged["info"]],
                        metadata_mutated=list(w.aliased_arg_idx_with_metadata_mutations),
                        trace_joint=w.trace_joint,
                        # Every aliased input is a (base, view) entry.
                        num_bases=len({i[0] for i in merged["info"] if not isinstance(i, int)}),
                        returned_inputs=merged.get("returned_inputs", []),
                    )
            try:
                _importer.check_supported(state.fw_metadata, training=training)
            except Unsupported as e:
                reason = str(e)
        if reason:
            captured.reason = reason
            captured.fallback, _ = aot_stage2_compile(state, capture, partition, forward, backward, compiler)
            return captured
        if training:
            # The joint graph takes (primals, tangents) and returns the
            # forward's values, then the gradients.
            primals, _ = capture.updated_flat_args
            n_returned = (
                state.fw_metadata.num_mutated_inp_runtime_indices
                + len(state.fw_metadata.output_info)
                + state.fw_metadata.num_intermediate_bases
            )
            captured.graph_outputs = _fake_outputs(capture.graph_module)[:n_returned]
            captured.fake_inputs = list(primals)
            with _grab_autograd_function() as grabbed:
                aot_stage2_compile(state, capture, partition, forward, backward, compiler)
            if "function" not in grabbed:
                raise CompileError("AOTAutograd built no autograd function for a training graph")
            captured.meta = grabbed["meta"]
            captured.trace_joint = True
            captured.detach_inputs = grabbed["detach_inputs"]
            captured.compiled = _autograd_graph(grabbed["function"])
            return captured
        aot_config.inference_compiler = compiler
        # As aot_stage2_inference before the inner compiler: Python floats
        # Dynamo passed as 0-d tensors (and `.item()`ed in the graph) become
        # tensor arithmetic again, or are specialized; without it Inductor
        # meets an `.item()` it has no binding for.
        graph_compile._apply_tensorify_python_scalars(capture.graph_module)
        captured.graph_module = capture.graph_module
        captured.fake_inputs = list(capture.updated_flat_args)
        captured.graph_outputs = _fake_outputs(capture.graph_module)
        captured.meta = state.fw_metadata
        captured.compiled = _compile_inference(
            captured,
            lambda gm: graph_compile._aot_stage2b_inference_compile(
                gm, capture.updated_flat_args, None, state.fw_metadata, aot_config
            ),
            native=inner == "inductor",
        )
    return captured


def _graph_copy(gm: torch.fx.GraphModule) -> torch.fx.GraphModule:
    """A copy of ``gm``'s graph (nodes and their metadata, shallowly) over
    the same attributes: Inductor's passes rewrite the graph they compile in
    place, and a graph whose FX-wrapper compile was refused is compiled
    again from the original (a KeyError on a constant folded away, on a
    Llama decoder, before)."""
    return torch.fx.GraphModule(gm, copy.deepcopy(gm.graph))


def _program_device(inputs: Sequence[Any], outputs: Sequence[Any]) -> tuple[torch.device, str]:
    """The device a graph's wrapper program runs on, or why it cannot be
    imported (a reason, else ""). One device, CPU or CUDA; besides a CUDA
    device, 0-d CPU tensors among the inputs (a step counter or a scalar a
    model keeps on the host, as transformers' static-cache decoders do):
    Inductor moves those to the device itself inside the graph
    (``prims.device_put``), and the native wrapper reads them as the host
    tensors they are."""
    tensors = [x for x in [*inputs, *outputs] if isinstance(x, torch.Tensor)]
    devices = {x.device for x in tensors}
    host_scalars = {id(x) for x in inputs if isinstance(x, torch.Tensor) and x.device.type == "cpu" and x.dim() == 0}
    scalars = {torch.device("cpu")} if host_scalars else set()
    others = {x.device for x in tensors if id(x) not in host_scalars}
    if len(devices) > 1 and not (len(others) == 1 and next(iter(others)).type == "cuda" and devices == others | scalars):
        return torch.device("cpu"), f"the graph uses more than one device ({', '.join(sorted(map(str, devices)))})"
    device = next(iter(others or devices), torch.device("cpu"))
    if device.type not in ("cpu", "cuda"):
        return device, f"the graph runs on {device.type}"
    return device, ""


def _compile_inference(captured: _Captured, compile_graph: Callable[[Any], Any], *, native: bool) -> Any:
    """Compiles the inference graph; with ``native``, Inductor's wrapper
    program is captured as an FX graph and imported (``captured.native``),
    so that the call runs no Python. A graph the import does not cover is
    compiled again the usual way (decided here, never mid-call), with a
    warning naming the construct; its Python wrapper then runs inside
    wrapc's native runtime wrapper."""
    reason = ""
    gm = captured.graph_module
    if not native or os.environ.get("WRAPC_INDUCTOR_WRAPPER") == "python":
        return compile_graph(gm)
    device, reason = _program_device(captured.fake_inputs, captured.graph_outputs)
    if not reason:
        from . import _inductor_fx, _wrapper_import

        kind = device.type
        try:
            with _inductor_fx.capturing(kind) as capture:
                compiled = compile_graph(_graph_copy(gm))
            reason = capture.refused
        except Exception as e:  # noqa: BLE001 - Inductor's FX wrapper route itself failed
            # (2.11's kernel-provenance pass raises KeyError on some CUDA
            # graphs under fx_wrapper): the usual compile decides.
            reason = f"Inductor's FX wrapper route failed: {type(e).__name__}: {' '.join(str(e).split())[:300]}"

        imported: list[Any] = []

        def translate(in_types: Any, graph_types: Any) -> Any:
            imported.append(_wrapper_import.translate(capture, in_types, graph_types))
            captured.cubin_dirs = list(imported[-1].cubin_dirs)
            return imported[-1]

        if kind == "cuda":
            captured.cuda_device = device.index or 0

        if not reason:
            try:
                _importer.emit(
                    captured.meta,
                    captured.fake_inputs,
                    captured.graph_outputs,
                    dupes=captured.dupes,
                    synthetic=captured.synthetic,
                    native=translate,
                )
                captured.native = translate
                captured.recompile = lambda: compile_graph(gm)
                _IMPORTS.append(
                    {"native": True, "reason": "", "counts": dict(imported[-1].counts), "launch_plan": imported[-1].launch_plan}
                )
                return compiled
            except _wrapper_import.NotImported as e:
                reason = str(e)
            except Unsupported:
                return compiled  # the graph itself falls back (the caller decides)
    _IMPORTS.append({"native": False, "reason": reason, "counts": {}, "launch_plan": None})
    _native_fallback_warning(reason)
    return compile_graph(gm)


# What each Inductor inference compile of this process did with its wrapper
# program (see import_log).
_IMPORTS: list[dict[str, Any]] = []


def import_log(clear: bool = False) -> list[dict[str, Any]]:
    """Per Inductor inference graph compiled so far in this process, in
    order: ``{"native": bool, "reason": str, "counts": {...},
    "launch_plan": str | None}`` — whether its wrapper program was imported
    as native code, and if not, why (the same words as the warning);
    ``counts`` are the imported operations by kind; ``launch_plan`` the
    graph's launches for ``bench/torch/launch_floor.c`` when they are all
    static Triton launches. ``clear`` empties the log after reading it."""
    log = [dict(entry) for entry in _IMPORTS]
    if clear:
        _IMPORTS.clear()
    return log


def _native_fallback_warning(reason: str) -> None:
    warnings.warn(f"wrapc: Inductor's Python wrapper runs for this graph: {reason}", stacklevel=3)


@contextlib.contextmanager
def _thread_state_kept() -> Any:
    """Restores the thread's grad mode and autocast state on every exit:
    tracing runs the user's function, which may change them
    (``torch.set_grad_enabled(False)`` inside it) or raise half-way."""
    grad = torch.is_grad_enabled()
    devices = ("cpu", "cuda")
    autocast = [(d, torch.is_autocast_enabled(d), torch.get_autocast_dtype(d)) for d in devices]
    cache = torch.is_autocast_cache_enabled()
    try:
        yield
    finally:
        torch.set_grad_enabled(grad)
        for device, enabled, dtype in autocast:
            torch.set_autocast_enabled(device, enabled)
            torch.set_autocast_dtype(device, dtype)
        torch.set_autocast_cache_enabled(cache)


def _native(
    captured: _Captured,
    prefix: Sequence[Any],
    *,
    single: bool = False,
    example_inputs: Sequence[Any] | None = None,
    strided: Sequence[Any] | None = None,
    grad_enabled: bool | None = None,
    lazy: Sequence[int] = (),
    root: torch.nn.Module | None = None,
) -> Callable[..., Any]:
    """``example_inputs``: the caller's own example arguments, when no
    Dynamo guards the calls (``compile``): the wrapper then checks what
    Dynamo would have guarded and the traced graph assumes — that each
    tensor argument requires grad as its example did, the grad mode when a
    tensor requires grad, and, when the graph mutates an input, that the
    arguments share storage as the examples did; and, for ``strided``'s
    tensors, that it has the example's sizes and strides; and the autocast
    state. ``grad_enabled``: the grad mode the graph was traced under (the
    current one when not given)."""
    disable_amp = torch._C._is_any_autocast_enabled()
    try:
        return _native_wrapper(captured, prefix, disable_amp, single=single, example_inputs=example_inputs,
                               strided=strided, grad_enabled=grad_enabled, lazy=lazy, root=root)
    except CompileError as e:
        if captured.native is None or captured.recompile is None:
            raise
        # wrapc could not build the imported program: decided now, at
        # compile time, the graph keeps Inductor's Python wrapper.
        reason = f"wrapc failed to build the imported wrapper program: {' '.join(str(e).split())[:400]}"
        entry = {"native": False, "reason": reason, "counts": {}, "launch_plan": None}
        if _IMPORTS and _IMPORTS[-1]["native"]:
            _IMPORTS[-1] = entry  # this graph's verdict, revised
        else:
            _IMPORTS.append(entry)
        _native_fallback_warning(reason)
        captured.compiled, captured.native, captured.cubin_dirs = captured.recompile(), None, []
        return _native_wrapper(captured, prefix, disable_amp, single=single, example_inputs=example_inputs,
                               strided=strided, grad_enabled=grad_enabled, lazy=lazy, root=root)


def _native_wrapper(
    captured: _Captured,
    prefix: Sequence[Any],
    disable_amp: bool,
    *,
    single: bool,
    example_inputs: Sequence[Any] | None,
    strided: Sequence[Any] | None,
    grad_enabled: bool | None,
    lazy: Sequence[int],
    root: torch.nn.Module | None,
) -> Callable[..., Any]:
    from . import _C

    ir, sig = _importer.emit(
        captured.meta,
        captured.fake_inputs,
        captured.graph_outputs,
        disable_amp=disable_amp,
        trace_joint=captured.trace_joint,
        detach_inputs=captured.detach_inputs,
        dupes=captured.dupes,
        synthetic=captured.synthetic,
        native=captured.native,
    )
    if captured.native is not None and captured.cubin_dirs:
        library = compile_module(ir, target="cuda", allow_file_dir=os.path.commonpath(captured.cubin_dirs))
    else:
        library = compile_module(ir)
    kinds = lambda ks: "".join("t" if k == "tensor" else "i" for k in ks)  # noqa: E731
    # Dynamo calls the result with the user arguments; the parameters and
    # buffers AOTAutograd lifted lead them (prefix).
    wrapper = _C.Wrapper(
        str(library),
        _importer.WRAPPER_SYMBOL,
        captured.compiled,
        tuple(prefix),
        kinds(sig.inputs),
        kinds(sig.outputs),
        kinds(sig.graph_inputs),
        kinds(sig.graph_outputs),
        sig.dynamic_dims,
        single,
        captured.synthetic is not None,
        _importer.view_replays(captured.meta, dupes=captured.dupes, synthetic=captured.synthetic),
        torch._C._functionalization.apply_view_meta_sequence,
        _traced_int_constants(captured, len(prefix)),
        tuple(x.requires_grad if isinstance(x, torch.Tensor) else None for x in example_inputs or ()),
        tuple((tuple(x.shape), tuple(x.stride())) if isinstance(x, torch.Tensor) else None for x in strided or ()),
        _alias_groups(captured, example_inputs) if example_inputs is not None else (),
        _grad_mode(prefix, example_inputs, grad_enabled) if example_inputs is not None else -1,
        # Dynamo guards autocast for the backend; without it, the wrapper.
        example_inputs is not None,
        # Arguments that may be lazily negated or conjugated: compile
        # checked that only torch's own ops touch their memory.
        tuple(i in lazy for i in range(len(example_inputs or ()))),
        # The IR's call carries it too; the extension makes the call.
        disable_amp,
        # Each module's training flag, checked per call (Dynamo guards them).
        _module_modes(root) if root is not None else (),
        # A native CUDA graph's device (its launches use the default stream).
        captured.cuda_device if captured.native is not None else -1,
    )
    return wrapper


def _alias_groups(captured: _Captured, example_inputs: Sequence[Any]) -> tuple[int, ...]:
    """Per example argument, the first one over the same storage (-1: not a
    tensor), when the graph mutates an input or the examples share storage
    (the graph is then traced for exactly that sharing); else () (no check:
    sharing does not change what a pure graph computes)."""
    first: dict[int, int] = {}
    groups = tuple(
        first.setdefault(_storage_key(x), i) if isinstance(x, torch.Tensor) else -1 for i, x in enumerate(example_inputs)
    )
    mutates = any(info.mutates_data or info.mutates_metadata for info in captured.meta.input_info)
    shared = any(g not in (-1, i) for i, g in enumerate(groups))
    return groups if mutates or shared else ()


def _storage_key(t: torch.Tensor) -> int:
    """The identity of ``t``'s storage (the StorageImpl the extension
    compares), or of ``t`` itself for a tensor without a strided storage
    (sparse, nested), which the extension leaves to its argument checks."""
    if t.layout != torch.strided:
        return id(t)
    return t.untyped_storage()._cdata


def _grad_mode(prefix: Sequence[Any], example_inputs: Sequence[Any], enabled: bool | None) -> int:
    """The grad mode the graph is traced under (1 on, 0 off) when a tensor
    it takes requires grad (it decides a training wrapper from an inference
    one), else -1 (no check)."""
    tensors = [x for x in (*prefix, *example_inputs) if isinstance(x, torch.Tensor)]
    if enabled is None:
        enabled = torch.is_grad_enabled()
    return int(enabled) if any(t.requires_grad for t in tensors) else -1


def _traced_int_constants(captured: _Captured, n_prefix: int) -> tuple[int | None, ...]:
    """Per argument the caller passes, the value of a Python int the graph
    was traced with as a constant (a plain int, not a SymInt: Dynamo hands
    over SymInts or guards the value itself), else None: the wrapper refuses
    another value instead of computing with the traced one. The traced
    inputs are the graph's; the caller's are before the synthetic-base and
    dedupe layers merged or dropped any."""
    flat = list(captured.synthetic.inputs if captured.synthetic is not None else captured.fake_inputs)
    if captured.dupes:
        flat = [flat[d] for d in captured.dupes]
    return tuple(v if type(v) in (int, bool) else None for v in flat[n_prefix:])


def _fallback_warning(reason: str) -> None:
    warnings.warn(f"wrapc: falling back to PyTorch's runtime wrapper: {reason}", stacklevel=3)


def backend(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], options: dict | None = None, mode: str | None = None
) -> Callable[..., Any]:
    """The Dynamo backend ``torch.compile(..., backend="wrapc")``.

    ``options={"inner": "inductor" | "eager"}`` picks the compiler of the
    graph's compute (Inductor by default; "eager" runs the functional
    graph as is, which compiles in milliseconds);
    ``"keep_input_mutations": bool`` whether data mutations of inputs stay
    in the graph (AOTAutograd's flag; Inductor's default is True, eager's
    False). ``torch.compile(..., mode=...)`` gives the Inductor inner
    compiler that mode's options (``torch._inductor.list_mode_options``),
    as it does for ``backend="inductor"``; the runtime wrapper is wrapc's
    in every mode.
    """
    options = dict(options or {})
    inner = options.pop("inner", "inductor")
    keep = options.pop("keep_input_mutations", None)
    if options:
        raise ValueError(f"wrapc: unknown options {sorted(options)}")
    if inner not in INNER_COMPILERS:
        raise ValueError(f"wrapc: unknown inner compiler {inner!r} (one of {', '.join(INNER_COMPILERS)})")
    patches = _mode_options(mode, inner)  # a bad mode is the caller's error, not a fallback
    if inner == "inductor" and _cuda_graph_trees(patches):
        # PyTorch's own path from the start (compile_fx, as
        # backend="inductor"): CUDA-graph trees depend on how it marks
        # static inputs, and wrapc's capture of the same graph crashed.
        _fallback_warning(_CUDA_GRAPH_TREES)
        return _capture_fallback(gm, example_inputs, inner, mode)
    try:
        with _thread_state_kept():
            captured = _capture(gm, example_inputs, inner, keep, mode)
    except CompileError as e:
        # AOTAutograd did not build what wrapc hooks into (another PyTorch
        # than the one pinned): PyTorch's own path, with the reason.
        _fallback_warning(str(e))
        return _capture_fallback(gm, example_inputs, inner, mode)
    if captured.fallback is not None:
        _fallback_warning(captured.reason)
        fallback = captured.fallback
        params = captured.params

        def run_fallback(*args: Any) -> Any:
            return fallback([*params, *args])

        return run_fallback
    try:
        return _native(captured, captured.params)
    except (Unsupported, CompileError, ImportError) as e:
        # A wrapper wrapc cannot build or load must not fail the user's
        # program: a CompileError is a wrapc bug or an unusable cache or
        # tool, reported here and in the warning.
        _fallback_warning(str(e))
        return _capture_fallback(gm, example_inputs, inner, mode)


def _capture_fallback(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], inner: str, mode: str | None = None
) -> Callable[..., Any]:
    from torch._dynamo.backends.common import aot_autograd

    if inner == "inductor":
        from torch._inductor.compile_fx import compile_fx

        return compile_fx(gm, example_inputs, config_patches=_mode_options(mode, inner))
    return aot_autograd(fw_compiler=_eager_compiler)(gm, example_inputs)


class _FunctionModule(torch.nn.Module):
    """A plain function as the module AOTAutograd's entry points take."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.fn = fn
        self.spec: Any = None
        self.nones: list[int] = []

    def forward(self, *args: Any) -> Any:
        # aot_module_simplified's graphs return a flat tuple of values; the
        # native callable gives back what fn did (nested tuples, lists,
        # dicts, None).
        leaves, self.spec = pytree.tree_flatten(self.fn(*args))
        self.nones = [i for i, leaf in enumerate(leaves) if leaf is None]
        return tuple(leaf for leaf in leaves if leaf is not None)

    def single(self) -> bool:
        return self.spec.is_leaf() and not self.nones

    def rebuild(self, native: Callable[..., Any]) -> Callable[..., Any]:
        """``native`` (which returns the flat tuple) returning what fn
        returned: itself for a flat tuple of values, through a rebuild
        otherwise."""
        spec, nones = self.spec, self.nones
        if not nones and spec.type is tuple and all(child.is_leaf() for child in spec.children()):
            return native

        @functools.wraps(self.fn)
        def rebuilt(*args: Any) -> Any:
            leaves = list(native(*args))
            for i in nones:
                leaves.insert(i, None)
            return pytree.tree_unflatten(leaves, spec)

        return rebuilt


def compile(
    fn: Callable[..., Any],
    example_inputs: Sequence[Any],
    *,
    inner: str = "inductor",
    keep_input_mutations: bool | None = None,
) -> Callable[..., Any]:
    """A Dynamo-free native callable for ``fn`` (a function or an
    ``nn.Module``) on inputs like ``example_inputs``.

    The caller promises a full graph: AOTAutograd traces ``fn`` once, as
    ``aot_function`` does, and the result's only guards are the compiled
    wrapper's own argument checks (dtype, device, rank, static sizes): a
    call that violates them raises ``RuntimeError``. Parameters and buffers
    of a module are bound at compile time. Raises :class:`Unsupported` for
    graphs wrapc does not model.
    """
    if inner not in INNER_COMPILERS:
        raise ValueError(f"wrapc: unknown inner compiler {inner!r} (one of {', '.join(INNER_COMPILERS)})")
    for i, x in enumerate(example_inputs):
        # Named before tracing: Inductor meets a bool as a sympy constant it
        # has no binding for, AOTAutograd a container with an assertion.
        if not isinstance(x, torch.Tensor) and not _importer._is_int(x):
            raise Unsupported(
                f"argument #{i} is a {type(x).__name__}: wrapc_torch.compile takes tensors and ints "
                "(pass a container's tensors as separate arguments)"
            )
    lazy = [i for i, x in enumerate(example_inputs) if isinstance(x, torch.Tensor) and (x.is_neg() or x.is_conj())]
    if lazy:
        # Its memory holds other values than it has (the negation or the
        # conjugate); torch's own ops (the eager graph, copy_) read and write
        # it right, wrapc's wrapper and Inductor's kernels do not: the graph
        # must be the eager one and keep the input's mutations.
        what = f"argument #{lazy[0]} is a lazy {'negation' if example_inputs[lazy[0]].is_neg() else 'conjugate'}"
        if inner != "eager":
            raise Unsupported(f"{what}: compile with inner='eager', or pass x.resolve_neg() / x.resolve_conj()")
        if keep_input_mutations is False:
            raise Unsupported(f"{what}: its mutations must stay in the graph (keep_input_mutations=True)")
        keep_input_mutations = True
    module = _FunctionModule(fn)
    grad_enabled = torch.is_grad_enabled()

    def trace(keep: bool | None) -> tuple[_Captured, bool]:
        with _thread_state_kept():
            captured = _capture(module, list(example_inputs), inner, keep)
            return captured, torch.is_grad_enabled()

    try:
        try:
            captured, grad_after = trace(keep_input_mutations)
        except AssertionError as e:
            # AOTAutograd runs set_ of an input only inside the graph: keep
            # it there unless the caller said otherwise.
            if keep_input_mutations is not None or "Encountered a set_ on a graph input" not in str(e):
                raise
            captured, grad_after = trace(True)
    except AssertionError as e:
        if "Encountered a set_ on a graph input" in str(e):
            # AOTAutograd runs set_ of an input only inside the graph.
            raise Unsupported(
                "the function calls set_ on an input and changes it otherwise outside the graph (PyTorch's "
                "aot_function refuses it too): pass keep_input_mutations=True"
            ) from None
        # AOTAutograd traces with fake tensors: a real one the function
        # reaches for itself is refused deep in FakeTensorMode.
        if "convert all Tensors to FakeTensors" not in str(e):
            raise
        raise Unsupported(
            "the function uses a tensor it does not take as an argument (a closure or a global): pass it as an "
            "argument, or compile an nn.Module that holds it as a parameter or buffer"
        ) from None
    if captured.fallback is not None:
        raise Unsupported(captured.reason)
    written = [i for i in captured.meta.mutated_inp_runtime_indices if captured.meta.input_info[i].mutates_data]
    if lazy and not captured.dupes and captured.synthetic is None and set(written) & {len(captured.params) + i for i in lazy}:
        raise Unsupported("a lazily negated or conjugated argument is written outside the graph, by wrapc's wrapper")
    if lazy and (captured.dupes or captured.synthetic is not None):
        raise Unsupported("a lazily negated or conjugated argument aliases another argument the function mutates")
    if grad_after != grad_enabled and captured.meta.grad_enabled_mutation is None:
        # The function leaves grad mode changed (torch.set_grad_enabled in
        # it), which AOTAutograd's analysis does not always record: the
        # wrapper leaves it so too, as eager does.
        captured.meta.grad_enabled_mutation = grad_after
    if inner == "inductor" and any(info.mutates_storage_metadata for info in captured.meta.input_info):
        # Inductor's code checks such an input against its shape after the
        # set_, before running it: every call fails (so does aot_function
        # with compile_fx_inner).
        raise Unsupported("the function calls set_ on an input, which Inductor's code cannot take: use inner='eager'")
    if inner == "inductor":
        _check_views_kept(captured, example_inputs)
    single = module.single()
    # Inductor's code assumes the example's strides (Dynamo guards them).
    strided = example_inputs if inner == "inductor" else None
    native = _native(
        captured, captured.params, single=single, example_inputs=example_inputs, strided=strided,
        grad_enabled=grad_enabled, lazy=lazy, root=fn if isinstance(fn, torch.nn.Module) else None,
    )
    return native if single else module.rebuild(native)


def _check_views_kept(captured: _Captured, example_inputs: Sequence[Any]) -> None:
    """Refuses a graph whose outputs AOTAutograd regenerates as views of a
    mutated input when Inductor returns them as new tensors: the wrapper
    takes a regenerated view's geometry from the graph's output, which only
    means something over the input's or its updated value's memory
    (``x.t_(); x.mul_(2); return x[0]``: Inductor computes ``x[0]`` into a
    buffer of its own, and the view made from its geometry would be another
    row). Inductor's choice shows only when the graph runs: it runs once on
    clones of the examples, with the RNG state restored."""
    meta = captured.meta
    if meta is None or captured.synthetic is not None or captured.dupes:
        return
    mutated = list(meta.mutated_inp_runtime_indices)
    suspects = [
        (j, info.base_idx)
        for j, info in enumerate(meta.output_info)
        if info.output_type == OutputType.alias_of_input and info.base_idx in mutated
    ]
    if not suspects:
        return
    args = []
    for x in [*captured.params, *example_inputs]:
        if isinstance(x, torch.Tensor):
            # The same geometry over a copy of the storage: an expanded or
            # overlapping example has no empty_strided twin to copy into.
            copy = torch.empty(0, dtype=x.dtype, device=x.device)
            with torch.no_grad():
                copy.set_(x.untyped_storage().clone(), x.storage_offset(), x.size(), x.stride())
            x = copy
        args.append(x)
    devices = [x.device.index or 0 for x in args if isinstance(x, torch.Tensor) and x.is_cuda]
    with torch.random.fork_rng(devices=sorted(set(devices))), torch.no_grad():
        outs = list(captured.compiled(list(args)))
    storage = lambda t: t.untyped_storage().data_ptr()  # noqa: E731
    for j, i in suspects:
        out, updated = outs[len(mutated) + j], outs[mutated.index(i)]
        if not isinstance(out, torch.Tensor) or out.numel() == 0:
            continue
        if storage(out) not in (storage(updated), storage(args[i])):
            raise Unsupported(
                f"output #{j} is a view of input #{i}, which the function mutates, but Inductor computes it into "
                "memory of its own, so the view cannot be regenerated from it: use inner='eager'"
            )


def _module_modes(root: torch.nn.Module) -> tuple[tuple[str, torch.nn.Module, bool], ...]:
    """(name, module, training) of each module of ``root``: the native call
    refuses to run once one is in another mode (``train()`` / ``eval()``)
    than when it was traced, since the graph has that mode's dropout, batch
    statistics and running-stat updates baked in (Dynamo guards each
    module's ``training``)."""
    return tuple((name or type(root).__name__, m, bool(m.training)) for name, m in root.named_modules())


def _export_ir(captured: _Captured) -> str:
    if captured.fallback is not None:
        raise Unsupported(captured.reason)
    ir, _ = _importer.emit(
        captured.meta,
        captured.fake_inputs,
        captured.graph_outputs,
        trace_joint=captured.trace_joint,
        detach_inputs=captured.detach_inputs,
        dupes=captured.dupes,
        synthetic=captured.synthetic,
        native=captured.native,
    )
    return ir


def export(
    fn: Callable[..., Any],
    *example_inputs: Any,
    path: str | None = None,
    direct: bool = False,
    inner: str = "eager",
) -> str:
    """The wrap IR wrapc imports for ``fn`` (its first graph) called on
    ``example_inputs`` under the current grad mode, as text; also written
    to ``path`` when given. With the eager inner compiler the graph's
    compute is left to the embedder (``@wrapc_torch_graph``), so the module
    is the runtime wrapper alone: feed it to ``wrapc-opt``, lit tests or a
    bug report.

    ``direct``: trace as :func:`compile` does (AOTAutograd on the whole
    function, no Dynamo), which keeps what Dynamo would take out of the
    graph (a tensor passed twice, in-place metadata changes of inputs).

    ``inner="inductor"``: Inductor compiles the graph, and the module also
    holds its imported wrapper program (``@wrapc_torch_native_graph``, its
    kernels and extern calls) where the import covers it."""
    if inner not in INNER_COMPILERS:
        raise ValueError(f"wrapc: unknown inner compiler {inner!r} (one of {', '.join(INNER_COMPILERS)})")
    if direct:
        module = _FunctionModule(fn)
        ir = _export_ir(_capture(module, list(example_inputs), inner))
        if path is not None:
            with open(path, "w") as f:
                f.write(ir)
        return ir
    modules: list[str] = []

    def recording_backend(gm: torch.fx.GraphModule, inputs: Sequence[Any]) -> Callable[..., Any]:
        modules.append(_export_ir(_capture(gm, inputs, inner)))
        return gm.forward

    torch._dynamo.reset()
    try:
        torch.compile(fn, backend=recording_backend, fullgraph=True)(*example_inputs)
    except torch._dynamo.exc.BackendCompilerFailed as e:
        if isinstance(e.inner_exception, Unsupported):
            raise e.inner_exception from None
        raise
    finally:
        torch._dynamo.reset()
    if not modules:
        raise Unsupported("Dynamo produced no graph for this function")
    if path is not None:
        with open(path, "w") as f:
            f.write(modules[0])
    return modules[0]


def _register() -> None:
    from torch._dynamo.backends.registry import _BACKENDS, register_backend

    if "wrapc" not in _BACKENDS:
        register_backend(name="wrapc")(backend)


_register()
