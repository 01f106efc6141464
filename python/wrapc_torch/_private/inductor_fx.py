"""Inductor's wrapper program as an FX graph (PyTorch 2.11's FX wrapper
backend), for wrapc to import as native code.

Every touch of ``torch._inductor``'s wrapper internals for the native path
is here (``test_private_api.py`` finds each in the sources and fails,
naming it, when the pinned PyTorch moves one). While
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
import functools
import os
from typing import Any, Callable, Iterator

import sympy
import torch

# The Inductor config this module sets while it captures (read by name:
# test_inductor_fx.py checks each flag exists; the names it imports or
# reads as attributes are checked by test_private_api.py).
CAPTURE_CONFIG = dict(
    fx_wrapper=True, fx_graph_cache=False, size_asserts=False, alignment_asserts=False, scalar_asserts=False,
    nan_asserts=False,
)


class NotImportable(Exception):
    """A wrapper line this converter does not translate: the graph's verdict
    is "refused, because <message>", and it is compiled again the usual way."""


@contextlib.contextmanager
def _pytorch_verdict(what: Callable[[], str] = lambda: "") -> Iterator[None]:
    """2.11's FX converter and its static launcher raise NotImplementedError
    for a line or a kernel they do not handle: a verdict on the graph, made
    here into this module's refusal (its message prefixed with ``what()``,
    asked only then). Raised by any code but PyTorch's, it is a defect, not
    a verdict, and propagates instead of becoming a silent fallback."""
    try:
        yield
    except NotImplementedError as e:
        if not _raised_by_torch(e):
            raise
        raise NotImportable(f"{what()}{str(e) or type(e).__name__}") from e


def _raised_by_torch(error: BaseException) -> bool:
    """Whether the innermost frame of ``error``'s traceback is PyTorch's."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    module = tb.tb_frame.f_globals.get("__name__", "") if tb is not None else ""
    return module == "torch" or module.startswith("torch.")


@dataclasses.dataclass
class CpuKernel:
    """An Inductor C++ kernel: ``extern "C" void kernel(...)`` in ``library``,
    with its parameters' C types (``float*``, ``const int64_t``, ...)."""

    name: str
    library: str
    arg_types: list[str]
    function: Any  # Inductor's Python binding (runs it when the FX graph itself runs)


@dataclasses.dataclass
class TritonKernel:
    """A Triton kernel compiled for one config, as its cubin launches it:
    ``params`` are the Triton types of the cubin's parameters in order
    (constexprs removed, as Inductor's static launcher removes them), then
    ``scratch`` null pointers (newer Triton appends them)."""

    name: str
    cubin: str
    num_warps: int
    shared: int
    params: list[str]
    scratch: int
    launcher: Any  # Inductor's StaticallyLaunchedCudaKernel (runs it when the FX graph itself runs)
    device: int


@dataclasses.dataclass
class Capture:
    """What one Inductor compile generated, or why it could not."""

    graph: torch.fx.GraphModule | None = None
    cpu_kernels: dict[str, CpuKernel] = dataclasses.field(default_factory=dict)
    triton_kernels: dict[str, TritonKernel] = dataclasses.field(default_factory=dict)
    refused: str = ""


_active: list[Capture] = []


def cpu_kernel(name: str, *args: Any) -> None:
    """The FX target of an Inductor C++ kernel launch: runs the kernel when
    the graph runs in Python; on fake tensors (FX's metadata pass) nothing."""
    if any(isinstance(a, torch._subclasses.fake_tensor.FakeTensor) for a in args):
        return None
    return _KERNELS[name](*args)


_KERNELS: dict[str, Any] = {}
_TRITON: dict[str, TritonKernel] = {}


def triton_launch(key: str, gx: Any, gy: Any, gz: Any, *args: Any) -> None:
    """The FX target of a Triton launch from its cubin: launches it on the
    current stream when the graph runs in Python; on fake tensors nothing."""
    if any(isinstance(a, torch._subclasses.fake_tensor.FakeTensor) for a in args):
        return None
    kernel = _TRITON[key]
    kernel.launcher.load_kernel(kernel.device)
    stream = torch.cuda.current_stream(kernel.device).cuda_stream
    kernel.launcher.run(int(gx), int(gy), int(gz), stream, *args)
    return None


