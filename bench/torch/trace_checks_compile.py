"""Compile time of ``wrapc_torch.compile`` on ResNet-18 in training
(``inner="eager"``), three times in one process: the first builds the
wrapper, the later ones reuse the cached library, so tracing dominates.
Results: bench/results/2026-11-30-cpu2core-trace-checks-compile-time.md.

    PYTHONPATH=<tree>/python WRAPC_CACHE_DIR=<scratch> python3 bench/torch/trace_checks_compile.py LABEL
"""

import sys
import time
import warnings

import torch
import torchvision

import wrapc_torch


def main(label: str) -> None:
    warnings.filterwarnings("ignore")
    torch.manual_seed(0)
    model = torchvision.models.resnet18().train()
    x = torch.randn(2, 3, 64, 64)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        wrapc_torch.compile(model, [x], inner="eager")
        times.append(time.perf_counter() - start)
    print(label, "resnet18 train compile (inner=eager) s:", " ".join(f"{t:.2f}" for t in times))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
