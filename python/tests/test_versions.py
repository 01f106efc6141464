"""Version counters of the caller's tensors after a call count as eager's
do: one bump per in-place op on an argument or a view of it, summed over
the arguments that share a counter. The write-back counts one per written
input (PyTorch's wrapper too); AOTAutograd's first trace counts each
argument's own in-place ops, and the extension tops each counter up to
that (``top_up_versions`` in csrc/module.cpp)."""

import pytest
import torch
import wrapc_torch


def _compiled(f, example, path, inner):
    if path == "direct":
        return wrapc_torch.compile(f, example, inner=inner)
    torch._dynamo.reset()
    return torch.compile(f, backend="wrapc", fullgraph=True, options={"inner": inner})


def _deltas(f, args):
    before = [a._version for a in args]
    f(*args)
    return [a._version - v for a, v in zip(args, before)]


def _two_writes(x, y):
    x.add_(1.0)
    x.mul_(2.0)
    return y * 2


def _views_of_one_base_written(a, b):
    b.fill_(2.0)
    a.fill_(3.0)
    return (a.sum(),)


def _in_place_view_ops(x):
    x.t_()
    x.unsqueeze_(0)
    x.mul_(0.5)
    return (x.sum(),)


def _written_through_a_view(x):
    v = x[1:]
    v.add_(1.0)
    x[0].zero_()
    return (x.sum(),)


CASES = {
    # lent: the wrapper's own bump, in the lent header's cell
    "two_writes": (_two_writes, lambda base: [base.clone(), base.clone()]),
    # merged into a synthetic base, written back through it
    "views_of_one_base": (_views_of_one_base_written, lambda base: (lambda t: [t[:2], t[1:]])(base.clone())),
    "in_place_view_ops": (_in_place_view_ops, lambda base: [base.clone().view(2, 2)]),
    "through_a_view": (_written_through_a_view, lambda base: [base.clone()]),
}


