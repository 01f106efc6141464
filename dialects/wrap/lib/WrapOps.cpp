//===- WrapOps.cpp - wrap dialect op verifiers ------------------*- C++ -*-===//
//
// Every invariant of the metadata that can be stated is checked here, with
// an error located at the op and worded for the person who wrote the IR.
//
//===----------------------------------------------------------------------===//

#include "wrapc/WrapDialect.h"
#include "wrapc/WrapAbi.h"

#include "mlir/AsmParser/AsmParser.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace wrapc;

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
// Helpers
//===----------------------------------------------------------------------===//

static bool isSymbolicInt(Type type) {
  return type.isIndex() || type.isSignlessInteger();
}

/// Both tensors hold the same kind of element on the same kind of device.
static LogicalResult verifySameElementAndDevice(Operation *op, WrapTensorType lhs,
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
static LogicalResult verifyAliasLayout(Operation *op, WrapTensorType base,
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
static LogicalResult verifyViewSizes(Operation *op, OutputInfoAttr info,
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
static LogicalResult verifyMixedList(Operation *op, StringRef name,
                                     ArrayRef<int64_t> staticValues,
                                     ValueRange dynamicValues, int64_t rank,
                                     ArrayRef<int64_t> shapeToMatch = {}) {
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

static LogicalResult verifyStridedView(Operation *op, WrapTensorType source,
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

static LogicalResult verifyDimIndex(Operation *op, int64_t dim,
                                    WrapTensorType type) {
  if (dim < 0 || dim >= type.getRank())
    return op->emitOpError() << "dimension " << dim
                             << " is out of range for a tensor of rank "
                             << type.getRank();
  return success();
}

/// Appends `type` flattened the way `AOTDispatchSubclassWrapper` does.
static void appendFlattened(Type type, bool appendSymints,
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

//===----------------------------------------------------------------------===//
// RuntimeWrapperOp
//===----------------------------------------------------------------------===//

SmallVector<unsigned> RuntimeWrapperOp::getMutatedOutOfGraphInputs() {
  SmallVector<unsigned> indices;
  for (unsigned i = 0, e = getInputs().size(); i < e; ++i)
    if (getInputInfo(i).getMutationType() == MutationType::mutated_out_graph)
      indices.push_back(i);
  return indices;
}

SmallVector<unsigned> RuntimeWrapperOp::getMutatedInGraphInputs() {
  SmallVector<unsigned> indices;
  for (unsigned i = 0, e = getInputs().size(); i < e; ++i)
    if (getInputInfo(i).getMutationType() == MutationType::mutated_in_graph)
      indices.push_back(i);
  return indices;
}

unsigned RuntimeWrapperOp::getExpectedCalleeResultCount() {
  return getMutatedOutOfGraphInputs().size() + getOutputs().size() +
         getNumIntermediateBases() + getNumSavedTensors() +
         getNumSavedSymints();
}

LogicalResult RuntimeWrapperOp::verify() {
  FunctionType type = getFunctionType();
  if (getInputs().size() != type.getNumInputs())
    return emitOpError() << "has " << getInputs().size()
                         << " input metadata entries for "
                         << type.getNumInputs() << " arguments";
  if (getOutputs().size() != type.getNumResults())
    return emitOpError() << "has " << getOutputs().size()
                         << " output metadata entries for "
                         << type.getNumResults() << " results";
  if (getNumIntermediateBasesAttr().getInt() < 0)
    return emitOpError() << "num_intermediate_bases must be non-negative";
  if (getNumSavedTensorsAttr().getInt() < 0 ||
      getNumSavedSymintsAttr().getInt() < 0)
    return emitOpError() << "the counts of values saved for backward must be "
                            "non-negative";
  if ((getNumSavedTensors() || getNumSavedSymints()) && !getTraceJoint())
    return emitOpError() << "values saved for backward need 'trace_joint'";

  for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
    InputInfoAttr info = getInputInfo(i);
    // An outer runtime wrapper (subclass-level metadata, around a subclass
    // wrapper) bumps an instance's version and copies data back into it;
    // what a subclass does on a metadata mutation, a set_ or under autograd
    // is its __torch_dispatch__'s, which wrapc does not model.
    if (isa<SubclassType>(argType)) {
      if (info.getMutatesMetadata() || info.getMutatesStorageMetadata() ||
          info.getRequiresGrad() || getTraceJoint())
        return emitOpError()
               << "argument #" << i
               << " is a subclass instance: only data mutations of it are "
                  "modelled (no metadata or storage mutation, "
                  "requires_grad or trace_joint)";
      continue;
    }
    if (isSymbolicInt(argType) && (info.isMutated() || info.getRequiresGrad()))
      return emitOpError() << "argument #" << i << " of type " << argType
                           << " is a symbolic int; it cannot be mutated or "
                              "require grad";
    if (!isSymbolicInt(argType) && !isa<WrapTensorType>(argType))
      return emitOpError() << "argument #" << i << " has unsupported type "
                           << argType;
  }

  int64_t numInputs = type.getNumInputs();
  if (!getDetachInputs().empty() && !getTraceJoint())
    return emitOpError() << "'detach_inputs' only applies with 'trace_joint'";
  llvm::SmallSet<int64_t, 4> detached;
  for (int64_t index : getDetachInputs()) {
    if (index < 0 || index >= numInputs)
      return emitOpError() << "detached input #" << index
                           << " is out of range (" << numInputs << " inputs)";
    if (!isa<WrapTensorType>(type.getInput(index)))
      return emitOpError() << "detached input #" << index
                           << " is not a tensor";
    if (!detached.insert(index).second)
      return emitOpError() << "input #" << index << " is detached twice";
  }
  for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
    OutputInfoAttr info = getOutputInfo(i);
    auto tensorType = dyn_cast<WrapTensorType>(resultType);
    if (isa<SubclassType>(resultType)) {
      // Regenerating a view of a subclass is its __torch_dispatch__'s.
      bool passThrough = info.getOutputType() == OutputType::non_alias ||
                         info.getOutputType() == OutputType::is_input;
      if (!passThrough || info.getHasView() || info.getViewDtype() ||
          !info.getDynamicDims().empty())
        return emitOpError() << "result #" << i
                             << " is a subclass instance: it must be "
                                "'non_alias' or 'is_input', with no view";
      if (info.getOutputType() == OutputType::is_input &&
          (info.getBaseIndex() >= numInputs ||
           type.getInput(info.getBaseIndex()) != resultType))
        return emitOpError() << "result #" << i
                             << " is an input of another type";
      continue;
    }
    if (!tensorType) {
      if (!isSymbolicInt(resultType))
        return emitOpError() << "result #" << i << " has unsupported type "
                             << resultType;
      if (info.getOutputType() != OutputType::non_alias)
        return emitOpError() << "result #" << i << " of type " << resultType
                             << " is not a tensor, so it must be 'non_alias'";
      continue;
    }
    if (info.isAliasOfInput()) {
      if (info.getBaseIndex() >= numInputs)
        return emitOpError() << "result #" << i << " aliases input #"
                             << info.getBaseIndex() << " but there are only "
                             << numInputs << " inputs";
      Type baseType = type.getInput(info.getBaseIndex());
      if (!isa<WrapTensorType>(baseType))
        return emitOpError() << "result #" << i << " aliases input #"
                             << info.getBaseIndex() << " of type " << baseType
                             << ", which is not a tensor";
      if (info.getOutputType() == OutputType::is_input &&
          baseType != resultType)
        return emitOpError() << "result #" << i << " is input #"
                             << info.getBaseIndex() << " but its type "
                             << resultType << " differs from " << baseType;
    }
    if (info.getOutputType() ==
            OutputType::alias_of_intermediate_base_is_user_output &&
        info.getBaseIndex() >= static_cast<int64_t>(type.getNumResults()))
      return emitOpError() << "result #" << i << " aliases user output #"
                           << info.getBaseIndex() << " but there are only "
                           << type.getNumResults() << " outputs";
    if (info.getOutputType() ==
            OutputType::alias_of_intermediate_base_is_user_output &&
        !isa<WrapTensorType>(type.getResult(info.getBaseIndex())))
      return emitOpError() << "result #" << i << " aliases user output #"
                           << info.getBaseIndex() << ", which is not a tensor";
    if (info.isAliasOfIntermediate() &&
        info.getOutputType() !=
            OutputType::alias_of_intermediate_base_is_user_output &&
        info.getBaseIndex() >=
            static_cast<int64_t>(getNumIntermediateBases()))
      return emitOpError() << "result #" << i << " aliases intermediate base #"
                           << info.getBaseIndex() << " but there are only "
                           << getNumIntermediateBases()
                           << " intermediate bases";
    if (info.getHasView() &&
        static_cast<int64_t>(info.getViewSizes().size()) !=
            tensorType.getRank())
      return emitOpError() << "result #" << i << " has a view of rank "
                           << info.getViewSizes().size()
                           << " but its type has rank " << tensorType.getRank();
    if (failed(verifyViewSizes(*this, info, tensorType,
                               "result #" + Twine(i))))
      return failure();
    bool regenerated = !info.isPassThrough() &&
                       info.getOutputType() != OutputType::is_input;
    if (regenerated && info.getOutputType() == OutputType::alias_of_input &&
        failed(verifyAliasLayout(
            *this, cast<WrapTensorType>(type.getInput(info.getBaseIndex())),
            tensorType, "result #" + Twine(i))))
      return failure();
    if (info.getOutputType() ==
            OutputType::alias_of_intermediate_base_is_user_output &&
        failed(verifyAliasLayout(
            *this, cast<WrapTensorType>(type.getResult(info.getBaseIndex())),
            tensorType, "result #" + Twine(i))))
      return failure();
    if (info.getViewDtype() &&
        info.getViewDtype() != tensorType.getElementType())
      return emitOpError() << "result #" << i << " takes a dtype view to "
                           << info.getViewDtype() << " but its element type is "
                           << tensorType.getElementType();
    for (int64_t dim : info.getDynamicDims())
      if (dim >= tensorType.getRank())
        return emitOpError() << "result #" << i << " marks dim " << dim
                             << " dynamic but has rank " << tensorType.getRank();
  }
  return success();
}

/// The signature of `callee` if it is something a wrapper may call: a
/// wrap.runtime_wrapper, a func.func, or (`subclassWrapper`) a
/// wrap.subclass_wrapper; null otherwise.
static FunctionType wrapperCalleeType(Operation *callee, bool subclassWrapper) {
  if (auto wrapper = dyn_cast_or_null<RuntimeWrapperOp>(callee))
    return wrapper.getFunctionType();
  // AOTDedupeWrapper wraps AOTSyntheticBaseWrapper (they are applied in
  // that order by _create_wrappers_for_dispatch).
  if (auto wrapper = dyn_cast_or_null<SyntheticBaseWrapperOp>(callee);
      wrapper && subclassWrapper)
    return wrapper.getFunctionType();
  if (auto func = dyn_cast_or_null<func::FuncOp>(callee))
    return func.getFunctionType();
  if (auto wrapper = dyn_cast_or_null<SubclassWrapperOp>(callee);
      wrapper && subclassWrapper)
    return wrapper.getFunctionType();
  return {};
}

/// The signature of the layer a wrapper op calls (`wrapperCalleeType`),
/// looked up by `name`; emits an error naming what it may call otherwise.
static FunctionType layerCalleeType(Operation *op, FlatSymbolRefAttr name,
                                    bool subclassWrapper,
                                    SymbolTableCollection &symbolTable) {
  Operation *callee = symbolTable.lookupNearestSymbolFrom(op, name);
  FunctionType type = wrapperCalleeType(callee, subclassWrapper);
  if (!type)
    op->emitOpError() << "callee '" << name.getValue() << "' does not name a "
                      << (subclassWrapper
                              ? "wrap.runtime_wrapper, "
                                "wrap.synthetic_base_wrapper, "
                                "wrap.subclass_wrapper or func.func"
                              : "wrap.runtime_wrapper or func.func");
  return type;
}

/// The signature of what a runtime wrapper (or its call_compiled) calls: a
/// func.func, or the wrap.subclass_wrapper of PyTorch's layering; emits an
/// error on `op` and returns null otherwise.
static FunctionType compiledCalleeType(Operation *op, FlatSymbolRefAttr name,
                                      SymbolTableCollection &symbolTable) {
  Operation *callee = symbolTable.lookupNearestSymbolFrom(op, name);
  FunctionType type = isa_and_nonnull<RuntimeWrapperOp>(callee)
                          ? FunctionType()
                          : wrapperCalleeType(callee, /*subclassWrapper=*/true);
  if (!type)
    op->emitOpError() << "callee '" << name.getValue()
                      << "' does not name a func.func or a "
                         "wrap.subclass_wrapper";
  return type;
}

LogicalResult
RuntimeWrapperOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // The compiled graph, or (PyTorch's nesting) the subclass wrapper around
  // it, under an outer wrapper with subclass-level metadata.
  FunctionType calleeType =
      compiledCalleeType(*this, getCalleeAttr(), symbolTable);
  if (!calleeType)
    return failure();
  FunctionType type = getFunctionType();
  if (calleeType.getInputs() != type.getInputs())
    return emitOpError() << "callee '" << getCallee() << "' takes "
                         << calleeType.getInputs()
                         << " but the wrapper passes " << type.getInputs();
  unsigned expected = getExpectedCalleeResultCount();
  SmallVector<unsigned> mutated = getMutatedOutOfGraphInputs();
  if (calleeType.getNumResults() != expected) {
    InFlightDiagnostic diag =
        emitOpError() << "callee '" << getCallee() << "' returns "
                      << calleeType.getNumResults() << " values but "
                      << expected << " are expected (" << mutated.size()
                      << " mutated inputs + " << type.getNumResults()
                      << " outputs + " << getNumIntermediateBases()
                      << " intermediate bases";
    if (getNumSavedTensors() || getNumSavedSymints())
      diag << " + " << getNumSavedTensors() << " saved tensors + "
           << getNumSavedSymints() << " saved symints";
    return diag << ")";
  }
  for (auto [k, inputIndex] : llvm::enumerate(mutated)) {
    if (isa<SubclassType>(type.getInput(inputIndex))) {
      if (calleeType.getResult(k) != type.getInput(inputIndex))
        return emitOpError() << "callee result #" << k
                             << " must be the new value of input #"
                             << inputIndex << " (" << type.getInput(inputIndex)
                             << "), got " << calleeType.getResult(k);
      continue;
    }
    auto updated = dyn_cast<WrapTensorType>(calleeType.getResult(k));
    auto orig = dyn_cast<WrapTensorType>(type.getInput(inputIndex));
    if (!orig)
      return emitOpError() << "input #" << inputIndex
                           << " is mutated but is not a tensor";
    if (!updated || updated.getElementType() != orig.getElementType() ||
        updated.getDevice() != orig.getDevice())
      return emitOpError() << "callee result #" << k
                           << " must be the new value of input #" << inputIndex
                           << " (" << orig << "), got "
                           << calleeType.getResult(k);
  }
  for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
    Type calleeResult = calleeType.getResult(mutated.size() + i);
    if (calleeResult != resultType)
      return emitOpError() << "result #" << i << " has type " << resultType
                           << " but the callee returns " << calleeResult;
  }
  unsigned firstSavedTensor =
      mutated.size() + type.getNumResults() + getNumIntermediateBases();
  unsigned firstSavedSymint = firstSavedTensor + getNumSavedTensors();
  for (unsigned k = mutated.size() + type.getNumResults(); k < firstSavedSymint;
       ++k)
    if (!isa<WrapTensorType>(calleeType.getResult(k)))
      return emitOpError() << "callee result #" << k << " is "
                           << (k < firstSavedTensor
                                   ? "an intermediate base"
                                   : "a tensor saved for backward")
                           << " and must be a tensor";
  for (unsigned k = firstSavedSymint; k < expected; ++k)
    if (!isSymbolicInt(calleeType.getResult(k)))
      return emitOpError() << "callee result #" << k
                           << " is a symbolic int saved for backward and must "
                              "be an index or integer";
  unsigned firstBase = mutated.size() + type.getNumResults();
  for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
    OutputInfoAttr info = getOutputInfo(i);
    if (!info.isAliasOfIntermediate() ||
        info.getOutputType() ==
            OutputType::alias_of_intermediate_base_is_user_output)
      continue;
    auto base =
        cast<WrapTensorType>(calleeType.getResult(firstBase + info.getBaseIndex()));
    if (failed(verifyAliasLayout(*this, base, cast<WrapTensorType>(resultType),
                                 "result #" + Twine(i))))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SubclassWrapperOp
//===----------------------------------------------------------------------===//

bool SubclassWrapperOp::isFrozen(unsigned argIndex) {
  return llvm::is_contained(getFrozen(), static_cast<int64_t>(argIndex));
}

FunctionType SubclassWrapperOp::getFlattenedFunctionType() {
  SmallVector<Type> inputs, results;
  for (Type type : getFunctionType().getInputs())
    appendFlattened(type, getAppendSymints(), inputs);
  for (Type type : getFunctionType().getResults())
    appendFlattened(type, getAppendSymints(), results);
  return FunctionType::get(getContext(), inputs, results);
}

LogicalResult SubclassWrapperOp::verify() {
  llvm::SmallSet<int64_t, 4> seen;
  int64_t numInputs = getFunctionType().getNumInputs();
  for (int64_t index : getFrozen()) {
    if (index < 0 || index >= numInputs)
      return emitOpError() << "frozen input #" << index
                           << " is out of range (" << numInputs << " inputs)";
    if (!seen.insert(index).second)
      return emitOpError() << "input #" << index << " is listed as frozen twice";
    if (!isa<SubclassType, WrapTensorType>(getFunctionType().getInput(index)))
      return emitOpError() << "frozen input #" << index << " is not a tensor";
  }
  for (Type type : llvm::concat<const Type>(getFunctionType().getInputs(),
                                            getFunctionType().getResults())) {
    auto subclass = dyn_cast<SubclassType>(type);
    if (!subclass)
      continue;
    if (subclass.getNumDynamicOuterDims() != 0 && !getAppendSymints())
      return emitOpError() << type << " has dynamic outer dimensions; they "
                              "travel as symints, so 'append_symints' is "
                              "required";
    for (Type inner : subclass.getAttrTypes())
      if (auto nested = dyn_cast<SubclassType>(inner);
          nested && nested.getNumDynamicOuterDims() != 0)
        return emitOpError() << "nested subclass " << nested
                             << " must have a static outer shape";
  }
  bool hasSubclass = llvm::any_of(
      llvm::concat<const Type>(getFunctionType().getInputs(),
                               getFunctionType().getResults()),
      [](Type t) { return isa<SubclassType>(t); });
  if (!hasSubclass)
    return emitOpError() << "has no subclass argument or result; call the "
                            "inner wrapper directly";
  return success();
}

LogicalResult
SubclassWrapperOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FunctionType calleeType = layerCalleeType(
      *this, getCalleeAttr(), /*subclassWrapper=*/false, symbolTable);
  if (!calleeType)
    return failure();
  FunctionType flat = getFlattenedFunctionType();
  if (calleeType != flat)
    return emitOpError() << "callee '" << getCallee() << "' has type "
                         << calleeType << " but flattening the subclasses gives "
                         << flat;
  return success();
}

//===----------------------------------------------------------------------===//
// DedupeWrapperOp
//===----------------------------------------------------------------------===//

FunctionType DedupeWrapperOp::getDedupedFunctionType() {
  SmallVector<Type> kept;
  int64_t next = 0;
  for (auto [type, index] :
       llvm::zip(getFunctionType().getInputs(), getDupes()))
    if (index == next) {
      kept.push_back(type);
      ++next;
    }
  return FunctionType::get(getContext(), kept, getFunctionType().getResults());
}

LogicalResult DedupeWrapperOp::verify() {
  ArrayRef<int64_t> dupes = getDupes();
  FunctionType type = getFunctionType();
  if (dupes.size() != type.getNumInputs())
    return emitOpError() << "has " << dupes.size() << " dupes entries for "
                         << type.getNumInputs() << " arguments";
  // firstOf[k]: the argument deduplicated argument #k is.
  SmallVector<unsigned> firstOf;
  for (auto [i, index] : llvm::enumerate(dupes)) {
    if (index == static_cast<int64_t>(firstOf.size())) {
      firstOf.push_back(i);
      continue;
    }
    if (index < 0 || index > static_cast<int64_t>(firstOf.size()))
      return emitOpError() << "argument #" << i << " maps to deduplicated "
                           << "argument #" << index << "; the next new one is #"
                           << firstOf.size();
    unsigned original = firstOf[index];
    if (!isa<WrapTensorType>(type.getInput(i)))
      return emitOpError() << "argument #" << i << " duplicates argument #"
                           << original << " but is not a tensor";
    if (type.getInput(i) != type.getInput(original))
      return emitOpError() << "argument #" << i << " duplicates argument #"
                           << original << " but has type " << type.getInput(i)
                           << ", not " << type.getInput(original);
  }
  if (firstOf.size() == dupes.size())
    return emitOpError() << "has no duplicate argument; call the inner "
                            "wrapper directly";
  return success();
}

LogicalResult
DedupeWrapperOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FunctionType calleeType = layerCalleeType(
      *this, getCalleeAttr(), /*subclassWrapper=*/true, symbolTable);
  if (!calleeType)
    return failure();
  FunctionType deduped = getDedupedFunctionType();
  if (calleeType != deduped)
    return emitOpError() << "callee '" << getCallee() << "' has type "
                         << calleeType << " but removing the duplicates gives "
                         << deduped;
  return success();
}

//===----------------------------------------------------------------------===//
// SyntheticBaseWrapperOp
//===----------------------------------------------------------------------===//

unsigned SyntheticBaseWrapperOp::getNumBases() {
  DenseMap<int64_t, unsigned> uses;
  for (int64_t index : getArgs())
    ++uses[index];
  return llvm::count_if(uses, [](auto &entry) { return entry.second > 1; });
}

LogicalResult SyntheticBaseWrapperOp::verify() {
  ArrayRef<int64_t> args = getArgs();
  FunctionType type = getFunctionType();
  if (args.size() != type.getNumInputs())
    return emitOpError() << "has " << args.size() << " args entries for "
                         << type.getNumInputs() << " arguments";
  SmallVector<SmallVector<unsigned>> usedBy(args.size());
  for (auto [i, index] : llvm::enumerate(args)) {
    if (index < 0 || index >= static_cast<int64_t>(args.size()))
      return emitOpError() << "argument #" << i << " maps to callee argument #"
                           << index << ", out of range";
    usedBy[index].push_back(i);
  }
  unsigned numInner = 0;
  while (numInner < usedBy.size() && !usedBy[numInner].empty())
    ++numInner;
  for (unsigned k = numInner; k < usedBy.size(); ++k)
    if (!usedBy[k].empty())
      return emitOpError() << "callee argument #" << numInner
                           << " is passed nothing but #" << k << " is";
  unsigned numBases = getNumBases();
  if (numBases == 0)
    return emitOpError() << "merges no arguments into a base; call the "
                            "inner wrapper directly";
  for (unsigned k = 0; k < numInner; ++k) {
    bool isBase = usedBy[k].size() > 1;
    if (isBase != (k < numBases))
      return emitOpError() << "callee argument #" << k
                           << (isBase ? " is a base but follows a plain argument"
                                      : " is a plain argument before a base")
                           << ": the bases come first";
    if (!isBase)
      continue;
    auto first = dyn_cast<WrapTensorType>(type.getInput(usedBy[k].front()));
    for (unsigned i : usedBy[k]) {
      auto member = dyn_cast<WrapTensorType>(type.getInput(i));
      if (!member)
        return emitOpError() << "argument #" << i << " is merged into base #"
                             << k << " but is not a tensor";
      if (failed(verifySameElementAndDevice(
              *this, first, member,
              "aliases merged into base #" + std::to_string(k))))
        return failure();
    }
  }
  int64_t previous = -1;
  for (int64_t i : getMetadataMutated()) {
    if (i <= previous || i >= static_cast<int64_t>(args.size()))
      return emitOpError() << "metadata_mutated must list arguments in "
                              "increasing order, each in range; got #"
                           << i;
    if (args[i] >= static_cast<int64_t>(numBases))
      return emitOpError() << "argument #" << i << " is in metadata_mutated "
                           << "but is not merged into a base";
    previous = i;
  }
  return success();
}

LogicalResult
SyntheticBaseWrapperOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FunctionType calleeType = layerCalleeType(
      *this, getCalleeAttr(), /*subclassWrapper=*/false, symbolTable);
  if (!calleeType)
    return failure();
  FunctionType type = getFunctionType();
  ArrayRef<int64_t> args = getArgs();
  unsigned numBases = getNumBases();
  unsigned numInner = 0;
  for (int64_t index : args)
    numInner = std::max<unsigned>(numInner, index + 1);
  if (calleeType.getNumInputs() != numInner)
    return emitOpError() << "callee '" << getCallee() << "' takes "
                         << calleeType.getNumInputs() << " arguments but "
                         << numBases << " bases and " << numInner - numBases
                         << " other arguments are passed";
  for (auto [i, index] : llvm::enumerate(args)) {
    Type inner = calleeType.getInput(index);
    if (index >= static_cast<int64_t>(numBases)) {
      if (inner != type.getInput(i))
        return emitOpError() << "argument #" << i << " has type "
                             << type.getInput(i) << " but callee argument #"
                             << index << " is " << inner;
      continue;
    }
    auto base = dyn_cast<WrapTensorType>(inner);
    if (!base)
      return emitOpError() << "callee argument #" << index
                           << " is a base but not a tensor";
    if (failed(verifySameElementAndDevice(
            *this, cast<WrapTensorType>(type.getInput(i)), base,
            "argument #" + std::to_string(i) + " and its base")))
      return failure();
  }
  ArrayRef<int64_t> mutated = getMetadataMutated();
  if (calleeType.getNumResults() != type.getNumResults() + mutated.size())
    return emitOpError() << "callee '" << getCallee() << "' returns "
                         << calleeType.getNumResults() << " values, not "
                         << type.getNumResults() << " results and "
                         << mutated.size() << " metadata-mutated arguments";
  for (auto [j, result] : llvm::enumerate(type.getResults()))
    if (calleeType.getResult(j) != result)
      return emitOpError() << "result #" << j << " has type " << result
                           << " but the callee returns "
                           << calleeType.getResult(j);
  for (auto [j, i] : llvm::enumerate(mutated)) {
    auto updated = dyn_cast<WrapTensorType>(
        calleeType.getResult(type.getNumResults() + j));
    if (!updated)
      return emitOpError() << "the callee's new metadata of argument #" << i
                           << " is not a tensor";
    if (failed(verifySameElementAndDevice(
            *this, cast<WrapTensorType>(type.getInput(i)), updated,
            "argument #" + std::to_string(i) + " and its new metadata")))
      return failure();
  }
  return success();
}

