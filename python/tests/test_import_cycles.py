"""scripts/check-import-cycles.py (run by `make lint`): no module of the
Rust crates or of wrapc_torch imports another that imports it back, and
the check finds a loop when there is one."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _checker():
    spec = importlib.util.spec_from_file_location("check_import_cycles", ROOT / "scripts" / "check-import-cycles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_tree_has_no_import_loop():
    assert _checker().check(ROOT) == []


def test_a_loop_is_found_in_rust_and_in_python(tmp_path):
    _write(
        tmp_path,
        {
            "rt/Cargo.toml": "[package]\n",
            "rt/src/lib.rs": "mod a;\nmod b;\nmod c;\n",
            # a -> b by a use tree, b -> c by an inline path, c -> a by super.
            "rt/src/a.rs": "use crate::{b::{self, Thing}};\npub fn f() {}\n",
            "rt/src/b.rs": "pub struct Thing;\npub fn g() { crate::c::h() }\n",
            "rt/src/c.rs": "use super::a::f;\npub fn h() { f() }\n",
            # Not loops: a parent's own children, tests, comments.
            "ok/Cargo.toml": "[package]\n",
            "ok/src/lib.rs": "mod p;\npub fn top() { p::q::r() }\n",
            "ok/src/p.rs": "pub mod q;\npub fn s() {}\n// crate::p::q::r\n",
            "ok/src/p/q.rs": "use super::s;\npub fn r() { s() }\n#[cfg(test)]\nmod tests {\n    use crate::p::q;\n}\n",
            # __init__ <-> _z through a name __init__ binds; _x <-> _y; and
            # _C, an extension module not built yet, is no edge to __init__
            # (which would join the two loops).
            "python/pkg/__init__.py": "from ._x import X\nfrom ._z import Z\n",
            "python/pkg/_x.py": "X = 1\n\ndef later():\n    from . import _y\n",
            "python/pkg/_y.py": "from ._x import X\nfrom . import _C\n",
            "python/pkg/_z.py": "from . import X\n\nZ = X\n",
        },
    )
    loops = _checker().check(tmp_path)
    assert loops == [
        "these modules import each other in a loop: python/pkg/__init__.py, python/pkg/_z.py",
        "these modules import each other in a loop: python/pkg/_x.py, python/pkg/_y.py",
        "these modules import each other in a loop: rt/src/a.rs, rt/src/b.rs, rt/src/c.rs",
    ], loops
