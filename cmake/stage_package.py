#!/usr/bin/env python3
"""Stages what the CMake package installs (CMakeLists.txt at the root runs
this at build time): cargo builds the Rust parts, and their artifacts are
laid out under --out as they will be installed.

- lib/libWrapcMLIRPasses.a: wrapc-capi as a static library, holding only
  Rust code. rustc bundles every static library its dependencies link into
  a staticlib, and mlir-sys links all of MLIR statically: left in, a
  downstream tool that also links MLIR (as every MLIR tool does) would hold
  two copies of MLIR's registries and TypeIDs. They are taken out here, and
  the MLIR C API libraries the Rust code calls are named instead, as CMake
  targets of MLIR's own package (lib/cmake/WrapcMLIR/WrapcMLIRPassesDeps.cmake).
- the dialect (lib/libwrapc_mlir.a, headers, ODS, its exported CMake targets),
  as the dialect's CMake project (cmake/CMakeLists.txt) installed it into
  cargo's build directory.
- the runtime: lib/libwrapc_runtime.so and include/wrapc_runtime.h.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fail(message: str) -> None:
    print(f"stage_package: error: {message}", file=sys.stderr)
    sys.exit(1)


def cargo(args: list[str], cargo_bin: str) -> list[dict]:
    """Runs cargo with JSON messages; the messages, or exit on failure."""
    command = [cargo_bin, *args[:1], "--message-format=json", *args[1:]]
    done = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    messages = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    for message in messages:
        text = message.get("message", {}).get("rendered") if message.get("reason") == "compiler-message" else None
        if text and "native-static-libs" not in text and "following native artifacts" not in text:
            print(text, end="", file=sys.stderr)
    if done.returncode != 0:
        fail(f"{' '.join(command)} failed (exit code {done.returncode})")
    return messages


def artifact(messages: list[dict], package: str, suffix: str) -> Path:
    for message in messages:
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] == package:
            for name in message["filenames"]:
                if name.endswith(suffix):
                    return Path(name)
    fail(f"cargo built no {suffix} for {package}")
    raise AssertionError


def out_dir(messages: list[dict], package_name: str) -> Path:
    for message in messages:
        # "path+file:///…/dialects#wrapc-dialects@0.1.0" (cargo 1.77 on),
        # "wrapc-dialects 0.1.0 (path+file:///…)" before.
        package_id = message.get("package_id", "")
        if message.get("reason") == "build-script-executed" and (
            f"#{package_name}@" in package_id or package_id.startswith(f"{package_name} ")
        ):
            return Path(message["out_dir"])
    fail(f"cargo did not report the build directory of {package_name}")
    raise AssertionError


def read_archive(path: Path, bodies: bool = True) -> list[tuple[str, bytes]]:
    """The members of a System V / GNU ar archive, by name, in order (with
    empty bodies when `bodies` is false: only the headers are read)."""
    members, names = [], b""
    with path.open("rb") as archive:
        if archive.read(8) != b"!<arch>\n":
            fail(f"{path} is not an ar archive")
        while len(header := archive.read(60)) == 60:
            name, size = header[:16].decode().rstrip(), int(header[48:58].decode().strip())
            wanted = bodies or name == "//"
            body = archive.read(size) if wanted else b""
            archive.seek((0 if wanted else size) + (size & 1), os.SEEK_CUR)
            if name == "//":
                names = body
            elif name in ("/", "/SYM64/"):
                continue
            elif name.startswith("/") and name[1:].isdigit():
                start = int(name[1:])
                members.append((names[start : names.index(b"/\n", start)].decode(), body))
            else:
                members.append((name.rstrip("/"), body))
    return members


def rust_only_archive(staticlib: Path, bundled: list[Path], ar: str, destination: Path) -> None:
    """`destination`: `staticlib` without the members of the `bundled`
    archives (MLIR's, LLVM's, the dialect's), which rustc copied in. What
    stays is Rust code and the small C shims Rust crates build (llvm-sys's
    target initializers)."""
    foreign = {name for library in bundled for name, _ in read_archive(library, bodies=False)}
    kept = [(name, body) for name, body in read_archive(staticlib) if name.endswith(".rcgu.o") or name not in foreign]
    if not any(name.endswith(".rcgu.o") for name, _ in kept):
        fail(f"{staticlib} holds no Rust objects")
    with tempfile.TemporaryDirectory() as scratch:
        paths = []
        for index, (name, body) in enumerate(kept):
            # The index keeps two members of one name (two crates' shims) apart.
            path = Path(scratch) / f"{index:05}-{name}"
            path.write_bytes(body)
            paths.append(str(path))
        destination.unlink(missing_ok=True)
        subprocess.run([ar, "qcs", str(destination), *paths], check=True)


def symbols(archive: Path, nm: str, defined: bool) -> set[str]:
    flags = ["--defined-only"] if defined else ["--undefined-only"]
    done = subprocess.run([nm, "-g", "--format=just-symbols", *flags, str(archive)],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return {line.strip() for line in done.stdout.splitlines() if line.strip() and not line.endswith(":")}


def mlir_c_api_libraries(passes: Path, dialect: Path, libdir: Path, nm: str) -> list[str]:
    """The MLIR C API libraries (as MLIR's CMake targets) that define the
    MLIR functions the Rust objects call and neither archive defines."""
    needed = symbols(passes, nm, False) - symbols(passes, nm, True) - symbols(dialect, nm, True)
    needed = {name for name in needed if name.startswith("mlir")}
    libraries = []
    for library in sorted(libdir.glob("libMLIRCAPI*.a")):
        provided = symbols(library, nm, True) & needed
        if provided:
            libraries.append(library.name[3:-2])
            needed -= provided
    if needed:
        fail(f"no MLIR C API library defines {', '.join(sorted(needed)[:5])}")
    return libraries


def system_libraries(messages: list[dict], llvm_config: str) -> list[str]:
    """What rustc says the static library needs besides LLVM and MLIR and
    their own system libraries (z3, zstd, ...: LLVM's CMake targets carry
    those); the C runtime's libraries stay, Rust's standard library needs them."""
    done = subprocess.run([llvm_config, "--link-static", "--system-libs"], stdout=subprocess.PIPE, text=True)
    llvm_system = {flag[2:] for flag in done.stdout.split() if flag.startswith("-l")} - {"rt", "dl", "m", "pthread"}
    for message in messages:
        text = message.get("message", {}).get("rendered") or ""
        if "native-static-libs:" in text:
            flags = text.split("native-static-libs:", 1)[1].split()
            names = [flag[2:] for flag in flags if flag.startswith("-l")]
            keep = [
                n for n in names
                if not n.startswith(("LLVM", "MLIR", "Polly", "wrapc_mlir")) and n != "c" and n not in llvm_system
            ]
            return list(dict.fromkeys(keep))
    fail("rustc did not print the static library's native dependencies")
    raise AssertionError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--release", action="store_true")
    parser.add_argument("--cargo", default=os.environ.get("CARGO", "cargo"))
    parser.add_argument("--llvm-libdir", required=True, type=Path)
    parser.add_argument("--llvm-config", default="llvm-config")
    parser.add_argument("--ar", default="llvm-ar")
    parser.add_argument("--nm", default="llvm-nm")
    args = parser.parse_args()
    profile = ["--release"] if args.release else []

    # rustc prints the native dependencies only when it links the library,
    # not when cargo finds it fresh: this one crate is always relinked.
    subprocess.run([args.cargo, "clean", "-q", "-p", "wrapc-capi", *profile], cwd=ROOT, check=True)
    capi = cargo(["rustc", "-p", "wrapc-capi", *profile, "--crate-type", "staticlib", "--",
                  "--print", "native-static-libs"], args.cargo)
    runtime = cargo(["build", "-p", "wrapc-runtime", *profile], args.cargo)
    dialect_dir = out_dir(capi, "wrapc-dialects")

    out = args.out
    shutil.rmtree(out, ignore_errors=True)
    (out / "lib" / "cmake" / "WrapcMLIR").mkdir(parents=True)
    (out / "include").mkdir()
    # The dialect, as its own CMake project installed it.
    shutil.copytree(dialect_dir / "include" / "wrapc", out / "include" / "wrapc")
    shutil.copy2(dialect_dir / "lib" / "libwrapc_mlir.a", out / "lib")
    for exported in (dialect_dir / "lib" / "cmake" / "WrapcMLIR").iterdir():
        shutil.copy2(exported, out / "lib" / "cmake" / "WrapcMLIR")
    # The passes' C API.
    shutil.copy2(ROOT / "capi" / "include" / "wrapc" / "Passes.h", out / "include" / "wrapc")
    passes = out / "lib" / "libWrapcMLIRPasses.a"
    bundled = [out / "lib" / "libwrapc_mlir.a"] + sorted(
        path for pattern in ("libMLIR*.a", "libLLVM*.a", "libPolly*.a") for path in args.llvm_libdir.glob(pattern)
    )
    rust_only_archive(artifact(capi, "wrapc_capi", ".a"), bundled, args.ar, passes)
    c_api = mlir_c_api_libraries(passes, out / "lib" / "libwrapc_mlir.a", args.llvm_libdir, args.nm)
    system = system_libraries(capi, args.llvm_config)
    (out / "lib" / "cmake" / "WrapcMLIR" / "WrapcMLIRPassesDeps.cmake").write_text(
        "# Generated by cmake/stage_package.py: what libWrapcMLIRPasses.a calls.\n"
        f"set(WRAPC_MLIR_PASSES_MLIR_LIBS {';'.join(c_api)})\n"
        f"set(WRAPC_MLIR_PASSES_SYSTEM_LIBS {';'.join(system)})\n")
    # The runtime.
    shutil.copy2(artifact(runtime, "wrapc_runtime", ".so"), out / "lib" / "libwrapc_runtime.so")
    shutil.copy2(ROOT / "runtime" / "include" / "wrapc_runtime.h", out / "include")


if __name__ == "__main__":
    main()
