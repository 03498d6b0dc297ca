//===- SweepCoverPlan.cpp - Schedules for the cases no bundle claims ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepCoverPlan.h"

#include "runtime/bundle/OutputFile.h"

#include "tools/gemm-sweep/SweepKernelChoice.h"

#include "runtime/ElementType.h"
#include "runtime/KernelParamSpec.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

namespace {
char layoutLetter(MatrixLayout layout) {
  return layout == MatrixLayout::Row ? 'r' : 'c';
}
} // namespace

Expected<jit::ScheduleDescription>
planCoverSchedule(const GemmProblem &problem) {
  ElementType type = problem.a.type;
  if (problem.b.type != type || problem.c.type != type)
    return makeBadInputError("no cover schedule for mixed element types");
  bool tf32 = type == ElementType::F32;
  jit::ScheduleDescription s;
  std::string typeName = getElementTypeName(type).str();
  s.aType = s.bType = s.cType = typeName;
  s.block = {128, 128, tf32 ? 32 : 64};
  s.warp = {64, 128};
  s.mma = {64, 128, tf32 ? 8 : 16};
  s.stages = 4;
  s.aLayout = getMatrixLayoutName(problem.a.layout).str();
  s.bLayout = getMatrixLayoutName(problem.b.layout).str();
  s.cLayout = getMatrixLayoutName(problem.c.layout).str();
  s.batched = problem.batchCount > 1;
  // TMA stores write either C (a column-major one down its columns).
  s.store = "tma";

  const Epilogue &epilogue = problem.epilogue;
  std::string name = "cover_" + typeName + "_" +
                     layoutLetter(problem.a.layout) +
                     layoutLetter(problem.b.layout) +
                     layoutLetter(problem.c.layout);
  if (epilogue.alpha != 1.0 || epilogue.beta != 0.0) {
    s.fused.alphaBeta = true;
    name += "_ab";
  }
  if (epilogue.bias != BiasKind::None) {
    // The problem's row vector (N entries) is added to every row: the
    // kernel's bias = column (bias[col]); its column vector is bias = row.
    s.fused.bias = epilogue.bias == BiasKind::Row ? "column" : "row";
    name += epilogue.bias == BiasKind::Row ? "_biasrowvector" : "_biascolvector";
  }
  if (epilogue.activation != EpilogueActivation::None) {
    s.fused.activation = getEpilogueActivationName(epilogue.activation).str();
    name += "_" + s.fused.activation;
  }
  if (epilogue.residual) {
    s.fused.residual = true;
    name += "_residual";
  }
  if (s.batched)
    name += "_batched";
  s.name = name;
  return s;
}

Error createOutputDirectory(StringRef directory) {
  if (sys::fs::is_directory(directory))
    return Error::success();
  if (sys::fs::exists(directory))
    return makeBadInputError("cannot create '" + directory +
                             "': it exists and is not a directory");
  StringRef parent = sys::path::parent_path(directory);
  if (!parent.empty() && !sys::fs::is_directory(parent))
    return makeBadInputError(
        "cannot create '" + directory + "': '" + parent + "' " +
        (sys::fs::exists(parent) ? "is not a directory" : "does not exist"));
  if (std::error_code ec = sys::fs::create_directory(directory))
    return makeBadInputError("cannot create '" + directory +
                             "': " + ec.message());
  return Error::success();
}

Expected<CoverPlanCounts> writeCoverPlan(const SweepBundles &bundles,
                                         ArrayRef<SweepCase> cases,
                                         StringRef directory, StringRef origin,
                                         raw_ostream &os) {
  if (Error err = createOutputDirectory(directory))
    return std::move(err);
  StringSet<> written;
  CoverPlanCounts counts;
  for (const SweepCase &sweepCase : cases) {
    KernelChoice choice = chooseSweepKernel(bundles.capabilities,
                                            sweepCase.problem, sweepCase.index);
    if (choice.claimsSupport)
      continue;
    ++counts.uncovered;
    Expected<jit::ScheduleDescription> schedule =
        planCoverSchedule(sweepCase.problem);
    if (!schedule) {
      ++counts.unplannable;
      os << "case " << sweepCase.index
         << ": no cover schedule: " << toString(schedule.takeError()) << "\n";
      continue;
    }
    os << "case " << sweepCase.index << ": " << schedule->name << "\n";
    if (!written.insert(schedule->name).second)
      continue;
    SmallString<256> path(directory);
    sys::path::append(path, schedule->name + ".mlir");
    std::string text;
    raw_string_ostream(text) << "// gemm-sweep --plan-cover: " << origin
                             << ", first for case " << sweepCase.index << "\n"
                             << jit::renderScheduleModule(*schedule);
    if (Error err = writeOutputFile(path, text))
      return err;
  }
  counts.written = written.size();
  return counts;
}

} // namespace sweep
} // namespace gemm_opt