LogicalResult SyntheticBaseOp::verify() {
  auto members = getMembers();
  if (members.size() < 2)
    return emitOpError() << "merges " << members.size()
                         << " tensors; a synthetic base stands for two or more";
  if (getArgs().size() != members.size())
    return emitOpError() << "has " << getArgs().size()
                         << " argument indices for " << members.size()
                         << " members";
  auto base = cast<WrapTensorType>(getBase().getType());
  for (auto [i, member] : llvm::enumerate(members))
    if (failed(verifySameElementAndDevice(
            *this, cast<WrapTensorType>(member.getType()), base,
            "member #" + std::to_string(i) + " and the base")))
      return failure();
  return success();
}

LogicalResult CheckSameTensorOp::verify() {
  if (getDuplicate() < 0 || getOriginal() < 0 ||
      getDuplicate() <= getOriginal())
    return emitOpError() << "argument #" << getDuplicate()
                         << " cannot duplicate argument #" << getOriginal()
                         << ": a duplicate comes after what it repeats";
  return success();
}

//===----------------------------------------------------------------------===//
// CallCompiledOp
//===----------------------------------------------------------------------===//

LogicalResult
CallCompiledOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // The subclass wrapper an outer runtime wrapper calls is a func.func
  // itself once wrap-flatten-subclasses ran.
  FunctionType calleeType =
      compiledCalleeType(*this, getCalleeAttr(), symbolTable);
  if (!calleeType)
    return failure();
  if (TypeRange(calleeType.getInputs()) != TypeRange(getOperandTypes()))
    return emitOpError() << "passes " << getOperandTypes() << " but '"
                         << getCallee() << "' takes " << calleeType.getInputs();
  if (calleeType.getNumResults() != getNumResults())
    return emitOpError() << "compiled graph '" << getCallee() << "' returns "
                         << calleeType.getNumResults()
                         << " values but the call expects " << getNumResults();
  if (TypeRange(calleeType.getResults()) != TypeRange(getResultTypes()))
    return emitOpError() << "expects results " << getResultTypes() << " but '"
                         << getCallee() << "' returns "
                         << calleeType.getResults();
  return success();
}

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

