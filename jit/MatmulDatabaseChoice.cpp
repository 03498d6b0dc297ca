//===- MatmulDatabaseChoice.cpp - measured schedules for matmul -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulDatabaseChoice.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <vector>

using namespace llvm;

namespace gemm_opt {

using jit::MatrixOrder;

int64_t getShapeBucket(int64_t extent) {
  return int64_t(std::lround(std::log2(double(extent))));
}

static bool isSameBucket(const tuning::ProblemKey &at,
                         const MatmulProblem &problem) {
  return getShapeBucket(at.m) == getShapeBucket(problem.m) &&
         getShapeBucket(at.n) == getShapeBucket(problem.n) &&
         getShapeBucket(at.k) == getShapeBucket(problem.k);
}

/// Whether a kernel of `layouts` runs `problem` as its transpose.
static bool runsTransposed(const std::array<std::string, 3> &layouts,
                           const MatmulProblem &problem) {
  auto flipped = [](MatrixOrder order) {
    return order == MatrixOrder::RowMajor ? "col" : "row";
  };
  bool direct = layouts[0] == getOrderName(problem.orderA) &&
                layouts[1] == getOrderName(problem.orderB) &&
                layouts[2] == getOrderName(problem.orderC);
  return !direct && layouts[0] == flipped(problem.orderB) &&
         layouts[1] == flipped(problem.orderA) &&
         layouts[2] == flipped(problem.orderC);
}

/// The entry's schedule as `problem`'s module, if it verifies.
static std::optional<MatmulSchedule>
renderEntry(const tuning::TuningEntry &entry, const MatmulProblem &problem,
            const jit::FusedEpilogueDescription &epilogue, bool transposed,
            bool exact) {
  if (transposed && epilogue.bias != "none")
    return std::nullopt; // The bias would run along the other dimension.
  MatmulSchedule chosen;
  chosen.schedule = entry.schedule;
  chosen.candidate = entry.candidate;
  chosen.transposed = transposed;
  chosen.module = renderMatmulModule(problem, epilogue, entry.schedule,
                                     transposed, entry.candidate);
  std::string why;
  if (!verifiesMatmulModule(chosen.module, why))
    return std::nullopt;
  const tuning::ProblemKey &at = entry.problem;
  chosen.reason =
      formatv("tuning database: {0} measured at {1}x{2}x{3}{4} on {5} "
              "({6:F2}x cuBLAS){7}",
              entry.candidate, at.m, at.n, at.k,
              entry.matmulClass.empty() ? " (row-major)" : "", entry.device,
              entry.ratioToCublas, exact ? "" : ", the same shape bucket")
          .str();
  return chosen;
}

/// The entry of `kernelClass` nearest `problem` in its shape bucket whose
/// kernel takes the shape, and its distance.
static std::pair<const tuning::TuningEntry *, double>
findNearestEntry(const tuning::TuningDatabase &database, StringRef kernelClass,
                 const MatmulProblem &problem) {
  const tuning::TuningEntry *nearest = nullptr;
  double nearestDistance = 0;
  for (const tuning::TuningEntry &entry : database.getEntries()) {
    if (entry.matmulClass != kernelClass ||
        !isSameBucket(entry.problem, problem))
      continue;
    // The kernel must take the shape (mma.sync kernels: whole tiles).
    std::array<int64_t, 3> d = entry.getDivisibility();
    if (d[0] <= 0 || d[1] <= 0 || d[2] <= 0 || problem.m % d[0] ||
        problem.n % d[1] || problem.k % d[2])
      continue;
    const tuning::ProblemKey &at = entry.problem;
    double distance =
        getShapeLogDistance(at.m, at.n, at.k, problem.m, problem.n, problem.k);
    if (!nearest || distance < nearestDistance) {
      nearest = &entry;
      nearestDistance = distance;
    }
  }
  return {nearest, nearestDistance};
}

std::optional<MatmulSchedule>
chooseFromDatabase(const tuning::TuningDatabase &database,
                   const MatmulProblem &problem,
                   const jit::FusedEpilogueDescription &epilogue) {
  // The problem's own class first; then, for a fused epilogue, the class
  // without it: the epilogue runs once per tile after the K loop, so the
  // schedule measured fastest for the bare GEMM serves it too (where it
  // verifies with the epilogue).
  std::vector<jit::FusedEpilogueDescription> forms{epilogue};
  if (getKernelClass(problem, epilogue) !=
      getKernelClass(problem, jit::FusedEpilogueDescription{}))
    forms.emplace_back();
  for (const jit::FusedEpilogueDescription &form : forms) {
    auto [nearest, distance] =
        findNearestEntry(database, getKernelClass(problem, form), problem);
    if (!nearest)
      continue;
    std::optional<MatmulSchedule> chosen = renderEntry(
        *nearest, problem, epilogue,
        runsTransposed(nearest->kernelLayouts, problem), distance == 0);
    if (!chosen)
      continue;
    if (&form != &forms.front())
      chosen->reason += ", measured without the epilogue";
    return chosen;
  }
  // gemm-tune's entries measure single GEMMs with row-major operands.
  bool rowMajor = problem.orderA == MatrixOrder::RowMajor &&
                  problem.orderB == MatrixOrder::RowMajor &&
                  problem.orderC == MatrixOrder::RowMajor;
  if (!rowMajor || problem.batch > 1 || problem.allowTf32)
    return std::nullopt;
  tuning::ProblemKey key{problem.chip,  problem.aType, problem.bType,
                         problem.cType, problem.m,     problem.n,
                         problem.k};
  std::optional<tuning::TuningDatabase::Match> match = database.lookup(key);
  if (!match ||
      (!match->exact && !isSameBucket(match->entry->problem, problem)))
    return std::nullopt;
  return renderEntry(*match->entry, problem, epilogue,
                     match->entry->runsTransposed(), match->exact);
}

} // namespace gemm_opt
