//===- Verify.h - helpers the wrap op verifiers share ------------*- C++ -*-===//
//
// Checks more than one op family states (element kinds, view geometry,
// subclass flattening); each op family's verifiers live in the file named
// for it (WrapperOps.cpp, BackwardOps.cpp, WrapOps.cpp, LaunchOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WRAPC_LIB_VERIFY_H
#define WRAPC_LIB_VERIFY_H

#include "wrapc/WrapDialect.h"

namespace wrapc::verify {

/// An integer a wrapper passes as a symbolic size (index or signless).
bool isSymbolicInt(mlir::Type type);

/// Both tensors hold the same kind of element on the same kind of device.
mlir::LogicalResult verifySameElementAndDevice(mlir::Operation *op,
                                               WrapTensorType lhs,
                                               WrapTensorType rhs,
                                               mlir::StringRef what);

/// An alias of `base` can be regenerated as `result` by wrapc: the same
/// device (a dtype view may change the element size: PyTorch's view(dtype)
/// rules are checked at run time, where the strides are known).
mlir::LogicalResult verifyAliasLayout(mlir::Operation *op, WrapTensorType base,
                                      WrapTensorType result,
                                      const mlir::Twine &what);

/// Static view sizes agree with the static dimensions of `type`.
mlir::LogicalResult verifyViewSizes(mlir::Operation *op, OutputInfoAttr info,
                                    WrapTensorType type,
                                    const mlir::Twine &what);

/// A mixed static/dynamic list has one entry per dimension of `type`, one
/// operand per `?`, and static entries that agree with static dimensions.
mlir::LogicalResult verifyMixedList(mlir::Operation *op, mlir::StringRef name,
                                    mlir::ArrayRef<int64_t> staticValues,
                                    mlir::ValueRange dynamicValues,
                                    int64_t rank,
                                    mlir::ArrayRef<int64_t> shapeToMatch = {});

/// A strided view of `source` typed `result`: its mixed sizes, strides and
/// offset are well formed, and its static part stays within 64-bit indices.
mlir::LogicalResult
verifyStridedView(mlir::Operation *op, WrapTensorType source,
                  WrapTensorType result, mlir::ArrayRef<int64_t> staticSizes,
                  mlir::ValueRange sizes, mlir::ArrayRef<int64_t> staticStrides,
                  mlir::ValueRange strides, int64_t staticOffset,
                  mlir::Value offset);

/// `dim` is a dimension of `type`.
mlir::LogicalResult verifyDimIndex(mlir::Operation *op, int64_t dim,
                                   WrapTensorType type);

/// Appends `type` flattened the way `AOTDispatchSubclassWrapper` does.
void appendFlattened(mlir::Type type, bool appendSymints,
                     mlir::SmallVectorImpl<mlir::Type> &flat);

} // namespace wrapc::verify

#endif // WRAPC_LIB_VERIFY_H
