"""Autograd at the edges of a compiled training graph: double backward,
``retain_graph``, hooks on outputs, saved-tensor hooks, checkpointing
around a compiled module, the determinism flag, and ``no_grad`` calls of a
graph compiled for training. Each behaves under wrapc's wrapper as under
PyTorch's own (``aot_autograd`` with the graph run as traced), on the Dynamo
path (``backend="wrapc"``) and the Dynamo-free one (``wrapc_torch.compile``):
the same values, gradients, errors and hook calls."""

from __future__ import annotations

import pytest
import torch
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

import wrapc_torch
from test_functions import DEVICE

REFERENCE = aot_autograd(fw_compiler=lambda gm, _: make_boxed_func(gm.forward),
                         bw_compiler=lambda gm, _: make_boxed_func(gm.forward))
PATHS = ["reference", "dynamo", "direct"]


def _f(x, w):
    return ((x @ w).tanh() * 2.0, (x * w.sum()).sin())


def _inputs(x_requires_grad=False):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(4, 3, generator=g).to(DEVICE).requires_grad_(x_requires_grad)
    w = torch.randn(3, 3, generator=g).to(DEVICE).requires_grad_()
    return x, w


def _compiled(fn, path, example):
    torch._dynamo.reset()
    if path == "reference":
        return torch.compile(fn, backend=REFERENCE, fullgraph=True)
    if path == "dynamo":
        return torch.compile(fn, backend="wrapc", fullgraph=True, options={"inner": "eager"})
    return wrapc_torch.compile(fn, list(example), inner="eager")


def _outcome(run):
    """What ``run()`` returned, or its error's type and first line."""
    try:
        return run()
    except Exception as e:  # noqa: BLE001 - the error is the outcome compared
        return (type(e).__name__, str(e).splitlines()[0] if str(e) else "")


def _same(got, want):
    if isinstance(want, torch.Tensor):
        assert isinstance(got, torch.Tensor), (got, want)
        torch.testing.assert_close(got, want)
    elif isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        assert got == want


def _each_path(case, paths=PATHS, make=_inputs):
    """``case(compiled)`` per path; wrapc's two paths compared with PyTorch's
    wrapper (and, where it gives values, with eager)."""
    outcomes = {}
    for path in paths:
        x, w = make()
        outcomes[path] = _outcome(lambda: case(_compiled(_f, path, (x, w)), x, w))
    x, w = make()
    eager = _outcome(lambda: case(_f, x, w))
    for path in paths[1:]:
        _same(outcomes[path], outcomes["reference"])
    return outcomes["reference"], eager


def _double_backward(fn, x, w):
    out = fn(x, w)[0].sum()
    (g,) = torch.autograd.grad(out, w, create_graph=True)
    g.pow(2).sum().backward()
    return w.grad.clone()


def test_double_backward_raises_pytorchs_error():
    # x requires grad too: backward reads w, saved from the forward, so its
    # result is differentiable in eager and PyTorch's node is asked for it.
    ref, eager = _each_path(_double_backward, make=lambda: _inputs(x_requires_grad=True))
    assert ref[0] == "RuntimeError" and "double backward" in ref[1], ref
    assert isinstance(eager, torch.Tensor)


def _backward_twice(retain):
    def case(fn, x, w):
        loss = sum(o.sum() for o in fn(x, w))
        loss.backward(retain_graph=retain)
        first = w.grad.clone()
        loss.backward()
        return first, w.grad.clone()

    return case


@pytest.mark.parametrize("retain", [True, False], ids=["retain-graph", "freed"])
def test_a_second_backward_needs_retain_graph(retain):
    ref, eager = _each_path(_backward_twice(retain))
    if retain:
        _same(ref, eager)
        torch.testing.assert_close(ref[1], 2 * ref[0])
    else:
        assert ref[0] == "RuntimeError" and eager[0] == "RuntimeError", (ref, eager)


def _output_hooks(fn, x, w):
    seen = []
    outs = fn(x, w)
    for j, o in enumerate(outs):
        o.register_hook(lambda g, j=j: seen.append((j, g.clone())))
    outs[0].register_hook(lambda g: g * 3.0)  # a hook's result replaces the gradient
    sum((o * (j + 1)).sum() for j, o in enumerate(outs)).backward()
    return sorted(seen, key=lambda s: s[0]), w.grad.clone()


def test_hooks_on_outputs_see_and_change_the_gradient():
    ref, eager = _each_path(_output_hooks)
    _same(ref, eager)


