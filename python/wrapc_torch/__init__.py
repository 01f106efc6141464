"""wrapc as a torch.compile backend.

    import torch, wrapc_torch
    fn = torch.compile(model, backend="wrapc")
    out = fn(x)           # AOTAutograd's runtime-wrapper work runs as wrapc native code

For each graph Dynamo hands over, the backend runs AOTAutograd's first
stage (functionalization and the ViewAndMutationMeta analysis) and compiles
the forward graph with an inner compiler (Inductor by default), exactly as
``aot_module_simplified`` does; then, instead of AOTAutograd's Python
``RuntimeWrapper`` (stage 2c in ``torch/_functorch/_aot_autograd/graph_compile.py``),
it imports the metadata as wrap IR, compiles it with ``wrapc`` and calls
the native wrapper on the caller's torch tensors.  Graphs wrapc does not
model (training graphs, subclasses, side-effect tokens, ...) fall back to
PyTorch's own path with a one-line warning naming the reason.
"""

from __future__ import annotations

import contextlib
import functools
import warnings
from typing import Any, Callable, Sequence

import torch

from . import _importer
from ._build import CompileError, compile_module
from ._importer import Unsupported

__all__ = ["backend", "compile", "export", "Unsupported", "CompileError"]

INNER_COMPILERS = ("inductor", "eager")


def _fake_outputs(graph_module: torch.fx.GraphModule) -> list[Any]:
    output = next(n for n in reversed(graph_module.graph.nodes) if n.op == "output")
    values = output.args[0]
    return [v.meta.get("val") if isinstance(v, torch.fx.Node) else v for v in values]


class _Captured:
    """What stage 1 and the inner compiler produced for one graph."""

    def __init__(self) -> None:
        self.meta: Any = None
        self.graph_module: torch.fx.GraphModule | None = None
        self.fake_inputs: list[Any] = []
        self.params: list[Any] = []
        self.compiled: Callable[..., Any] | None = None
        self.fallback: Callable[..., Any] | None = None
        self.reason: str = ""


def _inductor_inference_compiler(dynamo_gm: torch.nn.Module, num_example_inputs: int) -> Callable[..., Any]:
    """Inductor's inference compiler, as compile_fx builds it for aot_autograd."""
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
            inner_compile=cfx.compile_fx_inner,
            is_inference=True,
        )

    return compiler


def _eager_compiler(gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
    from functorch.compile import make_boxed_func

    return make_boxed_func(gm.forward)


def _capture(gm: torch.nn.Module, example_inputs: Sequence[Any], inner: str, keep_input_mutations: bool | None = None) -> _Captured:
    """AOTAutograd's stages 1 and 2b for ``gm``; stage 2c is wrapc's."""
    from torch._dynamo import compiled_autograd
    from torch._functorch._aot_autograd import graph_compile
    from torch._functorch.aot_autograd import (
        aot_stage1_graph_capture,
        aot_stage2_compile,
        create_aot_state,
        prepare_aot_module_simplified,
    )
    from torch._functorch.partitioners import default_partition

    captured = _Captured()
    decompositions = None
    keep_mutations = False
    stack_contexts: list[Any] = []
    if inner == "inductor":
        from torch._inductor import compile_fx as cfx
        from torch._inductor.decomposition import select_decomp_table

        if isinstance(gm, torch.fx.GraphModule):
            gm = cfx.run_pre_grad_passes(gm, example_inputs)
        decompositions = select_decomp_table()
        keep_mutations = True if keep_input_mutations is None else keep_input_mutations
        compiler = _inductor_inference_compiler(gm, len(example_inputs))
        from torch._dispatch.python import enable_python_dispatcher

        stack_contexts = [enable_python_dispatcher()]
    else:
        keep_mutations = bool(keep_input_mutations)
        compiler = _eager_compiler
    with contextlib.ExitStack() as stack:
        for context in stack_contexts:
            stack.enter_context(context)
        (functional_call, params_flat, _, _, fake_args, descs, aot_config, fake_mode, shape_env, _, _) = (
            prepare_aot_module_simplified(
                gm, example_inputs, None, decompositions, keep_mutations, None, False, flatten=False
            )
        )
        stack.enter_context(compiled_autograd._disable())
        state = create_aot_state(stack, functional_call, fake_args, descs, aot_config, fake_mode, shape_env)
        capture = aot_stage1_graph_capture(state, functional_call)
        captured.params = list(params_flat)
        reason = ""
        if state.needs_autograd and not aot_config.pre_dispatch:
            reason = "the graph needs autograd (inputs require grad under grad mode)"
        elif capture.maybe_subclass_meta is not None:
            reason = "the graph takes or returns tensor subclasses"
        elif any(getattr(w, "needs_post_compile", False) for w in capture.wrappers):
            reason = "the graph's inputs are duplicated or alias each other (dedupe / synthetic-base wrappers)"
        else:
            try:
                _importer.check_supported(state.fw_metadata)
            except Unsupported as e:
                reason = str(e)
        if reason:
            captured.reason = reason
            captured.fallback, _ = aot_stage2_compile(state, capture, default_partition, compiler, compiler, compiler)
            return captured
        aot_config.inference_compiler = compiler
        captured.graph_module = capture.graph_module
        captured.fake_inputs = list(capture.updated_flat_args)
        captured.meta = state.fw_metadata
        captured.compiled = graph_compile._aot_stage2b_inference_compile(
            capture.graph_module, capture.updated_flat_args, None, state.fw_metadata, aot_config
        )
    return captured


def _native(captured: _Captured, prefix: Sequence[Any], *, single: bool = False) -> Callable[..., Any]:
    from . import _C

    ir, sig = _importer.emit(
        captured.meta,
        captured.fake_inputs,
        _fake_outputs(captured.graph_module),
        disable_amp=torch._C._is_any_autocast_enabled(),
    )
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
        kinds(sig.graph_outputs),
        sig.dynamic_dims,
        single,
    )
    return wrapper


