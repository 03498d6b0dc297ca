//===- StagedCopyTest.cpp - padded operand copies by a bundle kernel ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An operand TMA cannot read in place (address or row pitch not a multiple
// of 16 bytes) is copied into a padded buffer before each launch; where the
// bundle entry has "staged_copies" (KernelSpec.h), a copy kernel in its
// image does that instead of cudaMemcpy2DAsync: the entry, the launches
// OperandStaging makes (through a driver without a GPU) and its reports.
//
//===----------------------------------------------------------------------===//

#include "runtime/CopyShape.h"
#include "runtime/KernelModule.h"
#include "runtime/OperandStaging.h"

#include "FakeDriver.h"
#include "TestBundles.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <array>
#include <string>
#include <vector>

using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;
using llvm::json::Array;
using llvm::json::Object;

namespace {

constexpr llvm::StringLiteral copyA = "gemm_kernel_0_stage_copy_a";
constexpr llvm::StringLiteral copyB = "gemm_kernel_0_stage_copy_b";

/// The copy entry the compiler writes for a staged bf16 operand.
Object makeStagingCopy(llvm::StringRef name, llvm::StringRef type = "bf16",
                       bool batched = false) {
  return makeMatrixMoveEntry("copy", name, type, 32, 256, batched);
}

/// A bf16 Hopper kernel (TMA for A and B) with a copy kernel for each.
Object makeStagedCopyKernel() {
  Object kernel = makeHopperKernel();
  kernel["staged_copies"] =
      Object{{"a", makeStagingCopy(copyA)}, {"b", makeStagingCopy(copyB)}};
  return kernel;
}

/// The batched variant: 3-D tensor maps, a rank-3 C, batched copies.
Object makeBatchedStagedCopyKernel(bool batchedCopies = true) {
  Object kernel = makeHopperKernel();
  kernel["grid"] =
      Object{{"persistent", Object{{"ctas_per_sm", 1}}},
             {"tiles", Object{{"m", 128}, {"n", 256}, {"batch", 1}}}};
  kernel["parameters"] =
      Array{makeTmaParam("a", Array{64, 128, 1}, 128, "global_pointer"),
            makeTmaParam("b", Array{64, 64, 1}, 128, "by_value"),
            Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 3}}};
  kernel["batch"] = Object{{"strided", true}};
  kernel["staged_copies"] =
      Object{{"a", makeStagingCopy(copyA, "bf16", batchedCopies)},
             {"b", makeStagingCopy(copyB, "bf16", batchedCopies)}};
  return kernel;
}

OperandStaging planStaging(const KernelSpec &spec, const GemmShape &shape,
                           const OperandAddresses &addresses) {
  llvm::Expected<OperandStaging> staging =
      OperandStaging::plan(spec, shape, addresses);
  if (!staging) {
    ADD_FAILURE() << llvm::toString(staging.takeError());
    return OperandStaging();
  }
  return std::move(*staging);
}

void expectRefused(Object kernel, llvm::StringRef message) {
  ErrorSummary error = kernelError(std::move(kernel));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find(message.str()), std::string::npos)
      << error.message;
}

