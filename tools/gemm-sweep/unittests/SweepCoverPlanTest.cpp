//===- SweepCoverPlanTest.cpp - Schedules for the cases no bundle claims --===//

#include "tools/gemm-sweep/SweepCoverPlan.h"

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
  problem.epilogue = {0.5, 0.0, BiasKind::Col, Activation::Gelu};
  llvm::Expected<gemm_opt::jit::ScheduleDescription> schedule =
      planCoverSchedule(problem);
  ASSERT_TRUE(bool(schedule)) << llvm::toString(schedule.takeError());
  EXPECT_EQ(schedule->name, "cover_f16_crr_ab_biascolvector_gelu_erf");
  EXPECT_EQ(schedule->aType, "f16");
  EXPECT_EQ(schedule->aLayout, "col");
  EXPECT_EQ(schedule->bLayout, "row");
  EXPECT_EQ(schedule->epilogueStore, std::optional<std::string>("tma"));
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
  EXPECT_EQ(schedule->epilogueStore, std::optional<std::string>("tma"));
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

} // namespace
