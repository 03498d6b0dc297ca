//===- ModuleReport.cpp - the static model of a module, as JSON -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/ModuleReport.h"

#include "analysis/ScheduleAnalysis.h"
#include "analysis/ScheduleReport.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm_opt::tile;

namespace gemm_opt::analysis {

/// "<location>: <message>", as a diagnostic would print it.
static Error makeOpError(mlir::Operation *op, const Twine &message) {
  std::string location;
  raw_string_ostream os(location);
  op->getLoc().print(os);
  return createStringError(location + ": " + message);
}

Expected<json::Value> reportModuleSchedules(mlir::ModuleOp module,
                                            StringRef device, int64_t m,
                                            int64_t n, int64_t k) {
  std::optional<GemmShape> shape;
  if (m != 0 || n != 0 || k != 0) {
    shape = GemmShape{m, n, k};
    if (Error error = verifyShape(*shape))
      return std::move(error);
  }
  json::Array reports;
  Error failure = Error::success();
  module.walk([&](GemmOp gemm) {
    ScheduleAttr schedule = gemm.getScheduleAttr();
    if (!schedule)
      return mlir::WalkResult::advance();
    Expected<ChipPerformance> figures = resolveDevice(schedule, device);
    if (!figures) {
      failure = makeOpError(gemm, toString(figures.takeError()));
      return mlir::WalkResult::interrupt();
    }
    Expected<ScheduleAnalysis> analysis =
        analyzeSchedule(schedule, *figures, shape);
    if (!analysis) {
      failure = makeOpError(gemm, toString(analysis.takeError()));
      return mlir::WalkResult::interrupt();
    }
    auto function = gemm->getParentOfType<mlir::func::FuncOp>();
    json::Value report = toJSON(*analysis);
    report.getAsObject()->insert(
        {"name", function ? ("@" + function.getSymName()).str()
                          : std::string("tile.gemm")});
    reports.push_back(std::move(report));
    return mlir::WalkResult::advance();
  });
  if (failure)
    return std::move(failure);
  return json::Value(json::Object{{"schedules", std::move(reports)}});
}

} // namespace gemm_opt::analysis
