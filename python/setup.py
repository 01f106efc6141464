"""wrapc_torch: torch.compile(model, backend="wrapc").

The extension is built against the installed torch (its headers and
libraries), so build it where it runs: `pip install --no-build-isolation ./python`.
"""

from pathlib import Path

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

here = Path(__file__).resolve().parent
runtime_include = here.parent / "runtime" / "include"

setup(
    name="wrapc_torch",
    version="0.1.0",
    description="wrapc as a torch.compile backend: AOTAutograd's runtime wrapper as native code",
    packages=["wrapc_torch", "wrapc_torch._private"],
    ext_modules=[
        CppExtension(
            "wrapc_torch._C",
            ["wrapc_torch/csrc/module.cpp", "wrapc_torch/csrc/mirror.cpp", "wrapc_torch/csrc/extern.cpp"],
            include_dirs=[str(runtime_include), str(here / "wrapc_torch" / "csrc")],
            # Rebuilt when a header changes, not only a source.
            depends=["wrapc_torch/csrc/wrapper.h", str(runtime_include / "wrapc_runtime.h")],
            extra_compile_args=["-O2", "-fvisibility=hidden"],
            # Only PyInit__C and the graph trampoline are exported (_C.map).
            extra_link_args=[f"-Wl,--version-script={here / 'wrapc_torch' / '_C.map'}"],
        )
    ],
    cmdclass={"build_ext": BuildExtension.with_options(use_ninja=False)},
    entry_points={"torch_dynamo_backends": ["wrapc = wrapc_torch:backend"]},
    python_requires=">=3.10",
)
