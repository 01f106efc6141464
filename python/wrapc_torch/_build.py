"""Compiles imported wrap IR to a native wrapper, and caches the wrappers
(`$WRAPC_CACHE_DIR`). The compiler runs in this process, as a library
(`libwrapc_compiler.so`, `compiler_library`); `$WRAPC` names a `wrapc`
tool to run per module instead.

What the cache holds is loaded into this process as code, so an entry is
used only when it is this user's, reached through no symbolic link, and
matches the manifest written when it was built (docs/HARDENING.md, "The
compiled-library cache")."""

from __future__ import annotations

import ctypes
import errno
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]

_LIBRARY = "libwrapper.so"
_MANIFEST = "manifest.json"


class CompileError(RuntimeError):
    """The wrapper could not be built or cached: `wrapc compile` rejected the
    imported IR (its diagnostics attached), or the tool or the cache is
    unusable. The backend falls back to PyTorch's own path on it."""


_COMPILER = "libwrapc_compiler.so"


def _newest_build(name: str) -> Path | None:
    """This checkout's newest build of ``name`` (a stale release build must
    not win over a newer debug one)."""
    builds = [p for p in (_REPO / "target" / profile / name for profile in ("release", "debug")) if p.is_file()]
    return max(builds, key=lambda p: p.stat().st_mtime) if builds else None


def compiler_library() -> str | None:
    """The in-process compiler: beside this package (an installed wheel),
    else this checkout's newest build; None when $WRAPC asks for the tool
    or there is no library."""
    if os.environ.get("WRAPC"):
        return None
    bundled = Path(__file__).resolve().parent / _COMPILER
    if bundled.is_file():
        return str(bundled)
    found = _newest_build(_COMPILER)
    return str(found) if found else None


def wrapc_binary() -> str:
    """The `wrapc` tool: $WRAPC, then PATH, then this checkout's newest build."""
    explicit = os.environ.get("WRAPC")
    if explicit:
        if not os.path.exists(explicit):
            raise CompileError(f"wrapc: WRAPC names {explicit}, which does not exist")
        if not os.path.isfile(explicit) or not os.access(explicit, os.X_OK):
            raise CompileError(f"wrapc: WRAPC names {explicit}, which is not an executable file")
        return explicit
    found = shutil.which("wrapc")
    if found:
        return found
    build = _newest_build("wrapc")
    if build:
        return str(build)
    raise CompileError("wrapc: neither the compiler library nor the `wrapc` tool was found: build this checkout "
                       "(make build), put wrapc on PATH, or set WRAPC")


_loaded: dict[str, ctypes.CDLL] = {}
_loading = threading.Lock()


def _compiler(path: str) -> ctypes.CDLL:
    """The compiler library at ``path``, loaded once per process."""
    with _loading:
        library = _loaded.get(path)
        if library is None:
            try:
                library = ctypes.CDLL(path)
            except OSError as e:
                raise CompileError(f"wrapc: cannot load the compiler library {path}: {e}") from None
            compile_fn = library.wrapc_compiler_compile
            compile_fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_char_p,
                                   ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
            compile_fn.restype = ctypes.c_int32
            library.wrapc_compiler_free.argtypes = [ctypes.c_void_p]
            library.wrapc_compiler_free.restype = None
            _loaded[path] = library
        return library


def _run_library(compiler: str, runtime: str | None, source: Path, library: Path, opt_level: int,
                 target: str = "host", allow_file_dir: str | None = None) -> None:
    """``wrapc compile --emit=so`` in this process (ctypes releases the GIL
    for the call; the library serializes compiles)."""
    lib = _compiler(compiler)
    encode = lambda text: None if text is None else os.fsencode(text)  # noqa: E731
    error = ctypes.c_void_p()
    status = lib.wrapc_compiler_compile(encode(str(source)), encode(str(library)), opt_level, target.encode(),
                                        encode(allow_file_dir), encode(runtime), ctypes.byref(error))
    if status != 0:
        message = "(no message)"
        if error.value:
            message = ctypes.string_at(error.value).decode(errors="replace")
            lib.wrapc_compiler_free(error)
        raise CompileError(f"wrapc compile failed:\n{message}")
    st = _lstat_ours(library, "the library wrapc wrote")
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        raise CompileError(f"wrapc: the compiler library {compiler} reported success but wrote no library")


