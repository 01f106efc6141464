"""CUDA-graph mode against direct launches and PyTorch, in one process.

For N launches per call (a chain of x += 1 kernels on one 256-element
tensor, scripts/gpu/graph_case.py), per-call host time of:
  * wrapc direct:  the wrapper compiled without --cuda-graphs (N cuLaunchKernel)
  * wrapc graphs:  compiled with --cuda-graphs (one cuGraphLaunch per call
                   once the launches repeat)
  * torch eager:   N x.add_(1) calls
  * torch CUDAGraph.replay(): the same N kernels captured by PyTorch
  * torch.compile(mode="reduce-overhead"): the same function (Inductor fuses
    the chain into one kernel and runs it under its CUDA-graph trees)
The wrapc libraries are called through ctypes, whose own per-call cost is
reported as "ctypes floor" (a call of a runtime function that does nothing
but return). Two figures each: sustained (best of 5 bursts of CALLS calls
and one synchronize: throughput, the device's time when it is the slower)
and issue (host time per call in bursts of 50 from an idle stream, before
the synchronize). wrapc's values are checked against the expected count.

usage: python3 scripts/gpu/graph_bench.py DIR  (DIR has chain_<N>.so and
chain_<N>_graphs.so for each N in NS)
"""
import ctypes
import json
import sys
import time

import torch

NS = (5, 20)
CALLS = 2000
SIZE = 256
WRT_F32 = 2  # wrapc_runtime.h


class Wrapc:
    """One compiled library and a CUDA tensor made by its own runtime."""

    def __init__(self, path: str):
        self.lib = ctypes.CDLL(path)
        lib = self.lib
        lib.wrt_from_f64.argtypes = [ctypes.c_int32, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int64),
                                     ctypes.POINTER(ctypes.c_double), ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
        lib.wrt_to_device.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p)]
        lib.wrt_read_f64.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t]
        lib.wrt_cuda_synchronize.argtypes = [ctypes.c_int32]
        lib.wrt_last_error.restype = ctypes.c_char_p
        lib.chain.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
        sizes = (ctypes.c_int64 * 1)(SIZE)
        zeros = (ctypes.c_double * SIZE)()
        host, dev = ctypes.c_void_p(), ctypes.c_void_p()
        self.check(lib.wrt_from_f64(WRT_F32, 1, sizes, zeros, SIZE, ctypes.byref(host)))
        self.check(lib.wrt_to_device(host, 1, 0, ctypes.byref(dev)))
        self.inputs = (ctypes.c_void_p * 1)(dev.value)
        self.tensor = dev

    def check(self, status: int) -> None:
        if status != 0:
            raise RuntimeError(f"wrapc status {status}: {self.lib.wrt_last_error()}")

    def value(self) -> float:
        self.check(self.lib.wrt_cuda_synchronize(0))
        out = (ctypes.c_double * SIZE)()
        self.check(self.lib.wrt_read_f64(self.tensor, out, SIZE))
        assert len(set(out)) == 1, "every element got the same number of launches"
        return out[0]


def best_us(step, sync, calls: int = CALLS, bursts: int = 5, before_sync: bool = False) -> float:
    """Per-call µs, best of `bursts` bursts of `calls` calls, each started on
    an idle stream and timed up to its synchronize (sustained) or, with
    `before_sync`, before it (the host's time to issue)."""
    best = float("inf")
    for _ in range(bursts):
        sync()
        start = time.perf_counter()
        for _ in range(calls):
            step()
        if not before_sync:
            sync()
        best = min(best, (time.perf_counter() - start) / calls * 1e6)
    sync()
    return best


def issue_us(step, sync) -> float:
    """Host time to issue one call, the device kept from backing up: best
    of 20 bursts of 50 calls from an idle stream."""
    return best_us(step, sync, calls=50, bursts=20, before_sync=True)


def main() -> None:
    folder = sys.argv[1]
    rows = []
    for n in NS:
        row = {"launches": n, "device": torch.cuda.get_device_name(0)}
        for key, suffix in (("wrapc_direct", ""), ("wrapc_graphs", "_graphs")):
            w = Wrapc(f"{folder}/chain_{n}{suffix}.so")
            call = lambda w=w: w.check(w.lib.chain(w.inputs, 1, None, 0))  # noqa: E731
            for _ in range(3):  # first call (load, tune), then the batch repeats
                call()
            before = w.value()
            sync = lambda w=w: w.check(w.lib.wrt_cuda_synchronize(0))  # noqa: E731
            row[key] = best_us(call, sync)
            row[f"{key}_issue"] = issue_us(call, sync)
            calls = 3 + 5 * CALLS + 20 * 50
            assert w.value() == calls * n, (key, w.value(), calls * n)
            row[f"{key}_correct"] = True
            if suffix == "":
                w.lib.wrt_grad_enabled.restype = ctypes.c_bool
                row["ctypes_floor"] = best_us(w.lib.wrt_grad_enabled, lambda: None)
        x = torch.zeros(SIZE, device="cuda")

        def eager(x=x, n=n):
            for _ in range(n):
                x.add_(1)

        row["torch_eager"] = best_us(eager, torch.cuda.synchronize)
        row["torch_eager_issue"] = issue_us(eager, torch.cuda.synchronize)
        g = torch.cuda.CUDAGraph()
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            eager()
        torch.cuda.current_stream().wait_stream(s)
        with torch.cuda.graph(g):
            eager()
        row["torch_cudagraph_replay"] = best_us(g.replay, torch.cuda.synchronize)
        row["torch_cudagraph_replay_issue"] = issue_us(g.replay, torch.cuda.synchronize)

        def fn(x, n=n):
            for _ in range(n):
                x = x + 1
            return x

        compiled = torch.compile(fn, mode="reduce-overhead")
        y = torch.zeros(SIZE, device="cuda")
        for _ in range(5):
            out = compiled(y)
        torch.testing.assert_close(out, y + n)
        row["torch_compile_reduce_overhead"] = best_us(lambda: compiled(y), torch.cuda.synchronize)
        row["torch_compile_reduce_overhead_issue"] = issue_us(lambda: compiled(y), torch.cuda.synchronize)
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
