"""AOTAutograd metadata -> level-1 wrap IR.

The importer reads what AOTAutograd computed for one graph (its
``ViewAndMutationMeta``, the fake tensors of the graph's inputs and
outputs) and writes the ``wrap.runtime_wrapper`` that mirrors
``_runtime_wrapper`` in ``torch/_functorch/_aot_autograd/runtime_wrappers.py``,
with the compiled graph declared as ``@wrapc_torch_graph`` (the extension
supplies it at run time).  Anything wrapc does not model raises
:class:`Unsupported`, naming the reason; the backend then falls back to
PyTorch's own runtime wrapper for that graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Sequence

import torch

from . import _subclasses
from ._errors import Unsupported
from ._private import FakeTensor, OutputType, is_traceable_wrapper_subclass, view_replay_for_aliased_outputs

GRAPH_SYMBOL = "wrapc_torch_graph"
# The entry point: the outermost of PyTorch's wrappers the graph needs
# (dedupe, synthetic bases, runtime wrapper); the inner ones are named:
WRAPPER_SYMBOL = "wrapc_torch_wrapper"
RUNTIME_WRAPPER_SYMBOL = "wrapc_torch_runtime_wrapper"
SYNTHETIC_BASE_SYMBOL = "wrapc_torch_synthetic_base"
SUBCLASS_SYMBOL = "wrapc_torch_subclasses"

# torch dtype -> wrap element type (the dialect's spelling; the runtime's
# dtype codes are the extension's business, through wrapc_runtime.h).
DTYPES = {
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.float32: "f32",
    torch.float64: "f64",
    torch.int8: "i8",
    torch.uint8: "ui8",
    torch.int16: "i16",
    torch.int32: "i32",
    torch.int64: "i64",
    torch.bool: "i1",
}


# The OutputType names are the dialect's #wrap.output kinds.
OUTPUT_KINDS = {t: t.name for t in OutputType}

INPUT_FLAGS = (
    "mutates_data",
    "mutates_metadata",
    "mutates_storage_metadata",
    "mutations_hidden_from_autograd",
    "mutations_under_no_grad_or_inference_mode",
    "mutation_inductor_storage_resize",
    "requires_grad",
    "is_leaf",
    "keep_input_mutations",
)


@dataclass
class SyntheticBases:
    """``AOTSyntheticBaseWrapper``'s layer: mutated inputs that alias other
    inputs reach the graph as one base."""

    # The (fake) inputs before merging (after deduplication).
    inputs: list[Any]
    # Per input, the graph input it becomes (PyTorch's synthetic_base_info
    # with each (base, view) entry reduced to its base).
    args: list[int]
    # Merged inputs whose metadata the function changes: the graph returns
    # each one's new geometry after its outputs.
    metadata_mutated: list[int]
    trace_joint: bool
    # How many graph inputs are synthetic bases (they come first, as
    # merge_view_inputs orders them).
    num_bases: int
    # Per output of the function, the input it returns (-1: none), as the
    # analysis before merging says: after, such an input merged into a
    # base is a view of it, or the base itself where their geometries meet.
    returned_inputs: list[int] = field(default_factory=list)
    # Per output of the function, the input it is a view of (-1: none), as
    # the analysis before merging says: after, a view of an input merged
    # into a base is a view of the base, which no argument is.
    viewed_inputs: list[int] = field(default_factory=list)


@dataclass
class Signature:
    """What the native call path needs to know about the wrapper's ABI."""

    # per wrapper input: "tensor" or "int"
    inputs: list[str] = field(default_factory=list)
    # per graph input (the wrapper's, less dropped duplicates)
    graph_inputs: list[str] = field(default_factory=list)
    # per wrapper output: "tensor" or "int"
    outputs: list[str] = field(default_factory=list)
    # per graph output: "tensor" or "int"
    graph_outputs: list[str] = field(default_factory=list)
    # per wrapper output: dims to mark dynamic (_dynamo_weak_dynamic_indices)
    dynamic_dims: list[list[int]] = field(default_factory=list)


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, torch.SymInt)) and not isinstance(value, bool)


def _dim(d: Any) -> str:
    if isinstance(d, torch.SymInt):
        hint = d.node.maybe_as_int()
        return "?" if hint is None else str(hint)
    return str(int(d))


