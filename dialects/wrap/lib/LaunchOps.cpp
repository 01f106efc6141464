//===- LaunchOps.cpp - verifiers of level-3 programs ---*- C++ -*-===//
//
// Kernels, launches and the buffers a level-3 program allocates: a launch
// against its kernel, a lazy launch's slot and descriptor against the
// runtime ABI (wrapc/WrapAbi.h, written from wrapc_abi).
//
//===----------------------------------------------------------------------===//

#include "Verify.h"
#include "wrapc/WrapAbi.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>

using namespace mlir;
using namespace wrapc;
using namespace wrapc::verify;

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
  if (getLibrary()) {
    if (getPtx() || getPtxFile() || getCubinFile() || getHost())
      return emitOpError() << "a 'library' kernel has no other payload";
    if (!getConfigs().empty())
      return emitOpError() << "a 'library' kernel runs its own loops and "
                              "takes no configs";
    if (getLibrary()->empty())
      return emitOpError() << "needs a non-empty library path";
    if (getEntry().empty())
      return emitOpError() << "needs a non-empty entry point name";
    for (auto [i, argType] : llvm::enumerate(type.getInputs()))
      if (isa<FloatType>(argType))
        return emitOpError() << "library kernel argument #" << i
                             << " is a float; only tensors and integers "
                                "are passed";
    return success();
  }
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
                            "'cubin_file', 'host' or 'library'";
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
  // A library kernel's launch has no extents; verifySymbolUses checks
  // that the kernel is one.
  if (getGrid().empty() && getNumel().empty())
    return success();
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
  Type expected = abi::cudaKernelType(getContext());
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
  bool extents = !getGrid().empty() || !getNumel().empty();
  if (kernel.getLibrary() && extents)
    return emitOpError() << "library kernel '" << getKernel()
                         << "' runs its own loops: the launch takes no "
                            "grid or numel";
  if (!kernel.getLibrary() && !extents)
    return emitOpError() << "grid must have 1 to 3 dimensions, got 0";
  for (auto config : kernel.getConfigs().getAsRange<KernelConfigAttr>())
    if (config.getBlock().size() < getNumel().size())
      return emitOpError() << "numel has " << getNumel().size()
                           << " dimensions but config '" << config.getName()
                           << "' of kernel '" << getKernel() << "' has a "
                           << config.getBlock().size() << "-D block";
  return success();
}

/// A CUDA device index for an allocation of `type`: non-negative, and 0
/// for a host tensor.
static LogicalResult verifyDeviceIndex(Operation *op, WrapTensorType type,
                                       int64_t index) {
  if (index < 0 || index > std::numeric_limits<int32_t>::max())
    return op->emitOpError() << "device_index " << index
                             << " is not a device number";
  if (index != 0 && type.getDevice() != DeviceKind::cuda)
    return op->emitOpError() << "device_index " << index
                             << " given for a host tensor";
  return success();
}

LogicalResult AllocOp::verify() {
  WrapTensorType type = getResult().getType();
  if (failed(verifyDeviceIndex(*this, type, getDeviceIndex())))
    return failure();
  int64_t dynamic = llvm::count_if(type.getShape(), ShapedType::isDynamic);
  if (static_cast<int64_t>(getDynamicSizes().size()) != dynamic)
    return emitOpError() << "type " << type << " has " << dynamic
                         << " dynamic dimensions but " << getDynamicSizes().size()
                         << " sizes are given";
  return success();
}

LogicalResult EmptyStridedOp::verify() {
  WrapTensorType type = getResult().getType();
  if (failed(verifyDeviceIndex(*this, type, getDeviceIndex())))
    return failure();
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

/// Checks `spec` (see the op's description) against the operands: every
/// entry well formed, each operand referenced exactly once, tensors by `t`
/// and integers by `s`.
LogicalResult ExternCallOp::verify() {
  StringRef op = getOp();
  if (!op.contains("::") || op.ends_with("::") || op.contains(' '))
    return emitOpError() << "operator '" << op
                         << "' is not a qualified name like 'aten::mm.out'";
  SmallVector<unsigned> uses(getArgs().size(), 0);
  SmallVector<StringRef> entries;
  if (!getSpec().empty())
    getSpec().split(entries, ';');
  for (StringRef entry : entries) {
    StringRef value = entry;
    size_t eq = entry.find('=');
    // A keyword argument's name; a constant's JSON may itself hold '='
    // only inside a string, after the `c:`.
    if (eq != StringRef::npos && !entry.starts_with("c:")) {
      StringRef name = entry.take_front(eq);
      if (name.empty() || !llvm::all_of(name, [](char c) {
            return llvm::isAlnum(c) || c == '_';
          }))
        return emitOpError() << "spec entry '" << entry
                             << "' has a malformed keyword";
      value = entry.drop_front(eq + 1);
    }
    if (value == "n" || (value.starts_with("c:") && value.size() > 2))
      continue;
    unsigned index = 0;
    char kind = value.empty() ? 0 : value.front();
    if ((kind != 't' && kind != 's') ||
        value.drop_front().getAsInteger(10, index))
      return emitOpError() << "spec entry '" << entry
                           << "' is not t<i>, s<i>, n or c:<json>";
    if (index >= getArgs().size())
      return emitOpError() << "spec entry '" << entry << "' names operand #"
                           << index << " of " << getArgs().size();
    Type type = getArgs()[index].getType();
    if ((kind == 't') != isa<WrapTensorType>(type))
      return emitOpError() << "spec entry '" << entry << "' names operand #"
                           << index << " of type " << type;
    if (kind == 's' && !isSymbolicInt(type))
      return emitOpError() << "operand #" << index << " of type " << type
                           << " is not an integer";
    ++uses[index];
  }
  for (auto [i, n] : llvm::enumerate(uses))
    if (n != 1)
      return emitOpError() << "operand #" << i << " appears " << n
                           << " times in the spec; each appears once";
  return success();
}
