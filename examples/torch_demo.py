"""wrapc's PyTorch front end, end to end on the CPU: a decode step that
updates its KV cache in place, run eagerly and through
torch.compile(backend="wrapc"), whose runtime wrapper (AOTAutograd's
epilogue: the cache write-back, version counters, grad mode, aliased
outputs) is native code wrapc compiled. Prints the imported wrap IR, the
effects side by side, and per-call times next to eager's and
torch.compile's."""

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
        native = wrapc_torch.compile(model, [x, pos])
        rows = [
            ("eager", per_call_us(model, (x, pos))),
            ("torch.compile (default, Inductor)", per_call_us(default, (x, pos))),
            ("torch.compile(backend='wrapc')", per_call_us(compiled, (x, pos))),
            ("wrapc_torch.compile (no Dynamo)", per_call_us(native, (x, pos))),
        ]
    for name, us in rows:
        print(f"   {name:36s} {us:8.2f}")
    print(f"   => wrapc_torch.compile is {rows[1][1] / rows[3][1]:.1f}x faster per call than torch.compile")


if __name__ == "__main__":
    main()
