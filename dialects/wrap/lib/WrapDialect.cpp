//===- WrapDialect.cpp - wrap dialect, types and attributes -----*- C++ -*-===//

#include "wrapc/WrapDialect.h"
#include "wrapc/WrapAbi.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace wrapc;

#include "wrapc/WrapDialect.cpp.inc"
#include "wrapc/WrapEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "wrapc/WrapAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "wrapc/WrapTypes.cpp.inc"

void WrapDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "wrapc/WrapAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "wrapc/WrapTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "wrapc/WrapOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared parsing helpers
//===----------------------------------------------------------------------===//

/// Parses `[1, ?, 3]` (possibly empty); `?` becomes ShapedType::kDynamic.
static ParseResult parseMaybeDynamicList(AsmParser &parser,
                                         SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

static void printMaybeDynamic(AsmPrinter &printer, int64_t value) {
  if (ShapedType::isDynamic(value))
    printer << "?";
  else
    printer << value;
}

static void printMaybeDynamicList(AsmPrinter &printer,
                                  ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleaveComma(values, printer,
                        [&](int64_t v) { printMaybeDynamic(printer, v); });
  printer << "]";
}

/// Parses `4x?xf32` (or a bare element type for rank 0).
static ParseResult parseShapeAndElementType(AsmParser &parser,
                                            SmallVectorImpl<int64_t> &shape,
                                            Type &elementType) {
  if (parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return failure();
  return success();
}

static void printShapeAndElementType(AsmPrinter &printer,
                                     ArrayRef<int64_t> shape,
                                     Type elementType) {
  for (int64_t dim : shape) {
    printMaybeDynamic(printer, dim);
    printer << "x";
  }
  printer << elementType;
}

// The element types are the runtime ABI's dtypes (wrapc_abi's DtypeCode,
// through the generated WrapAbi.h), compared by MLIR's spelling of them:
// PyTorch's uint8 is ui8, bool i1, int8 the signless i8. A type is verified
// once, when it is uniqued, so printing it costs nothing per op.
static bool isSupportedElementType(Type type) {
  if (!type.isIntOrFloat())
    return false;
  std::string spelled;
  llvm::raw_string_ostream os(spelled);
  type.print(os);
  return llvm::any_of(wrapc::abi::kElementTypes,
                      [&](const char *name) { return spelled == name; });
}

static LogicalResult verifyShape(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, StringRef what) {
  // The byte size of the static part must fit in 64 bits (8 bytes per
  // element at most), or size and allocation arithmetic would overflow.
  int64_t bytes = 8;
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      continue;
    if (dim < 0)
      return emitError() << what << " has negative dimension " << dim;
    if (llvm::MulOverflow(bytes, dim, bytes))
      return emitError() << what << " has more elements than 64-bit sizes "
                                    "can count";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// WrapTensorType
//===----------------------------------------------------------------------===//

Type WrapTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  DeviceKind device = DeviceKind::host;
  if (parser.parseLess() ||
      parseShapeAndElementType(parser, shape, elementType))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<DeviceKind> parsed = symbolizeDeviceKind(keyword);
    if (!parsed) {
      parser.emitError(loc) << "unknown device '" << keyword
                            << "', expected 'host' or 'cuda'";
      return {};
    }
    device = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<WrapTensorType>(parser.getContext(), shape, elementType,
                                       device);
}

void WrapTensorType::print(AsmPrinter &printer) const {
  printer << "<";
  printShapeAndElementType(printer, getShape(), getElementType());
  if (getDevice() != DeviceKind::host)
    printer << ", " << stringifyDeviceKind(getDevice());
  printer << ">";
}

LogicalResult WrapTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 DeviceKind device) {
  if (!isSupportedElementType(elementType))
    return emitError() << "unsupported tensor element type " << elementType
                       << "; expected one of " << wrapc::abi::kElementTypeList;
  return verifyShape(emitError, shape, "tensor");
}

bool WrapTensorType::hasStaticShape() const {
  return llvm::none_of(getShape(), ShapedType::isDynamic);
}

unsigned WrapTensorType::getElementByteWidth() const {
  unsigned bits = getElementType().getIntOrFloatBitWidth();
  return bits == 1 ? 1 : bits / 8;
}

//===----------------------------------------------------------------------===//
// SubclassType
//===----------------------------------------------------------------------===//

Type SubclassType::parse(AsmParser &parser) {
  static thread_local unsigned depth = 0;
  ParseDepthGuard guard(depth);
  if (guard.tooDeep()) {
    parser.emitError(parser.getCurrentLocation())
        << "subclasses nested more than " << ParseDepthGuard::kMaxDepth
        << " levels deep";
    return {};
  }
  std::string name;
  SmallVector<int64_t> outerShape;
  Type elementType;
  SmallVector<StringAttr> attrNames;
  SmallVector<Type> attrTypes;
  Attribute meta;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma() ||
      parseShapeAndElementType(parser, outerShape, elementType) ||
      parser.parseComma())
    return {};
  auto parseInnerAttr = [&]() -> ParseResult {
    std::string attrName;
    Type type;
    if (parser.parseKeywordOrString(&attrName) || parser.parseColon() ||
        parser.parseType(type))
      return failure();
    attrNames.push_back(StringAttr::get(parser.getContext(), attrName));
    attrTypes.push_back(type);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     parseInnerAttr))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("meta") || parser.parseEqual() ||
        parser.parseAttribute(meta))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<SubclassType>(parser.getContext(), name, outerShape,
                                         elementType, attrNames, attrTypes,
                                         meta);
}