@pytest.mark.parametrize("inner", ["eager", "inductor"])
@pytest.mark.parametrize("path", ["direct", "dynamo"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_versions_count_as_eager(case, path, inner):
    if case == "in_place_view_ops" and path == "dynamo":
        pytest.skip("Dynamo breaks the graph at an in-place view op on an input")
    f, make = CASES[case]
    base = torch.randn(4)
    want = _deltas(f, make(base))
    compiled = _compiled(f, make(base), path, inner)
    for _ in range(2):
        assert _deltas(compiled, make(base)) == want


def test_inputs_over_one_storage_keep_counters_of_their_own():
    # Made by set_, not views: eager bumps only the written one's counter.
    def f(a, b):
        b.mul_(2.0)
        return a[1:] * 1, b.sum()

    def make():
        storage = torch.arange(6.0).untyped_storage()
        return [torch.empty(0).set_(storage, 0, (4,), (1,)), torch.empty(0).set_(storage, 3, (3,), (1,))]

    with torch.no_grad():
        want = _deltas(f, make())
        assert want == [0, 1]
        assert _deltas(wrapc_torch.compile(f, make(), inner="eager"), make()) == want


def test_a_tensor_passed_twice_counts_its_writes_once():
    def f(x, y):
        x.add_(1.0)
        return (y * 2,)

    t = torch.randn(3)
    compiled = wrapc_torch.compile(f, [t.clone()] * 2, inner="eager")
    u = t.clone()
    before = u._version
    compiled(u, u)
    assert u._version - before == 1


def test_a_failed_call_is_not_topped_up():
    # What the wrapper did before a failure stands, as with PyTorch's
    # wrapper (its graph raises before the write-back); eager's count is
    # for a call that ran to its end.
    from functorch.compile import aot_function, nop

    def f(x, i):
        x.add_(1.0)
        x.mul_(2.0)
        return (x.index_select(0, i),)

    counts = []
    for compiled in (aot_function(f, nop), wrapc_torch.compile(f, [torch.randn(3), torch.tensor([0])], inner="eager")):
        x = torch.randn(3)
        before = x._version
        with pytest.raises((IndexError, RuntimeError)):
            compiled(x, torch.tensor([7]))
        counts.append(x._version - before)
    assert counts[1] == counts[0] < 2


# A view's grad_fn goes stale when its counter moves on, and autograd makes
# it again from the base (AsStridedBackward0). Eager's last bump here is
# the view's own in-place view op, so the grad_fn that op recorded is
# current; topped up after the wrapper's as_strided_, it had gone stale
# (random programs 2118, 1975, 3135 and six more). An op that keeps the
# geometry (a 1-d t_) keeps the grad_fn from before the call, as PyTorch's
# wrapper does. One made under no_grad changes the geometry where autograd
# does not see it: the old grad_fn no longer fits, and kept current it
# raised in backward (random program 3321).
def _two_view_ops(x):
    x.as_strided_((3, 2), (6, 2), 6)
    x.as_strided_((2, 2), (6, 2), 6)
    return (x,)


def _a_view_op_keeping_the_geometry(x):
    x.t_()
    return (x,)


def _a_view_op_under_no_grad(x):
    with torch.no_grad():
        x.unsqueeze_(1)
    return (x.flatten(),)


@pytest.mark.parametrize("f", [_two_view_ops, _a_view_op_keeping_the_geometry, _a_view_op_under_no_grad],
                         ids=["two-view-ops", "geometry-kept", "under-no-grad"])
def test_a_view_keeps_the_grad_fn_its_last_view_op_recorded(f):
    def make():
        leaf = torch.linspace(-1.0, 1.0, 24).view(4, 3, 2).requires_grad_()
        x = (leaf * 1)[1:, :, 0]
        return leaf, x if f is not _a_view_op_keeping_the_geometry else x[:, :1].squeeze(1)

    leaf, x = make()
    compiled = wrapc_torch.compile(f, [x], inner="eager")
    got, want = [], []
    for fn, into in ((compiled, got), (f, want)):
        leaf, x = make()
        before, grad_fn = x._version, type(x.grad_fn).__name__
        out = fn(x)[0]
        (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum().backward()
        into += [x._version - before, leaf.grad]
        if f is _two_view_ops:
            into += [type(out.grad_fn).__name__, type(x.grad_fn).__name__]
        if f is _a_view_op_keeping_the_geometry and fn is compiled:
            assert type(x.grad_fn).__name__ == grad_fn  # not made again from the base
    assert got[0] == want[0] and got[2:] == want[2:]
    assert torch.equal(got[1], want[1])


# An in-place view op that keeps the geometry (a 1-d t_) is no change to
# PyTorch's analysis: the wrapper never bumps the argument, and the
# top-up after the call bumped it past the version at which the graph
# saved it for backward, which then raised that it was modified in place
# (random programs 1035, 4699). Eager bumps it before the read: so does
# the extension now (bump_before_call).
def test_a_bump_the_wrapper_never_makes_comes_before_the_graph_saves_the_input():
    def f(x):
        x.t_()
        return (x.sin(),)

    def make():
        leaf = torch.linspace(-1.0, 1.0, 8).view(4, 2).requires_grad_()
        return leaf, (leaf * 1)[:, 0]

    compiled = wrapc_torch.compile(f, [make()[1]], inner="eager")
    got, want = [], []
    for fn, into in ((compiled, got), (f, want)):
        leaf, x = make()
        before = x._version
        fn(x)[0].sum().backward()
        into += [x._version - before, leaf.grad]
    assert got[0] == want[0] == 1
    assert torch.equal(got[1], want[1])


# Two views of one base, one given a geometry-keeping view op, the other
# written: the write-back bumps the counter they share after the call, so
# the first one's bump is not made before it too (it came out one over:
# random programs 2481, 4829, 8640).
def test_a_bump_before_the_call_leaves_a_counter_the_wrapper_bumps_alone():
    def f(a, b):
        b.t_()
        a.mul_(2)
        return ()

    def make():
        t = torch.arange(3.0)
        return [t[:2], t[2:]]

    for keep in (True, False):
        compiled = wrapc_torch.compile(f, make(), inner="eager", keep_input_mutations=keep)
        assert _deltas(compiled, make()) == _deltas(f, make()) == [2, 2]
