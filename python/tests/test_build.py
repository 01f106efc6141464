"""The wrapper cache (bounded, least recently used out first), and which
runtime wrappers link."""

from __future__ import annotations

import os
import time

import pytest

from wrapc_torch import _build


def entry(root, name, size, age_s):
    directory = root / name
    directory.mkdir()
    (directory / "libwrapper.so").write_bytes(b"\0" * size)
    then = time.time() - age_s
    os.utime(directory, (then, then))
    return directory


def key(c):
    return c * 24


def test_the_cache_evicts_least_recently_used_entries_past_its_limit(tmp_path):
    old = entry(tmp_path, key("a"), 4000, age_s=7200)
    older = entry(tmp_path, key("b"), 4000, age_s=9000)
    newer = entry(tmp_path, key("c"), 4000, age_s=3600)
    recent = entry(tmp_path, key("d"), 4000, age_s=10)  # another process may be loading it
    dead = entry(tmp_path, key("e") + ".tmp123", 10, age_s=7200)  # a build that died before its rename
    # What compile_module did not make is never touched, however old.
    users = entry(tmp_path, "photos", 100_000, age_s=99999)
    (tmp_path / "notes.txt").write_text("mine")
    _build._evict(tmp_path, limit=9000)
    assert not older.exists() and not old.exists() and not dead.exists()
    assert newer.exists() and recent.exists()
    assert users.exists() and (tmp_path / "notes.txt").exists()
    # Entries used within the last minutes stay even past the limit.
    _build._evict(tmp_path, limit=1)
    assert recent.exists() and not newer.exists()


def test_the_cache_limit_is_a_positive_number_of_megabytes(monkeypatch):
    monkeypatch.setenv("WRAPC_CACHE_MAX_MB", "16")
    assert _build.cache_limit() == 16 << 20
    for bad in ("0", "-3", "lots"):
        monkeypatch.setenv("WRAPC_CACHE_MAX_MB", bad)
        with pytest.raises(_build.CompileError, match=f"WRAPC_CACHE_MAX_MB must be a positive number of megabytes, not '{bad}'"):
            _build.cache_limit()


def test_a_cache_hit_marks_the_entry_used(tmp_path, monkeypatch):
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path))
    ir = "func.func @f(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {\n  return %x : !wrap.tensor<4xf32>\n}\n"
    library = _build.compile_module(ir)
    then = time.time() - 7200
    os.utime(library.parent, (then, then))
    assert _build.compile_module(ir) == library
    assert time.time() - library.parent.stat().st_mtime < 60


def checkout(tmp_path, release_age_s, source_age_s):
    """A checkout's target/: a debug tool and runtime, and a release runtime
    whose dep-info file names one source."""
    source = tmp_path / "runtime" / "lib.rs"
    source.parent.mkdir()
    source.write_text("")
    for profile in ("debug", "release"):
        (tmp_path / "target" / profile).mkdir(parents=True)
    tool = tmp_path / "target" / "debug" / "wrapc"
    tool.write_text("")
    (tmp_path / "target" / "debug" / "libwrapc_runtime.so").write_text("")
    release = tmp_path / "target" / "release" / "libwrapc_runtime.so"
    release.write_text("")
    (tmp_path / "target" / "release" / "libwrapc_runtime.d").write_text(f"{release}: {source}\n")
    now = time.time()
    os.utime(release, (now - release_age_s, now - release_age_s))
    os.utime(source, (now - source_age_s, now - source_age_s))
    return tool, release


def test_wrappers_link_the_optimized_runtime_even_when_the_debug_one_is_newer(tmp_path, monkeypatch):
    monkeypatch.delenv("WRAPC_RUNTIME_LIB", raising=False)
    monkeypatch.setattr(_build, "_REPO", tmp_path)
    tool, release = checkout(tmp_path, release_age_s=60, source_age_s=600)
    # The debug runtime was relinked after the release one (a debug build of
    # the workspace): a 3x slower call if it were chosen.
    assert (tool.parent / "libwrapc_runtime.so").stat().st_mtime > release.stat().st_mtime
    assert _build.runtime_library(str(tool)) == str(release)


def test_a_release_runtime_older_than_its_sources_gives_way_with_a_warning(tmp_path, monkeypatch):
    monkeypatch.delenv("WRAPC_RUNTIME_LIB", raising=False)
    monkeypatch.setattr(_build, "_REPO", tmp_path)
    monkeypatch.setattr(_build, "_warned_debug_runtime", False)
    tool, release = checkout(tmp_path, release_age_s=600, source_age_s=60)
    with pytest.warns(UserWarning, match="older than the runtime's sources"):
        chosen = _build.runtime_library(str(tool))
    assert chosen == str(tool.parent / "libwrapc_runtime.so")


def test_a_dep_info_naming_a_missing_source_makes_the_build_stale(tmp_path):
    artifact = tmp_path / "libwrapc_runtime.so"
    artifact.write_text("")
    assert not _build._stale(artifact)  # no dep-info: an installed runtime
    (tmp_path / "libwrapc_runtime.d").write_text(f"{artifact}: {tmp_path / 'gone.rs'}\n")
    assert _build._stale(artifact)


