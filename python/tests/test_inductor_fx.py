"""The private PyTorch API of the native call path (wrapc_torch._private.inductor_fx):
every Inductor config flag it sets by name exists in the installed torch
(the names it imports: test_private_api.py)."""

from __future__ import annotations

import torch

from wrapc_torch._private import inductor_fx as _inductor_fx


def test_every_config_flag_set_while_capturing_exists():
    from torch._inductor import config

    missing = [name for name in _inductor_fx.CAPTURE_CONFIG if not hasattr(config, name)]
    assert missing == [], f"torch {torch.__version__} has no Inductor config flag {missing}"


def test_capturing_restores_the_device_codegen_and_config():
    from torch._inductor import config
    from torch._inductor.codegen import common

    common.init_backend_registration()
    before = common.device_codegens["cpu"]
    flags = (config.fx_wrapper, config.size_asserts, config.fx_graph_cache)
    try:
        with _inductor_fx.capturing("cpu"):
            assert common.device_codegens["cpu"] is not before
            assert config.fx_wrapper and not config.size_asserts
            raise RuntimeError("a failure inside")
    except RuntimeError:
        pass
    assert common.device_codegens["cpu"] is before
    assert (config.fx_wrapper, config.size_asserts, config.fx_graph_cache) == flags


def test_a_kernel_whose_cubin_2_11_missed_is_found_by_its_bytes(tmp_path, monkeypatch):
    # Triton names a kernel's files after the first 150 characters of its
    # name; 2.11 looks for the full name, finds nothing and gives up its
    # static launcher. The file of the kernel's hash directory with the
    # kernel's own bytes is its cubin (a file with other bytes is not).
    import torch._inductor.runtime.static_triton_launcher as static
    from torch._inductor.runtime.runtime_utils import triton_hash_to_path_key

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path))
    made = []
    monkeypatch.setattr(static, "statically_launched_kernel_by_device", lambda k, device: made.append(k) or "launcher")

    class Kernel:
        hash = "A" * 52
        asm = {"cubin": b"\x7fELF the kernel"}

    name = "triton_poi_fused_" + "x" * 200
    directory = tmp_path / triton_hash_to_path_key(Kernel.hash)
    directory.mkdir()
    (directory / f"{name[:150]}.ptx").write_bytes(b"ptx")
    (directory / "other.cubin").write_bytes(b"\x7fELF another one")
    (directory / f"{name[:150]}.cubin").write_bytes(Kernel.asm["cubin"])
    kernel = Kernel()
    assert _inductor_fx._static_launcher(kernel, 0) == "launcher"
    assert kernel._cubin_path == str(directory / f"{name[:150]}.cubin") and made == [kernel]
    (directory / f"{name[:150]}.cubin").unlink()
    assert _inductor_fx._static_launcher(Kernel(), 0).__class__ is Kernel  # no cubin: Triton's own launcher stays


def test_only_pytorchs_not_implemented_is_a_refusal():
    # PyTorch's converter and static launcher say "not handled" with
    # NotImplementedError: the graph is refused (compiled the usual way).
    # The same exception from any other code is a defect and propagates.
    import pytest

    def raise_from(module: str) -> None:
        exec("def f():\n    raise NotImplementedError('line kind X')\nf()", {"__name__": module})

    with pytest.raises(_inductor_fx.NotImportable, match="kernel k: line kind X"):
        with _inductor_fx._pytorch_verdict(lambda: "kernel k: "):
            raise_from("torch._inductor.codegen.wrapper_fxir")
    with pytest.raises(NotImplementedError):
        with _inductor_fx._pytorch_verdict():
            raise_from("wrapc_torch._private.inductor_fx")
    with pytest.raises(NotImplementedError):
        with _inductor_fx._pytorch_verdict():
            raise_from("torchvision.ops")
