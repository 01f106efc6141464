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
import math
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
    "overlaps_itself",
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
    True where it did (a grad_fn); None for anything else. A view taken
    under grad mode of one taken under no_grad inherits the latter's
    creation mark, though autograd records it: ``ViewsTaken.grad_mode``
    tells it apart where the trace made it."""
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


@functools.lru_cache(maxsize=None)
def _writes_self(name: str) -> bool:
    """Whether the Tensor method ``name`` writes its own elements in place
    (its aten schema writes the first argument: fill_, zero_, mul_, ...;
    not an in-place view op, nor set_ or resize_, which replace the memory
    rather than write through it)."""
    if not name.endswith("_") or name.startswith("__") or name in ("set_", "resize_", "resize_as_") or _inplace_view(name):
        return False
    packet = getattr(torch.ops.aten, name, None)
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        return False
    for overload in packet.overloads():
        arguments = getattr(packet, overload)._schema.arguments
        if arguments and arguments[0].alias_info is not None and arguments[0].alias_info.is_write:
            return True
    return False


# Past this many elements, overlap is decided by the strides (or the
# memory ranges) alone. The offsets are Python ints: the tensors are the
# trace's (fake, functional), and a torch op here would be traced.
_ENUMERATED_OVERLAP = 1 << 16


# ATen's grain for splitting an elementwise CPU kernel over threads
# (at::internal::GRAIN_SIZE): below it one thread visits every element.
_CPU_GRAIN = 32768


def _concrete(x: Any) -> int | None:
    """An int, or a SymInt's example value (a decision taken on it adds
    no guard: a refusal is conservative); None where it has none."""
    from torch.fx.experimental.symbolic_shapes import has_hint, hint_int

    if isinstance(x, int):
        return x
    return hint_int(x) if has_hint(x) else None


def _concrete_geometry(t: torch.Tensor) -> tuple[list[int], list[int], int] | None:
    if t.layout != torch.strided or t.is_nested:
        return None
    sizes = [_concrete(n) for n in t.shape]
    strides = [_concrete(st) for st in t.stride()]
    offset = _concrete(t.storage_offset())
    if offset is None or None in sizes or None in strides:
        return None
    return sizes, strides, offset  # type: ignore[return-value]


def _offsets(sizes: list[int], strides: list[int], offset: int) -> list[int] | None:
    """Every element's offset in its storage (one per element), or None
    past ``_ENUMERATED_OVERLAP`` elements."""
    numel = 1
    for n in sizes:
        numel *= n
    if numel > _ENUMERATED_OVERLAP:
        return None
    offsets = [offset]
    for n, st in zip(sizes, strides):
        offsets = [o + k * st for o in offsets for k in range(n)]
    return offsets


def overlaps_itself(t: torch.Tensor) -> bool:
    """Whether two elements of ``t`` share memory (an expand, an
    as_strided with overlapping strides): exact up to
    ``_ENUMERATED_OVERLAP`` elements; beyond, true unless the strides show
    the elements apart."""
    geometry = _concrete_geometry(t)
    if geometry is None:
        return False
    sizes, strides, offset = geometry
    if any(n == 0 for n in sizes):
        return False
    dims = [(n, abs(st)) for n, st in zip(sizes, strides) if n != 1]
    if any(st == 0 for _, st in dims):
        return True
    # Each stride past the extent of all smaller ones: apart (every dense
    # or sliced tensor, decided without enumerating it).
    extent = 0
    for n, st in sorted(dims, key=lambda d: d[1]):
        if st <= extent:
            break
        extent += st * (n - 1)
    else:
        return False
    offsets = _offsets(sizes, strides, offset)
    return offsets is None or len(set(offsets)) != len(offsets)


def _reach(size: Any, stride: Any, offset: Any) -> int | None:
    """The last storage element an as_strided with these arguments can
    reach (None: not known without a guard)."""
    try:
        last = _concrete(offset)
        for n, st in zip(size, stride):
            n, st = _concrete(n), _concrete(st)
            if last is None or n is None or st is None:
                return None
            last += max(n - 1, 0) * abs(st)
        return last
    except TypeError:
        return None


def _unwrapped(t: torch.Tensor) -> torch.Tensor:
    """The value a traced functional tensor wraps (itself otherwise)."""
    if isinstance(t, FunctionalTensor) and torch._is_functional_tensor(t.elem):
        return torch._from_functional_tensor(t.elem)
    return t


def _real_storage_key(t: torch.Tensor) -> int | None:
    inner = _unwrapped(t)
    if inner.layout != torch.strided or inner.is_nested:
        return None
    return inner.untyped_storage()._cdata


def _storage_geometry(t: torch.Tensor) -> tuple[list[int], list[int], int] | None:
    """A dense tensor over all of ``t``'s storage, from its start (None
    where it has no strided storage)."""
    inner = _unwrapped(t)
    if inner.layout != torch.strided or inner.is_nested:
        return None
    nbytes = _concrete(inner.untyped_storage().nbytes())
    return None if nbytes is None else ([nbytes // t.element_size()], [1], 0)


def _dense_from_zero(geometry: tuple[list[int], list[int], int] | None, reach: int | None) -> bool:
    """Whether a tensor of ``geometry`` sits where functionalization's copy
    of it puts its elements, for every storage element up to ``reach``:
    the copy (``clone`` keeping the memory format) is dense in the same
    order of dimensions, from offset 0, so the tensor must be dense in
    some order of its dimensions (a permutation of a contiguous one) and
    start at offset 0."""
    if geometry is None or reach is None:
        return False
    sizes, strides, offset = geometry
    numel, expected = 1, 1
    for n, st in sorted(((n, st) for n, st in zip(sizes, strides) if n != 1), key=lambda d: d[1]):
        if st != expected:
            return False
        expected *= n
    for n in sizes:
        numel *= n
    return offset == 0 and reach < numel


def _storage_key(t: torch.Tensor) -> int | None:
    """One key per memory while traced: a functional tensor's views share
    their base's functional storage."""
    inner = t.elem if isinstance(t, FunctionalTensor) else t
    if inner.layout != torch.strided or inner.is_nested:
        return None
    return inner.untyped_storage()._cdata


