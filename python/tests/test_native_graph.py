"""Inductor's wrapper program imported as native code (the CPU route):
the function suite under Inductor, each graph's wrapper imported, not
silently kept in Python; every observable equal to the same callable with
Inductor's Python wrapper (the path the other suites check against
PyTorch), values equal to eager; and no Python function runs during a
call.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from contextlib import contextmanager

import pytest
import torch

import wrapc_torch
from wrapc_torch._private import aot
from observe import assert_same, clone_args, observe
from test_functions import CASES, DEVICE, DIRECT_CASES, KEEP_IN_GRAPH

ALL = {**CASES, **{f"direct_{k}": v for k, v in DIRECT_CASES.items()}}

# Graphs whose wrapper program keeps Inductor's Python wrapper, and the
# words of the reason: a new fallback, or one that went away, fails here.
EXPECTED_FALLBACK: dict[str, str] = {
    # 2.11's FxConverter turns a ReinterpretView into torch.as_strided,
    # which keeps the base's dtype: its graph would return f32 for an i32
    # view.
    "dtype_view_same_size": "a view that changes the dtype",
    "dtype_view_i64_of_f64": "a view that changes the dtype",
}
# Graphs wrapc_torch.compile cannot compile under Inductor with either
# wrapper (the Python one fails the same way), and the error's words.
REFERENCE_FAILS: dict[str, str] = {
    # Refused by name: Inductor's code cannot take set_ of an input.
    "direct_set_": "calls set_ on an input",
    "direct_set_then_view": "calls set_ on an input",
}


@contextmanager
def python_wrapper():
    os.environ["WRAPC_INDUCTOR_WRAPPER"] = "python"
    try:
        yield
    finally:
        del os.environ["WRAPC_INDUCTOR_WRAPPER"]


def compile_case(fn, args, name):
    keep = name.removeprefix("direct_") in KEEP_IN_GRAPH and name.startswith("direct_")
    return wrapc_torch.compile(fn, clone_args(args), keep_input_mutations=keep if keep else None)


@pytest.mark.parametrize("name", sorted(ALL))
def test_native_wrapper_equals_python_wrapper(name):
    fn, make_args = ALL[name]
    args = make_args()
    with torch.no_grad():
        want = observe(fn, clone_args(args))
        if name in REFERENCE_FAILS:
            for mode in (python_wrapper, contextlib.nullcontext):
                with mode(), pytest.raises(Exception, match=REFERENCE_FAILS[name]):
                    compile_case(fn, args, name)
            return
        with python_wrapper():
            ref = observe(compile_case(fn, args, name), clone_args(args))
        wrapc_torch.import_log(clear=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            native = compile_case(fn, args, name)
        log = wrapc_torch.import_log(clear=True)
        got = observe(native, clone_args(args))
        again = observe(native, clone_args(args))
    kept = [w for w in caught if "Inductor's Python wrapper runs" in str(w.message)]
    assert log, "no Inductor inference graph was compiled"
    if name in EXPECTED_FALLBACK:
        assert all(not e["native"] and EXPECTED_FALLBACK[name] in e["reason"] for e in log), log
        assert kept, "the fallback was not announced"
    else:
        assert all(e["native"] for e in log), log
        assert not kept, [str(w.message) for w in kept]
    assert_same(got, want, values_only=True)
    assert_same(got, ref)
    assert_same(again, ref)


def python_calls_during(fn, args):
    calls = []

    def profile(frame, event, arg):
        if event in ("call", "c_call"):
            calls.append(f"{event} {frame.f_code.co_filename}:{frame.f_code.co_name} {getattr(arg, '__qualname__', '')}")

    sys.setprofile(profile)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    # The profiler sees its own removal.
    return [c for c in calls if "setprofile" not in c]


@pytest.mark.parametrize("name", ["matmul", "two_outputs", "clone_contiguous", "direct_view_and_mutation"])
def test_no_python_runs_during_a_native_call(name):
    fn, make_args = ALL[name]
    args = make_args()
    with torch.no_grad():
        wrapc_torch.import_log(clear=True)
        native = compile_case(fn, args, name)
        assert all(e["native"] for e in wrapc_torch.import_log(clear=True))
        native(*clone_args(args))
        assert python_calls_during(native, clone_args(args)) == []
        # The Python wrapper, for contrast: Inductor's call() runs.
        with python_wrapper():
            kept = compile_case(fn, args, name)
        assert python_calls_during(kept, clone_args(args)) != []


def test_mlp_with_extern_matmuls_is_native():
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 8)).eval()
    x = torch.randn(4, 16)
    with torch.no_grad():
        wrapc_torch.import_log(clear=True)
        native = wrapc_torch.compile(mlp, [x])
        (entry,) = wrapc_torch.import_log(clear=True)
        assert entry["native"], entry
        assert entry["counts"].get("extern_call", 0) >= 1 and entry["counts"].get("cpp_kernel", 0) >= 1, entry
        torch.testing.assert_close(native(x), mlp(x), rtol=1e-4, atol=1e-5)
        assert python_calls_during(native, [x]) == []
        # Every argument, the lifted parameters first, is only read: each
        # call lends them all, no mirror made.
        assert native.lendable == (True,) * 5


def _read_mm_and_bump(x, w, b, c):
    c.add_(1)
    return torch.addmm(b, x, w), x.sum()


@pytest.mark.parametrize("inner", ["native", "python"])
def test_arguments_the_compiled_code_only_reads_are_lent_not_mirrored(inner):
    """The library lists the arguments its code only reads (a kernel's, an
    extern kernel's, the graph's) or bumps (an input the graph writes); a
    call lends the caller's tensors there: effects, versions included,
    equal eager's, with Inductor's wrapper imported or kept in Python."""
    args = [torch.randn(4, 8, device=DEVICE), torch.randn(8, 3, device=DEVICE), torch.randn(3, device=DEVICE)]
    args.append(torch.zeros(3, device=DEVICE))
    with torch.no_grad(), (python_wrapper() if inner == "python" else contextlib.nullcontext()):
        compiled = wrapc_torch.compile(_read_mm_and_bump, clone_args(args))
        assert compiled.lendable == (True, True, True, True)
        for _ in range(2):
            assert_same(observe(compiled, clone_args(args)), observe(_read_mm_and_bump, clone_args(args)))


def test_a_lent_argument_of_another_size_or_dtype_is_named():
    """The compiled argument check reads a lent header as a runtime
    tensor's: a wrong size or dtype is the caller's error, by argument."""
    args = [torch.randn(4, 8, device=DEVICE), torch.randn(8, 3, device=DEVICE), torch.randn(3, device=DEVICE)]
    args.append(torch.zeros(3, device=DEVICE))
    with torch.no_grad():
        compiled = wrapc_torch.compile(_read_mm_and_bump, clone_args(args))
        with pytest.raises(RuntimeError, match=r"argument #0: expected sizes \[4, 8\] \(-1: any\), got \[4, 9\]"):
            compiled(torch.randn(4, 9, device=DEVICE), *args[1:])
        with pytest.raises(RuntimeError, match="argument #1: expected f32, got f64"):
            compiled(args[0], args[1].double(), *args[2:])


def test_views_of_one_base_written_in_place_count_their_writes_as_eager():
    """Two arguments over one storage, each written in place: merged into a
    synthetic base (runtime objects) or lent with a counter each, the
    shared version counter ends where eager's does, call after call."""

    def f(a, b, c):
        a.add_(1)
        b.mul_(2)
        c.sub_(1)
        return a + b + c

    def make():
        base = torch.zeros(2, 3, device=DEVICE)
        return [base[0], base[1], torch.ones(3, device=DEVICE)]

    with torch.no_grad():
        compiled = wrapc_torch.compile(f, make())
        for _ in range(3):
            got_args, want_args = make(), make()
            assert_same(observe(compiled, got_args), observe(f, want_args))
            assert [a._version for a in got_args] == [a._version for a in want_args]


