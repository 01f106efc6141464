//===- embed-run.cpp - Lower, JIT-compile and call a wrap module ----------===//
//
//   embed-run module.mlir [entry]
// parses a wrap module (examples/demo.mlir), lowers it with wrapc's named
// pipelines through the passes' C API, compiles it with MLIR's JIT and calls
// the entry point (default "f", three f32 tensors as examples/c/call_demo.c
// makes them) on runtime tensors, printing what the call did.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

#include "wrapc/CAPI.h"
#include "wrapc/Passes.h"
#include "wrapc_runtime.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace {

void show(const char *name, const wrt_tensor *t) {
  double values[16];
  int64_t rank = wrt_tensor_rank(t);
  std::printf("%-5s v%lld sizes=[", name, (long long)wrt_tensor_version(t));
  for (int64_t d = 0; d < rank; ++d)
    std::printf(d ? ", %lld" : "%lld", (long long)wrt_tensor_size(t, d));
  std::printf("] strides=[");
  for (int64_t d = 0; d < rank; ++d)
    std::printf(d ? ", %lld" : "%lld", (long long)wrt_tensor_stride(t, d));
  std::printf("] values=");
  int64_t n = 1;
  for (int64_t d = 0; d < rank; ++d)
    n *= wrt_tensor_size(t, d);
  if (n <= 16 && wrt_read_f64(t, values, 16) == WRT_OK)
    for (int64_t i = 0; i < n; ++i)
      std::printf(i ? " %g" : "%g", values[i]);
  std::printf("\n");
}

int fail(const char *message) {
  std::fprintf(stderr, "embed-run: error: %s\n", message);
  return 1;
}

using Entry = int32_t (*)(wrt_tensor **, int64_t, wrt_tensor **, int64_t);

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3)
    return fail("usage: embed-run module.mlir [entry]");
  std::ifstream file(argv[1]);
  if (!file)
    return fail("cannot read the module file");
  std::stringstream text;
  text << file.rdbuf();
  std::string source = text.str();
  const char *entry = argc == 3 ? argv[2] : "f";

  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  wrapcRegisterDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(context);

  int status = 1;
  MlirModule module = wrapcParseModule(context, mlirStringRefCreate(source.data(), source.size()),
                                       mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    fail("the module does not parse or verify");
  } else if (mlirLogicalResultIsFailure(wrapcRunPipeline(
                 module, mlirStringRefCreateFromCString("wrap-specialize,wrap-lower-to-llvm")))) {
    fail("lowering failed");
  } else {
    MlirExecutionEngine engine = wrapcExecutionEngineCreate(module, 2);
    if (mlirExecutionEngineIsNull(engine)) {
      fail("JIT compilation failed");
    } else {
      auto function = reinterpret_cast<Entry>(
          mlirExecutionEngineLookup(engine, mlirStringRefCreateFromCString(entry)));
      if (!function) {
        fail("the module has no such entry point");
      } else {
        int64_t four[] = {4}, two_by_three[] = {2, 3};
        double a_values[] = {0, 1, 2, 3}, b_values[] = {10, 20, 30, 40},
               z_values[] = {1, 2, 3, 4, 5, 6};
        wrt_tensor *a, *b, *z;
        wrt_from_f64(WRT_F32, 1, four, a_values, 4, &a);
        wrt_from_f64(WRT_F32, 1, four, b_values, 4, &b);
        wrt_from_f64(WRT_F32, 2, two_by_three, z_values, 6, &z);
        wrt_tensor *inputs[] = {a, b, z};
        wrt_tensor *outputs[3] = {nullptr, nullptr, nullptr};
        int32_t result = function(inputs, 3, outputs, 3);
        std::printf("%s -> %d\n", entry, result);
        if (result == WRT_OK) {
          show("a", a);
          show("b", b);
          show("z", z);
          const char *names[] = {"out0", "out1", "out2"};
          for (int i = 0; i < 3; ++i) {
            show(names[i], outputs[i]);
            wrt_tensor_release(outputs[i]);
          }
          status = 0;
        } else {
          std::fprintf(stderr, "embed-run: %s\n", wrt_last_error());
        }
        wrt_tensor_release(a);
        wrt_tensor_release(b);
        wrt_tensor_release(z);
      }
      mlirExecutionEngineDestroy(engine);
    }
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(context);
  return status;
}
