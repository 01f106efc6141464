//===- CAPI.cpp - C API of the wrap dialect and wrapc-opt -------*- C++ -*-===//

#include "wrapc/CAPI.h"
#include "wrapc/WrapDialect.h"

#include "mlir/CAPI/ExecutionEngine.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/IR/AsmState.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <memory>
#include <string>
#include <vector>

using namespace mlir;
using namespace wrapc;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Wrap, wrap, wrapc::WrapDialect)

static void registerWrapcDialects(DialectRegistry &registry) {
  registry.insert<WrapDialect, func::FuncDialect, arith::ArithDialect,
                  scf::SCFDialect, cf::ControlFlowDialect,
                  index::IndexDialect, memref::MemRefDialect,
                  LLVM::LLVMDialect, gpu::GPUDialect, NVVM::NVVMDialect>();
  // Conversions driven by ConvertToLLVMPatternInterface (convert-gpu-to-nvvm
  // lowers a kernel payload's func, arith, cf, index and memref ops through
  // these) find the patterns of a dialect only when its interface is here.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
}

void wrapcRegisterDialects(MlirDialectRegistry registry) {
  registerWrapcDialects(*unwrap(registry));
}

MlirExecutionEngine wrapcExecutionEngineCreate(MlirModule module,
                                               int optLevel) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmParser();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  ModuleOp op = unwrap(module);
  registerBuiltinDialectTranslation(*op.getContext());
  registerLLVMDialectTranslation(*op.getContext());
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    op.emitError() << "cannot target the host: "
                   << llvm::toString(builder.takeError());
    return {nullptr};
  }
  auto machine = builder->createTargetMachine();
  if (!machine) {
    op.emitError() << "cannot target the host: "
                   << llvm::toString(machine.takeError());
    return {nullptr};
  }
  // The optimizer's target machine must outlive the transformer
  // (OptUtils.h); the one given to ExecutionEngine::create belongs to the
  // engine, so the transformer owns a second one.
  auto optimizerMachine = builder->createTargetMachine();
  if (!optimizerMachine) {
    op.emitError() << "cannot target the host: "
                   << llvm::toString(optimizerMachine.takeError());
    return {nullptr};
  }
  std::shared_ptr<llvm::TargetMachine> owned(std::move(*optimizerMachine));
  auto optimize =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, owned.get());
  ExecutionEngineOptions options;
  options.transformer = [owned, optimize](llvm::Module *module) {
    return optimize(module);
  };
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(optLevel);
  const char *profile = std::getenv("WRAPC_JIT_PROFILE");
  bool listeners = profile && std::string(profile) == "1";
  options.enableGDBNotificationListener = listeners;
  options.enablePerfNotificationListener = listeners;
  auto engine = ExecutionEngine::create(op, options, std::move(*machine));
  if (!engine) {
    op.emitError() << "JIT compilation failed: "
                   << llvm::toString(engine.takeError());
    return {nullptr};
  }
  return wrap(engine->release());
}

/// A default-valued property the parser left empty: MLIR 22 drops an
/// attribute of the wrong kind (`addr_space = "x"` on `llvm.mlir.global`)
/// without an error and without filling in the default, and accessors then
/// dereference null. Filling defaults into a copy changes nothing for an op
/// built normally, so any change flags such an op.
static LogicalResult verifyDefaultedProperties(Operation *op,
                                               RegisteredOperationName info) {
  if (info.getOpPropertyByteSize() == 0)
    return success();
  auto storage = std::make_unique<char[]>(info.getOpPropertyByteSize());
  OpaqueProperties copy(storage.get());
  info.initOpProperties(copy, op->getPropertiesStorage());
  info.populateDefaultProperties(copy);
  bool unchanged = info.compareOpProperties(copy, op->getPropertiesStorage());
  info.destroyOpProperties(copy);
  if (unchanged)
    return success();
  return op->emitOpError()
         << "has an attribute of the wrong kind where a defaulted property is "
            "expected (MLIR's parser dropped it)";
}

