//===- WrapDialect.td - the wrap dialect --------------------*- tablegen -*-===//
//
// The `wrap` dialect models the runtime wrapper that ML compilers put around
// every compiled graph (PyTorch AOTAutograd's RuntimeWrapper, subclass wrapper
// and Inductor's wrapper program) so that it can be specialized by passes and
// compiled to native code.
//
//===----------------------------------------------------------------------===//

#ifndef WRAP_DIALECT
#define WRAP_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/EnumAttr.td"

def Wrap_Dialect : Dialect {
  let name = "wrap";
  // Not `wrap`: that collides with MLIR's C-API helper `mlir::wrap()`.
  let cppNamespace = "::wrapc";
  let summary = "Runtime-wrapper semantics of compiled ML graphs";
  let description = [{
    The `wrap` dialect has three levels, all lowered top to bottom:

    * **Level 1 — semantic.** `wrap.runtime_wrapper` and
      `wrap.subclass_wrapper` carry PyTorch's `ViewAndMutationMeta` and
      `SubclassCreationMeta` as attributes. This is what an importer produces
      and what the reference interpreter executes by method dispatch.
    * **Level 2 — straight-line.** One op per step of `_runtime_wrapper`
      (grad mode, version bumps, detach, the call, mutation write-back, alias
      replay, subclass unwrap/wrap, dynamic-dim marking) inside a `func.func`.
    * **Level 3 — wrapper program.** Inductor's wrapper IR: kernels with
      autotune configs and per-target payloads, launches, allocations and
      runtime assertions.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

class Wrap_Op<string mnemonic, list<Trait> traits = []>
    : Op<Wrap_Dialect, mnemonic, traits>;

#endif // WRAP_DIALECT
