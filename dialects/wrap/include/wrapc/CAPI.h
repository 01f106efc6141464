/*===- CAPI.h - C API of the wrap dialect and the wrapc-opt driver -------===*\
|*                                                                            *|
|* What the Rust side needs from the C++ side: dialect registration, typed   *|
|* access to the metadata attributes, registration of Rust-implemented       *|
|* passes in MLIR's global pass registry, and MlirOptMain.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef WRAPC_CAPI_H
#define WRAPC_CAPI_H

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Wrap, wrap);

/// Registers the wrap dialect and every upstream dialect wrapc-opt accepts
/// (func, arith, scf, cf, index, memref, llvm, gpu, nvvm).
MLIR_CAPI_EXPORTED void wrapcRegisterDialects(MlirDialectRegistry registry);

/// `mlirExecutionEngineCreate` without the perf and GDB JIT listeners,
/// unless `WRAPC_JIT_PROFILE=1` is set: the perf listener writes a jitdump
/// directory under /tmp/.debug/jit on every run. Null on failure (the
/// reason is reported as a diagnostic on the module).
MLIR_CAPI_EXPORTED MlirExecutionEngine
wrapcExecutionEngineCreate(MlirModule module, int optLevel);

/// Parses `source` into a module whose locations name `filename`, and
/// verifies it. Before MLIR's verifier runs, every op's defaulted properties
/// are checked: MLIR 22's parser silently drops an attribute of the wrong
/// kind there (`addr_space = "x"` on `llvm.mlir.global`) without filling in
/// the default, and `llvm.mlir.addressof`'s verifier then dereferences null.
/// Null on failure (diagnostics are reported to the context's handlers).
MLIR_CAPI_EXPORTED MlirModule wrapcParseModule(MlirContext ctx,
                                               MlirStringRef source,
                                               MlirStringRef filename);

//===-- Attribute access ------------------------------------------------===//

MLIR_CAPI_EXPORTED bool wrapcAttributeIsInputInfo(MlirAttribute attr);
/// The flags as Wrap_InputFlags' bits (WrapAttrs.td: a flag's case gives
/// its bit).
MLIR_CAPI_EXPORTED uint32_t wrapcInputInfoGetFlags(MlirAttribute attr);
/// 1 not mutated, 2 mutated in graph, 3 mutated out of graph.
MLIR_CAPI_EXPORTED int32_t wrapcInputInfoGetMutationType(MlirAttribute attr);
/// `#wrap.input<...>` with Wrap_InputFlags' bits `flags`; a null attribute
/// when a bit is set that no flag has.
MLIR_CAPI_EXPORTED MlirAttribute wrapcInputInfoGet(MlirContext ctx,
                                                   uint32_t flags);

MLIR_CAPI_EXPORTED bool wrapcAttributeIsOutputInfo(MlirAttribute attr);
MLIR_CAPI_EXPORTED int32_t wrapcOutputInfoGetOutputType(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t wrapcOutputInfoGetBaseIndex(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool wrapcOutputInfoGetRequiresGrad(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool wrapcOutputInfoHasView(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t wrapcOutputInfoGetViewRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t wrapcOutputInfoGetViewSize(MlirAttribute attr,
                                                      intptr_t i);
MLIR_CAPI_EXPORTED int64_t wrapcOutputInfoGetViewStride(MlirAttribute attr,
                                                        intptr_t i);
MLIR_CAPI_EXPORTED int64_t wrapcOutputInfoGetViewOffset(MlirAttribute attr);
/// Null type when the output takes no dtype view.
MLIR_CAPI_EXPORTED MlirType wrapcOutputInfoGetViewDtype(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t wrapcOutputInfoGetNumDynamicDims(MlirAttribute a);
MLIR_CAPI_EXPORTED int64_t wrapcOutputInfoGetDynamicDim(MlirAttribute attr,
                                                        intptr_t i);
/// The value `?` stands for in sizes, strides and offsets.
MLIR_CAPI_EXPORTED int64_t wrapcDynamicValue(void);

/// #wrap.config
MLIR_CAPI_EXPORTED bool wrapcAttributeIsKernelConfig(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef wrapcKernelConfigGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t wrapcKernelConfigGetBlockRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t wrapcKernelConfigGetBlock(MlirAttribute attr,
                                                     intptr_t i);
MLIR_CAPI_EXPORTED int64_t wrapcKernelConfigGetNumWarps(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t wrapcKernelConfigGetSharedBytes(MlirAttribute attr);

/// #wrap.layout: the format's code (c10's, or 16 for strided) and, when
/// strided, the traced sizes and strides.
MLIR_CAPI_EXPORTED bool wrapcAttributeIsLayout(MlirAttribute attr);
MLIR_CAPI_EXPORTED int32_t wrapcLayoutGetFormat(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t wrapcLayoutGetRank(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t wrapcLayoutGetSize(MlirAttribute attr, intptr_t i);
MLIR_CAPI_EXPORTED int64_t wrapcLayoutGetStride(MlirAttribute attr, intptr_t i);

//===-- Type access -----------------------------------------------------===//

MLIR_CAPI_EXPORTED bool wrapcTypeIsTensor(MlirType type);
MLIR_CAPI_EXPORTED intptr_t wrapcTensorTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t wrapcTensorTypeGetDim(MlirType type, intptr_t i);
MLIR_CAPI_EXPORTED MlirType wrapcTensorTypeGetElementType(MlirType type);
/// 0 host, 1 cuda.
MLIR_CAPI_EXPORTED int32_t wrapcTensorTypeGetDevice(MlirType type);
/// Bytes per element (1 for i1: booleans are stored as bytes).
MLIR_CAPI_EXPORTED unsigned wrapcTensorTypeGetElementByteWidth(MlirType type);
MLIR_CAPI_EXPORTED bool wrapcTypeIsSubclass(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef wrapcSubclassTypeGetName(MlirType type);
MLIR_CAPI_EXPORTED intptr_t wrapcSubclassTypeGetNumAttrs(MlirType type);
MLIR_CAPI_EXPORTED MlirStringRef wrapcSubclassTypeGetAttrName(MlirType type,
                                                              intptr_t i);
MLIR_CAPI_EXPORTED MlirType wrapcSubclassTypeGetAttrType(MlirType type,
                                                         intptr_t i);
/// The outer (user-visible) element type.
MLIR_CAPI_EXPORTED MlirType wrapcSubclassTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED intptr_t wrapcSubclassTypeGetOuterRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t wrapcSubclassTypeGetOuterDim(MlirType type,
                                                        intptr_t i);

/// Emits a warning located at `location` (the C API only offers errors).
MLIR_CAPI_EXPORTED void wrapcEmitWarning(MlirLocation location,
                                         const char *message);

//===-- Passes and the opt driver ---------------------------------------===//

/// One option of a pass, as Passes.td declares it. Values reach the pass as
/// strings; the pass parses them.
typedef struct {
  const char *name;
  const char *description;
  const char *defaultValue;
} WrapcPassOption;

/// Runs a pass on `op` with its option values (in declaration order).
/// Returns failure to fail the pipeline; diagnostics go through `op`'s
/// context.
typedef MlirLogicalResult (*WrapcPassRunFn)(MlirOperation op,
                                            const char *const *optionValues,
                                            intptr_t numOptions,
                                            void *userData);

typedef struct {
  const char *argument;    ///< command-line name, e.g. "wrap-orchestrate"
  const char *name;        ///< pass class name, e.g. "WrapOrchestrate"
  const char *summary;     ///< one line for --help
  const char *opName;      ///< anchor op, e.g. "builtin.module"
  intptr_t numOptions;
  const WrapcPassOption *options;
  WrapcPassRunFn run;
  void *userData;
} WrapcPassDescriptor;

/// Registers a pass in MLIR's global registry, so that `--<argument>`,
/// `--pass-pipeline` and pass options work as for any MLIR pass. Strings are
/// copied; `userData` must outlive the process.
/// Registers `name` as a pass pipeline (`wrapc-opt --name`, `name` inside
/// `--pass-pipeline`) that runs `passes`, a textual list of registered
/// passes anchored on the same op as the pipeline. Strings are copied.
MLIR_CAPI_EXPORTED void wrapcRegisterPipeline(const char *name,
                                              const char *description,
                                              const char *passes);

MLIR_CAPI_EXPORTED void wrapcRegisterPass(const WrapcPassDescriptor *pass);

/// Runs MLIR's opt driver (`mlir::MlirOptMain`) with the wrap dialect and the
/// upstream dialects registered. Its input is first checked as
/// wrapcParseModule checks what it parses (each chunk with
/// --split-input-file): an op whose defaulted property MLIR's parser dropped
/// is a located error and exit code 1, before the driver's verifier could
/// crash on it. Returns the process exit code.
MLIR_CAPI_EXPORTED int wrapcOptMain(int argc, char **argv,
                                    const char *toolName);

#ifdef __cplusplus
}
#endif

#endif // WRAPC_CAPI_H
