/*===- Passes.h - C API of wrapc's passes and pipelines ------------------===*\
|*                                                                            *|
|* wrapc's passes are written in Rust; this is how a C or C++ MLIR tool gets *|
|* them. After wrapcRegisterPasses, every pass of Passes.td and every named  *|
|* pipeline is in MLIR's global pass registry, as upstream's passes are      *|
|* after mlir::registerAllPasses: `--wrap-specialize`, `--pass-pipeline`,     *|
|* mlir::parsePassPipeline and mlirParsePassPipeline all find them.          *|
|*                                                                            *|
|* Link WrapcMLIR::Passes (find_package(WrapcMLIR)); see docs/EMBEDDING.md.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef WRAPC_PASSES_H
#define WRAPC_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Registers every wrapc pass and named pipeline (wrap-lower-to-llvm,
/// wrap-lower-to-llvm-cuda, ...) in MLIR's global pass registry, and the
/// upstream passes those pipelines name; wrap-attach-ptx gets its back end
/// (LLVM's NVPTX target, from the LLVM this package was built against).
/// Idempotent and thread-safe. The
/// wrap dialect itself is registered through the dialect's API
/// (wrapcRegisterDialects or mlirGetDialectHandle__wrap__, CAPI.h).
MLIR_CAPI_EXPORTED void wrapcRegisterPasses(void);

/// The number of named pipelines wrapcRegisterPasses registers.
MLIR_CAPI_EXPORTED intptr_t wrapcGetNumPipelines(void);

/// The name of pipeline `pos` (0 <= pos < wrapcGetNumPipelines()), as it is
/// written in --pass-pipeline; a null string ref for any other `pos`. The
/// string lives as long as the process.
MLIR_CAPI_EXPORTED MlirStringRef wrapcGetPipelineName(intptr_t pos);

/// Runs `pipeline` (MLIR's textual form: "wrap-lower-to-llvm" or
/// "builtin.module(wrap-specialize,...)") on `module`, registering the
/// passes first, then verifies the module. On failure, every error
/// diagnostic is reported to the module's context, as a pass would; the
/// module is left as the failing pass left it.
MLIR_CAPI_EXPORTED MlirLogicalResult wrapcRunPipeline(MlirModule module,
                                                      MlirStringRef pipeline);

#ifdef __cplusplus
}
#endif

#endif // WRAPC_PASSES_H
