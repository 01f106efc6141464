"""The importer's names for AOTAutograd's metadata are the dialect's.

``OUTPUT_KINDS`` spells each of PyTorch's ``OutputType`` members by its
name, which must be a case of the dialect's ``Wrap_OutputType`` enum (in
``dialects/wrap/WrapAttrs.td``; the values differ and are not used, the
IR carries names); the input flags are
checked across all their lists by ``dialects/tests/input_flags.rs``. A
PyTorch that renames, adds or renumbers an output type fails here, naming
it, rather than in the dialect's parser at a user's first call.
"""

import re
from pathlib import Path

from wrapc_torch._importer import OUTPUT_KINDS

ATTRS = Path(__file__).resolve().parents[2] / "dialects" / "wrap" / "WrapAttrs.td"


def dialect_output_kinds() -> list[str]:
    text = ATTRS.read_text()
    enum = text[text.index("def Wrap_OutputType") :]
    return re.findall(r'I32EnumAttrCase<"(\w+)"', enum[: enum.index("]>")])


def test_every_pytorch_output_type_is_a_dialect_output_kind():
    dialect = dialect_output_kinds()
    assert len(dialect) >= 8, dialect  # the parse found the enum
    for member, name in OUTPUT_KINDS.items():
        assert name in dialect, f"PyTorch's OutputType.{member.name} is no #wrap.output kind"
    assert sorted(dialect) == sorted(OUTPUT_KINDS.values()), "kinds the dialect has and PyTorch lacks"
