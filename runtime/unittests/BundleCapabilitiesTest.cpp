//===- BundleCapabilitiesTest.cpp - Capability matching and refusals ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BundleCapabilities.h"
#include "runtime/ProblemRun.h"
#include "runtime/RuntimeError.h"

#include "TestBundles.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;
using llvm::json::Array;
using llvm::json::Object;

namespace {

struct ParsedKernel {
  KernelBundle bundle;
  KernelCapabilities capabilities;
};

ParsedKernel parse(Object kernel) {
  std::string text = makeBundleText(std::move(kernel));
  llvm::Expected<KernelBundle> bundle = parseKernelBundle(text, "/b", "k.json");
  EXPECT_TRUE(bool(bundle)) << llvm::toString(bundle.takeError());
  std::vector<KernelCapabilities> capabilities = getBundleCapabilities(*bundle);
  return {std::move(*bundle), capabilities.front()};
}

/// 256x512x64 bf16, row-major, packed: what the example kernel runs.
GemmProblem makeSupportedProblem() {
  return GemmProblem::get(GemmShape::get(256, 512, 64), ElementType::BF16,
                          ElementType::BF16, ElementType::BF16);
}

RefusalReason refusalReasonOf(llvm::Error err, std::string *message) {
  llvm::Error other = llvm::Error::success();
  std::optional<RefusalSummary> refusal = takeRefusal(std::move(err), other);
  EXPECT_FALSE(bool(other)) << llvm::toString(std::move(other));
  EXPECT_TRUE(refusal.has_value());
  *message = refusal ? refusal->message : "";
  return refusal ? refusal->reason : RefusalReason::Launch;
}

TEST(BundleCapabilitiesTest, MissingFieldsMeanUnsupported) {
  KernelCapabilities capabilities = parse(makeValidKernel()).capabilities;
  EXPECT_TRUE(capabilities.layouts[0].row);
  EXPECT_FALSE(capabilities.layouts[0].col);
  EXPECT_FALSE(capabilities.anyAlpha);
  EXPECT_FALSE(capabilities.anyBeta);
  EXPECT_FALSE(capabilities.rowBias || capabilities.colBias);
  EXPECT_EQ(capabilities.activation, EpilogueActivation::None);
  EXPECT_FALSE(capabilities.stridedBatch);
  EXPECT_EQ(capabilities.requiresDivisible.n, 256);
}

TEST(BundleCapabilitiesTest, DeclaredFieldsAreRead) {
  // A batched kernel: "batch", rank-3 operands, the batch along grid z
  // (runtime/BatchedKernelSpec.h).
  Object kernel = makeValidKernel();
  kernel["batch"] = Object{{"strided", true}};
  kernel["parameters"] = llvm::json::Array{
      Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 3}},
      Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 3}},
      Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 3}}};
  (*kernel.getObject("grid"))["z"] = Object{{"extent", "batch"}, {"tile", 1}};
  KernelCapabilities capabilities = parse(std::move(kernel)).capabilities;
  EXPECT_TRUE(capabilities.stridedBatch);
  EXPECT_TRUE(capabilities.fusedEpilogue.empty());

  GemmProblem problem = makeSupportedProblem();
  problem.batchCount = 3;
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    problem.getView(operand).batchStride = problem.getMatrixSpan(operand);
  EXPECT_TRUE(findCapabilityGaps(capabilities, problem).empty());
  // A kernel without a fused epilogue takes none.
  problem.epilogue = {0.5, 1.0, BiasKind::Row, EpilogueActivation::GeluErf};
  EXPECT_EQ(findCapabilityGaps(capabilities, problem).front().reason,
            RefusalReason::Epilogue);
}

