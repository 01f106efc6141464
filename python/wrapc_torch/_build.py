"""Compiles imported wrap IR to a native wrapper with the `wrapc` tool."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]


class CompileError(RuntimeError):
    """`wrapc compile` rejected the imported IR (its diagnostics attached)."""


def wrapc_binary() -> str:
    """The `wrapc` tool: $WRAPC, then PATH, then this checkout's newest build."""
    explicit = os.environ.get("WRAPC")
    if explicit:
        return explicit
    found = shutil.which("wrapc")
    if found:
        return found
    # This checkout's newest build (a stale release build must not win).
    builds = [p for p in (_REPO / "target" / profile / "wrapc" for profile in ("release", "debug")) if p.is_file()]
    if builds:
        return str(max(builds, key=lambda p: p.stat().st_mtime))
    raise CompileError("wrapc: the `wrapc` tool was not found: set WRAPC, put it on PATH, or build this checkout")


def runtime_library(tool: str) -> str | None:
    """The runtime archive wrappers link: $WRAPC_RUNTIME_LIB, this checkout's
    optimized build, or the one beside the tool (wrapc's own default)."""
    explicit = os.environ.get("WRAPC_RUNTIME_LIB")
    if explicit:
        return explicit
    # The wrapper itself is always optimized; the runtime it calls should be
    # too, even when the compiler is a debug build.
    release = _REPO / "target" / "release" / "libwrapc_runtime.a"
    beside = Path(tool).with_name("libwrapc_runtime.a")
    if release.is_file() and (not beside.is_file() or release.stat().st_mtime >= beside.stat().st_mtime):
        return str(release)
    return str(beside) if beside.is_file() else None


def cache_dir() -> Path:
    base = os.environ.get("WRAPC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "wrapc_torch"
    )
    path = Path(base)
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_limit() -> int:
    """The most bytes the cache keeps: $WRAPC_CACHE_MAX_MB megabytes
    (default 2048)."""
    text = os.environ.get("WRAPC_CACHE_MAX_MB", "2048")
    try:
        megabytes = int(text)
    except ValueError:
        megabytes = -1
    if megabytes <= 0:
        raise CompileError(f"WRAPC_CACHE_MAX_MB must be a positive number of megabytes, not {text!r}")
    return megabytes << 20


# The names compile_module gives a module's directory and its staging one.
_ENTRY = re.compile(r"[0-9a-f]{24}")
_STAGING = re.compile(r"[0-9a-f]{24}\.tmp[0-9]+")

# An entry used this recently is never evicted: another process may have
# found it and be about to load it.
_RECENT_S = 600


def _evict(root: Path, limit: int) -> None:
    """Removes the least recently used entries until the cache holds at most
    ``limit`` bytes (one wrapper per compiled graph, each a shared object of
    about 2 MB: without a bound it grew by gigabytes)."""
    now = time.time()
    entries = []
    for entry in root.iterdir():
        # Only what compile_module made: the cache directory may be one the
        # user shares with other files ($WRAPC_CACHE_DIR).
        ours = _ENTRY.fullmatch(entry.name) or _STAGING.fullmatch(entry.name)
        try:
            if not ours or entry.is_symlink() or not entry.is_dir():
                continue
            used = entry.stat().st_mtime
            if _STAGING.fullmatch(entry.name):
                # A build that died before renaming its staging directory.
                if now - used > 3600:
                    shutil.rmtree(entry, ignore_errors=True)
                continue
            size = sum(f.stat().st_size for f in entry.iterdir() if f.is_file())
        except OSError:
            continue  # another process evicted it meanwhile
        entries.append((used, size, entry))
    total = sum(size for _, size, _ in entries)
    for used, size, entry in sorted(entries):
        if total <= limit:
            break
        if now - used < _RECENT_S:
            continue
        shutil.rmtree(entry, ignore_errors=True)
        total -= size


def compile_module(ir: str, opt_level: int = 2) -> Path:
    """A shared object for `ir`, built once per distinct module (cached by hash)."""
    tool = wrapc_binary()
    # The tool and the runtime it links in identify the build.
    runtime = runtime_library(tool)
    stamps = [os.path.getmtime(p) for p in (tool, runtime) if p and os.path.exists(p)]
    key = hashlib.sha256(f"{tool}\0{stamps}\0O{opt_level}\0{ir}".encode()).hexdigest()[:24]
    directory = cache_dir() / key
    library = directory / "libwrapper.so"
    limit = cache_limit()
    if library.is_file():
        try:
            os.utime(directory)  # recently used: evicted last
        except OSError:
            pass
        return library
    staging = cache_dir() / f"{key}.tmp{os.getpid()}"
    staging.mkdir(parents=True, exist_ok=True)
    source = staging / "wrapper.mlir"
    source.write_text(ir)
    env = dict(os.environ)
    if runtime:
        env["WRAPC_RUNTIME_LIB"] = runtime
    result = subprocess.run(
        [tool, "compile", str(source), "-o", str(staging / "libwrapper.so"), f"-O{opt_level}", "--quiet"],
        capture_output=True,
        text=True,
        env=env,
    )
    if result.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise CompileError(f"wrapc compile failed:\n{result.stderr.strip()}")
    try:
        staging.rename(directory)
    except OSError:
        # Another process built the same module first; use theirs.
        shutil.rmtree(staging, ignore_errors=True)
    _evict(cache_dir(), limit)
    return library
