//===- Verify.h - helpers the wrap op verifiers share ------------*- C++ -*-===//
//
// Checks more than one op family states (element kinds, view geometry,
// subclass flattening); each op family's verifiers live in the file named
// for it (WrapperOps.cpp, WrapOps.cpp, LaunchOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WRAPC_LIB_VERIFY_H
#define WRAPC_LIB_VERIFY_H

#include "wrapc/WrapDialect.h"

namespace wrapc::verify {

using namespace mlir;

/// An integer a wrapper passes as a symbolic size (index or signless).
bool isSymbolicInt(Type type);

/// Both tensors hold the same kind of element on the same kind of device.
LogicalResult verifySameElementAndDevice(Operation *op, WrapTensorType lhs,
                                         WrapTensorType rhs, StringRef what);

/// An alias of `base` can be regenerated as `result` by wrapc: the same
/// device (a dtype view may change the element size: PyTorch's view(dtype)
/// rules are checked at run time, where the strides are known).
LogicalResult verifyAliasLayout(Operation *op, WrapTensorType base,
                                WrapTensorType result, const Twine &what);

/// Static view sizes agree with the static dimensions of `type`.
LogicalResult verifyViewSizes(Operation *op, OutputInfoAttr info,
                              WrapTensorType type, const Twine &what);

/// A mixed static/dynamic list has one entry per dimension of `type`, one
/// operand per `?`, and static entries that agree with static dimensions.
LogicalResult verifyMixedList(Operation *op, StringRef name,
                              ArrayRef<int64_t> staticValues,
                              ValueRange dynamicValues, int64_t rank,
                              ArrayRef<int64_t> shapeToMatch = {});

/// A strided view of `source` typed `result`: its mixed sizes, strides and
/// offset are well formed, and its static part stays within 64-bit indices.
LogicalResult verifyStridedView(Operation *op, WrapTensorType source,
                                WrapTensorType result,
                                ArrayRef<int64_t> staticSizes, ValueRange sizes,
                                ArrayRef<int64_t> staticStrides,
                                ValueRange strides, int64_t staticOffset,
                                Value offset);

/// `dim` is a dimension of `type`.
LogicalResult verifyDimIndex(Operation *op, int64_t dim, WrapTensorType type);

/// Appends `type` flattened the way `AOTDispatchSubclassWrapper` does.
void appendFlattened(Type type, bool appendSymints,
                     SmallVectorImpl<Type> &flat);

} // namespace wrapc::verify

#endif // WRAPC_LIB_VERIFY_H
