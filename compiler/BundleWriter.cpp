//===- BundleWriter.cpp - a schedule compiled into a kernel bundle --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/BundleWriter.h"

#include "runtime/bundle/OutputFile.h"
#include "compiler/BundleJson.h"
#include "compiler/PtxAssembler.h"
#include "compiler/ScheduleCompilation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {

Error writeKernelBundle(std::vector<PtxKernel> &kernels, StringRef source,
                        StringRef jsonPath, StringRef ptxas,
                        std::optional<int> ptxasOptLevel) {
  Expected<std::string> directory = createDirectoryBeside(
      jsonPath, "cannot write the bundle to '" + jsonPath +
                    "': it names no regular file, and the bundle's images go "
                    "beside it");
  if (!directory)
    return directory.takeError();
  std::vector<bundle::KernelEntry> entries;
  for (PtxKernel &kernel : kernels) {
    std::string base = kernel.metadata.symbol;
    SmallString<256> ptxPath(*directory), cubinPath(*directory);
    sys::path::append(ptxPath, base + ".ptx");
    sys::path::append(cubinPath, base + ".cubin");
    if (Error err = writeOutputFile(ptxPath, kernel.ptx))
      return err;
    int level = ptxasOptLevel.value_or(kernel.metadata.ptxasOptLevel);
    Expected<std::string> report =
        assemblePtx(ptxas, ptxPath, kernel.metadata.chip, cubinPath, level);
    if (!report)
      return report.takeError();
    bundle::KernelEntry entry =
        makeBundleEntry(kernel.metadata, sys::path::filename(ptxPath),
                        sys::path::filename(cubinPath));
    recordPtxasRun(entry, level, *report);
    entries.push_back(std::move(entry));
  }
  return writeOutputFile(jsonPath,
                       formatBundle(makeBundle(source, std::move(entries))));
}

Error compileScheduleToBundle(StringRef text, StringRef bufferName,
                              StringRef jsonPath) {
  Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(text, bufferName);
  if (!compilation)
    return compilation.takeError();
  Expected<std::vector<PtxKernel>> kernels =
      (*compilation)->compileToPtx(PtxCompileOptions());
  if (!kernels)
    return kernels.takeError();
  Expected<std::string> ptxas = findPtxas("");
  if (!ptxas)
    return ptxas.takeError();
  return writeKernelBundle(*kernels, bufferName, jsonPath, *ptxas,
                           std::nullopt);
}

} // namespace gemm_opt
