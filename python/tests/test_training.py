"""Training forwards under backend="wrapc": the graph needs autograd, so
AOTAutograd builds its CompiledFunction (the autograd.Function whose
backward runs the compiled backward graph) and wrapc's native wrapper takes
the place of the RuntimeWrapper around it (trace_joint: inputs detached as
PyTorch detaches them, grad mode on during the call, aliased outputs
regenerated with gen_alias_from_base's requires_grad rule).

Each case is compared with AOTAutograd's own runtime wrapper on the same
graph (everything observable of the forward: requires_grad, is_leaf,
geometry, sharing, version deltas) and with eager for values and for the
gradients a backward pass through the outputs produces.
"""

from __future__ import annotations

import warnings

import pytest
import torch

from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

import wrapc_torch
from observe import assert_same, clone_args, observe
from test_functions import DEVICE, t


def _nop(gm, example_inputs):
    return make_boxed_func(gm.forward)


REFERENCE = aot_autograd(fw_compiler=_nop, bw_compiler=_nop, keep_inference_input_mutations=False)


def backward(seen, args, params):
    """Backpropagates a fixed weighting of every differentiable output and
    returns the gradients of the arguments and parameters that get one."""
    generator = torch.Generator().manual_seed(0)
    loss = None
    for out in seen["raw"]:
        if isinstance(out, torch.Tensor) and out.requires_grad:
            weight = torch.rand(out.shape, generator=generator).to(device=out.device, dtype=out.dtype)
            term = (out * weight).sum()
            loss = term if loss is None else loss + term
    grads = {}
    if loss is not None:
        loss.backward()
    for i, a in enumerate(args):
        if isinstance(a, torch.Tensor) and a.is_leaf and a.requires_grad:
            grads[f"arg{i}"] = None if a.grad is None else a.grad.clone()
    for name, p in params:
        grads[name] = None if p.grad is None else p.grad.clone()
        p.grad = None
    return grads


def assert_same_grads(got, want):
    assert got.keys() == want.keys()
    for key in want:
        if want[key] is None:
            assert got[key] is None, key
        else:
            torch.testing.assert_close(got[key], want[key], rtol=1e-4, atol=1e-5, msg=key)


def run_training(fn, make_args, *, params=(), inner="eager", dynamic=None):
    params = list(params)
    eager_args = make_args()
    with torch.enable_grad():
        args = clone_args(eager_args)
        want = observe(fn, args)
        want_grads = backward(want, args, params)

        torch._dynamo.reset()
        args = clone_args(eager_args)
        ref = observe(torch.compile(fn, backend=REFERENCE, dynamic=dynamic, fullgraph=True), args)
        ref_grads = backward(ref, args, params)

        torch._dynamo.reset()
        wrapc_fn = torch.compile(fn, backend="wrapc", dynamic=dynamic, fullgraph=True, options={"inner": inner})
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            runs = []
            for _ in range(2):  # the second call runs the cached native wrapper
                args = clone_args(eager_args)
                seen = observe(wrapc_fn, args)
                runs.append((seen, backward(seen, args, params)))
    torch._dynamo.reset()
    fell_back = [str(w.message) for w in caught if "wrapc: falling back" in str(w.message)]
    assert not fell_back, fell_back
    for got, got_grads in runs:
        assert_same(got, want, values_only=True)
        assert_same(got, ref)
        assert_same_grads(got_grads, want_grads)
        assert_same_grads(got_grads, ref_grads)


def leaf(*shape):
    return t(*shape).requires_grad_()


def _mutates_leaf_under_no_grad(x):
    # The epilogue's write-back into a leaf that requires grad goes through
    # detach().copy_ (_create_runtime_wrapper's is_leaf case).
    with torch.no_grad():
        x.mul_(2)
    return x + 1


