"""The C++ autograd node of a compiled training graph (csrc/autograd.cpp):
what AOTAutograd's ``CompiledFunction`` does, natively, on both paths
(``backend="wrapc"`` and ``wrapc_torch.compile``). Values and gradients are
compared with eager and PyTorch's own wrapper in test_training.py and
test_autograd_edges.py, which run through this node; here: that the node is
the one the graph gets, that PyTorch's Python wrapper no longer runs per
step, and what the node owns (saved tensors and their version checks,
tangent layouts, symbolic sizes, no reference cycles, the fallback)."""

from __future__ import annotations

import gc
import sys
import weakref

import pytest
import torch
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd
from torch.testing._internal.two_tensor import TwoTensor

import wrapc_torch
from test_functions import DEVICE

REFERENCE = aot_autograd(fw_compiler=lambda gm, _: make_boxed_func(gm.forward),
                         bw_compiler=lambda gm, _: make_boxed_func(gm.forward))
PATHS = ["dynamo", "direct"]
# PyTorch's Python layers a call would run through without the node.
PYTORCH_WRAPPER = ("_aot_autograd/runtime_wrappers.py", "torch/autograd/function.py")


def _python_run(call):
    """``call()``'s result and the Python functions it ran, as
    ``file:function`` (sys.setprofile's "call" events)."""
    ran: set[str] = set()
    own = getattr(call, "__code__", None)  # the lambda a test passes is not what it measures

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is not own:
            ran.add(frame.f_code.co_filename.replace("\\", "/") + ":" + frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        result = call()
    finally:
        sys.setprofile(None)
    return result, ran


def _files(ran):
    return {f.rsplit(":", 1)[0] for f in ran}


def _compiled(fn, args, path, inner="eager", **kwargs):
    torch._dynamo.reset()
    if path == "reference":
        return torch.compile(fn, backend=REFERENCE, fullgraph=True, **kwargs)
    if path == "dynamo":
        return torch.compile(fn, backend="wrapc", fullgraph=True, options={"inner": inner}, **kwargs)
    return wrapc_torch.compile(fn, args, inner=inner)


def _mlp():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(6, 12), torch.nn.Tanh(), torch.nn.Linear(12, 3)).to(DEVICE)


def _step(model, compiled, x, opt):
    opt.zero_grad()
    loss = compiled(x).square().sum()
    loss.backward()
    opt.step()
    return loss.detach()


@pytest.mark.parametrize("path", PATHS)
def test_a_training_graph_gets_the_cpp_node(path):
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    out = _compiled(model, (x,), path)(x)
    node = out.grad_fn
    # Not PyTorch's Python class (a BackwardCFunction), under its name.
    assert not isinstance(node, torch.autograd.function.BackwardCFunction)
    assert type(node).__name__ == "CompiledFunctionBackward" and node.name() == "CompiledFunctionBackward"
    # One edge per graph argument: the parameters' accumulators, and none
    # for the input that does not require grad.
    edges = [type(f).__name__ if f is not None else None for f, _ in node.next_functions]
    assert edges.count("AccumulateGrad") == 4 and edges.count(None) == 1


@pytest.mark.parametrize("inner", ["eager", "inductor"])
@pytest.mark.parametrize("path", PATHS)
def test_training_steps_match_eager(path, inner):
    model, reference = _mlp(), _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = _compiled(model, (x,), path, inner=inner)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    opt_ref = torch.optim.SGD(reference.parameters(), lr=0.1)
    for _ in range(4):
        got, want = _step(model, compiled, x, opt), _step(reference, reference, x, opt_ref)
        torch.testing.assert_close(got, want)
    for p, q in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(p, q)


@pytest.mark.parametrize("path", PATHS)
def test_no_python_of_pytorchs_wrapper_runs_per_step_after_the_first_backward(path):
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = _compiled(model, (x,), path)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    _step(model, compiled, x, opt)  # the first backward compiles the backward graph
    _, ran = _python_run(lambda: [_step(model, compiled, x, opt) for _ in range(3)])
    assert ran, "the profiler saw nothing"
    assert not [f for f in _files(ran) if f.endswith(PYTORCH_WRAPPER)]


@pytest.mark.parametrize("path", ["reference", *PATHS])
def test_a_saved_input_changed_in_place_fails_the_backward_as_pytorch_does(path):
    def f(x, w):
        return (x * w).sum()

    x = torch.randn(5, device=DEVICE)
    w = torch.randn(5, device=DEVICE, requires_grad=True)
    loss = _compiled(f, (x, w), path)(x, w)
    x.add_(1)  # the backward needs x as it was
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()


