"""Shrinks a failing random program (programs.py) to a small one that still
fails the oracle (oracle.py) the same way: ops, outputs, arguments and
input statements removed, blocks unwrapped, while the program stays legal
in eager and one of the original failures (path and key) remains.

    python minimize.py SEED [direct|dynamo] [--write]

``--write`` appends the shrunk program, commented, to
failing_seeds/<SEED>.py (the file test_random_programs.py keeps).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Any, Iterator

import programs
from oracle import Result, run_program
from programs import Program


def _variant(p: Program, **changes: Any) -> Program:
    return dataclasses.replace(p, _factories={}, **changes)


def _legal(p: Program) -> bool:
    try:
        first = programs._run_eager(p)
        second = programs._run_eager(p)
    except Exception:  # noqa: BLE001
        return False
    if p.grow:
        try:
            programs._run_eager(p, grow=True)
        except Exception:  # noqa: BLE001
            return False
    return programs._same(first, second)


def _op_variants(ops: tuple) -> Iterator[tuple]:
    for i, op in enumerate(ops):
        yield ops[:i] + ops[i + 1:]
        if op[0] in ("no_grad", "enable_grad"):
            yield ops[:i] + op[1] + ops[i + 1:]
            for body in _op_variants(op[1]):
                if body:
                    yield ops[:i] + ((op[0], body),) + ops[i + 1:]


def _names(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _used(p: Program) -> set[str]:
    return _names(p.fn_source().split("\n", 1)[1])


def _candidates(p: Program) -> Iterator[Program]:
    for ops in _op_variants(p.ops):
        yield _variant(p, ops=ops)
    for i in range(len(p.outputs)):
        outs = p.outputs[:i] + p.outputs[i + 1:]
        yield _variant(p, outputs=outs, single=p.single and len(outs) == 1)
    if p.single:
        yield _variant(p, single=False)
    if p.grow:
        yield _variant(p, grow=False)
    if p.dynamic is not None:
        yield _variant(p, dynamic=None)
    used = _used(p)
    for i, a in enumerate(p.args):
        if a not in used:
            args = p.args[:i] + p.args[i + 1:]
            stmts = [s for s in p.input_stmts if s[1] != a]
            yield _variant(p, args=args, input_stmts=stmts)
    # input statements nothing refers to
    for i, st in enumerate(p.input_stmts):
        rest = p.input_stmts[:i] + p.input_stmts[i + 1:]
        referenced = set(p.args)
        for other in rest:
            if other[0] == "expr":
                referenced |= _names(other[2])
        if st[1] not in referenced:
            leaves = [leaf for leaf in p.leaves if leaf != st[1]]
            yield _variant(p, input_stmts=rest, leaves=leaves)
    # a leaf that requires grad behind a non-leaf: plain instead
    for i, st in enumerate(p.input_stmts):
        if st[0] == "randn" and st[4]:
            stmts = list(p.input_stmts)
            stmts[i] = st[:4] + (False,)
            yield _variant(p, input_stmts=stmts, leaves=[leaf for leaf in p.leaves if leaf != st[1]])
    if p.grad:
        yield _variant(p, grad=False)


def minimize(p: Program, paths: tuple[str, ...] = ("direct", "dynamo"), verbose: bool = False) -> tuple[Program, Result]:
    result = run_program(p, paths)
    target = result.signature()
    if not target:
        return p, result
    progress = True
    while progress:
        progress = False
        for candidate in _candidates(p):
            if not _legal(candidate):
                continue
            r = run_program(candidate, paths)
            if r.signature() & target:
                p, result = candidate, r
                target = r.signature() & target
                progress = True
                if verbose:
                    print(f"  {len(p.ops)} ops, {len(p.outputs)} outputs, {len(p.input_stmts)} input statements",
                          file=sys.stderr)
                break
    return p, result


def shrunk_text(program: Program, result: Result) -> str:
    return f"{result.report()}\n{program.source()}"


def append_to_kept(seed: int, text: str) -> None:
    from test_random_programs import FAILING

    path = FAILING / f"{seed}.py"
    commented = "\n".join(("# " + line).rstrip() for line in text.splitlines())
    with path.open("a") as f:
        f.write(f"\n\n# Shrunk (python minimize.py {seed}):\n#\n{commented}\n")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--write"]
    seed = int(args[0])
    paths = tuple(args[1:]) or ("direct", "dynamo")
    program, result = minimize(programs.generate(seed), paths, verbose=True)
    text = shrunk_text(program, result)
    print(text)
    if "--write" in sys.argv:
        append_to_kept(seed, text)
