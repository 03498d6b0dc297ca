//===- AnalyzeSchedule.cpp - print the static model of each schedule ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/Passes.h"

namespace gemm_opt::analysis {
#define GEN_PASS_DEF_TILEANALYZESCHEDULEPASS
#include "analysis/Passes.h.inc"
} // namespace gemm_opt::analysis

#include "analysis/ScheduleAnalysis.h"
#include "analysis/ScheduleReport.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

namespace {

struct TileAnalyzeSchedulePass
    : public gemm_opt::analysis::impl::TileAnalyzeSchedulePassBase<
          TileAnalyzeSchedulePass> {
  using Base::Base;

  /// The problem shape of the options, nothing when none is given, or
  /// failure (reported) when the options are inconsistent or out of the
  /// model's range (verifyShape: gemm-run's). Reported at the first
  /// scheduled tile.gemm, the op the shape is for, if there is one.
  FailureOr<std::optional<GemmShape>> getShape() {
    int64_t rows = m, cols = n, depth = k;
    int given = (rows != 0) + (cols != 0) + (depth != 0);
    if (given == 0)
      return std::optional<GemmShape>();
    Operation *anchor = getOperation();
    getOperation().walk([&](GemmOp gemm) {
      if (!gemm.getScheduleAttr())
        return WalkResult::advance();
      anchor = gemm;
      return WalkResult::interrupt();
    });
    if (given != 3 || rows < 0 || cols < 0 || depth < 0) {
      anchor->emitError()
          << "tile-analyze-schedule needs m, n and k together, each "
             "positive; got m="
          << rows << " n=" << cols << " k=" << depth;
      return failure();
    }
    GemmShape shape{rows, cols, depth};
    if (llvm::Error error = verifyShape(shape)) {
      anchor->emitError() << "tile-analyze-schedule: "
                          << llvm::toString(std::move(error));
      return failure();
    }
    return std::optional<GemmShape>(shape);
  }

  void runOnOperation() override {
    if (format != "text" && format != "json") {
      getOperation().emitError()
          << "unknown report format '" << format << "'; expected text or json";
      return signalPassFailure();
    }
    FailureOr<std::optional<GemmShape>> shape = getShape();
    if (failed(shape))
      return signalPassFailure();

    llvm::json::Array reports;
    getOperation().walk([&](GemmOp gemm) {
      ScheduleAttr schedule = gemm.getScheduleAttr();
      if (!schedule)
        return;
      auto function = gemm->getParentOfType<func::FuncOp>();
      std::string title =
          function ? ("@" + function.getSymName()).str() : "tile.gemm";
      llvm::Expected<ChipPerformance> figures = resolveDevice(schedule, device);
      if (!figures) {
        gemm.emitOpError() << llvm::toString(figures.takeError());
        return signalPassFailure();
      }
      llvm::Expected<ScheduleAnalysis> analysis =
          analyzeSchedule(schedule, *figures, *shape);
      if (!analysis) {
        gemm.emitOpError() << llvm::toString(analysis.takeError());
        return signalPassFailure();
      }
      if (format == "text") {
        printScheduleReport(llvm::outs(), title, *analysis);
        return;
      }
      llvm::json::Value report = toJSON(*analysis);
      report.getAsObject()->insert({"name", title});
      reports.push_back(std::move(report));
    });
    if (format == "json")
      llvm::outs() << llvm::formatv(
          "{0:2}\n", llvm::json::Value(llvm::json::Object{
                         {"schedules", std::move(reports)}}));
    llvm::outs().flush();
  }
};

} // namespace