@functools.lru_cache(maxsize=None)
def _elementwise(name: str) -> bool:
    """Whether the in-place op ``name`` computes each element of its target
    from the operands' elements at the same (broadcast) index only."""
    if name in ("copy_", "masked_fill_"):
        return True
    packet = getattr(torch.ops.aten, name, None)
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        return False
    return any(torch.Tag.pointwise in getattr(packet, overload).tags for overload in packet.overloads())


def _broadcast(
    geometry: tuple[list[int], list[int], int], sizes: list[int]
) -> tuple[list[int], list[int], int] | None:
    """An operand's geometry expanded to the target's ``sizes`` (None where
    it does not broadcast to them)."""
    own_sizes, own_strides, offset = geometry
    if len(own_sizes) > len(sizes):
        return None
    lead = len(sizes) - len(own_sizes)
    strides = [0] * lead
    for n, st, want in zip(own_sizes, own_strides, sizes[lead:]):
        if n != want and n != 1:
            return None
        strides.append(st if n == want else 0)
    return list(sizes), strides, offset


def reads_what_it_writes_elsewhere(target: torch.Tensor, operand: Any, op: str = "") -> bool:
    """Whether the in-place op ``op`` on ``target`` reading ``operand``
    reads memory it writes at another element (``a1.add_(a0)`` where a row
    ``a0`` and a column ``a1`` of one matrix meet, ``a0[3]`` being
    ``a1[0]``): eager's result then depends on the order the kernel visits
    elements in, the functionalized graph reads every old value. An
    elementwise op reading a location only where it writes it (the same
    element of a row and a column both at index 1, or ``x.mul_(x)``) does
    not depend on it, nor, on the CPU below ATen's parallel grain, one that
    reads each such location before its kernel writes it (``x.copy_(x[:,
    2:])`` over 3 columns: random program 1346). Exact up to ``_ENUMERATED_OVERLAP`` elements each;
    beyond, true where the memory ranges meet."""
    if not isinstance(operand, torch.Tensor) or operand is target or operand.dtype.is_complex:
        return False
    key = _storage_key(target)
    if key is None or key != _storage_key(operand):
        return False
    a, b = _concrete_geometry(target), _concrete_geometry(operand)
    if a is None or b is None:
        return False
    size_a, size_b = target.dtype.itemsize, operand.dtype.itemsize
    if a == b and size_a == size_b:
        return False
    if any(n == 0 for n in a[0]) or any(n == 0 for n in b[0]):
        return False
    if size_a == size_b and _elementwise(op):
        expanded = _broadcast(b, a[0])
        written, read = _offsets(*a), _offsets(*expanded) if expanded is not None else None
        if written is not None and read is not None:
            at = {o: i for i, o in enumerate(written)}
            # A CPU kernel below its parallel grain visits the target in
            # increasing memory order: a location written before it is read
            # elsewhere gives eager another value than the graph's; read
            # before it is written, the same. Elsewhere (threads, a GPU)
            # any such read may come after the write.
            ordered = target.device.type == "cpu" and len(written) <= _CPU_GRAIN
            for k, o in enumerate(read):
                j = at.get(o, k)
                if j != k and (not ordered or written[k] > o):
                    return True
            return False
    offsets_a, offsets_b = _offsets(*a), _offsets(*b)
    if offsets_a is not None and offsets_b is not None:
        # In bytes: a dtype view's elements are of another size.
        bytes_a = {o * size_a + k for o in offsets_a for k in range(size_a)}
        return any(o * size_b + k in bytes_a for o in offsets_b for k in range(size_b))

    def span(g: tuple[list[int], list[int], int], size: int) -> tuple[int, int]:
        sizes, strides, offset = g
        low = offset + sum((n - 1) * st for n, st in zip(sizes, strides) if st < 0)
        high = offset + sum((n - 1) * st for n, st in zip(sizes, strides) if st > 0)
        return low * size, (high + 1) * size

    (lo_a, hi_a), (lo_b, hi_b) = span(a, size_a), span(b, size_b)
    return lo_a < hi_b and lo_b < hi_a


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
        # The tensor is held so that its id is not reused while traced;
        # with its version and the grad mode it was taken under.
        self.taken: dict[int, tuple[torch.Tensor, int, bool]] = {}
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
        # Traced under grad mode off (a call under no_grad), per argument,
        # whether an op under grad mode on (the function turned it on) read
        # its memory: where the function writes it only under no_grad,
        # AOTAutograd's graph gives it no gradient (read_under_grad).
        self.entry_grad = torch.is_grad_enabled()
        self.read_under_grad = [False] * len(self.arguments)
        # Read when first needed: reading a traced tensor's storage before
        # the function runs made a later resize_ of it fail functionalization
        # ("resize a view tensor to a larger size", random program 693).
        self.keys: list[int | None] | None = None
        # The first in-place op whose result in eager depends on memory
        # its elements share, described: a write through a tensor whose
        # elements share memory (x.expand(2, 3).fill_(1.0): eager writes
        # each location, functionalization scatters the write back through
        # the view, for an expand a sum over the copies), or one reading
        # memory it writes at other elements (a row added to a column of
        # one matrix: eager reads values it already wrote, in its kernel's
        # order; the functionalized graph reads the old ones).
        self.overlapping_write: str | None = None
        # Per argument, whether an as_strided over its memory picks elements by
        # positions a dense copy of it at offset 0 does not keep (not dense in
        # any order of its dimensions, its offset not 0, or reaching past its
        # elements): functionalization takes as_strided of such a copy once the
        # argument is written (as_strided_scatter clones it dense), so a value
        # the graph computes from that view, or one of its views, and returns or
        # writes with, or a write through it, takes other elements than eager's;
        # an as_strided_ of the argument after the write gives it the copy's
        # geometry. A view only returned is made again from the caller's tensor:
        # right, unless it reaches past the copy's elements (the graph makes it
        # from the copy first, out of its bounds). Arguments over one storage
        # are merged into a synthetic base, the copy then spans the storage.
        # Those views and values (the tensor held, so that its id is not
        # reused), with the arguments they are over and whether they reach past
        # such a copy.
        self.entry_geometry = [_concrete_geometry(a) if a is not None else None for a in self.arguments]
        # The memory each argument came with (functionalization gives each
        # its own functional storage): read from the value it wraps.
        self.real_keys = [_real_storage_key(a) if a is not None else None for a in self.arguments]
        # Only arguments that share memory are merged, and judged against it.
        self.storage_geometry = [
            _storage_geometry(a) if a is not None and k is not None and self.real_keys.count(k) > 1 else None
            for a, k in zip(self.arguments, self.real_keys)
        ]
        self.strided_views: dict[int, tuple[torch.Tensor, list[int], bool]] = {}
        self.strided_values: dict[int, tuple[torch.Tensor, list[int], bool]] = {}
        self.strided_off_dense = [False] * len(self.arguments)
        self.strided_used = [False] * len(self.arguments)
        # Per argument at a storage offset other than 0, whether an
        # as_strided was taken over its memory: Inductor's code places it
        # from the argument's offset, not from its storage's start.
        self.strided_off_zero = [False] * len(self.arguments)
        # An in-place view op that leaves an argument which requires grad
        # as it was (x.t_() of a vector) still rebases its autograd history,
        # and AOTAutograd, which sees no mutation, takes the argument's
        # gradient from the rebased tensor: what the function computed from
        # it before gets none (aot_function alike, random program 11356).
        # Tracked under grad mode: the values computed from each argument
        # (held, with the arguments they come from), the ones such an op
        # cut off and those computed from them; ``gradient_lost`` describes
        # the op where one is returned or written into an argument.
        self.derived: dict[int, tuple[torch.Tensor, frozenset[int]]] = {}
        self.cut: dict[int, torch.Tensor] = {}
        self.cut_by: str | None = None
        self.cut_written = False
        # Views taken under grad mode of a view the function took under
        # no_grad of a tensor that requires grad (or of such a view, held):
        # eager's gradient through them stops at the no_grad view, a leaf
        # of its own, where an output made again from the input (PyTorch's
        # regeneration and wrapc's) carries it on to the input (random
        # program 12449).
        self.grad_stopped: dict[int, torch.Tensor] = {}

    def _note_rebase(self, name: str, args: Any, kwargs: Any, result: Any, before: Any) -> None:
        """Follows the values a no-op in-place view op on an argument cuts
        off from its gradient (see ``derived``)."""
        operands = [x for x in tree_flatten((args, kwargs))[0] if isinstance(x, torch.Tensor)]
        target = args[0] if args and isinstance(args[0], torch.Tensor) else None
        argument = next((i for i, a in enumerate(self.arguments) if a is not None and a is target), None)
        if before is not None:
            if _concrete_geometry(target) == before:
                cut = {k: t for k, (t, deps) in self.derived.items() if argument in deps}
                if cut and self.cut_by is None:
                    self.cut_by = f"calls {name} on argument #{argument}"
                self.cut.update(cut)
            return
        if any(id(x) in self.cut for x in operands):
            if argument is not None:
                self.cut_written = True
            for t in result if isinstance(result, (tuple, list)) else (result,):
                if isinstance(t, torch.Tensor):
                    self.cut[id(t)] = t
            return
        deps: set[int] = set()
        for x in operands:
            j = next((i for i, a in enumerate(self.arguments) if a is not None and a is x), None)
            if j is not None and x.requires_grad:
                deps.add(j)
            elif id(x) in self.derived:
                deps |= self.derived[id(x)][1]
        if not deps:
            return
        for t in result if isinstance(result, (tuple, list)) else (result,):
            if isinstance(t, torch.Tensor) and t.requires_grad and not any(t is a for a in self.arguments):
                self.derived[id(t)] = (t, frozenset(deps))

    def _stops_grad(self, x: torch.Tensor) -> bool:
        held = self.grad_stopped.get(id(x))
        if held is not None and held is x:
            return True
        taken = self.taken.get(id(x))
        return taken is not None and taken[0] is x and not taken[2] and x.requires_grad

    def _note_grad_stop(self, args: Any, kwargs: Any, result: Any) -> None:
        """Follows the views whose gradient stops at a no_grad view (see
        ``grad_stopped``); called under grad mode."""
        if not any(isinstance(x, torch.Tensor) and self._stops_grad(x) for x in tree_flatten((args, kwargs))[0]):
            return
        for t in result if isinstance(result, (tuple, list)) else (result,):
            if isinstance(t, torch.Tensor) and t._base is not None:
                self.grad_stopped[id(t)] = t

    def gradient_lost(self, outs: Sequence[Any]) -> str | None:
        if any(isinstance(o, torch.Tensor) and self.grad_stopped.get(id(o)) is o for o in outs):
            return (
                "the function returns a view it took under grad mode of a view it took under no_grad of a tensor "
                "that requires grad: eager's gradient stops at the no_grad view, where the output made again from "
                "the input (PyTorch's and wrapc's) carries it on to the input: detach() the no_grad view, or take "
                "it under grad mode"
            )
        if self.cut_by is None or not (self.cut_written or any(id(o) in self.cut for o in outs)):
            return None
        return (
            f"the function {self.cut_by}, which requires grad, after computing from it, and the op leaves its shape "
            "as it was: PyTorch's trace gives what it computed from the argument before no gradient (aot_function "
            "alike): clone() the argument before the op"
        )

    def _note_as_strided(self, t: torch.Tensor, args: Any, kwargs: dict[str, Any],
                         inplace: bool) -> tuple[list[int], bool]:
        """The arguments an as_strided of ``t`` is over whose dense copy
        does not keep its positions, and whether it reaches past one."""
        if self.keys is None:
            self.keys = [_storage_key(a) if a is not None else None for a in self.arguments]
        key = _storage_key(t)
        given = [*args[1:], None, None, None][:3]
        size, stride, offset = (kwargs.get(k, v) for k, v in zip(("size", "stride", "storage_offset"), given))
        if offset is None:
            offset = t.storage_offset()
        reach = _reach(size, stride, offset)
        off_dense, past = [], False
        for i, k in enumerate(self.keys):
            if k is None or k != key:
                continue
            geometry = self.entry_geometry[i]
            self.strided_off_zero[i] = self.strided_off_zero[i] or geometry is None or geometry[2] != 0
            if self.real_keys[i] is not None and self.real_keys.count(self.real_keys[i]) > 1:
                geometry = self.storage_geometry[i]
            # A dtype view counts positions in other units: off dense.
            same_units = t.element_size() == self.arguments[i].element_size()
            if not same_units or not _dense_from_zero(geometry, reach):
                self.strided_off_dense[i] = True
                off_dense.append(i)
                # as_strided_ of the argument after a write: its new
                # geometry is the dense copy's, which the write-back gives
                # the caller's (a view's is made again from the caller's).
                self.strided_used[i] = self.strided_used[i] or (self.written[i] and inplace and t is self.arguments[i])
                end = None if reach is None else (reach + 1) * t.element_size()
                past = past or geometry is None or end is None or \
                    end > math.prod(geometry[0]) * self.arguments[i].element_size()
        return off_dense, past

    def _note_strided_uses(self, name: str, operands: list[torch.Tensor], result: Any, off_dense: list[int],
                           past: bool) -> None:
        """Tracks the views of off-dense as_strided views and the values
        computed from them, and notes an in-place op that writes with one
        (a value computed and never used is dead code in the graph)."""
        results = [r for r in (result if isinstance(result, (tuple, list)) else (result,)) if isinstance(r, torch.Tensor)]
        over, computed = list(off_dense), []
        for x in operands:
            held = self.strided_views.get(id(x)) or self.strided_values.get(id(x))
            if held is None or held[0] is not x:
                continue
            key = _storage_key(x)
            if _writes_self(name):
                for i in held[1]:
                    self.strided_used[i] = True
            elif id(x) in self.strided_views and any(_storage_key(r) == key for r in results):
                over.extend(held[1])
                past = past or held[2]
            else:
                computed.extend(held[1])
        for r in results:
            if over:
                self.strided_views[id(r)] = (r, sorted(set(over)), past)
            elif computed:
                self.strided_values[id(r)] = (r, sorted(set(computed)), False)

    def as_strided_refusal(self, outputs: Sequence[Any] = (), failed: bool = False) -> str | None:
        """Why the graph's as_strided differs from eager's, if it does, for
        a function returning ``outputs``; ``failed``: the trace raised (a
        write's scatter past the dense copy's elements)."""
        returned_past = set()
        for o in outputs:
            held = self.strided_views.get(id(o)) if isinstance(o, torch.Tensor) else None
            if held is not None and held[0] is o and held[2]:
                returned_past.update(held[1])
            value = self.strided_values.get(id(o)) if isinstance(o, torch.Tensor) else None
            if value is not None and value[0] is o:
                returned_past.update(value[1])
        for i, (off, used, written) in enumerate(zip(self.strided_off_dense, self.strided_used, self.written)):
            if off and (failed or (written and (used or i in returned_past))):
                return (
                    f"the function takes as_strided over argument #{i}, which it writes, and whose elements are not "
                    "dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a "
                    "dense copy, other elements than eager's"
                )
        return None

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        # Tensor.set_ never reaches the mode itself (only the op it runs
        # inside, on unwrapped tensors): a move shows as functionalization's
        # storage-changed flag, read before and after each op.
        at_start = [(a._version, _storage_changed(a)) if a is not None else (0, False) for a in self.arguments]
        if not self.entry_grad and torch.is_grad_enabled() and not all(self.read_under_grad):
            if self.keys is None:
                self.keys = [_storage_key(a) if a is not None else None for a in self.arguments]
            read = {_storage_key(x) for x in tree_flatten((args, kwargs))[0] if isinstance(x, torch.Tensor)}
            for i, key in enumerate(self.keys):
                if key is not None and key in read:
                    self.read_under_grad[i] = True
        name = getattr(func, "__name__", "")
        if self.overlapping_write is None and args and isinstance(args[0], torch.Tensor) and _writes_self(name):
            if overlaps_itself(args[0]):
                self.overlapping_write = f"{name} through a view whose elements share memory"
            elif any(reads_what_it_writes_elsewhere(args[0], x, name) for x in tree_flatten((args[1:], kwargs))[0]):
                self.overlapping_write = f"{name} reading memory it writes at other elements"
        off_dense: list[int] = []
        past = False
        if name in ("as_strided", "as_strided_") and args and isinstance(args[0], torch.Tensor):
            off_dense, past = self._note_as_strided(args[0], args, kwargs or {}, inplace=name == "as_strided_")
        before = None
        tracking = self.arguments and torch.is_grad_enabled()
        if tracking and _inplace_view(name) and args and any(a is args[0] and a.requires_grad for a in self.arguments if a is not None):
            before = _concrete_geometry(args[0])
        result = func(*args, **(kwargs or {}))
        if tracking:
            self._note_rebase(name, args, kwargs, result, before)
            self._note_grad_stop(args, kwargs, result)
        if off_dense or self.strided_views or self.strided_values:
            operands = [x for x in tree_flatten((args, kwargs))[0] if isinstance(x, torch.Tensor)]
            self._note_strided_uses(name, operands, result, off_dense, past)
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
                self.taken[id(t)] = (t, t._version, torch.is_grad_enabled())
        return result

    def written_since(self, t: Any) -> bool:
        taken = self.taken.get(id(t)) if isinstance(t, torch.Tensor) else None
        return taken is not None and taken[0] is t and t._version != taken[1]

    def grad_mode(self, t: Any) -> bool | None:
        """``view_grad_mode`` of a traced output, where a view the trace
        took under grad mode of a base that requires grad is recorded
        whatever creation mark it inherited (random program 7970)."""
        mode = view_grad_mode(t)
        taken = self.taken.get(id(t)) if mode is False else None
        if taken is not None and taken[0] is t and taken[2] and t.grad_fn is not None:
            return True
        return mode


def view_replay_for_aliased_outputs() -> bool:
    """AOTAutograd's flag: regenerate aliased outputs by replaying their
    view chain rather than with as_strided."""
    from torch._functorch import config

    return bool(config.view_replay_for_aliased_outputs)


def reset_dynamo() -> None:
    torch._dynamo.reset()


def outside_dynamos_trace() -> Any:
    """A context in which a compile nested in Dynamo's backend call runs as
    one outside it: no TracingContext (so AOTAutograd makes its own fake
    mode and shape environment instead of taking Dynamo's, whose guards a
    nested trace would extend with symbols no source explains)."""
    return torch._guards.tracing(None)


def register_backend(name: str, backend: Callable[..., Any]) -> None:
    """Registers a Dynamo backend under ``name`` once per process."""
    from torch._dynamo.backends.registry import _BACKENDS
    from torch._dynamo.backends.registry import register_backend as register

    if name not in _BACKENDS:
        register(name=name)(backend)
