"""wrapc as a torch.compile backend.

    import torch, wrapc_torch
    fn = torch.compile(model, backend="wrapc")
    out = fn(x)           # AOTAutograd's runtime-wrapper work runs as wrapc native code

For each graph Dynamo hands over, the backend runs AOTAutograd's first
stage (functionalization and the ViewAndMutationMeta analysis) and compiles
the forward graph with an inner compiler (Inductor by default), exactly as
``aot_module_simplified`` does; then, instead of AOTAutograd's Python
``RuntimeWrapper`` (stage 2c in ``torch/_functorch/_aot_autograd/graph_compile.py``),
it imports the metadata as wrap IR, compiles it with ``wrapc`` and calls
the native wrapper on the caller's torch tensors. With Inductor, an
inference graph's own wrapper program is imported too, so the whole call
runs natively; a training graph's wrapper runs around a C++ autograd node
doing what AOTAutograd's ``CompiledFunction`` does (``_C.AutogradGraph``),
whose backward runs the graph's compiled backward entry
(``wrap.backward_wrapper``, ``_backward``) from the second backward on. Tensor subclasses go
through PyTorch's subclass layer modelled as wrap IR (``_subclasses``).
Graphs wrapc does not model (a mutation of a subclass input that requires
grad, side-effect tokens, CUDA-graph trees, ...) fall back to PyTorch's own path with a one-line
warning naming the reason.

The package by concern: ``_backend`` (the Dynamo backend), ``_compile``
(``compile`` and ``export``), ``_native`` (the native callable: wrap IR,
``wrapc``, the extension), ``_backward`` (a training graph's backward
entry), ``_importer`` / ``_wrapper_import`` (metadata
and Inductor's wrapper program as wrap IR), ``_subclasses`` (tensor
subclasses through ``wrap.subclass_wrapper``), ``_build`` (the compiler and
its cache), ``_private`` (every use of PyTorch's private API).
"""

from __future__ import annotations

from ._backend import backend
from ._backward import backward_log
from ._build import CompileError
from ._compile import INNER_COMPILERS, compile, export
from ._errors import Unsupported
from ._native import import_log
from ._private import register_backend

__all__ = ["backend", "backward_log", "compile", "export", "import_log", "Unsupported", "CompileError", "INNER_COMPILERS"]

register_backend("wrapc", backend)
