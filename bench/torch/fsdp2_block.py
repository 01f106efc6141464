"""A transformer block sharded with FSDP2 (``fully_shard``) and trained
under eager, torch.compile and ``backend="wrapc"``, launched as

    torchrun --nproc-per-node N bench/torch/fsdp2_block.py [--device cuda|cpu]

(NCCL on GPUs, gloo on the CPU). Every rank trains on the same batches, so
that the averaged gradients are an unsharded eager copy's: each rank checks
its losses over three SGD steps, and then its parameters, against that copy.
Rank 0 prints one JSON row per path: µs per training step (host time, best
of 5 rounds of ITERS steps, synchronized), whether losses and
parameters matched, the wrapc warnings (a fallback is named there), and how
many graphs Dynamo handed wrapc."""

from __future__ import annotations

import json
import os
import warnings

import torch
import torch.distributed as dist
from distributed_bench import start, timed
import torch.nn.functional as F

import wrapc_torch

ITERS = int(os.environ.get("ITERS", 50))


class Block(torch.nn.Module):
    def __init__(self, width: int = 256, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = torch.nn.LayerNorm(width), torch.nn.LayerNorm(width)
        self.qkv = torch.nn.Linear(width, 3 * width)
        self.proj = torch.nn.Linear(width, width)
        self.fc1, self.fc2 = torch.nn.Linear(width, 4 * width), torch.nn.Linear(4 * width, width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        h = x + self.proj(attn)
        return h + self.fc2(F.gelu(self.fc1(self.ln2(h))))




def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-4 * max(1.0, abs(b))


def main() -> None:
    me = start()
    from torch.distributed.fsdp import fully_shard

    device, sync, mesh, world = me.device, me.sync, me.mesh, me.world
    rows = []
    for path in ("eager", "torch.compile", "backend=wrapc"):
        torch.manual_seed(0)
        reference = Block().to(device)
        model = Block().to(device)
        model.load_state_dict(reference.state_dict())
        fully_shard(model, mesh=mesh)
        graphs = []

        def wrapc_backend(gm, example_inputs):
            graphs.append(gm)
            return wrapc_torch.backend(gm, example_inputs)

        run = {
            "eager": model,
            "torch.compile": torch.compile(model),
            "backend=wrapc": torch.compile(model, backend=wrapc_backend),
        }[path]
        row = {"path": path, "world": world, "device": device.type}
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        ref_opt = torch.optim.SGD(reference.parameters(), lr=0.01)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            losses = {"sharded": [], "reference": []}
            for step in range(3):
                batch = torch.randn(4, 32, 256, device=device, )
                dist.broadcast(batch, 0)
                for name, m, o in (("sharded", run, opt), ("reference", reference, ref_opt)):
                    o.zero_grad()
                    loss = m(batch).pow(2).mean()
                    loss.backward()
                    o.step()
                    losses[name].append(loss.item())
            row["losses_equal"] = all(_close(a, b) for a, b in zip(*losses.values()))
            full = {n: p.full_tensor() for n, p in model.named_parameters()}
            row["parameters_equal"] = all(
                torch.allclose(full[n], p, atol=1e-4) for n, p in reference.named_parameters()
            )
            x = torch.randn(4, 32, 256, device=device)

            def step_once():
                opt.zero_grad()
                run(x).pow(2).mean().backward()
                opt.step()

            row["step_us"] = round(timed(step_once, sync, ITERS) if ITERS else 0.0, 2)
        row["wrapc_warnings"] = sorted({str(w.message)[:160] for w in caught if "wrapc" in str(w.message)})
        row["wrapc_graphs"] = len(graphs)
        rows.append(row)
    if me.rank == 0:
        for row in rows:
            print(json.dumps(row), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