def _fallback_warning(reason: str) -> None:
    warnings.warn(f"wrapc: falling back to PyTorch's runtime wrapper: {reason}", stacklevel=3)


def backend(gm: torch.fx.GraphModule, example_inputs: Sequence[Any], options: dict | None = None) -> Callable[..., Any]:
    """The Dynamo backend ``torch.compile(..., backend="wrapc")``.

    ``options={"inner": "inductor" | "eager"}`` picks the compiler of the
    graph's compute (Inductor by default; "eager" runs the functional
    graph as is, which compiles in milliseconds);
    ``"keep_input_mutations": bool`` whether data mutations of inputs stay
    in the graph (AOTAutograd's flag; Inductor's default is True, eager's
    False).
    """
    options = dict(options or {})
    inner = options.pop("inner", "inductor")
    keep = options.pop("keep_input_mutations", None)
    if options:
        raise ValueError(f"wrapc: unknown options {sorted(options)}")
    if inner not in INNER_COMPILERS:
        raise ValueError(f"wrapc: unknown inner compiler {inner!r} (one of {', '.join(INNER_COMPILERS)})")
    captured = _capture(gm, example_inputs, inner, keep)
    if captured.fallback is not None:
        _fallback_warning(captured.reason)
        fallback = captured.fallback
        params = captured.params

        def run_fallback(*args: Any) -> Any:
            return fallback([*params, *args])

        return run_fallback
    try:
        return _native(captured, captured.params)
    except (Unsupported, CompileError) as e:
        # A wrapper wrapc cannot build must not fail the user's program: a
        # CompileError is a wrapc bug, reported here and in the warning.
        _fallback_warning(str(e))
        return _capture_fallback(gm, example_inputs, inner)


def _capture_fallback(gm: torch.fx.GraphModule, example_inputs: Sequence[Any], inner: str) -> Callable[..., Any]:
    from torch._dynamo.backends.common import aot_autograd

    if inner == "inductor":
        from torch._inductor.compile_fx import compile_fx

        return compile_fx(gm, example_inputs)
    return aot_autograd(fw_compiler=_eager_compiler)(gm, example_inputs)


class _FunctionModule(torch.nn.Module):
    """A plain function as the module AOTAutograd's entry points take."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.fn = fn
        self.returns_sequence = True

    def forward(self, *args: Any) -> Any:
        out = self.fn(*args)
        # aot_module_simplified's graphs return tuples; the native callable
        # gives back what fn did.
        self.returns_sequence = isinstance(out, (tuple, list))
        return tuple(out) if self.returns_sequence else (out,)


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
    if inner not in INNER_COMPILERS:
        raise ValueError(f"wrapc: unknown inner compiler {inner!r} (one of {', '.join(INNER_COMPILERS)})")
    module = _FunctionModule(fn)
    captured = _capture(module, list(example_inputs), inner, keep_input_mutations)
    if captured.fallback is not None:
        raise Unsupported(captured.reason)
    return _native(captured, captured.params, single=not module.returns_sequence)


def export(fn: Callable[..., Any], *example_inputs: Any, path: str | None = None) -> str:
    """The wrap IR wrapc imports for ``fn`` (its first graph) called on
    ``example_inputs`` under the current grad mode, as text; also written
    to ``path`` when given. The graph's compute is left to the
    embedder (``@wrapc_torch_graph``), so the module is the runtime wrapper
    alone: feed it to ``wrapc-opt``, lit tests or a bug report."""
    modules: list[str] = []

    def recording_backend(gm: torch.fx.GraphModule, inputs: Sequence[Any]) -> Callable[..., Any]:
        captured = _capture(gm, inputs, "eager")
        if captured.fallback is not None:
            raise Unsupported(captured.reason)
        ir, _ = _importer.emit(captured.meta, captured.fake_inputs, _fake_outputs(captured.graph_module))
        modules.append(ir)
        return gm.forward

    torch._dynamo.reset()
    try:
        torch.compile(fn, backend=recording_backend, fullgraph=True)(*example_inputs)
    except torch._dynamo.exc.BackendCompilerFailed as e:
        if isinstance(e.inner_exception, Unsupported):
            raise e.inner_exception from None
        raise
    finally:
        torch._dynamo.reset()
    if not modules:
        raise Unsupported("Dynamo produced no graph for this function")
    if path is not None:
        with open(path, "w") as f:
            f.write(modules[0])
    return modules[0]


def _register() -> None:
    from torch._dynamo.backends.registry import _BACKENDS, register_backend

    if "wrapc" not in _BACKENDS:
        register_backend(name="wrapc")(backend)


_register()
