"""Inductor's wrapper program (its FX wrapper graph) -> level-3 wrap IR.

The FX graph :mod:`._private.inductor_fx` captures is Inductor's ``call()``:
allocations, reinterpreted views, kernel launches and extern kernels, in
Inductor's order. Each node becomes one wrap operation in a ``func.func``
that the runtime wrapper calls, in the same module, so that the whole call
compiles to one native function:

=============================================  ===================================
FX target                                      wrap IR
=============================================  ===================================
``torch.empty_strided(size, stride, ...)``     ``wrap.empty_strided`` (torch's allocator at run time)
``torch.as_strided(base, size, stride, off)``  ``wrap.reinterpret``
an Inductor C++ kernel (``cpu_kernel``)        ``wrap.kernel {library}`` + ``wrap.launch``
an ``OpOverload`` (extern kernel)              ``wrap.extern_call`` (torch's dispatcher)
``operator.getitem`` of a multi-output op      the op's result
last use of a buffer (FX frees implicitly)     ``wrap.free``
=============================================  ===================================

Anything else raises :class:`Unsupported` naming the construct; the
caller then keeps Inductor's own Python wrapper for that graph. Only this
module's input, an FX graph, is read: the private Inductor API it came from
is :mod:`._private.inductor_fx`'s.
"""

from __future__ import annotations

import json
import operator
import os
from dataclasses import dataclass, field
from typing import Any, Sequence

import torch

from ._errors import Unsupported
from ._importer import tensor_type
from ._private import OpOverload

NATIVE_GRAPH_SYMBOL = "wrapc_torch_native_graph"


class NotImported(Unsupported):
    """The wrapper program uses something the import does not cover (the
    graph keeps Inductor's Python wrapper)."""

# c10::ScalarType's values (an operator's dtype argument is one, as an int).
_SCALAR_TYPES = {
    torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3, torch.int64: 4, torch.float16: 5,
    torch.float32: 6, torch.float64: 7, torch.complex64: 9, torch.complex128: 10, torch.bool: 11,
    torch.bfloat16: 15,
}
_MEMORY_FORMATS = {torch.contiguous_format: 0, torch.preserve_format: 1, torch.channels_last: 2}
# Size arithmetic the FX converter emits, as arith ops on `index` (operator.neg
# and operator.mod are spelled out in _Translator.arith).
_INDEX_OPS = {
    operator.add: "addi", operator.sub: "subi", operator.mul: "muli", operator.floordiv: "floordivsi",
    torch.sym_sum: "addi", torch.sym_max: "maxsi", torch.sym_min: "minsi", operator.neg: "subi",
    operator.mod: "remsi",
}
# Triton scalar parameter types -> wrap types, as the static launcher packs
# them (fp16 and bf16 travel in a 32-bit float slot, i1 in an int32).
_TRITON_SCALARS = {
    "i1": "i32", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "u1": "i32", "u8": "i8", "u16": "i16",
    "u32": "i32", "u64": "i64", "fp16": "f32", "bf16": "f32", "fp32": "f32", "f32": "f32", "fp64": "f64",
}
# The C parameter types of Inductor's C++ kernels wrapc passes (integers as
# int64_t; tensors by data pointer, whatever the element type).
_CPU_SCALARS = ("const int64_t", "int64_t", "const long", "long")


@dataclass
class NativeGraph:
    """The imported wrapper program: module-level kernel declarations and
    the graph function the runtime wrapper calls."""

    symbol: str
    kernels: list[str]
    function: str
    # Per FX node kind, how many were imported (a test's and a bench's view).
    counts: dict[str, int] = field(default_factory=dict)
    # Directories of the Triton kernels' cubins (the compiler embeds them:
    # `wrapc compile --target=cuda --allow-file-dir`); empty: a host graph.
    cubin_dirs: list[str] = field(default_factory=list)
    # The launch plan of a graph of static Triton launches only (see
    # bench/torch/launch_floor.c), else None.
    launch_plan: str | None = None


