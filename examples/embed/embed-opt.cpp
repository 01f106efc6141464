//===- embed-opt.cpp - An opt tool with the wrap dialect embedded ---------===//
//
// A downstream project's own opt tool: upstream dialects and passes as the
// project chooses them, plus the wrap dialect (its C++ API) and wrapc's
// passes and named pipelines (their C API):
//   embed-opt input.mlir --pass-pipeline='builtin.module(wrap-specialize,
//       canonicalize,wrap-lower-to-llvm)'
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "wrapc/CAPI.h"
#include "wrapc/Passes.h"
#include "wrapc/WrapDialect.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  // The wrap dialect through its C++ API...
  registry.insert<wrapc::WrapDialect>();
  // ...the upstream dialects wrap IR and its lowering use, with their
  // conversion interfaces (convert-to-llvm needs them)...
  wrapcRegisterDialects(wrap(&registry));
  // ...and whatever else this project works with.
  registry.insert<mlir::math::MathDialect, mlir::tensor::TensorDialect>();

  mlir::registerTransformsPasses();
  wrapcRegisterPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "embed-opt: upstream MLIR with wrapc\n", registry));
}