void SubclassType::print(AsmPrinter &printer) const {
  printer << "<\"" << getName() << "\", ";
  printShapeAndElementType(printer, getOuterShape(), getElementType());
  printer << ", [";
  llvm::interleaveComma(llvm::zip(getAttrNames(), getAttrTypes()), printer,
                        [&](auto pair) {
                          printer.printKeywordOrString(
                              std::get<0>(pair).getValue());
                          printer << ": " << std::get<1>(pair);
                        });
  printer << "]";
  if (getMeta())
    printer << ", meta = " << getMeta();
  printer << ">";
}

LogicalResult
SubclassType::verify(function_ref<InFlightDiagnostic()> emitError,
                     StringRef name, ArrayRef<int64_t> outerShape,
                     Type elementType, ArrayRef<StringAttr> attrNames,
                     ArrayRef<Type> attrTypes, Attribute meta) {
  if (name.empty())
    return emitError() << "subclass needs a non-empty type name";
  if (!isSupportedElementType(elementType))
    return emitError() << "unsupported subclass element type " << elementType;
  if (failed(verifyShape(emitError, outerShape, "subclass outer shape")))
    return failure();
  if (attrNames.empty())
    return emitError() << "subclass '" << name
                       << "' must have at least one inner attribute";
  if (attrNames.size() != attrTypes.size())
    return emitError() << "subclass '" << name << "' has " << attrNames.size()
                       << " attribute names but " << attrTypes.size()
                       << " attribute types";
  llvm::SmallSet<StringRef, 8> seen;
  for (auto [attrName, type] : llvm::zip(attrNames, attrTypes)) {
    if (!seen.insert(attrName.getValue()).second)
      return emitError() << "subclass '" << name
                         << "' repeats inner attribute '"
                         << attrName.getValue() << "'";
    if (!isa<WrapTensorType, SubclassType>(type))
      return emitError() << "inner attribute '" << attrName.getValue()
                         << "' of subclass '" << name
                         << "' must be a !wrap.tensor or !wrap.subclass, got "
                         << type;
  }
  return success();
}

void SubclassType::getLeafTypes(SmallVectorImpl<Type> &leaves) const {
  for (Type type : getAttrTypes()) {
    if (auto nested = dyn_cast<SubclassType>(type))
      nested.getLeafTypes(leaves);
    else
      leaves.push_back(type);
  }
}

unsigned SubclassType::getNumDynamicOuterDims() const {
  return llvm::count_if(getOuterShape(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// InputInfoAttr
//===----------------------------------------------------------------------===//

// `#wrap.input<flag, ...>`: Wrap_InputFlags' names, in any order, each
// once; `#wrap.input<>` sets none (the generated bit-enum parser would
// want a keyword there).
Attribute InputInfoAttr::parse(AsmParser &parser, Type) {
  InputFlags flags{};
  auto parseFlag = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    std::optional<InputFlags> flag = symbolizeInputFlags(keyword);
    if (!flag || llvm::popcount(static_cast<uint32_t>(*flag)) != 1)
      return parser.emitError(loc) << "unknown input flag '" << keyword << "'";
    if (bitEnumContainsAny(flags, *flag))
      return parser.emitError(loc) << "input flag '" << keyword
                                   << "' given twice";
    flags = flags | *flag;
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseFlag))
    return {};
  return parser.getChecked<InputInfoAttr>(parser.getContext(), flags);
}

// Set flags in bit order (the enum's separator is ", ").
void InputInfoAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyInputFlags(getFlags()) << ">";
}

