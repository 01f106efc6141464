//===- WrapOps.cpp - wrap dialect ops: epilogue, views, subclasses -*- C++ -*-===//
//
// The ops' generated definitions, the custom<DynamicOffset> directive, and
// the verifiers of the ops a wrapper's prologue and epilogue run: mutation
// write-back, alias replay, subclass unwrap/wrap, tensor queries. The
// wrapper layers' verifiers are in WrapperOps.cpp, level-3 programs' in
// LaunchOps.cpp, and what they share in Verify.cpp.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace wrapc;
using namespace wrapc::verify;

//===----------------------------------------------------------------------===//
// custom<DynamicOffset>: a static integer or an index value
//===----------------------------------------------------------------------===//

static ParseResult
parseDynamicOffset(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &offset,
                   IntegerAttr &staticOffset) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult hasOperand = parser.parseOptionalOperand(operand);
  Builder builder(parser.getContext());
  if (hasOperand.has_value()) {
    if (failed(*hasOperand))
      return failure();
    offset = operand;
    staticOffset = builder.getI64IntegerAttr(ShapedType::kDynamic);
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  staticOffset = builder.getI64IntegerAttr(value);
  return success();
}

static void printDynamicOffset(OpAsmPrinter &printer, Operation *,
                               Value offset, IntegerAttr staticOffset) {
  if (offset)
    printer << offset;
  else
    printer << staticOffset.getInt();
}

#define GET_OP_CLASSES
#include "wrapc/WrapOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Mutation epilogue ops
//===----------------------------------------------------------------------===//

LogicalResult ApplyMutationOp::verify() {
  if (getInfo().getMutationType() != MutationType::mutated_out_graph)
    return emitOpError() << "input metadata " << getInfo()
                         << " does not describe a mutation the wrapper "
                            "writes back (not mutated, or mutated in the "
                            "graph)";
  return verifySameElementAndDevice(*this, getOrig().getType(),
                                    getUpdated().getType(),
                                    "original input and update");
}

static LogicalResult verifyInplaceFrom(Operation *op, WrapTensorType orig,
                                       WrapTensorType updated,
                                       bool allowDtypeConversion) {
  if (orig.getDevice() != updated.getDevice())
    return op->emitOpError() << "original input and update live on different "
                                "devices";
  if (!allowDtypeConversion && orig.getElementType() != updated.getElementType())
    return op->emitOpError() << "original input and update element types "
                                "differ: "
                             << orig.getElementType() << " vs "
                             << updated.getElementType();
  return success();
}

LogicalResult SetStorageOp::verify() {
  return verifyInplaceFrom(*this, getOrig().getType(), getUpdated().getType(),
                           /*allowDtypeConversion=*/false);
}
LogicalResult AsStridedInplaceOp::verify() {
  return verifyInplaceFrom(*this, getOrig().getType(), getUpdated().getType(),
                           /*allowDtypeConversion=*/false);
}

/// copy_ converts dtypes, and needs shapes that can broadcast into `orig`
/// unless `orig` was given `updated`'s geometry just before (`restrided`:
/// then its static type, its entry's, says nothing of its shape).
static LogicalResult verifyCopy(Operation *op, WrapTensorType orig,
                                WrapTensorType updated, bool restrided) {
  if (failed(verifyInplaceFrom(op, orig, updated,
                               /*allowDtypeConversion=*/!restrided)))
    return failure();
  if (restrided)
    return success();
  if (updated.getRank() > orig.getRank())
    return op->emitOpError() << "cannot copy a rank-" << updated.getRank()
                             << " tensor into a rank-" << orig.getRank()
                             << " tensor";
  ArrayRef<int64_t> dst = orig.getShape(), src = updated.getShape();
  for (size_t i = 0; i < src.size(); ++i) {
    int64_t s = src[src.size() - 1 - i], d = dst[dst.size() - 1 - i];
    if (!ShapedType::isDynamic(s) && !ShapedType::isDynamic(d) && s != d &&
        s != 1)
      return op->emitOpError() << "update shape " << updated
                               << " does not broadcast to " << orig;
  }
  return success();
}