/// Checks every op under `root` (parsed, not yet verified) with
/// verifyDefaultedProperties; each op that fails is reported.
static LogicalResult verifyParsedProperties(Operation *root) {
  bool valid = true;
  root->walk([&](Operation *op) {
    // Only the op's own properties are read here: op verifiers assume the
    // structure (terminators, dominance) the full verifier checks first.
    std::optional<RegisteredOperationName> info = op->getRegisteredInfo();
    if (info && failed(verifyDefaultedProperties(op, *info)))
      valid = false;
  });
  return success(valid);
}

MlirModule wrapcParseModule(MlirContext ctx, MlirStringRef source,
                            MlirStringRef filename) {
  ParserConfig config(unwrap(ctx), /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(unwrap(source), config, unwrap(filename));
  if (!module)
    return {nullptr};
  if (failed(verifyParsedProperties(*module)) || failed(verify(*module)))
    return {nullptr};
  return wrap(module.release());
}

//===----------------------------------------------------------------------===//
// Attribute and type access
//===----------------------------------------------------------------------===//

bool wrapcAttributeIsInputInfo(MlirAttribute attr) {
  return isa<InputInfoAttr>(unwrap(attr));
}

uint32_t wrapcInputInfoGetFlags(MlirAttribute attr) {
  return static_cast<uint32_t>(cast<InputInfoAttr>(unwrap(attr)).getFlags());
}

int32_t wrapcInputInfoGetMutationType(MlirAttribute attr) {
  return static_cast<int32_t>(
      cast<InputInfoAttr>(unwrap(attr)).getMutationType());
}

MlirAttribute wrapcInputInfoGet(MlirContext ctx, uint32_t flags) {
  std::optional<InputFlags> valid = symbolizeInputFlags(flags);
  if (!valid)
    return MlirAttribute{nullptr};
  return wrap(InputInfoAttr::get(unwrap(ctx), *valid));
}

static OutputInfoAttr outputInfo(MlirAttribute attr) {
  return cast<OutputInfoAttr>(unwrap(attr));
}

bool wrapcAttributeIsOutputInfo(MlirAttribute attr) {
  return isa<OutputInfoAttr>(unwrap(attr));
}
int32_t wrapcOutputInfoGetOutputType(MlirAttribute attr) {
  return static_cast<int32_t>(outputInfo(attr).getOutputType());
}
int64_t wrapcOutputInfoGetBaseIndex(MlirAttribute attr) {
  return outputInfo(attr).getBaseIndex();
}
bool wrapcOutputInfoGetRequiresGrad(MlirAttribute attr) {
  return outputInfo(attr).getRequiresGrad();
}
bool wrapcOutputInfoHasView(MlirAttribute attr) {
  return outputInfo(attr).getHasView();
}
intptr_t wrapcOutputInfoGetViewRank(MlirAttribute attr) {
  return outputInfo(attr).getViewSizes().size();
}
int64_t wrapcOutputInfoGetViewSize(MlirAttribute attr, intptr_t i) {
  return outputInfo(attr).getViewSizes()[i];
}
int64_t wrapcOutputInfoGetViewStride(MlirAttribute attr, intptr_t i) {
  return outputInfo(attr).getViewStrides()[i];
}
int64_t wrapcOutputInfoGetViewOffset(MlirAttribute attr) {
  return outputInfo(attr).getViewOffset();
}
MlirType wrapcOutputInfoGetViewDtype(MlirAttribute attr) {
  return wrap(outputInfo(attr).getViewDtype());
}
intptr_t wrapcOutputInfoGetNumDynamicDims(MlirAttribute attr) {
  return outputInfo(attr).getDynamicDims().size();
}
int64_t wrapcOutputInfoGetDynamicDim(MlirAttribute attr, intptr_t i) {
  return outputInfo(attr).getDynamicDims()[i];
}
int64_t wrapcDynamicValue(void) { return ShapedType::kDynamic; }

static KernelConfigAttr kernelConfig(MlirAttribute attr) {
  return cast<KernelConfigAttr>(unwrap(attr));
}

bool wrapcAttributeIsKernelConfig(MlirAttribute attr) {
  return isa<KernelConfigAttr>(unwrap(attr));
}
MlirStringRef wrapcKernelConfigGetName(MlirAttribute attr) {
  return wrap(kernelConfig(attr).getName());
}
intptr_t wrapcKernelConfigGetBlockRank(MlirAttribute attr) {
  return kernelConfig(attr).getBlock().size();
}
int64_t wrapcKernelConfigGetBlock(MlirAttribute attr, intptr_t i) {
  return kernelConfig(attr).getBlock()[i];
}
int64_t wrapcKernelConfigGetNumWarps(MlirAttribute attr) {
  return kernelConfig(attr).getNumWarps();
}
int64_t wrapcKernelConfigGetSharedBytes(MlirAttribute attr) {
  return kernelConfig(attr).getSharedBytes();
}

bool wrapcAttributeIsLayout(MlirAttribute attr) {
  return isa<LayoutAttr>(unwrap(attr));
}
int32_t wrapcLayoutGetFormat(MlirAttribute attr) {
  return static_cast<int32_t>(cast<LayoutAttr>(unwrap(attr)).getFormat());
}
intptr_t wrapcLayoutGetRank(MlirAttribute attr) {
  return cast<LayoutAttr>(unwrap(attr)).getSizes().size();
}
int64_t wrapcLayoutGetSize(MlirAttribute attr, intptr_t i) {
  return cast<LayoutAttr>(unwrap(attr)).getSizes()[i];
}
int64_t wrapcLayoutGetStride(MlirAttribute attr, intptr_t i) {
  return cast<LayoutAttr>(unwrap(attr)).getStrides()[i];
}

bool wrapcTypeIsTensor(MlirType type) { return isa<WrapTensorType>(unwrap(type)); }
intptr_t wrapcTensorTypeGetRank(MlirType type) {
  return cast<WrapTensorType>(unwrap(type)).getRank();
}
int64_t wrapcTensorTypeGetDim(MlirType type, intptr_t i) {
  return cast<WrapTensorType>(unwrap(type)).getShape()[i];
}
MlirType wrapcTensorTypeGetElementType(MlirType type) {
  return wrap(cast<WrapTensorType>(unwrap(type)).getElementType());
}
int32_t wrapcTensorTypeGetDevice(MlirType type) {
  return static_cast<int32_t>(cast<WrapTensorType>(unwrap(type)).getDevice());
}

unsigned wrapcTensorTypeGetElementByteWidth(MlirType type) {
  return llvm::cast<WrapTensorType>(unwrap(type)).getElementByteWidth();
}
bool wrapcTypeIsSubclass(MlirType type) {
  return isa<SubclassType>(unwrap(type));
}
MlirStringRef wrapcSubclassTypeGetName(MlirType type) {
  return wrap(cast<SubclassType>(unwrap(type)).getName());
}
intptr_t wrapcSubclassTypeGetNumAttrs(MlirType type) {
  return cast<SubclassType>(unwrap(type)).getAttrTypes().size();
}
MlirStringRef wrapcSubclassTypeGetAttrName(MlirType type, intptr_t i) {
  return wrap(cast<SubclassType>(unwrap(type)).getAttrNames()[i].getValue());
}
MlirType wrapcSubclassTypeGetAttrType(MlirType type, intptr_t i) {
  return wrap(cast<SubclassType>(unwrap(type)).getAttrTypes()[i]);
}
MlirType wrapcSubclassTypeGetElementType(MlirType type) {
  return wrap(cast<SubclassType>(unwrap(type)).getElementType());
}
intptr_t wrapcSubclassTypeGetOuterRank(MlirType type) {
  return cast<SubclassType>(unwrap(type)).getOuterRank();
}
int64_t wrapcSubclassTypeGetOuterDim(MlirType type, intptr_t i) {
  return cast<SubclassType>(unwrap(type)).getOuterShape()[i];
}

void wrapcEmitWarning(MlirLocation location, const char *message) {
  emitWarning(unwrap(location)) << message;
}

//===----------------------------------------------------------------------===//
// Rust-implemented passes in MLIR's registry
//===----------------------------------------------------------------------===//

namespace {
/// An owned copy of a WrapcPassDescriptor.
struct RustPassInfo {
  std::string argument, name, summary, opName;
  struct Option {
    std::string name, description, defaultValue;
  };
  std::vector<Option> options;
  WrapcPassRunFn run;
  void *userData;
  /// Distinct per registered pass, so that the pass manager and its
  /// instrumentation tell the Rust passes apart.
  TypeID typeID;
};

/// A C++ pass whose options are declared at run time from Passes.td (through
/// the descriptor) and whose body is a Rust function.
class RustPass : public Pass {
public:
  explicit RustPass(std::shared_ptr<const RustPassInfo> info)
      : Pass(info->typeID,
             info->opName.empty() ? std::optional<StringRef>()
                                  : StringRef(info->opName)),
        info(std::move(info)) {
    for (const RustPassInfo::Option &option : this->info->options)
      options.push_back(std::make_unique<Option<std::string>>(
          *this, option.name, llvm::cl::desc(option.description),
          llvm::cl::init(option.defaultValue)));
  }

  StringRef getName() const override { return info->name; }
  StringRef getArgument() const override { return info->argument; }
  StringRef getDescription() const override { return info->summary; }
  bool canScheduleOn(RegisteredOperationName) const override { return true; }

  /// Rust passes build ops of any of wrapc's dialects; have them loaded.
  void getDependentDialects(DialectRegistry &registry) const override {
    registerWrapcDialects(registry);
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto copy = std::make_unique<RustPass>(info);
    copy->copyOptionValuesFrom(this);
    return copy;
  }

  void runOnOperation() override {
    std::vector<std::string> values;
    for (const auto &option : options)
      values.push_back(option->getValue());
    std::vector<const char *> pointers;
    for (const std::string &value : values)
      pointers.push_back(value.c_str());
    MlirLogicalResult result =
        info->run(wrap(getOperation()), pointers.data(),
                  static_cast<intptr_t>(pointers.size()), info->userData);
    if (mlirLogicalResultIsFailure(result))
      signalPassFailure();
  }

private:
  std::shared_ptr<const RustPassInfo> info;
  std::vector<std::unique_ptr<Option<std::string>>> options;
};
} // namespace

void wrapcRegisterPass(const WrapcPassDescriptor *pass) {
  auto info = std::make_shared<RustPassInfo>();
  info->argument = pass->argument;
  info->name = pass->name;
  info->summary = pass->summary;
  info->opName = pass->opName ? pass->opName : "";
  for (intptr_t i = 0; i < pass->numOptions; ++i)
    info->options.push_back({pass->options[i].name,
                             pass->options[i].description,
                             pass->options[i].defaultValue});
  info->run = pass->run;
  info->userData = pass->userData;
  static TypeIDAllocator typeIDs;
  info->typeID = typeIDs.allocate();
  registerPass([info]() -> std::unique_ptr<Pass> {
    return std::make_unique<RustPass>(info);
  });
}

void wrapcRegisterPipeline(const char *name, const char *description,
                           const char *passes) {
  std::string text = passes;
  PassPipelineRegistration<>(
      name, description, [text](OpPassManager &pm) {
        // The passes were registered first; a bad name is a bug in the
        // registry, reported where MLIR reports pipeline errors.
        if (failed(parsePassPipeline(text, pm, llvm::errs())))
          llvm::report_fatal_error("wrapc: invalid registered pipeline");
      });
}

//===----------------------------------------------------------------------===//
// The opt driver
//===----------------------------------------------------------------------===//

/// wrapcParseModule's post-parse check, on the input of the opt driver:
/// each chunk of `input` the driver will process (split as it splits them,
/// by MLIR's own splitAndProcessBuffer) is parsed as the driver parses it
/// but without verification, and every op whose defaulted property the
/// parser dropped is reported at its location (line numbers are those of
/// the whole input). A chunk that does not parse is left to the driver,
/// which reports why: it stops before verifying, so it cannot crash there.
static LogicalResult checkOptInput(std::unique_ptr<llvm::MemoryBuffer> input,
                                   const MlirOptMainConfig &config,
                                   DialectRegistry &registry) {
  auto checkChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                        const llvm::MemoryBufferRef &whole,
                        raw_ostream &) -> LogicalResult {
    // A split chunk lies inside the whole input: the lines before it are
    // padded back in, so that locations name the input's own lines.
    StringRef text = chunk->getBuffer();
    StringRef all = whole.getBuffer();
    size_t lines = 0;
    if (text.data() > all.data() && text.data() <= all.data() + all.size())
      lines = all.take_front(text.data() - all.data()).count('\n');
    std::string padded(lines, '\n');
    padded += text;
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(padded,
                                             whole.getBufferIdentifier()),
        llvm::SMLoc());

    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    // Ops of dialects an IRDL file would define parse as unregistered ones:
    // only registered ops have properties to check.
    context.allowUnregisteredDialects(
        config.shouldAllowUnregisteredDialects() ||
        !config.getIrdlFile().empty());
    // The op is broken: printing it in a note could read the null property.
    context.printOpOnDiagnostic(false);
    FallbackAsmResourceMap resources;
    ParserConfig parseConfig(&context, /*verifyAfterParse=*/false, &resources);
    // Into a block, as the parser parses either way (with or without
    // --no-implicit-module): it verifies the block's ops before it checks
    // that they are one module.
    Block block;
    {
      // The driver reports parse errors itself, once.
      ScopedDiagnosticHandler silent(&context,
                                     [](Diagnostic &) { return success(); });
      if (failed(parseSourceFile(sourceMgr, &block, parseConfig)))
        return success();
    }
    SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
    bool valid = true;
    for (Operation &op : block)
      if (failed(verifyParsedProperties(&op)))
        valid = false;
    return success(valid);
  };
  return splitAndProcessBuffer(std::move(input), checkChunk, llvm::nulls(),
                               config.inputSplitMarker(),
                               config.outputSplitMarker());
}

/// MLIR's MlirOptMain(argc, argv, toolName, registry), with the input
/// checked (checkOptInput) before the driver parses and verifies it: every
/// input of wrapc-opt gets the checks wrapc's own parsing makes (the text
/// checks of check_source ran before, in Rust). Refused input is an error
/// with exit code 1 and no output file.
int wrapcOptMain(int argc, char **argv, const char *toolName) {
  DialectRegistry registry;
  registerWrapcDialects(registry);
  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(argc, argv, toolName, registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // These read no input: upstream's driver answers them.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // What MlirOptMain(argc, argv, inputFilename, outputFilename, registry)
  // does, but for its note on a terminal as standard input: wrapc-opt's
  // standard input is always a pipe by now (main.rs read and checked it).
  llvm::InitLLVM initLLVM(argc, argv);
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (failed(checkOptInput(llvm::MemoryBuffer::getMemBuffer(
                               file->getMemBufferRef(),
                               /*RequiresNullTerminator=*/false),
                           config, registry)))
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return EXIT_FAILURE;
  }
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return EXIT_FAILURE;
  // Keep the output file only when the driver succeeded, as upstream does.
  output->keep();
  return EXIT_SUCCESS;
}
