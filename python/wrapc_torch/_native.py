"""The native callable for a captured graph: its wrapper's wrap IR
imported from AOTAutograd's metadata, compiled by ``wrapc`` and loaded into
the extension (``_C.Wrapper``), with the checks that stand in for Dynamo's
guards where no Dynamo runs."""

from __future__ import annotations

import os
import warnings
from typing import Any, Callable, Mapping, Sequence

import torch

from . import _importer, _subclasses
from ._build import CompileError, compile_module
from ._private import apply_view_meta_sequence, is_any_autocast_enabled

# What each Inductor inference compile of this process did with its wrapper
# program (see import_log).
IMPORTS: list[dict[str, Any]] = []


def import_log(clear: bool = False) -> list[dict[str, Any]]:
    """Per Inductor inference graph compiled so far in this process, in
    order: ``{"native": bool, "reason": str, "counts": {...},
    "launch_plan": str | None}`` — whether its wrapper program was imported
    as native code, and if not, why (the same words as the warning);
    ``counts`` are the imported operations by kind; ``launch_plan`` the
    graph's launches for ``bench/torch/launch_floor.c`` when they are all
    static Triton launches. ``clear`` empties the log after reading it."""
    log = [dict(entry) for entry in IMPORTS]
    if clear:
        IMPORTS.clear()
    return log


def native_fallback_warning(reason: str) -> None:
    warnings.warn(f"wrapc: Inductor's Python wrapper runs for this graph: {reason}", stacklevel=3)