def tensor_type(t: torch.Tensor, what: str, *, dynamic: bool = False) -> str:
    if type(t) not in (torch.Tensor, torch.nn.Parameter) and not isinstance(t, FakeTensor):
        raise Unsupported(f"{what} is a {type(t).__name__}, a tensor subclass")
    if t.dtype not in DTYPES:
        raise Unsupported(f"{what} has dtype {t.dtype}")
    from ._C import MAX_RANK  # the runtime ABI's (WRT_MAX_RANK in wrapc_runtime.h)

    if t.dim() > MAX_RANK:
        raise Unsupported(f"{what} has rank {t.dim()} (at most {MAX_RANK})")
    if t.device.type not in ("cpu", "cuda"):
        raise Unsupported(f"{what} is on {t.device}")
    if t.layout != torch.strided:
        raise Unsupported(f"{what} has layout {t.layout}")
    device = ", cuda" if t.device.type == "cuda" else ""
    return f"!wrap.tensor<{_shape(t, dynamic)}{device}>"


def _shape(t: torch.Tensor, dynamic: bool = False) -> str:
    elem = DTYPES[t.dtype]
    dims = "x".join("?" if dynamic else _dim(d) for d in t.shape)
    return f"{dims}x{elem}" if dims else elem


def subclass_type(t: torch.Tensor, what: str) -> str:
    """``!wrap.subclass<"Name", outer, [attr: type, ...]>`` for a tensor
    subclass instance (fake or real): its inner tensors in flatten order,
    nested instances recursively."""
    if t.dtype not in DTYPES:
        raise Unsupported(f"{what} has dtype {t.dtype}")
    attrs = []
    for name, inner in _subclasses.inner_tensors(t):
        where = f"{what}'s attribute {name!r}"
        if not isinstance(inner, torch.Tensor):
            raise Unsupported(f"{where} is a {type(inner).__name__}, not a tensor")
        if is_traceable_wrapper_subclass(inner) and any(not isinstance(d, int) for d in inner.shape):
            # PyTorch passes a nested instance's symbolic sizes too; the
            # dialect's subclass wrapper appends the outermost one's only.
            raise Unsupported(f"{where} is a nested tensor subclass with symbolic outer sizes")
        attrs.append(f"{name}: {value_type(inner, where)}")
    return f'!wrap.subclass<"{_subclasses.type_name(t)}", {_shape(t)}, [{", ".join(attrs)}]>'


def value_type(v: Any, what: str, *, dynamic: bool = False) -> str:
    if isinstance(v, torch.Tensor) and is_traceable_wrapper_subclass(v):
        return subclass_type(v, what)
    if isinstance(v, torch.Tensor):
        return tensor_type(v, what, dynamic=dynamic)
    if _is_int(v):
        return "i64"
    raise Unsupported(f"{what} is a {type(v).__name__}")


def _kind(v: Any) -> str:
    return "tensor" if isinstance(v, torch.Tensor) else "int"


def input_attr(info: Any, is_tensor: bool) -> str:
    if not is_tensor:
        return "#wrap.input<>"
    flags = [name for name in INPUT_FLAGS if getattr(info, name)]
    # wrapc's InputInfo only names mutations_hidden_from_autograd for
    # mutated inputs; PyTorch reports it vacuously for the others.
    if not (info.mutates_data or info.mutates_metadata):
        flags = [f for f in flags if f != "mutations_hidden_from_autograd"]
    return f"#wrap.input<{', '.join(flags)}>"


def output_attr(info: Any, out: Any, base: Any) -> str:
    kind = OUTPUT_KINDS[info.output_type]
    parts = [kind]
    if info.base_idx is not None and info.output_type not in (
        OutputType.non_alias,
        OutputType.unsafe_view_alias,
        OutputType.custom_function_view,
    ):
        parts.append(f"base = {info.base_idx}")
    if info.requires_grad:
        parts.append("requires_grad")
    regenerated = info.output_type in (
        OutputType.alias_of_input,
        OutputType.alias_of_intermediate,
        OutputType.alias_of_intermediate_save_as_output,
        OutputType.alias_of_intermediate_base_is_user_output,
    )
    if is_traceable_wrapper_subclass(out):
        # The runtime wrapper passes a subclass value through (its view is
        # the subclass's __torch_dispatch__'s); the extension marks its
        # dynamic dims itself.
        return f"#wrap.output<{', '.join(parts)}>"
    if regenerated and isinstance(out, torch.Tensor):
        # gen_alias_from_base takes size, stride and offset from the output
        # the graph returned at run time: `?` everywhere.
        rank = out.dim()
        q = ", ".join(["?"] * rank)
        parts.append(f"view = <[{q}], [{q}], ?>")
        if isinstance(base, torch.Tensor) and base.dtype != out.dtype:
            parts.append(f"dtype = {DTYPES[out.dtype]}")
    if info.dynamic_dims:
        parts.append(f"dynamic_dims = [{', '.join(str(d) for d in sorted(info.dynamic_dims))}]")
    return f"#wrap.output<{', '.join(parts)}>"


