"""A tensor-parallel MLP (DTensor: ``ColwiseParallel`` / ``RowwiseParallel``)
under eager, torch.compile and ``backend="wrapc"``, launched as

    torchrun --nproc-per-node N bench/torch/dtensor_tp.py [--device cuda|cpu]

(NCCL on GPUs, gloo on the CPU). Each rank checks its outputs against an
unsharded eager copy and, after three SGD steps, its parameters; rank 0
prints one JSON row per path: µs per inference forward (host time, best of
ROUNDS rounds of ITERS calls, synchronized), µs per training step, whether
outputs and parameters matched, and the wrapc warnings (a fallback is
named there)."""

from __future__ import annotations

import argparse
import json
import os
import time
import warnings

import torch
import torch.distributed as dist

import wrapc_torch  # noqa: F401 - registers backend="wrapc"

ITERS, ROUNDS = int(os.environ.get("ITERS", 500)), 5


class MLP(torch.nn.Module):
    def __init__(self, width: int = 256):
        super().__init__()
        self.up = torch.nn.Linear(width, 4 * width)
        self.down = torch.nn.Linear(4 * width, width)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


def _timed(fn, sync) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        sync()
        start = time.perf_counter()
        for _ in range(ITERS):
            fn()
        sync()
        best = min(best, (time.perf_counter() - start) / ITERS * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    cuda = args.device == "cuda"
    if cuda:
        torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", rank)))
    dist.init_process_group("nccl" if cuda else "gloo")
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    device = torch.device("cuda", torch.cuda.current_device()) if cuda else torch.device("cpu")
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    mesh = init_device_mesh(args.device, (world,))
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
        row = {"path": path, "world": world, "device": args.device}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with torch.no_grad():
                row["outputs_equal"] = bool(torch.allclose(run(x), reference(x), atol=1e-4))
                for _ in range(20):
                    run(x)
                row["forward_us"] = round(_timed(lambda: run(x), sync), 2)
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

            row["step_us"] = round(_timed(step_once, sync) if ITERS else 0.0, 2)
        row["wrapc_warnings"] = sorted({str(w.message)[:160] for w in caught if "wrapc" in str(w.message)})
        rows.append(row)
    if rank == 0:
        for row in rows:
            print(json.dumps(row), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
