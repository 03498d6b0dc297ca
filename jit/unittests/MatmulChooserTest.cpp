//===- MatmulChooserTest.cpp - schedules for matmul problems --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulScheduleChooser.h"
#include "tuning/TuningDatabase.h"

#include "MatmulTestSupport.h"

#include "gtest/gtest.h"

#include <string>
#include <tuple>

using namespace gemm_opt;
using gemm_opt::jit::MatrixOrder;

namespace {

constexpr MatrixOrder Row = MatrixOrder::RowMajor;
constexpr MatrixOrder Col = MatrixOrder::ColumnMajor;

/// One chooser for the whole suite: its candidate space is analysed once.
MatmulScheduleChooser &getModelChooser() {
  static MatmulScheduleChooser chooser(std::nullopt, "h200");
  return chooser;
}

MatmulSchedule choose(MatmulScheduleChooser &chooser,
                      const MatmulProblem &problem,
                      const jit::FusedEpilogueDescription &epilogue = {}) {
  llvm::Expected<MatmulSchedule> chosen = chooser.choose(problem, epilogue);
  EXPECT_TRUE(bool(chosen)) << llvm::toString(chosen.takeError());
  return chosen ? *chosen : MatmulSchedule();
}

TEST(MatmulChooserTest, ModelChoosesAVerifyingScheduleForEveryLayout) {
  for (auto [a, b] : {std::pair{Row, Col}, std::pair{Row, Row},
                      std::pair{Col, Row}, std::pair{Col, Col}}) {
    MatmulProblem problem = makeMatmulProblem(2048, 4096, 4096, a, b);
    MatmulSchedule chosen = choose(getModelChooser(), problem);
    SCOPED_TRACE(chosen.module);
    EXPECT_EQ(chosen.reason.rfind("static model: ", 0), 0u) << chosen.reason;
    EXPECT_NE(chosen.reason.find("on h200"), std::string::npos);
    std::string why;
    EXPECT_TRUE(verifiesMatmulModule(chosen.module, why)) << why;
    EXPECT_NE(chosen.module.find(chosen.schedule), std::string::npos);
  }
}

TEST(MatmulChooserTest, TransposedModulesExchangeAAndB) {
  MatmulProblem problem = makeMatmulProblem(16, 4096, 1024, Row, Col);
  std::string direct =
      renderMatmulModule(problem, {}, LargeSchedule, false, "m");
  std::string transposed =
      renderMatmulModule(problem, {}, LargeSchedule, true, "m");
  // Direct: A row-major, B column-major. Transposed: A' = B^T (row-major),
  // B' = A^T (column-major), C' = C^T (column-major).
  EXPECT_NE(direct.find("%a: memref<?x?xbf16>, %b: memref<?x?xbf16, "
                        "strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>"),
            std::string::npos)
      << direct;
  EXPECT_NE(transposed.find("%a: memref<?x?xbf16>, %b: memref<?x?xbf16, "
                            "strided<[1, ?], offset: ?>>, %c: "
                            "memref<?x?xbf16, strided<[1, ?], offset: ?>>"),
            std::string::npos)
      << transposed;
}

TEST(MatmulChooserTest, BiasNeverRunsTransposed) {
  // Decode: the model's favourites run transposed, which would turn a bias
  // along the rows into one along the columns.
  jit::FusedEpilogueDescription epilogue;
  epilogue.bias = "row";
  MatmulSchedule chosen = choose(
      getModelChooser(), makeMatmulProblem(1, 4096, 4096, Row, Row), epilogue);
  EXPECT_NE(chosen.module.find("%c: memref<?x?xbf16>"), std::string::npos)
      << chosen.module;
  EXPECT_NE(chosen.module.find("bias = row"), std::string::npos);
}

TEST(MatmulChooserTest, DatabaseEntryServesItsShapeBucket) {
  tuning::TuningEntry entry;
  entry.problem = {"sm_90a", "bf16", "bf16", "bf16", 4096, 4096, 4096};
  entry.device = "NVIDIA H200";
  entry.block = {128, 256, 64};
  entry.divisibility = {1, 1, 1};
  entry.candidate = "large";
  entry.schedule = LargeSchedule;
  entry.ratioToCublas = 1.05;
  tuning::TuningDatabase database;
  database.insert(entry);
  MatmulScheduleChooser chooser(database, "h200");

  MatmulSchedule exact =
      choose(chooser, makeMatmulProblem(4096, 4096, 4096, Row, Row));
  EXPECT_EQ(exact.reason, "tuning database: large measured at 4096x4096x4096 "
                          "(row-major) on NVIDIA H200 (1.05x cuBLAS)");
  EXPECT_NE(exact.module.find("func.func @large("), std::string::npos);
  MatmulSchedule near =
      choose(chooser, makeMatmulProblem(3000, 4096, 5000, Row, Row));
  EXPECT_NE(near.reason.find("the same shape bucket"), std::string::npos)
      << near.reason;
  // Outside the bucket, or in layouts the database does not measure: the
  // model.
  EXPECT_EQ(choose(chooser, makeMatmulProblem(1024, 4096, 4096, Row, Row))
                .reason.rfind("static model", 0),
            0u);
  EXPECT_EQ(choose(chooser, makeMatmulProblem(4096, 4096, 4096, Row, Col))
                .reason.rfind("static model", 0),
            0u);
}

TEST(MatmulChooserTest, MeasuredClassEntriesServeOnlyTheirClass) {
  MatmulProblem linear = makeMatmulProblem(2048, 4096, 4096, Row, Col);
  tuning::TuningEntry entry;
  entry.problem = {"sm_90a", "bf16", "bf16", "bf16", 2048, 4096, 4096};
  entry.matmulClass = getKernelClass(linear, {});
  entry.device = "NVIDIA H200";
  entry.block = {128, 256, 64};
  entry.divisibility = {1, 1, 1};
  entry.candidate = "linear";
  entry.schedule = LargeSchedule;
  entry.kernelLayouts = {"row", "col", "row"};
  entry.measuredTflops = 700;
  entry.ratioToCublas = 1.02;
  tuning::TuningDatabase database;
  database.insert(entry);
  MatmulScheduleChooser chooser(database, "h200");
  EXPECT_EQ(choose(chooser, linear).reason,
            "tuning database: linear measured at 2048x4096x4096 on NVIDIA "
            "H200 (1.02x cuBLAS)");
  // The row-major problem of the same shape is another class.
  EXPECT_EQ(choose(chooser, makeMatmulProblem(2048, 4096, 4096, Row, Row))
                .reason.rfind("static model", 0),
            0u);
  // The same problem with an epilogue takes the bare class's entry where
  // its own class has none, and says so.
  jit::FusedEpilogueDescription relu;
  relu.activation = "relu";
  MatmulSchedule withRelu = choose(chooser, linear, relu);
  EXPECT_EQ(withRelu.reason,
            "tuning database: linear measured at 2048x4096x4096 on NVIDIA "
            "H200 (1.02x cuBLAS), measured without the epilogue");
  EXPECT_NE(withRelu.module.find("activation = relu"), std::string::npos)
      << withRelu.module;
  // An entry of the epilogue's own class comes first.
  tuning::TuningEntry reluEntry = entry;
  reluEntry.matmulClass = getKernelClass(linear, relu);
  reluEntry.candidate = "linear_relu";
  database.insert(reluEntry);
  MatmulScheduleChooser reluChooser(database, "h200");
  EXPECT_EQ(choose(reluChooser, linear, relu).candidate, "linear_relu");
  // The database answers first; the model adds one candidate per structure.
  llvm::Expected<std::vector<MatmulSchedule>> candidates =
      chooser.chooseCandidates(linear, {}, 4);
  ASSERT_TRUE(bool(candidates)) << llvm::toString(candidates.takeError());
  ASSERT_EQ(candidates->size(), 4u);
  EXPECT_EQ((*candidates)[0].candidate, "linear");
  for (size_t i = 1; i < 4; ++i)
    EXPECT_EQ((*candidates)[i].reason.rfind("static model", 0), 0u);
}

TEST(MatmulChooserTest, Float32TakesTheShippedSchedulesByWave) {
  MatmulScheduleChooser chooser;
  MatmulProblem tf32 = makeMatmulProblem(2048, 4096, 4096, Row, Col, "f32");
  tf32.allowTf32 = true;
  EXPECT_EQ(choose(chooser, tf32).candidate,
            "tf32_wgmma_128x256x32_s4_streamk");
  // At 128x4096 no tf32 tile has a full wave; 64x64 tiles have the most
  // blocks (128) and take no split.
  MatmulProblem skinnyTf32 =
      makeMatmulProblem(128, 4096, 4096, Row, Col, "f32");
  skinnyTf32.allowTf32 = true;
  EXPECT_EQ(choose(chooser, skinnyTf32).candidate, "tf32_wgmma_64x64x32_s12");
  // 8192x4096 has four waves of 128x256 blocks. 128x4096 has not one wave
  // of tiles without a split: four splits of 128x128 tiles make 128 blocks
  // (a last wave 97 % full); 128x6144 takes 64x128 tiles in four splits
  // (384 blocks, 2.9 waves) over 128x128 ones (192, 1.45 waves).
  MatmulSchedule large =
      choose(chooser, makeMatmulProblem(8192, 4096, 4096, Row, Col, "f32"));
  EXPECT_EQ(large.candidate, "f32_simt_128x256x8_s3");
  EXPECT_NE(large.schedule.find("ffma"), std::string::npos);
  // B's rows are padded, so that a column-major B's 4-byte copies into
  // its K-major tiles do not conflict.
  EXPECT_NE(large.schedule.find("smem_b = #tile.pad<4>"), std::string::npos);
  MatmulSchedule small =
      choose(chooser, makeMatmulProblem(128, 4096, 4096, Row, Col, "f32"));
  EXPECT_EQ(small.candidate, "f32_simt_128x128x16_s3_sk4");
  EXPECT_NE(small.schedule.find("split_k = 4"), std::string::npos);
  EXPECT_EQ(choose(chooser, makeMatmulProblem(128, 6144, 4096, Row, Col, "f32"))
                .candidate,
            "f32_simt_64x128x8_s2_sk4");
  // Every SIMT schedule to measure, and last, 128x256 tiles split 8 ways
  // (16 tiles, 128 blocks), then the 4-warp 128x128 block split 8 ways
  // (32 tiles, 256 blocks: two per SM).
  llvm::Expected<std::vector<MatmulSchedule>> all = chooser.chooseCandidates(
      makeMatmulProblem(128, 4096, 4096, Row, Col, "f32"), {}, 16);
  ASSERT_TRUE(bool(all)) << llvm::toString(all.takeError());
  ASSERT_EQ(all->size(), 12u);
  EXPECT_EQ((*all)[10].candidate, "f32_simt_128x256x8_s3_sk8");
  EXPECT_NE((*all)[10].schedule.find("split_k = 8"), std::string::npos);
  EXPECT_EQ(all->back().candidate, "f32_simt_128x128x8_t8x16_s3_sk8");
  EXPECT_NE(all->back().schedule.find("split_k = 8"), std::string::npos);
  // Where the tiles fill two waves, no split is offered.
  llvm::Expected<std::vector<MatmulSchedule>> wide = chooser.chooseCandidates(
      makeMatmulProblem(2048, 4096, 4096, Row, Col, "f32"), {}, 16);
  ASSERT_TRUE(bool(wide)) << llvm::toString(wide.takeError());
  EXPECT_EQ(wide->size(), 10u);
}

TEST(MatmulChooserTest, PersistentPicksGetAStreamKTwin) {
  llvm::Expected<std::vector<MatmulSchedule>> candidates =
      getModelChooser().chooseCandidates(
          makeMatmulProblem(512, 6144, 4096, Row, Col), {}, 4);
  ASSERT_TRUE(bool(candidates)) << llvm::toString(candidates.takeError());
  ASSERT_EQ(candidates->size(), 4u);
  bool twin = llvm::any_of(*candidates, [](const MatmulSchedule &s) {
    return s.schedule.find("stream_k = spares") != std::string::npos &&
           s.candidate.size() > 8 &&
           s.candidate.compare(s.candidate.size() - 8, 8, "_streamk") == 0;
  });
  EXPECT_TRUE(twin);
  std::string why;
  for (const MatmulSchedule &s : *candidates)
    EXPECT_TRUE(verifiesMatmulModule(s.module, why)) << why;
}

TEST(MatmulChooserTest, UnknownChipIsAnError) {
  MatmulScheduleChooser chooser;
  MatmulProblem problem = makeMatmulProblem(128, 128, 128, Row, Row);
  problem.chip = "sm_42";
  llvm::Expected<MatmulSchedule> chosen = chooser.choose(problem, {});
  ASSERT_FALSE(bool(chosen));
  EXPECT_NE(llvm::toString(chosen.takeError()).find("sm_42"),
            std::string::npos);
}

} // namespace