def check_supported(meta: Any, *, training: bool = False) -> None:
    """Raises Unsupported for metadata wrapc does not model yet.
    ``training``: the graph goes through AOTAutograd's autograd path (its
    callee is a CompiledFunction), so it may save tensors for backward."""
    if meta.is_train and not training:
        raise Unsupported("the graph is a training graph (it saves tensors for backward)")
    if getattr(meta, "tokens", None):
        raise Unsupported("the graph has side-effect tokens")
    if getattr(meta, "num_graphsafe_rng_states", 0):
        raise Unsupported("the graph uses graph-safe RNG states")
    for i, info in enumerate(meta.input_info):
        if info.mutation_inductor_storage_resize:
            raise Unsupported(f"input #{i} has its storage resized")


# Output types whose regeneration PyTorch's gen_alias_from_base does.
_REGENERATED = (
    OutputType.alias_of_input,
    OutputType.alias_of_intermediate,
    OutputType.alias_of_intermediate_save_as_output,
    OutputType.alias_of_intermediate_base_is_user_output,
)


def view_replays(meta: Any, *, dupes: Sequence[int] = (), synthetic: SyntheticBases | None = None,
                 written: Collection[int] = (), over_no_input: Collection[int] = (),
                 detached_outputs: Collection[int] = (),
                 entry_chains: Sequence[Any] = (), restride_chains: Sequence[Any] = ()) -> tuple[Any, ...]:
    """Per user output, the view chain PyTorch replays on the base when it
    regenerates the output (None where there is none), the argument it
    replays on (-1: none), and the argument an ``alias_of_input`` output is
    a view of (-1: none), from which it is regenerated (``gen_alias_from_base`` with
    ``view_replay_for_aliased_outputs``: the ``ViewMeta`` sequence when
    none of its views has symbolic inputs) and the wrapper argument it is
    replayed on, ``orig_inputs[base_idx]``, else None: the output is
    ``as_strided`` of the base, as PyTorch falls back to; and whether the
    view the chain gives is made again with ``as_strided`` from that
    argument (eager's AsStridedBackward0 for a view written after it was
    taken: ``written`` numbers those outputs); and whether the output is a
    detached alias (no view, though over the argument's memory: its chain
    says so, or the graph made it with ``aten.detach``, ``detached_outputs``);
    then -1 (the grad mode: the caller's, see ``_native._grad_mode_replays``);
    and the graph output whose own view function makes the output where no
    chain does (-1: none). That is ``gen_alias_from_base``'s next route: a
    chain with symbolic inputs is not replayed (``dynamic=True``), and the
    graph's output, a view PyTorch's training call made under
    ``_force_original_view_tracking``, carries the view op itself
    (``ViewBackward0``, not ``AsStridedBackward0``). Not for a view written
    after it was taken (``written``: eager's ``AsStridedBackward0``).

    The argument is given for an output aliasing a mutated input only: the
    graph returns that output as a view of the input's updated value, a
    fresh tensor whose geometry is not the input's, so only the chain
    replayed on the input places it (every call, as PyTorch does). A view
    of an input the graph did not mutate is a view of the input itself, and
    the runtime's geometry (the graph output's) is exact: -1 there, as for
    an intermediate base, and the chain is replayed only where autograd
    records the view — unless the graph made that output over memory of no
    input of its own (``over_no_input`` numbers those): a change of the
    input the analysis did not see, whose geometry is no view of the input.

    ``dupes`` maps each wrapper argument to the deduplicated input it is;
    ``base_idx`` numbers those, so the argument is the first that maps to
    it. Under merged inputs (``synthetic``) ``base_idx`` numbers the
    synthetic bases' layer, which no argument is: -1, and the base is found
    from the runtime's view.

    Last, whether the chain starts at the argument's geometry on entry
    rather than its new one: the analysis records no chain for a view of an
    input whose metadata the function changed, and where it also wrote the
    input the graph's output is a view of a fresh tensor, no guide to where
    the view lies. ``entry_chains`` gives per user output its whole chain
    from the input as it came (the trace's); the extension replays it on
    that geometry, which it keeps where the write-back moved the input
    (``_native._restride_chains``), and makes the view with ``as_strided``
    from the input; or, where the output's chain starts with the input's
    own in-place view ops (``restride_chains``, per argument), by the rest
    replayed on the input, eager's grad_fn, if it lands there: the last
    field, else None."""

    def to_argument(index: int) -> int:
        """The wrapper argument a deduplicated input is (its first)."""
        if not dupes:
            return index
        return list(dupes).index(index) if index in dupes else -1

    def argument(info: Any) -> int:
        if info.output_type != OutputType.alias_of_input:
            return -1
        base = meta.input_info[info.base_idx]
        if not (base.mutates_data or base.mutates_metadata):
            return -1
        if synthetic is not None:
            # An input merged into a base has no argument of its own; one
            # that was not merged is one of the graph's inputs still.
            return graph_base(info)
        return to_argument(info.base_idx)

    def graph_base(info: Any) -> int:
        """The argument the graph's own analysis names as the base."""
        if info.output_type != OutputType.alias_of_input:
            return -1
        index = info.base_idx
        if synthetic is not None:
            # The graph's inputs: synthetic bases first (no caller's tensor),
            # then each input that was not merged, once.
            if index < synthetic.num_bases or synthetic.args.count(index) != 1:
                return -1
            index = synthetic.args.index(index)
        return to_argument(index)

    def detached(info: Any) -> bool:
        sequence = getattr(info, "view_meta_sequence", None)
        return sequence is not None and any(type(vm).__name__.startswith("detach") for vm in sequence.sequence)

    def merged_view(j: int, info: Any) -> bool:
        """A view of one of the caller's inputs (eager's _base, and its
        version counter), even where that input was merged into a base; a
        detached alias is no view, and keeps a counter of its own."""
        return synthetic is not None and info.output_type == OutputType.alias_of_input and not detached(info) and \
            j < len(synthetic.viewed_inputs) and synthetic.viewed_inputs[j] >= 0

    def before_merging(names: Sequence[int], j: int) -> int:
        """The argument the analysis before merging names for output j in
        ``names`` (the synthetic bases' returned_inputs or viewed_inputs;
        -1: none, or no inputs were merged)."""
        if synthetic is None or j >= len(names) or names[j] < 0:
            return -1
        return to_argument(names[j])

    def viewed_input(j: int) -> int:
        return before_merging(synthetic.viewed_inputs, j) if synthetic is not None else -1

    def base(j: int, info: Any) -> int:
        if merged_view(j, info) and argument(info) < 0:
            return viewed_input(j)
        return graph_base(info)

    def returned_input(j: int) -> int:
        return before_merging(synthetic.returned_inputs, j) if synthetic is not None else -1

    def returns_merged_input(j: int, info: Any) -> bool:
        if synthetic is None:
            return False
        if info.output_type == OutputType.is_input and info.base_idx < synthetic.num_bases:
            return True
        # An input the function returned, to the graph a view of a base it
        # was merged into, or of itself where it was not (merging makes
        # every returned input an alias: random program 2142): eager
        # returns the input itself, not a new view (which, made from the
        # caller's base, would take its gradient elsewhere).
        return info.output_type == OutputType.alias_of_input and returned_input(j) >= 0

    def chain(info: Any) -> list[Any] | None:
        """The recorded ViewMeta sequence, where PyTorch would replay it."""
        sequence = getattr(info, "view_meta_sequence", None)
        if not view_replay_for_aliased_outputs() or sequence is None:
            return None
        if any(vm.has_symbolic_inputs for vm in sequence.sequence):
            return None
        return list(sequence.sequence)

    def entry_chain(j: int, info: Any) -> list[Any] | None:
        if synthetic is not None or j >= len(entry_chains) or entry_chains[j] is None:
            return None
        if info.output_type != OutputType.alias_of_input or chain(info) is not None:
            return None
        base = meta.input_info[info.base_idx]
        return entry_chains[j] if base.mutates_data and base.mutates_metadata else None

    def after_input(j: int, info: Any) -> list[Any] | None:
        """The part of output j's entry chain after its input's own
        in-place view ops, where it starts with them."""
        sequence, i = entry_chain(j, info), argument(info)
        if sequence is None or not 0 <= i < len(restride_chains) or restride_chains[i] is None:
            return None
        prefix = restride_chains[i]
        key = lambda vm: (type(vm).__name__, vm.as_tuple())  # noqa: E731
        if len(sequence) <= len(prefix) or any(key(a) != key(b) for a, b in zip(sequence, prefix)):
            return None
        return sequence[len(prefix):]

    def replay(j: int, info: Any) -> Any:
        if entry_chain(j, info) is not None and argument(info) >= 0:
            return (entry_chain(j, info), argument(info), base(j, info), True)
        if info.output_type == OutputType.non_alias:
            # Never regenerated; where the native graph returns it over an
            # argument's memory (Inductor's reinterpret_tensor, after a set_
            # or of a detached alias: random program 83), no view of the
            # argument, as through Inductor's Python wrapper and in eager.
            from ._C import UNTRACKED_ALIAS

            return (None, -1, UNTRACKED_ALIAS, False)
        if returns_merged_input(j, info):
            # One of the inputs merged into a synthetic base (see
            # _synthetic_output): the caller's tensor the function returns,
            # as eager returns it. The graph's analysis may name another
            # input of the same base (two inputs over one storage, one of
            # them changed in place to the other's geometry: random program
            # 1837), so the analysis before merging names it; where that is
            # not known, the caller's tensor with the geometry the graph
            # returned, else a view of the base.
            from ._C import CALLER_INPUT, SAME_GEOMETRY_INPUT

            if info.output_type == OutputType.alias_of_input and info.base_idx >= synthetic.num_bases:
                # Not merged itself: its graph value is its new one (a fresh
                # tensor where the function wrote it), no guide to which.
                return (None, returned_input(j), CALLER_INPUT, False)
            return (None, returned_input(j), SAME_GEOMETRY_INPUT, False)
        if merged_view(j, info) and argument(info) < 0:
            # A view of the caller's input, which the runtime made from the
            # base it was merged into: the recorded chain replayed on the
            # input gives eager's grad_fn (SelectBackward0 for a view taken
            # after the merged inputs were written: random program 1375),
            # where it lands on the runtime's geometry (the extension checks;
            # a chain that starts at the base does not), else as_strided
            # from the input. A view written after it was taken is eager's
            # AsStridedBackward0 (random program 36): as_strided.
            return (None if j in written else chain(info), -1, base(j, info), False)
        sequence = chain(info) if info.output_type in _REGENERATED else None
        if sequence is None and base(j, info) < 0:
            return None
        on = argument(info) if sequence is not None else -1
        if sequence is not None and on < 0 and j in over_no_input and synthetic is None:
            on = graph_base(info)
        if sequence is not None and on < 0 and detached(info):
            # A detached alias is no view (its _base is None): as_strided
            # cannot make it, the chain replayed on the input does — on an
            # input merged into a base too, which the analysis before
            # merging names (random program 2021).
            on = graph_base(info) if graph_base(info) >= 0 else viewed_input(j)
            return (sequence, on, base(j, info), False)
        if j in written and on < 0:
            # Written after it was taken: eager's autograd records it as
            # AsStridedBackward0, so as_strided of the base makes it.
            sequence = None
        # A view of a mutated input written after it was taken: the chain
        # places it on the input, as_strided from the input makes it.
        return (sequence, on, base(j, info), j in written and on >= 0)

    def view_func_output(j: int, info: Any) -> int:
        if info.output_type not in _REGENERATED or j in written or chain(info) is not None:
            return -1
        # The graph returns the mutated inputs' new values first.
        return meta.num_mutated_inp_runtime_indices + j

    def assembled(j: int, replayed: Any, info: Any) -> Any:
        # The replay's last fields. Whether the output is a detached alias
        # (no _base, eager's x.detach()): made from another tensor than its
        # chain's input (the input set_ onto other memory since), it must
        # stay no view; and the view-function slot.
        by_view_func = view_func_output(j, info)
        if replayed is None:
            return None if by_view_func < 0 else (None, -1, -1, False, False, -1, by_view_func, False, None)
        if replayed[0] is not None or replayed[2] < -1:
            # A chain replays it, or it is no view (the _C markers are < -1).
            by_view_func = -1
        from_entry = replayed[0] is not None and replayed[0] is entry_chain(j, info)
        # A view written after it was taken is eager's AsStridedBackward0.
        rest = after_input(j, info) if from_entry and j not in written else None
        return (*replayed, detached(info) or j in detached_outputs, -1, by_view_func, from_entry, rest)

    return tuple(assembled(j, replay(j, info), info) for j, info in enumerate(meta.output_info))


