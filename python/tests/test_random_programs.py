"""Random programs (programs.py) through the differential oracle (oracle.py):
eager, PyTorch's aot_function / aot_autograd with a no-op compiler, and
both wrapc paths (wrapc_torch.compile and torch.compile(backend="wrapc")),
with the eager inner compiler.

WRAPC_PROGRAMS programs (default 500; `make nightly` runs 10,000) from
seed WRAPC_PROGRAMS_SEED (default 0), in chunks of 50 per test. A program
that fails is written to failing_seeds/<seed>.py (its source and what
differed) and its seed added to failing_seeds/seeds.txt, whose seeds run
first, every time, as regressions (each its own test; the chunks skip
them). A seed there may carry a reason after "xfail:", which marks its
test an expected failure (strict: it fails when the program passes).

    python oracle.py 0 100        # a range by hand, with the category counts
    python minimize.py SEED       # a failing program, shrunk (--write: into failing_seeds/SEED.py)
"""

from __future__ import annotations

import collections
import os
from pathlib import Path

import pytest

from oracle import Result, check, summarize

PROGRAMS = int(os.environ.get("WRAPC_PROGRAMS", "500"))
FIRST_SEED = int(os.environ.get("WRAPC_PROGRAMS_SEED", "0"))
CHUNK = 50
FAILING = Path(__file__).parent / "failing_seeds"
SEEDS_FILE = FAILING / "seeds.txt"

# The categories of every program run here (conftest.py prints them).
COUNTS: collections.Counter = collections.Counter()


def _listed() -> list[tuple[int, str | None]]:
    """The seeds of failing_seeds/seeds.txt: `SEED`, `SEED xfail: reason`."""
    seeds = []
    if SEEDS_FILE.exists():
        for line in SEEDS_FILE.read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            seed, _, rest = line.partition(" ")
            rest = rest.strip()
            reason = rest[len("xfail:"):].strip() if rest.startswith("xfail:") else None
            seeds.append((int(seed), reason))
    return seeds


def _keep(result: Result) -> None:
    """failing_seeds/<seed>.py and the seed's line in seeds.txt."""
    FAILING.mkdir(exist_ok=True)
    report = "\n".join("# " + line for line in result.report().splitlines())
    path = FAILING / f"{result.seed}.py"
    # A shrunk version appended by `minimize.py --write` is kept.
    shrunk = ""
    if path.exists():
        text = path.read_text()
        at = text.find("\n\n# Shrunk (")
        shrunk = text[at:] if at >= 0 else ""
    path.write_text(
        f"# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).\n"
        f"# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check({result.seed}).report())'\n"
        f"# Shrink: cd python/tests && python minimize.py {result.seed} --write\n#\n{report}\n\n"
        f"{result.program.source()}{shrunk}"
    )
    if result.seed not in {s for s, _ in _listed()}:
        with SEEDS_FILE.open("a") as f:
            f.write(f"{result.seed}\n")


def _run(seeds: list[int]) -> None:
    failed = []
    for seed in seeds:
        result = check(seed)
        COUNTS.update(summarize([result]))
        COUNTS["programs"] += 1
        if result.failures:
            _keep(result)
            failed.append(result)
    if failed:
        pytest.fail(
            "\n\n".join(f"{r.report()}\n(kept as failing_seeds/{r.seed}.py)\n\n{r.program.fn_source()}" for r in failed),
            pytrace=False,
        )


def _regression_params() -> list:
    return [
        pytest.param(seed, marks=pytest.mark.xfail(reason=reason, strict=True)) if reason else seed
        for seed, reason in _listed()
    ]


# Defined first: pytest runs the regressions before the new programs.
@pytest.mark.parametrize("seed", _regression_params() or [pytest.param(None, marks=pytest.mark.skip("none listed"))])
def test_regression(seed):
    _run([seed])


@pytest.mark.parametrize("chunk", range((PROGRAMS + CHUNK - 1) // CHUNK))
def test_programs(chunk):
    # A listed seed ran as its own regression test.
    listed = {seed for seed, _ in _listed()}
    start = FIRST_SEED + chunk * CHUNK
    _run([s for s in range(start, min(start + CHUNK, FIRST_SEED + PROGRAMS)) if s not in listed])


@pytest.mark.parametrize("seed", range(FIRST_SEED, FIRST_SEED + 40))
def test_source_is_the_program(seed):
    # What a bug report shows (Program.source) does what the oracle ran
    # (the interpreted op list): the same eager observation.
    import torch
    from observe import element_differences, observe
    from programs import generate

    program = generate(seed)
    namespace = {"torch": torch}
    exec(compile(program.source(), f"<seed {seed}>", "exec"), namespace)
    seen = []
    for fn, make in ((program.make_fn(), program.make_inputs), (namespace["fn"], namespace["make_inputs"])):
        args, _ = make()
        grad = torch.is_grad_enabled()
        try:
            with program.context():
                seen.append(observe(fn, args))
        finally:
            torch.set_grad_enabled(grad)
    assert not element_differences(seen[1], seen[0])
