"""PyTorch's private API: every name the front end reads that PyTorch does
not promise to keep is reached from this package, and only from it
(``test_private_api.py`` finds each use in the sources, fails naming one
that another module makes, and resolves each against the installed
PyTorch, naming the one a new version moved).

Here: the names the rest of the package uses directly. ``aot`` holds
AOTAutograd's capture and Inductor's compilers; ``inductor_fx`` Inductor's
FX wrapper route of the native call path.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import torch
from torch._dynamo.exc import BackendCompilerFailed
from torch._functorch._aot_autograd.functional_utils import gen_alias_from_base
from torch._functorch._aot_autograd.schemas import OutputType
from torch._ops import OpOverload
from torch._subclasses.fake_tensor import FakeTensor
from torch._subclasses.functional_tensor import FunctionalTensor
from torch.utils._python_dispatch import is_traceable_wrapper_subclass
from torch.utils._pytree import tree_flatten, tree_unflatten

__all__ = [
    "BackendCompilerFailed",
    "FakeTensor",
    "OpOverload",
    "OutputType",
    "ViewsTaken",
    "apply_view_meta_sequence",
    "gen_alias_from_base",
    "is_any_autocast_enabled",
    "is_traceable_wrapper_subclass",
    "register_backend",
    "reset_dynamo",
    "tree_flatten",
    "tree_unflatten",
    "view_grad_mode",
    "view_replay_for_aliased_outputs",
]

# Replays a functional tensor's recorded view chain on another base
# (gen_alias_from_base's view replay).
apply_view_meta_sequence = torch._C._functionalization.apply_view_meta_sequence
# Whether any device's autocast is on (what call_func_at_runtime_with_args
# reads for disable_amp).
is_any_autocast_enabled = torch._C._is_any_autocast_enabled


def view_grad_mode(t: Any) -> bool | None:
    """The grad mode a view of a base that requires grad was made under, as
    autograd shows it: False where it did not record the view (no_grad),
    True where it did (a grad_fn); None for anything else."""
    if not isinstance(t, torch.Tensor) or t._base is None:
        return None
    if torch._C._autograd._get_creation_meta(t) == torch._C._autograd.CreationMeta.NO_GRAD_MODE:
        return False
    return True if t.grad_fn is not None else None


@functools.lru_cache(maxsize=None)
def _inplace_view(name: str) -> bool:
    """Whether the Tensor method ``name`` is an in-place view op (PyTorch's
    ``inplace_view`` tag: squeeze_, t_, as_strided_, ...)."""
    packet = getattr(torch.ops.aten, name, None) if name.endswith("_") and not name.startswith("__") else None
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        return False
    return any(torch.Tag.inplace_view in getattr(packet, overload).tags for overload in packet.overloads())


def _storage_changed(t: torch.Tensor) -> bool:
    """Whether functionalization saw a traced tensor set_ onto other memory
    (read around every traced op: the import is the module's)."""
    return isinstance(t, FunctionalTensor) and torch._functionalize_was_storage_changed(t.elem)


class ViewsTaken(torch.overrides.TorchFunctionMode):
    """Notes the version of each view a function takes, when it takes it:
    a view whose version moved on by the time the function returns it was
    written after it was taken (through itself, its base or another view
    of that base), and eager's autograd then records it as
    AsStridedBackward0 rather than by its view op."""

    def __init__(self, arguments: Sequence[Any] = ()) -> None:
        super().__init__()
        # The tensor is held so that its id is not reused while traced.
        self.taken: dict[int, tuple[torch.Tensor, int]] = {}
        # Per argument, whether an op wrote it under grad mode on (1), only
        # under grad mode off (0), or none did (-1): the function may
        # change grad mode itself, and eager's autograd records each write
        # under the mode it ran in.
        self.arguments = [a if isinstance(a, torch.Tensor) else None for a in arguments]
        self.versions = [a._version if a is not None else 0 for a in self.arguments]
        self.write_modes = [-1] * len(self.arguments)
        # Per argument, whether the last op that bumped its version was an
        # in-place view op on it under grad mode (x.t_()): eager's grad_fn
        # for a view is then the one that op recorded, current at the end.
        self.view_op_last = [False] * len(self.arguments)
        # Per argument, whether its data was written while it was over the
        # memory it came with (written), whether a set_ has moved it since
        # (moved), and whether one did after such a write (set_after_write):
        # PyTorch's analysis then counts no data mutation, so the write
        # never reaches that memory.
        self.written = [False] * len(self.arguments)
        self.moved = [False] * len(self.arguments)
        self.set_after_write = [False] * len(self.arguments)

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        # Tensor.set_ never reaches the mode itself (only the op it runs
        # inside, on unwrapped tensors): a move shows as functionalization's
        # storage-changed flag, read before and after each op.
        at_start = [(a._version, _storage_changed(a)) if a is not None else (0, False) for a in self.arguments]
        result = func(*args, **(kwargs or {}))
        view_op = _inplace_view(getattr(func, "__name__", ""))
        for i, a in enumerate(self.arguments):
            if a is None:
                continue
            moved = _storage_changed(a)
            if a._version != at_start[i][0] and not view_op and not at_start[i][1] and not moved:
                self.written[i] = True
            if moved and not self.moved[i]:
                self.moved[i] = True
                self.set_after_write[i] = self.written[i]
            if a._version != self.versions[i]:
                self.versions[i] = a._version
                self.write_modes[i] = max(self.write_modes[i], int(torch.is_grad_enabled()))
                self.view_op_last[i] = view_op and torch.is_grad_enabled() and bool(args) and args[0] is a
        # An in-place view op (v.squeeze_(0)) changes the view, not its
        # data: eager records it by that op (SqueezeBackward4), as taken
        # anew, where grad mode is on (under no_grad it records nothing).
        again = torch.is_grad_enabled() and view_op
        for t in result if isinstance(result, (tuple, list)) else (result,):
            if isinstance(t, torch.Tensor) and t._base is not None and (again or id(t) not in self.taken):
                self.taken[id(t)] = (t, t._version)
        return result

    def written_since(self, t: Any) -> bool:
        taken = self.taken.get(id(t)) if isinstance(t, torch.Tensor) else None
        return taken is not None and taken[0] is t and t._version != taken[1]


def view_replay_for_aliased_outputs() -> bool:
    """AOTAutograd's flag: regenerate aliased outputs by replaying their
    view chain rather than with as_strided."""
    from torch._functorch import config

    return bool(config.view_replay_for_aliased_outputs)


def reset_dynamo() -> None:
    torch._dynamo.reset()


def register_backend(name: str, backend: Callable[..., Any]) -> None:
    """Registers a Dynamo backend under ``name`` once per process."""
    from torch._dynamo.backends.registry import _BACKENDS
    from torch._dynamo.backends.registry import register_backend as register

    if name not in _BACKENDS:
        register(name=name)(backend)
