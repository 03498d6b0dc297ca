//===- MatmulProblemTest.cpp - matmul problems, classes and suites --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulProblem.h"
#include "jit/MatmulPlanKey.h"
#include "jit/MatmulSuite.h"

#include "MatmulTestSupport.h"

#include "gtest/gtest.h"

#include <functional>
#include <vector>

using namespace gemm_opt;
using gemm_opt::jit::MatrixOrder;

namespace {

std::string checkMessage(const MatmulProblem &p, const MatmulEpilogue &e = {}) {
  llvm::Error error = checkMatmulProblem(p, e);
  return error ? llvm::toString(std::move(error)) : std::string();
}

TEST(MatmulProblemTest, KernelClassNamesWhatAKernelMustMatch) {
  MatmulProblem p = makeLinear(8192, 4096, 4096);
  EXPECT_EQ(getKernelClass(p, {}),
            "sm_90a a=bf16:row b=bf16:col c=bf16:row single epilogue=none");
  MatmulEpilogue e;
  int bias = 0;
  e.bias = &bias;
  e.activation = "silu";
  e.beta = 1.0f;
  EXPECT_EQ(getKernelClass(p, getEpilogueForm(e)),
            "sm_90a a=bf16:row b=bf16:col c=bf16:row single "
            "epilogue=alpha_beta+bias_row+silu");
  p.batch = 4;
  p.aType = p.bType = p.cType = "f32";
  p.allowTf32 = true;
  EXPECT_EQ(getKernelClass(p, {}),
            "sm_90a a=f32:row b=f32:col c=f32:row tf32 batched epilogue=none");
}

TEST(MatmulProblemTest, PlanKeysTellProblemsApart) {
  MatmulProblem p = makeLinear(128, 4096, 4096);
  MatmulPlanKey base = getPlanKey(p, {});
  EXPECT_EQ(base, getPlanKey(makeLinear(128, 4096, 4096), {}));
  EXPECT_EQ(MatmulPlanKeyHash()(base),
            MatmulPlanKeyHash()(getPlanKey(makeLinear(128, 4096, 4096), {})));
  using Change = std::function<void(MatmulProblem &)>;
  std::vector<std::pair<const char *, Change>> changes = {
      {"m", [](MatmulProblem &q) { q.m = 129; }},
      {"n", [](MatmulProblem &q) { q.n = 4095; }},
      {"k", [](MatmulProblem &q) { q.k = 4097; }},
      {"batch", [](MatmulProblem &q) { q.batch = 2; }},
      {"lda", [](MatmulProblem &q) { q.lda = 8192; }},
      {"ldb", [](MatmulProblem &q) { q.ldb = 8192; }},
      {"ldc", [](MatmulProblem &q) { q.ldc = 8192; }},
      {"batch stride of A", [](MatmulProblem &q) { q.batchStrideA = 0; }},
      {"batch stride of B", [](MatmulProblem &q) { q.batchStrideB = 0; }},
      {"batch stride of C", [](MatmulProblem &q) { q.batchStrideC = 1 << 20; }},
      {"order of A",
       [](MatmulProblem &q) { q.orderA = jit::MatrixOrder::ColumnMajor; }},
      {"order of B",
       [](MatmulProblem &q) { q.orderB = jit::MatrixOrder::RowMajor; }},
      {"order of C",
       [](MatmulProblem &q) { q.orderC = jit::MatrixOrder::ColumnMajor; }},
      {"tf32", [](MatmulProblem &q) { q.allowTf32 = true; }},
      {"type of A", [](MatmulProblem &q) { q.aType = "f16"; }},
      {"type of B", [](MatmulProblem &q) { q.bType = "f16"; }},
      {"type of C", [](MatmulProblem &q) { q.cType = "f32"; }},
      {"chip", [](MatmulProblem &q) { q.chip = "sm_90"; }},
      // Each name ends with a NUL: "bf16bf16" + "" is not "bf16" + "bf16".
      {"types that concatenate alike",
       [](MatmulProblem &q) {
         q.aType = "bf16bf16";
         q.bType = "";
       }},
  };
  std::vector<MatmulPlanKey> seen{base};
  for (const auto &[name, change] : changes) {
    SCOPED_TRACE(name);
    MatmulProblem q = p;
    change(q);
    MatmulPlanKey key = getPlanKey(q, {});
    for (const MatmulPlanKey &other : seen)
      EXPECT_FALSE(key == other);
    seen.push_back(key);
  }
  std::vector<jit::FusedEpilogueDescription> forms(4);
  forms[1].alphaBeta = true;
  forms[2].bias = "column";
  forms[3].activation = "silu";
  jit::FusedEpilogueDescription residual;
  residual.residual = true;
  forms.push_back(residual);
  for (const jit::FusedEpilogueDescription &form : forms) {
    MatmulPlanKey key = getPlanKey(p, form);
    if (&form == &forms[0])
      continue;
    for (const MatmulPlanKey &other : seen)
      EXPECT_FALSE(key == other);
    seen.push_back(key);
  }
}

TEST(MatmulProblemTest, ArgumentsArePackedUnlessTold) {
  MatmulProblem p = makeLinear(100, 300, 200);
  p.batch = 3;
  int a, b, c;
  jit::GemmArguments args = getGemmArguments(p, &a, &b, &c, {});
  EXPECT_EQ(args.lda, 200);
  EXPECT_EQ(args.ldb, 200); // B column-major: K x N with ld K.
  EXPECT_EQ(args.ldc, 300);
  EXPECT_EQ(args.batchStrideA, 100 * 200);
  EXPECT_EQ(args.batchStrideB, 300 * 200);
  EXPECT_EQ(args.batchStrideC, 100 * 300);
  EXPECT_EQ(args.orderB, MatrixOrder::ColumnMajor);
}

TEST(MatmulProblemTest, BadProblemsNameTheField) {
  MatmulProblem p = makeLinear(0, 10, 10);
  EXPECT_NE(checkMessage(p).find("must be positive"), std::string::npos);
  p = makeLinear(10, 10, 10);
  p.aType = "e4m3";
  EXPECT_NE(checkMessage(p).find("A's type 'e4m3'"), std::string::npos);
  p = makeLinear(10, 10, 10);
  p.bType = "f16";
  EXPECT_NE(checkMessage(p).find("A and B must have one type"),
            std::string::npos);
  p = makeLinear(10, 20, 30);
  p.lda = 29;
  EXPECT_NE(checkMessage(p).find("lda = 29 is below 30"), std::string::npos);
  p = makeLinear(10, 20, 30);
  p.batch = 2;
  p.batchStrideC = 100;
  EXPECT_NE(checkMessage(p).find("C's batch stride 100"), std::string::npos);
  p = makeLinear(10, 20, 30);
  p.allowTf32 = true;
  EXPECT_NE(checkMessage(p).find("tf32 math needs f32"), std::string::npos);
  MatmulEpilogue e;
  e.activation = "tanh";
  EXPECT_NE(checkMessage(makeLinear(10, 20, 30), e).find("unknown activation"),
            std::string::npos);
  EXPECT_EQ(checkMessage(makeLinear(10, 20, 30)), "");
}

TEST(MatmulSuiteTest, PublicSuiteHoldsTheIssueProblems) {
  std::vector<MatmulProblem> suite = getPublicMatmulSuite();
  // 12 weights x 6 M x 2 types x 2 layouts, then 4 weights x 3 M x 2.
  EXPECT_EQ(suite.size(), 312u);
  EXPECT_EQ(formatSuiteLine(suite.front()), "1x6144x4096 bf16 row,col");
  EXPECT_EQ(formatSuiteLine(suite.back()), "8192x4096x14336 f32 row,col");
  EXPECT_TRUE(suite[288].allowTf32);
}

TEST(MatmulSuiteTest, LinesRoundTrip) {
  llvm::Expected<std::vector<MatmulProblem>> parsed = parseMatmulSuite(
      "# comment\n2048x6144x4096 bf16 row,col\n\n128x4096x4096 tf32 col,row "
      " # tail\n",
      "suite.txt");
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ(formatSuiteLine((*parsed)[0]), "2048x6144x4096 bf16 row,col");
  EXPECT_EQ(formatSuiteLine((*parsed)[1]), "128x4096x4096 tf32 col,row");
  EXPECT_EQ((*parsed)[1].aType, "f32");
}

TEST(MatmulSuiteTest, BadLinesSayWhere) {
  auto message = [](llvm::StringRef text) {
    llvm::Expected<std::vector<MatmulProblem>> parsed =
        parseMatmulSuite(text, "s.txt");
    return parsed ? std::string() : llvm::toString(parsed.takeError());
  };
  EXPECT_NE(message("\n1x2 bf16 row,row").find("s.txt:2: '1x2'"),
            std::string::npos);
  EXPECT_NE(message("1x2x3 int8 row,row").find("s.txt:1: type 'int8'"),
            std::string::npos);
  EXPECT_NE(message("1x2x3 bf16 row").find("layouts 'row'"), std::string::npos);
  EXPECT_NE(message("1x2x3 bf16").find("expected '<M>x<N>x<K>"),
            std::string::npos);
  EXPECT_NE(message("0x2x3 bf16 row,row").find("positive"), std::string::npos);
}

} // namespace
