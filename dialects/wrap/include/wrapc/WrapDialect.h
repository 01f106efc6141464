//===- WrapDialect.h - the wrap dialect -------------------------*- C++ -*-===//
//
// C++ declarations of the `wrap` dialect, its types, attributes and ops, all
// generated from dialects/wrap/*.td.
//
//===----------------------------------------------------------------------===//

#ifndef WRAPC_WRAPDIALECT_H
#define WRAPC_WRAPDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace wrapc {
/// The observable state of tensor objects (see Wrap_TensorState in
/// WrapOps.td): what wrap ops' memory effects are on.
struct TensorStateResource
    : public mlir::SideEffects::Resource::Base<TensorStateResource> {
  llvm::StringRef getName() final { return "wrap.tensor_state"; }
};

/// Bounds how deep the parser recurses through one nesting construct (a
/// subclass inside a subclass, a device guard inside a device guard): each
/// level is a parser frame, and a hostile input must get a located error,
/// not a stack overflow. Real programs nest two or three levels.
class ParseDepthGuard {
public:
  static constexpr unsigned kMaxDepth = 256;
  explicit ParseDepthGuard(unsigned &depth) : depth(depth) { ++depth; }
  ~ParseDepthGuard() { --depth; }
  ParseDepthGuard(const ParseDepthGuard &) = delete;
  ParseDepthGuard &operator=(const ParseDepthGuard &) = delete;
  bool tooDeep() const { return depth > kMaxDepth; }

private:
  unsigned &depth;
};

class WrapTensorType; // LayoutAttr::fits takes one; types come after attributes.
} // namespace wrapc

#include "wrapc/WrapDialect.h.inc"
#include "wrapc/WrapEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "wrapc/WrapAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "wrapc/WrapTypes.h.inc"

#define GET_OP_FWD_DEFINES
#include "wrapc/WrapOps.h.inc"
#define GET_OP_CLASSES
#include "wrapc/WrapOps.h.inc"

#endif // WRAPC_WRAPDIALECT_H