LogicalResult
InputInfoAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      InputFlags flags) {
  auto has = [&](InputFlags flag) { return bitEnumContainsAll(flags, flag); };
  // set_() swaps the storage, which always changes the metadata too.
  if (has(InputFlags::mutates_storage_metadata) &&
      !has(InputFlags::mutates_metadata))
    return emitError() << "'mutates_storage_metadata' requires "
                          "'mutates_metadata' (set_() changes the metadata)";
  if (has(InputFlags::mutations_under_no_grad_or_inference_mode) &&
      !has(InputFlags::mutates_data) && !has(InputFlags::mutates_metadata))
    return emitError() << "'mutations_under_no_grad_or_inference_mode' on an "
                          "input that is not mutated";
  return success();
}

MutationType InputInfoAttr::getMutationType() const {
  bool data = has(InputFlags::mutates_data);
  bool metadata = has(InputFlags::mutates_metadata);
  bool resize = has(InputFlags::mutation_inductor_storage_resize);
  if (!data && !metadata && !resize)
    return MutationType::not_mutated;
  bool storageOrData =
      data || has(InputFlags::mutates_storage_metadata) || resize;
  bool invisibleToAutograd =
      (!metadata && !has(InputFlags::requires_grad)) ||
      has(InputFlags::mutations_hidden_from_autograd) ||
      has(InputFlags::mutations_under_no_grad_or_inference_mode);
  if (has(InputFlags::keep_input_mutations) && storageOrData &&
      invisibleToAutograd)
    return MutationType::mutated_in_graph;
  return MutationType::mutated_out_graph;
}

//===----------------------------------------------------------------------===//
// OutputInfoAttr
//===----------------------------------------------------------------------===//

Attribute OutputInfoAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  StringRef kindKeyword;
  SMLoc kindLoc;
  int64_t baseIndex = -1;
  bool requiresGrad = false, hasView = false;
  SmallVector<int64_t> sizes, strides, dynamicDims;
  int64_t offset = 0;
  Type dtype;
  if (parser.parseLess())
    return {};
  kindLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&kindKeyword))
    return {};
  std::optional<OutputType> kind = symbolizeOutputType(kindKeyword);
  if (!kind) {
    parser.emitError(kindLoc) << "unknown output type '" << kindKeyword << "'";
    return {};
  }
  llvm::SmallSet<StringRef, 8> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(loc) << "output field '" << key << "' given twice";
      return {};
    }
    if (key == "requires_grad") {
      requiresGrad = true;
      continue;
    }
    if (parser.parseEqual())
      return {};
    if (key == "base") {
      if (parser.parseInteger(baseIndex))
        return {};
    } else if (key == "view") {
      hasView = true;
      if (parser.parseLess() || parseMaybeDynamicList(parser, sizes) ||
          parser.parseComma() || parseMaybeDynamicList(parser, strides) ||
          parser.parseComma())
        return {};
      if (succeeded(parser.parseOptionalQuestion()))
        offset = ShapedType::kDynamic;
      else if (parser.parseInteger(offset))
        return {};
      if (parser.parseGreater())
        return {};
    } else if (key == "dtype") {
      if (parser.parseType(dtype))
        return {};
    } else if (key == "dynamic_dims") {
      if (parseMaybeDynamicList(parser, dynamicDims))
        return {};
    } else {
      parser.emitError(loc)
          << "unknown output field '" << key
          << "'; expected base, requires_grad, view, dtype or dynamic_dims";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<OutputInfoAttr>(ctx, *kind, baseIndex, requiresGrad,
                                           hasView, sizes, strides, offset,
                                           dtype, dynamicDims);
}

void OutputInfoAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyOutputType(getOutputType());
  if (hasBase())
    printer << ", base = " << getBaseIndex();
  if (getRequiresGrad())
    printer << ", requires_grad";
  if (getHasView()) {
    printer << ", view = <";
    printMaybeDynamicList(printer, getViewSizes());
    printer << ", ";
    printMaybeDynamicList(printer, getViewStrides());
    printer << ", ";
    printMaybeDynamic(printer, getViewOffset());
    printer << ">";
  }
  if (getViewDtype())
    printer << ", dtype = " << getViewDtype();
  if (!getDynamicDims().empty()) {
    printer << ", dynamic_dims = ";
    printMaybeDynamicList(printer, getDynamicDims());
  }
  printer << ">";
}