ALIASING_OUTPUTS = {
    # name: (function, arguments, the arguments lent)
    "view": (lambda x, y: (x.view(-1), y * 2), lambda: [torch.randn(2, 2), torch.randn(2)], (True, True)),
    "input itself": (lambda x, y: (x, y * 2), lambda: [torch.randn(2, 2), torch.randn(2)], (True, True)),
    "view of a view": (lambda x: (x.t()[1], x.sum()), lambda: [torch.randn(3, 4)], (True,)),
    "two views of one": (lambda x: (x[0], x[1:], x * 2), lambda: [torch.randn(3, 4)], (True,)),
    # A dtype view (wrap.view_dtype) is the runtime's object's.
    "dtype view": (lambda x: (x.view(torch.int32), x + 1), lambda: [torch.randn(4)], (False,)),
    "wider dtype view": (lambda x: (x.view(torch.float64), x + 1), lambda: [torch.randn(4)], (False,)),
    "view of a written input": (lambda x: (x.add_(1), x[1:])[1], lambda: [torch.randn(5, 2)], (True,)),
    "view of a view argument": (lambda x: (x.view(-1), x * 2), lambda: [torch.randn(4, 6)[1:, ::2]], (True,)),
    # A view of a requires-grad argument under no_grad requires grad, as
    # its base does (eager's view under no_grad), with no grad_fn.
    "view requiring grad": (lambda w, y: (w.view(-1), y * 2), lambda: [torch.randn(2, 2, requires_grad=True), torch.randn(2)], (True, True)),
}


