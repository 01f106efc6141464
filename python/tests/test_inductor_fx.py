"""The private PyTorch API of the native call path (wrapc_torch._inductor_fx):
every name it reads exists in the installed torch; a pinned version that
moves one fails here, naming it."""

from __future__ import annotations

import torch

from wrapc_torch import _inductor_fx


def test_every_private_symbol_exists():
    assert _inductor_fx.missing_private_symbols() == [], f"torch {torch.__version__} moved these"


def test_a_missing_symbol_is_named(monkeypatch):
    monkeypatch.setattr(
        _inductor_fx, "PRIVATE_SYMBOLS", (*_inductor_fx.PRIVATE_SYMBOLS, ("torch._inductor.config", "no_such_flag"))
    )
    assert _inductor_fx.missing_private_symbols() == ["torch._inductor.config.no_such_flag"]


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