def emit(meta: Any, inputs: Sequence[Any], graph_outputs: Sequence[Any], *, disable_amp: bool = False,
         source: str = "", trace_joint: bool = False, detach_inputs: Sequence[int] = (),
         dupes: Sequence[int] = (), synthetic: SyntheticBases | None = None,
         native: Any = None, subclasses: Any = None) -> tuple[str, Signature]:
    """Level-1 wrap IR for one graph and the ABI of its wrapper.

    ``inputs`` are the graph's (fake) example inputs, ``graph_outputs`` the
    (fake) values its forward graph returns: mutated inputs, user outputs,
    intermediate bases. ``trace_joint``: the callee is AOTAutograd's
    CompiledFunction (training), called with grad mode on and with the
    inputs ``detach_inputs`` detached (``_create_runtime_wrapper``'s
    ``trace_joint`` and ``indices_of_inps_to_detach``). ``dupes``:
    ``AOTDedupeWrapper.add_dupe_map`` when the caller passes one tensor as
    several arguments (``inputs`` and ``meta`` are then the deduplicated
    ones); the entry is a ``wrap.dedupe_wrapper`` taking every argument.
    ``synthetic``: inputs merged into synthetic bases (``inputs`` and
    ``meta`` are then the graph's, bases first); a
    ``wrap.synthetic_base_wrapper`` takes the inputs before merging.
    ``native``: Inductor's wrapper program to import as the graph
    (``_wrapper_import.translate(capture, in_types, graph_types)``, called
    with the graph's signature); None: the graph is declared and the
    extension calls Inductor's Python wrapper. ``subclasses``: the flat
    graph under tensor subclasses (``_subclasses.SubclassLayer``; ``inputs``
    and ``graph_outputs`` are then the subclass-level values), called
    through a ``wrap.subclass_wrapper``; in training the callee takes and
    returns the subclass-level values itself (``instance_outputs``).
    """
    check_supported(meta, training=trace_joint)
    if len(meta.input_info) != len(inputs):
        raise Unsupported(f"{len(meta.input_info)} input infos for {len(inputs)} inputs")
    n_mut = meta.num_mutated_inp_runtime_indices
    n_out = len(meta.output_info)
    n_bases = meta.num_intermediate_bases
    if len(graph_outputs) != n_mut + n_out + n_bases:
        raise Unsupported(
            f"the graph returns {len(graph_outputs)} values, not {n_mut} mutated inputs + {n_out} outputs + {n_bases} bases"
        )
    sig = Signature()
    in_types = []
    for i, (x, info) in enumerate(zip(inputs, meta.input_info)):
        # An input whose metadata the function changes has the entry shape
        # only until the epilogue's as_strided_/set_: its static type must
        # not promise one shape for both.
        # A synthetic base made over a storage (inputs with no common
        # _base) spans the storage, whose size the examples do not fix.
        over_storage = synthetic is not None and i < synthetic.num_bases and not _has_common_base(synthetic, i)
        in_types.append(value_type(x, f"input #{i}", dynamic=info.mutates_metadata or over_storage))
        sig.graph_inputs.append(_kind(x))
    sig.inputs = list(sig.graph_inputs)
    graph_types = [value_type(v, f"graph output #{j}") for j, v in enumerate(graph_outputs)]
    sig.graph_outputs = [_kind(v) for v in graph_outputs]
    user_outs = graph_outputs[n_mut : n_mut + n_out]
    out_types, out_attrs = [], []
    for j, (info, out) in enumerate(zip(meta.output_info, user_outs)):
        info = _synthetic_output(info, synthetic)
        if info.output_type == OutputType.is_input:
            ty = in_types[info.base_idx]
            base = inputs[info.base_idx]
            # The graph hands back the input itself: its result is typed as
            # the input is (all `?` where the function changes the input's
            # metadata, x.t_(); return x), not as the traced value's shape.
            graph_types[n_mut + j] = ty
        else:
            ty = graph_types[n_mut + j]
            if info.output_type == OutputType.alias_of_input:
                base = inputs[info.base_idx]
            elif info.output_type == OutputType.alias_of_intermediate_base_is_user_output:
                base = user_outs[info.base_idx]
            elif info.output_type in (OutputType.alias_of_intermediate, OutputType.alias_of_intermediate_save_as_output):
                base = graph_outputs[n_mut + n_out + info.base_idx]
            else:
                base = None
        out_types.append(ty)
        out_attrs.append(output_attr(info, out, base))
        sig.outputs.append(_kind(out))
        sig.dynamic_dims.append(sorted(info.dynamic_dims or []))

    in_attrs = [input_attr(info, isinstance(x, torch.Tensor)) for info, x in zip(meta.input_info, inputs)]
    flags = [f"num_intermediate_bases = {n_bases}"] if n_bases else []
    if trace_joint:
        flags.append("trace_joint")
        if detach_inputs:
            flags.append(f"detach_inputs = array<i64: {', '.join(str(i) for i in sorted(detach_inputs))}>")
    if meta.grad_enabled_mutation is not None:
        flags.append(f"grad_enabled_mutation = {'true' if meta.grad_enabled_mutation else 'false'}")
    if disable_amp:
        flags.append("disable_amp")

    def tuple_type(types: list[str]) -> str:
        return types[0] if len(types) == 1 else f"({', '.join(types)})"

    lines = []
    if source:
        lines += [f"// {line}" for line in source.splitlines()]
    # The graph's own signature: the runtime wrapper's, or under tensor
    # subclasses the flat one the subclass wrapper unwraps them into.
    flat_in, flat_out = in_types, graph_types
    if subclasses is not None and (dupes or synthetic is not None):
        raise Unsupported("tensor-subclass arguments are passed twice or alias each other")
    # In training the callee is CompiledFunction.apply over the instances
    # themselves (the subclass wrapper is inside it): no layer here.
    flat_layer = subclasses is not None and subclasses.instance_outputs is None
    append_symints = False
    if flat_layer:
        flat_in = [value_type(x, f"graph input #{i}") for i, x in enumerate(subclasses.flat_inputs)]
        flat_out = [value_type(v, f"graph output #{j}") for j, v in enumerate(subclasses.flat_outputs)]
        # A subclass value's symbolic outer sizes follow its leaves in the
        # flat graph (PyTorch's append_symints), as `index` values.
        append_symints = _mark_symints(inputs, flat_in) | _mark_symints(graph_outputs, flat_out)
        sig.graph_inputs = [_kind(x) for x in subclasses.flat_inputs]
        sig.graph_outputs = [_kind(v) for v in subclasses.flat_outputs]
    graph_symbol = GRAPH_SYMBOL
    if native is not None:
        imported = native(flat_in, flat_out)
        lines += imported.kernels
        lines.append(imported.function)
        graph_symbol = imported.symbol
    else:
        lines.append(f"func.func private @{GRAPH_SYMBOL}({', '.join(flat_in)}) -> {tuple_type(flat_out)}")
    if flat_layer:
        lines.append(
            f"wrap.subclass_wrapper @{SUBCLASS_SYMBOL} : ({', '.join(in_types)}) -> {tuple_type(graph_types)}"
            f" calls @{graph_symbol}" + (" {append_symints}" if append_symints else "")
        )
        graph_symbol = SUBCLASS_SYMBOL
    # PyTorch's layers, innermost first, each calling the one before it; the
    # outermost is the entry point.
    names = [RUNTIME_WRAPPER_SYMBOL] + [SYNTHETIC_BASE_SYMBOL] * (synthetic is not None) + ["dedupe"] * bool(dupes)
    names[-1] = WRAPPER_SYMBOL
    lines.append(
        f"wrap.runtime_wrapper @{names[0]} : ({', '.join(in_types)}) -> {tuple_type(out_types)} calls @{graph_symbol}"
    )
    lines.append(f"    inputs [{', '.join(in_attrs)}]")
    lines.append(f"    outputs [{', '.join(out_attrs)}]")
    if flags:
        lines.append("    {" + ", ".join(flags) + "}")
    layer_types, callee = in_types, names[0]
    if synthetic is not None:
        layer_types, out_types = _synthetic_layer(lines, synthetic, in_types, out_types, sig, callee, names[1])
        callee = names[1]
    if dupes:
        # A duplicate is the argument it repeats: same type, same kind.
        if any(not 0 <= d < len(layer_types) for d in dupes):
            raise Unsupported(f"a duplicate map {list(dupes)} for {len(layer_types)} deduplicated inputs")
        outer_types = [layer_types[d] for d in dupes]
        sig.inputs = [sig.inputs[d] for d in dupes]
        lines.append(
            f"wrap.dedupe_wrapper @{WRAPPER_SYMBOL} : ({', '.join(outer_types)}) -> {tuple_type(out_types)}"
            f" calls @{callee} dupes [{', '.join(str(d) for d in dupes)}]"
        )
    return "\n".join(lines) + "\n", sig