def _saved_tensor_hooks(fn, x, w):
    packed, unpacked = [], []

    def pack(t):
        packed.append(tuple(t.shape))
        return t * 1.0  # a copy: unpack must hand back what backward needs

    def unpack(t):
        unpacked.append(tuple(t.shape))
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        outs = fn(x, w)
    sum(o.sum() for o in outs).backward()
    return len(packed) > 0, len(packed) == len(unpacked), w.grad.clone()


def test_saved_tensor_hooks_pack_and_unpack_what_backward_saves():
    ref, eager = _each_path(_saved_tensor_hooks)
    assert ref[:2] == (True, True), ref
    _same(ref[2], eager[2])


def _deterministic_flag(at_forward):
    """The forward (compile and call) under ``at_forward``, the backward
    under the other setting."""

    def case(fn, x, w):
        was = torch.are_deterministic_algorithms_enabled()
        try:
            torch.use_deterministic_algorithms(at_forward)
            outs = fn(x, w)
            torch.use_deterministic_algorithms(not at_forward)
            sum(o.sum() for o in outs).backward()
        finally:
            torch.use_deterministic_algorithms(was)
        return w.grad.clone()

    return case


@pytest.mark.parametrize("at_forward", [False, True], ids=["turned-on-for-backward", "turned-off-for-backward"])
def test_the_deterministic_flag_is_checked_at_backward_as_pytorch_checks_it(at_forward):
    # PyTorch's backward refuses to run deterministic where its forward's
    # graph was not made so; the other way round it runs.
    ref, eager = _each_path(_deterministic_flag(at_forward))
    assert torch.are_deterministic_algorithms_enabled() is False
    if at_forward:
        _same(ref, eager)
    else:
        assert ref[0] == "RuntimeError" and "use_deterministic_algorithms(True)" in ref[1], ref
        assert isinstance(eager, torch.Tensor)


def _no_grad_call(fn, x, w):
    with torch.no_grad():
        outs = fn(x, w)
    return [(o.requires_grad, o.grad_fn is None) for o in outs], [o.clone() for o in outs], torch.is_grad_enabled()


def test_a_no_grad_call_of_a_training_graph():
    # Dynamo guards the grad mode and compiles an inference graph for the
    # call; the Dynamo-free path checks it in Dynamo's place and refuses,
    # naming the way out (compile again under no_grad).
    ref, eager = _each_path(_no_grad_call, paths=PATHS[:2])
    _same(ref, eager)
    x, w = _inputs()
    compiled = _compiled(_f, "direct", (x, w))
    with torch.no_grad(), pytest.raises(RuntimeError, match="compile it again under this grad mode"):
        compiled(x, w)
    assert torch.is_grad_enabled()


class _Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x).relu() * 2.0


@pytest.mark.parametrize("path", PATHS[1:])
def test_checkpointing_around_a_compiled_module(path):
    def grads(compile_it):
        torch.manual_seed(0)
        block = _Block().to(DEVICE)
        x = torch.randn(4, 3, device=DEVICE, requires_grad=True)
        inner = block
        if compile_it == "dynamo":
            torch._dynamo.reset()
            inner = torch.compile(block, backend="wrapc", options={"inner": "eager"})
        elif compile_it == "direct":
            inner = wrapc_torch.compile(block, [x.detach().requires_grad_()], inner="eager")
        out = torch.utils.checkpoint.checkpoint(inner, x, use_reentrant=False)
        out.sum().backward()
        return x.grad.clone(), block.lin.weight.grad.clone(), block.lin.bias.grad.clone()

    _same(grads(path), grads(None))


# A training graph runs under autograd's view replay, as PyTorch's does; the
# caller's setting comes back after the call, also when the graph raises.
@pytest.mark.parametrize("path", PATHS[1:])
@pytest.mark.parametrize("caller", [False, True], ids=["off", "on"])
def test_the_callers_view_replay_setting_is_left_as_it_was(path, caller):
    if DEVICE == "cuda":
        pytest.skip("an index out of range on CUDA is a device-side assert, which ends the process's CUDA context")
    def f(x, w, index):
        return ((x @ w).index_select(0, index).view(-1),)

    x, w = _inputs()
    good, bad = torch.tensor([0, 2], device=DEVICE), torch.tensor([0, 9], device=DEVICE)
    torch._dynamo.reset()
    if path == "dynamo":
        compiled = torch.compile(f, backend="wrapc", fullgraph=True, options={"inner": "eager"})
    else:
        compiled = wrapc_torch.compile(f, [x, w, good], inner="eager")
    with torch.autograd._force_original_view_tracking(caller):
        compiled(x, w, good)
        assert torch._C._is_view_replay_enabled() is caller
        with pytest.raises((IndexError, RuntimeError)):
            compiled(x, w, bad)
        assert torch._C._is_view_replay_enabled() is caller
    assert torch._C._is_view_replay_enabled() is False