bool OutputInfoAttr::isPassThrough() const {
  switch (getOutputType()) {
  case OutputType::non_alias:
  case OutputType::unsafe_view_alias:
  case OutputType::custom_function_view:
    return true;
  default:
    return false;
  }
}

bool OutputInfoAttr::isAliasOfIntermediate() const {
  switch (getOutputType()) {
  case OutputType::alias_of_intermediate:
  case OutputType::alias_of_intermediate_save_as_output:
  case OutputType::alias_of_intermediate_base_is_user_output:
    return true;
  default:
    return false;
  }
}

bool OutputInfoAttr::isAliasOfInput() const {
  return getOutputType() == OutputType::alias_of_input ||
         getOutputType() == OutputType::is_input;
}

LogicalResult OutputInfoAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, OutputType outputType,
    int64_t baseIndex, bool requiresGrad, bool hasView,
    ArrayRef<int64_t> viewSizes, ArrayRef<int64_t> viewStrides,
    int64_t viewOffset, Type viewDtype, ArrayRef<int64_t> dynamicDims) {
  StringRef kind = stringifyOutputType(outputType);
  bool needsBase = outputType == OutputType::alias_of_input ||
                   outputType == OutputType::is_input ||
                   outputType == OutputType::alias_of_intermediate ||
                   outputType == OutputType::alias_of_intermediate_save_as_output ||
                   outputType ==
                       OutputType::alias_of_intermediate_base_is_user_output;
  if (needsBase && baseIndex < 0)
    return emitError() << "output of type '" << kind
                       << "' needs a base index ('base = N')";
  if (baseIndex < -1)
    return emitError() << "base index must be non-negative, got " << baseIndex;
  if (outputType == OutputType::non_alias && baseIndex >= 0)
    return emitError() << "a 'non_alias' output has no base";
  bool viewAllowed = needsBase && outputType != OutputType::is_input;
  if (hasView && !viewAllowed)
    return emitError() << "output of type '" << kind
                       << "' is not regenerated as a view; 'view' is not "
                          "allowed";
  if (viewDtype && !viewAllowed)
    return emitError() << "output of type '" << kind
                       << "' takes no dtype view";
  if (viewDtype && !isSupportedElementType(viewDtype))
    return emitError() << "unsupported dtype view " << viewDtype;
  if (hasView) {
    if (viewSizes.size() != viewStrides.size())
      return emitError() << "view has " << viewSizes.size() << " sizes but "
                         << viewStrides.size() << " strides";
    for (int64_t size : viewSizes)
      if (size < 0 && !ShapedType::isDynamic(size))
        return emitError() << "view size must be non-negative, got " << size;
    if (viewOffset < 0 && !ShapedType::isDynamic(viewOffset))
      return emitError() << "view storage offset must be non-negative, got "
                         << viewOffset;
  }
  llvm::SmallSet<int64_t, 4> seenDims;
  for (int64_t dim : dynamicDims) {
    if (dim < 0)
      return emitError() << "dynamic dim must be a non-negative index";
    if (!seenDims.insert(dim).second)
      return emitError() << "dynamic dim " << dim << " listed twice";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// KernelConfigAttr
//===----------------------------------------------------------------------===//

Attribute KernelConfigAttr::parse(AsmParser &parser, Type) {
  std::string name;
  SmallVector<int64_t> block;
  int64_t numWarps = 0, numStages = 0, sharedBytes = 0;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma() ||
      parser.parseKeyword("block") || parser.parseEqual() ||
      parseMaybeDynamicList(parser, block) || parser.parseComma() ||
      parser.parseKeyword("num_warps") || parser.parseEqual() ||
      parser.parseInteger(numWarps) || parser.parseComma() ||
      parser.parseKeyword("num_stages") || parser.parseEqual() ||
      parser.parseInteger(numStages) || parser.parseComma() ||
      parser.parseKeyword("shared") || parser.parseEqual() ||
      parser.parseInteger(sharedBytes) || parser.parseGreater())
    return {};
  return parser.getChecked<KernelConfigAttr>(parser.getContext(), name, block,
                                             numWarps, numStages, sharedBytes);
}

void KernelConfigAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << getName() << "\", block = ";
  printMaybeDynamicList(printer, getBlock());
  printer << ", num_warps = " << getNumWarps()
          << ", num_stages = " << getNumStages()
          << ", shared = " << getSharedBytes() << ">";
}