def _converter_class() -> type:
    from torch._inductor.codecache import PyCodeCache
    from torch._inductor.codegen.wrapper import PythonWrapperCodegen
    from torch._inductor.codegen.wrapper_fxir import FxConverter, replace_floor_div

    class WrapcFxConverter(FxConverter):
        """2.11's converter, plus Inductor's C++ kernels."""

        cpu: dict[str, CpuKernel]
        triton: dict[str, TritonKernel]

        def _generate_graph_inputs(self) -> None:
            super()._generate_graph_inputs()
            # 2.11 names a size input's placeholder by its symbol: a graph
            # taking one symbol twice (Dynamo's size argument and a tensor
            # subclass's outer size after its inner tensors) got two
            # parameters of one name ("duplicate argument 's77'"). Each
            # keeps its position; the second gets its node's unique name.
            seen: set[str] = set()
            for node in self.gm.graph.find_nodes(op="placeholder"):
                if node.target in seen:
                    node.target = node.name
                seen.add(node.target)

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
                raise NotImportable(f"C++ kernel {line.kernel_name} has no shared object")
            self.cpu[line.kernel_name] = CpuKernel(line.kernel_name, library, [], function)
            _KERNELS[f"{library}:{line.kernel_name}"] = function
            return None

        def _tuned(self, tuner: Any, call_args: Any) -> Any:
            """The compile result Inductor's autotuner picks for a kernel
            with several configs, benchmarked now on zero-filled tensors of
            the graph's sizes (size hints where symbolic), as 2.11's FX
            backend tunes under ``triton.autotune_at_compile_time``; its
            converter would take config 0 instead. wrapc's own first-call
            tuning on real inputs needs one image per config in a slot
            (not yet)."""
            from torch._inductor.virtualized import V

            name = tuner.fn.__name__

            def hint(value: Any) -> int:
                if isinstance(value, torch.SymInt):
                    value = value.node.expr
                try:
                    return int(V.graph.sizevars.size_hint(value))
                except Exception as e:  # noqa: BLE001 - unbacked: no hint to tune with
                    raise NotImportable(f"Triton kernel {name} has several configs and sizes with no hint") from e

            def tuning_arg(arg: Any) -> Any:
                if not isinstance(arg, torch.fx.Node):
                    return hint(arg)
                fake = arg.meta["val"]
                return torch.empty_strided(
                    [hint(d) for d in fake.shape], [hint(d) for d in fake.stride()], dtype=fake.dtype, device=fake.device
                ).zero_()

            values = [tuning_arg(a) for a in call_args]
            device = values[0].device if values and isinstance(values[0], torch.Tensor) else torch.device("cuda")
            tuner.run(*values, stream=torch.cuda.current_stream(device).cuda_stream)
            if len(tuner.launchers) != 1:
                raise NotImportable(f"Triton kernel {name}: autotuning left {len(tuner.launchers)} launchers")
            chosen = tuner.launchers[0].config
            for result in tuner.compile_results:
                if result.config is chosen or str(result.config) == str(chosen):
                    return result
            raise NotImportable(f"Triton kernel {name}: the tuned config {chosen} has no compile result")

        def _symbol_node(self, name: str) -> Any:
            """The FX node of size symbol `name` (a kernel's size argument
            the Python wrapper spells by name, e.g. ``s17``)."""
            for expr, proxy in self.expr_to_proxy.items():
                if isinstance(expr, sympy.Symbol) and expr.name == name:
                    return proxy.node
            return None

        def _generate_triton_call(self, line: Any) -> None:
            """A launch of the kernel's one compiled config from its cubin,
            with the parameters the cubin takes (as Inductor's static
            launcher passes them) and the grid as FX size nodes."""
            tuner = self.kernels[line.kernel_name].tuner
            name = tuner.fn.__name__
            results = tuner.compile_results
            result = results[0] if len(results) == 1 else self._tuned(tuner, self._lookup_args(line.call_args))
            launcher = getattr(result, "kernel", None)
            if type(launcher).__name__ == "CompiledKernel":
                launcher = _static_launcher(launcher, tuner.triton_meta.get("device", 0) or 0)
            if type(launcher).__name__ != "StaticallyLaunchedCudaKernel":
                raise NotImportable(f"Triton kernel {name} cannot be launched from its cubin ({type(launcher).__name__})")
            if tuner.inductor_meta.get("extra_launcher_args"):
                raise NotImportable(f"Triton kernel {name} takes extra launcher arguments")
            cfg = result.config
            signature = tuner.triton_meta["signature"]
            constants = tuner.triton_meta["constants"]
            call_args = self._lookup_args(line.call_args)
            # As FxConverter: the call's arguments in signature order, the
            # constants from the kernel's metadata.
            named = {k: v for k, v in zip(signature, call_args) if k not in constants and k not in cfg.kwargs}
            named |= constants
            full = tuple(named[k] for k in signature if k not in cfg.kwargs)
            args, grid = tuner._interpret_args_grid(full, cfg)
            values = dict(zip(signature, args)) | dict(cfg.kwargs)
            params, types = [], []
            for i, (key, ty) in enumerate(signature.items()):
                if ty == "constexpr" or key in constants or key in cfg.kwargs or i in launcher.full_constexprs:
                    continue
                value = values[key]
                if isinstance(value, sympy.Expr) or (isinstance(value, int) and not isinstance(value, bool)):
                    value = self._generate_sym_node(value)
                params.append(value)
                types.append(ty)
            if not launcher.cubin_path:
                result.reload_cubin_path()
            device = tuner.triton_meta.get("device", 0) or 0
            kernel = TritonKernel(
                name=launcher.name,
                cubin=str(launcher.cubin_path),
                num_warps=int(launcher.num_warps),
                shared=int(launcher.shared),
                params=types,
                scratch=int(bool(launcher.has_global_scratch)) + int(bool(launcher.has_profile_scratch)),
                launcher=launcher,
                device=int(device),
            )
            key = f"{kernel.cubin}:{kernel.name}"
            self.triton[key] = kernel
            _TRITON[key] = kernel
            grid_nodes = [
                self._generate_sym_node(replace_floor_div(g) if isinstance(g, sympy.Expr) else g) for g in grid
            ]
            self.gm.graph.call_function(triton_launch, args=(key, *grid_nodes, *params))
            return None

        def _generate_device_copy(self, line: Any) -> None:
            """``dst.copy_(src)`` across devices (a 0-d host input moved to
            the GPU: ``prims.device_put``), which 2.11 writes as a raw line
            of Python: torch's ``copy_``, an extern call."""
            nodes = [self.buffer_to_node.get(name) for name in (line.dst, line.src)]
            if any(n is None for n in nodes):
                raise NotImportable(f"a device copy {line.dst}.copy_({line.src}) of buffers not defined here")
            non_blocking = line.non_blocking in (True, "True")
            self.gm.graph.call_function(torch.ops.aten.copy_.default, args=(*nodes, non_blocking))
            return None

        def _generate_kernel_call(self, line: Any) -> None:
            if line.triton:
                return self._generate_triton_call(line)
            kernel = self.cpu.get(line.kernel_name)
            if kernel is None:
                raise NotImportable(f"a call of kernel {line.kernel_name}, which was not defined here")
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
                    raise NotImportable(f"C++ kernel argument {arg!r} of {line.kernel_name}")
            kernel.arg_types = list(line.arg_types or [])
            if len(kernel.arg_types) != len(args):
                raise NotImportable(f"C++ kernel {line.kernel_name}: {len(args)} arguments, types {kernel.arg_types}")
            self.gm.graph.call_function(cpu_kernel, args=(f"{kernel.library}:{line.kernel_name}", *args))
            return None

    return WrapcFxConverter