def _leaf_count(t: torch.Tensor) -> int:
    return sum(_leaf_count(x) if is_traceable_wrapper_subclass(x) else 1 for _, x in _subclasses.inner_tensors(t))


def _mark_symints(values: Sequence[Any], flat_types: list[str]) -> bool:
    """Types the flat values that are subclass ``values``' symbolic outer
    sizes (each after its instance's leaves) as ``index``, as the subclass
    wrapper passes them; whether there are any."""
    at, marked = 0, False
    for v in values:
        if not (isinstance(v, torch.Tensor) and is_traceable_wrapper_subclass(v)):
            at += 1
            continue
        at += _leaf_count(v)
        for d in v.shape:
            if not isinstance(d, int):
                if at >= len(flat_types):
                    raise Unsupported("the flat graph lacks a subclass value's symbolic outer size")
                flat_types[at] = "index"
                at += 1
                marked = True
    return marked


def _has_common_base(synthetic: SyntheticBases, base: int) -> bool:
    """Whether the inputs merged into synthetic base ``base`` have a tensor
    for it (one ``_base`` they all view, or one of them the others view), as
    ``merge_view_inputs`` decides; else it is made over their storage."""
    merged = [x for x, a in zip(synthetic.inputs, synthetic.args) if a == base]
    roots = {id(x._base if x._base is not None else x) for x in merged}
    return len(roots) == 1


