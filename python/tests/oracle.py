"""The differential oracle for random programs (programs.py).

One program runs

* eagerly (the truth);
* on the direct path: PyTorch's ``aot_function(fn, nop,
  keep_inference_input_mutations=K)`` (reference A) and
  ``wrapc_torch.compile(fn, args, inner="eager", keep_input_mutations=K)``;
* on the Dynamo path: ``torch.compile(fn, backend=aot_autograd(nop, nop,
  keep_inference_input_mutations=False), fullgraph=True)`` (reference B)
  and ``torch.compile(fn, backend="wrapc", options={"inner": "eager"},
  fullgraph=True)``, with the program's ``dynamic=``; where Dynamo refuses
  the program (a graph break under fullgraph), the path is skipped and
  recorded as "dynamo-refused".

Every path runs on fresh inputs from the program's factory (the same
values, aliasing and autograd history: a non-leaf input stays ``leaf * 1``,
which ``clone_args`` would make a leaf), each compiled callable twice (the
second call runs the cached wrapper), and on the Dynamo path a third time
on grown inputs when the program has that variant. Each call is observed
as ``observe.observe`` observes (values, geometry, storage sharing,
versions, requires_grad / is_leaf, grad_fns, grad mode after) and, when
inputs require grad, a backward pass of every output that requires grad
(times fixed random weights) gives the leaves' gradients.

A wrapc call must equal eager on every observable, element by element
(each output, each input's version, ...); where it does not, it must
equal its PyTorch reference there and the reference must differ from
eager there ("pytorch-differs-from-eager: <key>", recorded; where wrapc
equals eager and PyTorch does not: "wrapc-equals-eager-where-pytorch-
differs: <key>"). wrapc raising (``wrapc_torch.Unsupported`` at compile
time included) is accepted only where the reference raises too, or, for
``Unsupported``, where the reference silently gives other results than
eager (values, inputs' values, the memory the inputs came with, gradients,
layouts and memory sharing of outputs and inputs: "unsupported-where-
pytorch-is-wrong: <key>"), which
wrapc refuses to reproduce. Where
the reference raises and wrapc does not, wrapc must equal eager, or equal
what the reference gives on the program keeping only the output in
question (none, for what is left in the inputs): "pytorch-raises-wrapc-
as-pytorch-on-the-rest"; an output's grad_fn may be the compiled graph's
node, which both wrappers give every output the graph computes:
"pytorch-raises-wrapc-output-of-the-compiled-graph". Anything else is a
failure.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import torch
import torch._dynamo
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import aot_function

import logging

import wrapc_torch
from observe import element_differences, observe, same_values
from programs import Program, generate


def _nop(gm: torch.fx.GraphModule, example_inputs: Any) -> Callable[..., Any]:
    return make_boxed_func(gm.forward)


# FakeTensor logs every meta kernel that raises (Dynamo and AOTAutograd
# try some and recover), Dynamo a guard it fails to build before it raises:
# noise here, where every failure is an outcome.
logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
logging.getLogger("torch._guards").setLevel(logging.CRITICAL)

REFERENCE_B = aot_autograd(fw_compiler=_nop, bw_compiler=_nop, keep_inference_input_mutations=False)


@dataclass
class Call:
    """One call's outcome: what observe saw and the leaves' gradients, or
    what it raised."""

    obs: dict | None = None
    grads: Any = None
    error: str | None = None
    error_type: type | None = None
    phase: str = "call"  # "compile" or "call"

    @property
    def raised(self) -> bool:
        return self.error is not None


def _error(e: BaseException, phase: str) -> Call:
    first = (str(e).strip().splitlines() or [""])[0]
    return Call(error=f"{type(e).__name__}: {first[:300]}", error_type=type(e), phase=phase)


def _backward(obs: dict, leaves: list[torch.Tensor]) -> Any:
    generator = torch.Generator().manual_seed(0)
    loss = None
    with torch.enable_grad():
        for out in obs["raw"]:
            if isinstance(out, torch.Tensor) and out.requires_grad:
                weight = torch.rand(out.shape, generator=generator).to(out.dtype)
                term = (out * weight).sum()
                loss = term if loss is None else loss + term
        if loss is not None:
            loss.backward()
    return [None if leaf.grad is None else leaf.grad.detach().clone() for leaf in leaves]


def _call(program: Program, fn: Callable[..., Any], grow: bool = False) -> Call:
    args, leaves = program.make_inputs(grow)
    grad = torch.is_grad_enabled()
    try:
        with program.context():
            try:
                obs = observe(fn, args)
            except Exception as e:  # noqa: BLE001 - every failure is an outcome
                return _error(e, "call")
        try:
            grads = _backward(obs, leaves)
        except Exception as e:  # noqa: BLE001
            grads = f"backward raised {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
        return Call(obs=obs, grads=grads)
    finally:
        torch.set_grad_enabled(grad)


def _grads_differ(got: Any, want: Any) -> bool:
    if isinstance(got, str) or isinstance(want, str):
        return got != want
    if len(got) != len(want):
        return True
    for g, w in zip(got, want):
        if (g is None) != (w is None):
            return True
        if g is not None:
            try:
                torch.testing.assert_close(g, w, equal_nan=True, rtol=1e-4, atol=1e-5)
            except AssertionError:
                return True
    return False


def _diff(got: Call, want: Call) -> dict[str, str]:
    """Every observable on which two calls differ, element by element
    (``outputs[1]``, ``version_deltas[0]``, ``grads[0]``, ``grad_enabled``)."""
    found = element_differences(got.obs, want.obs)
    g, w = got.grads, want.grads
    if isinstance(g, str) or isinstance(w, str):  # a backward that raised
        if g != w:
            found["grads"] = f"got {g}\n    want {w}"
    elif len(g) != len(w):
        found["grads"] = f"got {g}\n    want {w}"
    else:
        for i, (a, b) in enumerate(zip(g, w)):
            if _grads_differ([a], [b]):
                found[f"grads[{i}]"] = f"got {_brief(a)}\n    want {_brief(b)}"
    return found


def _brief(t: Any) -> str:
    text = "None" if t is None else f"{t.flatten().tolist()}"
    return text if len(text) < 300 else text[:300] + "..."


# What a silently wrong result differs in (not how it is recorded): values,
# the memory the arguments came with, gradients, and the tensors' layouts
# and memory (outputs, inputs_after: shapes, strides, which tensors share
# memory, which input a view is of), where a later write tells them apart.
WRONG_VALUES = ("values", "input_values", "memory", "grads", "outputs", "output_sharing", "inputs_after")


def _key(element: str) -> str:
    """``outputs[1]`` -> ``outputs``."""
    return element.split("[", 1)[0]


@dataclass(frozen=True)
class Failure:
    path: str  # "direct", "dynamo", "generator", "oracle"
    call: int
    kind: str  # the key that differs, or "raises", ...
    text: str

    def __str__(self) -> str:
        return f"{self.path} call {self.call}: {self.text}"


@dataclass
class Result:
    seed: int
    program: Program
    notes: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    def signature(self) -> set[tuple[str, str]]:
        return {(f.path, _key(f.kind)) for f in self.failures}

    def report(self) -> str:
        lines = [f"seed {self.seed}: {len(self.failures)} unexplained difference(s)"]
        lines += ["  " + str(f).replace("\n", "\n  ") for f in self.failures]
        if self.notes:
            lines.append("  notes: " + ", ".join(sorted(set(self.notes))))
        return "\n".join(lines)


# What a call leaves in its inputs and the thread: the same lists whatever
# the function returns.
INPUT_SIDE = ("input_values", "memory", "inputs_after", "version_deltas", "grad_enabled")
# Per output: what one output is, whatever the others are.
PER_OUTPUT = ("values", "outputs", "grad_fns")

Probe = Callable[[tuple[int, ...]], "Call | None"]


def _explained_by_probe(key: str, got: Call, eager: Call, probe: Probe) -> bool:
    """Where PyTorch raises (regenerating some output), whether wrapc's
    ``key`` is what PyTorch gives on the program keeping only that output
    (an input-side key: keeping none), and PyTorch differs from eager there."""
    base = _key(key)
    if base in INPUT_SIDE:
        probed = probe(())
        if probed is None or probed.raised:
            return False
        return key in _diff(probed, eager) and key not in _diff(got, probed)
    if base in PER_OUTPUT and "[" in key:
        i = int(key[len(base) + 1:-1])
        probed = probe((i,))
        if probed is None or probed.raised:
            return False
        mine, theirs, truth = got.obs[base][i], probed.obs[base][0], eager.obs[base][i]
        if base == "values":
            same = same_values
        else:
            same = lambda a, b: a == b  # noqa: E731
        return same(mine, theirs) and not same(theirs, truth)
    return False


def _compiled_node(key: str, got: Call, eager: Call) -> bool:
    """Whether ``key`` is an output's grad_fn that is the compiled graph's
    autograd node where eager's output has a grad_fn too: every graph
    output that requires grad and is not regenerated as a view gets that
    node from AOTAutograd's wrapper, PyTorch's and wrapc's alike. Where the
    reference raises on the whole program (its write-back of an input, so
    keeping fewer outputs raises too), nothing else shows what it would
    give; whether the output requires grad, is a view, and its gradient
    are compared on their own."""
    if _key(key) != "grad_fns" or "[" not in key:
        return False
    i = int(key[len("grad_fns") + 1:-1])
    return got.obs["grad_fns"][i] == "CompiledFunctionBackward" and eager.obs["grad_fns"][i] != "NoneType"


def _classify(result: Result, path: str, call: int, eager: Call, ref: Call, got: Call,
              probe: Probe = lambda outputs: None) -> None:
    """Checks one wrapc call against eager and its PyTorch reference.
    ``probe(outputs)`` runs the reference on the program keeping only those
    outputs: where the reference raises (regenerating one output), what
    wrapc gives for another output, or leaves in its inputs, is compared
    with what PyTorch gives for it alone."""

    def fail(kind: str, text: str) -> None:
        result.failures.append(Failure(path, call, kind, text))

    if got.raised:
        if ref.raised:
            if got.error_type is wrapc_torch.Unsupported:
                result.notes.append("unsupported-where-pytorch-raises")
            else:
                result.notes.append("both-raise")
            return
        wrong = [k for k in _diff(ref, eager) if _key(k) in WRONG_VALUES] if not ref.raised and not eager.raised else []
        if got.error_type is wrapc_torch.Unsupported and wrong:
            result.notes.append(f"unsupported-where-pytorch-is-wrong: {_key(wrong[0])}")
            return
        fail("raises", f"wrapc raises, PyTorch does not: {got.error}")
        return
    if ref.raised:
        found = _diff(got, eager)
        if not found:
            result.notes.append("pytorch-raises-wrapc-equals-eager")
            return
        for key, text in found.items():
            if _compiled_node(key, got, eager):
                result.notes.append("pytorch-raises-wrapc-output-of-the-compiled-graph: grad_fns")
                continue
            if _explained_by_probe(key, got, eager, probe):
                result.notes.append(f"pytorch-raises-wrapc-as-pytorch-on-the-rest: {_key(key)}")
                continue
            fail(key, f"PyTorch raises ({ref.error}); wrapc differs from eager on {key}:\n    {text}")
        return
    from_eager = _diff(got, eager)
    from_ref = _diff(got, ref)
    ref_from_eager = _diff(ref, eager)
    for key, text in from_eager.items():
        if key in from_ref:
            fail(key, f"{key} differs from eager and from PyTorch:\n    wrapc vs eager: {text}\n"
                      f"    wrapc vs PyTorch: {from_ref[key]}")
        else:
            result.notes.append(f"pytorch-differs-from-eager: {_key(key)}")
    for key in ref_from_eager:
        if key not in from_eager:
            result.notes.append(f"wrapc-equals-eager-where-pytorch-differs: {_key(key)}")


def _keeping(program: Program, outputs: tuple[int, ...]) -> Program:
    return dataclasses.replace(program, outputs=tuple(program.outputs[i] for i in outputs), single=False,
                               _factories={})


def _probe(make: Callable[[Program], Callable[..., Any]], program: Program, grow: bool = False) -> Probe:
    """The reference's call on the program keeping some of its outputs (on
    the grown inputs with ``grow``), each run once when first asked for."""
    cache: dict[tuple[int, ...], Call | None] = {}

    def probe(outputs: tuple[int, ...]) -> Call | None:
        if outputs not in cache:
            kept = _keeping(program, outputs)
            with _quiet():
                cache[outputs] = _call(kept, make(kept), grow=grow)
            torch._dynamo.reset()
        return cache[outputs]

    return probe


@contextlib.contextmanager
def _quiet() -> Any:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def _fallbacks(caught: list) -> list[str]:
    return [str(w.message) for w in caught if "wrapc: falling back" in str(w.message)]


def _is_dynamo_refusal(call: Call) -> bool:
    t = call.error_type
    if t is None:
        return False
    from torch._dynamo import exc

    return issubclass(t, exc.TorchDynamoException) and not issubclass(t, exc.BackendCompilerFailed)


def _run_direct(program: Program, result: Result, eager: Call) -> None:
    ref_fn = aot_function(program.make_fn(), _nop, keep_inference_input_mutations=program.keep)
    refs = [_call(program, ref_fn) for _ in range(2)]
    with _quiet() as caught:
        examples, _ = program.make_inputs()
        grad = torch.is_grad_enabled()
        try:
            with program.context():
                native = wrapc_torch.compile(program.make_fn(), examples, inner="eager",
                                             keep_input_mutations=program.keep)
        except Exception as e:  # noqa: BLE001
            compiled = _error(e, "compile")
            gots = [compiled, compiled]
        else:
            gots = [_call(program, native) for _ in range(2)]
        finally:
            torch.set_grad_enabled(grad)
    for w in _fallbacks(caught):
        result.notes.append("direct-fallback: " + w[:80])
    probe = _probe(lambda p: aot_function(p.make_fn(), _nop, keep_inference_input_mutations=p.keep), program)
    for i, (ref, got) in enumerate(zip(refs, gots), 1):
        _classify(result, "direct", i, eager, ref, got, probe)


def _run_dynamo(program: Program, result: Result, eager: Call, grown: Call | None) -> None:
    torch._dynamo.reset()
    ref_fn = torch.compile(program.make_fn(), backend=REFERENCE_B, fullgraph=True, dynamic=program.dynamic)
    with _quiet():
        refs = [_call(program, ref_fn)]
        if _is_dynamo_refusal(refs[0]):
            torch._dynamo.reset()
            result.notes.append("dynamo-refused")
            return
        refs.append(_call(program, ref_fn))
        if grown is not None:
            refs.append(_call(program, ref_fn, grow=True))
    torch._dynamo.reset()
    wrapc_fn = torch.compile(program.make_fn(), backend="wrapc", fullgraph=True, dynamic=program.dynamic,
                             options={"inner": "eager"})
    with _quiet() as caught:
        gots = [_call(program, wrapc_fn) for _ in range(2)]
        if grown is not None:
            gots.append(_call(program, wrapc_fn, grow=True))
    torch._dynamo.reset()
    for w in _fallbacks(caught):
        result.notes.append("dynamo-fallback: " + w.split(": ", 2)[-1][:80])
    wants = [eager, eager] + ([grown] if grown is not None else [])
    def make(p: Program) -> Callable[..., Any]:
        return torch.compile(p.make_fn(), backend=REFERENCE_B, fullgraph=True, dynamic=p.dynamic)

    probes = [_probe(make, program), _probe(make, program, grow=True)]
    for i, (want, ref, got) in enumerate(zip(wants, refs, gots), 1):
        _classify(result, "dynamo", i, want, ref, got, probes[i == 3])


def run_program(program: Program, paths: tuple[str, ...] = ("direct", "dynamo")) -> Result:
    result = Result(program.seed, program)
    try:
        eager = _call(program, program.make_fn())
        if eager.raised:
            result.failures.append(Failure("generator", 0, "eager-raises", f"eager raises {eager.error}"))
            return result
        again = _call(program, program.make_fn())
        if again.raised or _diff(again, eager):
            what = again.error if again.raised else _diff(again, eager)
            result.failures.append(Failure("generator", 0, "nondeterministic", f"eager is not deterministic: {what}"))
            return result
        grown = _call(program, program.make_fn(), grow=True) if program.grow else None
        if grown is not None and grown.raised:
            grown = None
        if "direct" in paths:
            _run_direct(program, result, eager)
        if "dynamo" in paths:
            _run_dynamo(program, result, eager, grown)
    except Exception:  # noqa: BLE001 - the oracle's own failure is a failure too
        result.failures.append(Failure("oracle", 0, "raised", "oracle raised:\n" + traceback.format_exc()))
        torch._dynamo.reset()
    return result


def check(seed: int) -> Result:
    return run_program(generate(seed))


def summarize(results: list[Result]) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    for r in results:
        for note in set(r.notes):
            counts[note] += 1
        if r.failures:
            counts["FAILED"] += 1
    return counts


if __name__ == "__main__":
    import sys
    import time

    start, stop = int(sys.argv[1]), int(sys.argv[2])
    t0 = time.time()
    results = []
    for seed in range(start, stop):
        r = check(seed)
        results.append(r)
        if r.failures:
            print(r.report())
            print(r.program.source())
            print("=" * 70, flush=True)
    for k, v in sorted(summarize(results).items()):
        print(f"{v:6d}  {k}")
    print(f"{stop - start} programs in {time.time() - t0:.1f}s")
