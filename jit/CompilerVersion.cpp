//===- CompilerVersion.cpp - what identifies the compiler build -----------===//

#include "jit/CompilerVersion.h"

#include "jit/BuildIdentity.h"
#include "llvm/Config/llvm-config.h"

const std::string &gemm_opt::jit::getCompilerVersion() {
  static const std::string version =
      std::string("gemm-opt ") + GEMM_OPT_PROJECT_VERSION + " (" +
      GEMM_OPT_BUILD_COMMIT + ") LLVM " + LLVM_VERSION_STRING;
  return version;
}
