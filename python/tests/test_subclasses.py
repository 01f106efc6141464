"""Tensor subclasses through wrapc's native wrapper (``_subclasses.py``):
PyTorch's ``TwoTensor``, a nested ``TwoTensor``, a subclass with a non-tensor
flatten context, a subclass output aliasing a subclass input, mutations of
subclass inputs, plain and subclass arguments mixed. On the Dynamo path
(``backend="wrapc"``) and the Dynamo-free one (``wrapc_torch.compile``), each
with either inner compiler, a call's effects equal eager's and PyTorch's
own wrapper's (``aot_eager``) on everything the suite observes of a subclass
value (its type, outer geometry, version and ``_base``, and each inner
tensor's values, geometry and version), with no fallback warning; what the
native wrapper does not take yet falls back naming the construct. In
training (arguments that require grad) the gradients too.

One difference from PyTorch's wrapper, where wrapc follows eager: writing a
subclass input back (``x.add_(y)`` on a ``TwoTensor``, the mutation outside
the graph) bumps the instance's version only, as eager's
``__torch_dispatch__`` runs the inner ops below the version bump; PyTorch's
wrapper bumps the inner tensors' too."""

from __future__ import annotations

import warnings

import pytest
import torch
from torch.testing._internal.custom_tensor import ConstantExtraMetadataTensor
from torch.testing._internal.two_tensor import TwoTensor

import wrapc_torch
from test_functions import DEVICE
from wrapc_torch._subclasses import is_subclass