CASES = {
    "differentiable_output": (lambda x: x.sin() * 2, lambda: [leaf(3)]),
    "one_input_needs_grad": (lambda x, y: (x * y, y + 1), lambda: [leaf(3), t(3)]),
    "view_of_input": (lambda x: (x.view(-1), x * 2), lambda: [leaf(2, 3)]),
    "view_of_input_without_grad": (lambda x, y: (y.t(), x * y), lambda: [leaf(2, 3), t(2, 3)]),
    "returns_its_input": (lambda x: (x, x.cos()), lambda: [leaf(3)]),
    "view_of_intermediate": (lambda x: (x * 2).view(-1), lambda: [leaf(2, 3)]),
    "intermediate_and_its_view": (lambda x: ((y := x.exp()), y.t()), lambda: [leaf(2, 3)]),
    "two_views_of_one_intermediate": (lambda x: ((y := x + 1)[0], y[1]), lambda: [leaf(2, 3)]),
    # The view before its base among the outputs: the first tensor over the
    # storage the wrapper sees is the TensorAlias payload, which autograd
    # never saw; the view must come from the base (the user output).
    "view_of_intermediate_before_it": (lambda x: ((y := x.exp()).t(), y), lambda: [leaf(2, 3)]),
    "views_of_intermediate_of_a_weight": (lambda x, w: ((y := x * w).view(-1), y[0]), lambda: [t(3, 3), leaf(3)]),
    "mutated_intermediate_and_its_view": (
        lambda x, w: ((y := x * w)[0].mul_(2), y.view(-1), y)[1:],
        lambda: [t(3, 3), leaf(3)],
    ),
    "non_differentiable_output": (lambda x: (x * 2, x.argmax(), x > 0), lambda: [leaf(4)]),
    "detached_output": (lambda x: (x.detach() * 2, x * 3), lambda: [leaf(3)]),
    # An input that starts requiring grad through its mutation: the view of
    # it the wrapper regenerates is autograd's (TBackward0 over the copy),
    # not detached.
    "view_of_input_mutated_by_one_that_needs_grad": (lambda x, y: (y.add_(x), y.t())[1], lambda: [leaf(2, 2), t(2, 2)]),
    # A leaf that requires grad mutated through a detached alias that
    # functionalization does not flag: PyTorch's run-time test of
    # orig.requires_grad detaches the write-back (copy_ would raise).
    "leaf_mutated_through_detach": (lambda x: (x.detach().mul_(2), x + 1)[1], lambda: [leaf(3)]),
    "mutates_input_without_grad": (lambda x, buf: (buf.add_(1), x * buf)[1], lambda: [leaf(3), t(3)]),
    "mutates_leaf_under_no_grad": (_mutates_leaf_under_no_grad, lambda: [leaf(3)]),
    "mutates_view_of_input_without_grad": (lambda x, buf: (buf[0].add_(x.sum().detach()), x.exp())[1], lambda: [leaf(3), t(2, 3)]),
    # A leaf that does not require grad takes a copy of one that does: the
    # metadata says it requires grad (after the function), and the write-back
    # is a copy_ autograd records, not a detached one.
    "buffer_copies_a_tensor_that_requires_grad": (lambda buf, w: (buf.copy_(w * 2), w.sin()), lambda: [t(3), leaf(3)]),
    "dtype_view_of_input": (lambda x: (x.view(torch.int32), x * 2), lambda: [leaf(4)]),
    "scalar_loss": (lambda x, w: (x @ w).relu().sum(), lambda: [t(4, 3), leaf(3, 2)]),
    # Regenerated views replay the recorded view chain (grad_fn TBackward0,
    # SliceBackward0, ... as PyTorch's gen_alias_from_base gives them).
    "view_chains_of_input": (
        lambda x: (x.t()[1:], x.diagonal(), x.unsqueeze(0).expand(2, 3, 3), x.permute(1, 0).narrow(0, 1, 2), x * 2),
        lambda: [leaf(3, 3)],
    ),
    "view_chain_of_intermediate": (lambda x: ((y := x.exp()), y.t()[0], y.unfold(1, 2, 1)), lambda: [leaf(3, 3)]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_training(name):
    fn, make_args = CASES[name]
    run_training(fn, make_args)


def test_dynamic_shapes():
    run_training(lambda x: (x.sum(0), x.view(-1), x * 2), lambda: [leaf(4, 3)], dynamic=True)


# Under dynamic shapes a view whose sizes come from the input's is no chain
# PyTorch replays (symbolic inputs): it makes the view again with the graph
# output's own view function, which its training call records (view replay
# on around the graph): eager's ViewBackward0, SliceBackward0,
# ExpandBackward0, not AsStridedBackward0 (random programs 1086, 1804, 5423;
# of inputs merged into one base: 970).
DYNAMIC_VIEWS = {
    "of-input": (
        lambda x: (x.view(x.shape[0] * x.shape[1]), x[1 : x.shape[0]], x.expand(2, x.shape[0], x.shape[1]),
                   x.t()[: x.shape[1] - 1], x * 2),
        lambda: [leaf(4, 3)],
    ),
    "of-a-view-input": (lambda x: (x.view(x.shape[0] * x.shape[1]), x.sin()), lambda: [leaf(5, 3)[1:]]),
    "of-intermediate": (lambda x: ((y := x.exp()), y.view(-1, x.shape[0]), y[:, 1 : x.shape[1]]), lambda: [leaf(4, 3)]),
}


@pytest.mark.parametrize("name", sorted(DYNAMIC_VIEWS))
def test_views_under_dynamic_shapes_keep_their_view_ops(name):
    fn, make_args = DYNAMIC_VIEWS[name]
    run_training(fn, make_args, dynamic=True)


def test_linear_module_parameters_get_gradients():
    model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2)).to(DEVICE)
    run_training(model, lambda: [t(4, 5)], params=model.named_parameters())


