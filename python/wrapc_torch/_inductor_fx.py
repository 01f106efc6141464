"""Inductor's wrapper program as an FX graph (PyTorch 2.11's FX wrapper
backend), for wrapc to import as native code.

Every touch of ``torch._inductor``'s wrapper internals for the native path
is here (``PRIVATE_SYMBOLS`` names them; ``test_inductor_fx.py`` fails,
naming the symbol, when the pinned PyTorch moves one). While
:func:`capturing` is active, Inductor generates its wrapper with
:class:`WrapcFxCodegen` (the FX entry of ``device_codegens``, as
``register_backend_for_device`` sets it, with ``config.fx_wrapper``): the wrapper
IR lines become an FX graph whose targets are ``torch.empty_strided``,
``torch.as_strided``, extern kernels' ``OpOverload``s and, for Inductor's
C++ kernels, :func:`cpu_kernel` (2.11's converter accepts only Triton
kernels; this one takes C++ kernels too, as the exported ``kernel``
function of the shared object Inductor built). A graph the converter
cannot express is recorded as refused, with the reason, and never run:
the caller compiles it again the usual way.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
from typing import Any, Iterator

import sympy
import torch

# (module, attribute) of every private name this module uses.
PRIVATE_SYMBOLS = (
    ("torch._inductor.codegen.wrapper_fxir", "WrapperFxCodegen"),
    ("torch._inductor.codegen.wrapper_fxir", "FxConverter"),
    ("torch._inductor.codegen.wrapper_fxir", "FileBackedGraphModule"),
    ("torch._inductor.codegen.wrapper", "PythonWrapperCodegen"),
    ("torch._inductor.codegen.common", "DeviceCodegen"),
    ("torch._inductor.codegen.common", "init_backend_registration"),
    ("torch._inductor.codegen.common", "device_codegens"),
    ("torch._inductor.codecache", "PyCodeCache"),
    ("torch._inductor.config", "fx_wrapper"),
    ("torch._inductor.config", "size_asserts"),
    ("torch._inductor.config", "alignment_asserts"),
    ("torch._inductor.config", "scalar_asserts"),
    ("torch._inductor.config", "nan_asserts"),
)


def missing_private_symbols() -> list[str]:
    """The names of PRIVATE_SYMBOLS the installed torch lacks."""
    missing = []
    for module, name in PRIVATE_SYMBOLS:
        try:
            if not hasattr(importlib.import_module(module), name):
                missing.append(f"{module}.{name}")
        except ImportError:
            missing.append(module)
    return missing


@dataclasses.dataclass
class CpuKernel:
    """An Inductor C++ kernel: ``extern "C" void kernel(...)`` in ``library``,
    with its parameters' C types (``float*``, ``const int64_t``, ...)."""

    name: str
    library: str
    arg_types: list[str]
    function: Any  # Inductor's Python binding (runs it when the FX graph itself runs)


@dataclasses.dataclass
class Capture:
    """What one Inductor compile generated, or why it could not."""

    graph: torch.fx.GraphModule | None = None
    cpu_kernels: dict[str, CpuKernel] = dataclasses.field(default_factory=dict)
    refused: str = ""


_active: list[Capture] = []


def cpu_kernel(name: str, *args: Any) -> None:
    """The FX target of an Inductor C++ kernel launch: runs the kernel when
    the graph runs in Python; on fake tensors (FX's metadata pass) nothing."""
    if any(isinstance(a, torch._subclasses.fake_tensor.FakeTensor) for a in args):
        return None
    return _KERNELS[name](*args)


_KERNELS: dict[str, Any] = {}