TEST(StagedCopyTest, EntryNamesTheCopyKernelsInItsImage) {
  KernelSpec spec = parseSingleKernel(makeStagedCopyKernel());
  ASSERT_EQ(spec.stagedCopies.size(), 2u);
  EXPECT_TRUE(spec.stagedTransposes.empty());
  for (auto [operand, name] :
       {std::pair<Operand, llvm::StringRef>(Operand::A, copyA),
        {Operand::B, copyB}}) {
    const StagedCopySpec *staged = spec.getStagedCopy(operand);
    ASSERT_NE(staged, nullptr);
    EXPECT_EQ(staged->operand, operand);
    const KernelSpec &copy = *staged->kernel;
    EXPECT_EQ(copy.kind, KernelKind::Copy);
    EXPECT_EQ(copy.name, name);
    // Same image and chip as the GEMM.
    EXPECT_EQ(copy.cubinPath, spec.cubinPath);
    EXPECT_EQ(copy.ptxPath, spec.ptxPath);
    EXPECT_EQ(copy.chipName, "sm_90a");
    EXPECT_EQ(copy.getThreadsPerBlock(), 256u);
    EXPECT_EQ(copy.dynamicSharedMemoryBytes, 0u);
    EXPECT_EQ(copy.minAlignmentBytes, 2);
    ASSERT_TRUE(copy.matrixMove.has_value());
    EXPECT_EQ(copy.matrixMove->tileRows, 32);
    EXPECT_EQ(copy.matrixMove->tileCols, 256);
    EXPECT_EQ(copy.matrixMove->vectorElements, 8);
    EXPECT_EQ(copy.matrixMove->elementType, ElementType::BF16);
    EXPECT_FALSE(copy.matrixMove->batched);
  }
  EXPECT_EQ(spec.getStagedCopy(Operand::C), nullptr);

  // One kernel per element type may stage both operands.
  Object shared = makeStagedCopyKernel();
  shared["staged_copies"] = Object{{"a", makeStagingCopy("stage_copy_bf16")},
                                   {"b", makeStagingCopy("stage_copy_bf16")}};
  KernelSpec sharedSpec = parseSingleKernel(std::move(shared));
  ASSERT_EQ(sharedSpec.stagedCopies.size(), 2u);
  EXPECT_EQ(sharedSpec.getStagedCopy(Operand::A)->kernel->name,
            "stage_copy_bf16");
  EXPECT_EQ(sharedSpec.getStagedCopy(Operand::B)->kernel->name,
            "stage_copy_bf16");
}

TEST(StagedCopyTest, CopyOfAnotherTypeIsRefused) {
  Object kernel = makeStagedCopyKernel();
  kernel["staged_copies"] = Object{{"b", makeStagingCopy(copyB, "f32")}};
  expectRefused(std::move(kernel),
                "field 'b' must be a copy kernel of bf16 elements");
}

TEST(StagedCopyTest, OnlyCopyKernelsStageCopies) {
  Object kernel = makeStagedCopyKernel();
  kernel["staged_copies"] = Object{
      {"a", makeMatrixMoveEntry("transpose", copyA, "bf16", 32, 256, false)}};
  expectRefused(std::move(kernel),
                "field 'a' must be a copy kernel of bf16 elements");
  // Nor do copies stage transposes.
  Object tf32 = makeTf32Kernel();
  tf32["layouts"] = Object{{"a", "col"}, {"b", "col"}, {"c", "row"}};
  tf32["staged_transposes"] = Object{{"a", makeStagingCopy(copyA, "f32")}};
  expectRefused(std::move(tf32),
                "field 'a' must be a transpose kernel of f32 elements");
  // An operand read from its transposed copy needs no padded one.
  Object both = makeTf32Kernel();
  both["layouts"] = Object{{"a", "col"}, {"b", "col"}, {"c", "row"}};
  both["staged_transposes"] = Object{
      {"a", makeMatrixMoveEntry("transpose", "stage_a", "f32", 64, 64, false)}};
  both["staged_copies"] = Object{{"a", makeStagingCopy(copyA, "f32")}};
  expectRefused(std::move(both), "field 'staged_copies': field 'a' stages an "
                                 "operand the kernel reads through a staged "
                                 "transpose");
}

TEST(StagedCopyTest, NestedEntryIsCheckedLikeAKernel) {
  Object kernel = makeStagedCopyKernel();
  Object broken = makeStagingCopy(copyB);
  broken.erase("block");
  kernel["staged_copies"] = Object{{"b", std::move(broken)}};
  expectRefused(std::move(kernel),
                "missing value at kernels[0].staged_copies.b.block");
}

TEST(StagedCopyTest, CopyKernelIsNoTopLevelEntry) {
  Object copy = makeStagingCopy(copyB);
  copy["cubin"] = "k.cubin";
  copy["chip"] = "sm_90a";
  expectRefused(std::move(copy),
                "kernels[0] (" + copyB.str() +
                    "): field 'kind' is \"copy\": a copy kernel belongs in "
                    "the \"staged_copies\" of the GEMM entry");
}

