"""The Dynamo backend ``torch.compile(..., backend="wrapc")``."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Sequence

import torch

from ._build import CompileError
from ._compile import (
    INNER_COMPILERS,
    native_training_forward,
    overlapping_write_reason,
    record_grad_mode_left,
    thread_state_kept,
    writes_autograd_hides,
)
from ._errors import Unsupported
from ._native import native_callable
from ._private.aot import (
    CUDA_GRAPH_TREES,
    EagerOnly,
    capture,
    capture_fallback,
    cuda_graph_trees,
    failed_keeping_mutations,
    mode_options,
)

def _fallback_warning(reason: str, to: str = "PyTorch's runtime wrapper") -> None:
    warnings.warn(f"wrapc: falling back to {to}: {reason}", stacklevel=3)


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
    patches = mode_options(mode, inner)  # a bad mode is the caller's error, not a fallback
    if inner == "inductor" and cuda_graph_trees(patches):
        # PyTorch's own path from the start (compile_fx, as
        # backend="inductor"): CUDA-graph trees depend on how it marks
        # static inputs, and wrapc's capture of the same graph crashed.
        _fallback_warning(CUDA_GRAPH_TREES)
        return capture_fallback(gm, example_inputs, inner, mode)
    # Dynamo guards grad mode: every call enters the graph in this one.
    grad_enabled = torch.is_grad_enabled()

    def trace(keep_mutations: bool | None) -> tuple[Any, bool]:
        with thread_state_kept():
            return capture(gm, example_inputs, inner, keep_mutations, mode), torch.is_grad_enabled()

    try:
        try:
            captured, grad_after = trace(keep)
        except RuntimeError as e:
            # A mutation PyTorch cannot keep inside the graph (or keeps
            # wrongly): the runtime wrapper writes it back, unless the
            # caller said otherwise.
            if keep is not None or not failed_keeping_mutations(e):
                raise
            captured, grad_after = trace(False)
    except EagerOnly as e:
        _fallback_warning(str(e), to="the graph run eagerly")
        return gm
    except CompileError as e:
        # AOTAutograd did not build what wrapc hooks into (another PyTorch
        # than the one pinned): PyTorch's own path, with the reason.
        _fallback_warning(str(e))
        return capture_fallback(gm, example_inputs, inner, mode)
    # Where PyTorch's own path gives the same wrong values or gradients, the
    # graph as Dynamo captured it runs eagerly instead, as backend="eager".
    wrong = writes_autograd_hides(captured, example_inputs, grad_enabled) if captured.fallback is None else None
    if captured.overlapping_write is not None:
        wrong = overlapping_write_reason(captured.overlapping_write)
    if captured.as_strided_lost is not None:
        wrong = captured.as_strided_lost
    if captured.gradient_lost is not None:
        wrong = captured.gradient_lost
    if wrong is not None:
        _fallback_warning(wrong, to="the graph run eagerly")
        return gm
    if captured.fallback is not None:
        _fallback_warning(captured.reason)
        fallback = captured.fallback
        params = captured.params

        def run_fallback(*args: Any) -> Any:
            return fallback([*params, *args])

        return run_fallback
    # Dynamo leaves the grad mode a graph ends in to the graph itself (it
    # runs torch._C._set_grad_enabled); AOTAutograd's wrapper restores the
    # entry mode, so PyTorch's own aot backends differ from eager there.
    record_grad_mode_left(captured, grad_enabled, grad_after)
    if captured.trace_joint and inner == "inductor":
        native_training_forward(captured)
    try:
        return native_callable(captured, captured.params)
    except (Unsupported, CompileError, ImportError) as e:
        # A wrapper wrapc cannot build or load must not fail the user's
        # program: a CompileError is a wrapc bug or an unusable cache or
        # tool, reported here and in the warning.
        _fallback_warning(str(e))
        return capture_fallback(gm, example_inputs, inner, mode)
