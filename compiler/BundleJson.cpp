//===- BundleJson.cpp - the "gemm-opt-bundle-v1" document -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/BundleJson.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm_opt;

bundle::KernelEntry gemm_opt::makeBundleEntry(const KernelMetadata &kernel,
                                              StringRef ptxName,
                                              StringRef cubinName) {
  bundle::KernelEntry entry = kernel.entry;
  if (!ptxName.empty())
    entry.ptx = ptxName.str();
  if (!cubinName.empty())
    entry.cubin = cubinName.str();
  return entry;
}

void gemm_opt::recordPtxasRun(bundle::KernelEntry &entry, int optLevel,
                              StringRef report) {
  entry.ptxasOptLevel = optLevel;
  entry.ptxasInfo =
      optLevel == 3 ? report.str()
                    : formatv("ptxas -O{0}\n{1}", optLevel, report).str();
}

bundle::Bundle gemm_opt::makeBundle(StringRef source,
                                    std::vector<bundle::KernelEntry> entries) {
  bundle::Bundle result;
  result.source = source.str();
  result.kernels = std::move(entries);
  return result;
}

std::string gemm_opt::formatBundle(const bundle::Bundle &bundle) {
  return bundle::formatJSON(toJSON(bundle));
}