TEST(StagedCopyTest, CopyRankFollowsTheGemm) {
  // A batch of copies for a kernel without batches, and the other way.
  Object kernel = makeStagedCopyKernel();
  kernel["staged_copies"] =
      Object{{"a", makeStagingCopy(copyA, "bf16", /*batched=*/true)}};
  expectRefused(std::move(kernel),
                "field 'a' is " + copyA.str() +
                    ", a copy of a batch (rank-3 parameters); the staged "
                    "copies of a kernel without batches take rank-2 memrefs");
  expectRefused(makeBatchedStagedCopyKernel(/*batchedCopies=*/false),
                "field 'a' is " + copyA.str() +
                    ", a copy of one matrix (rank-2 parameters); the staged "
                    "copies of a batched kernel take rank-3 memrefs");
  KernelSpec batched = parseSingleKernel(makeBatchedStagedCopyKernel());
  ASSERT_NE(batched.getStagedCopy(Operand::B), nullptr);
  EXPECT_TRUE(batched.getStagedCopy(Operand::B)->kernel->matrixMove->batched);
}

TEST(StagedCopyTest, PacksSrcAndDstOfOneShape) {
  CopyShape shape{{3, 5, 8, 16}};
  // Unlike a transpose's, dst has src's sizes.
  EXPECT_EQ(packCopyParams(shape, 0x1000, 0x2000, /*batched=*/false),
            (std::vector<uint64_t>{0x1000, 0x1000, 0, 3, 5, 8, 1, //
                                   0x2000, 0x2000, 0, 3, 5, 16, 1}));
  shape.batch = 2;
  shape.batchStrideSrc = 24;
  shape.batchStrideDst = 48;
  EXPECT_EQ(packCopyParams(shape, 0x1000, 0x2000, /*batched=*/true),
            (std::vector<uint64_t>{0x1000, 0x1000, 0, 2, 3, 5, 24, 8, 1, //
                                   0x2000, 0x2000, 0, 2, 3, 5, 48, 16, 1}));
}

TEST(StagedCopyTest, CopyKernelsReplaceCudaMemcpy) {
  KernelSpec spec = parseSingleKernel(makeStagedCopyKernel());
  // bf16 A 256 x 512 one element off a 16-byte boundary; B 512 x 4095 with
  // ldb 4095 (8190-byte rows).
  GemmShape shape = GemmShape::get(256, 4095, 512, 0, 4095);
  OperandStaging staging =
      planStaging(spec, shape, {addressA + 2, addressB, addressC});
  EXPECT_EQ(staging.describe(), "a (ld 512 -> 512, by " + copyA.str() +
                                    "), b (ld 4095 -> 4096, by " + copyB.str() +
                                    ")");
  EXPECT_EQ(staging.getTensorMapShape().lda, 512);
  EXPECT_EQ(staging.getTensorMapShape().ldb, 4096);
  // Planned only: the copies are not allocated yet.
  EXPECT_EQ(staging.getTensorMapAddresses().a, 0u);
  EXPECT_EQ(staging.getTensorMapAddresses().b, 0u);
  EXPECT_EQ(staging.getTensorMapAddresses().c, addressC);

  std::vector<OperandStaging::KernelLaunch> launches =
      staging.getKernelLaunches();
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].kind, KernelKind::Copy);
  EXPECT_EQ(launches[0].operand, Operand::A);
  // x over the 256 rows in 32s, y over the 512 columns in 256s.
  EXPECT_EQ(launches[0].grid.dims, (std::array<unsigned, 3>{8, 2, 1}));
  EXPECT_EQ(launches[0].params,
            (std::vector<uint64_t>{addressA + 2, addressA + 2, 0, 256, 512, 512,
                                   1, 0, 0, 0, 256, 512, 512, 1}));
  EXPECT_EQ(launches[1].operand, Operand::B);
  EXPECT_EQ(launches[1].grid.dims, (std::array<unsigned, 3>{16, 16, 1}));
  EXPECT_EQ(launches[1].params,
            (std::vector<uint64_t>{addressB, addressB, 0, 512, 4095, 4095, 1, 0,
                                   0, 0, 512, 4095, 4096, 1}));

  // Aligned operands are read in place: nothing to stage.
  OperandStaging aligned = planStaging(spec, GemmShape::get(256, 4096, 512),
                                       {addressA, addressB, addressC});
  EXPECT_TRUE(aligned.empty());
  EXPECT_TRUE(aligned.getKernelLaunches().empty());
}

