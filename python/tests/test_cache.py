"""The compiled-library cache against damage, other users, races and broken
tools (docs/HARDENING.md, "The compiled-library cache")."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import threading

import pytest

from wrapc_torch import _build
from wrapc_torch._build import CompileError, compile_module

IR = "func.func @f(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {\n  return %x : !wrap.tensor<4xf32>\n}\n"

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give files to another user")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(root))
    return root


def leftovers(root):
    """Staging directories and entries: what a failed build must not leave."""
    return sorted(p.name for p in root.iterdir()) if root.exists() else []


def assert_loadable(library):
    # In a child: a truncated library kills it with SIGBUS, not this run.
    load = f"import ctypes; ctypes.CDLL({str(library)!r})"
    child = subprocess.run([sys.executable, "-c", load], capture_output=True, text=True)
    assert child.returncode == 0, (child.returncode, child.stderr)
    manifest = json.loads((library.parent / "manifest.json").read_text())
    data = library.read_bytes()
    assert manifest == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def fake_tool(tmp_path, body):
    tool = tmp_path / "fake-wrapc"
    tool.write_text(f"#!/bin/sh\n{body}\n")
    tool.chmod(0o755)
    return tool


# 10: damaged entries are rebuilt, never handed to the loader.


@pytest.mark.parametrize("keep", [0.5, 0], ids=["truncated", "empty"])
def test_a_damaged_library_is_rebuilt(cache, keep):
    library = compile_module(IR)
    size = library.stat().st_size
    with open(library, "r+b") as f:
        f.truncate(int(size * keep))
    assert compile_module(IR) == library
    assert library.stat().st_size == size
    assert_loadable(library)


def test_an_entry_without_a_manifest_is_rebuilt(cache):
    library = compile_module(IR)
    (library.parent / "manifest.json").unlink(missing_ok=True)  # a cache from before manifests
    with open(library, "r+b") as f:
        f.truncate(100)  # and a crash mid-write
    assert compile_module(IR) == library
    assert_loadable(library)


def test_a_library_that_does_not_match_its_manifest_is_rebuilt(cache):
    library = compile_module(IR)
    data = bytearray(library.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, other bytes
    library.write_bytes(bytes(data))
    assert compile_module(IR) == library
    assert_loadable(library)


# 11: only this user's entries, through no symbolic link, private modes.


def test_a_symlinked_library_or_manifest_is_refused(cache, tmp_path):
    library = compile_module(IR)
    for name in ("libwrapper.so", "manifest.json"):
        target = library.parent / name
        elsewhere = tmp_path / name
        os.replace(target, elsewhere)
        target.symlink_to(elsewhere)
        with pytest.raises(CompileError, match=f"refusing .* {re.escape(str(target))}: it is a symbolic link"):
            compile_module(IR)
        target.unlink()
        os.replace(elsewhere, target)
    assert compile_module(IR) == library


def test_a_symlinked_entry_is_refused(cache, tmp_path):
    entry = compile_module(IR).parent
    elsewhere = tmp_path / "elsewhere"
    os.replace(entry, elsewhere)
    entry.symlink_to(elsewhere)
    with pytest.raises(CompileError, match=f"refusing the cache entry {re.escape(str(entry))}: it is a symbolic link"):
        compile_module(IR)


@as_root
@pytest.mark.parametrize("what", ["entry", "library", "manifest"])
def test_another_users_entry_is_refused(cache, what):
    library = compile_module(IR)
    path = {"entry": library.parent, "library": library, "manifest": library.parent / "manifest.json"}[what]
    os.chown(path, 12345, 12345)
    with pytest.raises(CompileError, match=f"refusing .* {re.escape(str(path))}: it is owned by uid 12345"):
        compile_module(IR)


def test_the_cache_is_private_whatever_the_umask(cache):
    old = os.umask(0)
    try:
        library = compile_module(IR)
    finally:
        os.umask(old)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert stat.S_IMODE(library.parent.stat().st_mode) == 0o700
    files = list(library.parent.iterdir())
    assert {f.name for f in files} >= {"libwrapper.so", "manifest.json"}
    for f in files:
        assert stat.S_IMODE(f.stat().st_mode) == 0o600, f


def test_a_cache_directory_others_can_write_or_a_symlink_is_refused(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(shared))
    with pytest.raises(CompileError, match=f"refusing the cache directory {re.escape(str(shared))}: other users can write to it"):
        compile_module(IR)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o777  # the user's directory: never chmod'ed
    link = tmp_path / "link"
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    link.symlink_to(private)
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(link))
    with pytest.raises(CompileError, match=f"refusing the cache directory {re.escape(str(link))}: it is a symbolic link"):
        compile_module(IR)
    # A directory the user named that is theirs and private is used as is.
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(private))
    assert_loadable(compile_module(IR))


@as_root
def test_another_users_cache_directory_is_refused(tmp_path, monkeypatch):
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 12345, 12345)
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(theirs))
    with pytest.raises(CompileError, match=f"refusing the cache directory {re.escape(str(theirs))}: it is owned by uid 12345"):
        compile_module(IR)


# 12: concurrent builds of one module.


def test_threads_building_the_same_module_all_get_it(cache):
    results, errors = [], []
    barrier = threading.Barrier(16)

    def build():
        barrier.wait()
        try:
            results.append(compile_module(IR))
        except Exception as e:  # noqa: BLE001 - collected and reported below
            errors.append(e)

    threads = [threading.Thread(target=build) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(set(results)) == 1 and len(results) == 16
    assert_loadable(results[0])
    assert leftovers(cache) == [results[0].parent.name]


def test_staging_directories_are_ones_eviction_knows(tmp_path):
    staging = tempfile.mkdtemp(dir=tmp_path, prefix="a" * 24 + ".tmp")
    assert _build._STAGING.fullmatch(os.path.basename(staging))
    os.utime(staging, (0, 0))  # a build that died long ago
    _build._evict(tmp_path, limit=1 << 30)
    assert not os.path.exists(staging)


# 13: failures outside the IR are CompileErrors and leave nothing behind.


def test_a_cache_directory_that_is_a_file_is_a_compile_error(tmp_path, monkeypatch):
    file = tmp_path / "file"
    file.write_text("not a directory")
    for path in (file, file / "below"):
        monkeypatch.setenv("WRAPC_CACHE_DIR", str(path))
        with pytest.raises(CompileError, match=f"cache directory {re.escape(str(path))}"):
            compile_module(IR)
    assert file.read_text() == "not a directory"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to a 0500 directory anyway; see the EROFS test")
def test_a_read_only_cache_directory_is_a_compile_error(cache):
    cache.mkdir(mode=0o500)
    with pytest.raises(CompileError, match=f"cannot write to the cache directory {re.escape(str(cache))}"):
        compile_module(IR)
    assert leftovers(cache) == []


def test_a_read_only_file_system_is_a_compile_error(cache, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(cache))

    monkeypatch.setattr(_build.tempfile, "mkdtemp", read_only)
    with pytest.raises(CompileError, match=f"cannot write to the cache directory {re.escape(str(cache))}: Read-only file system"):
        compile_module(IR)
    assert leftovers(cache) == []


def test_wrapc_naming_no_executable_file_is_a_compile_error(cache, tmp_path, monkeypatch):
    plain = tmp_path / "plain"
    plain.write_text("#!/bin/sh\n")
    plain.chmod(0o644)
    cases = [
        (tmp_path / "missing", "which does not exist"),
        (tmp_path, "which is not an executable file"),
        (plain, "which is not an executable file"),
    ]
    for path, why in cases:
        monkeypatch.setenv("WRAPC", str(path))
        with pytest.raises(CompileError, match=f"WRAPC names {re.escape(str(path))}, {why}"):
            compile_module(IR)
    assert leftovers(cache) == []


@pytest.mark.parametrize(
    "body, message",
    [
        ("exit 0", "exited 0 but wrote no library"),
        (': > "$4"', "exited 0 but wrote no library"),  # an empty library
        ("echo broken >&2; exit 1", "wrapc compile failed:\nbroken"),
    ],
    ids=["nothing", "empty", "failing"],
)
def test_a_tool_that_writes_no_library_is_a_compile_error(cache, tmp_path, monkeypatch, body, message):
    monkeypatch.setenv("WRAPC", str(fake_tool(tmp_path, body)))
    for _ in range(2):  # and the next run tries again: no broken entry was kept
        with pytest.raises(CompileError, match=message):
            compile_module(IR)
        assert leftovers(cache) == []


def test_a_tool_that_cannot_run_is_a_compile_error(cache, tmp_path, monkeypatch):
    tool = tmp_path / "garbage"
    tool.write_bytes(b"\x7fELF not really")  # executable bit, no executable format: ENOEXEC
    tool.chmod(0o755)
    monkeypatch.setenv("WRAPC", str(tool))
    with pytest.raises(CompileError, match=f"cannot run {re.escape(str(tool))}: Exec format error"):
        compile_module(IR)
    assert leftovers(cache) == []

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(tool))

    monkeypatch.setattr(_build.subprocess, "run", denied)  # root may run any file with an x bit
    with pytest.raises(CompileError, match=f"cannot run {re.escape(str(tool))}: Permission denied"):
        compile_module(IR)
    assert leftovers(cache) == []