@pytest.mark.parametrize("path", PATHS)
def test_a_tangent_in_another_layout_is_coerced_to_the_traced_one(path):
    def f(x, w):
        return (x @ w).relu()

    gen = torch.Generator().manual_seed(1)
    x = torch.randn(4, 3, generator=gen).to(DEVICE)
    w = torch.randn(3, 5, generator=gen).to(DEVICE)
    grads = []
    for compiled in (f, _compiled(f, (x, w.clone().requires_grad_(True)), path)):
        wr = w.clone().requires_grad_(True)
        out = compiled(x, wr)
        # A transposed (non-contiguous) and an expanded gradient.
        out.backward(torch.ones(5, 4, device=DEVICE).t())
        first = wr.grad.clone()
        wr.grad = None
        compiled(x, wr).backward(torch.tensor(2.0, device=DEVICE).expand(4, 5))
        grads.append((first, wr.grad))
    torch.testing.assert_close(grads[1], grads[0])


@pytest.mark.parametrize("path", ["reference", *PATHS])
def test_an_output_saved_for_backward_leaves_no_reference_cycle(path):
    def f(x):
        return x.exp()  # exp's backward needs its own output

    x = torch.randn(3, device=DEVICE, requires_grad=True)
    compiled = _compiled(f, (x,), path)
    compiled(x).sum().backward()
    gc.collect()
    gc.disable()
    try:
        out = compiled(x)
        ref = weakref.ref(out)
        node = weakref.ref(out.grad_fn) if path == "reference" else None
        del out
        assert ref() is None
        del node
    finally:
        gc.enable()


def _same_weight_gradient(f, compiled, x, w, grad):
    """``w``'s gradient through ``compiled`` equals eager's, for the output
    gradient ``grad`` (in whatever layout it comes)."""
    grads = []
    for fn in (f, compiled):
        wr = w.clone().requires_grad_(True)
        fn(x, wr).backward(grad)
        grads.append(wr.grad)
    torch.testing.assert_close(grads[1], grads[0])


def test_a_tangent_of_a_symbolic_output_is_made_contiguous_as_traced():
    # Under dynamic shapes AOTAutograd records a memory format, not sizes
    # and strides: an expanded or transposed gradient is made contiguous.
    def f(x, w):
        return (x @ w).tanh()

    gen = torch.Generator().manual_seed(3)
    w = torch.randn(3, 5, generator=gen).to(DEVICE)
    torch._dynamo.reset()
    compiled = torch.compile(f, backend="wrapc", dynamic=True, fullgraph=True)
    for n in (4, 6):
        x = torch.randn(n, 3, generator=gen).to(DEVICE)
        for grad in (torch.tensor(2.0, device=DEVICE).expand(n, 5), torch.ones(5, n, device=DEVICE).t()):
            _same_weight_gradient(f, compiled, x, w, grad)


def test_symbolic_sizes_are_saved_and_passed_to_the_backward():
    def f(x, w):
        return (x.reshape(-1, 2) * w).sum(0) / x.shape[0]

    gen = torch.Generator().manual_seed(2)
    w = torch.randn(2, generator=gen).to(DEVICE)
    torch._dynamo.reset()
    compiled = torch.compile(f, backend="wrapc", dynamic=True, fullgraph=True)
    for n in (4, 6, 10):
        x = torch.randn(n, generator=gen).to(DEVICE)
        wants = []
        for fn in (f, compiled):
            wr = w.clone().requires_grad_(True)
            xr = x.clone().requires_grad_(True)
            out = fn(xr, wr)
            out.sum().backward()
            wants.append((out.detach(), xr.grad, wr.grad))
        torch.testing.assert_close(wants[1], wants[0])


@pytest.mark.parametrize("path", PATHS)
def test_a_subclass_graph_keeps_pytorchs_function(path):
    # CompiledFunction unwraps subclass tangents and rewraps gradients in
    # Python; the node does not model that, so such a graph keeps it.
    def f(x):
        return x.sin() * 2

    x = TwoTensor(torch.randn(3), torch.randn(3)).requires_grad_(True)
    out = _compiled(f, (x,), path)(x)
    assert isinstance(out.grad_fn, torch.autograd.function.BackwardCFunction)
    out.sum().backward()
    torch.testing.assert_close(x.grad.a, (x.a.cos() * 2).detach())


def test_the_ab_switch_keeps_pytorchs_function(monkeypatch):
    monkeypatch.setenv("WRAPC_AUTOGRAD_NODE", "python")
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    out = wrapc_torch.compile(model, (x,))(x)
    assert isinstance(out.grad_fn, torch.autograd.function.BackwardCFunction)


def test_compiled_autograd_turned_on_keeps_pytorchs_function():
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    with torch._dynamo.config.patch(compiled_autograd=True):
        out = wrapc_torch.compile(model, (x,))(x)
    assert isinstance(out.grad_fn, torch.autograd.function.BackwardCFunction)


