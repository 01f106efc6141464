"""What the torchrun benchmarks share (``dtensor_tp.py``,
``fsdp2_block.py``): the process group and device of this rank, and the
timing loop."""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from typing import Callable

import torch
import torch.distributed as dist


@dataclass
class Rank:
    rank: int
    world: int
    device: torch.device
    sync: Callable[[], None]
    mesh: object  # the world's one-dimensional DeviceMesh


def start() -> Rank:
    """This rank, after ``--device cuda|cpu`` (NCCL on GPUs, gloo on the
    CPU), with a one-dimensional mesh over the world."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args()
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    cuda = args.device == "cuda"
    if cuda:
        torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", rank)))
    dist.init_process_group("nccl" if cuda else "gloo")
    from torch.distributed.device_mesh import init_device_mesh

    device = torch.device("cuda", torch.cuda.current_device()) if cuda else torch.device("cpu")
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    return Rank(rank, world, device, sync, init_device_mesh(args.device, (world,)))


def timed(fn: Callable[[], object], sync: Callable[[], None], iters: int, rounds: int = 5) -> float:
    """µs per call of ``fn``: host time, best of ``rounds`` rounds of
    ``iters`` calls, synchronized."""
    best = float("inf")
    for _ in range(rounds):
        sync()
        start_time = time.perf_counter()
        for _ in range(iters):
            fn()
        sync()
        best = min(best, (time.perf_counter() - start_time) / iters * 1e6)
    return best
