"""Random programs (programs.py) under Inductor, the imported wrapper
program against Inductor's Python wrapper (the path the random-program
oracle checks against PyTorch, with the same native runtime wrapper
around both): every observable equal, or both refusing alike.

WRAPC_NATIVE_PROGRAMS programs (default 40: each is two Inductor compiles
on CI's two cores) from seed WRAPC_NATIVE_PROGRAMS_SEED (default 0).
Inference only: training graphs are not imported.
"""

from __future__ import annotations

import os
import warnings

import pytest

import wrapc_torch
from oracle import _call, _diff, _error
from programs import generate

PROGRAMS = int(os.environ.get("WRAPC_NATIVE_PROGRAMS", "40"))
# Known differences (strict: a seed here that passes fails), with why.
KNOWN = {
    # a0.set_(a1) under no_grad, then a0.detach()[1:] returned: the native
    # graph's output is a runtime view of a0's mirror, which the wrapper
    # regenerates as a view of a0 itself (its _base is a0); through
    # Inductor's Python wrapper it is a view of a tensor the graph made
    # (no _base among the inputs), as in eager. Open.
    83: "an alias of a detached, set_ input comes back as a view of the input",
    # Two inputs set_ onto one storage (a synthetic base), one mutated:
    # Inductor's Python wrapper fails its size assert on the base (6 == 5);
    # the native program (asserts off) runs, but the mutated input's
    # version counter is not bumped (eager: +1). Open.
    489: "a kept mutation of an input merged into a synthetic base bumps no version",
    794: "a kept mutation of an input merged into a synthetic base bumps no version",
}
FIRST_SEED = int(os.environ.get("WRAPC_NATIVE_PROGRAMS_SEED", "0"))


def _compiled(program, python_wrapper: bool):
    examples, _ = program.make_inputs()
    if python_wrapper:
        os.environ["WRAPC_INDUCTOR_WRAPPER"] = "python"
    try:
        with program.context(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return wrapc_torch.compile(program.make_fn(), examples)
    finally:
        os.environ.pop("WRAPC_INDUCTOR_WRAPPER", None)


def _seeds() -> list:
    seeds = sorted(set(range(FIRST_SEED, FIRST_SEED + PROGRAMS)) | set(KNOWN))
    return [pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=KNOWN[s])) if s in KNOWN else s for s in seeds]


@pytest.mark.parametrize("seed", _seeds())
def test_native_import_equals_python_wrapper(seed):
    program = generate(seed)
    if program.grad:
        program.grad = False  # inference: the import covers inference graphs
    outcomes = []
    for python_wrapper in (True, False):
        wrapc_torch.import_log(clear=True)
        try:
            fn = _compiled(program, python_wrapper)
        except Exception as e:  # noqa: BLE001 - a refusal is an outcome, compared below
            outcomes.append((_error(e, "compile"), []))
            continue
        outcomes.append((_call(program, fn), wrapc_torch.import_log(clear=True)))
    (want, _), (got, log) = outcomes
    source = program.fn_source()
    if want.raised and got.raised and want.phase == got.phase == "compile":
        return  # both refuse to compile it (Inductor first, or wrapc's check by name)
    if want.raised or got.raised:
        assert (want.error_type, want.phase) == (got.error_type, got.phase), (
            f"python wrapper: {want.error}\nnative: {got.error}\n{source}"
        )
        return
    assert _diff(got, want) == {}, f"{_diff(got, want)}\n{source}\nimport: {log}"
