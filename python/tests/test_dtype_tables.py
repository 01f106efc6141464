"""The dtype tables of the PyTorch side agree with the runtime's ABI.

Three lists name wrapc's dtypes on this side: the importer's ``DTYPES``
(torch dtype -> IR element type), and the extension's two switches
(``runtime_dtype`` and ``torch_dtype`` in ``csrc/mirror.cpp``). The runtime
header's dtype codes, and the element type each one's comment names, are
checked against ``wrapc_abi`` by ``runtime/tests/header_abi.rs``; this test
ties the three lists here to the header, so a dtype added to the ABI and
not to one of them, or mapped to another code or spelling, fails here
rather than at a call.
"""

import re
from pathlib import Path

import torch

from wrapc_torch import _C
from wrapc_torch._importer import DTYPES

HEADER = Path(__file__).resolve().parents[2] / "runtime" / "include" / "wrapc_runtime.h"


def header_dtypes() -> dict[int, str]:
    """Code -> element type, from the header's ``WRT_<NAME> = code, /* type */``."""
    text = HEADER.read_text()
    enum = next(m.group(1) for m in re.finditer(r"enum\s*\{([^}]*)\}", text) if "WRT_F32" in m.group(1))
    return {int(code): element for code, element in re.findall(r"WRT_\w+\s*=\s*(\d+),?\s*/\*\s*(\w+)\s*\*/", enum)}


def test_the_extension_maps_every_header_dtype_both_ways():
    codes, dtypes = _C.dtype_tables()
    header = header_dtypes()
    assert len(header) >= 10, header  # the parse found the enumeration
    assert sorted(dtypes) == sorted(header), "codes torch_dtype maps vs the header's"
    assert sorted(codes.values()) == sorted(header), "codes runtime_dtype gives vs the header's"
    for dtype, code in codes.items():
        assert dtypes[code] == dtype, f"{dtype} -> {code} -> {dtypes[code]}"


def test_the_importer_accepts_exactly_the_dtypes_the_extension_maps():
    codes, _ = _C.dtype_tables()
    assert set(DTYPES) == set(codes)


def test_the_importer_spells_each_dtype_as_the_header_does():
    codes, _ = _C.dtype_tables()
    elements = header_dtypes()
    for dtype, spelling in DTYPES.items():
        assert spelling == elements[codes[dtype]], f"{dtype}: importer {spelling!r}, header {elements[codes[dtype]]!r}"


def test_a_dtype_outside_the_tables_is_refused_by_name():
    codes, _ = _C.dtype_tables()
    missing = [t for t in (torch.complex64, torch.float8_e4m3fn, torch.uint16) if t not in codes]
    assert missing, "the tables grew: pick dtypes they lack"
    from wrapc_torch import Unsupported
    from wrapc_torch._importer import tensor_type

    for dtype in missing:
        try:
            tensor_type(torch.zeros(2, dtype=dtype), "input 0")
        except Unsupported as e:
            assert str(dtype) in str(e)
        else:
            raise AssertionError(f"{dtype} was accepted")
