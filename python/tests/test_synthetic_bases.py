"""Outputs of functions whose inputs AOTAutograd merges into a synthetic
base (inputs that overlap in storage, one of them written): which caller's
tensor each output is, or is a view of. After merging, the graph's analysis
sees a view of the base where eager returns an input itself or a detached
alias of it; wrapc asks the analysis before merging (``returned_inputs``,
``viewed_inputs`` in ``_private/aot.py``) which input the function meant.
Each case was a random program's silently wrong output (programs.py)."""

import pytest
import torch
import wrapc_torch
from observe import assert_same, observe


def _compiled(f, example, path, inner="eager"):
    if path == "direct":
        return wrapc_torch.compile(f, example, inner=inner)
    torch._dynamo.reset()
    return torch.compile(f, backend="wrapc", fullgraph=True)


# Two inputs over one storage, the second (the whole storage) changed in
# place to another rank: the graph's analysis calls the returned first
# input the base itself, and wrapc returned a view with the base's
# geometry, the second one's old shape (12,), where eager returns the
# first, (3, 4) (random program 1837; PyTorch's wrapper returns the second's
# new shape). Dynamo refuses the function's metadata mutation of an input
# merged into a base, so only the direct path has it. Inductor's graph
# returns the base where the eager inner's returns a view of it.
@pytest.mark.parametrize("inner", ["eager", "inductor"])
def test_a_returned_input_is_itself_where_another_input_has_the_base_geometry(inner):
    def f(a, b):
        a.mul_(-1.5)
        b.unsqueeze_(1)
        b.t_()
        return (a,)

    def make():
        t = torch.arange(12.0)
        return [t.view(3, 4), t]

    with torch.no_grad():
        want = observe(f, make())
        compiled = _compiled(f, make(), "direct", inner)
        got, again = observe(compiled, make()), observe(compiled, make())
    assert_same(got, want)
    assert_same(again, want)
    a, b = make()
    with torch.no_grad():
        out = compiled(a, b)[0]
    assert out is a and a.shape == (3, 4) and b.shape == (1, 12)
    assert torch.equal(a, torch.arange(12.0).view(3, 4) * -1.5)


# A detached alias of an input merged into a base is no view: eager's has
# no _base and shares the input's version counter. wrapc returned a view of
# the input (random program 2021).
@pytest.mark.parametrize("path", ["direct", "dynamo"])
def test_a_detached_alias_of_a_merged_input_is_no_view(path):
    def f(a, b):
        d = a.detach()
        b.fill_(-1.5)
        return d, a.sum()

    storage = torch.randn(12)

    def make():
        t = storage.clone()
        return [t, t[::2]]

    want = observe(f, make())
    got = observe(_compiled(f, make(), path), make())
    assert_same(got, want, values_only=True)
    a, b = make()
    compiled = _compiled(f, make(), path)
    detached = compiled(a, b)[0]
    assert detached._base is None and detached.data_ptr() == a.data_ptr()
    assert torch.equal(detached[::2], torch.full((6,), -1.5))
    before = a._version
    detached.add_(1.0)  # eager's detach shares the input's counter
    assert a._version == before + 1


# An input on a storage of its own returned beside inputs merged into a
# base: merging turns every returned input into an alias of a graph input,
# and wrapc returned a view of the leaf where eager returns the leaf itself
# (random program 2142: its gradient then reached the leaf through a view).
@pytest.mark.parametrize("path", ["direct", "dynamo"])
def test_an_input_returned_beside_merged_ones_is_itself(path):
    leaf = torch.randn(1, 1, requires_grad=True)

    def f(a, b, c):
        c.add_(-1.5)
        return a, c

    storage = torch.randn(3)

    def make():
        t = storage.clone()
        return [leaf, t, t.view(1, 3)]

    want = observe(f, make())
    got = observe(_compiled(f, make(), path), make())
    assert_same(got, want)
    args = make()
    outs = _compiled(f, make(), path)(*args)
    assert outs[0] is leaf and outs[1] is args[2]