/// copy_ converts dtypes, and needs shapes that can broadcast into `orig`.
static LogicalResult verifyCopy(Operation *op, WrapTensorType orig,
                                WrapTensorType updated) {
  if (failed(verifyInplaceFrom(op, orig, updated,
                               /*allowDtypeConversion=*/true)))
    return failure();
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

LogicalResult CopyInplaceOp::verify() {
  auto orig = dyn_cast<WrapTensorType>(getOrig().getType());
  auto updated = dyn_cast<WrapTensorType>(getUpdated().getType());
  if (getLeaf() && getAutograd())
    return emitOpError() << "a copy into a leaf ('leaf') decides at run time "
                            "what autograd records; it takes no 'autograd'";
  if (orig && updated)
    return verifyCopy(*this, orig, updated);
  if (getLeaf())
    return emitOpError() << "a copy into a leaf ('leaf') must be between "
                            "tensors, not subclass instances";
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
  return verifyCopy(*this, getOrig().getType(), getUpdated().getType());
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

//===----------------------------------------------------------------------===//
// Level 3
//===----------------------------------------------------------------------===//

LogicalResult KernelOp::verify() {
  FunctionType type = getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError() << "kernels return nothing; got results "
                         << type.getResults();
  for (auto [i, argType] : llvm::enumerate(type.getInputs()))
    if (!isa<WrapTensorType>(argType) && !isSymbolicInt(argType) &&
        !isa<FloatType>(argType))
      return emitOpError() << "kernel argument #" << i
                           << " has unsupported type " << argType;
  if (getConfigs().empty())
    return emitOpError() << "needs at least one autotune config";
  llvm::SmallSet<StringRef, 8> names;
  size_t blockRank = 0;
  for (Attribute attr : getConfigs()) {
    auto config = cast<KernelConfigAttr>(attr);
    if (!names.insert(config.getName()).second)
      return emitOpError() << "config name '" << config.getName()
                           << "' is used twice";
    if (blockRank == 0)
      blockRank = config.getBlock().size();
    else if (config.getBlock().size() != blockRank)
      return emitOpError() << "config '" << config.getName() << "' has "
                           << config.getBlock().size()
                           << " block sizes but the first config has "
                           << blockRank;
  }
  if (!getPtx() && !getPtxFile() && !getCubinFile() && !getHost())
    return emitOpError() << "needs a payload: 'ptx', 'ptx_file', "
                            "'cubin_file' or 'host'";
  if (getPtx() && getPtxFile())
    return emitOpError() << "has both inline 'ptx' and 'ptx_file'";
  if (getEntry().empty())
    return emitOpError() << "needs a non-empty entry point name";
  return success();
}

LogicalResult KernelOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!getHost())
    return success();
  auto host =
      symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, getHostAttr());
  if (!host)
    return emitOpError() << "host payload '" << *getHost()
                         << "' does not name a func.func";
  // A host kernel takes the kernel's arguments (tensors as data pointers,
  // i.e. opaque `!llvm.ptr`) followed by the three program ids.
  FunctionType hostType = host.getFunctionType();
  FunctionType type = getFunctionType();
  if (hostType.getNumInputs() != type.getNumInputs() + 3 ||
      hostType.getNumResults() != 0)
    return emitOpError() << "host payload '" << *getHost() << "' has type "
                         << hostType << "; expected the "
                         << type.getNumInputs()
                         << " kernel arguments then three index program ids "
                            "and no results";
  for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
    Type hostArg = hostType.getInput(i);
    bool ok = isa<WrapTensorType>(argType)
                  ? hostArg.getDialect().getNamespace() == "llvm"
                  : hostArg == argType;
    if (!ok)
      return emitOpError() << "host payload argument #" << i << " has type "
                           << hostArg << " for kernel argument type "
                           << argType;
  }
  for (unsigned i = 0; i < 3; ++i)
    if (!hostType.getInput(type.getNumInputs() + i).isIndex())
      return emitOpError() << "host payload's program id #" << i
                           << " must be index";
  return success();
}