@pytest.mark.parametrize("name", sorted(ALIASING_OUTPUTS))
def test_an_output_that_aliases_an_argument_is_a_view_of_the_callers_tensor(name):
    """An output that is a view of an argument (or the argument itself)
    comes back as the wrapper's lent view of the caller's tensor: torch's
    view of that tensor, its _base and version counter eager's, with no
    runtime object for the argument."""
    fn, make_args, lent = ALIASING_OUTPUTS[name]
    args = [a.to(DEVICE) for a in make_args()]
    with torch.no_grad():
        compiled = wrapc_torch.compile(fn, clone_args(args))
        assert compiled.lendable == lent
        for _ in range(2):
            got_args, want_args = clone_args(args), clone_args(args)
            assert_same(observe(compiled, got_args), observe(fn, want_args))
        got, want = compiled(*got_args), fn(*want_args)
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        # The same tensor, or a view of the same argument, as eager's.
        assert [g is a for a in got_args] == [w is a for a in want_args]
        assert [g._base is a for a in got_args] == [w._base is a for a in want_args]
        g_shares = [g._version == a._version and g.untyped_storage().data_ptr() == a.untyped_storage().data_ptr() for a in got_args]
        w_shares = [w._version == a._version and w.untyped_storage().data_ptr() == a.untyped_storage().data_ptr() for a in want_args]
        assert g_shares == w_shares
    # Writing through an output view bumps the argument's counter, as eager's.
    for g, w, ga, wa in [(g, w, ga, wa) for g, w in zip(got, want) for ga, wa in zip(got_args, want_args) if w._base is wa]:
        before = ga._version
        with torch.no_grad():
            g.zero_()
            w.zero_()
        assert ga._version == wa._version == before + 1 or ga._version - before == wa._version - before
        torch.testing.assert_close(ga, wa)


def test_a_lent_view_returned_twice_is_two_views():
    """The same view returned twice: the wrapper retains its lent view (a
    copy of the header), and both outputs are views of the caller's
    tensor, as eager's one tensor returned twice is not: PyTorch's wrapper
    makes two views too."""

    def f(x):
        v = x.view(-1)
        return v, v, x * 2

    args = [torch.randn(2, 3, device=DEVICE)]
    with torch.no_grad():
        compiled = wrapc_torch.compile(f, clone_args(args))
        assert compiled.lendable == (True,)
        got_args = clone_args(args)
        a, b, _ = compiled(*got_args)
    assert a._base is got_args[0] and b._base is got_args[0]
    torch.testing.assert_close(a, args[0].view(-1))
    torch.testing.assert_close(b, args[0].view(-1))