IDENTITY = "func.func @f(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {\n  return %x : !wrap.tensor<4xf32>\n}\n"


def test_wrappers_compile_in_this_process_with_no_c_compiler_or_linker_reachable(tmp_path, monkeypatch):
    import subprocess

    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WRAPC", raising=False)
    monkeypatch.delenv("CC", raising=False)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert _build.compiler_library() is not None, "the checkout builds libwrapc_compiler.so (make build)"

    def no_process(*args, **kwargs):
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(subprocess, "run", no_process)
    monkeypatch.setattr(subprocess, "Popen", no_process)
    library = _build.compile_module(IDENTITY)
    assert library.read_bytes()[:4] == b"\x7fELF"
    # Loadable: linked by lld against the runtime the backend uses.
    import ctypes

    assert ctypes.CDLL(str(library)).f


def test_the_in_process_compilers_errors_are_compile_errors_with_the_diagnostics(tmp_path, monkeypatch):
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("WRAPC", raising=False)
    with pytest.raises(_build.CompileError, match=r"wrapc compile failed:\n.*is not valid wrap IR:\n.*wrapper\.mlir:2:3: custom op .wrap\.nope. is unknown"):
        _build.compile_module("func.func @f() {\n  wrap.nope\n}\n")
    # Nothing published: only the cache's own (empty) directory is left.
    assert [p for p in tmp_path.iterdir() if not p.name.startswith(".")] == []


def test_wrapc_names_a_tool_to_run_per_module_instead(tmp_path, monkeypatch):
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path / "cache"))
    tool = tmp_path / "wrapc"
    log = tmp_path / "ran"
    real = _build._newest_build("wrapc")
    tool.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\nexec {real} \"$@\"\n")
    tool.chmod(0o755)
    monkeypatch.setenv("WRAPC", str(tool))
    assert _build.compiler_library() is None
    library = _build.compile_module(IDENTITY)
    assert library.is_file()
    assert log.read_text().startswith("compile ")


def test_the_cache_is_swept_once_per_minute_not_after_every_build(tmp_path, monkeypatch):
    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(_build, "_last_eviction", {})
    swept = []
    monkeypatch.setattr(_build, "_evict", lambda root, limit: swept.append(root))
    for n in range(3):
        _build.compile_module(IDENTITY.replace("@f", f"@f{n}"))
    assert swept == [tmp_path], "the first build of a process sweeps; the next ones within a minute do not"
    clock = [time.monotonic() + _build._EVICT_EVERY_S + 1]
    monkeypatch.setattr(_build.time, "monotonic", lambda: clock[0])
    _build.compile_module(IDENTITY.replace("@f", "@f9"))
    assert swept == [tmp_path, tmp_path]

def test_the_bytes_built_since_the_last_sweep_bring_the_next_one_forward(tmp_path, monkeypatch):
    # A wrapper linking the runtime archive is about 2 MB: a minute of them
    # could overshoot the bound by gigabytes.
    monkeypatch.setattr(_build, "_last_eviction", {})
    limit = 16 << 20
    assert _build._eviction_due(tmp_path, 2 << 20, limit)  # first build
    assert not _build._eviction_due(tmp_path, 512 << 10, limit)
    assert _build._eviction_due(tmp_path, 512 << 10, limit)  # 1 MiB since: limit / 16
    assert not _build._eviction_due(tmp_path, 4 << 10, limit)


def test_an_installed_wheel_uses_the_compiler_and_runtime_beside_the_package(tmp_path, monkeypatch):
    # The wheel's layout (scripts/build-wheel.sh): both libraries in the
    # package directory, no checkout around it.
    monkeypatch.delenv("WRAPC", raising=False)
    monkeypatch.delenv("WRAPC_RUNTIME_LIB", raising=False)
    package = tmp_path / "site-packages" / "wrapc_torch"
    package.mkdir(parents=True)
    for name in ("libwrapc_compiler.so", "libwrapc_runtime.so"):
        (package / name).write_text("")
    monkeypatch.setattr(_build, "__file__", str(package / "_build.py"))
    monkeypatch.setattr(_build, "_REPO", tmp_path)
    compiler = _build.compiler_library()
    assert compiler == str(package / "libwrapc_compiler.so")
    assert _build.runtime_library(compiler) == str(package / "libwrapc_runtime.so")


def test_wrappers_linking_runtimes_at_different_paths_are_different_entries(tmp_path, monkeypatch):
    # A wrapper records the path of the runtime it linked; two environments'
    # runtimes can share an mtime (copies, or wheels unpacked alike), so the
    # path is part of the key.
    import shutil

    monkeypatch.setenv("WRAPC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("WRAPC", raising=False)
    built = _build.runtime_library(_build.compiler_library())
    assert built and built.endswith(".so")
    libraries = []
    for env in ("one", "two"):
        runtime = tmp_path / env / "libwrapc_runtime.so"
        runtime.parent.mkdir()
        shutil.copy2(built, runtime)
        monkeypatch.setenv("WRAPC_RUNTIME_LIB", str(runtime))
        libraries.append(_build.compile_module(IDENTITY))
        assert str(runtime).encode() in libraries[-1].read_bytes()
    assert libraries[0] != libraries[1]