def _static_launcher(kernel: Any, device: int) -> Any:
    """The static launcher Inductor gave up on for a kernel whose cubin it
    looked for under the kernel's full name: Triton's cache names the file
    after the first 150 characters of it (a long fused kernel, as
    transformers' attention prologues are), so 2.11 finds no cubin and falls
    back to Triton's own launcher. The file of the kernel's hash directory
    whose bytes are the kernel's cubin is that cubin; read, never written."""
    from torch._inductor.runtime.cache_dir_utils import triton_cache_dir
    from torch._inductor.runtime.runtime_utils import triton_hash_to_path_key
    from torch._inductor.runtime.static_triton_launcher import statically_launched_kernel_by_device

    cubin = getattr(kernel, "asm", {}).get("cubin")
    directory = os.path.join(triton_cache_dir(device), triton_hash_to_path_key(kernel.hash))
    if not cubin or not os.path.isdir(directory):
        return kernel
    for entry in sorted(os.listdir(directory)):
        path = os.path.join(directory, entry)
        if entry.endswith(".cubin") and os.path.isfile(path) and os.path.getsize(path) == len(cubin):
            with open(path, "rb") as f:
                if f.read() != cubin:
                    continue
            kernel._cubin_path = path
            with _pytorch_verdict(lambda: f"Triton kernel {kernel.src.fn.__name__}: "):
                return statically_launched_kernel_by_device(kernel, "cuda")
    return kernel


@functools.cache
def _device_copy_line_class() -> type:
    """A wrapper IR line for ``dst.copy_(src, non_blocking)``, which 2.11's
    Python wrapper writes as a string its FX converter refuses."""
    from torch._inductor.codegen.wrapper import WrapperLine

    class DeviceCopyLine(WrapperLine):
        def __init__(self, wrapper: Any, src: str, dst: str, non_blocking: Any) -> None:
            self.wrapper, self.src, self.dst, self.non_blocking = wrapper, src, dst, non_blocking

        def codegen(self, code: Any) -> None:
            code.writeline(f"{self.dst}.copy_({self.src}, {self.non_blocking})")

        @staticmethod
        def codegen_fx(converter: Any) -> Any:
            return converter._generate_device_copy

    return DeviceCopyLine


def _codegen_class() -> type:
    from torch._inductor.codegen.wrapper_fxir import FileBackedGraphModule, WrapperFxCodegen

    converter = _converter_class()

    class WrapcFxCodegen(WrapperFxCodegen):
        """Inductor's FX wrapper codegen, recording its graph for wrapc."""

        def codegen_device_copy(self, src: str, dst: str, non_blocking: Any) -> None:
            self.writeline(_device_copy_line_class()(self, src, dst, non_blocking))

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
            fx.triton = capture.triton_kernels
            try:
                with _pytorch_verdict():
                    gm = fx.generate()
            except NotImportable as e:
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
    try:
        with config.patch(CAPTURE_CONFIG):
            yield capture
    finally:
        _active.pop()
        common.device_codegens[device] = previous