def test_disabled_by_environment():
    fn, make_args = ALL["add"]
    with torch.no_grad(), python_wrapper():
        wrapc_torch.import_log(clear=True)
        compile_case(fn, make_args(), "add")
        assert wrapc_torch.import_log(clear=True) == []


DYNAMIC_CASES = {
    # (function, arguments, {argument: dims marked dynamic})
    "sizes": (lambda x: (x.sum(0), x.view(-1), x * 2), lambda: [torch.randn(4, 3)], {0: [0]}),
    "mutation": (lambda x, y: (x.add_(y), x[1:])[1], lambda: [torch.randn(5, 2), torch.randn(5, 2)], {0: [0], 1: [0]}),
    "two_symbols": (lambda x, y: (x @ y).relu() + 1, lambda: [torch.randn(3, 5), torch.randn(5, 2)], {0: [0, 1], 1: [0, 1]}),
    "transposed_out": (lambda x, y: ((x * 2 + y).sum(0), x.t()), lambda: [torch.randn(5, 3), torch.randn(5, 3)], {0: [0], 1: [0]}),
}


def dynamic_run(fn, make_args, mark, resize):
    args = make_args()
    for i, dims in mark.items():
        for d in dims:
            torch._dynamo.mark_dynamic(args[i], d)
    compiled = torch.compile(fn, backend="wrapc", fullgraph=True)
    first = observe(compiled, clone_args(args))
    # Another size through the same graph (no recompile: the sizes are symbols).
    bigger = [torch.randn(*[s + resize if d in mark.get(i, []) else s for d, s in enumerate(a.shape)]) for i, a in enumerate(args)]
    second = observe(compiled, clone_args(bigger))
    torch._dynamo.reset()
    return first, second, bigger


@pytest.mark.parametrize("name", sorted(DYNAMIC_CASES))
def test_symbolic_sizes_are_imported(name):
    fn, make_args, mark = DYNAMIC_CASES[name]
    torch.manual_seed(0)
    with torch.no_grad():
        with python_wrapper():
            ref1, ref2, _ = dynamic_run(fn, make_args, mark, 2)
        torch.manual_seed(0)
        wrapc_torch.import_log(clear=True)
        got1, got2, bigger = dynamic_run(fn, make_args, mark, 2)
        log = wrapc_torch.import_log(clear=True)
        want2 = observe(fn, clone_args(bigger))
    assert log and all(e["native"] for e in log), log
    assert_same(got1, ref1)
    assert_same(got2, ref2)
    assert_same(got2, want2, values_only=True)


def test_decode_step_is_native():
    from test_models import DecodeStep

    torch.manual_seed(0)
    eager = DecodeStep().eval()
    model = DecodeStep().eval()
    model.load_state_dict(eager.state_dict())
    with torch.no_grad():
        wrapc_torch.import_log(clear=True)
        fn = wrapc_torch.compile(model, [torch.randn(1, 8), torch.tensor([0])])
        (entry,) = wrapc_torch.import_log(clear=True)
        assert entry["native"], entry
        for step in range(3):
            x, pos = torch.randn(1, 8), torch.tensor([step])
            torch.testing.assert_close(fn(x, pos), eager(x, pos), rtol=1e-4, atol=1e-5)
        torch.testing.assert_close(model.k_cache, eager.k_cache)
        assert python_calls_during(fn, [torch.randn(1, 8), torch.tensor([3])]) == []