TEST(BundleCapabilitiesTest, FusedEpilogueKernelClaimsItsOwnEpilogue) {
  Object kernel = makeValidKernel();
  kernel["epilogue"] = Object{{"alpha_beta", true},
                              {"bias", "row"},
                              {"activation", "gelu_erf"}};
  llvm::json::Array *parameters = kernel.getArray("parameters");
  parameters->push_back(
      Object{{"kind", "scalar"}, {"name", "alpha"}, {"type", "f32"}});
  parameters->push_back(
      Object{{"kind", "scalar"}, {"name", "beta"}, {"type", "f32"}});
  parameters->push_back(
      Object{{"kind", "memref"}, {"operand", "bias"}, {"rank", 1}});
  KernelCapabilities capabilities = parse(std::move(kernel)).capabilities;
  EXPECT_TRUE(capabilities.anyAlpha && capabilities.anyBeta);
  // The kernel's bias = row (one entry per row of C, M of them) is the
  // problem model's column vector.
  EXPECT_TRUE(capabilities.colBias && !capabilities.rowBias);
  EXPECT_EQ(capabilities.activation, EpilogueActivation::GeluErf);
  GemmProblem problem = makeSupportedProblem();
  problem.epilogue = {0.5, 1.0, BiasKind::Col, EpilogueActivation::GeluErf};
  EXPECT_TRUE(findCapabilityGaps(capabilities, problem).empty());
  problem.epilogue.alpha = 1.0;
  problem.epilogue.beta = 0.0;
  EXPECT_TRUE(findCapabilityGaps(capabilities, problem).empty());
  // Without the activation it always applies: refused, and why.
  problem.epilogue.activation = EpilogueActivation::None;
  auto gaps = findCapabilityGaps(capabilities, problem);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps.front().reason, RefusalReason::Epilogue);
  EXPECT_NE(gaps.front().message.find("no activation (it applies one)"),
            std::string::npos)
      << gaps.front().message;
}

TEST(BundleCapabilitiesTest, ProblemEpilogueOfAFusedKernel) {
  FusedEpilogueSpec fused;
  fused.alphaBeta = true;
  fused.bias = EpilogueBias::Column;
  fused.activation = EpilogueActivation::Relu;
  Epilogue epilogue = getProblemEpilogue(fused, 1.5, -0.5);
  EXPECT_EQ(epilogue.alpha, 1.5);
  EXPECT_EQ(epilogue.beta, -0.5);
  // bias[col]: the problem model's row vector.
  EXPECT_EQ(epilogue.bias, BiasKind::Row);
  EXPECT_EQ(epilogue.activation, EpilogueActivation::Relu);
  EXPECT_FALSE(epilogue.residual);
  // Without alpha_beta the kernel computes alpha = 1, beta = 0.
  fused.alphaBeta = false;
  fused.bias = EpilogueBias::Row;
  fused.activation = EpilogueActivation::GeluErf;
  epilogue = getProblemEpilogue(fused, 1.5, -0.5);
  EXPECT_TRUE(epilogue.alpha == 1.0 && epilogue.beta == 0.0);
  EXPECT_EQ(epilogue.bias, BiasKind::Col);
  EXPECT_EQ(epilogue.activation, EpilogueActivation::GeluErf);
  // Every activation and the residual have their problem-model twins.
  for (EpilogueActivation activation :
       {EpilogueActivation::GeluTanh, EpilogueActivation::Silu})
    EXPECT_EQ(getProblemEpilogue({false, EpilogueBias::None, activation, true},
                                 1.0, 0.0)
                  .activation,
              activation);
  fused.residual = true;
  EXPECT_TRUE(getProblemEpilogue(fused, 1.0, 0.0).residual);
}

TEST(BundleCapabilitiesTest, FusedActivationClaimsExactlyItsProblems) {
  Object kernel = makeValidKernel();
  // An activation alone needs no extra kernel parameters.
  kernel["epilogue"] = Object{{"activation", "gelu_tanh"}};
  KernelCapabilities capabilities = parse(std::move(kernel)).capabilities;
  EXPECT_FALSE(capabilities.fusedEpilogue.empty());
  EXPECT_EQ(capabilities.activation, EpilogueActivation::GeluTanh);
  GemmProblem problem = makeSupportedProblem();
  auto gaps = findCapabilityGaps(capabilities, problem);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps.front().reason, RefusalReason::Epilogue);
  EXPECT_NE(gaps.front().message.find("no activation (it applies one)"),
            std::string::npos)
      << gaps.front().message;
  problem.epilogue.activation = EpilogueActivation::GeluErf;
  gaps = findCapabilityGaps(capabilities, problem);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_NE(gaps.front().message.find("epilogue gelu_erf is not supported"),
            std::string::npos)
      << gaps.front().message;
  problem.epilogue.activation = EpilogueActivation::GeluTanh;
  EXPECT_TRUE(findCapabilityGaps(capabilities, problem).empty());
}

