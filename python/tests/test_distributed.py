"""DTensor through ``backend="wrapc"``: a tensor-parallel MLP
(``parallelize_module`` with ``ColwiseParallel`` / ``RowwiseParallel``) on
two CPU processes with the gloo backend, as ``torchrun --nproc-per-node 2``
would run it. Its inference forward takes the sharded parameters (DTensors
that require grad, read under ``no_grad``) through wrapc's native wrapper,
with the collectives inside Inductor's graph; outputs equal eager's on each
rank. Three SGD steps through the native training wrapper (the runtime
wrapper around PyTorch's ``CompiledFunction`` over the DTensors) give each
rank eager's losses and parameters, with no fallback. An FSDP2
(``fully_shard``) transformer block trains too. Written for any world size;
the test uses two processes."""

from __future__ import annotations

import os
import socket
import sys
import warnings

import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

WORLD = 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Linear(8, 16)
        self.down = torch.nn.Linear(16, 8)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


def _in_group(body, rank: int, port: int, results) -> None:
    """Runs ``body(rank)`` in a gloo group of WORLD processes and puts its
    report (or the error) on ``results``."""
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    try:
        results.put(body(rank))
    except BaseException as e:  # noqa: BLE001 - reported to the parent, which fails the test
        results.put({"rank": rank, "error": f"{type(e).__name__}: {e}"})
    finally:
        dist.destroy_process_group()


def _tp_rank(rank: int) -> dict:
    """A tensor-parallel MLP: inference, then three SGD steps."""
    import wrapc_torch  # noqa: F401 - registers backend="wrapc"
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    mesh = init_device_mesh("cpu", (WORLD,))
    torch.manual_seed(0)
    eager = MLP()
    model = MLP()
    model.load_state_dict(eager.state_dict())
    parallelize_module(model, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
    compiled = torch.compile(model, backend="wrapc", fullgraph=True)
    x = torch.randn(4, 8)
    report = {"rank": rank}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with torch.no_grad():
            outs = [compiled(x) for _ in range(2)]
            want = eager(x)
    report["inference_equal"] = all(torch.allclose(o, want, atol=1e-5) for o in outs)
    report["inference_warnings"] = [str(w.message) for w in caught if "wrapc" in str(w.message)]
    opt, eager_opt = torch.optim.SGD(model.parameters(), lr=0.1), torch.optim.SGD(eager.parameters(), lr=0.1)
    losses = {"wrapc": [], "eager": []}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for step in range(3):
            batch = torch.randn(4, 8, generator=torch.Generator().manual_seed(step))
            for name, o, run in (("wrapc", opt, compiled), ("eager", eager_opt, eager)):
                o.zero_grad()
                loss = run(batch).pow(2).sum()
                loss.backward()
                o.step()
                losses[name].append(loss.item())
    report["training_warnings"] = [str(w.message) for w in caught if "wrapc" in str(w.message)]
    report["losses_equal"] = all(abs(a - b) <= 1e-5 * max(1.0, abs(b)) for a, b in zip(*losses.values()))
    full = {name: p.full_tensor() for name, p in model.named_parameters()}
    report["parameters_equal"] = all(
        torch.allclose(full[name], p, atol=1e-5) for name, p in eager.named_parameters()
    )
    return report


class Block(torch.nn.Module):
    """A pre-norm transformer block: attention and an MLP."""

    def __init__(self, width: int = 32, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = torch.nn.LayerNorm(width), torch.nn.LayerNorm(width)
        self.qkv, self.proj = torch.nn.Linear(width, 3 * width), torch.nn.Linear(width, width)
        self.fc1, self.fc2 = torch.nn.Linear(width, 4 * width), torch.nn.Linear(4 * width, width)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        attn = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        h = x + self.proj(attn.transpose(1, 2).reshape(b, t, d))
        return h + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln2(h))))


def _fsdp_rank(rank: int) -> dict:
    """FSDP2: every rank trains on the same batches, so the averaged
    gradients are an unsharded eager copy's."""
    import wrapc_torch
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard

    mesh = init_device_mesh("cpu", (WORLD,))
    torch.manual_seed(0)
    eager = Block()
    model = Block()
    model.load_state_dict(eager.state_dict())
    fully_shard(model, mesh=mesh)
    graphs = []

    def counted(gm, example_inputs):
        graphs.append(gm)
        return wrapc_torch.backend(gm, example_inputs)

    compiled = torch.compile(model, backend=counted)
    opt, eager_opt = torch.optim.SGD(model.parameters(), lr=0.1), torch.optim.SGD(eager.parameters(), lr=0.1)
    losses = {"wrapc": [], "eager": []}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for step in range(3):
            batch = torch.randn(2, 8, 32, generator=torch.Generator().manual_seed(step))
            for name, o, run in (("wrapc", opt, compiled), ("eager", eager_opt, eager)):
                o.zero_grad()
                loss = run(batch).pow(2).mean()
                loss.backward()
                o.step()
                losses[name].append(loss.item())
    full = {name: p.full_tensor() for name, p in model.named_parameters()}
    return {
        "rank": rank,
        "graphs": len(graphs),
        "training_warnings": [str(w.message) for w in caught if "wrapc" in str(w.message)],
        "losses_equal": all(abs(a - b) <= 1e-5 * max(1.0, abs(b)) for a, b in zip(*losses.values())),
        "parameters_equal": all(torch.allclose(full[name], p, atol=1e-5) for name, p in eager.named_parameters()),
    }


def _run_ranks(body) -> list[dict]:
    ctx = mp.get_context("spawn")
    results = ctx.Queue()
    port = _free_port()
    env_path = os.pathsep.join(p for p in sys.path if p)
    os.environ["PYTHONPATH"] = env_path
    procs = [ctx.Process(target=_in_group, args=(body, r, port, results)) for r in range(WORLD)]
    for p in procs:
        p.start()
    reports = [results.get(timeout=600) for _ in range(WORLD)]
    for p in procs:
        p.join(60)
    return sorted(reports, key=lambda r: r["rank"])


@pytest.mark.skipif(not dist.is_available() or not dist.is_gloo_available(), reason="torch.distributed with gloo")
def test_an_fsdp2_transformer_block_trains_on_two_processes():
    """``fully_shard``: its hooks run eagerly (Dynamo skips them) and the
    block's training graph, over the unsharded parameters, runs under
    wrapc's wrapper; three SGD steps give each rank eager's losses and
    parameters."""
    for report in _run_ranks(_fsdp_rank):
        assert "error" not in report, report
        assert report["graphs"] >= 1, report
        assert report["training_warnings"] == [], report
        assert report["losses_equal"] and report["parameters_equal"], report


@pytest.mark.skipif(not dist.is_available() or not dist.is_gloo_available(), reason="torch.distributed with gloo")
def test_tensor_parallel_mlp_on_two_processes():
    for report in _run_ranks(_tp_rank):
        assert "error" not in report, report
        assert report["inference_equal"], report
        # The sharded forward runs under wrapc's wrapper: no fallback.
        assert report["inference_warnings"] == [], report
        assert report["losses_equal"], report
        assert report["parameters_equal"], report
        assert report["training_warnings"] == [], report