TEST(StagedCopyTest, BatchIsOneLaunchOverItsEntries) {
  KernelSpec spec = parseSingleKernel(makeBatchedStagedCopyKernel());
  // 3 entries of A (100 x 37, lda 37, packed); one B (37 x 200, ldb 203)
  // read by every entry (batch stride 0).
  GemmShape shape = GemmShape::get(100, 200, 37, 37, 203).withBatch(3, 3700, 0);
  CopyShape b = OperandStaging::getStagedCopyShape(spec, shape, Operand::B);
  EXPECT_EQ(b.batch, 1);
  EXPECT_EQ(b.batchStrideSrc, 0);
  EXPECT_EQ(b.batchStrideDst, 0);

  OperandStaging staging =
      planStaging(spec, shape, {addressA, addressB, addressC});
  EXPECT_EQ(staging.describe(),
            "a (ld 37 -> 40, batch stride 3700 -> 4000, by " + copyA.str() +
                "), b (ld 203 -> 200, by " + copyB.str() + ")");
  EXPECT_EQ(staging.getTensorMapShape().batchStrideA, 4000);
  EXPECT_EQ(staging.getTensorMapShape().batchStrideB, 0);
  std::vector<OperandStaging::KernelLaunch> launches =
      staging.getKernelLaunches();
  ASSERT_EQ(launches.size(), 2u);
  // Grid z over the 3 entries; rank-3 memrefs, dst packed.
  EXPECT_EQ(launches[0].grid.dims, (std::array<unsigned, 3>{4, 1, 3}));
  EXPECT_EQ(launches[0].params,
            (std::vector<uint64_t>{addressA, addressA, 0, 3, 100, 37, 3700, 37,
                                   1, 0, 0, 0, 3, 100, 37, 4000, 40, 1}));
  // The shared B: one matrix, which keeps batch stride 0.
  EXPECT_EQ(launches[1].grid.dims, (std::array<unsigned, 3>{2, 1, 1}));
  EXPECT_EQ(launches[1].params,
            (std::vector<uint64_t>{addressB, addressB, 0, 1, 37, 200, 0, 203, 1,
                                   0, 0, 0, 1, 37, 200, 0, 200, 1}));
}

TEST(StagedCopyTest, WithoutStagedCopiesCudaMemcpyCopies) {
  // A bundle from before "staged_copies": the reports read as before.
  KernelSpec spec = parseSingleKernel(makeHopperKernel());
  EXPECT_TRUE(spec.stagedCopies.empty());
  OperandStaging staging =
      planStaging(spec, GemmShape::get(256, 4095, 512, 0, 4095),
                  {addressA, addressB, addressC});
  EXPECT_EQ(staging.describe(), "b (ld 4095 -> 4096)");
  EXPECT_EQ(staging.getTensorMapShape().ldb, 4096);
  EXPECT_TRUE(staging.getKernelLaunches().empty());

  // And so may an entry with a copy kernel for A only.
  Object onlyA = makeStagedCopyKernel();
  onlyA["staged_copies"] = Object{{"a", makeStagingCopy(copyA)}};
  KernelSpec partial = parseSingleKernel(std::move(onlyA));
  OperandStaging mixed =
      planStaging(partial, GemmShape::get(256, 4095, 512, 0, 4095),
                  {addressA + 2, addressB, addressC});
  EXPECT_EQ(mixed.describe(),
            "a (ld 512 -> 512, by " + copyA.str() + "), b (ld 4095 -> 4096)");
  ASSERT_EQ(mixed.getKernelLaunches().size(), 1u);
  EXPECT_EQ(mixed.getKernelLaunches()[0].operand, Operand::A);
}