def test_a_buffer_is_freed_after_its_last_use_not_before_a_constant_it_needs():
    """A launch whose scalar constant is made after its tensors are named:
    the free of a tensor it uses comes after the launch (once the
    constant's line took the tensor's last use, and the free landed between
    the two: 'uses a tensor after its buffer was freed')."""
    from wrapc_torch import _wrapper_import
    from wrapc_torch._private import inductor_fx as _inductor_fx
    from torch._subclasses.fake_tensor import FakeTensorMode

    graph = torch.fx.Graph()
    with FakeTensorMode() as mode:
        x = graph.placeholder("x")
        x.meta["val"] = mode.from_tensor(torch.empty(4))
        nodes = {}
        for name in ("mid", "out"):
            nodes[name] = graph.call_function(torch.empty_strided, ([4], [1]), {"dtype": torch.float32, "device": "cpu"})
            nodes[name].meta["val"] = torch.empty(4)
    kernel = _inductor_fx.CpuKernel("k", "/nonexistent/k.so", ["const float*", "float*", "const int64_t"], None)
    graph.call_function(_inductor_fx.cpu_kernel, ("/nonexistent/k.so:k", x, nodes["mid"], 5))
    graph.call_function(_inductor_fx.cpu_kernel, ("/nonexistent/k.so:k", nodes["mid"], nodes["out"], 7))
    graph.output([nodes["out"]])
    capture = _inductor_fx.Capture(graph=torch.fx.GraphModule({}, graph), cpu_kernels={"k": kernel})
    ty = "!wrap.tensor<4xf32>"
    lines = _wrapper_import.translate(capture, [ty], [ty]).function.splitlines()
    launches = [i for i, line in enumerate(lines) if "wrap.launch" in line]
    (free,) = [i for i, line in enumerate(lines) if "wrap.free" in line]
    assert len(launches) == 2 and free > launches[1], "\n".join(lines)


