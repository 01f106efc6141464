"""The backward entry point of a training graph (issue 32, part 2): what
``CompiledFunction.backward`` does around the compiled backward graph,
written as a ``wrap.backward_wrapper`` and compiled by ``wrapc`` like the
forward's wrapper. With ``WRAPC_BACKWARD_ENTRY=wrap`` the C++ autograd node
(csrc/autograd.cpp) calls it from the second backward on (the default
keeps the node's own prologue: see ``OPT_IN``); the first backward
compiles the backward graph, as PyTorch's does, and types the entry from
that call's values.

The entry takes the saved values (symbolic ints, then tensors), then one
gradient per value the forward returned (None where autograd has none: a
dropped gradient is never read), keeps the ones the graph takes, coerces
each to the layout it was traced with, calls the graph and returns one
gradient per forward input (None where the graph gives none)."""

from __future__ import annotations

import os
from typing import Any, Callable, Sequence

import torch

from . import _importer
from ._build import CompileError, compile_module
from ._errors import Unsupported

BACKWARD_SYMBOL = "wrapc_torch_backward"

# Why the entry is not the default yet: its ABI borrows every argument for
# the whole call, so the saved activations live until the backward graph
# returns, where PyTorch's boxed call lets the graph free each after its
# last use (H200, TransformerEncoderLayer step: 12% more peak memory;
# docs/TORCH.md). The entry computes the same gradients.
OPT_IN = (
    "the C++ node's own prologue (the default): the backward entry holds the saved activations for the whole "
    "call; WRAPC_BACKWARD_ENTRY=wrap runs it"
)

# Per backward entry built so far in this process, in order: whether the
# graph got one and, if not, why (see backward_log).
BUILT: list[dict[str, Any]] = []


def backward_log(clear: bool = False) -> list[dict[str, Any]]:
    """Per training graph whose first backward ran in this process:
    ``{"native": bool, "reason": str}``, whether its later backwards run
    its compiled backward entry (``wrap.backward_wrapper``) or the C++
    node's own prologue, and why not. ``clear`` empties the log."""
    log = [dict(entry) for entry in BUILT]
    if clear:
        BUILT.clear()
    return log

# c10's memory formats, by the name the node's spec gives them, as
# #wrap.layout spells them.
_FORMATS = {"contiguous": "contiguous", "channels_last": "channels_last", "channels_last_3d": "channels_last_3d"}


def _layout(layout: Any) -> str:
    if isinstance(layout, str):
        if layout not in _FORMATS:
            raise Unsupported(f"a tangent traced in memory format {layout!r}")
        return f"#wrap.layout<{_FORMATS[layout]}>"
    sizes, strides = layout
    return f"#wrap.layout<strided [{', '.join(map(str, sizes))}], [{', '.join(map(str, strides))}]>"


def _type(value: Any, what: str) -> str:
    # Every dimension dynamic: one entry serves every size the forward
    # graph was compiled for (dynamic shapes); rank, dtype and device are
    # fixed by the graph.
    return _importer.tensor_type(value, what, dynamic=True)


def backward_ir(
    tangents: Sequence[int],
    layouts: Sequence[Any],
    saved: Sequence[Any],
    grads: Sequence[Any],
    results: Sequence[Any],
) -> str:
    """The module: the backward graph's declaration and the entry. ``saved``
    (ints, then tensors), ``grads`` (one per forward return) and ``results``
    (the graph's gradients) are one call's values, which type it; a None
    gradient or result is typed as the rank-0 float tensor it never is.
    Raises :class:`Unsupported` for a value the entry cannot take."""
    saved_types = []
    for k, v in enumerate(saved):
        if isinstance(v, torch.Tensor):
            saved_types.append(_type(v, f"saved tensor #{k}"))
        elif type(v) is int:
            saved_types.append("index")
        else:
            raise Unsupported(f"saved value #{k} is a {type(v).__name__}")
    kept = set(tangents)
    grad_types = []
    for i, g in enumerate(grads):
        if g is None and i in kept:
            raise Unsupported(f"the kept gradient #{i} is undefined")
        grad_types.append("!wrap.tensor<f32>" if g is None else _type(g, f"gradient #{i}"))
    result_types = ["!wrap.tensor<f32>" if r is None else _type(r, f"result #{j}") for j, r in enumerate(results)]
    callee_args = saved_types + [grad_types[i] for i in tangents]
    results_text = f"({', '.join(result_types)})"
    return (
        f"func.func private @{_importer.GRAPH_SYMBOL}({', '.join(callee_args)}) -> {results_text}\n"
        f"wrap.backward_wrapper @{BACKWARD_SYMBOL} : ({', '.join(saved_types + grad_types)}) -> {results_text}"
        f" calls @{_importer.GRAPH_SYMBOL} saved {len(saved)} tangents [{', '.join(map(str, tangents))}]"
        f" layouts [{', '.join(_layout(layout) for layout in layouts)}]\n"
    )


def backward_entry(
    graph: Callable[..., Any],
    tangents: Sequence[int],
    layouts: Sequence[Any],
    saved: Sequence[Any],
    grads: Sequence[Any],
    results: Sequence[Any],
) -> Callable[..., Any] | None:
    """A ``_C.Wrapper`` running the backward entry over ``graph`` (the
    compiled backward graph, boxed), or None where the entry cannot stand in
    for the node's own prologue (a value it cannot type, a library wrapc
    cannot build): the node keeps its C++ prologue then, which computes the
    same."""
    from . import _C

    if os.environ.get("WRAPC_BACKWARD_ENTRY") != "wrap":
        BUILT.append({"native": False, "reason": OPT_IN})
        return None
    if not getattr(graph, "_boxed_call", False):
        # The extension calls a graph with one list (AOTAutograd's boxed
        # convention); another would need a Python adapter per call.
        BUILT.append({"native": False, "reason": "the compiled backward graph is not a boxed callable"})
        return None
    try:
        ir = backward_ir(tangents, layouts, saved, grads, results)
        library = compile_module(ir)
    except (Unsupported, CompileError) as e:
        BUILT.append({"native": False, "reason": " ".join(str(e).split())[:400]})
        return None
    BUILT.append({"native": True, "reason": ""})
    kinds = "".join("t" if isinstance(v, torch.Tensor) else "i" for v in saved)
    graph_kinds = kinds + "t" * len(tangents)
    return _C.Wrapper(
        str(library),
        BACKWARD_SYMBOL,
        graph,
        (),
        kinds + "o" * len(grads),
        "o" * len(results),
        graph_kinds,
        "o" * len(results),
        [[] for _ in results],
    )
