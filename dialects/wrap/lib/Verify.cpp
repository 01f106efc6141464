//===- Verify.cpp - helpers the wrap op verifiers share ----------*- C++ -*-===//
//
// Every invariant of the metadata that can be stated is checked, with an
// error located at the op and worded for the person who wrote the IR.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace wrapc;

namespace wrapc::verify {

bool isSymbolicInt(Type type) {
  return type.isIndex() || type.isSignlessInteger();
}

/// Both tensors hold the same kind of element on the same kind of device.
LogicalResult verifySameElementAndDevice(Operation *op, WrapTensorType lhs,
                                                WrapTensorType rhs, StringRef what) {
  if (lhs.getElementType() != rhs.getElementType())
    return op->emitOpError() << what << " element types differ: "
                             << lhs.getElementType() << " vs "
                             << rhs.getElementType();
  if (lhs.getDevice() != rhs.getDevice())
    return op->emitOpError() << what << " live on different devices: "
                             << stringifyDeviceKind(lhs.getDevice()) << " vs "
                             << stringifyDeviceKind(rhs.getDevice());
  return success();
}

/// An alias of `base` can be regenerated as `result` by wrapc: the same
/// device (a dtype view may change the element size: PyTorch's view(dtype)
/// rules are checked at run time, where the strides are known).
LogicalResult verifyAliasLayout(Operation *op, WrapTensorType base,
                                       WrapTensorType result,
                                       const Twine &what) {
  if (base.getDevice() != result.getDevice())
    return op->emitOpError() << what << " lives on "
                             << stringifyDeviceKind(result.getDevice())
                             << " but its base on "
                             << stringifyDeviceKind(base.getDevice());
  if (base.getElementByteWidth() != result.getElementByteWidth() &&
      base.getRank() == 0)
    return op->emitOpError() << what << " has " << result.getElementType()
                             << " elements but its base is a 0-d "
                             << base.getElementType()
                             << " tensor, which cannot change element size";
  return success();
}

/// Static view sizes agree with the static dimensions of `type`.
LogicalResult verifyViewSizes(Operation *op, OutputInfoAttr info,
                                     WrapTensorType type, const Twine &what) {
  if (!info.getHasView())
    return success();
  for (auto [d, size] : llvm::enumerate(info.getViewSizes())) {
    int64_t dim = type.getShape()[d];
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(dim) &&
        size != dim)
      return op->emitOpError() << what << " has view size " << size
                               << " in dimension " << d
                               << " but its type has size " << dim;
  }
  return success();
}

/// A mixed static/dynamic list has one entry per dimension of `type`, one
/// operand per `?`, and static entries that agree with static dimensions.
LogicalResult verifyMixedList(Operation *op, StringRef name,
                                     ArrayRef<int64_t> staticValues,
                                     ValueRange dynamicValues, int64_t rank,
                                     ArrayRef<int64_t> shapeToMatch) {
  if (static_cast<int64_t>(staticValues.size()) != rank)
    return op->emitOpError() << "expects " << rank << " " << name << " (one per "
                             << "dimension of the result), got "
                             << staticValues.size();
  if (failed(verifyListOfOperandsOrIntegers(op, name, rank, staticValues,
                                            dynamicValues)))
    return failure();
  for (auto [i, value] : llvm::enumerate(staticValues)) {
    if (ShapedType::isDynamic(value))
      continue;
    if (value < 0)
      return op->emitOpError() << name << " #" << i
                               << " must be non-negative, got " << value;
    if (!shapeToMatch.empty() && !ShapedType::isDynamic(shapeToMatch[i]) &&
        shapeToMatch[i] != value)
      return op->emitOpError() << name << " #" << i << " is " << value
                               << " but the result type has dimension "
                               << shapeToMatch[i];
  }
  return success();
}

/// Rejects a view whose statically known part already reaches past the
/// largest 64-bit element index: the runtime computes `offset + sum((size - 1)
/// * stride)` to bounds-check a view, and that sum must not overflow.
static LogicalResult verifyStaticExtent(Operation *op,
                                        ArrayRef<int64_t> staticSizes,
                                        ArrayRef<int64_t> staticStrides,
                                        int64_t staticOffset) {
  if (llvm::is_contained(staticSizes, 0))
    return success(); // An empty view reaches no element.
  int64_t extent = ShapedType::isDynamic(staticOffset) ? 0 : staticOffset;
  for (auto [size, stride] : llvm::zip(staticSizes, staticStrides)) {
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
        size <= 0)
      continue;
    int64_t reach;
    if (llvm::MulOverflow(size - 1, stride, reach) ||
        llvm::AddOverflow(extent, reach, extent) ||
        llvm::AddOverflow(extent, int64_t(1), reach))
      return op->emitOpError()
             << "view reaches past the largest 64-bit element index (sizes, "
                "strides and storage offset overflow)";
  }
  return success();
}

LogicalResult verifyStridedView(Operation *op, WrapTensorType source,
                                       WrapTensorType result,
                                       ArrayRef<int64_t> staticSizes,
                                       ValueRange sizes,
                                       ArrayRef<int64_t> staticStrides,
                                       ValueRange strides,
                                       int64_t staticOffset, Value offset) {
  if (failed(verifySameElementAndDevice(op, source, result, "source and view")))
    return failure();
  if (failed(verifyMixedList(op, "sizes", staticSizes, sizes,
                             result.getRank(), result.getShape())) ||
      failed(verifyMixedList(op, "strides", staticStrides, strides,
                             result.getRank())))
    return failure();
  if (staticOffset < 0 && !ShapedType::isDynamic(staticOffset))
    return op->emitOpError() << "storage offset must be non-negative, got "
                             << staticOffset;
  if (ShapedType::isDynamic(staticOffset) != static_cast<bool>(offset))
    return op->emitOpError()
           << "needs an offset operand exactly when the static offset is "
              "dynamic";
  return verifyStaticExtent(op, staticSizes, staticStrides, staticOffset);
}

LogicalResult verifyDimIndex(Operation *op, int64_t dim,
                                    WrapTensorType type) {
  if (dim < 0 || dim >= type.getRank())
    return op->emitOpError() << "dimension " << dim
                             << " is out of range for a tensor of rank "
                             << type.getRank();
  return success();
}

/// Appends `type` flattened the way `AOTDispatchSubclassWrapper` does.
void appendFlattened(Type type, bool appendSymints,
                            SmallVectorImpl<Type> &flat) {
  auto subclass = dyn_cast<SubclassType>(type);
  if (!subclass) {
    flat.push_back(type);
    return;
  }
  subclass.getLeafTypes(flat);
  if (appendSymints)
    flat.append(subclass.getNumDynamicOuterDims(),
                IndexType::get(type.getContext()));
}


} // namespace wrapc::verify