LogicalResult
KernelConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef name, ArrayRef<int64_t> block,
                         int64_t numWarps, int64_t numStages,
                         int64_t sharedBytes) {
  if (name.empty())
    return emitError() << "kernel config needs a non-empty name";
  if (block.empty() || block.size() > 3)
    return emitError() << "config '" << name << "' has " << block.size()
                       << " block sizes; expected 1 to 3";
  for (int64_t size : block)
    if (size <= 0)
      return emitError() << "config '" << name
                         << "' has a non-positive block size";
  if (numWarps <= 0 || numWarps > 32 || !llvm::isPowerOf2_64(numWarps))
    return emitError() << "config '" << name
                       << "': num_warps must be a power of two in [1, 32], got "
                       << numWarps;
  if (numStages <= 0)
    return emitError() << "config '" << name
                       << "': num_stages must be positive, got " << numStages;
  // 227 KiB is the largest dynamic shared memory any supported GPU offers.
  if (sharedBytes < 0 || sharedBytes > 227 * 1024)
    return emitError() << "config '" << name
                       << "': shared memory must be in [0, 232448] bytes, got "
                       << sharedBytes;
  return success();
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<MemoryFormat> format = symbolizeMemoryFormat(keyword);
  if (!format) {
    parser.emitError(loc) << "expected a memory format (contiguous, "
                             "channels_last, channels_last_3d) or strided";
    return {};
  }
  SmallVector<int64_t> sizes, strides;
  if (*format == MemoryFormat::strided) {
    auto list = [&](SmallVectorImpl<int64_t> &into) -> ParseResult {
      return parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(into.emplace_back()); });
    };
    if (list(sizes) || parser.parseComma() || list(strides))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<LayoutAttr>(parser.getContext(), *format, sizes,
                                       strides);
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyMemoryFormat(getFormat());
  if (getFormat() == MemoryFormat::strided) {
    printer << " [";
    llvm::interleaveComma(getSizes(), printer);
    printer << "], [";
    llvm::interleaveComma(getStrides(), printer);
    printer << "]";
  }
  printer << ">";
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 MemoryFormat format, ArrayRef<int64_t> sizes,
                                 ArrayRef<int64_t> strides) {
  if (format != MemoryFormat::strided) {
    if (!sizes.empty() || !strides.empty())
      return emitError() << "a memory format layout has no sizes or strides";
    return success();
  }
  if (sizes.size() != strides.size())
    return emitError() << "a strided layout has " << sizes.size()
                       << " sizes but " << strides.size() << " strides";
  for (auto [size, stride] : llvm::zip(sizes, strides))
    if (size < 0 || stride < 0)
      return emitError() << "a strided layout has a negative size or stride";
  return success();
}

bool LayoutAttr::fits(WrapTensorType type, std::string &why) const {
  int64_t rank = type.getRank();
  switch (getFormat()) {
  case MemoryFormat::contiguous:
    return true;
  case MemoryFormat::channels_last:
    if (rank == 4)
      return true;
    why = "channels_last needs a tensor of rank 4";
    return false;
  case MemoryFormat::channels_last_3d:
    if (rank == 5)
      return true;
    why = "channels_last_3d needs a tensor of rank 5";
    return false;
  case MemoryFormat::strided:
    break;
  }
  if (static_cast<int64_t>(getSizes().size()) != rank) {
    why = "the layout has " + std::to_string(getSizes().size()) +
          " sizes for a tensor of rank " + std::to_string(rank);
    return false;
  }
  for (auto [i, pair] : llvm::enumerate(llvm::zip(getSizes(), type.getShape())))
    if (std::get<1>(pair) != ShapedType::kDynamic &&
        std::get<0>(pair) != std::get<1>(pair)) {
      why = "the layout's size " + std::to_string(std::get<0>(pair)) +
            " of dimension " + std::to_string(i) +
            " differs from the tensor's " + std::to_string(std::get<1>(pair));
      return false;
    }
  return true;
}
