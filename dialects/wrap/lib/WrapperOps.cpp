//===- WrapperOps.cpp - verifiers of the wrapper layers ---*- C++ -*-===//
//
// wrap.runtime_wrapper and the layers PyTorch puts around it
// (subclass_wrapper, dedupe_wrapper, synthetic_base_wrapper), with the
// ops only they use: their metadata against their callees' signatures.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace wrapc;
using namespace wrapc::verify;

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
    // wrapper, or in training around an autograd function over instances)
    // bumps an instance's version and copies data back into it; what a
    // subclass does on a metadata mutation or a set_ is its
    // __torch_dispatch__'s, which wrapc does not model.
    if (isa<SubclassType>(argType)) {
      // One that requires grad is read like any other (a model's
      // parameters); writing it back is autograd's business (PyTorch's
      // analysis marks one that a write makes require grad too).
      if (info.has(InputFlags::mutates_metadata) ||
          info.has(InputFlags::mutates_storage_metadata) ||
          (info.has(InputFlags::requires_grad) && info.isMutated()))
        return emitOpError()
               << "argument #" << i
               << " is a subclass instance: only data mutations of it are "
                  "modelled (no metadata or storage mutation, or mutation "
                  "of one that requires grad)";
      continue;
    }
    if (isSymbolicInt(argType) && (info.isMutated() || info.has(InputFlags::requires_grad)))
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
      // Regenerating a view of a subclass is its __torch_dispatch__'s: an
      // alias of a subclass input is the callee's instance as it is, which
      // an embedder makes a view of the base again (PyTorch's
      // gen_alias_from_base dispatches to the subclass).
      OutputType kind = info.getOutputType();
      bool passThrough = kind == OutputType::non_alias ||
                         kind == OutputType::is_input ||
                         kind == OutputType::alias_of_input;
      if (!passThrough || info.getHasView() || info.getViewDtype() ||
          !info.getDynamicDims().empty())
        return emitOpError() << "result #" << i
                             << " is a subclass instance: it must be "
                                "'non_alias', 'is_input' or "
                                "'alias_of_input', with no view";
      if (kind == OutputType::alias_of_input &&
          (info.getBaseIndex() >= numInputs ||
           !isa<SubclassType>(type.getInput(info.getBaseIndex()))))
        return emitOpError() << "result #" << i
                             << " is a subclass instance aliasing an input "
                                "that is not one";
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