/// `restrided` is true only right after `orig` took `updated`'s geometry.
static LogicalResult verifyRestrided(Operation *op, Value orig,
                                     Value updated) {
  auto prev = dyn_cast_or_null<AsStridedInplaceOp>(op->getPrevNode());
  if (!prev || prev.getOrig() != orig || prev.getUpdated() != updated)
    return op->emitOpError()
           << "'restrided' needs a wrap.as_strided_inplace of the same "
              "tensors just before it";
  return success();
}

LogicalResult CopyInplaceOp::verify() {
  auto orig = dyn_cast<WrapTensorType>(getOrig().getType());
  auto updated = dyn_cast<WrapTensorType>(getUpdated().getType());
  if (getLeaf() && getAutograd())
    return emitOpError() << "a copy into a leaf ('leaf') decides at run time "
                            "what autograd records; it takes no 'autograd'";
  if (orig && updated) {
    if (failed(verifyCopy(*this, orig, updated, getRestrided())))
      return failure();
    return getRestrided() ? verifyRestrided(*this, getOrig(), getUpdated())
                          : success();
  }
  if (getLeaf())
    return emitOpError() << "a copy into a leaf ('leaf') must be between "
                            "tensors, not subclass instances";
  if (getRestrided())
    return emitOpError() << "a copy after as_strided_ ('restrided') must be "
                            "between tensors, not subclass instances";
  // What autograd records for a subclass instance's copy_ is its
  // __torch_dispatch__'s business, which wrapc does not model.
  if (getAutograd())
    return emitOpError() << "a copy autograd records ('autograd') must be "
                            "between tensors, not subclass instances";
  if (getOrig().getType() != getUpdated().getType())
    return emitOpError() << "copies between subclass instances need one "
                            "subclass type, got "
                         << getOrig().getType() << " and "
                         << getUpdated().getType();
  return success();
}
LogicalResult DetachCopyInplaceOp::verify() {
  if (failed(verifyCopy(*this, getOrig().getType(), getUpdated().getType(),
                        getRestrided())))
    return failure();
  return getRestrided() ? verifyRestrided(*this, getOrig(), getUpdated())
                        : success();
}

//===----------------------------------------------------------------------===//
// Alias replay ops
//===----------------------------------------------------------------------===//

LogicalResult ReplayAliasOp::verify() {
  OutputInfoAttr info = getInfo();
  if (info.isPassThrough() && getBase())
    return emitOpError() << "output of type '"
                         << stringifyOutputType(info.getOutputType())
                         << "' is passed through and takes no base";
  if (!info.isPassThrough() && !getBase())
    return emitOpError() << "output of type '"
                         << stringifyOutputType(info.getOutputType())
                         << "' needs the tensor it aliases ('from %base')";
  if (getOut().getType() != getResult().getType())
    return emitOpError() << "result type " << getResult().getType()
                         << " differs from the graph output's type "
                         << getOut().getType();
  if (info.getOutputType() == OutputType::is_input &&
      getBase().getType() != getResult().getType())
    return emitOpError() << "an 'is_input' output must have its input's type";
  if (info.getHasView() && static_cast<int64_t>(info.getViewSizes().size()) !=
                               getResult().getType().getRank())
    return emitOpError() << "view of rank " << info.getViewSizes().size()
                         << " for a result of rank "
                         << getResult().getType().getRank();
  if (failed(verifyViewSizes(*this, info, getResult().getType(), "the result")))
    return failure();
  if (getBase() && !info.isPassThrough() &&
      info.getOutputType() != OutputType::is_input)
    return verifyAliasLayout(*this, getBase().getType(), getResult().getType(),
                             "the result");
  return success();
}