def test_a_program_wrapc_cannot_build_keeps_the_python_wrapper(monkeypatch):
    """Decided at compile time: the graph runs, with Inductor's Python
    wrapper, and the warning and the log say why."""
    from wrapc_torch import _wrapper_import

    real = _wrapper_import._Translator.run

    def broken(self):
        graph = real(self)
        graph.function = graph.function.replace("func.return", '"wrapc.not_an_op"() : () -> ()\n  func.return', 1)
        return graph

    monkeypatch.setattr(_wrapper_import._Translator, "run", broken)
    fn, make_args = ALL["two_outputs"]
    args = make_args()
    with torch.no_grad():
        want = observe(fn, clone_args(args))
        wrapc_torch.import_log(clear=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            native = compile_case(fn, args, "two_outputs")
        (entry,) = wrapc_torch.import_log(clear=True)
        got = observe(native, clone_args(args))
    assert not entry["native"] and "wrapc failed to build the imported wrapper program" in entry["reason"], entry
    assert any("Inductor's Python wrapper runs" in str(w.message) for w in caught)
    assert_same(got, want, values_only=True)


def test_a_refused_graph_is_compiled_again_from_the_graph_it_started_from(monkeypatch):
    """Inductor's passes rewrite the graph they compile in place; the usual
    compile after a refused FX-wrapper compile must start from the same
    graph (on CUDA, a Llama decoder's second compile met a constant the
    first had folded away: KeyError)."""
    from torch._functorch._aot_autograd import graph_compile

    real = graph_compile._aot_stage2b_inference_compile
    seen = []

    def spy(gm, *args, **kwargs):
        seen.append((id(gm), str(gm.graph)))
        result = real(gm, *args, **kwargs)
        # What Inductor did to the graph must not reach the next compile.
        gm.graph.erase_node(next(n for n in reversed(gm.graph.nodes) if n.op == "output"))
        return result

    monkeypatch.setattr(graph_compile, "_aot_stage2b_inference_compile", spy)
    fn, make_args = ALL["dtype_view_same_size"]  # refused after Inductor compiled it
    args = make_args()
    with torch.no_grad():
        native = compile_case(fn, args, "dtype_view_same_size")
        got = observe(native, clone_args(args))
        want = observe(fn, clone_args(args))
    assert len(seen) == 2 and seen[0][0] != seen[1][0] and seen[0][1] == seen[1][1]
    assert_same(got, want, values_only=True)


def _native_cuda(fn, args):
    wrapc_torch.import_log(clear=True)
    native = wrapc_torch.compile(fn, args)
    log = wrapc_torch.import_log(clear=True)
    assert log and all(e["native"] for e in log), log
    return native


def _on_side_stream(work, times):
    """``work()`` `times` times on a new stream, ordered after the current
    stream's work and before what the current stream does next."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(times):
            work()
    torch.cuda.current_stream().wait_stream(side)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_a_native_cuda_graph_runs_on_the_callers_side_stream_in_order():
    # The call's launches, its torch allocations and its extern matmul go on
    # the side stream, after the work queued there before it and before the
    # work queued after it: a long matmul chain first makes a race show.
    def fn(a, b):
        return (a @ b).relu() + 1

    a, b = torch.randn(512, 512, device="cuda"), torch.randn(512, 512, device="cuda")
    with torch.no_grad():
        native = _native_cuda(fn, [a, b])

        def chain_then_call():
            x = a
            for _ in range(20):
                x = torch.tanh(x @ b) * 0.5
            torch.testing.assert_close(native(x, b).sum(0), fn(x, b).sum(0))

        _on_side_stream(chain_then_call, times=3)
        torch.testing.assert_close(native(a, b), fn(a, b))


@pytest.mark.skipif(torch.cuda.device_count() < 2, reason="needs two GPUs")
def test_a_native_cuda_graph_on_the_second_gpu_allocates_there():
    # Inductor's buffers and extern outputs (the matmul's) are on the
    # graph's device, not the first GPU (a tensor-parallel rank 1 failed in
    # its mm with tensors on cuda:0 and cuda:1).
    def fn(a, b):
        return (a @ b).relu() + 1, (a + 1) * 2

    a, b = torch.randn(64, 64, device="cuda:1"), torch.randn(64, 64, device="cuda:1")
    with torch.no_grad():
        # Compiled as a rank compiles, its GPU current (Inductor's FX
        # wrapper route itself fails to trace a graph for another device
        # than the current one); called under either device.
        with torch.cuda.device(1):
            native = _native_cuda(fn, [a, b])
        for current in (1, 0):
            with torch.cuda.device(current):
                got = native(a, b)
            assert all(t.device == torch.device("cuda:1") for t in got)
            for g, w in zip(got, fn(a, b)):
                torch.testing.assert_close(g, w)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_a_native_cuda_graph_is_captured_into_the_callers_cuda_graph():
    def fn(a, b):
        return (a @ b).relu() + a.sum()

    a, b = torch.randn(64, 64, device="cuda"), torch.randn(64, 64, device="cuda")
    with torch.no_grad():
        native = _native_cuda(fn, [a, b])
        # Warm up on a side stream, as torch.cuda.graph's users do (the
        # first call loads its kernels: no driver call may run in capture).
        _on_side_stream(lambda: native(a, b), times=3)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            out = native(a, b)
        for _ in range(3):
            a.copy_(torch.randn_like(a))
            graph.replay()
            torch.testing.assert_close(out, fn(a, b))


def test_a_cuda_graph_with_host_scalar_inputs_is_imported_for_its_cuda_device():
    # transformers' static-cache decoders pass 0-d CPU tensors that Inductor
    # moves to the device inside the graph (prims.device_put): the program
    # runs on the CUDA device. Any other host tensor is a second device.
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        x, step = torch.empty(4, device="cuda:0"), torch.empty((), dtype=torch.int64)
        host, other = torch.empty(2), torch.empty(4, device="meta")
    assert aot.program_device([x, step], [x]) == (torch.device("cuda:0"), "")
    assert aot.program_device([step], [step]) == (torch.device("cpu"), "")
    for inputs, outputs in [([x, host], [x]), ([x], [step]), ([x, other], [x]), ([x, step, other], [x])]:
        device, reason = aot.program_device(inputs, outputs)
        assert reason.startswith("the graph uses more than one device"), (inputs, outputs, reason)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_a_host_step_counter_moved_to_the_gpu_inside_the_graph_is_native():
    # As a static-cache decoder's step: a 0-d CPU tensor the graph moves to
    # the device (Inductor's device copy, a raw line in 2.11's wrapper).
    def fn(x, step):
        return x * step.to(x.device) + 1

    x = torch.randn(64, device="cuda")
    with torch.no_grad():
        native = _native_cuda(fn, [x, torch.tensor(3)])
        for k in (3, 5):
            step = torch.tensor(k)
            torch.testing.assert_close(native(x, step), fn(x, step))