TEST(BundleCapabilitiesTest, MalformedFieldIsAnError) {
  Object kernel = makeValidKernel();
  kernel["epilogue"] = Object{{"bias", "diagonal"}};
  std::string text = makeBundleText(std::move(kernel));
  auto bundle = parseKernelBundle(text, "/b", "k.json");
  ASSERT_FALSE(bool(bundle));
  EXPECT_NE(llvm::toString(bundle.takeError())
                .find("expected \"none\", \"row\" or \"column\" at "
                      "kernels[0].epilogue.bias"),
            std::string::npos);
}

TEST(BundleCapabilitiesTest, EveryGapIsNamed) {
  KernelCapabilities capabilities = parse(makeValidKernel()).capabilities;
  EXPECT_TRUE(findCapabilityGaps(capabilities, makeSupportedProblem()).empty());

  GemmProblem problem = makeSupportedProblem();
  problem.m = 4097;
  problem.n = 4095;
  problem.k = 4096;
  problem.a.ld = problem.k;
  problem.b.ld = problem.c.ld = problem.n + 1; // 2 bytes past 16
  problem.a.offset = 3;
  problem.a.type = ElementType::F16;
  problem.b.layout = MatrixLayout::Col;
  problem.b.ld = problem.k;
  problem.epilogue.beta = 1.0;
  auto gaps = findCapabilityGaps(capabilities, problem);
  ASSERT_EQ(gaps.size(), 5u);
  EXPECT_EQ(gaps[0].reason, RefusalReason::Types);
  EXPECT_EQ(gaps[1].reason, RefusalReason::Layout);
  EXPECT_EQ(gaps[1].message, "col-major b is not supported by kernel "
                             "gemm_kernel_0, which takes b row");
  EXPECT_EQ(gaps[2].reason, RefusalReason::Epilogue);
  EXPECT_EQ(gaps[3].reason, RefusalReason::Alignment);
  EXPECT_NE(gaps[3].message.find("offset of a (3 elements, 6 bytes)"),
            std::string::npos)
      << gaps[3].message;
  EXPECT_EQ(gaps[4].reason, RefusalReason::Divisibility);
  EXPECT_EQ(gaps[4].message, "shape 4097x4095x4096 is not divisible by the "
                             "tile 128x256x32 of kernel gemm_kernel_0");
}

TEST(ProblemLaunchTest, RefusesWithTheReason) {
  ParsedKernel kernel = parse(makeValidKernel());
  const KernelSpec &spec = kernel.bundle.kernels.front();
  EXPECT_FALSE(llvm::errorToBool(checkProblemLaunchable(
      spec, kernel.capabilities, makeSupportedProblem())));

  GemmProblem ragged = makeSupportedProblem();
  ragged.m = 4097;
  std::string message;
  // Why `problem` cannot launch on the kernel with `capabilities`; the
  // refusal's text goes to `message`.
  auto refusal = [&](const KernelCapabilities &capabilities,
                     const GemmProblem &problem) {
    return refusalReasonOf(checkProblemLaunchable(spec, capabilities, problem),
                           &message);
  };
  EXPECT_EQ(refusal(kernel.capabilities, ragged), RefusalReason::Divisibility);
  EXPECT_NE(message.find("not divisible by the tile 128x256x32"),
            std::string::npos);

  // alpha needs a kernel that fuses alpha_beta; the runtime passes it.
  GemmProblem scaled = makeSupportedProblem();
  scaled.epilogue.alpha = 2.0;
  EXPECT_EQ(refusal(kernel.capabilities, scaled), RefusalReason::Epilogue);
  EXPECT_NE(message.find("alpha=2"), std::string::npos) << message;
  KernelCapabilities declared = kernel.capabilities;
  declared.anyAlpha = true;
  EXPECT_FALSE(bool(checkProblemLaunchable(spec, declared, scaled)));

  // A kernel always adds the bias it fuses: a problem without one (or with
  // the other kind) is refused, one with it is claimed.
  declared.colBias = true;
  EXPECT_EQ(refusal(declared, scaled), RefusalReason::Epilogue);
  EXPECT_NE(message.find("no bias (it adds one)"), std::string::npos)
      << message;
  scaled.epilogue.bias = BiasKind::Row;
  EXPECT_EQ(refusal(declared, scaled), RefusalReason::Epilogue);
  EXPECT_NE(message.find("a row bias"), std::string::npos) << message;
  scaled.epilogue.bias = BiasKind::Col;
  EXPECT_FALSE(bool(checkProblemLaunchable(spec, declared, scaled)));

  // A kernel always adds the residual it fuses: a problem without one is
  // refused, one with it is claimed.
  declared.residual = true;
  EXPECT_EQ(refusal(declared, scaled), RefusalReason::Epilogue);
  EXPECT_NE(message.find("no residual (it adds one)"), std::string::npos)
      << message;
  scaled.epilogue.residual = true;
  EXPECT_FALSE(bool(checkProblemLaunchable(spec, declared, scaled)));
  declared.residual = false;
  EXPECT_EQ(refusal(declared, scaled), RefusalReason::Epilogue);
  EXPECT_NE(message.find("a residual is not supported"), std::string::npos)
      << message;
}

