"""``wrapc_torch.compile`` (a Dynamo-free native callable for a function
or module) and ``wrapc_torch.export`` (the wrap IR wrapc imports)."""

from __future__ import annotations

import contextlib
import functools
from typing import Any, Callable, Sequence

import torch

from . import _importer
from ._errors import Unsupported
from ._native import native_callable
from ._private import (
    BackendCompilerFailed,
    OutputType,
    outside_dynamos_trace,
    reset_dynamo,
    tree_flatten,
    tree_unflatten,
)
from ._private.aot import Captured, KeptMutationsLost, capture, failed_keeping_mutations, native_import_enabled

INNER_COMPILERS = ("inductor", "eager")


@contextlib.contextmanager
def thread_state_kept() -> Any:
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


def record_grad_mode_left(captured: Captured, grad_enabled: bool, grad_after: bool) -> None:
    """A traced function that leaves grad mode changed
    (``torch.set_grad_enabled`` in it, not undone): AOTAutograd's analysis
    does not always record it, and its runtime wrapper restores the mode
    on exit where eager leaves it changed. ``grad_after`` is the mode the
    trace ended in; the native wrapper leaves that mode, as eager does."""
    if grad_after != grad_enabled and captured.meta.grad_enabled_mutation is None:
        captured.meta.grad_enabled_mutation = grad_after


def overlapping_write_reason(what: str) -> str:
    return (
        f"the function writes in place ({what}): eager's values depend on that shared memory, and the "
        "functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) "
        "computes other ones"
    )


class FunctionModule(torch.nn.Module):
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
        leaves, self.spec = tree_flatten(self.fn(*args))
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
            return tree_unflatten(leaves, spec)

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
    return _compile_callable(fn, example_inputs, inner=inner, keep_input_mutations=keep_input_mutations)


def _compile_callable(
    fn: Callable[..., Any],
    example_inputs: Sequence[Any],
    *,
    inner: str,
    keep_input_mutations: bool | None,
    requires_grad_checked: bool = True,
) -> Callable[..., Any]:
    """``compile``'s work. ``requires_grad_checked``: the wrapper refuses
    an argument whose ``requires_grad`` differs from its example's (off for
    a graph only ever called under no_grad, whose values do not depend on
    it: ``native_training_forward``)."""
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
    module = FunctionModule(fn)
    grad_enabled = torch.is_grad_enabled()

    def trace(keep: bool | None) -> tuple[Captured, bool]:
        with thread_state_kept():
            captured = capture(module, list(example_inputs), inner, keep)
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
        except RuntimeError as e:
            # A mutation PyTorch cannot keep inside the graph: the runtime
            # wrapper writes it back, unless the caller said otherwise.
            if not failed_keeping_mutations(e):
                raise
            if keep_input_mutations:
                raise Unsupported(
                    f"PyTorch cannot keep this function's input mutations in the graph ({e}; aot_function with "
                    "keep_inference_input_mutations=True fails on it too, or gives wrong values): pass "
                    "keep_input_mutations=False"
                ) from None
            captured, grad_after = trace(False)
    except KeptMutationsLost as e:
        # Kept in the graph for a set_, which only the graph runs.
        raise Unsupported(
            f"PyTorch cannot keep this function's input mutations in the graph ({e}), where its set_ of an input "
            "must run (aot_function gives wrong values)"
        ) from None
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
    if captured.overlapping_write is not None:
        raise Unsupported(overlapping_write_reason(captured.overlapping_write) + ": clone() the tensor read, or write the tensor the view was taken from")
    if captured.as_strided_lost is not None:
        raise Unsupported(captured.as_strided_lost)
    if captured.gradient_lost is not None:
        raise Unsupported(captured.gradient_lost)
    if inner == "inductor" and captured.strided_off_zero:
        # Its reinterpret_tensor adds the input's own offset to as_strided's
        # (torch.compile's Inductor too, for a literal offset).
        raise Unsupported(
            "the function takes as_strided over an argument at a storage offset other than 0, which Inductor's "
            "code places from that offset rather than from the storage's start: use inner='eager'"
        )
    written = [i for i in captured.meta.mutated_inp_runtime_indices if captured.meta.input_info[i].mutates_data]
    if lazy and not captured.dupes and captured.synthetic is None and set(written) & {len(captured.params) + i for i in lazy}:
        raise Unsupported("a lazily negated or conjugated argument is written outside the graph, by wrapc's wrapper")
    if lazy and (captured.dupes or captured.synthetic is not None):
        raise Unsupported("a lazily negated or conjugated argument aliases another argument the function mutates")
    hidden = writes_autograd_hides(captured, example_inputs, grad_enabled)
    if hidden is not None:
        raise Unsupported(hidden + "; compile and call it with grad mode on")
    _check_reshapes_seen(captured)
    _check_writes_kept(captured)
    _check_moves_kept(captured)
    record_grad_mode_left(captured, grad_enabled, grad_after)
    if inner == "inductor" and any(info.mutates_storage_metadata for info in captured.meta.input_info):
        # Inductor's code checks such an input against its shape after the
        # set_, before running it: every call fails (so does aot_function
        # with compile_fx_inner).
        raise Unsupported("the function calls set_ on an input, which Inductor's code cannot take: use inner='eager'")
    if inner == "inductor":
        _check_views_kept(captured, example_inputs)
    single = module.single()
    if captured.trace_joint and inner == "inductor":
        native_training_forward(captured)
    # Inductor's code assumes the example's strides (Dynamo guards them).
    strided = example_inputs if inner == "inductor" else None
    native = native_callable(
        captured, captured.params, single=single, example_inputs=example_inputs, strided=strided,
        grad_enabled=grad_enabled, lazy=lazy, root=fn if isinstance(fn, torch.nn.Module) else None,
        requires_grad_checked=requires_grad_checked,
    )
    return native if single else module.rebuild(native)