def runtime_library(tool: str) -> str | None:
    """The runtime wrappers link: $WRAPC_RUNTIME_LIB, else this checkout's
    optimized build while it is as new as the runtime's sources, else the one
    beside the compiler (the tool or the library; wrapc's own default); the
    shared library before the static one."""
    explicit = os.environ.get("WRAPC_RUNTIME_LIB")
    if explicit:
        return explicit
    # The shared runtime where there is one: every wrapper of the process
    # then uses the one runtime (its allocator, kernel cache and
    # thread-locals), and a wrapper is its own code only. The wrapper itself
    # is always optimized; the runtime it calls should be too, even when the
    # compiler is a debug build: a debug runtime made every call about 3x
    # slower (a debug build newer than the optimized one used to win here).
    # The optimized build is passed over only when its sources changed after
    # it was built: its ABI may no longer be the wrapper's.
    for name in ("libwrapc_runtime.so", "libwrapc_runtime.a"):
        release = _REPO / "target" / "release" / name
        beside = Path(tool).with_name(name)
        if release.is_file() and (not beside.is_file() or not _stale(release)):
            return str(release)
        if beside.is_file():
            if beside.parent.name == "debug" and not _warned_debug_runtime:
                _warn_debug_runtime(release)
            return str(beside)
    return None


_warned_debug_runtime = False


def _warn_debug_runtime(release: Path) -> None:
    global _warned_debug_runtime
    _warned_debug_runtime = True
    import warnings

    reason = "is older than the runtime's sources" if release.is_file() else "is not built"
    warnings.warn(f"wrapc: the optimized runtime {release} {reason}; compiled wrappers link the debug runtime and "
                  f"run several times slower (run `make build`)", stacklevel=3)


def _stale(artifact: Path) -> bool:
    """Whether a source cargo built `artifact` from (its dep-info file beside
    it lists them) changed after it was built; False without that file, as
    in an installed package."""
    try:
        built = artifact.stat().st_mtime
        deps = artifact.with_suffix(".d").read_text()
    except OSError:
        return False
    _, _, sources = (deps.splitlines() or [""])[0].partition(": ")
    for source in sources.replace("\\ ", "\0").split():
        try:
            if os.stat(source.replace("\0", " ")).st_mtime > built:
                return True
        except OSError:
            return True
    return False


def _lstat_ours(path: Path, what: str) -> os.stat_result | None:
    """`path`'s lstat, None if it does not exist. Whoever owns a cache path,
    or a symbolic link's target, chooses the code this process loads."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise CompileError(f"wrapc: cannot use {what} {path}: {e.strerror}") from None
    if stat.S_ISLNK(st.st_mode):
        raise CompileError(f"wrapc: refusing {what} {path}: it is a symbolic link")
    if st.st_uid != os.geteuid():
        owner = f"it is owned by uid {st.st_uid}, not by this user (uid {os.geteuid()})"
        raise CompileError(f"wrapc: refusing {what} {path}: {owner}")
    return st


def _make_private_dirs(path: Path) -> None:
    missing = []
    while not os.path.lexists(path):
        missing.append(path)
        path = path.parent
    for directory in reversed(missing):
        try:
            os.mkdir(directory, 0o700)
        except FileExistsError:
            continue  # another process made it meanwhile; cache_dir checks it
        # mkdir's mode went through the umask, which may lack bits we need.
        os.chmod(directory, 0o700)


def cache_dir() -> Path:
    """The cache directory, made 0700 where missing. One that exists must be
    this user's, not a symbolic link, and writable by no one else: it is
    never chmod'ed, since the user may have named it for other files too."""
    base = os.environ.get("WRAPC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "wrapc_torch"
    )
    path = Path(base)
    try:
        _make_private_dirs(path)
    except OSError as e:
        raise CompileError(f"wrapc: cannot create the cache directory {path}: {e.strerror}") from None
    st = _lstat_ours(path, "the cache directory")
    if st is None or not stat.S_ISDIR(st.st_mode):
        raise CompileError(f"wrapc: the cache directory {path} is not a directory: set WRAPC_CACHE_DIR to one")
    if st.st_mode & 0o022:
        raise CompileError(
            f"wrapc: refusing the cache directory {path}: other users can write to it (mode {stat.S_IMODE(st.st_mode):o}); "
            "remove their write permission (chmod go-w) or set WRAPC_CACHE_DIR to a private directory"
        )
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


