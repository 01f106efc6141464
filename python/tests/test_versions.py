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
