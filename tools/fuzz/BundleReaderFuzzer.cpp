//===- BundleReaderFuzzer.cpp - kernel.json readers, fuzzed ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One input is one kernel.json text, read as gemm-run reads a bundle (the
// schema of runtime/bundle, then the runtime's checks across fields in
// runtime/KernelSpec.h) and as the JIT's disk cache reads one kernel entry.
// Bad input must end in an error, never a crash; and a bundle the schema
// accepts must read back, unchanged, from what it writes.
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelSpec.h"
#include "runtime/bundle/BundleSchema.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace gemm_opt;

/// Stops the run where the written bundle does not read back as written.
static void checkRoundTrip(const bundle::Bundle &parsed) {
  std::string written = bundle::formatJSON(bundle::toJSON(parsed));
  llvm::Expected<bundle::Bundle> again = bundle::parseBundle(written);
  if (!again) {
    llvm::errs() << "the written bundle does not parse: "
                 << llvm::toString(again.takeError()) << "\n"
                 << written;
    std::abort();
  }
  std::string rewritten = bundle::formatJSON(bundle::toJSON(*again));
  if (rewritten != written) {
    llvm::errs() << "the written bundle reads back differently:\n"
                 << written << "---\n"
                 << rewritten;
    std::abort();
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  // The directory only resolves the file names the bundle gives; nothing
  // is read from it.
  llvm::Expected<runtime::KernelBundle> kernels =
      runtime::parseKernelBundle(text, "/nonexistent/bundle", "kernel.json");
  if (!kernels)
    llvm::consumeError(kernels.takeError());
  llvm::Expected<bundle::Bundle> parsed = bundle::parseBundle(text);
  if (parsed)
    checkRoundTrip(*parsed);
  else
    llvm::consumeError(parsed.takeError());
  llvm::Expected<bundle::KernelEntry> entry = bundle::parseKernelEntry(text);
  if (!entry)
    llvm::consumeError(entry.takeError());
  return 0;
}
