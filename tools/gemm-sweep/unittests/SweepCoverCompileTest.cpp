//===- SweepCoverCompileTest.cpp - planned schedules claim their cases ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each schedule the cover planner writes (SweepCoverPlan.h) is compiled with
// the JIT (no GPU needed) and the compiled kernel's metadata must claim the
// problem it was planned for: planner, compiler and runtime capabilities
// agree on types, layouts, batching and the fused epilogue, including how
// the problem model's bias vectors map to the kernel's bias = row / column.
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepCoverPlan.h"

#include "jit/GemmJit.h"
#include "runtime/BundleCapabilities.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

GemmProblem makeProblem(ElementType type, MatrixLayouts layouts,
                        Epilogue epilogue, int64_t batch = 1) {
  GemmProblem problem = GemmProblem::get(
      GemmShape::get(129, 257, 65, 0, 0, 0, layouts), type, type, type);
  problem.epilogue = epilogue;
  if (batch > 1) {
    problem.batchCount = batch;
    for (Operand operand : {Operand::A, Operand::B, Operand::C})
      problem.getView(operand).batchStride = problem.getMatrixSpan(operand);
  }
  return problem;
}

TEST(SweepCoverCompileTest, CompiledCoverKernelsClaimTheirCases) {
  gemm_opt::jit::JitOptions options;
  options.enableCache = false;
  gemm_opt::jit::GemmJit jit(options);
  const Epilogue identity;
  const GemmProblem problems[] = {
      makeProblem(ElementType::BF16, {Row, Row, Row}, {0.5, 0.0}),
      makeProblem(ElementType::F16, {Col, Row, Row},
                  {1.0, 0.0, BiasKind::Row, EpilogueActivation::Relu}),
      makeProblem(ElementType::BF16, {Row, Col, Col},
                  {1.0, 0.5, BiasKind::Col, EpilogueActivation::GeluErf}),
      makeProblem(ElementType::F16, {Row, Row, Col},
                  {1.0, 0.0, BiasKind::None, EpilogueActivation::GeluTanh}),
      makeProblem(ElementType::F32, {Col, Col, Row},
                  {2.5, 0.0, BiasKind::Row, EpilogueActivation::Silu}),
      makeProblem(ElementType::BF16, {Row, Col, Row},
                  {1.0, 0.5, BiasKind::Col, EpilogueActivation::GeluTanh,
                   /*residual=*/true}),
      // A residual into a column-major C, column-major like C.
      makeProblem(ElementType::F16, {Col, Row, Col},
                  {1.0, 0.0, BiasKind::Row, EpilogueActivation::Relu,
                   /*residual=*/true}),
      makeProblem(ElementType::BF16, {Col, Col, Row},
                  {-1.0, 1.0, BiasKind::Row}, /*batch=*/3),
      makeProblem(ElementType::F32, {Row, Col, Row},
                  {1.0, 0.0, BiasKind::Col}),
      // tf32 with staged K-major copies of A and B.
      makeProblem(ElementType::F32, {Col, Row, Col},
                  {2.0, 0.5, BiasKind::Row}),
      makeProblem(ElementType::BF16, {Row, Row, Col}, identity),
      makeProblem(ElementType::F16, {Col, Col, Col}, identity, /*batch=*/3),
      // Batched tf32: a column-major A read from registers, batches of
      // staged K-major copies of a row-major B; row-major A and B
      // exchanged.
      makeProblem(ElementType::F32, {Col, Row, Row}, identity, /*batch=*/3),
      makeProblem(ElementType::F32, {Row, Row, Col}, {0.5, 0.25},
                  /*batch=*/2)};
  for (const GemmProblem &problem : problems) {
    llvm::Expected<gemm_opt::jit::ScheduleDescription> schedule =
        planCoverSchedule(problem);
    ASSERT_TRUE(bool(schedule)) << llvm::toString(schedule.takeError());
    SCOPED_TRACE(schedule->name);
    auto kernel = jit.compile(*schedule);
    ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
    KernelCapabilities capabilities =
        getKernelCapabilities(llvm::cantFail((*kernel)->getSpec()));
    for (const CapabilityGap &gap : findCapabilityGaps(capabilities, problem))
      ADD_FAILURE() << gap.message;
    // tf32 on row-major A and B runs as C^T = B^T·A^T
    // (tile-exchange-operands; a bias changes sides); otherwise it reads a
    // row-major B from a staged copy; a column-major A from registers (no
    // copy).
    const KernelSpec &spec = llvm::cantFail((*kernel)->getSpec());
    bool tf32 = problem.a.type == ElementType::F32;
    bool exchanged =
        tf32 && problem.a.layout == Row && problem.b.layout == Row;
    EXPECT_EQ(spec.sourceLayouts.has_value(), exchanged);
    EXPECT_EQ(spec.getStagedTranspose(Operand::A), nullptr);
    EXPECT_EQ(spec.getStagedTranspose(Operand::B) != nullptr,
              tf32 && problem.b.layout == Row && !exchanged);
  }
}

} // namespace