def two(*shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(*shape, generator=g).to(DEVICE)
    return TwoTensor(a, a * 2)


def nested(*shape, seed=0):
    return TwoTensor(two(*shape, seed=seed), two(*shape, seed=seed + 1))


def fresh(a):
    """An equal, unrelated copy: plain tensors cloned, subclasses rebuilt
    from clones of their inner tensors (versions 0, as made)."""
    if not isinstance(a, torch.Tensor):
        return a
    if type(a) is torch.Tensor:
        return a.detach().clone()
    names, ctx = a.__tensor_flatten__()
    return type(a).__tensor_unflatten__({n: fresh(getattr(a, n)) for n in names}, ctx, a.shape, a.stride())


def describe(v, inputs):
    """What the suite observes of a value, relations to ``inputs`` by index."""
    if not isinstance(v, torch.Tensor):
        return ("value", v)
    relation = (
        next((i for i, x in enumerate(inputs) if v is x), None),
        next((i for i, x in enumerate(inputs) if v._base is x), None) if v._base is not None else None,
    )
    common = (type(v).__name__, v.dtype, tuple(v.shape), tuple(v.stride()), v._version, v.requires_grad, relation)
    if type(v) is torch.Tensor:
        return common + (v.detach().cpu().tolist(),)
    names, ctx = v.__tensor_flatten__()
    return common + (repr(ctx), tuple((n, describe(getattr(v, n), ())) for n in names))


def without_inner_versions(observed):
    def strip(d, inner=False):
        if not isinstance(d, tuple) or d[0] == "value":
            return d
        d = d[:4] + (None if inner else d[4],) + d[5:]
        if d[0] == "Tensor":
            return d
        return d[:-1] + (tuple((n, strip(x, True)) for n, x in d[-1]),)

    return {k: [strip(d) for d in v] for k, v in observed.items()}


def observe(fn, args):
    out = fn(*args)
    outs = out if isinstance(out, tuple) else (out,)
    return {"outputs": [describe(o, args) for o in outs], "inputs": [describe(a, ()) for a in args]}


def close(got, want):
    """``observe`` results equal, float values to rounding (Inductor)."""
    if isinstance(want, float):
        return abs(got - want) <= 1e-5 * max(1.0, abs(want))
    if isinstance(want, (list, tuple)):
        return isinstance(got, (list, tuple)) and len(got) == len(want) and all(close(g, w) for g, w in zip(got, want))
    if isinstance(want, dict):
        return got.keys() == want.keys() and all(close(got[k], want[k]) for k in want)
    return got == want


CASES = {
    "elementwise": (lambda x, y: (x * y).sin() + 1, lambda: (two(3, 4), two(3, 4, seed=1))),
    "nested": (lambda x, y: x * y + 1, lambda: (nested(3), nested(3, seed=2))),
    "with_plain": (lambda x, w: ((x @ w).relu(), w.sum()), lambda: (two(2, 3), torch.randn(3, 4).to(DEVICE))),
    "plain_result": (lambda x, y: (x + y, torch.ones(2, device=x.device) * 3), lambda: (two(2), two(2, seed=1))),
    "transposed": (lambda x: x.cos(), lambda: (TwoTensor(torch.randn(3, 4).t(), torch.randn(3, 4).t()),)),
    "context": (lambda x: x * 3 + 1, lambda: (ConstantExtraMetadataTensor(torch.randn(3).to(DEVICE)),)),
    "alias_view": (lambda x: x.view(-1), lambda: (two(3, 4),)),
    "alias_transpose": (lambda x, y: (x.t(), x + y), lambda: (two(3, 4), two(3, 4, seed=1))),
    "alias_slice": (lambda x: x[1:], lambda: (two(4, 2),)),
    "mutation": (lambda x, y: (x.add_(y), x * 2)[1], lambda: (two(3), two(3, seed=1))),
    "mutation_returned": (lambda x, y: (x.mul_(2), x)[1], lambda: (two(3), two(3, seed=1))),
    "nested_mutation": (lambda x, y: (x.add_(y), x.sum())[1], lambda: (nested(3), nested(3, seed=2))),
}


def _compiled(fn, path, args):
    torch._dynamo.reset()
    if path == "reference":
        return torch.compile(fn, backend="aot_eager", fullgraph=True)
    if path.startswith("dynamo"):
        return torch.compile(fn, backend="wrapc", fullgraph=True, options={"inner": path.split("-")[1]})
    return wrapc_torch.compile(fn, [fresh(a) for a in args], inner=path.split("-")[1])


@pytest.mark.parametrize("path", ["dynamo-eager", "dynamo-inductor", "direct-eager", "direct-inductor"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_subclass_calls_match_eager_and_pytorchs_wrapper(case, path):
    fn, make = CASES[case]
    args = make()
    want = observe(fn, [fresh(a) for a in args])
    reference = observe(_compiled(fn, "reference", args), [fresh(a) for a in args])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled = _compiled(fn, path, args)
        got = [observe(compiled, [fresh(a) for a in args]) for _ in range(2)]
    # No fallback, of the whole graph or of Inductor's wrapper program.
    assert not [str(w.message) for w in caught if "wrapc:" in str(w.message)]
    assert close(without_inner_versions(reference), without_inner_versions(want)), (
        f"PyTorch's own wrapper differs from eager: {reference} vs {want}"
    )
    for call in got:
        assert close(call, want), f"{call}\nvs eager\n{want}"


def grad(x):
    return x.requires_grad_()


# Training: subclass arguments that require grad. The runtime wrapper calls
# PyTorch's CompiledFunction over the subclass values (the subclass wrapper
# is inside it, as PyTorch layers them).
TRAINING_CASES = {
    "elementwise": (lambda x, y: (x * y).sin() + 1, lambda: (grad(two(3, 4)), two(3, 4, seed=1))),
    "nested": (lambda x, y: x * y + 1, lambda: (grad(nested(3)), nested(3, seed=2))),
    "with_plain": (lambda x, w: ((x @ w).relu(), w.sum()), lambda: (grad(two(2, 3)), grad(torch.randn(3, 4).to(DEVICE)))),
    "plain_requires_grad": (lambda x, y: x * y, lambda: (grad(torch.randn(3).to(DEVICE)), two(3, seed=1))),
    "alias_transpose": (lambda x, y: (x.t(), x + y), lambda: (grad(two(3, 4)), two(3, 4, seed=1))),
    "mutation": (lambda x, y: (y.add_(1), x * y)[1], lambda: (grad(two(3)), two(3, seed=1))),
    "mutation_returned": (lambda x, y: (y.mul_(2), y, x.cos()), lambda: (grad(two(3)), two(3, seed=1))),
}


def outputs_inner_versions_aside(seen):
    """``seen`` without its outputs' inner versions: a new output's inner
    tensors are buffers of the graph, which Inductor's Python wrapper may
    have written in place (an out= matmul bumps its buffer), as under
    PyTorch's own wrapper; its native import makes none."""
    return {**seen, "outputs": without_inner_versions({"o": seen["outputs"]})["o"]}


def observe_training(fn, args):
    """``observe``, then the backward of every output that requires grad,
    and what the suite observes of each argument's gradient."""
    out = fn(*args)
    outs = out if isinstance(out, tuple) else (out,)
    seen = {"outputs": [describe(o, args) for o in outs]}
    # Each output's own tangent (ones of its type): a sum mixing plain and
    # subclass outputs hands a plain output a subclass tangent, which
    # PyTorch's backward refuses (its tangent metadata is guessed at trace).
    differentiable = [o for o in outs if isinstance(o, torch.Tensor) and o.requires_grad]
    torch.autograd.backward(differentiable, [torch.ones_like(o) for o in differentiable])
    seen["inputs"] = [describe(a, ()) for a in args]
    seen["grads"] = [describe(a.grad, ()) if a.requires_grad else None for a in args]
    return seen


def fresh_training(args):
    return [grad(fresh(a)) if a.requires_grad else fresh(a) for a in args]


@pytest.mark.parametrize("path", ["dynamo-eager", "dynamo-inductor", "direct-eager", "direct-inductor"])
@pytest.mark.parametrize("case", sorted(TRAINING_CASES))
def test_subclass_training_matches_eager_and_pytorchs_wrapper(case, path):
    """Outputs (their grad_fn's presence included), arguments after the
    call, and gradients equal eager's and PyTorch's wrapper's, natively."""
    fn, make = TRAINING_CASES[case]
    args = make()
    want = observe_training(fn, fresh_training(args))
    reference = observe_training(_compiled(fn, "reference", args), fresh_training(args))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch._dynamo.reset()
        if path.startswith("dynamo"):
            compiled = _compiled(fn, path, args)
        else:
            compiled = wrapc_torch.compile(fn, fresh_training(args), inner=path.split("-")[1])
        got = [observe_training(compiled, fresh_training(args)) for _ in range(2)]
    assert not [str(w.message) for w in caught if "wrapc:" in str(w.message)]
    assert close(without_inner_versions(reference), without_inner_versions(want)), (
        f"PyTorch's own wrapper differs from eager: {reference} vs {want}"
    )

    for call in got:
        assert close(outputs_inner_versions_aside(call), outputs_inner_versions_aside(want)), f"{call}\nvs eager\n{want}"


class CountingTwo(TwoTensor):
    """TwoTensor counting its flatten and unflatten calls."""

    flattened = 0
    unflattened = 0

    def __tensor_flatten__(self):
        CountingTwo.flattened += 1
        return super().__tensor_flatten__()

    @staticmethod
    def __tensor_unflatten__(inner, meta, outer_size, outer_stride):
        CountingTwo.unflattened += 1
        return CountingTwo(inner["a"], inner["b"], outer_size, outer_stride)


@pytest.mark.parametrize("path", ["dynamo-inductor", "direct-inductor"])
def test_a_call_reads_subclass_arguments_natively(path):
    """Unwrapping reads the inner tensors by attribute (no
    ``__tensor_flatten__`` per call); a subclass result costs one
    ``__tensor_unflatten__``, as PyTorch's wrapper's."""
    x = CountingTwo(torch.randn(3).to(DEVICE), torch.randn(3).to(DEVICE))
    y = CountingTwo(torch.randn(3).to(DEVICE), torch.randn(3).to(DEVICE))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = _compiled(lambda x, y: (x * y, x + y), path, [x, y])
        g(x, y)
    assert not [str(w.message) for w in caught if "wrapc:" in str(w.message)]
    CountingTwo.flattened = CountingTwo.unflattened = 0
    outs = g(x, y)
    if path.startswith("direct"):
        # Dynamo's guards flatten the arguments themselves; the direct call
        # has no other Python to run.
        assert CountingTwo.flattened == 0
    assert CountingTwo.unflattened == 2
    assert all(type(o) is CountingTwo for o in outs)
    torch.testing.assert_close(outs[0].a, x.a * y.a)


def test_a_direct_call_checks_the_subclass_of_each_argument():
    x = two(3)
    g = wrapc_torch.compile(lambda x: x * 2, [fresh(x)], inner="eager")
    with pytest.raises(TypeError, match="argument 0 is a Tensor, but the function was compiled for a TwoTensor"):
        g(torch.randn(3).to(DEVICE))
    with pytest.raises(TypeError, match="argument 0 is a ConstantExtraMetadataTensor, but the function was compiled "
                                        "for a TwoTensor"):
        g(ConstantExtraMetadataTensor(torch.randn(3).to(DEVICE)))
    nested_g = wrapc_torch.compile(lambda x: x * 2, [nested(3)], inner="eager")
    with pytest.raises(TypeError, match="argument 0's attribute 'a' is a Tensor, but the function was compiled for a "
                                        "TwoTensor"):
        nested_g(two(3))
    plain = wrapc_torch.compile(lambda x: x * 2, [torch.randn(3).to(DEVICE)], inner="eager")
    with pytest.raises(TypeError, match="argument 0 is a TwoTensor \\(a tensor subclass\\), but the function was "
                                        "compiled for a plain tensor"):
        plain(x)
    # A training wrapper takes a subclass argument that requires grad, as
    # an inference one takes one that does not.
    with pytest.raises(TypeError, match="argument 0 requires grad, but the function was compiled for one that does not"):
        g(grad(fresh(x)))
    trained = wrapc_torch.compile(lambda x: x * 2, [grad(fresh(x))], inner="eager")
    with pytest.raises(TypeError, match="argument 0 does not require grad, but the function was compiled for one that"):
        trained(x)
    # The refused calls changed nothing, and the right one still runs.
    assert x._version == 0 and x.a._version == 0
    torch.testing.assert_close(g(x).a, x.a * 2)


DYNAMIC_CASES = {
    "pointwise": (lambda x: x.sin() * 2, lambda n: (two(n, 4),)),
    "with_plain": (lambda x, w: (x @ w).relu(), lambda n: (two(n, 3), torch.randn(3, 5).to(DEVICE))),
    "two_outputs": (lambda x, y: (x + y, (x * y).sum(0)), lambda n: (two(n, 4), two(n, 4, seed=1))),
    "alias": (lambda x: x[1:], lambda n: (two(n, 4),)),
    "mutation": (lambda x, y: (x.add_(y), x * 2)[1], lambda n: (two(n, 4), two(n, 4, seed=1))),
    "training": (lambda x: x.sin() * 2, lambda n: (grad(two(n, 4)),)),
}


@pytest.mark.parametrize("inner", ["eager", "inductor"])
@pytest.mark.parametrize("case", sorted(DYNAMIC_CASES))
def test_mark_dynamic_on_a_subclass_runs_natively(case, inner):
    """A symbolic outer size travels after the instance's inner tensors
    (PyTorch's append_symints, the subclass wrapper's), and a subclass
    result is rebuilt with the size the graph returned: three sizes, one
    compile, each call equal to eager's, no fallback of the graph."""
    fn, make = DYNAMIC_CASES[case]
    torch._dynamo.reset()
    graphs = []

    def wrapc(gm, example_inputs):
        graphs.append(gm)
        return wrapc_torch.backend(gm, example_inputs, options={"inner": inner})

    compiled = torch.compile(fn, backend=wrapc, fullgraph=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for n in (3, 5, 7):
            args = make(n)
            for a in args:
                if is_subclass(a):
                    torch._dynamo.mark_dynamic(a, 0)
            want = observe(fn, [fresh_training(args)[i] if a.requires_grad else fresh(a) for i, a in enumerate(args)])
            got = observe(compiled, args)
            assert close(outputs_inner_versions_aside(got), outputs_inner_versions_aside(want)), (
                f"size {n}: {got}\nvs eager\n{want}"
            )
    # No fallback of the graph, nor of Inductor's wrapper program (its
    # FX route names a size symbol taken twice once, _private.inductor_fx).
    assert not [str(w.message) for w in caught if "wrapc:" in str(w.message)]
    assert len(graphs) == 1


@pytest.mark.parametrize(
    "fn, make, reason",
    [
        # PyTorch passes symbolic outer strides after the symbolic sizes;
        # the dialect's subclass wrapper appends sizes only (a dynamic
        # second dimension makes the first stride symbolic).
        (lambda x: x.sin(), lambda: two(3, 4), "symbolic outer strides"),
        # Autograd records a write into a subclass value that requires
        # grad; the wrapper writes its inner tensors below autograd.
        (lambda x, y: (x.add_(y), x * 2)[1], lambda: (two(3), grad(two(3, seed=1))), "that requires grad, is mutated"),
        # PyTorch appends each nesting level's symbolic sizes; the dialect's
        # subclass wrapper the outermost one's.
        (lambda x: x * 2 + 1, lambda: (nested(3),), "nested tensor subclass with symbolic outer sizes"),
    ],
    ids=["mark_dynamic_inner_dim", "mutation_requiring_grad", "nested_dynamic"],
)
def test_what_the_native_wrapper_does_not_take_falls_back_naming_it(fn, make, reason):
    args = make() if reason != "symbolic outer strides" else (make(),)
    want = fn(*[fresh(a) for a in args])
    torch._dynamo.reset()
    if reason == "symbolic outer strides":
        torch._dynamo.mark_dynamic(args[0], 1)
    dynamic = True if "nested" in reason else None
    g = torch.compile(fn, backend="wrapc", fullgraph=True, dynamic=dynamic, options={"inner": "eager"})
    with pytest.warns(UserWarning, match=reason):
        out = g(*args)
    torch.testing.assert_close(out.a, want.a)


def test_a_torchao_int8_weight_only_model_runs_natively():
    """torchao's quantized weights (``Int8Tensor`` parameters, read under
    ``no_grad``) through both paths with Inductor: outputs equal to
    torchao's under ``backend="inductor"``, no fallback. A float8 one falls
    back naming the dtype wrapc does not model."""
    quantization = pytest.importorskip("torchao.quantization")
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 32)).eval().to(DEVICE)
    quantization.quantize_(model, quantization.Int8WeightOnlyConfig())
    assert type(model[0].weight).__name__ == "Int8Tensor"
    x = torch.randn(8, 64, device=DEVICE)
    with torch.no_grad():
        torch._dynamo.reset()
        want = torch.compile(model, backend="inductor")(x)
        torch._dynamo.reset()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            dynamo = torch.compile(model, backend="wrapc")
            got = [dynamo(x) for _ in range(2)] + [wrapc_torch.compile(model, [x])(x)]
    assert not [str(w.message) for w in caught if "wrapc:" in str(w.message)]
    for out in got:
        torch.testing.assert_close(out, want, rtol=1e-5, atol=1e-5)
    fp8 = torch.nn.Sequential(torch.nn.Linear(64, 32)).eval().to(DEVICE)
    quantization.quantize_(fp8, quantization.Float8WeightOnlyConfig())
    torch._dynamo.reset()
    with torch.no_grad(), pytest.warns(UserWarning, match="has dtype torch.float8_e4m3fn"):
        torch.compile(fp8, backend="wrapc")(x)


def test_a_damaged_subclass_argument_is_refused_by_name():
    """An instance whose inner tensors are not what was traced: a clear
    error naming the attribute, nothing changed, grad mode as it was."""
    g = wrapc_torch.compile(lambda x, y: x * y + 1, [two(3), two(3, seed=1)], inner="eager")
    cases = []
    x = two(3)
    x.a = 5
    cases.append((x, TypeError, "argument 0's attribute 'a' is not a tensor"))
    x = two(3)
    x.a = torch.randn(4).to(DEVICE)
    cases.append((x, RuntimeError, "attribute 'a': expected a plain f32 tensor of sizes \\[3\\]"))
    x = two(3)
    x.a = torch.randn(3, dtype=torch.float64).to(DEVICE)
    cases.append((x, RuntimeError, "attribute 'a': expected a plain f32 tensor"))
    cases.append((two(4), RuntimeError, "argument 0 \\(a TwoTensor\\) has sizes \\[4\\], but the function was compiled for "
                                        "\\[3\\]"))
    x = two(3)
    del x.b
    cases.append((x, AttributeError, "no attribute 'b'"))
    x = two(3)
    x.a = two(3)
    cases.append((x, TypeError, "argument 0's attribute 'a' is a TwoTensor, but the function was compiled for a "
                                "plain tensor there"))
    y = two(3, seed=1)
    for bad, error, message in cases:
        with pytest.raises(error, match=message):
            g(bad, y)
        assert torch.is_grad_enabled()
        assert y._version == 0 and y.a._version == 0


def test_training_calls_release_the_instances_the_graph_returns():
    """The call holds each subclass object the graph returns (and its
    runtime instance) only while it runs: 1,000 training calls with a
    subclass output, an alias of a subclass input and a written subclass
    input leave no object, reference or live tensor behind."""
    import gc
    import sys

    fn = lambda x, y, z: ((x * y).sin(), x.t(), z.add_(1))  # noqa: E731
    x, y, z = grad(two(3, 4)), two(3, 4, seed=1), two(3, 4, seed=2)
    g = wrapc_torch.compile(fn, [grad(fresh(x)), fresh(y), fresh(z)], inner="eager")

    def step():
        outs = g(x, y, z)
        torch.autograd.backward(outs[:2], [torch.ones_like(o) for o in outs[:2]])

    for _ in range(20):
        step()
    gc.collect()
    objects, refs = len(gc.get_objects()), [sys.getrefcount(a) for a in (x, y, z)]
    for _ in range(1000):
        step()
    gc.collect()
    assert [sys.getrefcount(a) for a in (x, y, z)] == refs
    assert len(gc.get_objects()) - objects < 50
