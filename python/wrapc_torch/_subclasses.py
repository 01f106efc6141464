"""Tensor subclasses through the native wrapper (PyTorch's
``AOTDispatchSubclassWrapper``, as ``wrap.subclass_wrapper``).

PyTorch layers the wrappers as ``RuntimeWrapper(AOTDispatchSubclassWrapper
(graph))``: the runtime wrapper's metadata, mutations and aliases are about
the subclass values the caller passes; the subclass wrapper unwraps them
into the plain tensors the graph takes (``__tensor_flatten__``, in
attribute order, nested ones recursively) and rebuilds its subclass results
(``__tensor_unflatten__``). wrapc emits the same layers: the entry is the
``wrap.runtime_wrapper`` over ``!wrap.subclass`` values, its callee the
``wrap.subclass_wrapper`` around the flat graph. The extension reads a
subclass argument's inner tensors and checks its type natively (one
attribute read per inner tensor, no Python frame); a subclass result is
rebuilt by PyTorch's own ``SubclassCreationMeta.creation_fn`` on the
graph's results, the one Python call a subclass output costs.

In training PyTorch puts the subclass wrapper inside ``CompiledFunction``
(autograd sees the subclass values): the runtime wrapper calls its
``apply`` with the caller's subclass objects, and the extension reads each
subclass object it returns as it reads an argument (``training_layer``).

What the dialect does not model is refused here, so that the graph falls
back to PyTorch's wrapper with the reason: an output that aliases a
subclass value other than a view of a subclass input, a metadata
mutation of a subclass input or a mutation of one that requires grad,
symbolic outer strides, a nested subclass with symbolic outer sizes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import torch

from ._errors import Unsupported
from ._private import OutputType, gen_alias_from_base, is_traceable_wrapper_subclass, view_replay_for_aliased_outputs


@dataclass
class SubclassLayer:
    """The flat graph under ``wrap.subclass_wrapper``: its (fake) inputs
    and outputs, and per subclass-level output (None for a plain value)
    the rebuild PyTorch's ``wrap_tensor_subclasses`` runs, taking the
    instance's inner tensors in flatten order and the argument an alias of
    a subclass input is made again from (else None), with the output's
    ``spec`` and that argument's index (-1: none)."""

    flat_inputs: list[Any] = field(default_factory=list)
    flat_outputs: list[Any] = field(default_factory=list)
    rebuilds: list[tuple[Any, ...] | None] = field(default_factory=list)
    # Training: PyTorch puts the subclass wrapper inside CompiledFunction,
    # whose apply the runtime wrapper calls with the caller's subclass
    # objects and which returns subclass objects; per value it returns,
    # what the extension reads of a subclass one (else None). None: the
    # flat graph above is the callee, under wrap.subclass_wrapper.
    instance_outputs: list[Any] | None = None


def is_subclass(v: Any) -> bool:
    return isinstance(v, torch.Tensor) and is_traceable_wrapper_subclass(v)


def inner_tensors(t: torch.Tensor) -> list[tuple[str, torch.Tensor]]:
    names, _ = t.__tensor_flatten__()
    return [(name, getattr(t, name)) for name in names]


def type_name(t: torch.Tensor) -> str:
    # The runtime compares names; the extension compares the type itself.
    return f"{type(t).__module__}.{type(t).__qualname__}".replace('"', "")


def spec(t: Any) -> Any:
    """What the extension reads of a subclass value like ``t`` (None for
    anything else): ``(type, runtime type name, ((attribute, inner), ...),
    outer sizes)`` where ``inner`` is a nested instance's spec or, for a
    plain tensor, ``(dtype, on CUDA, rank)``, and a symbolic size is -1."""
    if not is_subclass(t):
        return None
    return (
        type(t),
        type_name(t),
        tuple((name, spec(x) if is_subclass(x) else (x.dtype, x.is_cuda, x.dim())) for name, x in inner_tensors(t)),
        tuple(s if isinstance(s, int) else -1 for s in t.shape),
    )


def _rebuild(m: Any, info: Any, before: list[None], leaves: list[Any], base: Any) -> Any:
    # creation_fn reads the graph's results from the output's first one on
    # (flat_tensor_start_idx, nested ones too): the leaves, in flatten
    # order, placed there (``before``, made once, fills the places before).
    out = m.creation_fn(before + leaves, is_runtime=True)
    if base is None:
        return out
    # An alias of a subclass input (AliasOfInputHandler): made again from
    # the caller's argument, its view dispatched to the subclass.
    return gen_alias_from_base(
        base, out, info.requires_grad, info.view_meta_sequence, replay_views=view_replay_for_aliased_outputs()
    )


def _realias(info: Any, out: Any, base: Any) -> Any:
    # Training: the alias CompiledFunction returned, made again from the
    # caller's argument (AliasOfInputHandler), its view dispatched to the
    # subclass.
    return gen_alias_from_base(
        base, out, info.requires_grad, info.view_meta_sequence, replay_views=view_replay_for_aliased_outputs()
    )