def native_training_forward(captured: Captured) -> bool:
    """A training graph's forward, natively: the partitioned forward graph
    Inductor compiled (``Captured.forward_graph``) is compiled again as an
    inference graph through this module's own path, Inductor's wrapper
    program imported, and the C++ autograd node calls it in place of
    Inductor's Python ``call()``. Examples are zeros of the traced
    geometry. Where the
    graph has symbolic sizes, or the import does not cover it, the node
    keeps Inductor's callable (no warning: nothing changes for the
    caller). Costs a second Inductor compile of the forward graph (its
    kernels come from Inductor's caches). Returns whether it did."""
    import warnings

    from ._native import IMPORTS

    graph = captured.forward_graph
    node = captured.compiled
    if graph is None or not hasattr(node, "_use_forward") or captured.meta is None or not native_import_enabled():
        return False
    gm, fakes = graph
    examples: list[Any] = []
    for i, x in enumerate(fakes):
        if not isinstance(x, torch.Tensor) or x.layout != torch.strided:
            return False
        try:
            sizes, strides = [int(d) for d in x.shape], [int(d) for d in x.stride()]
        except TypeError:  # symbolic
            return False
        examples.append(torch.empty_strided(sizes, strides, dtype=x.dtype, device=x.device).zero_())
    seen = len(IMPORTS)
    try:
        with torch.no_grad(), warnings.catch_warnings(), outside_dynamos_trace():
            warnings.simplefilter("ignore")
            native = _compile_callable(
                gm, examples, inner="inductor", keep_input_mutations=None, requires_grad_checked=False
            )
    except Exception:  # noqa: BLE001 - only a speed-up: any failure keeps Inductor's callable
        return False
    if len(IMPORTS) == seen or not all(entry["native"] for entry in IMPORTS[seen:]):
        return False
    node._use_forward(native)
    return True


def writes_autograd_hides(captured: Captured, example_inputs: Sequence[Any], grad_enabled: bool) -> str | None:
    """Refuses a function called under no_grad that turns grad mode on and
    writes an input that requires grad: eager's autograd records the write
    (the input's gradient is the write's where it wrote, its old history
    elsewhere), but AOTAutograd, tracing under the caller's mode, hides it
    and detaches the input from the graph, so the value written back has
    no history: recorded, it cuts the input's gradient everywhere; not
    recorded, the write is missing from it (PyTorch's own wrapper gives
    wrong gradients too; random program 7796). So is one it writes only
    under no_grad and reads under grad mode, before the write or after:
    eager's gradient flows through what it read, AOTAutograd's graph gives
    the input none, and the outputs read from it do not require grad
    (random program 9599; ``aot_function`` the same)."""
    if grad_enabled:
        return None
    arguments = [*captured.params, *example_inputs]
    detached = set(captured.detach_inputs)
    for i, mode in enumerate(captured.write_modes[: len(arguments)]):
        # detach_inputs numbers the wrapper's inputs: one per tensor passed
        # twice, and the synthetic base in place of the inputs merged in it.
        k = captured.dupes[i] if captured.dupes else i
        if captured.synthetic is not None:
            k = captured.synthetic.args[k]
        x = arguments[i]
        if k not in detached or not isinstance(x, torch.Tensor) or not x.requires_grad:
            continue
        if mode == 1:
            return (
                f"the function turns grad mode on and writes {_argument_name(captured, i)}, which requires "
                "grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, "
                "so its gradient would be wrong"
            )
        if mode == 0 and captured.read_under_grad[i]:
            return (
                f"the function turns grad mode on and reads {_argument_name(captured, i)}, which requires grad, "
                "and writes it under no_grad, while it is called under no_grad: AOTAutograd's graph gives that "
                "input no gradient, so the outputs read from it would not require grad"
            )
    return None


