//===- CompilePipelineFuzzer.cpp - schedule text to PTX, fuzzed -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One input is one schedule text, compiled in-process as the JIT compiles
// it (compiler/ScheduleCompilation.h): parse and verify, print, then
// lower-to-nvvm and the NVPTX backend up to PTX text (no ptxas). Bad input
// must end in an error, never a crash; and a module that parses must parse
// again, to the same text, from what it prints.
//
//===----------------------------------------------------------------------===//

#include "compiler/ScheduleCompilation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace gemm_opt;

/// Stops the run where the printed module does not read back as printed.
static void checkRoundTrip(const std::string &printed) {
  llvm::Expected<std::unique_ptr<ScheduleCompilation>> again =
      ScheduleCompilation::parse(printed, "printed.mlir");
  if (!again) {
    llvm::errs() << "the printed module does not parse:\n"
                 << llvm::toString(again.takeError()) << "\n"
                 << printed << "\n";
    std::abort();
  }
  if ((*again)->getCanonicalText() != printed) {
    llvm::errs() << "the printed module prints differently when read back:\n"
                 << printed << "\n---\n"
                 << (*again)->getCanonicalText() << "\n";
    std::abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(text, "fuzz.mlir");
  if (!compilation) {
    llvm::consumeError(compilation.takeError());
    return 0;
  }
  checkRoundTrip((*compilation)->getCanonicalText());
  llvm::Expected<std::vector<PtxKernel>> kernels =
      (*compilation)->compileToPtx(PtxCompileOptions());
  if (!kernels)
    llvm::consumeError(kernels.takeError());
  return 0;
}
