"""Random PyTorch programs for the differential oracle (oracle.py).

A program is a seeded, small list of ops over its inputs and the values it
makes: in-place data ops (add_, mul_, copy_, ...), metadata mutations (t_,
transpose_, unsqueeze_, squeeze_, as_strided_, resize_), set_ under
no_grad, out-of-place ops, views (slices, select, view/reshape, t, expand,
dtype views of the same element size, ...), no_grad / enable_grad regions
and torch.set_grad_enabled changes, and a return of some of the values
(inputs, views of them, intermediates, views of those, the same value
twice). ``Program.fn`` interprets the op list (``run_ops``); ``source()``
renders the same program as Python source, for bug reports.

Its inputs come from a small factory (``make_inputs``, also rendered as
source): tensors of 1-4 dimensions of sizes 1-5, float32 mostly, some
float64 and int64, contiguous or not, leaves that require grad and
non-leaves made as ``leaf * 1`` (so in-place ops on them are legal), two
views of one base, overlapping slices, one tensor passed twice, tensors
over one storage without a ``_base``.

Half the programs are "Dynamo-friendly": no metadata mutation, resize_ or
set_ of the arguments themselves (Dynamo refuses in-place views of graph
inputs under fullgraph=True), so that the torch.compile path runs too.

Every program is legal in eager: ``generate(seed)`` executes each candidate
op as it goes (rejecting those eager refuses) and finally runs the whole
program eagerly twice, with a backward pass when inputs require grad; when
that raises or the two runs differ, it regenerates from the next sub-seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

import torch

# ---------------------------------------------------------------------------
# The interpreter. Ops are tuples of constants (Dynamo traces run_ops):
#   ("call", out | None, target, method, args)  out = target.method(*args)
#   ("index", out, target, items)                out = target[items]
#   ("no_grad", ops) / ("enable_grad", ops)      a with-block
#   ("set_grad", bool)                           torch.set_grad_enabled(bool)
# An argument is ("v", name) (a value) or ("c", constant); an index item is
# ("s", start, stop, step), ("i", k) or ("all",).
# ---------------------------------------------------------------------------


def _arg(env: dict, a: tuple) -> Any:
    return env[a[1]] if a[0] == "v" else a[1]


def _item(i: tuple) -> Any:
    if i[0] == "s":
        return slice(i[1], i[2], i[3])
    if i[0] == "i":
        return i[1]
    return slice(None, None, None)


def run_ops(ops: tuple, env: dict) -> None:
    for op in ops:
        kind = op[0]
        if kind == "call":
            result = getattr(env[op[2]], op[3])(*[_arg(env, a) for a in op[4]])
            if op[1] is not None:
                env[op[1]] = result
        elif kind == "index":
            env[op[1]] = env[op[2]][tuple(_item(i) for i in op[3])]
        elif kind == "no_grad":
            with torch.no_grad():
                run_ops(op[1], env)
        elif kind == "enable_grad":
            with torch.enable_grad():
                run_ops(op[1], env)
        elif kind == "set_grad":
            torch.set_grad_enabled(op[1])
        else:
            raise ValueError(f"unknown op {op!r}")


def _render_arg(a: tuple) -> str:
    if a[0] == "v":
        return a[1]
    return repr(a[1])


def _render_item(i: tuple) -> str:
    if i[0] == "i":
        return str(i[1])
    if i[0] == "all":
        return ":"
    start = "" if i[1] is None else str(i[1])
    stop = "" if i[2] is None else str(i[2])
    return f"{start}:{stop}" + ("" if i[3] in (None, 1) else f":{i[3]}")


def render_ops(ops: tuple, indent: str = "    ") -> list[str]:
    lines = []
    for op in ops:
        kind = op[0]
        if kind == "call":
            call = f"{op[2]}.{op[3]}({', '.join(_render_arg(a) for a in op[4])})"
            lines.append(indent + (f"{op[1]} = {call}" if op[1] is not None else call))
        elif kind == "index":
            lines.append(indent + f"{op[1]} = {op[2]}[{', '.join(_render_item(i) for i in op[3])}]")
        elif kind in ("no_grad", "enable_grad"):
            lines.append(indent + f"with torch.{kind}():")
            lines.extend(render_ops(op[1], indent + "    "))
        elif kind == "set_grad":
            lines.append(indent + f"torch.set_grad_enabled({op[1]})")
    return lines


# ---------------------------------------------------------------------------
# Inputs. The factory is a list of statements, rendered as Python and run
# with exec:
#   ("randn", name, shape, dtype, requires_grad)
#   ("expr", name, text)     size-independent expression over earlier names
# ``grow`` (the dynamic-shape variant) adds one to every size >= 2.
# ---------------------------------------------------------------------------


def _shape_text(shape: tuple[int, ...], grow: bool) -> str:
    sizes = [s + 1 if grow and s >= 2 else s for s in shape]
    return "(" + ", ".join(map(str, sizes)) + ("," if len(sizes) == 1 else "") + ")"


def render_inputs(stmts: list[tuple], args: list[str], leaves: list[str], seed: int, grow: bool = False) -> str:
    lines = ["def make_inputs():", f"    g = torch.Generator().manual_seed({seed})"]
    for st in stmts:
        if st[0] == "randn":
            _, name, shape, dtype, rg = st
            shape_text = _shape_text(shape, grow)
            if dtype.is_floating_point:
                make = f"torch.randn({shape_text}, generator=g, dtype={dtype})"
            else:
                make = f"torch.randint(-5, 6, {shape_text}, generator=g, dtype={dtype})"
            lines.append(f"    {name} = {make}" + (".requires_grad_()" if rg else ""))
        else:
            lines.append(f"    {st[1]} = {st[2]}")
    lines.append(f"    return [{', '.join(args)}], [{', '.join(leaves)}]")
    return "\n".join(lines) + "\n"


def _exec_factory(text: str) -> Callable[[], tuple[list[Any], list[Any]]]:
    namespace: dict[str, Any] = {"torch": torch}
    exec(compile(text, "<make_inputs>", "exec"), namespace)
    return namespace["make_inputs"]


# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------


@dataclass
class Program:
    seed: int
    attempt: int
    input_stmts: list[tuple]
    args: list[str]
    leaves: list[str]
    ops: tuple
    outputs: tuple[str, ...]
    single: bool  # returns one tensor, not a tuple
    grad: bool  # called under torch.enable_grad() (else torch.no_grad())
    keep: bool  # keep_inference_input_mutations of the direct path
    dynamic: bool | None  # torch.compile's dynamic=
    grow: bool  # a third call on inputs with other sizes (the dynamic variant)
    # no metadata mutation or set_ of the arguments themselves (Dynamo
    # refuses in-place views of graph inputs): the Dynamo path runs
    dynamo_friendly: bool = False
    _factories: dict = field(default_factory=dict, repr=False)

    # -- running -----------------------------------------------------------

    def inputs_source(self, grow: bool = False) -> str:
        return render_inputs(self.input_stmts, self.args, self.leaves, self.seed, grow)

    def make_inputs(self, grow: bool = False) -> tuple[list[Any], list[Any]]:
        """Fresh inputs and the leaves that require grad behind them."""
        if grow not in self._factories:
            self._factories[grow] = _exec_factory(self.inputs_source(grow))
        return self._factories[grow]()

    def make_fn(self) -> Callable[..., Any]:
        """A new function object interpreting the program."""
        ops, names, outputs, single = self.ops, tuple(self.args), self.outputs, self.single

        def fn(*args: Any) -> Any:
            env = dict(zip(names, args))
            run_ops(ops, env)
            if single:
                return env[outputs[0]]
            return tuple(env[o] for o in outputs)

        return fn

    @property
    def fn(self) -> Callable[..., Any]:
        return self.make_fn()

    def context(self) -> Any:
        return torch.enable_grad() if self.grad else torch.no_grad()

    # -- rendering ---------------------------------------------------------

    def fn_source(self) -> str:
        lines = [f"def fn({', '.join(self.args)}):"]
        lines.extend(render_ops(self.ops))
        if self.single:
            lines.append(f"    return {self.outputs[0]}")
        else:
            lines.append(f"    return ({', '.join(self.outputs)}{',' if len(self.outputs) == 1 else ''})")
        return "\n".join(lines) + "\n"

    def source(self) -> str:
        """The program as runnable Python: its inputs, its function and how
        the oracle runs it."""
        settings = (
            f"# seed {self.seed} (attempt {self.attempt}): called under "
            f"torch.{'enable_grad' if self.grad else 'no_grad'}(); direct path keep_input_mutations={self.keep}; "
            f"torch.compile dynamic={self.dynamic}{'; third call on grown inputs' if self.grow else ''}"
            f"{'; Dynamo-friendly' if self.dynamo_friendly else ''}"
        )
        parts = ["import torch", "", settings, "", self.inputs_source()]
        if self.grow:
            parts += [self.inputs_source(True).replace("def make_inputs(", "def make_grown_inputs("), ""]
        parts += ["", self.fn_source()]
        return "\n".join(parts)


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

SAME_WIDTH = {
    torch.float32: torch.int32,
    torch.int32: torch.float32,
    torch.float64: torch.int64,
    torch.int64: torch.float64,
}


def _shape(rng: random.Random, rank: int | None = None) -> tuple[int, ...]:
    if rank is None:
        rank = rng.choices([1, 2, 3, 4], weights=[3, 4, 2, 1])[0]
    return tuple(rng.randint(1, 5) for _ in range(rank))


def _dtype(rng: random.Random) -> torch.dtype:
    return rng.choices([torch.float32, torch.float64, torch.int64], weights=[8, 1, 1])[0]


class _InputBuilder:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.stmts: list[tuple] = []
        self.args: list[str] = []
        self.leaves: list[str] = []
        self.hidden = 0

    def _name(self, prefix: str) -> str:
        self.hidden += 1
        return f"{prefix}{self.hidden}"

    def tensor(self, shape: tuple[int, ...], dtype: torch.dtype, grad: str) -> str:
        """A fresh tensor: grad is "none", "leaf" (requires grad) or
        "nonleaf" (a leaf that requires grad times 1)."""
        if not dtype.is_floating_point:
            grad = "none"
        if grad == "nonleaf":
            leaf = self._name("l")
            self.stmts.append(("randn", leaf, shape, dtype, True))
            self.leaves.append(leaf)
            name = self._name("t")
            self.stmts.append(("expr", name, f"{leaf} * 1"))
            return name
        name = self._name("l" if grad == "leaf" else "t")
        self.stmts.append(("randn", name, shape, dtype, grad == "leaf"))
        if grad == "leaf":
            self.leaves.append(name)
        return name

    def expr(self, text: str) -> str:
        name = self._name("t")
        self.stmts.append(("expr", name, text))
        return name

    def arg(self, name: str) -> None:
        self.args.append(name)

    def grad_kind(self) -> str:
        return self.rng.choices(["none", "leaf", "nonleaf"], weights=[7, 1, 2])[0]

    def layout(self, shape: tuple[int, ...], dtype: torch.dtype, grad: str) -> str:
        """A tensor of ``shape`` in some layout: contiguous, transposed, at
        an offset, strided."""
        rng = self.rng
        kind = rng.choices(["contiguous", "transposed", "offset", "strided", "expanded"], weights=[12, 3, 2, 2, 1])[0]
        if kind == "transposed" and len(shape) >= 2:
            base = self.tensor(shape[::-1], dtype, grad)
            return self.expr(f"{base}.permute({', '.join(str(d) for d in reversed(range(len(shape))))})")
        if kind == "offset":
            base = self.tensor((shape[0] + 1, *shape[1:]), dtype, grad)
            return self.expr(f"{base}[1:]")
        if kind == "strided":
            base = self.tensor((shape[0] * 2, *shape[1:]), dtype, grad)
            return self.expr(f"{base}[::2]")
        if kind == "expanded" and shape[0] > 1:
            base = self.tensor((1, *shape[1:]), dtype, grad)
            return self.expr(f"{base}.expand({', '.join(map(str, shape))})")
        return self.tensor(shape, dtype, grad)

    def build(self) -> None:
        rng = self.rng
        n = rng.choices([1, 2, 3, 4], weights=[3, 4, 2, 1])[0]
        while len(self.args) < n:
            setup = rng.choices(
                ["plain", "two_views", "overlapping", "base_and_view", "twice", "shared_storage", "rows"],
                weights=[10, 2, 2, 2, 1, 1, 1],
            )[0]
            dtype = _dtype(rng)
            grad = self.grad_kind()
            if setup == "plain":
                self.arg(self.layout(_shape(rng), dtype, grad))
            elif setup == "two_views":
                # disjoint slices of one 1-d base (the base not passed)
                m = rng.randint(2, 5)
                base = self.tensor((m + rng.randint(1, 4),), dtype, grad)
                self.arg(self.expr(f"{base}[:{m}]"))
                self.arg(self.expr(f"{base}[{m}:]"))
            elif setup == "overlapping":
                size = rng.randint(3, 6)
                base = self.tensor((size,), dtype, grad)
                i = rng.randint(1, size - 1)
                j = rng.randint(0, i - 1)
                self.arg(self.expr(f"{base}[:{i + 1}]"))
                self.arg(self.expr(f"{base}[{j}:]"))
            elif setup == "base_and_view":
                rows, cols = rng.randint(1, 4), rng.randint(2, 4)
                if grad == "leaf":
                    grad = "nonleaf"
                base = self.tensor((rows * cols,), dtype, grad)
                view = rng.choice([f"{base}.view({rows}, {cols})", f"{base}[1:]", f"{base}[::2]"])
                pair = [base, self.expr(view)]
                if rng.random() < 0.5:
                    pair.reverse()
                for p in pair:
                    self.arg(p)
            elif setup == "twice":
                x = self.layout(_shape(rng), dtype, grad)
                self.arg(x)
                self.arg(x)
            elif setup == "shared_storage":
                # tensors over one storage without a _base (set_)
                size = rng.randint(3, 6)
                s = self.tensor((size,), dtype, "none")
                for _ in range(2):
                    off = rng.randint(0, size - 2)
                    length = rng.randint(1, size - off)
                    self.arg(self.expr(
                        f"torch.empty(0, dtype={dtype}).set_({s}.untyped_storage(), {off}, ({length},), (1,))"
                    ))
            elif setup == "rows":
                # a row and a column of one 2-d base
                r, c = rng.randint(2, 4), rng.randint(2, 4)
                if grad == "leaf":
                    grad = "nonleaf"
                base = self.tensor((r, c), dtype, grad)
                self.arg(self.expr(f"{base}[{rng.randrange(r)}]"))
                self.arg(self.expr(f"{base}[:, {rng.randrange(c)}]"))


def _factorizations(n: int) -> list[tuple[int, int]]:
    return [(p, n // p) for p in range(2, n) if n % p == 0]


class _Generator:
    """Builds a program op by op, running each candidate eagerly on fresh
    inputs (the whole prefix again, so a rejected op leaves no trace)."""

    def __init__(self, rng: random.Random, program: Program):
        self.rng = rng
        self.p = program
        self.ops: list[tuple] = []
        self.counter = 0
        self.env: dict[str, torch.Tensor] = {}
        self.env = self._replay(tuple(self.ops))

    def _replay(self, ops: tuple) -> dict:
        args, _ = self.p.make_inputs()
        env = dict(zip(self.p.args, args))
        grad = torch.is_grad_enabled()
        try:
            with self.p.context():
                run_ops(ops, env)
        finally:
            torch.set_grad_enabled(grad)
        return env

    def try_add(self, op: tuple) -> bool:
        try:
            env = self._replay(tuple(self.ops) + (op,))
        except Exception:
            return False
        self.ops.append(op)
        self.env = env
        return True

    def fresh(self) -> str:
        self.counter += 1
        return f"v{self.counter}"

    # -- choices ---------------------------------------------------------

    def pick(self, prefer_inputs: float = 0.6) -> str:
        names = list(self.env)
        inputs = [n for n in names if n in self.p.args or self._aliases_input(n)]
        if inputs and self.rng.random() < prefer_inputs:
            return self.rng.choice(inputs)
        return self.rng.choice(names)

    def _aliases_input(self, name: str) -> bool:
        t = self.env[name]
        ptr = t.untyped_storage().data_ptr()
        return any(self.env[a].untyped_storage().data_ptr() == ptr for a in self.p.args)

    def scalar(self, t: torch.Tensor) -> Any:
        if t.dtype.is_floating_point:
            return self.rng.choice([0.5, 2.0, -1.5, 3.0, 1.25])
        return self.rng.choice([2, -1, 3, 1])

    def operand(self, t: torch.Tensor, inplace: bool) -> tuple:
        """A scalar or a value that broadcasts to t (into t, in place)."""
        if self.rng.random() < 0.4:
            return ("c", self.scalar(t))
        fits = []
        for name, other in self.env.items():
            try:
                shape = torch.broadcast_shapes(other.shape, t.shape)
            except RuntimeError:
                continue
            if inplace and tuple(shape) != tuple(t.shape):
                continue
            if not t.dtype.is_floating_point and other.dtype.is_floating_point and inplace:
                continue
            fits.append(name)
        if not fits:
            return ("c", self.scalar(t))
        return ("v", self.rng.choice(fits))

    # -- op kinds ----------------------------------------------------------

    def op_inplace(self) -> tuple:
        name = self.pick()
        t = self.env[name]
        method = self.rng.choices(["add_", "mul_", "sub_", "copy_", "zero_", "fill_"], weights=[4, 4, 1, 2, 1, 1])[0]
        if method == "zero_":
            return ("call", None, name, "zero_", ())
        if method == "fill_":
            return ("call", None, name, "fill_", (("c", self.scalar(t)),))
        if method == "copy_":
            other = self.operand(t, inplace=True)
            if other[0] == "c":
                return ("call", None, name, "fill_", (other,))
            return ("call", None, name, "copy_", (other,))
        return ("call", None, name, method, (self.operand(t, inplace=True),))

    def op_metadata(self) -> tuple | None:
        name = self.pick(prefer_inputs=0.75)
        if self.p.dynamo_friendly and name in self.p.args:
            return None
        t = self.env[name]
        rng = self.rng
        kind = rng.choices(["t_", "transpose_", "unsqueeze_", "squeeze_", "as_strided_", "resize_"],
                           weights=[3, 3, 2, 2, 3, 1])[0]
        if kind == "t_" and t.dim() <= 2:
            return ("call", None, name, "t_", ())
        if kind in ("transpose_", "t_") and t.dim() >= 2:
            d0, d1 = rng.sample(range(t.dim()), 2)
            return ("call", None, name, "transpose_", (("c", d0), ("c", d1)))
        if kind == "unsqueeze_" and t.dim() < 4:
            return ("call", None, name, "unsqueeze_", (("c", rng.randint(-t.dim() - 1, t.dim())),))
        if kind == "squeeze_" and t.dim() >= 1:
            ones = [d for d in range(t.dim()) if t.shape[d] == 1]
            if ones and rng.random() < 0.8:
                return ("call", None, name, "squeeze_", (("c", rng.choice(ones)),))
            return ("call", None, name, "squeeze_", (("c", rng.randrange(t.dim())),))
        if kind == "as_strided_":
            return ("call", None, name, "as_strided_", self._strided_geometry(t))
        if kind == "resize_" and not self.p.dynamo_friendly:
            return self._resize()
        return None

    def _strided_geometry(self, t: torch.Tensor) -> tuple:
        """A size, stride and offset within t's storage."""
        rng = self.rng
        limit = t.untyped_storage().nbytes() // t.element_size()
        for _ in range(20):
            rank = rng.randint(1, 3)
            size = tuple(rng.randint(1, 3) for _ in range(rank))
            stride = tuple(rng.randint(0 if rng.random() < 0.1 else 1, 4) for _ in range(rank))
            extent = sum((s - 1) * st for s, st in zip(size, stride))
            if extent >= limit:
                continue
            offset = rng.randint(0, limit - 1 - extent)
            return (("c", size), ("c", stride), ("c", offset))
        return (("c", (1,)), ("c", (1,)), ("c", 0))

    def _resize(self) -> tuple | None:
        # Only growing a contiguous input that shares its storage with no
        # other input and owns it whole; then filled (the new memory is
        # uninitialized).
        candidates = []
        for a in self.p.args:
            t = self.env[a]
            if not t.is_contiguous() or t._base is not None or t.requires_grad or t.storage_offset() != 0:
                continue
            if sum(1 for b in self.p.args if self.env[b].untyped_storage().data_ptr() == t.untyped_storage().data_ptr()) > 1:
                continue
            candidates.append(a)
        if not candidates:
            return None
        name = self.rng.choice(candidates)
        t = self.env[name]
        size = (t.numel() + self.rng.randint(1, 4),)
        # one statement pair: resize_ then fill_, as a block of two ops
        return ("resize", name, size, self.scalar(t))

    def op_set(self) -> tuple | None:
        if self.p.dynamo_friendly:
            return None
        name = self.rng.choice(self.p.args)
        t = self.env[name]
        others = [a for a in self.p.args if a != name and self.env[a].dtype == t.dtype]
        if not others:
            return None
        return ("no_grad", (("call", None, name, "set_", (("v", self.rng.choice(others)),)),))

    def op_compute(self) -> tuple:
        name = self.pick(prefer_inputs=0.5)
        t = self.env[name]
        rng = self.rng
        out = self.fresh()
        kind = rng.choices(["add", "mul", "sub", "sin", "neg", "relu", "sum", "clone", "contiguous", "to"],
                           weights=[3, 3, 1, 2, 1, 1, 2, 2, 1, 1])[0]
        if kind in ("add", "mul", "sub"):
            return ("call", out, name, kind, (self.operand(t, inplace=False),))
        if kind == "sum":
            if t.dim() and rng.random() < 0.7:
                return ("call", out, name, "sum", (("c", rng.randrange(t.dim())),))
            return ("call", out, name, "sum", ())
        if kind == "to":
            dtype = rng.choice([torch.float32, torch.float64, torch.int64])
            return ("call", out, name, "to", (("c", dtype),))
        return ("call", out, name, kind, ())

    def op_view(self) -> tuple | None:
        name = self.pick(prefer_inputs=0.5)
        t = self.env[name]
        rng = self.rng
        out = self.fresh()
        kind = rng.choices(
            ["slice", "select", "view", "reshape", "t", "transpose", "unsqueeze", "squeeze", "expand", "dtype",
             "diagonal", "detach", "permute", "narrow", "as_strided", "flatten"],
            weights=[4, 2, 3, 1, 2, 1, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1],
        )[0]
        if t.dim() == 0 and kind not in ("view", "unsqueeze", "expand", "dtype", "detach", "as_strided"):
            kind = "unsqueeze"
        if kind == "slice":
            d = rng.randrange(t.dim())
            size = t.shape[d]
            start = rng.randint(0, max(size - 1, 0))
            stop = rng.randint(start + 1, max(size, start + 1))
            step = rng.choice([1, 1, 1, 2])
            items = tuple([("all",)] * d + [("s", start or None, None if stop == size else stop, step)])
            return ("index", out, name, items)
        if kind == "select":
            d = rng.randrange(t.dim())
            if d == 0 and rng.random() < 0.7:
                return ("index", out, name, (("i", rng.randrange(t.shape[0]) if t.shape[0] else 0),))
            return ("call", out, name, "select", (("c", d), ("c", rng.randrange(max(t.shape[d], 1)))))
        if kind in ("view", "reshape", "flatten"):
            if kind == "flatten":
                return ("call", out, name, "flatten", ())
            shapes: list[tuple] = [(-1,)]
            for d in range(t.dim()):
                for p, q in _factorizations(t.shape[d]):
                    shapes.append(tuple(t.shape[:d]) + (p, q) + tuple(t.shape[d + 1:]))
                if d + 1 < t.dim():
                    shapes.append(tuple(t.shape[:d]) + (t.shape[d] * t.shape[d + 1],) + tuple(t.shape[d + 2:]))
            shapes.append(tuple(t.shape) + (1,))
            shape = rng.choice(shapes)
            return ("call", out, name, kind, tuple(("c", s) for s in shape))
        if kind == "t":
            if t.dim() <= 2:
                return ("call", out, name, "t", ())
            kind = "transpose"
        if kind == "transpose":
            if t.dim() < 2:
                return ("call", out, name, "unsqueeze", (("c", 0),))
            d0, d1 = rng.sample(range(t.dim()), 2)
            return ("call", out, name, "transpose", (("c", d0), ("c", d1)))
        if kind == "permute":
            perm = list(range(t.dim()))
            rng.shuffle(perm)
            return ("call", out, name, "permute", tuple(("c", d) for d in perm))
        if kind == "unsqueeze":
            return ("call", out, name, "unsqueeze", (("c", rng.randint(0, t.dim())),))
        if kind == "squeeze":
            ones = [d for d in range(t.dim()) if t.shape[d] == 1]
            if ones:
                return ("call", out, name, "squeeze", (("c", rng.choice(ones)),))
            return ("call", out, name, "squeeze", ())
        if kind == "expand":
            shape = [rng.randint(2, 3) if s == 1 else s for s in t.shape]
            if rng.random() < 0.3 or not shape:
                shape = [rng.randint(1, 3)] + shape
            return ("call", out, name, "expand", tuple(("c", s) for s in shape))
        if kind == "dtype":
            if t.dtype not in SAME_WIDTH:
                return None
            return ("call", out, name, "view", (("c", SAME_WIDTH[t.dtype]),))
        if kind == "diagonal":
            if t.dim() < 2:
                return None
            return ("call", out, name, "diagonal", ())
        if kind == "detach":
            return ("call", out, name, "detach", ())
        if kind == "narrow":
            d = rng.randrange(t.dim())
            size = t.shape[d]
            start = rng.randint(0, max(size - 1, 0))
            return ("call", out, name, "narrow", (("c", d), ("c", start), ("c", rng.randint(1, max(size - start, 1)))))
        if kind == "as_strided":
            return ("call", out, name, "as_strided", self._strided_geometry(t))
        return None

    def op_grad(self) -> tuple | None:
        rng = self.rng
        kind = rng.choices(["no_grad", "enable_grad", "set_grad"], weights=[4, 1, 2])[0]
        if kind == "set_grad":
            return ("set_grad", rng.random() < 0.4)
        # A block of one to three ops, chosen against the current values
        # (so none uses a value the block makes); tried as a whole.
        body = [op for op in (self.simple_op() for _ in range(rng.randint(1, 3))) if op is not None]
        return (kind, tuple(body)) if body else None

    def simple_op(self) -> tuple | None:
        kind = self.rng.choices(["inplace", "metadata", "compute", "view"], weights=[4, 2, 3, 4])[0]
        op = getattr(self, f"op_{kind}")()
        if op is not None and op[0] == "resize":
            op = None
        return op

    def step(self) -> None:
        kind = self.rng.choices(
            ["inplace", "metadata", "set", "compute", "view", "grad"], weights=[20, 12, 4, 20, 30, 10]
        )[0]
        for _ in range(4):
            op = getattr(self, f"op_{kind}")()
            if op is None:
                continue
            if op[0] == "resize":
                _, name, size, fill = op
                ops = [("call", None, name, "resize_", (("c", size),)), ("call", None, name, "fill_", (("c", fill),))]
                saved = list(self.ops)
                if self.try_add(ops[0]) and self.try_add(ops[1]):
                    return
                self.ops = saved
                self.env = self._replay(tuple(self.ops))
                continue
            if self.try_add(op):
                return

    def outputs(self) -> tuple[str, ...]:
        rng = self.rng
        names = list(self.env)
        n = rng.choices([0, 1, 2, 3, 4], weights=[1, 6, 5, 3, 2])[0]
        made = [x for x in names if x.startswith("v")]
        chosen: list[str] = []
        for _ in range(n):
            if chosen and rng.random() < 0.1:
                chosen.append(rng.choice(chosen))  # the same value twice
                continue
            fresh_made = [x for x in made if x not in chosen]
            fresh = [x for x in names if x not in chosen]
            if fresh_made and rng.random() < 0.6:
                chosen.append(rng.choice(fresh_made))
            elif fresh:
                chosen.append(rng.choice(fresh))
        return tuple(chosen)


