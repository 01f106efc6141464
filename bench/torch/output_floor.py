"""What one more output tensor costs where torch itself makes it in C++, in
one call (Python's call overhead spread over the count): the floor under a
compiled call's outputs, which a floor issuing only the kernel launches
(`launch_floor.c`) leaves out.

  view    x.unbind(0): N views of an input (select, autograd's view
          metadata, a Python object each), as an output aliasing an input
          needs
  fresh   torch._foreach_add(xs, 1): N new tensors from the allocator
          (the caching allocator on CUDA, one fused launch), a Python
          object each, as a graph's own output needs

ns per one more: the slope over 1 to 128 of them, each count the best of 5
rounds of ITERS calls; the results are dropped at once, as a caller
dropping a call's outputs does.

    python3 bench/torch/output_floor.py [--device cpu|cuda] > results.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("WRAPC_ANCHORS", os.path.join(HERE, "..", "..", "..", "shared", "anchors")))
# The anchors' timing loop, as overhead.py's: warm-up, best of 5 rounds.
from torch_overhead import bench  # noqa: E402

SHAPES = {
    "view": (lambda n, device: [torch.randn(n, 16, device=device)], lambda x: x.unbind(0)),
    "fresh": (lambda n, device: [[torch.randn(16, device=device) for _ in range(n)]], lambda xs: torch._foreach_add(xs, 1)),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--iters", type=int, default=int(os.environ.get("ITERS", "2000")))
    parser.add_argument("--counts", default="1,128")
    opts = parser.parse_args()
    counts = [int(c) for c in opts.counts.split(",")]
    if len(counts) < 2:
        parser.error("--counts needs two counts or more: the slope is between the first and the last")
    print(json.dumps({"what": "env", "torch": torch.__version__, "cpus": os.cpu_count(), "device": opts.device}))
    for name, (make, fn) in SHAPES.items():
        us = {n: round(bench(fn, make(n, opts.device), opts.iters, opts.device == "cuda"), 2) for n in counts}
        first, last = counts[0], counts[-1]
        print(json.dumps({
            "case": f"{opts.device}: {name}",
            "us": us,
            "ns per one more": round((us[last] - us[first]) / (last - first) * 1e3),
        }), flush=True)


if __name__ == "__main__":
    with torch.no_grad():
        main()
