//===- BackwardOps.cpp - the backward entry point and its layouts -*- C++ -*-===//
//
// wrap.backward_wrapper (CompiledFunction.backward around a compiled
// backward graph) and wrap.coerce_layout; the #wrap.layout they share is
// parsed in WrapDialect.cpp, with the other attributes.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace wrapc;

//===----------------------------------------------------------------------===//
// BackwardWrapperOp
//===----------------------------------------------------------------------===//

FunctionType BackwardWrapperOp::getCalleeFunctionType() {
  FunctionType type = getFunctionType();
  auto inputs = type.getInputs();
  int64_t numSaved = std::min<int64_t>(getNumSaved(), inputs.size());
  SmallVector<Type> callee(inputs.take_front(numSaved));
  for (int64_t k : getTangents())
    if (k >= 0 && numSaved + k < static_cast<int64_t>(inputs.size()))
      callee.push_back(inputs[numSaved + k]);
  return FunctionType::get(getContext(), callee, type.getResults());
}

LogicalResult BackwardWrapperOp::verify() {
  FunctionType type = getFunctionType();
  int64_t numInputs = type.getNumInputs();
  int64_t numSaved = getNumSaved();
  if (numSaved < 0 || numSaved > numInputs)
    return emitOpError() << "saves " << numSaved << " values but has "
                         << numInputs << " arguments";
  for (auto [i, t] : llvm::enumerate(type.getInputs().take_front(numSaved)))
    if (!isa<WrapTensorType>(t) && !verify::isSymbolicInt(t))
      return emitOpError() << "saved value #" << i
                           << " is neither a tensor nor a symbolic int";
  int64_t numGrads = numInputs - numSaved;
  for (auto [i, t] : llvm::enumerate(type.getInputs().drop_front(numSaved)))
    if (!isa<WrapTensorType>(t))
      return emitOpError() << "gradient #" << i << " is not a tensor";
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    if (!isa<WrapTensorType>(t))
      return emitOpError() << "result #" << i << " is not a tensor gradient";
  ArrayRef<int64_t> tangents = getTangents();
  if (tangents.size() != getLayouts().size())
    return emitOpError() << "has " << getLayouts().size() << " layouts for "
                         << tangents.size() << " kept tangents";
  int64_t previous = -1;
  for (auto [k, index] : llvm::enumerate(tangents)) {
    if (index <= previous || index >= numGrads)
      return emitOpError() << "kept tangent #" << k << " is gradient #"
                           << index << "; expected increasing indices below "
                           << numGrads;
    previous = index;
    auto gradType = cast<WrapTensorType>(type.getInput(numSaved + index));
    std::string why;
    if (!cast<LayoutAttr>(getLayouts()[k]).fits(gradType, why))
      return emitOpError() << "gradient #" << index << ": " << why;
  }
  return success();
}

LogicalResult
BackwardWrapperOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getCalleeAttr());
  if (!callee)
    return emitOpError() << "callee '" << getCallee()
                         << "' does not name a func.func";
  FunctionType expected = getCalleeFunctionType();
  if (callee.getFunctionType() != expected)
    return emitOpError() << "callee '" << getCallee() << "' has type "
                         << callee.getFunctionType()
                         << " but the saved values and kept tangents give "
                         << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// CoerceLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult CoerceLayoutOp::verify() {
  std::string why;
  if (!getLayout().fits(cast<WrapTensorType>(getTensor().getType()), why))
    return emitOpError() << why;
  return success();
}