def _run_eager(program: Program, grow: bool = False) -> Any:
    """Runs the program eagerly on fresh inputs (and its backward): the
    values it gives, for a determinism check; raises what eager raises."""
    args, leaves = program.make_inputs(grow)
    grad = torch.is_grad_enabled()
    try:
        with program.context():
            out = program.fn(*args)
        outs = [out] if program.single else list(out)
        loss = None
        with torch.enable_grad():
            generator = torch.Generator().manual_seed(0)
            for o in outs:
                if o.requires_grad:
                    w = torch.rand(o.shape, generator=generator).to(o.dtype)
                    term = (o * w).sum()
                    loss = term if loss is None else loss + term
            if loss is not None:
                loss.backward()
    finally:
        torch.set_grad_enabled(grad)
    return (
        [o.detach().clone() for o in outs],
        [a.detach().clone() for a in args],
        [None if leaf.grad is None else leaf.grad.clone() for leaf in leaves],
    )


def _same(x: Any, y: Any) -> bool:
    if isinstance(x, torch.Tensor):
        return (
            isinstance(y, torch.Tensor) and x.dtype == y.dtype and x.shape == y.shape and x.stride() == y.stride()
            and torch.equal(torch.nan_to_num(x.double() if x.is_floating_point() else x),
                            torch.nan_to_num(y.double() if y.is_floating_point() else y))
        )
    if isinstance(x, list):
        return isinstance(y, list) and len(x) == len(y) and all(_same(a, b) for a, b in zip(x, y))
    if isinstance(x, tuple):
        return isinstance(y, tuple) and len(x) == len(y) and all(_same(a, b) for a, b in zip(x, y))
    return x == y