def test_a_backward_under_compiled_autograd_through_the_node_names_the_way_out():
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    loss = wrapc_torch.compile(model, (x,))(x).sum()
    with torch._dynamo.compiled_autograd._enable(torch.compile(backend="eager")):
        with pytest.raises(RuntimeError, match="WRAPC_AUTOGRAD_NODE=python"):
            loss.backward()
    assert torch.is_grad_enabled()


def test_threads_train_through_one_compiled_graph_at_once():
    # Nodes of one graph run their backwards on several threads; the first
    # backward compiles the backward graph once, under the GIL.
    import threading

    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = wrapc_torch.compile(model, (x,))
    inputs = [torch.randn(4, 6, generator=torch.Generator().manual_seed(i)).to(DEVICE) for i in range(8)]
    want = []
    for inp in inputs:
        w = torch.autograd.grad(model(inp).square().sum(), list(model.parameters()))
        want.append(w)
    got: list = [None] * len(inputs)
    errors: list = []

    def work(k):
        try:
            for _ in range(5):
                got[k] = torch.autograd.grad(compiled(inputs[k]).square().sum(), list(model.parameters()))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(inputs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w)


def test_an_inductor_training_forward_runs_without_python():
    # The forward graph is compiled again through the native import: the
    # node calls it, not Inductor's Python call() (native_training_forward).
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = wrapc_torch.compile(model, (x,), inner="inductor")
    compiled(x).sum().backward()
    out, ran = _python_run(lambda: compiled(x))
    assert out.grad_fn.name() == "CompiledFunctionBackward"
    assert not ran


def test_an_inductor_training_forward_under_dynamo_runs_no_wrapper_python():
    # backend="wrapc": the forward graph is compiled again outside Dynamo's
    # trace (its own fake mode and shapes): per call only Dynamo's own
    # frames run (its guards, its frame hook), not Inductor's call(),
    # AOTAutograd's wrappers or wrapc's Python; steps equal eager's.
    model, reference = _mlp(), _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = _compiled(model, (x,), "dynamo", inner="inductor")
    opts = [torch.optim.SGD(m.parameters(), lr=0.1) for m in (model, reference)]
    for _ in range(3):
        torch.testing.assert_close(_step(model, compiled, x, opts[0]), _step(reference, reference, x, opts[1]))
    out, ran = _python_run(lambda: compiled(x))
    assert out.grad_fn.name() == "CompiledFunctionBackward"
    assert ran, "the profiler saw nothing"
    outside_dynamo = [f for f in _files(ran) if "/torch/_dynamo/" not in f and not f.endswith("_guards.py")]
    assert not [f for f in outside_dynamo if "torchinductor" in f or "/wrapc_torch/" in f
                or f.endswith(PYTORCH_WRAPPER)], sorted(outside_dynamo)


def test_an_inductor_training_forward_keeps_pytorchs_call_where_the_import_is_off(monkeypatch):
    monkeypatch.setenv("WRAPC_INDUCTOR_WRAPPER", "python")
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = wrapc_torch.compile(model, (x,), inner="inductor")
    compiled(x).sum().backward()
    _, ran = _python_run(lambda: compiled(x))
    assert ran  # Inductor's call()


# The backward entry point (wrap.backward_wrapper, _backward.py): with
# WRAPC_BACKWARD_ENTRY=wrap, built at the first backward, run from the
# second on; without, the node's own prologue (the default, for memory).


def _eager_and_compiled_steps(path, steps=4):
    model, reference = _mlp(), _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = _compiled(model, (x,), path)
    opts = [torch.optim.SGD(m.parameters(), lr=0.1) for m in (model, reference)]
    for _ in range(steps):
        torch.testing.assert_close(_step(model, compiled, x, opts[0]), _step(reference, reference, x, opts[1]))
    return model, reference


@pytest.fixture
def entry(monkeypatch):
    monkeypatch.setenv("WRAPC_BACKWARD_ENTRY", "wrap")


@pytest.mark.parametrize("path", PATHS)
def test_the_second_backward_runs_the_graphs_backward_entry(path, entry):
    wrapc_torch.backward_log(clear=True)
    model, reference = _eager_and_compiled_steps(path)
    # One graph, one entry, built at the first backward.
    assert wrapc_torch.backward_log() == [{"native": True, "reason": ""}]
    for p, q in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(p, q)


def test_no_python_of_wrapc_runs_in_a_backward_after_the_first(entry):
    # The inductor inner: the backward graph is Inductor's call(), the only
    # Python a later backward runs.
    model = _mlp()
    x = torch.randn(4, 6, device=DEVICE)
    compiled = _compiled(model, (x,), "direct", inner="inductor")
    compiled(x).sum().backward()  # the first backward builds the entry
    loss = compiled(x).sum()
    _, ran = _python_run(loss.backward)
    assert ran, "the profiler saw nothing"
    ran = _files(ran)
    assert not [f for f in ran if "/wrapc_torch/" in f or f.endswith(PYTORCH_WRAPPER)], sorted(ran)