def _fits(static: str, wanted: str) -> bool:
    """Whether a value of tensor type ``static`` may be passed as ``wanted``:
    the same type, or one whose dimensions ``wanted`` leaves dynamic."""
    if static == wanted:
        return True
    inner = lambda t: t.removeprefix("!wrap.tensor<").removesuffix(">").split(", ")  # noqa: E731
    (s_shape, *s_rest), (w_shape, *w_rest) = inner(static), inner(wanted)
    s_dims, w_dims = s_shape.split("x"), w_shape.split("x")
    return (
        s_rest == w_rest
        and len(s_dims) == len(w_dims)
        and s_dims[-1] == w_dims[-1]
        and all(w in ("?", s) for s, w in zip(s_dims[:-1], w_dims[:-1]))
    )


def _element(ty: str) -> str:
    return ty.removeprefix("!wrap.tensor<").removesuffix(">").split(", ")[0].split("x")[-1]


def _constant(value: Any, what: str) -> str:
    """A schema argument's constant as the spec's ``c:<json>``."""
    if isinstance(value, torch.dtype):
        if value not in _SCALAR_TYPES:
            raise Unsupported(f"{what} is dtype {value}")
        return f"c:{_SCALAR_TYPES[value]}"
    if isinstance(value, torch.memory_format):
        if value not in _MEMORY_FORMATS:
            raise Unsupported(f"{what} is memory format {value}")
        return f"c:{_MEMORY_FORMATS[value]}"
    if isinstance(value, torch.layout):
        if value != torch.strided:
            raise Unsupported(f"{what} is layout {value}")
        return "c:0"
    if isinstance(value, torch.device):
        value = str(value)
    if isinstance(value, str) and ('"' in value or ";" in value):
        raise Unsupported(f"{what} is the string {value!r}")
    if isinstance(value, (list, tuple)):
        if not all(isinstance(v, (bool, int, float)) for v in value):
            raise Unsupported(f"{what} is a list of {sorted({type(v).__name__ for v in value})}")
    elif not isinstance(value, (bool, int, float, str)):
        raise Unsupported(f"{what} is a {type(value).__name__}")
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        raise Unsupported(f"{what} is {value}")
    return "c:" + json.dumps(list(value) if isinstance(value, tuple) else value, separators=(",", ":"))


