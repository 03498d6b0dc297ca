//===- BundleJson.cpp - the "gemm-opt-bundle-v1" document -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/BundleJson.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

json::Object gemm_opt::makeBundleEntry(const KernelMetadata &kernel,
                                       StringRef ptxName, StringRef cubinName) {
  json::Object entry = kernel.description;
  if (!ptxName.empty())
    entry["ptx"] = ptxName;
  if (!cubinName.empty())
    entry["cubin"] = cubinName;
  return entry;
}

void gemm_opt::recordPtxasRun(json::Object &entry, int optLevel,
                              StringRef report) {
  entry["ptxas_opt_level"] = optLevel;
  entry["ptxas_info"] =
      optLevel == 3 ? report.str()
                    : formatv("ptxas -O{0}\n{1}", optLevel, report).str();
}

json::Value gemm_opt::makeBundle(StringRef source, json::Array entries) {
  return json::Object{{"format", "gemm-opt-bundle-v1"},
                      {"source", source},
                      {"kernels", std::move(entries)}};
}

std::string gemm_opt::formatBundle(const json::Value &bundle) {
  std::string text;
  raw_string_ostream os(text);
  os << formatv("{0:2}", bundle) << "\n";
  return text;
}
