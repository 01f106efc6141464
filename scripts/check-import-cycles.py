#!/usr/bin/env python3
"""Fails when a module imports another that imports it back, directly or
through others: in every Rust crate of the workspace and in the Python
package. Run by `make lint`; `python/tests/test_import_cycles.py` shows it
fails on a loop.

    scripts/check-import-cycles.py [ROOT]

Rust: an edge A -> B for each `use crate::…`, `use super::…` or
`use self::…` of A, and each such path written inline in A's code (not in
its comments), resolved to the deepest module file it names. A parent's
bare paths to its own children (`mod foo;` then `foo::bar()`) are not
edges: a module owns its children. Python: an edge for each relative
import (`from .x import y`, `from . import x`, inside functions too).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

RUST_PATH = re.compile(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)")
USE = re.compile(r"\buse\s+((?:crate|super|self)\b[^;]*);", re.S)
PY_FROM = re.compile(r"^\s*from\s+(\.+)([\w.]*)\s+import\s+(.+)$", re.M)


def _strip_rust_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def _strip_rust_tests(code: str) -> str:
    """Without its `#[cfg(test)] mod … { … }` blocks: tests may use any
    module of their crate."""
    while (m := re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)):
        depth, i = 1, m.end()
        while depth and i < len(code):
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
        code = code[: m.start()] + code[i:]
    return code


def _expand_use(tree: str) -> list[str]:
    """`crate::{a, b::{c, d}}` -> crate::a, crate::b::c, crate::b::d."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree.split(" as ")[0]]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [path for part in parts if part for path in _expand_use(prefix + part)]


def _rust_modules(src: Path) -> dict[tuple[str, ...], Path]:
    modules = {}
    for file in src.rglob("*.rs"):
        rel = file.relative_to(src).with_suffix("").parts
        if rel in (("lib",), ("main",)):
            modules[()] = file
        elif rel[-1] == "mod":
            modules[rel[:-1]] = file
        elif len(rel) >= 1 and rel[0] not in ("bin",):
            modules[rel] = file
    return modules


def _rust_edges(src: Path) -> dict[Path, set[Path]]:
    modules = _rust_modules(src)
    where = {file: path for path, file in modules.items()}
    edges: dict[Path, set[Path]] = {file: set() for file in where}
    for file, module in where.items():
        code = _strip_rust_tests(_strip_rust_comments(file.read_text()))
        paths = [p for tree in USE.findall(code) for p in _expand_use(tree)]
        paths += RUST_PATH.findall(code)
        for path in paths:
            segments = path.split("::")
            base: tuple[str, ...] = ()
            if segments[0] == "self":
                base, segments = module, segments[1:]
            elif segments[0] == "super":
                base = module
                while segments and segments[0] == "super":
                    base, segments = base[:-1], segments[1:]
            else:
                segments = segments[1:]
            target = base
            for segment in segments:
                if target + (segment,) not in modules:
                    break
                target = target + (segment,)
            # A module's own items and its children's are no edges: a
            # module owns its children.
            if target[: len(module)] != module:
                edges[file].add(modules[target])
    return edges


def _binds(module: Path, name: str) -> bool:
    """Whether `module` defines or imports `name` at its top level."""
    pattern = rf"^(?:def|class)\s+{name}\b|^{name}\s*[:=]|^(?:from\s+\S+\s+)?import\s+.*\b{name}\b"
    return re.search(pattern, module.read_text(), re.M) is not None


def _python_edges(package: Path) -> dict[Path, set[Path]]:
    files = list(package.rglob("*.py"))
    edges: dict[Path, set[Path]] = {file: set() for file in files}

    def resolve(parts: tuple[str, ...]) -> Path | None:
        module = package.joinpath(*parts)
        if module.with_suffix(".py").is_file():
            return module.with_suffix(".py")
        if (module / "__init__.py").is_file():
            return module / "__init__.py"
        return None

    for file in files:
        rel = file.relative_to(package).with_suffix("").parts
        here = rel[:-1] if rel[-1] != "__init__" else rel[:-1]
        for dots, name, imported in PY_FROM.findall(file.read_text()):
            base = here[: len(here) - (len(dots) - 1)] if len(dots) > 1 else here
            parts = base + tuple(p for p in name.split(".") if p)
            names = [n.strip().split(" as ")[0] for n in imported.strip("()").split(",")]
            if name:
                targets = [resolve(parts)]
            else:
                # `from . import x`: module x, or a name the package's
                # __init__ binds (not an extension module, which may not
                # be built yet).
                init = resolve(parts)
                targets = [resolve(parts + (n,)) or (init if init and _binds(init, n) else None) for n in names]
            for target in targets:
                if target and target != file:
                    edges[file].add(target)
    return edges


def _cycles(edges: dict[Path, set[Path]]) -> list[list[Path]]:
    """The strongly connected components of more than one file (Tarjan)."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    found: list[list[Path]] = []
    counter = [0]

    def visit(v: Path) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def check(root: Path) -> list[str]:
    """One line per loop found under `root`, naming its files."""
    graphs = [_rust_edges(src) for src in sorted(root.glob("*/src")) if (src.parent / "Cargo.toml").is_file()]
    graphs += [_rust_edges(src) for src in sorted(root.glob("tools/*/src"))]
    graphs += [_python_edges(pkg.parent) for pkg in sorted(root.glob("python/*/__init__.py"))]
    loops = []
    for edges in graphs:
        for component in _cycles(edges):
            names = ", ".join(str(f.relative_to(root)) for f in component)
            loops.append(f"these modules import each other in a loop: {names}")
    return sorted(loops)


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    loops = check(root)
    for line in loops:
        print(f"check-import-cycles: {line}", file=sys.stderr)
    return 1 if loops else 0


if __name__ == "__main__":
    sys.exit(main())
