"""wrapc's PyTorch front end, end to end on the CPU: a decode step that
updates its KV cache in place, run eagerly and through
torch.compile(backend="wrapc"), whose runtime wrapper (AOTAutograd's
epilogue: the cache write-back, version counters, grad mode, aliased
outputs) and Inductor's wrapper program (allocations, its C++ kernels,
the extern matmuls) are one native function wrapc compiled: no Python runs
during a call. Prints the imported wrap IR, the effects side by side, and
per-call times next to eager's and torch.compile's."""

import os
import sys
import time
import warnings

import torch

import wrapc_torch


class DecodeStep(torch.nn.Module):
    def __init__(self, dim=8, max_len=16):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.register_buffer("k_cache", torch.zeros(max_len, dim))
        self.register_buffer("v_cache", torch.zeros(max_len, dim))

    def forward(self, x, pos):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        self.k_cache.index_copy_(0, pos, k)
        self.v_cache.index_copy_(0, pos, v)
        scores = self.k_cache @ q.squeeze(0)
        return scores.softmax(-1) @ self.v_cache, self.k_cache[: pos.numel()]


def per_call_us(fn, args, iters=2000):
    for _ in range(50):
        fn(*args)
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(iters):
            fn(*args)
        best = min(best, (time.perf_counter() - t0) / iters)
    return best * 1e6


def effects(model, out, version0):
    values, view = out
    return (
        f"out[:3]={[round(v, 4) for v in values[:3].tolist()]}  "
        f"k_cache[0,:3]={[round(v, 4) for v in model.k_cache[0, :3].tolist()]}  "
        f"k_cache version +{model.k_cache._version - version0}  "
        f"2nd output aliases k_cache: {view.untyped_storage().data_ptr() == model.k_cache.untyped_storage().data_ptr()}"
    )


def main():
    torch.manual_seed(0)
    eager = DecodeStep().eval()
    model = DecodeStep().eval()
    model.load_state_dict(eager.state_dict())
    x, pos = torch.randn(1, 8), torch.tensor([0])

    print("== 1. the runtime wrapper wrapc imports for this model (wrapc_torch.export)")
    with torch.no_grad():
        print(wrapc_torch.export(DecodeStep().eval(), x, pos))

    print("== 2. one call, eagerly and through torch.compile(backend='wrapc') (Inductor computes)")
    compiled = torch.compile(model, backend="wrapc", fullgraph=True)
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        v_eager, v_model = eager.k_cache._version, model.k_cache._version
        want = eager(x, pos)
        got = compiled(x, pos)
    fallbacks = [str(w.message) for w in caught if "wrapc: falling back" in str(w.message)]
    assert not fallbacks, fallbacks  # the native wrapper ran, not PyTorch's
    print("   eager:", effects(eager, want, v_eager))
    print("   wrapc:", effects(model, got, v_model))
    torch.testing.assert_close(got[0], want[0], rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(model.k_cache, eager.k_cache)
    print("   => same values, same in-place cache update, same aliasing")

    print("== 3. per-call host time (µs, best of 3 x 2000 calls, this machine)")
    with torch.no_grad():
        torch._dynamo.reset()
        default = torch.compile(model, fullgraph=True)
        wrapc_torch.import_log(clear=True)
        native = wrapc_torch.compile(model, [x, pos])
        (imported,) = wrapc_torch.import_log(clear=True)
        assert imported["native"], imported
        os.environ["WRAPC_INDUCTOR_WRAPPER"] = "python"
        python_wrapper = wrapc_torch.compile(model, [x, pos])
        del os.environ["WRAPC_INDUCTOR_WRAPPER"]
        calls = []
        sys.setprofile(lambda frame, event, arg: calls.append(event) if event in ("call", "c_call") else None)
        native(x, pos)
        sys.setprofile(None)
        rows = [
            ("eager", per_call_us(model, (x, pos))),
            ("torch.compile (default, Inductor)", per_call_us(default, (x, pos))),
            ("torch.compile(backend='wrapc')", per_call_us(compiled, (x, pos))),
            ("wrapc_torch.compile, Inductor's call()", per_call_us(python_wrapper, (x, pos))),
            ("wrapc_torch.compile, fully native", per_call_us(native, (x, pos))),
        ]
    counts = ", ".join(f"{n} {k}" for k, n in sorted(imported["counts"].items()))
    print(f"   Inductor's wrapper program, imported: {counts}")
    print(f"   Python functions run during one native call: {len(calls) - 1}")  # the profiler's own removal
    for name, us in rows:
        print(f"   {name:40s} {us:8.2f}")
    print(f"   => the fully native call is {rows[1][1] / rows[4][1]:.1f}x faster per call than torch.compile")


if __name__ == "__main__":
    main()