/// A launch has either a grid (programs) or element counts, of 1 to 3
/// dimensions.
static LogicalResult verifyLaunchExtents(Operation *op, ValueRange grid,
                                         ValueRange numel) {
  if (!grid.empty() && !numel.empty())
    return op->emitOpError()
           << "takes either grid(...) or numel(...), not both";
  if (!numel.empty()) {
    if (numel.size() > 3)
      return op->emitOpError()
             << "numel must have 1 to 3 dimensions, got " << numel.size();
    return success();
  }
  if (grid.empty() || grid.size() > 3)
    return op->emitOpError()
           << "grid must have 1 to 3 dimensions, got " << grid.size();
  return success();
}

LogicalResult LaunchOp::verify() {
  return verifyLaunchExtents(*this, getGrid(), getNumel());
}

LogicalResult LazyLaunchOp::verify() {
  if (failed(verifyLaunchExtents(*this, getGrid(), getNumel())))
    return failure();
  if (!llvm::any_of(getArgs().getTypes(), llvm::IsaPred<WrapTensorType>))
    return emitOpError()
           << "needs a tensor argument: its device selects the slot entry";
  return success();
}

LogicalResult
LazyLaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto slot = symbolTable.lookupNearestSymbolFrom<mlir::LLVM::GlobalOp>(
      *this, getSlotAttr());
  if (!slot)
    return emitOpError() << "slot '" << getSlot()
                         << "' does not name an llvm.mlir.global";
  auto bytes = dyn_cast<mlir::LLVM::LLVMArrayType>(slot.getGlobalType());
  if (!bytes || !bytes.getElementType().isInteger(8) ||
      bytes.getNumElements() < abi::kCudaSlotBytes || slot.getConstant())
    return emitOpError() << "slot '" << getSlot()
                         << "' must be a mutable !llvm.array of at least "
                         << abi::kCudaSlotBytes << " x i8, got " << slot.getGlobalType();
  auto descriptor = symbolTable.lookupNearestSymbolFrom<mlir::LLVM::GlobalOp>(
      *this, getDescriptorAttr());
  if (!descriptor)
    return emitOpError() << "descriptor '" << getDescriptor()
                         << "' does not name an llvm.mlir.global";
  Type expected = parseType(abi::kCudaKernelType, getContext());
  assert(expected && "wrapc_abi's descriptor type parses");
  if (descriptor.getGlobalType() != expected)
    return emitOpError() << "descriptor '" << getDescriptor() << "' must be "
                         << expected << ", got " << descriptor.getGlobalType();
  return success();
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto kernel =
      symbolTable.lookupNearestSymbolFrom<KernelOp>(*this, getKernelAttr());
  if (!kernel)
    return emitOpError() << "'" << getKernel()
                         << "' does not name a wrap.kernel";
  TypeRange expected = kernel.getFunctionType().getInputs();
  if (expected.size() != getArgs().size())
    return emitOpError() << "kernel '" << getKernel() << "' takes "
                         << expected.size() << " arguments, launch passes "
                         << getArgs().size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, getArgs()))) {
    auto [want, arg] = pair;
    if (want != arg.getType())
      return emitOpError() << "argument #" << i << " has type "
                           << arg.getType() << " but kernel '" << getKernel()
                           << "' expects " << want;
  }
  for (auto config : kernel.getConfigs().getAsRange<KernelConfigAttr>())
    if (config.getBlock().size() < getNumel().size())
      return emitOpError() << "numel has " << getNumel().size()
                           << " dimensions but config '" << config.getName()
                           << "' of kernel '" << getKernel() << "' has a "
                           << config.getBlock().size() << "-D block";
  return success();
}

