//===- ScheduleInspection.cpp - PTX and the static model of text ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ScheduleInspection.h"

#include "analysis/ModuleReport.h"
#include "compiler/ScheduleCompilation.h"
#include "llvm/Support/FormatVariadic.h"

namespace gemm_opt::python {

llvm::Expected<std::string> lowerScheduleToPtx(llvm::StringRef text,
                                               llvm::StringRef name,
                                               const jit::JitOptions &options) {
  llvm::Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(text, name);
  if (!compilation)
    return compilation.takeError();
  PtxCompileOptions ptxOptions;
  ptxOptions.chip = options.chip;
  ptxOptions.optLevel = options.optLevel;
  ptxOptions.tensorMapsByValue = options.tensorMapsByValue;
  llvm::Expected<std::vector<PtxKernel>> kernels =
      (*compilation)->compileToPtx(ptxOptions);
  if (!kernels)
    return kernels.takeError();
  std::string ptx;
  for (const PtxKernel &kernel : *kernels)
    ptx += kernel.ptx;
  return ptx;
}

llvm::Expected<std::string>
analyzeScheduleText(llvm::StringRef text, llvm::StringRef name,
                    llvm::StringRef device, int64_t m, int64_t n, int64_t k) {
  llvm::Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(text, name);
  if (!compilation)
    return compilation.takeError();
  llvm::Expected<llvm::json::Value> report = analysis::reportModuleSchedules(
      (*compilation)->getModule(), device, m, n, k);
  if (!report)
    return report.takeError();
  return llvm::formatv("{0}", *report).str();
}

} // namespace gemm_opt::python
