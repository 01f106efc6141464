"""Per-call host time of graphs over tensor subclasses (PyTorch's
``TwoTensor``), side by side in one process: eager, torch.compile
(Inductor, PyTorch's wrappers), ``backend="wrapc"`` and
``wrapc_torch.compile`` (wrapc's wrapper, the subclass layer as
``wrap.subclass_wrapper``, Inductor's program imported). µs per call, best
of ROUNDS rounds of ITERS calls; the device is the first argument
(``cpu`` or ``cuda``, default: cuda where there is one):

    python3 bench/torch/subclass_overhead.py [cpu|cuda]

Cases: an elementwise op over two ``TwoTensor`` s (one subclass result: one
``__tensor_unflatten__`` per call on every path), a nested ``TwoTensor``,
and a write into a ``TwoTensor`` argument (the write-back, attribute by
attribute).
"""

from __future__ import annotations

import json
import sys
import time
import warnings

import torch
from torch.testing._internal.two_tensor import TwoTensor

import wrapc_torch

ITERS, ROUNDS = 2000, 5
DEVICE = sys.argv[1] if len(sys.argv) > 1 else ("cuda" if torch.cuda.is_available() else "cpu")


def _two(*shape):
    a = torch.randn(*shape, device=DEVICE)
    return TwoTensor(a, a * 2)


def _cases():
    yield "elementwise", lambda x, y: (x * y).sin() + 1, [_two(64), _two(64)]
    yield "nested", lambda x, y: x * y + 1, [TwoTensor(_two(64), _two(64)), TwoTensor(_two(64), _two(64))]
    yield "write-into-argument", lambda x, y: (x.add_(y), x * 2)[1], [_two(64), _two(64)]


def _per_call_us(fn, args):
    for _ in range(50):
        fn(*args)
    if DEVICE == "cuda":
        torch.cuda.synchronize()
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(ITERS):
            fn(*args)
        if DEVICE == "cuda":
            torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - start) / ITERS * 1e6)
    return best


def main() -> None:
    rows = []
    for name, fn, args in _cases():
        paths = {
            "eager": fn,
            "torch.compile": torch.compile(fn, fullgraph=True),
            "backend=wrapc": torch.compile(fn, backend="wrapc", fullgraph=True),
            "wrapc_torch.compile": wrapc_torch.compile(fn, list(args)),
        }
        row = {"case": name, "device": DEVICE}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for path, compiled in paths.items():
                row[path] = round(_per_call_us(compiled, args), 2)
        # A fallback would time PyTorch's wrapper: named in the row.
        row["wrapc_warnings"] = sorted({str(w.message)[:160] for w in caught if "wrapc:" in str(w.message)})
        row["wrapc_torch.compile / torch.compile"] = round(row["wrapc_torch.compile"] / row["torch.compile"], 2)
        row["backend=wrapc / torch.compile"] = round(row["backend=wrapc"] / row["torch.compile"], 2)
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