LogicalResult AllocOp::verify() {
  WrapTensorType type = getResult().getType();
  int64_t dynamic = llvm::count_if(type.getShape(), ShapedType::isDynamic);
  if (static_cast<int64_t>(getDynamicSizes().size()) != dynamic)
    return emitOpError() << "type " << type << " has " << dynamic
                         << " dynamic dimensions but " << getDynamicSizes().size()
                         << " sizes are given";
  return success();
}

LogicalResult EmptyStridedOp::verify() {
  WrapTensorType type = getResult().getType();
  if (failed(verifyMixedList(*this, "sizes", getStaticSizes(), getSizes(),
                             type.getRank(), type.getShape())))
    return failure();
  return verifyMixedList(*this, "strides", getStaticStrides(), getStrides(),
                         type.getRank());
}

LogicalResult ReuseOp::verify() {
  WrapTensorType src = getSource().getType(), dst = getResult().getType();
  if (src.getDevice() != dst.getDevice())
    return emitOpError() << "cannot reuse a buffer across devices";
  if (src.hasStaticShape() && dst.hasStaticShape()) {
    auto bytes = [](WrapTensorType t) {
      int64_t n = t.getElementByteWidth();
      for (int64_t d : t.getShape())
        n *= d;
      return n;
    };
    if (bytes(dst) > bytes(src))
      return emitOpError() << "result needs " << bytes(dst)
                           << " bytes but the reused buffer has "
                           << bytes(src);
  }
  return success();
}

