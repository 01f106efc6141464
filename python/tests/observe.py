"""What Python can observe of a call: the harness the torch tests share."""

from __future__ import annotations

import copy
from typing import Any, Callable, Sequence

import torch


def clone_args(args: Sequence[Any]) -> list[Any]:
    """Fresh copies with the same layout, storages shared as in ``args``;
    a tensor passed twice is one copy passed twice, and a view is a view
    of its base's copy (``_base`` relations kept: synthetic bases depend on
    them)."""
    storages: dict[int, Any] = {}
    copies: dict[int, Any] = {}

    def copy_of(a: torch.Tensor) -> torch.Tensor:
        if id(a) in copies:
            return copies[id(a)]
        key = a.untyped_storage().data_ptr()
        if key not in storages:
            storages[key] = a.untyped_storage().clone()
        if a._base is not None:
            t = copy_of(a._base).as_strided(a.size(), a.stride(), a.storage_offset())
        else:
            t = torch.empty(0, dtype=a.dtype, device=a.device)
            with torch.no_grad():
                t.set_(storages[key], a.storage_offset(), a.size(), a.stride())
            if a.requires_grad:
                t.requires_grad_(True)
        copies[id(a)] = t
        return t

    return [
        copy_of(a) if isinstance(a, torch.Tensor) and type(a) is torch.Tensor
        else copy.deepcopy(a) if isinstance(a, torch.Tensor) else a
        for a in args
    ]


def describe(value: Any, inputs: Sequence[Any]) -> Any:
    if not isinstance(value, torch.Tensor):
        return ("value", value)
    shares = tuple(
        i
        for i, x in enumerate(inputs)
        if isinstance(x, torch.Tensor) and x.untyped_storage().data_ptr() == value.untyped_storage().data_ptr()
    )
    # `_base`: which input the tensor is a view of, if any. (A view of
    # something the caller never had — an intermediate, or the alias
    # PyTorch's gen_alias_from_base makes a dtype view from — is not told
    # apart from no view.)
    base = value._base
    base_of = next((i for i, x in enumerate(inputs) if x is base), None) if base is not None else None
    return (
        "tensor",
        type(value).__name__,
        value.dtype,
        tuple(value.shape),
        tuple(value.stride()),
        value.storage_offset(),
        value.requires_grad,
        value.is_leaf,
        shares,
        base_of,
    )


def _memory(storage: Any, dtype: torch.dtype) -> Any:
    """A copy of all of ``storage``, read as ``dtype`` where it divides."""
    if storage is None:
        return None
    size = torch.empty((), dtype=dtype).element_size()
    if storage.nbytes() % size:
        dtype, size = torch.uint8, 1
    with torch.no_grad():
        return torch.empty(0, dtype=dtype, device=storage.device).set_(storage).clone()


def observe(fn: Callable[..., Any], args: Sequence[Any]) -> dict[str, Any]:
    """Runs ``fn(*args)`` and records everything observable."""
    versions = [a._version if isinstance(a, torch.Tensor) and not a.is_inference() else None for a in args]
    # The memory each argument came with: the caller may hold other views
    # of it, which see a write there even after a set_ moved the argument.
    storages = [
        a.untyped_storage() if isinstance(a, torch.Tensor) and a.layout == torch.strided and not a.is_nested else None
        for a in args
    ]
    out = fn(*args)
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    return {
        "outputs": [describe(o, args) for o in outs],
        "output_sharing": [
            tuple(j for j, p in enumerate(outs) if isinstance(p, torch.Tensor) and isinstance(o, torch.Tensor)
                  and p.untyped_storage().data_ptr() == o.untyped_storage().data_ptr())
            for o in outs
        ],
        "inputs_after": [describe(a, args) for a in args],
        "version_deltas": [
            None if v is None else a._version - v for a, v in zip(args, versions)
        ],
        "values": [o.detach().clone() if isinstance(o, torch.Tensor) else o for o in outs],
        "input_values": [a.detach().clone() if isinstance(a, torch.Tensor) else a for a in args],
        "memory": [_memory(m, a.dtype) if m is not None else None for m, a in zip(storages, args)],
        "grad_enabled": torch.is_grad_enabled(),
        # what autograd recorded for each output (a regenerated view's is
        # its view op's when PyTorch replays the view chain, TBackward0 ...)
        "grad_fns": [type(o.grad_fn).__name__ if isinstance(o, torch.Tensor) else None for o in outs],
        # the outputs themselves, for a backward pass (never compared)
        "raw": outs,
    }


def assert_same(got: dict[str, Any], want: dict[str, Any], *, values_only: bool = False) -> None:
    for key in ("values", "input_values", "memory"):
        assert len(got[key]) == len(want[key]), key
        for g, w in zip(got[key], want[key]):
            if isinstance(w, torch.Tensor):
                assert g.dtype == w.dtype and g.shape == w.shape, (key, g, w)
                torch.testing.assert_close(g, w, equal_nan=True, rtol=1e-4, atol=1e-5)
            else:
                assert g == w, (key, g, w)
    if values_only:
        return
    for key in ("outputs", "output_sharing", "inputs_after", "version_deltas", "grad_enabled", "grad_fns"):
        assert got[key] == want[key], f"{key}:\n  wrapc: {got[key]}\n  torch: {want[key]}"


def same_values(g: Any, w: Any) -> bool:
    """``assert_same``'s rule for one value (tensors close, the rest equal)."""
    if not isinstance(w, torch.Tensor):
        return g == w
    if not isinstance(g, torch.Tensor) or g.dtype != w.dtype or g.shape != w.shape:
        return False
    try:
        torch.testing.assert_close(g, w, equal_nan=True, rtol=1e-4, atol=1e-5)
    except AssertionError:
        return False
    return True


def _short(values: Any, limit: int = 600) -> str:
    text = repr([v.tolist() if isinstance(v, torch.Tensor) else v for v in values])
    return text if len(text) <= limit else text[:limit] + "..."


def element_differences(got: dict[str, Any], want: dict[str, Any]) -> dict[str, str]:
    """Every difference ``assert_same`` would find between two observations
    (by the same rules), element by element, each with both sides: for the
    random-program oracle, which needs all of them, not the first. Keys are
    ``outputs[1]``, ``version_deltas[0]``, ``grad_enabled``, ... (the bare
    key for a length mismatch)."""
    found: dict[str, str] = {}
    for key in ("values", "input_values", "memory", "outputs", "output_sharing", "inputs_after", "version_deltas",
                "grad_fns"):
        g, w = got[key], want[key]
        if len(g) != len(w):
            found[key] = f"got {len(g)} elements, want {len(w)}"
            continue
        for i, (a, b) in enumerate(zip(g, w)):
            same = same_values(a, b) if key in ("values", "input_values", "memory") else a == b
            if not same:
                shown = (lambda v: _short([v])) if key in ("values", "input_values") else repr
                found[f"{key}[{i}]"] = f"got {shown(a)}\n    want {shown(b)}"
    if got["grad_enabled"] != want["grad_enabled"]:
        found["grad_enabled"] = f"got {got['grad_enabled']}\n    want {want['grad_enabled']}"
    return found