def training_layer(meta: Any, outputs: Sequence[Any]) -> SubclassLayer:
    """The layer of a training graph: CompiledFunction.apply over the
    subclass-level values (``outputs``: those it returns, fake), with per
    output the alias of a subclass input to make again from the argument
    (``(realias, spec, base index, True)``; else None)."""
    n_mut = meta.num_mutated_inp_runtime_indices
    rebuilds: list[Any] = [None] * len(outputs)
    for j, info in enumerate(meta.output_info):
        if info.output_type == OutputType.alias_of_input and is_subclass(outputs[n_mut + j]):
            out = outputs[n_mut + j]
            rebuilds[n_mut + j] = (functools.partial(_realias, info), spec(out), info.base_idx, True)
    return SubclassLayer(rebuilds=rebuilds, instance_outputs=[spec(v) for v in outputs])


# PyTorch passes a subclass value's symbolic outer strides after its
# symbolic sizes; the dialect's subclass wrapper appends sizes only (the
# runtime instance holds no outer strides).
_SYMBOLIC_STRIDES = "a tensor-subclass value has symbolic outer strides"


def check(meta: Any, inputs: Sequence[Any], outputs: Sequence[Any]) -> None:
    """Refuses what the native wrapper does not model of subclass values
    (``inputs``, ``outputs``: the subclass-level graph's)."""
    for i, (x, info) in enumerate(zip(inputs, meta.input_info)):
        if not is_subclass(x):
            continue
        if any(not isinstance(s, int) for s in x.stride()):
            raise Unsupported(_SYMBOLIC_STRIDES)
        if info.mutates_metadata or info.mutates_storage_metadata:
            raise Unsupported(f"input #{i}, a {type(x).__name__}, has its metadata changed")
        if (x.requires_grad or info.requires_grad) and (info.mutates_data or info.mutates_metadata):
            raise Unsupported(f"input #{i}, a {type(x).__name__} that requires grad, is mutated")
    n_mut = meta.num_mutated_inp_runtime_indices
    for j, info in enumerate(meta.output_info):
        out = outputs[n_mut + j]
        base = None
        if info.output_type in (OutputType.alias_of_input, OutputType.is_input):
            base = inputs[info.base_idx]
        if not is_subclass(out) and not is_subclass(base):
            continue
        # A subclass value: the graph's own, the input itself, or a view of
        # a subclass input that PyTorch's gen_alias_from_base makes again.
        if info.output_type == OutputType.non_alias or (
            info.output_type in (OutputType.is_input, OutputType.alias_of_input)
            and is_subclass(out)
            and is_subclass(base)
        ):
            continue
        raise Unsupported(f"output #{j} aliases a tensor-subclass value ({info.output_type.name})")
    for b in outputs[n_mut + len(meta.output_info) :]:
        if is_subclass(b):
            raise Unsupported("an intermediate base is a tensor-subclass value")


def layer(graph_module: torch.fx.GraphModule, flat_inputs: list[Any], meta: Any) -> tuple[SubclassLayer, list[Any]]:
    """The flat graph's layer, and the subclass-level values it returns
    (fake): each made of a span of the graph's own outputs, as
    ``meta.subclass_fw_graph_out_meta`` describes."""
    output = next(n for n in reversed(graph_module.graph.nodes) if n.op == "output")
    flat = [v.meta.get("val") if isinstance(v, torch.fx.Node) else v for v in output.args[0]]
    outputs: list[Any] = []
    rebuilds: list[Any] = []
    n_mut = meta.num_mutated_inp_runtime_indices
    infos = [None] * n_mut + list(meta.output_info) + [None] * meta.num_intermediate_bases
    for m, info in zip(meta.subclass_fw_graph_out_meta, infos):
        if hasattr(m, "unwrapped_idx"):  # PlainTensorMeta
            outputs.append(flat[m.unwrapped_idx])
            rebuilds.append(None)
            continue
        if m.original_subclass is None:
            raise Unsupported("AOTAutograd recorded no traced value of a tensor-subclass output")
        if m.included_subclass_symints and any(not isinstance(s, int) for s in m.outer_stride):
            raise Unsupported(_SYMBOLIC_STRIDES)
        outputs.append(m.original_subclass)
        # PyTorch's wrap_tensor_subclasses at run time, for this output,
        # and what the extension reads of the instance the wrapper returns.
        alias = info is not None and info.output_type == OutputType.alias_of_input
        rebuilds.append((functools.partial(_rebuild, m, info, [None] * m.flat_tensor_start_idx), spec(m.original_subclass), info.base_idx if alias else -1))
    return SubclassLayer(flat_inputs=list(flat_inputs), flat_outputs=flat, rebuilds=rebuilds), outputs


def spans(meta: Any) -> list[list[int]]:
    """Per subclass-level forward output, the graph outputs it is made of."""
    result = []
    for m in meta.subclass_fw_graph_out_meta:
        if hasattr(m, "unwrapped_idx"):
            result.append([m.unwrapped_idx])
        else:
            result.append(list(range(m.flat_tensor_start_idx, m.flat_tensor_start_idx + m.arg_count)))
    return result
