"""A tensor-parallel MLP (DTensor: ``ColwiseParallel`` / ``RowwiseParallel``)
under eager, torch.compile and ``backend="wrapc"``, launched as

    torchrun --nproc-per-node N bench/torch/dtensor_tp.py [--device cuda|cpu]

(NCCL on GPUs, gloo on the CPU). Each rank checks its outputs against an
unsharded eager copy and, after three SGD steps, its parameters; rank 0
prints one JSON row per path: µs per inference forward (host time, best of
5 rounds of ITERS calls, synchronized), µs per training step, whether
outputs and parameters matched, and the wrapc warnings (a fallback is
named there)."""

from __future__ import annotations

import json
import os
import warnings

import torch
import torch.distributed as dist
from distributed_bench import start, timed

import wrapc_torch  # noqa: F401 - registers backend="wrapc"

ITERS = int(os.environ.get("ITERS", 500))


class MLP(torch.nn.Module):
    def __init__(self, width: int = 256):
        super().__init__()
        self.up = torch.nn.Linear(width, 4 * width)
        self.down = torch.nn.Linear(4 * width, width)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))




def main() -> None:
    me = start()
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    device, sync, mesh, world = me.device, me.sync, me.mesh, me.world
    rows = []
    for path in ("eager", "torch.compile", "backend=wrapc"):
        torch.manual_seed(0)
        reference = MLP().to(device)
        model = MLP().to(device)
        model.load_state_dict(reference.state_dict())
        parallelize_module(model, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
        run = {
            "eager": model,
            "torch.compile": torch.compile(model, fullgraph=True),
            "backend=wrapc": torch.compile(model, backend="wrapc", fullgraph=True),
        }[path]
        x = torch.randn(8, 256, device=device)
        row = {"path": path, "world": world, "device": device.type}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with torch.no_grad():
                row["outputs_equal"] = bool(torch.allclose(run(x), reference(x), atol=1e-4))
                for _ in range(20):
                    run(x)
                row["forward_us"] = round(timed(lambda: run(x), sync, ITERS), 2)
            opt = torch.optim.SGD(model.parameters(), lr=0.01)
            ref_opt = torch.optim.SGD(reference.parameters(), lr=0.01)
            for step in range(3):
                batch = torch.randn(8, 256, device=device, generator=None)
                for m, o in ((run, opt), (reference, ref_opt)):
                    o.zero_grad()
                    m(batch).pow(2).mean().backward()
                    o.step()
            full = {n: p.full_tensor() for n, p in model.named_parameters()}
            row["parameters_equal"] = all(torch.allclose(full[n], p, atol=1e-4) for n, p in reference.named_parameters())

            def step_once():
                opt.zero_grad()
                run(x).pow(2).mean().backward()
                opt.step()

            row["step_us"] = round(timed(step_once, sync, ITERS) if ITERS else 0.0, 2)
        row["wrapc_warnings"] = sorted({str(w.message)[:160] for w in caught if "wrapc" in str(w.message)})
        rows.append(row)
    if me.rank == 0:
        for row in rows:
            print(json.dumps(row), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