class _Translator:
    def __init__(self, capture: Any, in_types: Sequence[str], out_types: Sequence[str], symbol: str) -> None:
        self.capture = capture
        self.in_types = list(in_types)
        self.out_types = list(out_types)
        self.symbol = symbol
        self.lines: list[str] = []
        self.kernels: dict[tuple[str, ...], str] = {}
        self.kernel_lines: list[str] = []
        self.values: dict[torch.fx.Node, Any] = {}  # node -> SSA name, or tuple of them
        self.types: dict[str, str] = {}  # SSA name -> type
        self.owned: list[str] = []  # values this function must free (or return)
        self.last_use: dict[str, int] = {}
        self.defined: dict[str, int] = {}  # SSA name -> the line that defines it
        self.counts: dict[str, int] = {}
        self.constants: dict[int, str] = {}  # integer -> its `index` constant
        self.pending: list[str] = []  # used by the line being built
        self.cubin_dirs: set[str] = set()  # where the Triton kernels' images are
        # The graph's launches as bench/torch/launch_floor.c replays them
        # (None once anything is not a static Triton launch).
        self.plan: list[str] | None = []
        self.plan_kernels: dict[tuple[str, ...], int] = {}
        self.next = 0

    def fresh(self, ty: str) -> str:
        name = f"%v{self.next}"
        self.next += 1
        self.types[name] = ty
        self.defined[name] = len(self.lines)
        return name

    def use(self, name: str) -> str:
        """Marks `name` as used by the next line appended."""
        self.pending.append(name)
        return name

    def append(self, line: str) -> None:
        for name in self.pending:
            self.last_use[name] = len(self.lines)
        self.pending.clear()
        self.lines.append(line)

    def define(self, line: str) -> None:
        """A line that makes an integer for the line being built (a
        constant, a cast): the tensors that line uses stay pending, so that
        no free lands between them and their use."""
        self.lines.append(line)

    def count(self, kind: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def index(self, arg: Any, what: str) -> str:
        """An integer as an `index` value: a constant, or a symbolic size."""
        if isinstance(arg, bool):
            raise Unsupported(f"{what} is a bool")
        if isinstance(arg, int):
            if arg not in self.constants:
                name = self.fresh("index")
                self.define(f"{name} = arith.constant {arg} : index")
                self.constants[arg] = name
            return self.constants[arg]
        if isinstance(arg, torch.fx.Node) and self.types.get(self.values.get(arg, ""), "") == "index":
            return self.use(self.values[arg])
        raise Unsupported(f"{what} is not an integer the wrapper knows ({arg!r})")

    def dims(self, values: Any, what: str) -> str:
        """A size or stride list as wrap's mixed static/dynamic list."""
        if not isinstance(values, (list, tuple)):
            raise Unsupported(f"{what} is not a list")
        out = []
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool):
                out.append(str(v))
            else:
                out.append(self.index(v, what))
        return "[" + ", ".join(out) + "]"

    def offset(self, value: Any, what: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return self.index(value, what)

    def tensor(self, arg: Any, what: str) -> str:
        if not isinstance(arg, torch.fx.Node) or arg not in self.values or not isinstance(self.values[arg], str):
            raise Unsupported(f"{what} is not a tensor the wrapper made ({arg!r})")
        return self.values[arg]

    def run(self) -> NativeGraph:
        graph = self.capture.graph.graph
        placeholders = [n for n in graph.nodes if n.op == "placeholder"]
        if len(placeholders) != len(self.in_types):
            raise Unsupported(f"the wrapper takes {len(placeholders)} inputs, the graph {len(self.in_types)}")
        params = []
        for k, node in enumerate(placeholders):
            val = node.meta.get("val")
            if self.in_types[k] == "index" and not isinstance(val, torch.Tensor):
                # A tensor subclass's symbolic outer size, which the subclass
                # wrapper passes as an index value.
                name = f"%a{k}"
                params.append(f"{name}: index")
                self.types[name] = "index"
                self.values[node] = name
                continue
            if self.in_types[k] == "i64" and not isinstance(val, torch.Tensor):
                # A symbolic size the caller passes; sizes are index values here.
                name = f"%a{k}"
                params.append(f"{name}: i64")
                self.types[name] = "i64"
                cast = self.fresh("index")
                self.append(f"{cast} = arith.index_cast {name} : i64 to index")
                self.values[node] = cast
                continue
            if not isinstance(val, torch.Tensor):
                raise Unsupported(f"wrapper input {node.name} is a {type(val).__name__}")
            ty = tensor_type(val, f"wrapper input {node.name}")
            if not _fits(ty, self.in_types[k]):
                raise Unsupported(f"wrapper input {node.name} is {ty}, the runtime wrapper passes {self.in_types[k]}")
            # The runtime wrapper's type (dynamic where the function changes
            # the input's metadata: the graph sees it before that happens).
            ty = self.in_types[k]
            name = f"%a{k}"
            self.values[node] = name
            self.types[name] = ty
            params.append(f"{name}: {ty}")
        returned: list[str] = []
        for node in graph.nodes:
            if node.op == "placeholder":
                continue
            if node.op == "output":
                returned = self.output(node)
            elif node.op == "call_function":
                self.call(node)
            else:
                raise Unsupported(f"wrapper node {node.name} is a {node.op} ({node.target})")
        self.insert_frees(set(returned))
        ret_types = [self.types[r] for r in returned]
        results = ret_types[0] if len(ret_types) == 1 else f"({', '.join(ret_types)})"
        body = "\n".join(f"  {line}" for line in self.lines)
        ret = f"  func.return {', '.join(returned)} : {', '.join(ret_types)}" if returned else "  func.return"
        function = f"func.func private @{self.symbol}({', '.join(params)}) -> {results} {{\n{body}\n{ret}\n}}"
        plan = "\n".join(self.plan) + "\n" if self.plan and self.counts.get("triton_kernel") else None
        return NativeGraph(self.symbol, self.kernel_lines, function, self.counts, sorted(self.cubin_dirs), plan)

    def output(self, node: torch.fx.Node) -> list[str]:
        values = node.args[0]
        if not isinstance(values, (list, tuple)):
            values = [values]
        if len(values) != len(self.out_types):
            raise Unsupported(f"the wrapper returns {len(values)} values, the graph {len(self.out_types)}")
        names = []
        for j, v in enumerate(values):
            if self.out_types[j] in ("index", "i64") and not isinstance(getattr(v, "meta", {}).get("val"), torch.Tensor):
                # A symbolic size the graph returns (a tensor subclass
                # result's outer size, after its inner tensors).
                name = self.index(v, f"wrapper output #{j}")
                if self.out_types[j] == "i64":
                    cast = self.fresh("i64")
                    self.append(f"{cast} = arith.index_cast {name} : index to i64")
                    name = self.use(cast)
                names.append(name)
                continue
            name = self.use(self.tensor(v, f"wrapper output #{j}"))
            have, want = self.types[name], self.out_types[j]
            if have != want and _fits(have, want):
                # The graph returns an input whose metadata the function
                # changes (typed dynamic): the same view, retyped.
                val = v.meta.get("val")

                def geometry(values: Any, query: str) -> str:
                    out = []
                    for d, x in enumerate(values):
                        if isinstance(x, int):
                            out.append(str(x))
                        else:
                            q = self.fresh("index")
                            self.define(f"{q} = wrap.tensor.{query} {name}, {d} : {have}")
                            out.append(q)
                    return "[" + ", ".join(out) + "]"

                sizes, strides = geometry(val.shape, "size"), geometry(val.stride(), "stride")
                offset = val.storage_offset()
                if not isinstance(offset, int):
                    q = self.fresh("index")
                    self.define(f"{q} = wrap.tensor.offset {name} : {have}")
                    offset = q
                cast = self.fresh(want)
                self.use(name)
                self.append(f"{cast} = wrap.reinterpret {name} {sizes} {strides} {offset} : {have} -> {want}")
                self.owned.append(cast)
                name = self.use(cast)
            elif have != want:
                hint = ""
                if _element(have) != _element(want):
                    hint = ": a view that changes the dtype, which Inductor's FX wrapper (2.11) reinterprets without it"
                raise Unsupported(f"wrapper output #{j} is {have}, the runtime wrapper takes {want}{hint}")
            names.append(name)
        return names

    def call(self, node: torch.fx.Node) -> None:
        from ._private import inductor_fx as _inductor_fx

        target = node.target
        if target is torch.empty_strided:
            self.empty_strided(node)
        elif target is torch.as_strided:
            self.as_strided(node)
        elif target is _inductor_fx.cpu_kernel:
            self.cpu_launch(node)
        elif target is _inductor_fx.triton_launch:
            self.triton_launch(node)
        elif target is operator.getitem:
            parts, index = node.args
            value = self.values.get(parts)
            if not isinstance(value, tuple) or not isinstance(index, int) or not 0 <= index < len(value):
                raise Unsupported(f"{node.name} indexes something that is not a multi-output kernel's results")
            self.values[node] = value[index]
        elif target in (torch.ops.aten.sym_size.int, torch.ops.aten.sym_stride.int):
            source, dim = node.args
            t = self.use(self.tensor(source, f"{node.name}'s tensor"))
            query = "size" if target is torch.ops.aten.sym_size.int else "stride"
            name = self.fresh("index")
            self.append(f"{name} = wrap.tensor.{query} {t}, {int(dim)} : {self.types[t]}")
            self.values[node] = name
        elif target in _INDEX_OPS:
            self.arith(node)
        elif isinstance(target, OpOverload):
            self.extern(node)
        else:
            raise Unsupported(f"wrapper node {node.name} calls {getattr(target, '__name__', target)}")

    def arith(self, node: torch.fx.Node) -> None:
        """Size arithmetic (Inductor's sympy, interpreted as operator.* and
        torch.sym_* calls) on `index` values, with Python's semantics for
        // and % (floor; sizes are never negative, strides may be)."""
        target = node.target
        if target is torch.sym_sum:
            (terms,) = node.args
            operands = [self.index(a, f"a term of {node.name}") for a in terms]
        else:
            operands = [self.index(a, f"an operand of {node.name}") for a in node.args]
        if not operands:
            raise Unsupported(f"{node.name} has no operands")
        name = operands[0]
        if target is operator.neg:
            zero = self.index(0, node.name)
            name = self.fresh("index")
            self.append(f"{name} = arith.subi {zero}, {operands[0]} : index")
        elif target is operator.mod:
            # Python's %: the remainder takes the divisor's sign.
            a, b = operands
            rem, shifted, result = self.fresh("index"), self.fresh("index"), self.fresh("index")
            self.append(f"{rem} = arith.remsi {a}, {b} : index")
            self.append(f"{shifted} = arith.addi {rem}, {b} : index")
            self.append(f"{result} = arith.remsi {shifted}, {b} : index")
            name = result
        else:
            op = _INDEX_OPS[target]
            for other in operands[1:]:
                step = self.fresh("index")
                self.append(f"{step} = arith.{op} {name}, {other} : index")
                name = step
        self.values[node] = name
        self.count("size_arith")

    def result_type(self, node: torch.fx.Node) -> str:
        val = node.meta.get("val")
        if not isinstance(val, torch.Tensor):
            raise Unsupported(f"{node.name} makes a {type(val).__name__}")
        return tensor_type(val, node.name)

    def empty_strided(self, node: torch.fx.Node) -> None:
        size, stride = node.args[:2]
        size, stride = self.dims(size, f"{node.name}'s size"), self.dims(stride, f"{node.name}'s stride")
        ty = self.result_type(node)
        name = self.fresh(ty)
        # Inductor allocates on the graph's device (cuda:1 on a second GPU).
        val = node.meta.get("val")
        index = val.device.index if isinstance(val, torch.Tensor) and val.device.type == "cuda" else None
        where = f" {{device_index = {index}}}" if index else ""
        self.append(f"{name} = wrap.empty_strided {size} {stride}{where} : {ty}")
        self.values[node] = name
        self.owned.append(name)
        self.count("empty_strided")

    def as_strided(self, node: torch.fx.Node) -> None:
        base, size, stride = node.args[:3]
        offset = node.args[3] if len(node.args) > 3 else node.kwargs.get("storage_offset", 0)
        size, stride = self.dims(size, f"{node.name}'s size"), self.dims(stride, f"{node.name}'s stride")
        offset = self.offset(offset if offset is not None else 0, f"{node.name}'s offset")
        source = self.use(self.tensor(base, f"{node.name}'s base"))
        self.check_within(node, base)
        if base.op == "placeholder":
            # Inductor lays an input out from its data pointer (offset 0 in
            # its layout); its Python wrapper's reinterpret_tensor adds the
            # offset to the input's own. 2.11's FxConverter writes the same
            # number as torch.as_strided's absolute offset, which is wrong
            # for an input that starts inside its storage: added here.
            own = self.fresh("index")
            self.define(f"{own} = wrap.tensor.offset {source} : {self.types[source]}")
            total = self.fresh("index")
            step = self.index(int(offset), "an offset") if offset.lstrip("-").isdigit() else offset
            self.define(f"{total} = arith.addi {own}, {step} : index")
            offset = total
        ty = self.result_type(node)
        name = self.fresh(ty)
        self.append(f"{name} = wrap.reinterpret {source} {size} {stride} {offset} : {self.types[source]} -> {ty}")
        self.values[node] = name
        self.owned.append(name)
        self.count("reinterpret")

    def check_within(self, node: torch.fx.Node, base: torch.fx.Node) -> None:
        """A view past the end of a buffer Inductor allocated is refused:
        Inductor's Python wrapper makes it unchecked (a value the runtime
        wrapper then regenerates from the input, never read), the runtime's
        views are bounds-checked."""
        if base.target is not torch.empty_strided:
            return
        view, buffer = node.meta.get("val"), base.meta.get("val")
        dims = [*view.shape, *view.stride(), view.storage_offset(), *buffer.shape, *buffer.stride()]
        if not all(isinstance(d, int) for d in dims):
            return
        if any(d == 0 for d in view.shape):
            return
        reach = view.storage_offset() + sum((d - 1) * st for d, st in zip(view.shape, view.stride())) + 1
        room = 1 + sum((d - 1) * st for d, st in zip(buffer.shape, buffer.stride())) if all(buffer.shape) else 0
        if reach > room:
            raise Unsupported(
                f"{node.name} views {reach} elements of {base.name}, which holds {room}: Inductor reinterprets past "
                "a buffer's end"
            )

    def cpu_launch(self, node: torch.fx.Node) -> None:
        key, *args = node.args
        kernel = next((k for k in self.capture.cpu_kernels.values() if key == f"{k.library}:{k.name}"), None)
        if kernel is None:
            raise Unsupported(f"{node.name} launches a C++ kernel that was not captured")
        operands, types = [], []
        for arg, ctype in zip(args, kernel.arg_types):
            if ctype.rstrip().endswith("*"):
                name = self.use(self.tensor(arg, f"an argument of kernel {kernel.name}"))
                operands.append(name)
                types.append(self.types[name])
            else:
                if ctype.strip() not in _CPU_SCALARS:
                    raise Unsupported(f"kernel {kernel.name} takes a scalar of C type {ctype}")
                operands.append(self.index(arg, f"an argument of kernel {kernel.name}"))
                types.append("index")
        signature = (kernel.library, kernel.name, *types)
        symbol = self.kernels.get(signature)
        if symbol is None:
            symbol = f"cpp_{len(self.kernels)}_{kernel.name}"
            self.kernels[signature] = symbol
            self.kernel_lines.append(
                f"wrap.kernel @{symbol} : ({', '.join(types)}) -> () entry \"kernel\" configs [] "
                f"{{library = {json.dumps(kernel.library)}}}"
            )
        self.append(f"wrap.launch @{symbol} args({', '.join(operands)}) : {', '.join(types)}")
        self.count("cpp_kernel")
        self.plan = None

    def scalar(self, arg: Any, ty: str, what: str) -> str:
        """A kernel's scalar argument as an SSA value of wrap type `ty`."""
        if ty in ("f32", "f64"):
            if isinstance(arg, bool) or not isinstance(arg, (int, float)):
                raise Unsupported(f"{what} is {arg!r}, not a number known at compile time")
            name = self.fresh(ty)
            self.define(f"{name} = arith.constant {float(arg)!r} : {ty}")
            return name
        value = self.index(arg, what)
        name = self.fresh(ty)
        self.define(f"{name} = arith.index_cast {value} : index to {ty}")
        return name

    def triton_launch(self, node: torch.fx.Node) -> None:
        key, gx, gy, gz, *args = node.args
        kernel = self.capture.triton_kernels.get(key)
        if kernel is None:
            raise Unsupported(f"{node.name} launches a Triton kernel that was not captured")
        if len(args) != len(kernel.params):
            raise Unsupported(f"Triton kernel {kernel.name}: {len(args)} arguments for {len(kernel.params)} parameters")
        grid = [self.index(g, f"the grid of {kernel.name}") for g in (gx, gy, gz)]
        operands, types = [], []
        for k, (arg, param) in enumerate(zip(args, kernel.params)):
            what = f"argument #{k} of Triton kernel {kernel.name}"
            if param.startswith("*"):
                name = self.use(self.tensor(arg, what))
                if ", cuda>" not in self.types[name]:
                    raise Unsupported(f"{what} is a host tensor")
                operands.append(name)
                types.append(self.types[name])
                continue
            ty = _TRITON_SCALARS.get(param)
            if ty is None:
                raise Unsupported(f"{what} has Triton type {param}")
            operands.append(self.use(self.scalar(arg, ty, what)))
            types.append(ty)
        for _ in range(kernel.scratch):
            # A scratch pointer the kernel never reads: null, as Inductor's
            # static launcher passes it.
            operands.append(self.use(self.scalar(0, "i64", "a scratch pointer")))
            types.append("i64")
        signature = ("triton", kernel.cubin, kernel.name, *types)
        symbol = self.kernels.get(signature)
        if symbol is None:
            symbol = f"triton_{len(self.kernels)}_{kernel.name}"
            self.kernels[signature] = symbol
            config = f'#wrap.config<"c0", block = [1], num_warps = {kernel.num_warps}, num_stages = 1, shared = {kernel.shared}>'
            self.kernel_lines.append(
                f"wrap.kernel @{symbol} : ({', '.join(types)}) -> () entry {json.dumps(kernel.name)} configs [{config}] "
                f"{{cubin_file = {json.dumps(kernel.cubin)}}}"
            )
            self.cubin_dirs.add(os.path.dirname(kernel.cubin))
        for g in grid:
            self.use(g)
        self.append(f"wrap.launch @{symbol} grid({', '.join(grid)}) args({', '.join(operands)}) : {', '.join(types)}")
        self.count("triton_kernel")
        self.record_launch(kernel, signature, (gx, gy, gz), args)

    def record_launch(self, kernel: Any, signature: tuple[str, ...], grid: Any, args: Sequence[Any]) -> None:
        if self.plan is None:
            return
        cells = []
        for arg, param in zip(args, kernel.params):
            if param.startswith("*"):
                val = arg.meta.get("val") if isinstance(arg, torch.fx.Node) else None
                if not isinstance(val, torch.Tensor) or not all(isinstance(d, int) for d in [*val.shape, *val.stride()]):
                    self.plan = None
                    return
                extent = 1 + sum((d - 1) * st for d, st in zip(val.shape, val.stride()) if d > 0)
                cells.append(f"p {(extent + val.storage_offset()) * val.element_size()}")
            elif isinstance(arg, (int, float)) and not isinstance(arg, bool):
                letter = {"i32": "i", "i64": "l", "f32": "f", "f64": "d", "i8": "i", "i16": "i"}[_TRITON_SCALARS[param]]
                cells.append(f"{letter} {arg}")
            else:
                self.plan = None
                return
        cells += ["l 0"] * kernel.scratch
        if not all(isinstance(g, int) for g in grid):
            self.plan = None
            return
        if signature not in self.plan_kernels:
            self.plan_kernels[signature] = len(self.plan_kernels)
            self.plan.append(f"kernel {kernel.cubin} {kernel.name} {kernel.num_warps} {kernel.shared}")
        index = self.plan_kernels[signature]
        self.plan.append(f"launch {index} {grid[0]} {grid[1]} {grid[2]} {len(cells)} {' '.join(cells)}")

    def extern(self, node: torch.fx.Node) -> None:
        op: OpOverload = node.target  # type: ignore[assignment]
        schema = op._schema
        name = schema.name + (f".{schema.overload_name}" if schema.overload_name else "")
        operands: list[str] = []
        spec: list[str] = []

        def value(arg: Any, what: str) -> str:
            if isinstance(arg, torch.fx.Node) and self.types.get(self.values.get(arg, ""), "") == "index":
                operands.append(self.index(arg, what))
                return f"s{len(operands) - 1}"
            if isinstance(arg, torch.fx.Node):
                ssa = self.use(self.tensor(arg, what))
                operands.append(ssa)
                return f"t{len(operands) - 1}"
            if arg is None:
                return "n"
            if isinstance(arg, (list, tuple)) and any(isinstance(a, torch.fx.Node) for a in arg):
                raise Unsupported(f"{what} is a list of tensors")
            return _constant(arg, what)

        by_name = {a.name: a for a in schema.arguments}
        if len(node.args) > len(schema.arguments):
            raise Unsupported(f"{name} called with {len(node.args)} arguments")
        for arg, formal in zip(node.args, schema.arguments):
            spec.append(value(arg, f"{name}'s {formal.name}"))
        for key, arg in node.kwargs.items():
            if key not in by_name:
                raise Unsupported(f"{name} has no argument {key}")
            spec.append(f"{key}={value(arg, f'{name}s {key}')}")
        # Returns that alias an argument (out=, an in-place op) are that
        # argument's value; the others are new tensors the call makes.
        passed = dict(zip([a.name for a in schema.arguments], node.args))
        passed.update(node.kwargs)
        results: list[Any] = []
        new_types: list[str] = []
        val = node.meta.get("val")
        vals = list(val) if isinstance(val, (list, tuple)) else [val]
        for k, ret in enumerate(schema.returns):
            alias = ret.alias_info
            if alias is not None and alias.is_write:
                source = next(
                    (passed.get(a.name) for a in schema.arguments if a.alias_info is not None and a.alias_info.before_set == alias.before_set),
                    None,
                )
                results.append(self.tensor(source, f"{name}'s written argument") if source is not None else None)
                continue
            if not isinstance(ret.type, torch.TensorType) or k >= len(vals) or not isinstance(vals[k], torch.Tensor):
                raise Unsupported(f"{name} returns {ret.type}")
            new_types.append(tensor_type(vals[k], f"{name}'s result #{k}"))
            results.append(len(new_types) - 1)
        names = [self.fresh(t) for t in new_types]
        lhs = ""
        if len(names) == 1:
            lhs = f"{names[0]} = "
        elif names:
            base = names[0][1:]
            lhs = f"%{base}_r:{len(names)} = "
            for k, n in enumerate(names):
                alias_name = f"%{base}_r#{k}"
                self.types[alias_name] = self.types.pop(n)
                self.defined[alias_name] = self.defined.pop(n)
                names[k] = alias_name
        operand_types = ", ".join(self.types[o] for o in operands)
        result_types = ", ".join(new_types)
        self.append(
            f"{lhs}wrap.extern_call {json.dumps(name)} {json.dumps(';'.join(spec))} ({', '.join(operands)})"
            f" : ({operand_types}) -> ({result_types})"
        )
        self.owned.extend(names)
        mapped = [names[r] if isinstance(r, int) else r for r in results]
        if len(mapped) == 1:
            self.values[node] = mapped[0]
        elif mapped:
            self.values[node] = tuple(mapped)
        self.count("extern_call")
        self.plan = None  # the floor program calls no torch operators

    def insert_frees(self, returned: set[str]) -> None:
        """``wrap.free`` after each owned value's last use (FX frees by last
        use; Inductor's ``del buf`` lines are gone by then)."""
        after: dict[int, list[str]] = {}
        for name in self.owned:
            if name in returned:
                continue
            defined = self.defined[name]
            at = max(self.last_use.get(name, defined), defined)
            after.setdefault(at, []).append(name)
        lines = []
        for i, line in enumerate(self.lines):
            lines.append(line)
            for name in after.get(i, []):
                lines.append(f"wrap.free {name} : {self.types[name]}")
        self.lines = lines


def translate(capture: Any, in_types: Sequence[str], out_types: Sequence[str],
              symbol: str = NATIVE_GRAPH_SYMBOL) -> NativeGraph:
    """The captured wrapper program as wrap IR taking ``in_types`` and
    returning ``out_types`` (the runtime wrapper's graph signature)."""
    if capture.graph is None:
        raise NotImported(capture.refused or "Inductor generated no FX wrapper")
    try:
        return _Translator(capture, in_types, out_types, symbol).run()
    except NotImported:
        raise
    except Unsupported as e:
        raise NotImported(str(e)) from None
