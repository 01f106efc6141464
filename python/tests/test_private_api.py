"""Every private PyTorch name the front end uses is reached from one place,
``wrapc_torch._private``, and resolves under the pinned PyTorch: a test
names the one that moved, and the module that reaches one from elsewhere
(docs/TORCH.md, "Private API").

The names are found in the sources, not listed by hand (a list would be a
second copy that drifts): ``from torch._x import y``, ``import torch._x as
m``, attribute chains such as ``torch._C._functionalization.f``, and
attributes read from a private module imported under another name
(``runtime_wrappers.merge_view_inputs``).
"""

from __future__ import annotations

import ast
import importlib
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "wrapc_torch"


@dataclass(frozen=True)
class Use:
    where: str
    path: tuple[str, ...]  # torch, _functorch, ..., the name

    @property
    def dotted(self) -> str:
        return ".".join(self.path)


def _private(path: tuple[str, ...]) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in path[1:])


def _chain(node: ast.AST) -> tuple[str, ...] | None:
    """`a.b.c` as ("a", "b", "c"); None for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return (node.id, *reversed(parts))


def private_uses(source: str, where: str) -> list[Use]:
    """The private torch names `source` reaches."""
    tree = ast.parse(source)
    # Local names bound to a torch module or object: name -> dotted path.
    bound: dict[str, tuple[str, ...]] = {"torch": ("torch",)}
    uses: list[Use] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "torch" and node.level == 0:
            base = tuple(node.module.split("."))
            for alias in node.names:
                path = (*base, alias.name)
                bound[alias.asname or alias.name] = path
                if _private(path):
                    uses.append(Use(f"{where}:{node.lineno}", path))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                path = tuple(alias.name.split("."))
                if path[0] != "torch":
                    continue
                if alias.asname:
                    bound[alias.asname] = path
                if _private(path):
                    uses.append(Use(f"{where}:{node.lineno}", path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
            continue
        chain = _chain(node)
        if chain is None or chain[0] not in bound:
            continue
        path = (*bound[chain[0]], *chain[1:])
        if _private(path):
            uses.append(Use(f"{where}:{node.lineno}", path))
    return uses


def resolves(path: tuple[str, ...]) -> bool:
    """Whether the longest importable prefix of `path` has the rest as
    attributes, down to the first that is no module or class (what an
    object holds, `V.graph.sizevars`, exists only while Inductor compiles)."""
    for split in range(len(path), 0, -1):
        try:
            obj = importlib.import_module(".".join(path[:split]))
        except ImportError:
            continue
        for name in path[split:]:
            if not isinstance(obj, (type, types.ModuleType)):
                return True
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def _package_uses() -> list[Use]:
    uses = []
    for file in sorted(PACKAGE.rglob("*.py")):
        uses += private_uses(file.read_text(), str(file.relative_to(PACKAGE)))
    return uses


def test_private_names_are_reached_only_from_the_private_package():
    outside = sorted({f"{u.where}: {u.dotted}" for u in _package_uses() if not u.where.startswith("_private/")})
    assert not outside, "private PyTorch names reached outside wrapc_torch/_private:\n  " + "\n  ".join(outside)


def test_the_front_end_uses_private_pytorch_names():
    # The scan sees what the modules are known to use.
    dotted = {u.dotted for u in _package_uses()}
    assert "torch._functorch._aot_autograd.runtime_wrappers.merge_view_inputs" in dotted
    assert "torch._inductor.codegen.wrapper_fxir.WrapperFxCodegen" in dotted
    assert "torch._C._functionalization.apply_view_meta_sequence" in dotted


def test_every_private_pytorch_name_resolves():
    import torch  # noqa: F401  (the package's own imports run first)
    import wrapc_torch  # noqa: F401

    # Only the deepest use of a chain matters (`torch._inductor.config.x`
    # resolves only if `torch._inductor.config` does).
    moved = sorted({(u.dotted, u.where) for u in _package_uses() if not resolves(u.path)})
    assert not moved, "private PyTorch names that no longer resolve:\n" + "\n".join(
        f"  {name}  (used at {where})" for name, where in moved
    )


@pytest.mark.parametrize(
    "source, name",
    [
        ("from torch._functorch._aot_autograd import runtime_wrappers\nruntime_wrappers.no_such_fn\n",
         "torch._functorch._aot_autograd.runtime_wrappers.no_such_fn"),
        ("from torch._inductor.no_such_module import thing\n", "torch._inductor.no_such_module.thing"),
        ("import torch\ntorch._C._no_such_binding()\n", "torch._C._no_such_binding"),
    ],
)
def test_a_moved_name_is_named(source, name):
    # What the check above reports when PyTorch moves a name.
    uses = private_uses(source, "example.py")
    assert name in {u.dotted for u in uses}
    assert [u.dotted for u in uses if not resolves(u.path)] == [name]


def test_the_fx_converters_overridden_methods_exist_in_pytorch():
    """wrapc's converter overrides private methods of Inductor's
    ``FxConverter`` (2.11); a method PyTorch renames would silently stop
    being called: each is named here when it moves."""
    from torch._inductor.codegen.wrapper_fxir import FxConverter

    from wrapc_torch._private import inductor_fx

    # wrapc's own methods (no override): the device copy Inductor's
    # converter does not generate.
    own = {"_generate_device_copy"}
    ours = inductor_fx._converter_class()
    overridden = sorted(name for name in vars(ours) if name.startswith("_generate") and name not in own)
    assert overridden == [
        "_generate_graph_inputs", "_generate_kernel_call", "_generate_kernel_definition", "_generate_triton_call",
    ]
    missing = [name for name in overridden if not hasattr(FxConverter, name)]
    assert not missing, f"FxConverter no longer has: {missing}"