# The names compile_module gives a module's directory and its staging ones
# (tempfile.mkdtemp's random suffix; older versions used the process id).
_ENTRY = re.compile(r"[0-9a-f]{24}")
_STAGING = re.compile(r"[0-9a-f]{24}\.tmp[0-9a-z_]+")

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


def _digest(path: Path) -> tuple[int, str]:
    """`path`'s size and sha256 (about 2 ms for a 2 MB wrapper: a cache hit
    pays it, a small price beside a process killed by a truncated one)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        digest = hashlib.sha256()
        while chunk := f.read(1 << 20):
            digest.update(chunk)
        return os.fstat(fd).st_size, digest.hexdigest()


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as f:
        os.fchmod(fd, 0o600)  # the umask may have taken the owner's bits
        f.write(data)


def _intact(directory: Path) -> bool:
    library = _lstat_ours(directory / _LIBRARY, "the cached library")
    manifest = _lstat_ours(directory / _MANIFEST, "the cache manifest")
    if library is None or manifest is None or not stat.S_ISREG(library.st_mode) or not stat.S_ISREG(manifest.st_mode):
        return False
    try:
        with os.fdopen(os.open(directory / _MANIFEST, os.O_RDONLY | os.O_NOFOLLOW), "rb") as f:
            want = json.load(f)
        if not isinstance(want, dict) or want.get("size") != library.st_size:
            return False  # truncated or grown: no need to hash it
        return want.get("sha256") == _digest(directory / _LIBRARY)[1]
    except (OSError, ValueError):
        return False


def _lookup(directory: Path) -> Path | None:
    """The entry's library if it is intact. A damaged entry (a truncated or
    empty library, no manifest: a crash mid-write, or a cache made before
    manifests) is removed so that the caller rebuilds it: loading a truncated
    library kills the process with SIGBUS, an empty one fails every run."""
    st = _lstat_ours(directory, "the cache entry")
    if st is None:
        return None
    if stat.S_ISDIR(st.st_mode) and _intact(directory):
        return directory / _LIBRARY
    try:
        if stat.S_ISDIR(st.st_mode):
            shutil.rmtree(directory)
        else:
            os.unlink(directory)
    except FileNotFoundError:
        pass  # another thread or process removed it first
    except OSError as e:
        raise CompileError(f"wrapc: cannot remove the damaged cache entry {directory}: {e.strerror}") from None
    return None


def _run_wrapc(tool: str, runtime: str | None, source: Path, library: Path, opt_level: int,
               target: str = "host", allow_file_dir: str | None = None) -> None:
    env = dict(os.environ)
    if runtime:
        env["WRAPC_RUNTIME_LIB"] = runtime
    command = [tool, "compile", str(source), "-o", str(library), f"-O{opt_level}", "--quiet"]
    if target != "host":
        command.append(f"--target={target}")
    if allow_file_dir:
        command.append(f"--allow-file-dir={allow_file_dir}")
    try:
        result = subprocess.run(command, capture_output=True, text=True, env=env)
    except OSError as e:
        raise CompileError(f"wrapc: cannot run {tool}: {e.strerror or e}") from None
    if result.returncode != 0:
        raise CompileError(f"wrapc compile failed:\n{result.stderr.strip()}")
    st = _lstat_ours(library, "the library wrapc wrote")
    if st is None or not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        raise CompileError(f"wrapc: {tool} compile exited 0 but wrote no library")


def _publish(staging: Path, directory: Path) -> Path:
    """Renames ``staging`` to ``directory``, or returns the library another
    thread or process published there first."""
    for _ in range(3):
        try:
            # One rename publishes the library and its manifest together.
            os.rename(staging, directory)
            return directory / _LIBRARY
        except OSError as e:
            if e.errno not in (errno.EEXIST, errno.ENOTEMPTY, errno.ENOTDIR):
                raise
        # Theirs if intact; a damaged one is removed and ours takes its place.
        found = _lookup(directory)
        if found is not None:
            return found
    raise CompileError(f"wrapc: the cache entry {directory} was replaced by a damaged one while being published")


def _build(compiler: tuple[str, str], runtime: str | None, ir: str, opt_level: int, root: Path, key: str,
           target: str = "host", allow_file_dir: str | None = None) -> Path:
    """Builds ``ir`` into the cache entry ``key``; ``compiler`` is ("library",
    path) or ("tool", path)."""
    # A staging directory per build: threads of one process building the same
    # module shared `<key>.tmp<pid>` and broke each other's builds.
    try:
        staging = Path(tempfile.mkdtemp(dir=root, prefix=f"{key}.tmp"))
    except OSError as e:
        raise CompileError(f"wrapc: cannot write to the cache directory {root}: {e.strerror}") from None
    try:
        os.chmod(staging, 0o700)
        source = staging / "wrapper.mlir"
        library = staging / _LIBRARY
        _write_private(source, ir.encode())
        kind, path = compiler
        run = _run_library if kind == "library" else _run_wrapc
        run(path, runtime, source, library, opt_level, target, allow_file_dir)
        # What the tool wrote (the library, its C header) got modes from the umask.
        with os.scandir(staging) as written:
            for file in written:
                if file.is_file(follow_symlinks=False):
                    os.chmod(file.path, 0o600)
        # Written after the library, renamed with it. No fsync: an entry a
        # crash leaves damaged fails _lookup and is rebuilt.
        size, digest = _digest(library)
        _write_private(staging / _MANIFEST, json.dumps({"size": size, "sha256": digest}).encode())
        return _publish(staging, root / key)
    except OSError as e:
        raise CompileError(f"wrapc: cannot build the wrapper in the cache directory {root}: {e}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone already once published


def compile_module(ir: str, opt_level: int = 2, *, target: str = "host", allow_file_dir: str | None = None) -> Path:
    """A shared object for `ir`, built once per distinct module (cached by
    hash); any failure, of the tool or of the cache, is a CompileError.
    ``target="cuda"`` lowers GPU launches (kernel images embedded from the
    files the IR names, which must lie under ``allow_file_dir``: Triton's
    cubins, named by content hash)."""
    in_process = compiler_library()
    compiler = ("library", in_process) if in_process else ("tool", wrapc_binary())
    tool = compiler[1]
    # The compiler and the runtime it links in identify the build: the
    # runtime's path too, since a wrapper records the path it linked
    # (two environments' runtimes may share an mtime, as a wheel's do).
    runtime = runtime_library(tool)
    stamps = [os.path.getmtime(p) for p in (tool, runtime) if p and os.path.exists(p)]
    key = hashlib.sha256(f"{tool}\0{runtime}\0{stamps}\0O{opt_level}\0{target}\0{ir}".encode()).hexdigest()[:24]
    root = cache_dir()
    limit = cache_limit()
    library = _lookup(root / key)
    if library is not None:
        try:
            os.utime(library.parent)  # recently used: evicted last
        except OSError:
            pass
        return library
    library = _build(compiler, runtime, ir, opt_level, root, key, target, allow_file_dir)
    if _eviction_due(root, library.stat().st_size, limit):
        try:
            _evict(root, limit)
        except OSError:
            pass  # an unreadable cache directory must not fail a finished build
    return library


# Eviction reads every entry of the cache: run after each build, a process
# compiling thousands of graphs into a cache of thousands of entries spent
# most of its time there (the test suite's 500 random programs: minutes of
# stat calls). It runs after a process's first build into a cache
# directory, then when _EVICT_EVERY_S have passed or the bytes built since
# the last sweep reach 1/16 of the limit (a wrapper linking the runtime
# archive is about 2 MB: time alone could overshoot the bound by gigabytes).
_EVICT_EVERY_S = 60.0
_last_eviction: dict[Path, tuple[float, int]] = {}
_eviction_lock = threading.Lock()


def _eviction_due(root: Path, built: int, limit: int) -> bool:
    now = time.monotonic()
    with _eviction_lock:
        last = _last_eviction.get(root)
        if last is not None:
            when, since = last[0], last[1] + built
            if now - when < _EVICT_EVERY_S and since < limit // 16:
                _last_eviction[root] = (when, since)
                return False
        _last_eviction[root] = (now, 0)
        return True