def _converter_class() -> type:
    from torch._inductor.codecache import PyCodeCache
    from torch._inductor.codegen.wrapper import PythonWrapperCodegen
    from torch._inductor.codegen.wrapper_fxir import FxConverter

    class WrapcFxConverter(FxConverter):
        """2.11's converter, plus Inductor's C++ kernels."""

        cpu: dict[str, CpuKernel]

        def _generate_kernel_definition(self, line: Any) -> None:
            if line.gpu:
                return super()._generate_kernel_definition(line)
            code = PythonWrapperCodegen._format_kernel_definition(
                line.kernel_name, line.kernel_body, metadata=line.metadata
            )
            module = PyCodeCache.load("\n".join([self.prologue, code]))
            function = getattr(module, line.kernel_name)
            if hasattr(function, "result"):  # a future of the async compile
                function = function.result()
            library = getattr(getattr(function, "__self__", None), "__file__", None)
            if not isinstance(library, str):
                raise NotImplementedError(f"C++ kernel {line.kernel_name} has no shared object")
            self.cpu[line.kernel_name] = CpuKernel(line.kernel_name, library, [], function)
            _KERNELS[f"{library}:{line.kernel_name}"] = function
            return None

        def _symbol_node(self, name: str) -> Any:
            """The FX node of size symbol `name` (a kernel's size argument
            the Python wrapper spells by name, e.g. ``s17``)."""
            for expr, proxy in self.expr_to_proxy.items():
                if isinstance(expr, sympy.Symbol) and expr.name == name:
                    return proxy.node
            return None

        def _generate_kernel_call(self, line: Any) -> None:
            if line.triton:
                return super()._generate_kernel_call(line)
            kernel = self.cpu.get(line.kernel_name)
            if kernel is None:
                raise NotImplementedError(f"a call of kernel {line.kernel_name}, which was not defined here")
            args = []
            for arg in line.call_args:
                if isinstance(arg, str) and arg in self.buffer_to_node:
                    args.append(self.buffer_to_node[arg])
                elif isinstance(arg, int) and not isinstance(arg, bool):
                    args.append(arg)
                elif isinstance(arg, str) and (symbol := self._symbol_node(arg)) is not None:
                    args.append(symbol)
                elif isinstance(arg, sympy.Expr):
                    args.append(self._generate_sym_node(arg))
                else:
                    raise NotImplementedError(f"C++ kernel argument {arg!r} of {line.kernel_name}")
            kernel.arg_types = list(line.arg_types or [])
            if len(kernel.arg_types) != len(args):
                raise NotImplementedError(f"C++ kernel {line.kernel_name}: {len(args)} arguments, types {kernel.arg_types}")
            self.gm.graph.call_function(cpu_kernel, args=(f"{kernel.library}:{line.kernel_name}", *args))
            return None

    return WrapcFxConverter


def _codegen_class() -> type:
    from torch._inductor.codegen.wrapper_fxir import FileBackedGraphModule, WrapperFxCodegen

    converter = _converter_class()

    class WrapcFxCodegen(WrapperFxCodegen):
        """Inductor's FX wrapper codegen, recording its graph for wrapc."""

        def _generate(self, is_inference: bool) -> Any:
            capture = _active[-1] if _active else Capture()
            self.run_wrapper_ir_passes(is_inference)
            prologue = "\n".join([self.imports.getvalue(), self.header.getvalue()])
            fx = converter(
                lines=self.lines,
                prologue=prologue,
                graph_inputs=self.get_fx_graph_inputs(),
                graph_outputs=self.get_graph_outputs(),
                subgms=self.subgms,
                is_subgraph=self.is_subgraph,
            )
            fx.cpu = capture.cpu_kernels
            try:
                gm = fx.generate()
            except NotImplementedError as e:
                capture.refused = " ".join(str(e).split()) or type(e).__name__
                gm = _refused_module(capture.refused)
                return FileBackedGraphModule(gm, gm.forward), None
            if self.subgms:
                capture.refused = "the wrapper has subgraphs (control flow)"
            capture.graph = gm
            return FileBackedGraphModule(gm, self.compile_graph(gm)), None

    return WrapcFxCodegen


def with_fx_wrapper(inner_compile: Any) -> Any:
    """``compile_fx_inner`` that generates the FX wrapper while
    :func:`capturing` is active: the flag travels as its ``fx_wrapper``
    argument (``compile_fx`` passes ``config.fx_wrapper`` on that way)."""

    def compile_inner(*args: Any, **kwargs: Any) -> Any:
        if _active:
            kwargs["fx_wrapper"] = True
        return inner_compile(*args, **kwargs)

    return compile_inner


def _refuse(reason: str) -> None:
    raise RuntimeError(f"wrapc: this graph's FX wrapper was refused ({reason}) and must not run")


def _refused_module(reason: str) -> torch.fx.GraphModule:
    """What Inductor gets back for a refused wrapper: a module that raises
    if anything runs it (nothing does: the graph is compiled again)."""
    graph = torch.fx.Graph()
    graph.call_function(_refuse, (reason,))
    graph.output(None)
    return torch.fx.GraphModule({}, graph)


@contextlib.contextmanager
def capturing(device: str = "cpu") -> Iterator[Capture]:
    """Inductor compiles made inside generate their wrapper as an FX graph
    for ``device``, recorded in the yielded :class:`Capture`."""
    from torch._inductor import config
    from torch._inductor.codegen import common

    common.init_backend_registration()
    previous = common.device_codegens[device]
    # As register_backend_for_device(..., device_fx_wrapper_codegen=...),
    # leaving the device's custom passes and config as they are.
    common.device_codegens[device] = common.DeviceCodegen(
        previous.scheduling, previous.wrapper_codegen, previous.cpp_wrapper_codegen, _codegen_class()
    )
    capture = Capture()
    _active.append(capture)
    patches = dict(fx_wrapper=True, fx_graph_cache=False, size_asserts=False, alignment_asserts=False, scalar_asserts=False, nan_asserts=False)
    try:
        with config.patch(patches):
            yield capture
    finally:
        _active.pop()
        common.device_codegens[device] = previous
