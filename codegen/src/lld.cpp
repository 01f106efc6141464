//===- lld.cpp - LLVM's ELF linker as a function --------------------------===//
//
// wrapc links a wrapper's object with the runtime by calling lld in-process
// (codegen/src/link.rs): no C compiler or linker program is needed.
//
//===----------------------------------------------------------------------===//

#include "lld/Common/Driver.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

LLD_HAS_DRIVER(elf)

/// Links with `argv` (argv[0] "ld.lld"); 0 on success. `*messages` gets
/// what lld printed (malloc'd, or null when it printed nothing). lld keeps
/// global state, so links run one at a time; after a crash lld recovered
/// from, it may not run again, and every later call fails saying so.
extern "C" int wrapc_lld_link(const char *const *argv, size_t argc,
                              char **messages) {
  static std::mutex serial;
  static bool unusable = false;
  std::lock_guard<std::mutex> guard(serial);
  *messages = nullptr;
  if (unusable) {
    *messages = strdup("lld crashed earlier in this process and cannot run "
                       "again: set CC to link with a C compiler");
    return 1;
  }
  std::string out, err;
  llvm::raw_string_ostream outStream(out), errStream(err);
  lld::Result result =
      lld::lldMain(llvm::ArrayRef<const char *>(argv, argc), outStream,
                   errStream, {{lld::Gnu, &lld::elf::link}});
  outStream.flush();
  errStream.flush();
  if (!result.canRunAgain)
    unusable = true;
  std::string all = err + out;
  if (!all.empty())
    *messages = strdup(all.c_str());
  return result.retCode;
}

extern "C" void wrapc_lld_free(char *messages) { free(messages); }
