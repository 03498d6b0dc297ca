//===- SweepCoverPlanTest.cpp - Schedules for the cases no bundle claims --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepCoverPlan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

GemmProblem makeProblem(ElementType type, MatrixLayouts layouts) {
  return GemmProblem::get(GemmShape::get(129, 257, 65, 0, 0, 0, layouts),
                          type, type, type);
}

TEST(SweepCoverPlanTest, NamesTheCombinationAndCarriesItIntoTheSchedule) {
  GemmProblem problem = makeProblem(ElementType::F16, {Col, Row, Row});
  problem.epilogue = {0.5, 0.0, BiasKind::Col, EpilogueActivation::GeluErf};
  llvm::Expected<gemm_opt::jit::ScheduleDescription> schedule =
      planCoverSchedule(problem);
  ASSERT_TRUE(bool(schedule)) << llvm::toString(schedule.takeError());
  EXPECT_EQ(schedule->name, "cover_f16_crr_ab_biascolvector_gelu_erf");
  EXPECT_EQ(schedule->aType, "f16");
  EXPECT_EQ(schedule->aLayout, "col");
  EXPECT_EQ(schedule->bLayout, "row");
  EXPECT_EQ(schedule->store, std::optional<std::string>("tma"));
  EXPECT_TRUE(schedule->fused.alphaBeta);
  // A column vector (M entries): the kernel's bias = row, bias[row].
  EXPECT_EQ(schedule->fused.bias, "row");
  // The problem model's GELU is the erf form.
  EXPECT_EQ(schedule->fused.activation, "gelu_erf");
  EXPECT_FALSE(schedule->batched);
  std::string module = renderScheduleModule(*schedule);
  EXPECT_NE(module.find("bias = row"), std::string::npos) << module;
  EXPECT_NE(module.find("bias %bias : memref<?xf16>"), std::string::npos)
      << module;
}

TEST(SweepCoverPlanTest, ColumnMajorCTakesTheTmaStoreAndBatchesAreNamed) {
  GemmProblem problem = makeProblem(ElementType::BF16, {Row, Col, Col});
  problem.batchCount = 3;
  llvm::Expected<gemm_opt::jit::ScheduleDescription> schedule =
      planCoverSchedule(problem);
  ASSERT_TRUE(bool(schedule)) << llvm::toString(schedule.takeError());
  EXPECT_EQ(schedule->name, "cover_bf16_rcc_batched");
  EXPECT_EQ(schedule->store, std::optional<std::string>("tma"));
  EXPECT_TRUE(schedule->batched);
  EXPECT_FALSE(schedule->fused.alphaBeta);
}

TEST(SweepCoverPlanTest, Tf32TakesEveryLayoutOfOneMatrix) {
  llvm::Expected<gemm_opt::jit::ScheduleDescription> tf32 =
      planCoverSchedule(makeProblem(ElementType::F32, {Row, Col, Col}));
  ASSERT_TRUE(bool(tf32)) << llvm::toString(tf32.takeError());
  EXPECT_EQ(tf32->block[2], 32);
  EXPECT_EQ(tf32->mma[2], 8);
  // The compiler stages K-major copies of a column-major A and a row-major
  // B.
  llvm::Expected<gemm_opt::jit::ScheduleDescription> staged =
      planCoverSchedule(makeProblem(ElementType::F32, {Col, Row, Row}));
  ASSERT_TRUE(bool(staged)) << llvm::toString(staged.takeError());
  EXPECT_EQ(staged->name, "cover_f32_crr");
  EXPECT_EQ(staged->aLayout, "col");
  EXPECT_EQ(staged->bLayout, "row");
}

TEST(SweepCoverPlanTest, BatchedTf32TakesEveryLayout) {
  // The compiler stages batches of K-major copies, so a batched f32 case
  // with MN-major operands gets a tf32 schedule in its own layouts.
  GemmProblem problem = makeProblem(ElementType::F32, {Col, Row, Row});
  problem.batchCount = 2;
  llvm::Expected<gemm_opt::jit::ScheduleDescription> schedule =
      planCoverSchedule(problem);
  ASSERT_TRUE(bool(schedule)) << llvm::toString(schedule.takeError());
  EXPECT_EQ(schedule->name, "cover_f32_crr_batched");
  EXPECT_TRUE(schedule->batched);
  EXPECT_EQ(schedule->aLayout, "col");
  EXPECT_EQ(schedule->bLayout, "row");
  EXPECT_EQ(schedule->mma[2], 8);
}

/// A directory of its own for a test, removed with it.
class ScratchDirectory {
public:
  ScratchDirectory() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("sweep-cover", path));
  }
  ~ScratchDirectory() { llvm::sys::fs::remove_directories(path); }
  std::string operator/(llvm::StringRef name) const {
    llvm::SmallString<256> result(path);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }

private:
  llvm::SmallString<256> path;
};

TEST(SweepCoverPlanTest, OutputDirectoryNeedsItsParent) {
  ScratchDirectory scratch;
  // A new directory in an existing one, and an existing one.
  EXPECT_FALSE(bool(createOutputDirectory(scratch / "plan")));
  EXPECT_TRUE(llvm::sys::fs::is_directory(scratch / "plan"));
  EXPECT_FALSE(bool(createOutputDirectory(scratch / "plan")));
  // --plan-cover /nonexistent/x/y created the whole path.
  std::string deep = scratch / "missing/x/y";
  llvm::Error err = createOutputDirectory(deep);
  ASSERT_TRUE(bool(err));
  EXPECT_EQ(llvm::toString(std::move(err)), "cannot create '" + deep + "': '" +
                                                scratch / "missing/x" +
                                                "' does not exist");
  EXPECT_FALSE(llvm::sys::fs::exists(scratch / "missing"));
  // A file where the directory or its parent should be.
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(scratch / "file", ec);
    ASSERT_FALSE(ec);
  }
  err = createOutputDirectory(scratch / "file");
  ASSERT_TRUE(bool(err));
  EXPECT_EQ(llvm::toString(std::move(err)),
            "cannot create '" + scratch / "file" +
                "': it exists and is not a directory");
  err = createOutputDirectory(scratch / "file/plan");
  ASSERT_TRUE(bool(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("' is not a directory"),
            std::string::npos);
}

TEST(SweepCoverPlanTest, WritesOneSchedulePerCombination) {
  ScratchDirectory scratch;
  // No kernel loaded: every case is uncovered.
  SweepBundles bundles;
  std::vector<SweepCase> cases = generateSweepCases(3, 20, {});
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::Expected<CoverPlanCounts> counts =
      writeCoverPlan(bundles, cases, scratch / "plan", "here, seed 3", os);
  ASSERT_TRUE(bool(counts)) << llvm::toString(counts.takeError());
  EXPECT_EQ(counts->uncovered, 20u);
  EXPECT_EQ(counts->unplannable, 0u);
  EXPECT_GT(counts->written, 0u);
  EXPECT_LE(counts->written, 20u);
  EXPECT_NE(out.find("case 0: cover_"), std::string::npos) << out;
  std::error_code ec;
  unsigned files = 0;
  for (llvm::sys::fs::directory_iterator it(scratch / "plan", ec), end;
       it != end && !ec; it.increment(ec))
    ++files;
  EXPECT_EQ(files, counts->written);
  // Nothing is drawn into a directory that cannot be made.
  llvm::Expected<CoverPlanCounts> none =
      writeCoverPlan(bundles, cases, scratch / "no/plan", "here", os);
  ASSERT_FALSE(bool(none));
  llvm::consumeError(none.takeError());
}

} // namespace
