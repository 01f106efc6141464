"""Compile time of wrapc_torch.compile with and without the trace-time
ViewsTaken mode (which notes views written after they were taken),
alternated in one process; the first round is dropped (imports, caches).

    python bench/torch/views_taken_cost.py
"""
import statistics
import time

import torch

import wrapc_torch
from wrapc_torch._private import aot

def many_views(x, y):
    for _ in range(400):
        x = x.t().unsqueeze(0).squeeze(0)[0:].mul(1.0)
    y.add_(1.0)
    return x, y[1:]

mlp = torch.nn.Sequential(*[torch.nn.Linear(64, 64) for _ in range(12)])
cases = {
    "400 view chains + write (eager inner)": (many_views, lambda: [torch.randn(8, 8), torch.randn(5)], "eager"),
    "12-layer MLP (eager inner)": (mlp, lambda: [torch.randn(4, 64)], "eager"),
}
real = aot._watching_views
off = lambda call: (call, aot._TraceNotes())
for name, (fn, make, inner) in cases.items():
    times = {"on": [], "off": []}
    for rep in range(4):
        for mode in ("on", "off"):
            aot._watching_views = real if mode == "on" else off
            t = time.perf_counter()
            with torch.no_grad():
                wrapc_torch.compile(fn, make(), inner=inner)
            times[mode].append(time.perf_counter() - t)
    aot._watching_views = real
    on, off_ = statistics.median(times["on"][1:]), statistics.median(times["off"][1:])
    print(f"{name}: with ViewsTaken {on*1e3:.0f} ms, without {off_*1e3:.0f} ms ({on/off_:.2f}x)")
