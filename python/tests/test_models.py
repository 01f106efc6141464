"""Three torch.nn models under backend="wrapc": outputs equal eager's, and
the KV-cache decode step's in-place cache update is visible to the caller.

Inner compilers: Inductor for the MLP and the decode step (the path users
get by default), "eager" for the TransformerEncoderLayer (Inductor's C++
compile of it takes minutes on CI's two cores and tests Inductor, not the
wrapper).
"""

from __future__ import annotations

import os
import warnings

import pytest
import torch

import wrapc_torch


# WRAPC_TEST_DEVICE=cuda runs the models on the GPU (scripts/gpu-torch.sh).
DEVICE = os.environ.get("WRAPC_TEST_DEVICE", "cpu")


@pytest.fixture(autouse=True)
def every_inductor_graph_is_native():
    """On the CPU, every Inductor inference graph these models compile has
    its wrapper program imported as native code: none silently keeps
    Inductor's Python wrapper (import_log says which did, and why)."""
    wrapc_torch.import_log(clear=True)
    yield
    kept = [e["reason"] for e in wrapc_torch.import_log(clear=True) if not e["native"]]
    if DEVICE == "cpu":
        assert kept == [], kept


def compiled(model, inner):
    return torch.compile(model, backend="wrapc", fullgraph=True, options={"inner": inner})


def no_fallback(caught):
    return not [w for w in caught if "wrapc: falling back" in str(w.message)]


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)
        )

    def forward(self, x):
        return self.net(x)


class DecodeStep(torch.nn.Module):
    """One decoding step of single-head attention with a KV cache updated in
    place (the buffers are the cache)."""

    def __init__(self, dim=8, max_len=16):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.out = torch.nn.Linear(dim, dim)
        self.register_buffer("k_cache", torch.zeros(max_len, dim))
        self.register_buffer("v_cache", torch.zeros(max_len, dim))
        self.register_buffer("mask", torch.full((max_len,), float("-inf")))

    def forward(self, x, pos):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        self.k_cache.index_copy_(0, pos, k)
        self.v_cache.index_copy_(0, pos, v)
        self.mask.index_fill_(0, pos, 0.0)
        scores = (self.k_cache @ q.squeeze(0)) / q.shape[-1] ** 0.5 + self.mask
        return self.out(scores.softmax(-1) @ self.v_cache)


def test_mlp_inductor():
    torch.manual_seed(0)
    model = MLP().eval().to(DEVICE)
    x = torch.randn(5, 16, device=DEVICE)
    fn = compiled(model, "inductor")
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        want = model(x)
        got = fn(x)
        got2 = fn(x * 2)
        want2 = model(x * 2)
    torch._dynamo.reset()
    assert no_fallback(caught)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(got2, want2, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("inner", ["inductor", "eager"])
def test_python_float_argument_that_changes_between_calls(inner):
    # The second call recompiles with the float dynamic: Dynamo passes it
    # as a 0-d tensor that the graph `.item()`s, and AOTAutograd's
    # inference path turns that back into tensor arithmetic before the
    # inner compiler (Inductor has no binding for the `.item()` otherwise).
    def scale(x, s):
        return (x * s).relu() + s

    fn = torch.compile(scale, backend="wrapc", options={"inner": inner})
    x = torch.randn(3, 4, device=DEVICE)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = [fn(x, s) for s in (2.5, 3.5, -1.25)]
    torch._dynamo.reset()
    assert no_fallback(caught)
    for value, s in zip(got, (2.5, 3.5, -1.25)):
        torch.testing.assert_close(value, scale(x, s))


def test_transformer_encoder_layer():
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True).eval().to(DEVICE)
    x = torch.randn(2, 5, 16, device=DEVICE)
    fn = compiled(layer, "eager")
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        want = layer(x)
        got = fn(x)
    torch._dynamo.reset()
    assert no_fallback(caught)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("inner", ["inductor", "eager"])
def test_decode_step_updates_the_cache_in_place(inner):
    torch.manual_seed(0)
    eager_model = DecodeStep().eval().to(DEVICE)
    model = DecodeStep().eval().to(DEVICE)
    model.load_state_dict(eager_model.state_dict())
    fn = compiled(model, inner)
    cache = model.k_cache
    cache_version = cache._version
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for step in range(3):
            x = torch.randn(1, 8, device=DEVICE)
            pos = torch.tensor([step], device=DEVICE)
            want = eager_model(x, pos)
            got = fn(x, pos)
            torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    torch._dynamo.reset()
    assert no_fallback(caught)
    # The caller's own buffers hold the new keys and values, in place.
    assert model.k_cache is cache
    torch.testing.assert_close(model.k_cache, eager_model.k_cache)
    torch.testing.assert_close(model.v_cache, eager_model.v_cache)
    torch.testing.assert_close(model.mask, eager_model.mask)
    assert cache._version - cache_version == 3


def test_dynamo_free_compile_of_a_model():
    torch.manual_seed(0)
    model = MLP().eval()
    x = torch.randn(5, 16)
    with torch.no_grad():
        native = wrapc_torch.compile(model, [x], inner="eager")
        torch.testing.assert_close(native(x), model(x))
        # The wrapper's own argument check, numbered as the caller numbers
        # its arguments (the model's lifted parameters come first inside).
        with pytest.raises(RuntimeError, match=r"argument #0: expected sizes \[5, 16\]"):
            native(torch.randn(3, 16))


def test_the_extension_exports_only_its_entry_points():
    # The extension is promoted to RTLD_GLOBAL so that compiled wrappers
    # find the graph trampoline; anything else it exported (C++ runtime or
    # template symbols) would interpose on libraries loaded later: cuDNN's
    # crashed at the first convolution after a wrapc call on the GPU.
    import subprocess

    from wrapc_torch import _C

    listing = subprocess.run(["nm", "-D", "--defined-only", _C.__file__], capture_output=True, text=True, check=True)
    names = sorted(line.split()[-1] for line in listing.stdout.splitlines() if line.strip())
    assert names == ["PyInit__C", "wrapc_torch_graph"]


def test_convolutions_before_and_after_a_wrapc_call():
    torch.manual_seed(0)
    conv = torch.nn.Conv2d(3, 4, 3).to(DEVICE).eval()
    x = torch.randn(1, 3, 8, 8, device=DEVICE)
    relu = torch.compile(torch.nn.ReLU(), backend="wrapc", options={"inner": "eager"})
    fn = compiled(conv, "eager")
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        relu(x)
        want = conv(x)  # eager, after a compiled wrapper was loaded and called
        got = fn(x.contiguous(memory_format=torch.channels_last))
    torch._dynamo.reset()
    assert no_fallback(caught)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