def _synthetic_output(info: Any, synthetic: SyntheticBases | None) -> Any:
    """``info`` as the runtime wrapper must regenerate it. A synthetic base
    is no tensor the caller passed: an output the analysis calls that base
    itself (``is_input``) is one of the inputs merged into it — the graph
    returns it as a view of the base — and comes back as that view
    (``alias_of_input``), never as the whole base (PyTorch's own wrapper
    returns the base: ``a.add_(1); b.mul_(2); return a`` on overlapping
    ``a``, ``b`` gave 20 elements where eager gives 5)."""
    if synthetic is None or info.output_type != OutputType.is_input or info.base_idx >= synthetic.num_bases:
        return info
    import dataclasses

    return dataclasses.replace(info, output_type=OutputType.alias_of_input)


def _synthetic_layer(lines: list[str], synthetic: SyntheticBases, in_types: list[str], out_types: list[str],
                     sig: Signature, callee: str, name: str) -> tuple[list[str], list[str]]:
    """Appends the ``wrap.synthetic_base_wrapper`` over the runtime wrapper
    and returns its argument and result types (``sig`` made its ABI)."""
    args, merged_inputs = synthetic.args, synthetic.inputs
    if len(args) != len(merged_inputs) or any(not 0 <= a < len(in_types) for a in args):
        raise Unsupported(f"a synthetic base map {args} for {len(in_types)} graph inputs")
    num_bases = synthetic.num_bases
    if not 0 < num_bases <= len(in_types):
        raise Unsupported(f"{num_bases} synthetic bases for {len(in_types)} graph inputs")
    types = []
    for i, (a, x) in enumerate(zip(args, merged_inputs)):
        if a >= num_bases:
            types.append(in_types[a])
        else:
            # An alias whose metadata the function changes has its entry
            # shape only until the wrapper's as_strided_.
            types.append(value_type(x, f"input #{i}", dynamic=i in synthetic.metadata_mutated))
    n_extra = len(synthetic.metadata_mutated)
    results = out_types[: len(out_types) - n_extra]
    sig.inputs = ["tensor" if a < num_bases else sig.graph_inputs[a] for a in args]
    sig.outputs = sig.outputs[: len(results)]
    sig.dynamic_dims = sig.dynamic_dims[: len(results)]
    text = (
        f"wrap.synthetic_base_wrapper @{name} : ({', '.join(types)}) -> ({', '.join(results)})"
        f" calls @{callee} args [{', '.join(str(a) for a in args)}]"
    )
    if synthetic.metadata_mutated:
        text += f" metadata_mutated [{', '.join(str(i) for i in synthetic.metadata_mutated)}]"
    if synthetic.trace_joint:
        text += " {trace_joint}"
    lines.append(text)
    return types, results