def test_by_default_the_node_keeps_its_own_prologue_and_says_why(monkeypatch):
    monkeypatch.delenv("WRAPC_BACKWARD_ENTRY", raising=False)
    wrapc_torch.backward_log(clear=True)
    _eager_and_compiled_steps("direct", steps=2)
    (logged,) = wrapc_torch.backward_log()
    assert not logged["native"] and "WRAPC_BACKWARD_ENTRY=wrap" in logged["reason"]


@pytest.mark.parametrize("path", PATHS)
def test_the_entry_passes_no_gradient_where_autograd_has_none(path, entry):
    # An integer output autograd has no gradient for (dropped, passed as
    # None), an input that requires none (the graph returns None for it),
    # and an output used or not by the loss.
    def f(x, w):
        y = x @ w
        return y.relu(), y.argmax(1), y.sum(0)

    gen = torch.Generator().manual_seed(4)
    x = torch.randn(4, 3, generator=gen).to(DEVICE)
    w = torch.randn(3, 5, generator=gen).to(DEVICE)
    wrapc_torch.backward_log(clear=True)
    compiled = _compiled(f, (x, w.clone().requires_grad_(True)), path)
    for use_third in (True, False, True):
        grads = []
        for fn in (f, compiled):
            wr = w.clone().requires_grad_(True)
            relu, index, total = fn(x, wr)
            assert index.grad_fn is None and not index.requires_grad
            loss = relu.square().sum() + (total.sum() if use_third else 0)
            loss.backward()
            grads.append(wr.grad)
        torch.testing.assert_close(grads[1], grads[0])
    assert [e["native"] for e in wrapc_torch.backward_log()] == [True]


def test_the_entry_takes_saved_symbolic_ints_and_any_size(entry):
    def f(x, w):
        return (x.reshape(-1, 2) * w).tanh().sum(0) / x.shape[0]

    gen = torch.Generator().manual_seed(5)
    w = torch.randn(2, generator=gen).to(DEVICE)
    torch._dynamo.reset()
    wrapc_torch.backward_log(clear=True)
    compiled = torch.compile(f, backend="wrapc", dynamic=True, fullgraph=True)
    for n in (4, 6, 10, 4, 8):
        x = torch.randn(n, generator=gen).to(DEVICE)
        wants = []
        for fn in (f, compiled):
            wr = w.clone().requires_grad_(True)
            xr = x.clone().requires_grad_(True)
            fn(xr, wr).sum().backward()
            wants.append((xr.grad, wr.grad))
        torch.testing.assert_close(wants[1], wants[0])
    assert wrapc_torch.backward_log() and all(e["native"] for e in wrapc_torch.backward_log())


@pytest.mark.parametrize("path", PATHS)
def test_the_entry_coerces_a_channels_last_gradient_as_traced(path, entry):
    # A 4-d output traced contiguous, given gradients in channels-last,
    # transposed and expanded layouts, twice each (the second through the
    # entry).
    def f(x, w):
        return (x * w).sin()

    gen = torch.Generator().manual_seed(6)
    x = torch.randn(2, 3, 4, 5, generator=gen).to(DEVICE)
    w = torch.randn(2, 3, 4, 5, generator=gen).to(DEVICE)
    compiled = _compiled(f, (x, w.clone().requires_grad_(True)), path)
    layouts = [
        torch.randn(2, 3, 4, 5, generator=gen).to(DEVICE).contiguous(memory_format=torch.channels_last),
        torch.randn(5, 4, 3, 2, generator=gen).to(DEVICE).permute(3, 2, 1, 0),
        torch.tensor(0.5, device=DEVICE).expand(2, 3, 4, 5),
    ]
    for grad in layouts * 2:
        _same_weight_gradient(f, compiled, x, w, grad)


@pytest.mark.parametrize("path", PATHS)
def test_retain_graph_calls_the_entry_again_with_the_same_saved_values(path, entry):
    def f(x, w):
        return (x * w).exp()

    x = torch.randn(5, device=DEVICE)
    compiled = _compiled(f, (x, torch.ones(5, device=DEVICE, requires_grad=True)), path)
    compiled(x, torch.ones(5, device=DEVICE, requires_grad=True)).sum().backward()  # builds the entry
    w = torch.randn(5, device=DEVICE, requires_grad=True)
    out = compiled(x, w).sum()
    out.backward(retain_graph=True)
    first = w.grad.clone()
    out.backward()
    torch.testing.assert_close(w.grad, 2 * first)
    with pytest.raises(RuntimeError, match="a second time"):
        out.backward()
