"""AOTAutograd's stages 1 and 2b for one graph (functionalization, the
ViewAndMutationMeta analysis, the partition and the inner compile), with
what wrapc records of them: the layers AOTAutograd builds around the
compiled graph that wrapc's native wrapper replaces or models
(``AOTDedupeWrapper``, ``AOTSyntheticBaseWrapper``, ``CompiledFunction``
under ``RuntimeWrapper``), and Inductor's compilers as ``compile_fx``
builds them. Stage 2c, the runtime wrapper, is wrapc's."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import os
from typing import Any, Callable, Collection, Sequence

import torch

from .. import _importer, _native, _subclasses
from .._build import CompileError
from .._errors import Unsupported
from . import OutputType, ViewsTaken, _concrete_geometry

def _fake_outputs(graph_module: torch.fx.GraphModule) -> list[Any]:
    output = next(n for n in reversed(graph_module.graph.nodes) if n.op == "output")
    values = output.args[0]
    return [v.meta.get("val") if isinstance(v, torch.fx.Node) else v for v in values]


def _user_output_values(graph_module: torch.fx.GraphModule, meta: Any, spans: Sequence[Sequence[int]] | None = None) -> list[list[Any]]:
    """Per user output, the graph's output values that make it: one, or
    under tensor subclasses (``spans``: per forward output, the graph
    outputs ``AOTDispatchSubclassWrapper`` wraps into it) its inner
    tensors."""
    output = next(n for n in reversed(graph_module.graph.nodes) if n.op == "output")
    values = list(output.args[0])
    if spans is None:
        spans = [[i] for i in range(len(values))]
    first = meta.num_mutated_inp_runtime_indices
    return [[values[i] for i in span] for span in spans[first : first + len(meta.output_info)]]


def _val(v: Any) -> Any:
    return v.meta.get("val") if isinstance(v, torch.fx.Node) else v


def _over_no_input(graph_module: torch.fx.GraphModule, meta: Any, spans: Sequence[Sequence[int]] | None = None) -> set[int]:
    """The user outputs PyTorch's analysis calls aliases of an input whose
    traced value is over no graph input's memory: the graph computed them
    from the input's value, which the analysis did not see changed (a
    ``mul_`` then a ``set_`` of the same input: random program 5137), so
    their geometry is no view of the input and only the recorded view
    chain, replayed on it, places them (as PyTorch's replay does). Under
    tensor subclasses, an output all of whose inner tensors are so."""

    def strided(t: Any) -> bool:
        # Only a strided tensor has a storage to ask for (a sparse one raises).
        return isinstance(t, torch.Tensor) and t.layout == torch.strided

    storages = {
        p.meta["val"].untyped_storage()._cdata
        for p in graph_module.graph.nodes
        if p.op == "placeholder" and strided(p.meta.get("val"))
    }
    outputs = _user_output_values(graph_module, meta, spans)
    return {
        j
        for j, (info, values) in enumerate(zip(meta.output_info, outputs))
        if info.output_type == OutputType.alias_of_input
        and values
        and all(strided(_val(v)) and _val(v).untyped_storage()._cdata not in storages for v in values)
    }


def _detached_outputs(graph_module: torch.fx.GraphModule, meta: Any, spans: Sequence[Sequence[int]] | None = None) -> set[int]:
    """The user outputs the graph makes with ``aten.detach`` (eager's
    ``x.detach()``: over x's memory, no view), where the analysis records
    no view chain to say so (an input ``set_`` onto other memory after it:
    random program 3543). Under tensor subclasses, an output all of whose
    inner tensors are so made."""
    return {
        j
        for j, values in enumerate(_user_output_values(graph_module, meta, spans))
        if values
        and all(
            isinstance(v, torch.fx.Node) and v.op == "call_function" and v.target is torch.ops.aten.detach.default
            for v in values
        )
    }


class EagerOnly(Unsupported):
    """The trace failed where the functionalized graph cannot give eager's
    values (PyTorch's own path neither): Dynamo's graph runs eagerly."""


class Captured:
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
        # Training with Inductor: the partitioned forward graph and its
        # (fake) example inputs (_recording_forward).
        self.forward_graph: tuple[torch.fx.GraphModule, list[Any]] | None = None
        # AOTDedupeWrapper's add_dupe_map when the same tensor is passed
        # as several arguments and mutated (else empty): the native entry
        # takes every argument and checks each duplicate is the tensor it
        # repeats; the metadata and graph are the deduplicated ones.
        self.dupes: list[int] = []
        # AOTSyntheticBaseWrapper's layer when mutated inputs alias other
        # inputs (else None): what the graph's inputs are made of.
        self.synthetic: _importer.SyntheticBases | None = None
        # The flat graph under AOTDispatchSubclassWrapper's layer, when the
        # graph takes or returns tensor subclasses (else None): meta,
        # fake_inputs and graph_outputs are then the subclass-level ones.
        self.subclasses: _subclasses.SubclassLayer | None = None
        # Inductor's wrapper program, imported (see _compile_inference):
        # (graph input types, graph output types) -> NativeGraph; the
        # directories of its Triton kernels' cubins, and its CUDA device.
        self.native: Callable[..., Any] | None = None
        self.cubin_dirs: list[str] = []
        self.cuda_device: int = -1
        # Compiles the graph again the usual way (Inductor's Python
        # wrapper), should wrapc fail to build the imported program.
        self.recompile: Callable[[], Any] | None = None
        # Per user output that is a view of a base that requires grad, the
        # grad mode the function made it under (view_grad_mode), as traced:
        # regenerated under it.
        self.view_grad_modes: dict[int, bool] = {}
        # User outputs that are views written after they were taken.
        self.written_views: set[int] = set()
        # Aliases of an input that the graph made over other memory, and
        # outputs it made with aten.detach.
        self.over_no_input: set[int] = set()
        self.detached_outputs: set[int] = set()
        # Per argument of the traced function (lifted parameters first),
        # how many times the trace bumped its version counter: once per
        # in-place op on it or a view of it, as eager does.
        self.eager_bumps: list[int] = []
        # Per argument, whether the trace wrote it under grad mode on (1),
        # only off (0) or never (-1; ViewsTaken): compile refuses a write
        # autograd would record that AOTAutograd hides.
        self.write_modes: list[int] = []
        # Traced under no_grad, per argument, whether the function read it
        # under grad mode on (ViewsTaken.read_under_grad).
        self.read_under_grad: list[bool] = []
        # Per argument, whether its last version bump in the trace was an
        # in-place view op on it (ViewsTaken.view_op_last): the extension
        # keeps the grad_fn that op records current past its top-up.
        self.view_op_last: list[bool] = []
        # Arguments whose geometry the trace changed (size, stride or
        # offset), whatever PyTorch's analysis says of them.
        self.reshaped: set[int] = set()
        # Arguments whose data the trace wrote before a set_ moved them onto
        # other memory: the analysis drops that write.
        self.written_then_moved: set[int] = set()
        # Per argument the trace set_ onto another argument's memory, that
        # argument (_moved_onto).
        self.moved_onto: dict[int, int] = {}
        # The first in-place op that wrote through a tensor whose elements
        # share memory (_TraceNotes.overlapping_write): the graph's values
        # are not eager's.
        self.overlapping_write: str | None = None
        # Why an as_strided in the graph takes other elements than eager's
        # (ViewsTaken.as_strided_refusal), and whether one was taken over an
        # argument at a storage offset other than 0 (ViewsTaken.strided_off_zero).
        self.as_strided_lost: str | None = None
        self.strided_off_zero: bool = False
        # ViewsTaken.gradient_lost of the first trace (a reason, or None).
        self.gradient_lost: str | None = None
        # Per argument the function changed both in data and in geometry
        # (the ViewMeta sequence of its in-place view ops, else None): its
        # new value is the graph's fresh tensor, whose geometry is those
        # ops' on a dense copy (offset 0), not on the caller's tensor; the
        # extension replays them on the caller's to place the write-back.
        self.restride_chains: list[Any] = []
        # Per user output, its ViewMeta sequence from its base as traced
        # (None: no view, or sizes symbolic): the analysis records none for
        # a view of an input whose metadata changed (_importer.view_replays).
        self.entry_chains: list[Any] = []


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


def _recording_forward(forward: Callable[..., Any], captured: Captured) -> Callable[..., Any]:
    """Inductor's forward compiler of a training graph, recording the
    partitioned forward graph (a copy: Inductor's passes rewrite the one
    they compile) and its example inputs, from which ``_compile``'s
    ``native_training_forward`` builds the graph natively."""

    def compile_forward(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Any:
        captured.forward_graph = (_graph_copy(gm), list(example_inputs))
        return forward(gm, example_inputs)

    return compile_forward


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
        recorded["returned_inputs"] = [o.base_idx if o.output_type == is_input else -1 for o in fw_metadata.output_info]
        alias = runtime_wrappers.OutputType.alias_of_input
        recorded["viewed_inputs"] = [o.base_idx if o.output_type == alias else -1 for o in fw_metadata.output_info]
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
    """Records what AOTAutograd's autograd path builds for a training graph
    (``AOTDispatchAutograd.post_compile`` in runtime_wrappers.py): what it
    builds ``CompiledFunction`` from (the compiled forward graph, the lazy
    backward's pieces, the runtime metadata), that class's ``apply``, which
    it wraps in a RuntimeWrapper, and the inputs ``_runtime_wrapper``
    detaches. wrapc's native wrapper takes the RuntimeWrapper's place, around
    a C++ autograd node that does what ``CompiledFunction`` does where it can
    (``_autograd_graph``)."""
    from torch._dynamo.convert_frame import compile_lock
    from torch._functorch._aot_autograd import runtime_wrappers

    grabbed: dict[str, Any] = {}
    original = runtime_wrappers.RuntimeWrapper.post_compile
    original_autograd = runtime_wrappers.AOTDispatchAutograd.post_compile

    def post_compile(self: Any, compiled_fn: Any, aot_config: Any, *, runtime_metadata: Any) -> Any:
        if self.trace_joint:
            grabbed.update(
                function=compiled_fn,
                detach_inputs=list(self.indices_of_inps_to_detach),
                meta=runtime_metadata,
            )
        return original(self, compiled_fn, aot_config, runtime_metadata=runtime_metadata)

    def autograd_post_compile(*args: Any, **kwargs: Any) -> Any:
        names = ("compiled_fw_func", "compiled_bw_func", "maybe_subclass_meta", "num_symints_saved_for_bw_",
                 "backward_state_indices", "disable_amp", "indices_of_inps_to_detach", "lazy_backward_info",
                 "aot_config")
        grabbed["built_from"] = {**dict(zip(names, args)), **kwargs}
        return original_autograd(*args, **kwargs)

    # The hooks are class attributes: Dynamo's compile lock (re-entrant;
    # held already under torch.compile) keeps another thread's compilation
    # from running through them (wrapc_torch.compile runs outside Dynamo).
    with compile_lock:
        runtime_wrappers.RuntimeWrapper.post_compile = post_compile
        runtime_wrappers.AOTDispatchAutograd.post_compile = staticmethod(autograd_post_compile)
        try:
            yield grabbed
        finally:
            runtime_wrappers.RuntimeWrapper.post_compile = original
            runtime_wrappers.AOTDispatchAutograd.post_compile = staticmethod(original_autograd)


def _autograd_graph(grabbed: dict[str, Any]) -> Callable[..., Any]:
    """The callee of a training wrapper: what ``_runtime_wrapper`` calls
    under trace_joint. Grad mode is the native wrapper's business (on during
    the call), and so is original view tracking. Natively
    (``_C.AutogradGraph``, csrc/autograd.cpp) where ``_native_autograd_spec``
    finds the graph within what it models; otherwise ``CompiledFunction.apply``
    (saved-tensor hooks off where AOTAutograd turns them off), with the
    TensorAlias boxes it puts around aliased outputs and metadata-only
    mutations opened (the output handlers' ``_unwrap_tensoralias``)."""
    from torch._functorch._aot_autograd.runtime_wrappers import (
        _disable_saved_tensors_hooks,
        _should_disable_saved_tensors_hooks,
    )
    from torch._functorch._aot_autograd.schemas import TensorAlias

    hooks_off = _should_disable_saved_tensors_hooks()
    # WRAPC_AUTOGRAD_NODE=python keeps PyTorch's class (an A/B for benchmarks).
    spec = None if os.environ.get("WRAPC_AUTOGRAD_NODE") == "python" else _native_autograd_spec(grabbed)
    if spec is not None:
        from .._C import AutogradGraph

        return AutogradGraph(**spec, hooks_off=hooks_off)
    function = grabbed["function"]

    def graph(args: list[Any]) -> list[Any]:
        with torch.autograd._force_original_view_tracking(True):
            with _disable_saved_tensors_hooks() if hooks_off else contextlib.nullcontext():
                outs = function(*args)
        return [o.alias if isinstance(o, TensorAlias) else o for o in outs]

    return graph


class _NoContext:
    """The ctx ``CompiledFunction._backward_impl`` is given at the first
    backward: the C++ node has already released its saved values."""

    @staticmethod
    def maybe_clear_saved_tensors() -> None:
        pass


# The layers AOTAutograd puts around a training graph's compiled forward
# (``_aot_stage2b_compile_forward_or_inference`` in graph_compile.py) that
# pass the call through unchanged once effect tokens and functional RNG are
# ruled out, as ``_native_autograd_spec`` rules them out: the node calls
# what is inside them.
_PASS_THROUGH = (
    "EffectTokensWrapper.post_compile.<locals>.inner_fn",
    "FunctionalizedRngRuntimeWrapper.post_compile.<locals>.wrapper",
)


def _bare_forward(forward: Callable[..., Any]) -> Callable[..., Any]:
    # The code's own name: functools.wraps copies the wrapped function's.
    while getattr(getattr(forward, "__code__", None), "co_qualname", None) in _PASS_THROUGH:
        forward = forward.__wrapped__
    return forward


def _native_autograd_spec(grabbed: dict[str, Any]) -> dict[str, Any] | None:
    """What ``_C.AutogradGraph`` needs to do what ``CompiledFunction`` does
    (its ``forward`` and ``backward``, with ``_backward_prologue_functional``
    for a graph without subclasses), read from the runtime metadata; None
    where the graph needs what the C++ node does not model (tensor
    subclasses, functional RNG state, BackwardState, opaque objects, effect
    tokens, compiled autograd), which keeps PyTorch's class."""
    from torch._functorch import config as functorch_config
    from torch._functorch._aot_autograd.schemas import (
        MutationType,
        OutputType as AotOutputType,
        PlainTensorMeta,
    )

    built = grabbed.get("built_from")
    # Compiled autograd, turned on for the process, traces CompiledFunction's
    # backward; it cannot trace the C++ node's.
    if built is None or "function" not in grabbed or torch._dynamo.config.compiled_autograd:
        return None
    meta = built.get("fw_metadata")
    if (
        meta is None
        or built.get("maybe_subclass_meta") is not None
        or built.get("backward_state_indices")
        or meta.num_graphsafe_rng_states
        or meta.is_rng_op_functionalized
        or meta.num_backward_tokens
        or meta.tokens
        or (meta.num_opaque_objects_saved_for_bw or 0)
        or meta.tensors_saved_for_backwards_with_vc_check_slice.start != meta.num_forward_returns
    ):
        return None
    n_mutated = meta.num_mutated_inp_runtime_indices
    returns = n_mutated + meta.num_outputs + meta.num_intermediate_bases
    if returns != meta.num_forward_returns:
        return None
    aliased = [i for i, idx in enumerate(meta.mutated_inp_runtime_indices)
               if meta.input_info[idx].mutates_metadata and not meta.input_info[idx].mutates_data]
    aliased += [n_mutated + i for i in meta.aliased_out_indices]
    returned_meta = [x for x in meta.input_info if x.mutation_type == MutationType.MUTATED_OUT_GRAPH] + list(meta.output_info)
    non_differentiable = [i for i, m in enumerate(returned_meta) if not m.requires_grad]
    # _backward_prologue_functional's tangent filter.
    tangents = [i for i, idx in enumerate(meta.mutated_inp_runtime_indices)
                if meta.input_info[idx].mutates_data and meta.input_info[idx].requires_grad]
    tangents += [
        n_mutated + i for i, info in enumerate(meta.output_info)
        if info.output_type in (AotOutputType.non_alias, AotOutputType.unsafe_view_alias,
                                AotOutputType.custom_function_view)
        and issubclass(info.raw_type, torch.Tensor) and info.requires_grad
    ]
    tangents += range(n_mutated + meta.num_outputs, returns)
    if len(meta.subclass_tangent_meta) != len(tangents):
        return None
    layouts: list[Any] = []
    for tangent_meta in meta.subclass_tangent_meta:
        if not isinstance(tangent_meta, PlainTensorMeta) or tangent_meta.memory_format is None:
            return None
        layout = tangent_meta.memory_format
        if layout.memory_format is not None:
            name = str(layout.memory_format).removeprefix("torch.")
            if name not in ("contiguous_format", "channels_last", "channels_last_3d"):
                return None
            layouts.append("contiguous" if name == "contiguous_format" else name)
        elif layout.size is None or layout.stride is None:
            return None
        else:
            layouts.append((tuple(int(d) for d in layout.size), tuple(int(d) for d in layout.stride)))
    function_class = grabbed["function"].__self__
    disable_amp = bool(built.get("disable_amp"))

    def first_backward(args: list[Any]) -> tuple[Any, Any, bool]:
        out = function_class._backward_impl(_NoContext, args)
        donated = bool(functorch_config.donated_buffer and meta.bw_donated_idxs)
        return out, function_class.compiled_bw, donated

    return dict(
        forward=_bare_forward(built["compiled_fw_func"]),
        first_backward=first_backward,
        returns=returns,
        aliased=aliased,
        unsafe_views=[n_mutated + i for i in meta.unsafe_view_out_indices],
        non_differentiable=[i for i in non_differentiable if i < n_mutated + meta.num_outputs],
        saved_unchecked=meta.num_tensors_saved_with_no_vc_check or 0,
        saved_symints=meta.num_symints_saved_for_bw or 0,
        tangents=tangents,
        layouts=layouts,
        deterministic=-1 if meta.deterministic is None else int(meta.deterministic),
        mutations_in_backward=bool(meta.indices_of_inputs_that_requires_grad_with_mutations_in_bw),
        disable_amp=disable_amp,
    )


class KeptMutationsLost(RuntimeError):
    """PyTorch's graph, keeping some input mutations in the graph,
    returns another input as the new value of one it writes outside."""


def check_written_back_values(joint: torch.fx.GraphModule, meta: Any, restrided: Collection[int] = ()) -> None:
    """Raises :class:`KeptMutationsLost` where the graph's value for an
    input changed outside the graph is another input (its placeholder, or
    a ``copy_`` into it).

    PyTorch 2.11 builds such a graph for a training function that returns
    an input it writes inside the graph beside one it writes outside
    (``b.mul_(0.5); a.mul_(2); return b``, ``a`` requiring grad): the new
    value of ``a`` is ``b`` and ``a``'s own is never computed, so
    ``aot_function`` with ``keep_inference_input_mutations=True`` writes
    ``b``'s values into ``a`` (random program 8827). With the mutations
    written back outside the graph the values are right.

    So where an input whose data and geometry the function changes under
    no_grad (``x.t_(); x.mul_(2)``; ``restrided``: those whose in-place
    view ops gave them another geometry) is kept in the graph whole: the
    graph copies the new values into the input's old geometry and no one
    gives it the new one (the caller's tensor keeps its strides, its
    memory holds the values transposed; ``aot_function`` alike)."""
    kept = set(meta.mutated_inp_runtime_indices)
    for i, info in enumerate(meta.input_info):
        if info.mutates_data and i in restrided and not info.mutates_storage_metadata and i not in kept:
            raise KeptMutationsLost(
                f"PyTorch's graph writes input #{i} inside the graph and drops the change of its geometry"
            )
    placeholders = [n for n in joint.graph.nodes if n.op == "placeholder"][: len(meta.input_info)]
    output = next(n for n in reversed(joint.graph.nodes) if n.op == "output")
    values = output.args[0]

    def dtype(node: Any) -> Any:
        value = node.meta.get("val") if isinstance(node, torch.fx.Node) else None
        return value.dtype if isinstance(value, torch.Tensor) else None

    for k, i in enumerate(meta.mutated_inp_runtime_indices):
        value = values[k] if k < len(values) else None
        other = value
        # copy_ returns the tensor it wrote: another input written inside
        # the graph. Its new values may well be this input's too (a1.copy_(a0)
        # after a0 is written), but not in another dtype: the graph lost
        # this input's own change (random program 1860: an int input's
        # write where a float input's as_strided_ belongs).
        while isinstance(other, torch.fx.Node) and other.op == "call_function" and \
                other.target is torch.ops.aten.copy_.default:
            other = other.args[0]
        # Another input itself is a new geometry (a set_ onto it), never new
        # values (random program 8827's graph, above).
        lost = dtype(value) != dtype(placeholders[i]) if other is not value else meta.input_info[i].mutates_data
        if isinstance(other, torch.fx.Node) and other.op == "placeholder" and other in placeholders \
                and placeholders.index(other) != i and lost:
            raise KeptMutationsLost(
                f"PyTorch's graph returns input #{placeholders.index(other)} as the new value of input #{i}, "
                "which the function changes outside the graph (an input written inside the graph is returned in "
                "its place)"
            )
        if dtype(value) is not None and dtype(value) != dtype(placeholders[i]) and \
                not meta.input_info[i].mutates_storage_metadata:
            # No new value of an input has another dtype (random program
            # 10463: an int input set_ onto another, kept in the graph, came
            # back as a float input's new geometry).
            raise KeptMutationsLost(
                f"PyTorch's graph returns a {dtype(value)} value as the new one of input #{i}, a {dtype(placeholders[i])} one"
            )


def failed_keeping_mutations(error: BaseException) -> bool:
    """Whether ``error`` came from functionalization writing an input's
    mutation back inside the graph (``apply_in_graph_mutations``): PyTorch
    2.11 cannot keep there a data write to an input whose rank the function
    changed in place (``x.unsqueeze_(0); x.mul_(2)``: "expand: the requested
    shape has too few dimensions"), which the runtime wrapper's write-back
    handles; or from :func:`check_written_back_values`."""
    from torch._functorch._aot_autograd.graph_capture_wrappers import apply_in_graph_mutations

    if isinstance(error, KeptMutationsLost):
        return True
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is apply_in_graph_mutations.__code__:
            return True
        tb = tb.tb_next
    return False


def eager_compiler(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
    from functorch.compile import make_boxed_func

    return make_boxed_func(gm.forward)


def mode_options(mode: str | None, inner: str) -> dict[str, Any]:
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
CUDA_GRAPH_TREES = "CUDA-graph trees (mode=\"reduce-overhead\" or triton.cudagraphs) manage the graph's memory"


def cuda_graph_trees(patches: dict[str, Any]) -> bool:
    from torch._inductor import config as inductor_config

    return bool(patches.get("triton.cudagraphs", inductor_config.triton.cudagraphs))


def capture(
    gm: torch.nn.Module,
    example_inputs: Sequence[Any],
    inner: str,
    keep_input_mutations: bool | None = None,
    mode: str | None = None,
) -> Captured:
    """AOTAutograd's stages 1 and 2b for ``gm``; stage 2c is wrapc's."""
    from torch._inductor import config as inductor_config

    patches = mode_options(mode, inner)
    with inductor_config.patch(patches):
        return _capture_patched(gm, example_inputs, inner, keep_input_mutations, patches)


def _capture_patched(
    gm: torch.nn.Module,
    example_inputs: Sequence[Any],
    inner: str,
    keep_input_mutations: bool | None,
    patches: dict[str, Any],
) -> Captured:
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

    captured = Captured()
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
        from . import inductor_fx as _inductor_fx

        compiler = _inductor_forward_compiler(
            gm, len(example_inputs), is_inference=True, inner_compile=_inductor_fx.with_fx_wrapper(inner_compile)
        )
        from torch._dispatch.python import enable_python_dispatcher

        stack_contexts = [enable_python_dispatcher()]
    else:
        keep_mutations = bool(keep_input_mutations)
        compiler = eager_compiler
    with contextlib.ExitStack() as stack:
        for context in stack_contexts:
            stack.enter_context(context)
        (functional_call, params_flat, _, _, fake_args, descs, aot_config, fake_mode, shape_env, _, _) = (
            prepare_aot_module_simplified(
                gm, example_inputs, None, decompositions, keep_mutations, None, False, flatten=False
            )
        )
        stack.enter_context(compiled_autograd._disable())
        functional_call, notes = _watching_views(functional_call)
        if inner == "inductor":
            # As compile_fx around aot_autograd: Inductor's joint-graph
            # passes (replace_random's seeds, for one) make fake tensors in
            # the graph's fake mode.
            from torch._inductor.virtualized import V

            stack.enter_context(V.set_fake_mode(fake_mode))
        state = create_aot_state(stack, functional_call, fake_args, descs, aot_config, fake_mode, shape_env)
        with _record_synthetic_bases() as merged:
            stage1 = aot_stage1_graph_capture(state, functional_call)
        captured.params = list(params_flat)
        captured.written_views = notes.written
        captured.eager_bumps = notes.bumps
        captured.write_modes = notes.write_modes
        captured.view_op_last = notes.view_op_last
        captured.read_under_grad = notes.read_under_grad
        captured.reshaped = notes.reshaped
        captured.written_then_moved = notes.written_then_moved
        captured.moved_onto = notes.moved_onto
        captured.overlapping_write = notes.overlapping_write
        captured.view_grad_modes = notes.view_grad_modes
        captured.restride_chains = notes.restride_chains
        captured.as_strided_lost = notes.as_strided_lost
        captured.gradient_lost = notes.gradient_lost
        captured.strided_off_zero = notes.strided_off_zero
        captured.entry_chains = notes.entry_chains
        training = state.needs_autograd and not aot_config.pre_dispatch
        forward, backward, partition = compiler, compiler, default_partition
        if training and inner == "inductor":
            forward, backward, partition = _inductor_training_compilers(gm, len(example_inputs), inner_compile)
            forward = _recording_forward(forward, captured)
        reason = ""
        if inner == "inductor" and cuda_graph_trees({}):
            reason = CUDA_GRAPH_TREES
        else:
            if stage1.maybe_subclass_meta is not None:
                try:
                    # In training the joint graph's leading outputs are the
                    # forward's, which the subclass metadata describes.
                    captured.subclasses, subclass_outputs = _subclasses.layer(
                        stage1.graph_module, stage1.updated_flat_args, state.fw_metadata
                    )
                    _subclasses.check(state.fw_metadata, state.flat_args, subclass_outputs)
                    if training:
                        captured.subclasses = _subclasses.training_layer(state.fw_metadata, subclass_outputs)
                except Unsupported as e:
                    reason = str(e)
            for w in stage1.wrappers:
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
                        viewed_inputs=merged.get("viewed_inputs", []),
                    )
            if captured.subclasses is not None and (captured.dupes or captured.synthetic is not None):
                reason = reason or "tensor-subclass arguments are passed twice or alias each other"
            try:
                _importer.check_supported(state.fw_metadata, training=training)
            except Unsupported as e:
                reason = reason or str(e)
        if reason:
            captured.reason = reason
            captured.fallback, _ = aot_stage2_compile(state, stage1, partition, forward, backward, compiler)
            return captured
        # The trace numbers the arguments as given; merged or deduplicated,
        # the graph's metadata numbers others.
        restrided = () if captured.dupes or captured.synthetic is not None else notes.new_geometry
        if training:
            # The joint graph takes (primals, tangents) and returns the
            # forward's values, then the gradients.
            if keep_mutations:
                check_written_back_values(stage1.graph_module, state.fw_metadata, restrided)
            primals, _ = stage1.updated_flat_args
            n_returned = (
                state.fw_metadata.num_mutated_inp_runtime_indices
                + len(state.fw_metadata.output_info)
                + state.fw_metadata.num_intermediate_bases
            )
            spans = None
            captured.graph_outputs = _fake_outputs(stage1.graph_module)[:n_returned]
            captured.fake_inputs = list(primals)
            if captured.subclasses is not None:
                # CompiledFunction.apply takes and returns the subclass-level
                # values (the subclass wrapper is inside it).
                spans = _subclasses.spans(state.fw_metadata)
                captured.graph_outputs = subclass_outputs
                captured.fake_inputs = list(state.flat_args)
            captured.over_no_input = _over_no_input(stage1.graph_module, state.fw_metadata, spans)
            captured.detached_outputs = _detached_outputs(stage1.graph_module, state.fw_metadata, spans)
            with _grab_autograd_function() as grabbed:
                aot_stage2_compile(state, stage1, partition, forward, backward, compiler)
            if "function" not in grabbed:
                raise CompileError("AOTAutograd built no autograd function for a training graph")
            captured.meta = grabbed["meta"]
            captured.trace_joint = True
            captured.detach_inputs = grabbed["detach_inputs"]
            captured.compiled = _autograd_graph(grabbed)
            return captured
        subclass_meta = stage1.maybe_subclass_meta
        if keep_mutations and subclass_meta is None:
            check_written_back_values(stage1.graph_module, state.fw_metadata, restrided)
        aot_config.inference_compiler = compiler
        # As aot_stage2_inference before the inner compiler: Python floats
        # Dynamo passed as 0-d tensors (and `.item()`ed in the graph) become
        # tensor arithmetic again, or are specialized; without it Inductor
        # meets an `.item()` it has no binding for.
        graph_compile._apply_tensorify_python_scalars(stage1.graph_module)
        captured.graph_module = stage1.graph_module
        captured.meta = state.fw_metadata
        if subclass_meta is None:
            captured.fake_inputs = list(stage1.updated_flat_args)
            captured.graph_outputs = _fake_outputs(stage1.graph_module)
            spans = None
        else:
            # The runtime wrapper's values are the subclass-level ones; the
            # flat graph's are in captured.subclasses.
            captured.fake_inputs = list(state.flat_args)
            captured.graph_outputs = subclass_outputs
            spans = _subclasses.spans(state.fw_metadata)
        captured.over_no_input = _over_no_input(stage1.graph_module, state.fw_metadata, spans)
        captured.detached_outputs = _detached_outputs(stage1.graph_module, state.fw_metadata, spans)
        captured.compiled = _compile_inference(
            captured,
            lambda gm: graph_compile._aot_stage2b_inference_compile(
                gm, stage1.updated_flat_args, None, state.fw_metadata, aot_config
            ),
            native=inner == "inductor",
        )
        if subclass_meta is not None:
            # As stage 2 after the compile: the subclass metadata the
            # rebuild of an output reads at run time (its subclass type).
            from torch._functorch._aot_autograd.runtime_wrappers import make_runtime_safe

            make_runtime_safe(state.fw_metadata, subclass_meta)
    return captured


@dataclasses.dataclass
class _TraceNotes:
    """What ``_watching_views`` saw of the traced function."""

    # The last trace's outputs that are views written after they were taken.
    written: set[int] = dataclasses.field(default_factory=set)
    # From the first trace, per argument: its version counter's moves and
    # the grad mode it was last written under (ViewsTaken.write_modes).
    bumps: list[int] = dataclasses.field(default_factory=list)
    write_modes: list[int] = dataclasses.field(default_factory=list)
    view_op_last: list[bool] = dataclasses.field(default_factory=list)
    # From the first trace: ViewsTaken.read_under_grad.
    read_under_grad: list[bool] = dataclasses.field(default_factory=list)
    # From the first trace: the arguments a set_ gave a new geometry.
    reshaped: set[int] = dataclasses.field(default_factory=set)
    # From the first trace: the arguments written and then set_ onto
    # other memory (ViewsTaken.set_after_write).
    written_then_moved: set[int] = dataclasses.field(default_factory=set)
    # From the first trace: per argument set_ onto another argument's
    # memory (that one not moved), the other's index.
    moved_onto: dict[int, int] = dataclasses.field(default_factory=dict)
    # From any trace: the first in-place op that wrote through a tensor
    # whose elements share memory (ViewsTaken.overlapping_write).
    overlapping_write: str | None = None
    # From the last trace, per output that is a view of a base that
    # requires grad: the grad mode it was made under (view_grad_mode).
    view_grad_modes: dict[int, bool] = dataclasses.field(default_factory=dict)
    # From the first trace, per argument: _restride_chain.
    restride_chains: list[Any] = dataclasses.field(default_factory=list)
    # From the first trace: ViewsTaken.as_strided_refusal, strided_off_zero.
    as_strided_lost: str | None = None
    strided_off_zero: bool = False
    # From the first trace: ViewsTaken.gradient_lost.
    gradient_lost: str | None = None
    # From the first trace: the arguments with a restride chain that gives
    # them another geometry (_new_geometry).
    new_geometry: set[int] = dataclasses.field(default_factory=set)
    # From the first trace, per output: _view_chain.
    entry_chains: list[Any] = dataclasses.field(default_factory=list)


def _geometry(x: Any) -> tuple[str, str, str] | None:
    """A strided tensor's size, stride and offset, symbolic ones by their
    expressions (comparing SymInts would add guards)."""
    if not isinstance(x, torch.Tensor) or x.layout != torch.strided or x.is_nested:
        return None
    return str(tuple(x.shape)), str(tuple(x.stride())), str(x.storage_offset())


def _set_geometry(x: Any) -> tuple[str, str, str] | None:
    """The geometry a traced argument's value has after a ``set_`` on it
    (None where none ran): the functional tensor itself keeps its old one.
    A data mutation after the set_ would give the value a new layout too,
    but functionalization refuses those over memory the argument already
    shared ("cannot mutate tensors with frozen storage"), the only set_s
    this is read for."""
    from torch._subclasses.functional_tensor import FunctionalTensor

    if not isinstance(x, FunctionalTensor) or not torch._functionalize_was_storage_changed(x.elem):
        return None
    return _geometry(torch._from_functional_tensor(x.elem))


def _view_chain(x: Any) -> list[Any] | None:
    """A traced value's ViewMeta sequence from its functional base (None
    where it is no view, or a view takes symbolic sizes)."""
    from torch._subclasses.functional_tensor import FunctionalTensor

    if not isinstance(x, FunctionalTensor) or not torch._is_functional_tensor(x.elem):
        return None
    sequence = list(torch._C._functionalization.get_view_meta_sequence(x.elem))
    if not sequence or any(vm.has_symbolic_inputs for vm in sequence):
        return None
    return sequence


def _new_geometry(chain: list[Any], entry: tuple[list[int], list[int], int] | None) -> bool:
    """Whether in-place view ops (``chain``) give an argument of geometry
    ``entry`` another one (a no-op ``squeeze_`` does not): replayed on a
    meta tensor of that geometry, outside the trace's modes. Unknown: yes."""
    from torch.utils._python_dispatch import _disable_current_modes

    if entry is None:
        return True
    sizes, strides, offset = entry
    try:
        with _disable_current_modes():
            storage = torch.empty(offset + sum((n - 1) * st for n, st in zip(sizes, strides)) + 1, device="meta")
            base = storage.as_strided(sizes, strides, offset)
            after = torch._C._functionalization.apply_view_meta_sequence(base, chain)
            return (list(after.shape), list(after.stride()), after.storage_offset()) != entry
    except RuntimeError:
        return True


def _restride_chain(x: Any) -> list[Any] | None:
    """The in-place view ops (a ViewMeta sequence) a traced argument went
    through, where the function also wrote its data: eager's geometry for
    it is theirs replayed on the caller's tensor (PyTorch's epilogue takes
    the graph's value's, a dense copy at offset 0: ``x.t_(); x.mul_(2)``
    on a column moves ``x`` onto other memory). None where it did not
    change both, or set_ moved it (set_ writes back its own geometry), or
    the ops take symbolic sizes (not replayable as recorded)."""
    sequence = _view_chain(x)
    if sequence is None or torch._functionalize_was_storage_changed(x.elem):
        return None
    return sequence if torch._functionalize_has_data_mutation(x.elem) else None


def _moved_onto(args: Sequence[Any]) -> dict[int, int]:
    """Per traced argument that a set_ moved onto the memory of another
    argument (one not moved itself), that argument's index: they share
    one functional storage (compared by address while the arguments hold
    them)."""
    from torch._subclasses.functional_tensor import FunctionalTensor

    storages = [a.elem.untyped_storage()._cdata if isinstance(a, FunctionalTensor) else None for a in args]
    moved = [_set_geometry(a) is not None for a in args]
    return {
        i: j
        for i in range(len(args)) if moved[i] and storages[i] is not None
        for j in range(len(args)) if j != i and not moved[j] and storages[j] == storages[i]
    }


def _watching_views(call: Callable[..., Any]) -> tuple[Callable[..., Any], _TraceNotes]:
    """``call`` noting, each time AOTAutograd traces it, which of its
    outputs are views written after they were taken (ViewsTaken; the set
    holds the last trace's), and, in its first trace (AOTAutograd's
    analysis, on the arguments as given), how many times each argument's
    version counter moved: the traced tensors count in-place ops on them
    and their views as eager's do, each its own (a tensor passed twice
    counted once), where eager's arguments may share one (the extension
    sums them per counter), the grad mode each was last written under
    (ViewsTaken.write_modes), and which a ``set_`` gave a new geometry
    (ViewsTaken.reshaped): PyTorch's analysis misses one onto memory the
    argument already shares, and compile refuses what it missed."""
    notes = _TraceNotes()
    first_trace = [True]

    @functools.wraps(call)
    def watched(*args: Any, **kwargs: Any) -> Any:
        versions = [a._version if isinstance(a, torch.Tensor) else None for a in args]
        geometries = [_geometry(a) for a in args] if first_trace[0] else []
        entries = [
            _concrete_geometry(a) if first_trace[0] and isinstance(a, torch.Tensor) else None for a in args
        ]
        views = ViewsTaken(args if first_trace[0] else ())
        try:
            with views:
                out = call(*args, **kwargs)
        except Exception as e:
            reason = views.as_strided_refusal(failed=True)
            if reason is not None:
                raise EagerOnly(reason) from e
            raise
        outs = out if isinstance(out, (tuple, list)) else (out,)
        notes.overlapping_write = notes.overlapping_write or views.overlapping_write
        modes = {j: views.grad_mode(t) for j, t in enumerate(outs)}
        notes.view_grad_modes = {j: mode for j, mode in modes.items() if mode is not None}
        notes.written.clear()
        notes.written.update(j for j, t in enumerate(outs) if views.written_since(t))
        views.taken.clear()
        if first_trace[0]:
            first_trace[0] = False
            notes.write_modes[:] = views.write_modes
            notes.view_op_last[:] = views.view_op_last
            notes.read_under_grad[:] = views.read_under_grad
            first: dict[int, int] = {}
            notes.bumps[:] = [
                0 if v is None or first.setdefault(id(a), i) != i else a._version - v
                for i, (a, v) in enumerate(zip(args, versions))
            ]
            notes.reshaped.update(
                i for i, (a, g) in enumerate(zip(args, geometries)) if g is not None and _set_geometry(a) not in (None, g)
            )
            # Even a set_ back onto the memory the argument came with
            # (x.set_(x), or a ping-pong through another argument) counts as
            # a storage change, and the analysis drops the write all the same.
            notes.written_then_moved.update(
                i for i, (a, w) in enumerate(zip(args, views.set_after_write)) if w and _set_geometry(a) is not None
            )
            notes.moved_onto.update(_moved_onto(args))
            notes.restride_chains[:] = [_restride_chain(a) for a in args]
            notes.new_geometry.update(
                i for i, (entry, chain) in enumerate(zip(entries, notes.restride_chains))
                if chain is not None and _new_geometry(chain, entry)
            )
            notes.as_strided_lost = views.as_strided_refusal(outs)
            notes.gradient_lost = views.gradient_lost(outs)
            notes.strided_off_zero = any(views.strided_off_zero)
            notes.entry_chains[:] = [_view_chain(o) for o in outs]
        return out

    return watched, notes


def _graph_copy(gm: torch.fx.GraphModule) -> torch.fx.GraphModule:
    """A copy of ``gm``'s graph (nodes and their metadata, shallowly) over
    the same attributes: Inductor's passes rewrite the graph they compile in
    place, and a graph whose FX-wrapper compile was refused is compiled
    again from the original (a KeyError on a constant folded away, on a
    Llama decoder, before)."""
    return torch.fx.GraphModule(gm, copy.deepcopy(gm.graph))


def program_device(inputs: Sequence[Any], outputs: Sequence[Any]) -> tuple[torch.device, str]:
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


def native_import_enabled() -> bool:
    """Whether Inductor's wrapper programs are imported as native code
    (``WRAPC_INDUCTOR_WRAPPER=python`` keeps them Python: an A/B)."""
    return os.environ.get("WRAPC_INDUCTOR_WRAPPER") != "python"


def _compile_inference(captured: Captured, compile_graph: Callable[[Any], Any], *, native: bool) -> Any:
    """Compiles the inference graph; with ``native``, Inductor's wrapper
    program is captured as an FX graph and imported (``captured.native``),
    so that the call runs no Python. A graph the import does not cover is
    compiled again the usual way (decided here, never mid-call), with a
    warning naming the construct; its Python wrapper then runs inside
    wrapc's native runtime wrapper."""
    reason = ""
    gm = captured.graph_module
    if not native or not native_import_enabled():
        return compile_graph(gm)
    device, reason = program_device(captured.fake_inputs, captured.graph_outputs)
    if not reason:
        from .. import _wrapper_import
        from . import inductor_fx as _inductor_fx

        kind = device.type
        try:
            with _inductor_fx.capturing(kind) as fx:
                compiled = compile_graph(_graph_copy(gm))
            reason = fx.refused
        except Exception as e:  # noqa: BLE001 - Inductor's FX wrapper route itself failed
            # (2.11's kernel-provenance pass raises KeyError on some CUDA
            # graphs under fx_wrapper): the usual compile decides.
            reason = f"Inductor's FX wrapper route failed: {type(e).__name__}: {' '.join(str(e).split())[:300]}"

        imported: list[Any] = []

        def translate(in_types: Any, graph_types: Any) -> Any:
            imported.append(_wrapper_import.translate(fx, in_types, graph_types))
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
                    subclasses=captured.subclasses,
                )
                captured.native = translate
                captured.recompile = lambda: compile_graph(gm)
                _native.IMPORTS.append(
                    {"native": True, "reason": "", "counts": dict(imported[-1].counts), "launch_plan": imported[-1].launch_plan}
                )
                return compiled
            except _wrapper_import.NotImported as e:
                reason = str(e)
            except Unsupported:
                return compiled  # the graph itself falls back (the caller decides)
    _native.IMPORTS.append({"native": False, "reason": reason, "counts": {}, "launch_plan": None})
    _native.native_fallback_warning(reason)
    return compile_graph(gm)


def capture_fallback(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], inner: str, mode: str | None = None
) -> Callable[..., Any]:
    from torch._dynamo.backends.common import aot_autograd

    if inner == "inductor":
        from torch._inductor.compile_fx import compile_fx

        return compile_fx(gm, example_inputs, config_patches=mode_options(mode, inner))
    return aot_autograd(fw_compiler=eager_compiler)(gm, example_inputs)