TEST(ProblemLaunchTest, ExchangedKernelsRunTheSourceLayoutsTransposed) {
  // A kernel compiled as C^T = B^T·A^T (tile-exchange-operands): it claims
  // the GEMM's own row-major layouts and runs them as its transposed
  // problem, whose shape (M and N exchanged) meets its tiles.
  Object kernel = makeValidKernel();
  kernel["layouts"] = Object{{"a", "col"}, {"b", "col"}, {"c", "col"}};
  kernel["source_layouts"] = Object{{"a", "row"}, {"b", "row"}, {"c", "row"}};
  ParsedKernel parsed = parse(std::move(kernel));
  const KernelSpec &spec = parsed.bundle.kernels.front();
  for (const LayoutSet &set : parsed.capabilities.layouts) {
    EXPECT_TRUE(set.row);
    EXPECT_FALSE(set.col);
  }
  // 256x128: N is not a multiple of the tile's 256 columns, but the
  // transposed problem's 128x256 is whole.
  GemmProblem problem = GemmProblem::get(GemmShape::get(256, 128, 64),
                                         ElementType::BF16, ElementType::BF16,
                                         ElementType::BF16);
  llvm::Error launchable =
      checkProblemLaunchable(spec, parsed.capabilities, problem);
  EXPECT_FALSE(bool(launchable)) << llvm::toString(std::move(launchable));
  problem = GemmProblem::get(GemmShape::get(128, 256, 64), ElementType::BF16,
                             ElementType::BF16, ElementType::BF16);
  std::string message;
  EXPECT_EQ(refusalReasonOf(checkProblemLaunchable(spec, parsed.capabilities,
                                                   problem),
                            &message),
            RefusalReason::Divisibility);

  // Its bias per row of C^T (the kernel's "row") is one per column of C:
  // the problem model's row vector of N entries.
  Object biased = makeValidKernel();
  biased["layouts"] = Object{{"a", "col"}, {"b", "col"}, {"c", "col"}};
  biased["source_layouts"] = Object{{"a", "row"}, {"b", "row"}, {"c", "row"}};
  biased["epilogue"] = Object{{"bias", "row"}};
  Array parameters = *biased.getArray("parameters");
  parameters.push_back(Object{{"kind", "memref"}, {"operand", "bias"},
                              {"rank", 1}});
  biased["parameters"] = std::move(parameters);
  KernelCapabilities capabilities = parse(std::move(biased)).capabilities;
  EXPECT_TRUE(capabilities.rowBias);
  EXPECT_FALSE(capabilities.colBias);
}

TEST(ProblemLaunchTest, RefusalsAreBadInputForExitCodes) {
  ParsedKernel kernel = parse(makeValidKernel());
  GemmProblem ragged = makeSupportedProblem();
  ragged.k = 33;
  ErrorSummary summary = summarizeError(checkProblemLaunchable(
      kernel.bundle.kernels.front(), kernel.capabilities, ragged));
  EXPECT_EQ(summary.exitCode, ExitBadInput);
  EXPECT_NE(summary.message.find("33"), std::string::npos);
}

} // namespace
