"""Per-call host time of backend="wrapc" training forwards whose outputs are
views of an input: what the view-function route (a training graph run with
autograd's view replay on, the view made again by the graph output's own
view function where no chain is replayed) costs per call. Run it under two
trees alternately and compare (µs per call, best of ROUNDS rounds of ITERS
calls):

    PYTHONPATH=<tree>/python python3 bench/torch/training_views_cost.py

Cases: an MLP's training forward (no view outputs: the flag and the graph's
results kept per call only), and views of an input that requires grad with
static and with dynamic shapes (the chain replayed; the view function).
"""

from __future__ import annotations

import json
import time
import warnings

import torch

import wrapc_torch  # noqa: F401 - registers backend="wrapc"

ITERS, ROUNDS = 2000, 5


def _views(x):
    return (x.view(x.shape[0] * x.shape[1]), x[1 : x.shape[0]], x.t()[: x.shape[1] - 1], x * 2)


def _cases():
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 8))
    yield "mlp-training-forward", mlp, None, [torch.randn(4, 16)]
    x = torch.randn(6, 5, requires_grad=True)
    yield "views-of-input-static", _views, False, [x]
    yield "views-of-input-dynamic", _views, True, [x]


def _per_call_us(fn, args):
    for _ in range(50):
        fn(*args)
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(ITERS):
            fn(*args)
        best = min(best, (time.perf_counter() - start) / ITERS * 1e6)
    return best


def main() -> None:
    warnings.simplefilter("ignore")
    torch.set_num_threads(1)
    for name, fn, dynamic, args in _cases():
        torch._dynamo.reset()
        compiled = torch.compile(fn, backend="wrapc", dynamic=dynamic, options={"inner": "eager"})
        with torch.enable_grad():
            us = _per_call_us(compiled, args)
        print(json.dumps({"case": name, "wrapc_us": round(us, 2), "tree": wrapc_torch.__file__}), flush=True)


if __name__ == "__main__":
    main()