LogicalResult AsStridedOp::verify() {
  return verifyStridedView(*this, getBase().getType(), getResult().getType(),
                           getStaticSizes(), getSizes(), getStaticStrides(),
                           getStrides(), getStaticOffset(), getOffset());
}

LogicalResult ViewDtypeOp::verify() {
  WrapTensorType src = getBase().getType(), dst = getResult().getType();
  if (src.getDevice() != dst.getDevice())
    return emitOpError() << "cannot change the device in a dtype view";
  unsigned from = src.getElementByteWidth(), to = dst.getElementByteWidth();
  if (from == to) {
    if (src.getShape() != dst.getShape())
      return emitOpError() << "dtype view must keep the shape";
    return success();
  }
  // PyTorch's view(dtype) across element sizes splits or merges the last
  // dimension (which must be contiguous: checked at run time).
  if (src.getRank() == 0)
    return emitOpError() << "a 0-d tensor cannot be viewed as "
                         << dst.getElementType()
                         << " (different element sizes)";
  if (src.getRank() != dst.getRank())
    return emitOpError() << "dtype view must keep the rank";
  ArrayRef<int64_t> a = src.getShape(), b = dst.getShape();
  for (int64_t d = 0, last = src.getRank() - 1; d < last; ++d)
    if (a[d] != b[d] && !ShapedType::isDynamic(a[d]) &&
        !ShapedType::isDynamic(b[d]))
      return emitOpError() << "dtype view must keep dimension " << d;
  int64_t lastSrc = a.back(), lastDst = b.back();
  if (!ShapedType::isDynamic(lastSrc) && !ShapedType::isDynamic(lastDst) &&
      lastSrc * static_cast<int64_t>(from) != lastDst * static_cast<int64_t>(to))
    return emitOpError() << "dtype view from " << src.getElementType()
                         << " to " << dst.getElementType()
                         << " must keep the bytes of the last dimension ("
                         << lastSrc << " x " << from << " vs " << lastDst
                         << " x " << to << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Subclass ops
//===----------------------------------------------------------------------===//

static SmallVector<Type> getInnerTypes(SubclassType type, bool symints) {
  SmallVector<Type> inner(type.getAttrTypes());
  if (symints)
    inner.append(type.getNumDynamicOuterDims(),
                 IndexType::get(type.getContext()));
  return inner;
}

LogicalResult SubclassUnwrapOp::verify() {
  SmallVector<Type> expected =
      getInnerTypes(getValue().getType(), getSymints());
  if (TypeRange(expected) != getInner().getTypes())
    return emitOpError() << "unwrapping " << getValue().getType()
                         << " gives " << TypeRange(expected) << ", not "
                         << getInner().getTypes();
  return success();
}

LogicalResult SubclassWrapOp::verify() {
  SubclassType type = getValue().getType();
  SmallVector<Type> expected = getInnerTypes(type, /*symints=*/false);
  if (TypeRange(expected) != getInner().getTypes())
    return emitOpError() << "rebuilding " << type << " needs inner values "
                         << TypeRange(expected) << ", got "
                         << getInner().getTypes();
  if (getOuterSizes().size() != type.getNumDynamicOuterDims())
    return emitOpError() << "rebuilding " << type << " needs "
                         << type.getNumDynamicOuterDims()
                         << " outer sizes (one per dynamic dimension), got "
                         << getOuterSizes().size();
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor queries and marks
//===----------------------------------------------------------------------===//

LogicalResult MarkDynamicOp::verify() {
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t dim : getDims()) {
    if (failed(verifyDimIndex(*this, dim, getTensor().getType())))
      return failure();
    if (!seen.insert(dim).second)
      return emitOpError() << "dimension " << dim << " listed twice";
  }
  return success();
}

LogicalResult TensorSizeOp::verify() {
  return verifyDimIndex(*this, getDimAttr().getInt(), getTensor().getType());
}

LogicalResult TensorStrideOp::verify() {
  return verifyDimIndex(*this, getDimAttr().getInt(), getTensor().getType());
}