def _argument_name(captured: Captured, i: int) -> str:
    """The traced function's argument ``i`` (lifted parameters first) as
    the caller numbers it."""
    user = i - len(captured.params)
    return f"argument {user}" if user >= 0 else f"parameter #{i}"


def _check_reshapes_seen(captured: Captured) -> None:
    """Refuses a function that changes an input's geometry where PyTorch's
    analysis does not see it: a ``set_`` onto memory the input already
    shares (``x.set_(x[1:])``, or onto another argument over the same
    storage) changes neither its storage nor, to functionalization, its
    metadata, so the graph drops it and the caller's tensor would keep
    its old size (aot_function's does; random programs 1289, 1337)."""
    meta, synthetic = captured.meta, captured.synthetic
    for i in sorted(captured.reshaped):
        j = captured.dupes[i] if captured.dupes else i
        if synthetic is not None:
            if j in synthetic.metadata_mutated:
                continue
            j = synthetic.args[j]
            seen = j >= synthetic.num_bases and meta.input_info[j].mutates_metadata
        else:
            seen = meta.input_info[j].mutates_metadata
        if not seen:
            raise Unsupported(
                f"the function set_s {_argument_name(captured, i)} onto memory it already shares (its own storage "
                "or another argument's), which PyTorch's analysis does not see: the caller's tensor would keep "
                "its old geometry; return the new tensor instead, or give the argument its new geometry with "
                "as_strided_"
            )


def _check_writes_kept(captured: Captured) -> None:
    """Refuses a function that writes an input and then ``set_``s it (onto
    other memory, or back onto its own: x.set_(x) counts as a storage
    change too): PyTorch's analysis counts a storage change instead of a
    data mutation (collect_metadata_analysis drops ``mutates_data``), so
    the write never reaches the memory the input came with, and a view of
    that memory (returned, or the caller's own) keeps the old values
    (aot_function's does; random program 6621)."""
    if captured.written_then_moved:
        name = _argument_name(captured, min(captured.written_then_moved))
        raise Unsupported(
            f"the function writes {name} and then set_s it, a write PyTorch's analysis drops (it counts a "
            "storage change instead, even a set_ back onto the same memory): the memory the argument came with "
            "would keep its old values; write a clone of it, or return the new tensor instead of set_ing the "
            "argument"
        )


def _check_moves_kept(captured: Captured) -> None:
    """Refuses a ``set_`` of an input onto the memory of another input that
    the function writes, or that AOTAutograd merges with one it writes
    (a synthetic base) where the moved input is not merged into the same
    base: the graph's value for the moved input is then the written value,
    a tensor of its own, so the input comes back over new memory where
    eager's shares the other's, and a view of it taken after the set_ is
    placed in the wrong memory (wrong values or out of bounds; random
    programs 999, 2765, 5056, 7413). PyTorch's wrapper loses the sharing
    too, or raises. Both in one base, the moved input is made again as a
    view of the caller's base, and shares its memory as eager's does."""
    meta, synthetic = captured.meta, captured.synthetic

    def base_of(i: int) -> int | None:
        k = captured.dupes[i] if captured.dupes else i
        return synthetic.args[k] if synthetic is not None and synthetic.args[k] < synthetic.num_bases else None

    for i, j in sorted(captured.moved_onto.items()):
        base = base_of(j)
        if base is not None and base == base_of(i):
            continue
        k = captured.dupes[j] if captured.dupes else j
        if base is not None or meta.input_info[synthetic.args[k] if synthetic is not None else k].mutates_data:
            raise Unsupported(
                f"the function set_s {_argument_name(captured, i)} onto the memory of {_argument_name(captured, j)}, "
                "which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the "
                "written value, a tensor of its own, so the two would not share memory after the call; return "
                "the written argument instead of set_ing onto it"
            )


def _check_views_kept(captured: Captured, example_inputs: Sequence[Any]) -> None:
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


def _export_ir(captured: Captured) -> str:
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
        module = FunctionModule(fn)
        ir = _export_ir(capture(module, list(example_inputs), inner))
        if path is not None:
            with open(path, "w") as f:
                f.write(ir)
        return ir
    modules: list[str] = []

    def recording_backend(gm: torch.fx.GraphModule, inputs: Sequence[Any]) -> Callable[..., Any]:
        modules.append(_export_ir(capture(gm, inputs, inner)))
        return gm.forward

    reset_dynamo()
    try:
        torch.compile(fn, backend=recording_backend, fullgraph=True)(*example_inputs)
    except BackendCompilerFailed as e:
        if isinstance(e.inner_exception, Unsupported):
            raise e.inner_exception from None
        raise
    finally:
        reset_dynamo()
    if not modules:
        raise Unsupported("Dynamo produced no graph for this function")
    if path is not None:
        with open(path, "w") as f:
            f.write(modules[0])
    return modules[0]