LogicalResult ReinterpretOp::verify() {
  return verifyStridedView(*this, getSource().getType(), getResult().getType(),
                           getStaticSizes(), getSizes(), getStaticStrides(),
                           getStrides(), getStaticOffset(), getOffset());
}

LogicalResult AssertSizeStrideOp::verify() {
  WrapTensorType type = getTensor().getType();
  if (failed(verifyMixedList(*this, "sizes", getStaticSizes(), getSizes(),
                             type.getRank())))
    return failure();
  return verifyMixedList(*this, "strides", getStaticStrides(), getStrides(),
                         type.getRank());
}

ParseResult DeviceGuardOp::parse(OpAsmParser &parser, OperationState &result) {
  static thread_local unsigned depth = 0;
  ParseDepthGuard guard(depth);
  if (guard.tooDeep())
    return parser.emitError(parser.getCurrentLocation())
           << "device guards nested more than " << ParseDepthGuard::kMaxDepth
           << " levels deep";
  int64_t device;
  if (parser.parseInteger(device))
    return failure();
  result.addAttribute(getDeviceAttrName(result.name),
                      parser.getBuilder().getI64IntegerAttr(device));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void DeviceGuardOp::print(OpAsmPrinter &printer) {
  printer << " " << getDeviceAttr().getInt() << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getDeviceAttrName()});
}

LogicalResult DeviceGuardOp::verify() {
  int64_t device = getDeviceAttr().getInt();
  // A CUDA ordinal is a C int.
  if (device < 0 || device > std::numeric_limits<int32_t>::max())
    return emitOpError() << "device index must be in [0, 2^31), got "
                         << device;
  return success();
}
