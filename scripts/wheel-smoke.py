"""The wheel's smoke test (scripts/check-wheel.sh runs it in a fresh virtual
environment that sees only the wheel's requirements, PyTorch and numpy,
with PATH cut down to the environment's bin and CC unset): a model through backend="wrapc" and through the
Dynamo-free wrapc_torch.compile, every effect equal to eager's, compiled by
the bundled compiler library into wrappers that link the bundled runtime.

With --cuda (the GPU machine, scripts/gpu-torch.sh wheel), a model on CUDA
through backend="wrapc" with Inductor, whose wrapper program must import
natively; Triton builds its launcher with the C compiler, so that run keeps
one on PATH."""

import os
import shutil
import sys
import warnings
from pathlib import Path

import torch

import wrapc_torch
from wrapc_torch import _build

package = Path(wrapc_torch.__file__).resolve().parent


def check(ok, message):
    if not ok:
        sys.exit(f"wheel-smoke: {message}")


cuda = "--cuda" in sys.argv[1:]
check(package.is_relative_to(Path(sys.prefix).resolve()), f"wrapc_torch comes from {package}, not the environment")
for tool in [] if cuda else ("cc", "gcc", "g++", "clang", "ld", "ld.lld", "rustc", "cargo", "llvm-config", "wrapc"):
    check(shutil.which(tool) is None, f"{tool} is reachable ({shutil.which(tool)}); the test must run without it")
check(cuda or "CC" not in os.environ, "CC is set")
check("WRAPC" not in os.environ and "WRAPC_RUNTIME_LIB" not in os.environ, "WRAPC or WRAPC_RUNTIME_LIB is set")
check(_build.compiler_library() == str(package / "libwrapc_compiler.so"), "the bundled compiler library is not used")
# Any fallback to PyTorch's own path warns "wrapc: ..."; here it fails.
warnings.filterwarnings("error", message="wrapc:")


class Block(torch.nn.Module):
    """Parameters, a buffer the forward mutates, an input mutated in place,
    and an output that aliases an input: the wrapper's work, not just a call."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)
        self.norm = torch.nn.BatchNorm1d(8)
        self.register_buffer("calls", torch.zeros(()))

    def forward(self, x, scale):
        self.calls.add_(1)
        scale.mul_(2)
        h = torch.relu(self.norm(self.linear(x))) * scale
        return h, x.view(-1)


def run(model, x, scale, train):
    model.train(train)
    scale = scale.clone()
    x = x.clone().requires_grad_(train)
    h, flat = model(x, scale)
    if train:
        h.sum().backward()
    grads = [p.grad.clone() for p in model.parameters()] if train else []
    return [h.detach(), flat.detach(), scale, *[b.clone() for b in model.buffers()], *grads]


def same(a, b, what, rtol=1e-5, atol=1e-6):
    check(len(a) == len(b), f"{what}: {len(a)} results, eager has {len(b)}")
    for i, (u, v) in enumerate(zip(a, b)):
        check(u.shape == v.shape and torch.allclose(u, v, rtol=rtol, atol=atol), f"{what}: result {i} differs from eager")


torch.manual_seed(0)
x, scale = torch.randn(4, 8), torch.rand(8)
for train in (False, True):
    eager = Block()
    compiled = Block()
    compiled.load_state_dict(eager.state_dict())
    fn = torch.compile(compiled, backend="wrapc", options={"inner": "eager"})
    for step in range(3):
        same(run(fn, x, scale, train), run(eager, x, scale, train), f"backend='wrapc', train={train}, call {step}")
        for m in (eager, compiled):
            m.zero_grad(set_to_none=True)

# The Dynamo-free path on a function of tensors.
def f(a, b):
    b.add_(a)
    return torch.tanh(a @ b.T), a.t()


a, b = torch.randn(5, 5), torch.randn(5, 5)
native = wrapc_torch.compile(f, [a.clone(), b.clone()], inner="eager")
b1, b2 = b.clone(), b.clone()
same([*native(a, b1), b1], [*f(a, b2), b2], "wrapc_torch.compile")

if cuda:
    check(torch.cuda.is_available(), "--cuda without a GPU")
    mlp = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Linear(128, 64)).cuda()
    fn = torch.compile(mlp, backend="wrapc")
    wrapc_torch.import_log(clear=True)
    with torch.no_grad():
        for step in range(3):
            x = torch.randn(32, 64, device="cuda")
            # Inductor fuses the GELU: rounding differs from eager's kernels.
            same([fn(x)], [mlp(x)], f"CUDA with Inductor, call {step}", rtol=1e-4, atol=1e-5)
    log = wrapc_torch.import_log()
    check(log and all(entry["native"] for entry in log), f"the CUDA graph's wrapper program was not imported: {log}")

# What ran is the bundled compiler's work: wrappers in the cache, each
# linking the bundled runtime (the path recorded at link time).
wrappers = sorted(_build.cache_dir().rglob("libwrapper.so"))
check(wrappers, f"no compiled wrapper in {_build.cache_dir()}")
runtime = str(package / "libwrapc_runtime.so")
for library in wrappers:
    check(runtime.encode() in library.read_bytes(), f"{library} does not link the bundled runtime {runtime}")
how = "on CUDA too, Inductor's wrapper imported" if cuda else "linked without cc"
print(f"wheel-smoke: torch {torch.__version__}, {len(wrappers)} wrappers compiled in-process, {how}; "
      "backend='wrapc' (inference and training, 3 calls each) and wrapc_torch.compile equal eager")