def _attempt(seed: int, attempt: int) -> Program:
    rng = random.Random(seed * 1009 + attempt)
    builder = _InputBuilder(rng)
    builder.build()
    names = [f"a{i}" for i in range(len(builder.args))]
    stmts = list(builder.stmts)
    args_exprs = builder.args
    grad = rng.random() < 0.5
    dynamic = rng.choices([None, True, False], weights=[6, 2, 2])[0]
    program = Program(
        seed=seed, attempt=attempt, input_stmts=stmts, args=names, leaves=list(builder.leaves), ops=(),
        outputs=(), single=False, grad=grad, keep=rng.random() < 0.5, dynamic=dynamic,
        grow=rng.random() < 0.3, dynamo_friendly=rng.random() < 0.5,
    )
    # The factory returns the arguments under the program's names.
    program.input_stmts = stmts + [("expr", n, e) for n, e in zip(names, args_exprs)]
    gen = _Generator(rng, program)
    for _ in range(rng.randint(1, 8)):
        gen.step()
    program.ops = tuple(gen.ops)
    outputs = gen.outputs()
    program.outputs = outputs
    program.single = len(outputs) == 1 and rng.random() < 0.3
    if any(op[0] == "call" and op[3] == "set_" for op in _nested_ops(program.ops)):
        program.keep = rng.random() < 0.8
    return program


def _nested_ops(ops: tuple) -> list[tuple]:
    out = []
    for op in ops:
        if op[0] in ("no_grad", "enable_grad"):
            out.extend(_nested_ops(op[1]))
        else:
            out.append(op)
    return out


def generate(seed: int, max_attempts: int = 50) -> Program:
    """The program of ``seed``: the first sub-seed whose program eager runs
    (forward and backward, the same twice)."""
    for attempt in range(max_attempts):
        program = _attempt(seed, attempt)
        try:
            first = _run_eager(program)
            second = _run_eager(program)
        except Exception:
            continue
        if not _same(first, second):
            continue
        if program.grow:
            try:
                _run_eager(program, grow=True)
            except Exception:
                program.grow = False
        return program
    raise RuntimeError(f"no legal program for seed {seed} in {max_attempts} attempts")
