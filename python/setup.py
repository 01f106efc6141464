"""wrapc_torch: torch.compile(model, backend="wrapc").

The extension is built against the installed torch (its headers and
libraries), so build it where it runs: `pip install --no-build-isolation ./python`
(an editable install of the checkout, `make python`), or `make wheel`, which
bundles the compiler library and the runtime (scripts/build-wheel.sh).
"""

import os
import re
import shutil
from pathlib import Path

import torch
from setuptools import setup
from setuptools.command.build_py import build_py
from torch.utils.cpp_extension import BuildExtension, CppExtension

here = Path(__file__).resolve().parent
runtime_include = here.parent / "runtime" / "include"

# What a wheel carries beside the package (scripts/build-wheel.sh stages them
# in $WRAPC_BUNDLE_DIR): the in-process compiler, the one runtime every
# compiled wrapper links, and the licenses of what the compiler embeds.
# _build.compiler_library and _build.runtime_library look for them there.
BUNDLED = ("libwrapc_compiler.so", "libwrapc_runtime.so")
LICENSES = "_licenses"


def workspace_version() -> str:
    """The version of every crate (Cargo.toml's [workspace.package]): one
    version for the toolchain and the backend."""
    text = (here.parent / "Cargo.toml").read_text()
    section = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version\s*=\s*"([^"]+)"', section, re.M).group(1)


def torch_requirement() -> str:
    """The extension is compiled against this torch's C++ ABI, which changes
    between minor releases: the wheel requires the same minor release."""
    major, minor = torch.__version__.split(".")[:2]
    return f"torch=={major}.{minor}.*"


class BuildPy(build_py):
    """Copies the bundled libraries into the package when a wheel is built
    ($WRAPC_BUNDLE_DIR), and removes them otherwise, so that a stale copy in
    the build directory never ships."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "wrapc_torch"
        bundle = os.environ.get("WRAPC_BUNDLE_DIR")
        for name in (*BUNDLED, LICENSES):
            path = target / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
            if not bundle:
                continue
            source = Path(bundle) / name
            if not source.exists():
                raise SystemExit(f"setup.py: WRAPC_BUNDLE_DIR={bundle} has no {name} (run scripts/build-wheel.sh)")
            if source.is_dir():
                shutil.copytree(source, path)
            else:
                shutil.copy2(source, path)


setup(
    name="wrapc-torch",
    version=workspace_version(),
    description="wrapc as a torch.compile backend: AOTAutograd's runtime wrapper as native code",
    long_description=(here / "README.md").read_text(),
    long_description_content_type="text/markdown",
    license="Apache-2.0 WITH LLVM-exception",
    license_files=["LICENSE"],
    classifiers=[
        "Development Status :: 3 - Alpha",
        "Intended Audience :: Developers",
        "Intended Audience :: Science/Research",
        "Operating System :: POSIX :: Linux",
        "Programming Language :: C++",
        "Programming Language :: Python :: 3",
        "Programming Language :: Python :: 3 :: Only",
        "Programming Language :: Rust",
        "Topic :: Scientific/Engineering :: Artificial Intelligence",
        "Topic :: Software Development :: Compilers",
    ],
    keywords=["pytorch", "torch.compile", "mlir", "llvm", "compiler"],
    packages=["wrapc_torch", "wrapc_torch._private"],
    ext_modules=[
        CppExtension(
            "wrapc_torch._C",
            ["wrapc_torch/csrc/module.cpp", "wrapc_torch/csrc/mirror.cpp", "wrapc_torch/csrc/extern.cpp",
             "wrapc_torch/csrc/subclass.cpp", "wrapc_torch/csrc/autograd.cpp"],
            include_dirs=[str(runtime_include), str(here / "wrapc_torch" / "csrc")],
            # Rebuilt when a header changes, not only a source.
            depends=["wrapc_torch/csrc/wrapper.h", "wrapc_torch/csrc/autograd.h", str(runtime_include / "wrapc_runtime.h")],
            extra_compile_args=["-O2", "-fvisibility=hidden"],
            # Only PyInit__C and the graph trampoline are exported (_C.map).
            extra_link_args=[f"-Wl,--version-script={here / 'wrapc_torch' / '_C.map'}"],
        )
    ],
    cmdclass={"build_ext": BuildExtension.with_options(use_ninja=False), "build_py": BuildPy},
    entry_points={"torch_dynamo_backends": ["wrapc = wrapc_torch:backend"]},
    # numpy: on CUDA, Inductor's FX wrapper route (the native import) needs
    # it through Triton, though torch itself does not require it; without it
    # every CUDA graph fell back to Inductor's Python wrapper (seen on the
    # H200: "ModuleNotFoundError: No module named 'numpy'").
    install_requires=[torch_requirement(), "numpy"],
    python_requires=">=3.10",
    zip_safe=False,
)