def native_callable(
    captured: Any,
    prefix: Sequence[Any],
    *,
    single: bool = False,
    example_inputs: Sequence[Any] | None = None,
    strided: Sequence[Any] | None = None,
    grad_enabled: bool | None = None,
    lazy: Sequence[int] = (),
    root: torch.nn.Module | None = None,
    requires_grad_checked: bool = True,
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
    disable_amp = is_any_autocast_enabled()
    try:
        return _native_wrapper(captured, prefix, disable_amp, single=single, example_inputs=example_inputs,
                               strided=strided, grad_enabled=grad_enabled, lazy=lazy, root=root,
                               requires_grad_checked=requires_grad_checked)
    except CompileError as e:
        if captured.native is None or captured.recompile is None:
            raise
        # wrapc could not build the imported program: decided now, at
        # compile time, the graph keeps Inductor's Python wrapper.
        reason = f"wrapc failed to build the imported wrapper program: {' '.join(str(e).split())[:400]}"
        entry = {"native": False, "reason": reason, "counts": {}, "launch_plan": None}
        if IMPORTS and IMPORTS[-1]["native"]:
            IMPORTS[-1] = entry  # this graph's verdict, revised
        else:
            IMPORTS.append(entry)
        native_fallback_warning(reason)
        captured.compiled, captured.native, captured.cubin_dirs = captured.recompile(), None, []
        return _native_wrapper(captured, prefix, disable_amp, single=single, example_inputs=example_inputs,
                               strided=strided, grad_enabled=grad_enabled, lazy=lazy, root=root,
                               requires_grad_checked=requires_grad_checked)


def _native_wrapper(
    captured: Any,
    prefix: Sequence[Any],
    disable_amp: bool,
    *,
    single: bool,
    example_inputs: Sequence[Any] | None,
    strided: Sequence[Any] | None,
    grad_enabled: bool | None,
    lazy: Sequence[int],
    root: torch.nn.Module | None,
    requires_grad_checked: bool = True,
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
        subclasses=captured.subclasses,
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
        _grad_mode_replays(
            _importer.view_replays(
                captured.meta, dupes=captured.dupes, synthetic=captured.synthetic, written=captured.written_views,
                over_no_input=captured.over_no_input, detached_outputs=captured.detached_outputs,
                entry_chains=captured.entry_chains if _restride_chains(captured, len(sig.inputs)) else (),
                restride_chains=_restride_chains(captured, len(sig.inputs)),
            ),
            captured.view_grad_modes,
        ),
        apply_view_meta_sequence,
        _traced_int_constants(captured, len(prefix)),
        tuple(x.requires_grad if isinstance(x, torch.Tensor) else None for x in example_inputs or ())
        if requires_grad_checked
        else (),
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
        # Per argument, the version bumps eager makes (the trace's count).
        # (Not for subclass arguments: the trace counts their inner tensors'.)
        tuple(captured.eager_bumps) if len(captured.eager_bumps) == len(sig.inputs) and not captured.subclasses else (),
        # Per argument, whether that count ends with an in-place view op on it.
        tuple(captured.view_op_last) if len(captured.view_op_last) == len(sig.inputs) else (),
        _bumps_before_call(captured, len(sig.inputs)),
        # PyTorch's training call runs the graph under view replay.
        captured.trace_joint,
        # Per argument, what the extension reads of a tensor-subclass one;
        # per output, the rebuild of a subclass one from the graph's results.
        tuple(_subclasses.spec(x) for x in captured.fake_inputs) if captured.subclasses else (),
        tuple(captured.subclasses.rebuilds[_n_mutated(captured) + j] for j in range(len(sig.outputs)))
        if captured.subclasses
        else (),
        # Training: per value CompiledFunction.apply returns, what the
        # extension reads of a subclass one.
        tuple(captured.subclasses.instance_outputs or ()) if captured.subclasses else (),
        _restride_chains(captured, len(sig.inputs)),
    )
    return wrapper


def _restride_chains(captured: Any, n_inputs: int) -> tuple[Any, ...]:
    """Per argument, the in-place view ops whose replay on the caller's
    tensor gives the geometry its write-back lands in (None: the graph's
    value's, as PyTorch's epilogue takes it); numbered as the trace's
    arguments, which merged or deduplicated ones are not: none then."""
    chains = getattr(captured, "restride_chains", [])
    if captured.dupes or captured.synthetic is not None or captured.subclasses or len(chains) != n_inputs:
        return ()
    return tuple(chains) if any(c is not None for c in chains) else ()


def _n_mutated(captured: Any) -> int:
    return captured.meta.num_mutated_inp_runtime_indices


def _bumps_before_call(captured: Any, n_inputs: int) -> tuple[int, ...]:
    """Per argument, how many of eager's version bumps the extension makes
    before the call: all of them for an argument PyTorch's analysis sees
    unchanged (in-place view ops that leave its geometry as it was), which
    the wrapper never bumps itself; eager bumps it before the reads that
    follow, and the graph may save it for backward. -1 for an argument the
    wrapper or graph changes: the extension makes none on a version
    counter such an argument shares. Arguments merged or deduplicated are
    numbered otherwise by the analysis: none."""
    meta, bumps = captured.meta, captured.eager_bumps
    if meta is None or captured.dupes or captured.synthetic is not None or captured.subclasses or len(bumps) != n_inputs:
        return ()
    if len(meta.input_info) != n_inputs:
        return ()
    unchanged = [not (i.mutates_data or i.mutates_metadata or i.mutates_storage_metadata) for i in meta.input_info]
    before = tuple(n if same else -1 for n, same in zip(bumps, unchanged))
    return before if any(n > 0 for n in before) else ()


def _grad_mode_replays(replays: Sequence[Any], modes: Mapping[int, bool]) -> tuple[Any, ...]:
    """``replays`` (``_importer.view_replays``) with the grad mode set for
    each output regenerated under the grad mode eager made it under
    (``modes``: 1 on, 0 off) rather than the caller's, as PyTorch's epilogue
    regenerates it: ``torch.set_grad_enabled(False); return x[1:]`` is a
    view autograd does not record, ``torch.set_grad_enabled(True); return
    x[1:]`` under the caller's no_grad one it does."""

    def with_mode(replay: Any, mode: int) -> tuple[Any, ...]:
        fields = list(replay if replay is not None else (None, -1, -1, False, False, -1, -1, False, None))
        fields[5] = mode
        return tuple(fields)

    return tuple(with_mode(r, int(modes[j])) if j in modes else r for j, r in enumerate(replays))


def _alias_groups(captured: Any, example_inputs: Sequence[Any]) -> tuple[int, ...]:
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


def _traced_int_constants(captured: Any, n_prefix: int) -> tuple[int | None, ...]:
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


def _module_modes(root: torch.nn.Module) -> tuple[tuple[str, torch.nn.Module, bool], ...]:
    """(name, module, training) of each module of ``root``: the native call
    refuses to run once one is in another mode (``train()`` / ``eval()``)
    than when it was traced, since the graph has that mode's dropout, batch
    statistics and running-stat updates baked in (Dynamo guards each
    module's ``training``)."""
    return tuple((name or type(root).__name__, m, bool(m.training)) for name, m in root.named_modules())
