//===- GroupedReport.h - gemm-run's report of a grouped kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The readable report and the JSON of a grouped run (GroupedBenchmark.h),
// in the lines of gemm-run's other reports (Report.h): the worst group of
// each check, the poison check, one line per graph replay, the kernel and
// the loop of per-group cuBLAS calls timed, TFLOP/s from the groups' FLOPs.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDREPORT_H
#define GEMM_OPT_RUNTIME_GROUPEDREPORT_H

#include "runtime/Device.h"
#include "runtime/GroupedBenchmark.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace gemm_opt {
namespace runtime {

struct GroupedReport {
  std::string input;
  std::string bundlePath;
  const DeviceInfo *device = nullptr;
  const KernelSpec *spec = nullptr;
  const GroupedProblem *problem = nullptr;
  const GroupedOptions *options = nullptr;
  const GroupedResult *result = nullptr;
};

void printGroupedReport(llvm::raw_ostream &os, const GroupedReport &report);

llvm::json::Value toJSON(const GroupedReport &report);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDREPORT_H
