"""Host time of a training step and of a training forward, in one process,
side by side (issue 32's benchmark).

Columns (µs, best of 5 rounds of ITERS):
  eager                 the model op by op
  inductor              torch.compile default
  wrapc                 torch.compile(backend="wrapc")
  wrapc_torch.compile   the Dynamo-free native callable (Inductor computing),
                        its autograd node in C++ (csrc/autograd.cpp)
  wrapc_torch.compile (python node)
                        the same with AOTAutograd's CompiledFunction, the
                        Python autograd.Function (WRAPC_AUTOGRAD_NODE=python):
                        the path before
  wrapc_torch.compile (backward entry)
                        the C++ node calling the graph's compiled backward
                        entry (wrap.backward_wrapper; WRAPC_BACKWARD_ENTRY=wrap)
                        instead of its own backward prologue
  optimizer alone       (step rows) zero_grad and the SGD step without a
                        forward or backward: the part of a step no wrapper
                        touches
  eager backward alone  (step rows) eager's backward of a graph kept with
                        retain_graph: autograd's engine and the backward
                        kernels, which a compiled step runs too
Rows: per model, "forward" (a training forward: grad mode on, parameters
requiring grad; its graph is freed unused), "step" (zero_grad, forward,
backward of the sum, SGD step) and, on CUDA, "step peak memory" (bytes
allocated at the peak of one step beyond what was allocated before it). On CUDA the loop does not synchronize
between steps (host time: the GPU work of these small models is shorter
than the host's), once at the end of each round.

    python3 bench/torch/training.py [--device cpu|cuda] > results.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import time

import torch

import wrapc_torch


def best_of(fn, iters, sync):
    for _ in range(20):
        fn()
    if sync:
        torch.cuda.synchronize()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(iters):
            fn()
        if sync:
            torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - start) / iters * 1e6)
    return round(best, 2)


@contextlib.contextmanager
def environment(env):
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                del os.environ[k]
            else:
                os.environ[k] = v


def variants(model, x):
    """(label, module copy, callable, environment) per column; every column
    trains its own copy of the model, under its environment (read when it
    compiles and at its first backward)."""
    out = []
    m = copy.deepcopy(model)
    out.append(("eager", m, m, {}))
    for label, kwargs in [("inductor", {}), ("wrapc", dict(backend="wrapc"))]:
        torch._dynamo.reset()
        m = copy.deepcopy(model)
        out.append((label, m, torch.compile(m, fullgraph=True, **kwargs), {}))
    for label, env in [("wrapc_torch.compile", {}), ("wrapc_torch.compile (python node)", {"WRAPC_AUTOGRAD_NODE": "python"}),
                       ("wrapc_torch.compile (backward entry)", {"WRAPC_BACKWARD_ENTRY": "wrap"})]:
        torch._dynamo.reset()
        m = copy.deepcopy(model)
        with environment(env):
            out.append((label, m, wrapc_torch.compile(m, (x,)), env))
    return out


def measure(name, model, x, dev, iters):
    sync = dev == "cuda"
    forward = {"case": f"{dev}: {name} training forward"}
    step = {"case": f"{dev}: {name} training step"}
    memory = {"case": f"{dev}: {name} training step peak memory"}
    for label, m, f, env in variants(model, x):
        opt = torch.optim.SGD(m.parameters(), lr=1e-3)

        def one_step(f=f, opt=opt):
            opt.zero_grad(set_to_none=True)
            f(x).sum().backward()
            opt.step()

        with environment(env):
            forward[label] = best_of(lambda f=f: f(x), iters, sync)
            step[label] = best_of(one_step, iters, sync)
            if sync:
                opt.zero_grad(set_to_none=True)
                torch.cuda.synchronize()
                torch.cuda.reset_peak_memory_stats()
                before = torch.cuda.memory_allocated()
                one_step()
                torch.cuda.synchronize()
                memory[label] = torch.cuda.max_memory_allocated() - before
    m = copy.deepcopy(model)
    opt = torch.optim.SGD(m.parameters(), lr=1e-3)
    for p in m.parameters():
        p.grad = torch.zeros_like(p)

    def optimizer_alone():
        opt.zero_grad(set_to_none=False)
        opt.step()

    step["optimizer alone"] = best_of(optimizer_alone, iters, sync)
    loss = m(x).sum()
    step["eager backward alone"] = best_of(lambda: loss.backward(retain_graph=True), iters, sync)
    for row in (forward, step):
        row["eager / wrapc_torch.compile"] = round(row["eager"] / row["wrapc_torch.compile"], 2)
        row["inductor / wrapc_torch.compile"] = round(row["inductor"] / row["wrapc_torch.compile"], 2)
        row["python node / C++ node"] = round(row["wrapc_torch.compile (python node)"] / row["wrapc_torch.compile"], 2)
        row["backward entry / C++ prologue"] = round(
            row["wrapc_torch.compile (backward entry)"] / row["wrapc_torch.compile"], 2)
        print(json.dumps(row), flush=True)
    if sync:
        print(json.dumps(memory), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--iters", type=int, default=int(os.environ.get("ITERS", "500")))
    opts = parser.parse_args()
    dev = opts.device
    print(json.dumps({"what": "env", "torch": torch.__version__, "cpus": os.cpu_count(),
                      "device": torch.cuda.get_device_name(0) if dev == "cuda" else "cpu"}), flush=True)
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 16)).to(dev)
    measure("MLP", mlp, torch.randn(4, 16, device=dev), dev, opts.iters)
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0, batch_first=True).to(dev)
    measure("TransformerEncoderLayer", layer, torch.randn(2, 8, 64, device=dev), dev, opts.iters)


if __name__ == "__main__":
    main()