def test_batch_norm_training_updates_running_stats():
    model = torch.nn.BatchNorm1d(5).to(DEVICE).train()

    def fn(x):
        return model(x)

    before = model.running_mean.clone()
    run_training(fn, lambda: [t(6, 5)], params=model.named_parameters())
    # eager, reference and two wrapc calls each updated the buffer
    assert not torch.equal(model.running_mean, before)


def test_inductor_training():
    model = torch.nn.Sequential(torch.nn.Linear(6, 6), torch.nn.ReLU()).to(DEVICE)
    run_training(model, lambda: [t(3, 6)], params=model.named_parameters(), inner="inductor")


@pytest.mark.parametrize(
    "name", ["view_of_intermediate_before_it", "views_of_intermediate_of_a_weight", "mutated_intermediate_and_its_view"]
)
def test_views_of_intermediates_under_inductor(name):
    # Inductor's forward returns the TensorAlias payloads as plain tensors
    # over the base's storage (not autograd views of it): a view taken from
    # the first of them got no gradient.
    fn, make_args = CASES[name]
    run_training(fn, make_args, inner="inductor")


def forward_backward_natively(fn, x):
    """fn(x) and a backward of its sum, asserting wrapc did not fall back."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn(x)
        out.sum().backward()
    torch._dynamo.reset()
    assert not [w for w in caught if "wrapc: falling back" in str(w.message)]
    return out


def test_inductor_training_with_dropout():
    # Inductor lowers dropout's RNG only after its joint-graph passes
    # (replace_random), which run in compile_fx's partitioner and need the
    # graph's fake mode: without them the compile failed.
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Dropout(0.5)).to(DEVICE).train()
    x = torch.randn(256, 8, device=DEVICE)
    out = forward_backward_natively(torch.compile(model, backend="wrapc"), x)
    dropped = (out == 0).float().mean().item()
    assert 0.4 < dropped < 0.6, dropped
    # Kept elements are scaled by 1 / (1 - p), and only they pass gradients.
    kept = out != 0
    torch.testing.assert_close(out[kept], (torch.nn.functional.linear(x, model[0].weight, model[0].bias) * 2)[kept])
    assert model[0].weight.grad is not None


def test_torch_compile_modes_reach_the_inner_compiler():
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU()).to(DEVICE)
    x = t(3, 4)
    out = forward_backward_natively(torch.compile(model, backend="wrapc", mode="max-autotune-no-cudagraphs"), x)
    torch.testing.assert_close(out, model(x))


def test_cuda_graph_trees_fall_back_to_pytorchs_wrapper():
    # CUDA-graph trees free one replay's outputs at the next and check
    # accesses on PyTorch's path only: wrapc's wrapper around them launched
    # a kernel on a freed buffer (a Llama decoder's generate on an H100).
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU()).to(DEVICE)
    x = t(3, 4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = torch.compile(model, backend="wrapc", mode="reduce-overhead")(x)
        out.sum().backward()
    torch._dynamo.reset()
    assert [w for w in caught if "CUDA-graph trees" in str(w.message)]
    torch.testing.assert_close(out, model(x))


def test_a_bad_mode_is_the_callers_error():
    with pytest.raises(Exception, match="Unrecognized mode=fastest"):
        torch.compile(lambda x: x + 1, backend="wrapc", mode="fastest")(torch.randn(2))
    torch._dynamo.reset()
    with pytest.raises(Exception, match="sets options of the Inductor inner compiler"):
        wrapc_torch.backend(None, [], options={"inner": "eager"}, mode="max-autotune")


def test_parameters_frozen_after_compiling_give_outputs_that_do_not_require_grad():
    # Dynamo does not recompile when a module's parameters stop requiring
    # grad: the training wrapper runs, and its outputs must be what autograd
    # made of them (no grad_fn, not requiring grad), not leaves the static
    # marking turned into ones that require grad.
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 2).to(DEVICE)
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="wrapc")
    x = t(3, 4)
    assert compiled(x).requires_grad
    model.requires_grad_(False)
    out = compiled(x)
    torch._dynamo.reset()
    assert (out.requires_grad, out.is_leaf, out.grad_fn) == (False, True, None)
    torch.testing.assert_close(out, model(x))


def test_view_of_a_parameter_is_an_output():
    # alias_of_input whose base is a lifted parameter: regenerated from the
    # parameter itself, so its gradient reaches the parameter.
    lin = torch.nn.Linear(3, 3).to(DEVICE)
    run_training(lambda x: (lin.weight.t(), lin(x)), lambda: [t(2, 3)], params=lin.named_parameters())


def test_autocast_inside_the_graph():
    lin = torch.nn.Linear(3, 3).to(DEVICE)

    def fn(x):
        with torch.autocast(DEVICE, dtype=torch.bfloat16):
            return lin(x)

    run_training(fn, lambda: [t(2, 3)], params=lin.named_parameters())


def test_a_pytorch_without_the_hook_falls_back(monkeypatch):
    # If AOTAutograd builds no CompiledFunction where wrapc hooks in (a
    # PyTorch other than the pinned one), the graph runs PyTorch's own path
    # with a warning: never an error, never a different answer.
    import contextlib

    @contextlib.contextmanager
    def nothing_grabbed():
        yield {}

    from wrapc_torch._private import aot

    monkeypatch.setattr(aot, "_grab_autograd_function", nothing_grabbed)
    torch._dynamo.reset()
    x = leaf(3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = torch.compile(lambda v: v.sin() * 2, backend="wrapc", options={"inner": "eager"})(x)
    torch._dynamo.reset()
    assert any("built no autograd function" in str(w.message) for w in caught), [str(w.message) for w in caught]
    out.sum().backward()
    torch.testing.assert_close(x.grad, 2 * x.detach().cos())


@pytest.mark.parametrize("inner", ["eager", "inductor"])
@pytest.mark.parametrize(
    "case",
    [
        # a non-leaf input that requires grad, mutated and returned
        ("non_leaf", lambda w: w * 1, lambda x: x.mul_(2)),
        # ... mutated and read after
        ("non_leaf_read_after", lambda w: w + 1, lambda x: (x.mul_(3), x.sin())[1]),
        # a view of a non-leaf: the copy reaches its base through CopySlices
        ("view_of_non_leaf", lambda w: (w * 1)[1:], lambda x: (x.add_(x.detach()), x * 2)[1]),
    ],
    ids=lambda c: c[0] if isinstance(c, tuple) else c,
)
def test_a_copy_autograd_records_runs_as_torchs_copy(case, inner):
    # The write-back of a joint graph's input that requires grad is
    # orig.copy_(updated), which becomes orig's grad_fn: a static-shape
    # host copy inlined as a memmove skipped autograd and gave the leaf
    # half its gradient (found by the new-user sweep).
    _, make_input, fn = case

    def run(compiled):
        torch._dynamo.reset()
        w = t(4).requires_grad_()
        x = make_input(w)
        out = compiled(x)
        out.sum().backward()
        return out.detach(), type(x.grad_fn).__name__, w.grad

    want, _, want_grad = run(fn)
    _, ref_grad_fn, _ = run(torch.compile(fn, backend=REFERENCE, fullgraph=True))
    compiled = torch.compile(fn, backend="wrapc", fullgraph=True, options={"inner": inner})
    for _ in range(2):  # the second call runs the cached native wrapper
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got, grad_fn, got_grad = run(compiled)
        assert not [w for w in caught if "wrapc: falling back" in str(w.message)]
        torch.testing.assert_close(got, want)
        torch.testing.assert_close(got_grad, want_grad)
        assert grad_fn == ref_grad_fn


@pytest.mark.parametrize("dtype", [torch.int32, torch.int8])
def test_a_dtype_view_of_an_input_that_requires_grad_is_detached(dtype):
    # gen_alias_from_base's patch_requires_grad compares the base's
    # requires_grad with the traced output's: a view into a dtype that cannot
    # require grad is detached, so it is no view at all (its _base was an
    # internal tensor of the extension's).
    for backend in (REFERENCE, "wrapc"):
        torch._dynamo.reset()
        w = leaf(4)
        view, _ = torch.compile(lambda x: (x.view(dtype), x * 2), backend=backend)(w)
        assert view._base is None and not view.requires_grad and view.is_leaf, backend
        assert view.untyped_storage().data_ptr() == w.untyped_storage().data_ptr()
    torch._dynamo.reset()


# PyTorch 2.11's joint graph, keeping in the graph the write of an input
# that does not require grad, returns that input as the new value of one
# that does and is written outside the graph, when the function returns
# the first (random program 8827): aot_function then writes b's values into
# a, and wrapc_torch.compile with Inductor's configuration did too (or,
# where their shapes differ, failed to compile). wrapc sees the graph
# return another input's placeholder there and traces again with the
# writes outside the graph.
@pytest.mark.parametrize("path", ["direct", "dynamo"])
def test_an_input_written_in_the_graph_returned_beside_one_written_outside(path):
    def f(a, b):
        b.mul_(0.5)
        a.mul_(2.0)
        return (b,)

    w = leaf(6)
    other = t(6) * 3.0

    def make():
        return [w * 1, other.clone()]

    want = observe(f, make())
    if path == "direct":
        compiled = wrapc_torch.compile(f, make())
    else:
        torch._dynamo.reset()
        compiled = torch.compile(f, backend="wrapc", fullgraph=True)
    for _ in range(2):
        args = make()
        got = observe(compiled, args)
        assert_same(got, want, values_only=True)
        torch.testing.assert_close(args[0], w.detach() * 2)
        w.grad = None
        args[0].sum().backward()
        torch.testing.assert_close(w.grad, torch.full((6,), 2.0, device=w.device))
    if path == "direct":
        # Asked to keep the writes in the graph, where PyTorch's graph is
        # wrong: refused, naming what is wrong.
        with pytest.raises(wrapc_torch.Unsupported, match="returns input #1 as the new value of input #0"):
            wrapc_torch.compile(f, make(), keep_input_mutations=True)