# The graph hands back the base itself for the returned input, and another
# input has exactly the base's geometry: that one is not the input the
# function returned (random program 6635: wrapc returned a1, (4,), where
# eager returns a0, (2,)).
@pytest.mark.parametrize("inner", ["eager", "inductor"])
def test_a_returned_input_is_itself_where_another_input_is_the_whole_base(inner):
    def f(a, b):
        b.fill_(2.0)
        a.fill_(3.0)
        return b.add(b), a, a

    storage = torch.randn(4)

    def make():
        t = storage.clone()
        return [t[:2], t[0:]]

    want = observe(f, make())
    compiled = wrapc_torch.compile(f, make(), inner=inner)
    assert_same(observe(compiled, make()), want)
    a, b = make()
    outs = compiled(a, b)
    assert outs[1] is a and outs[2] is a


# An input the function writes and returns, on a storage of its own at an
# offset, beside merged inputs: the graph's value for it is its new value,
# a fresh tensor at offset 0, no guide to the caller's tensor (random
# program 8447: wrapc returned a tensor at offset 0 where eager returns the
# input, at offset 1).
@pytest.mark.parametrize("path", ["direct", "dynamo"])
def test_a_written_input_returned_beside_merged_ones_is_itself(path):
    def f(a, b, c):
        c.add_(-1.5)
        a.add_(0.5)
        return (a,)

    first, second = torch.randn(3), torch.randn(3)

    def make():
        t = second.clone()
        return [first.clone()[1:], t, t.view(1, 3)]

    want = observe(f, make())
    got = observe(_compiled(f, make(), path), make())
    assert_same(got, want)
    args = make()
    assert _compiled(f, make(), path)(*args)[0] is args[0]


# Inputs merged into a synthetic base, one of them given a new geometry,
# beside another input written: kept in the graph, that write's copy_ comes
# back in the slot of the moved input's new value and the as_strided_ is
# lost (random program 1860; aot_function with
# keep_inference_input_mutations=True gives a3 the written input's
# geometry, (3,) where eager's is (2,)). wrapc writes back outside the
# graph by default, and refuses keeping the writes in it, naming the slot.
# Dynamo refuses the as_strided_ of an input merged into a base.
def test_a_write_kept_in_the_graph_is_not_a_merged_inputs_new_geometry():
    def f(a0, a2, a3):
        a3.as_strided_((2,), (2,), 3)
        a0.add_(2)
        return (a0,)

    w = torch.randn(12, requires_grad=True)

    def make():
        base = w * 1
        return [torch.arange(3), base, base[::2]]

    with torch.no_grad():
        want = observe(f, make())
        compiled = wrapc_torch.compile(f, make(), inner="eager")
        for _ in range(2):
            args = make()
            assert_same(observe(compiled, args), want)
            assert (args[2].shape, args[2].stride(), args[2].storage_offset()) == ((2,), (2,), 3)
        before = make()
        with pytest.raises(wrapc_torch.Unsupported, match="returns input #0 as the new value of input #2"):
            wrapc_torch.compile(f, before, inner="eager", keep_input_mutations=True)
        assert before[2].shape == (6,) and before[0].tolist() == [0, 1, 2]


# The check reads what the graph hands back in a changed input's slot: a
# set_ onto another input makes that input itself the new value, which is
# no loss (random programs 256, 1655, 2250, 4722, 6072, 9791, 9818 were
# refused by a draft that took it for one).
def test_a_set_onto_another_input_beside_a_write_kept_in_the_graph_compiles():
    def f(a1, a2, a3):
        a1.mul_(2.0)
        a2.set_(a3)
        return (a1 + 1.0,)

    def make():
        return [torch.linspace(-1.0, 1.0, 3), torch.zeros(4, dtype=torch.int64), torch.arange(6)]

    with torch.no_grad():
        want = observe(f, make())
        compiled = wrapc_torch.compile(f, make(), inner="eager", keep_input_mutations=True)
        args = make()
        got = observe(compiled, args)
    # Values and memory as eager's; the version counts are PyTorch's wrapper's
    # (a kept write is bumped before the call and by the graph's copy_).
    assert_same(got, want, values_only=True)
    assert got["inputs_after"][1:] == want["inputs_after"][1:]
    assert args[1].untyped_storage().data_ptr() == args[2].untyped_storage().data_ptr()