namespace {

TEST(MatmulChooserTest, ThinProblemsTakeDotSchedules) {
  MatmulScheduleChooser chooser;
  for (int64_t m : {1, 2, 4}) {
    MatmulSchedule decode =
        choose(chooser, makeMatmulProblem(m, 4096, 14336, Row, Col));
    SCOPED_TRACE(decode.module);
    EXPECT_EQ(decode.candidate, "dot_bf16_" + std::to_string(m) + "x4x1024_w" +
                                    std::to_string(m) + "x1");
    EXPECT_NE(decode.schedule.find("#tile.mma<dot, [1, 1, 8]>"),
              std::string::npos);
    EXPECT_EQ(decode.reason.rfind("decode rule: ", 0), 0u) << decode.reason;
    EXPECT_FALSE(decode.transposed);
    std::string why;
    EXPECT_TRUE(verifiesMatmulModule(decode.module, why)) << why;
  }
  // A fused epilogue rides along.
  jit::FusedEpilogueDescription biasSilu;
  biasSilu.bias = "column";
  biasSilu.activation = "silu";
  MatmulSchedule fused = choose(
      chooser, makeMatmulProblem(1, 4096, 4096, Row, Col, "f16"), biasSilu);
  EXPECT_EQ(fused.candidate, "dot_f16_1x4x2048_w1x1");
  // One or two rows of A and a large row-major weight: lanes along N,
  // split_k up to about two blocks per SM.
  for (auto [m, n, k, candidate] :
       {std::tuple<int64_t, int64_t, int64_t, std::string>{
            1, 4096, 14336, "dot_rows_bf16_1x256x128_u8_sk16"},
        {1, 57344, 8192, "dot_rows_bf16_1x256x128_u8_sk1"},
        {1, 10240, 8192, "dot_rows_bf16_1x256x128_u8_sk4"},
        {2, 8192, 28672, "dot_rows_bf16_2x256x128_u8_sk8"}}) {
    MatmulSchedule rows = choose(chooser, makeMatmulProblem(m, n, k, Row, Row));
    SCOPED_TRACE(rows.module);
    EXPECT_EQ(rows.candidate, candidate);
    EXPECT_NE(rows.schedule.find("#tile.mma<dot, [1, 8, 8]>"),
              std::string::npos);
    EXPECT_EQ(rows.reason.rfind("decode rule: ", 0), 0u) << rows.reason;
    std::string why;
    EXPECT_TRUE(verifiesMatmulModule(rows.module, why)) << why;
  }
  // Not thin, a small row-major weight, more than two rows of A with a
  // row-major weight, or too few columns to fill the SMs: the tensor-core
  // candidates.
  for (MatmulProblem other : {makeMatmulProblem(5, 4096, 14336, Row, Col),
                              makeMatmulProblem(1, 4096, 4096, Row, Row),
                              makeMatmulProblem(3, 57344, 8192, Row, Row),
                              makeMatmulProblem(1, 512, 14336, Row, Col)}) {
    MatmulSchedule chosen = choose(chooser, other);
    EXPECT_EQ(chosen.schedule.find("dot"), std::string::npos)
        << chosen.candidate;
  }
}

} // namespace