TEST(StagedCopyTest, CopyBeyondTheGridLimitsFallsBackToCudaMemcpy) {
  KernelSpec spec = parseSingleKernel(makeStagedCopyKernel());
  // B 8 x 16777001 (an odd ldb): 65536 column tiles of 256, one more than
  // grid y takes. cudaMemcpy2DAsync copies it; A (aligned) is not staged.
  GemmShape shape = GemmShape::get(1, 16777001, 8, 0, 16777001);
  OperandStaging staging =
      planStaging(spec, shape, {addressA, addressB, addressC});
  EXPECT_EQ(staging.describe(), "b (ld 16777001 -> 16777008)");
  EXPECT_EQ(staging.getTensorMapShape().ldb, 16777008);
  EXPECT_TRUE(staging.getKernelLaunches().empty());
  // One column tile fewer still runs the kernel.
  OperandStaging fits = planStaging(
      spec, GemmShape::get(1, 16776959, 8, 0, 16776959),
      {addressA, addressB, addressC});
  ASSERT_EQ(fits.getKernelLaunches().size(), 1u);
  EXPECT_EQ(fits.getKernelLaunches()[0].grid.dims,
            (std::array<unsigned, 3>{1, 65535, 1}));
}

class StagedCopyLaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    FakeDriver::symbols = {
        {"gemm_kernel_0", 0}, {copyA.str(), 14}, {copyB.str(), 14}};
    FakeDriver::functions.clear();
    FakeDriver::launches.clear();
    device.name = "Fake H100";
    device.ccMajor = 9;
    device.ccMinor = 0;
    device.multiprocessorCount = 132;
    device.maxSharedMemoryPerBlockOptin = 232448;
    device.driver = &api;
  }

  DriverApi api = FakeDriver::getApi();
  DeviceInfo device;
  KernelImages images{"cubin bytes", ""};
};

TEST_F(StagedCopyLaunchTest, RefreshLaunchesTheCopyKernels) {
  KernelSpec spec = parseSingleKernel(makeStagedCopyKernel());
  llvm::Expected<KernelModule> module =
      KernelModule::load(spec, images, device);
  ASSERT_TRUE(bool(module)) << llvm::toString(module.takeError());
  OperandStaging staging =
      planStaging(spec, GemmShape::get(256, 4095, 512, 0, 4095),
                  {addressA + 2, addressB, addressC});
  llvm::Error refreshed = staging.refresh(*module, nullptr);
  ASSERT_FALSE(bool(refreshed)) << llvm::toString(std::move(refreshed));

  std::vector<OperandStaging::KernelLaunch> expected =
      staging.getKernelLaunches();
  ASSERT_EQ(FakeDriver::launches.size(), 2u);
  for (auto [launch, planned, name] :
       llvm::zip_equal(FakeDriver::launches, expected,
                       std::array<llvm::StringRef, 2>{copyA, copyB})) {
    EXPECT_EQ(launch.function, name);
    EXPECT_EQ(launch.grid, planned.grid.dims);
    EXPECT_EQ(launch.block, (std::array<unsigned, 3>{256, 1, 1}));
    EXPECT_EQ(launch.sharedBytes, 0u);
    EXPECT_EQ(launch.params, planned.params);
  }
  EXPECT_EQ(FakeDriver::launches[1].params[0], addressB);
  EXPECT_EQ(FakeDriver::launches[1].params[12], 4096u);
}

TEST_F(StagedCopyLaunchTest, CopyKernelMustBeInTheImage) {
  FakeDriver::symbols.erase(copyB.str());
  KernelSpec spec = parseSingleKernel(makeStagedCopyKernel());
  llvm::Expected<KernelModule> module =
      KernelModule::load(spec, images, device);
  ASSERT_FALSE(bool(module));
  ErrorSummary error = summarizeError(module.takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message, "kernel symbol '" + copyB.str() +
                               "' (the staged copy of b of gemm_kernel_0) is "
                               "not in its cubin image");
}

} // namespace
