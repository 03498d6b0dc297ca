//===- LaunchCheckTest.cpp - what a kernel refuses before launching -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "runtime/Device.h"
#include "runtime/RuntimeError.h"

using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;
using namespace llvm;

namespace {

class LaunchCheckTest : public TemporaryCacheTest {
protected:
  void SetUp() override {
    TemporaryCacheTest::SetUp();
    GemmJit jit(getOptions());
    auto compiled = jit.compile(getSyncSchedule());
    ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
    kernel = *compiled;
  }

  /// Device-looking, 256-byte aligned addresses; nothing is dereferenced.
  GemmArguments getValidArguments() const {
    GemmArguments args;
    args.a = reinterpret_cast<const void *>(0x10000000);
    args.b = reinterpret_cast<const void *>(0x20000000);
    args.c = reinterpret_cast<void *>(0x30000000);
    args.m = 256;
    args.n = 512;
    args.k = 64;
    return args;
  }

  std::string checkMessage(const GemmArguments &args) {
    Error error = kernel->checkArguments(args);
    if (!error)
      return "";
    return toString(std::move(error));
  }

  std::shared_ptr<GemmKernel> kernel;
};

TEST_F(LaunchCheckTest, ValidArgumentsPass) {
  EXPECT_EQ(checkMessage(getValidArguments()), "");
}

TEST_F(LaunchCheckTest, AlphaBetaNeedAnEpilogue) {
  GemmArguments args = getValidArguments();
  args.alpha = 2.0f;
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("has no alpha/beta epilogue; alpha must be 1 and "
                         "beta 0"),
            std::string::npos)
      << message;
  args = getValidArguments();
  args.beta = 1.0f;
  EXPECT_NE(checkMessage(args).find("beta = 1"), std::string::npos);
  args = getValidArguments();
  args.bias = args.c;
  EXPECT_NE(checkMessage(args).find("has no bias epilogue"), std::string::npos);
  args = getValidArguments();
  args.residual = args.c;
  EXPECT_NE(checkMessage(args).find("has no residual epilogue"),
            std::string::npos);
}

TEST_F(LaunchCheckTest, ShapesTheKernelCannotRun) {
  GemmArguments args = getValidArguments();
  args.m = 100; // Not a multiple of the 128-row block tile.
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("ragged shapes are not supported"), std::string::npos)
      << message;
  args = getValidArguments();
  args.k = 0;
  EXPECT_NE(checkMessage(args), "");
}

TEST_F(LaunchCheckTest, MisalignedAndNullPointers) {
  GemmArguments args = getValidArguments();
  args.b = reinterpret_cast<const void *>(0x20000008);
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("B at 0x20000008 is not 16-byte aligned"),
            std::string::npos)
      << message;
  args = getValidArguments();
  args.c = nullptr;
  EXPECT_NE(checkMessage(args).find("device pointer of C is null"),
            std::string::npos);
}

/// A row-major wgmma schedule with bf16 A and B (through TMA) and f32 C:
/// min_alignment_bytes 4, which binds C only.
constexpr const char *f32CSchedule = R"mlir(
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @gemm_f32c(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xf32>
  return
}
)mlir";

TEST_F(LaunchCheckTest, TmaOperandsNeedOnlyWholeElements) {
  GemmJit jit(getOptions());
  auto compiled = jit.compile(f32CSchedule, "f32c.mlir");
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  kernel = *compiled;
  GemmArguments args = getValidArguments();
  // A and B are staged where TMA cannot read them: 2-byte addresses and odd
  // leading dimensions are fine.
  args.a = reinterpret_cast<const void *>(0x10000002);
  args.b = reinterpret_cast<const void *>(0x20000006);
  args.m = args.n = args.k = 1;
  EXPECT_EQ(checkMessage(args), "");
  args.m = 129;
  args.n = 257;
  args.k = 65;
  args.lda = 67;
  args.ldb = 259;
  args.ldc = 261; // 1044 bytes: a multiple of sizeof(f32)
  EXPECT_EQ(checkMessage(args), "");
  // C is stored by the kernel: f32 alignment.
  args.c = reinterpret_cast<void *>(0x30000002);
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("C at 0x30000002 is not 4-byte aligned"),
            std::string::npos)
      << message;
}

TEST_F(LaunchCheckTest, FusedEpilogueOperandsNeedWholeElements) {
  GemmJit jit(getOptions());
  auto compiled = jit.compile(readExample("gemm_bf16_wgmma_bias_gelu_sm90.mlir"));
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  kernel = *compiled;
  GemmArguments args = getValidArguments();
  args.bias = reinterpret_cast<const void *>(0x40000000);
  args.a = reinterpret_cast<const void *>(0x10000002); // staged
  EXPECT_EQ(checkMessage(args), "");
  // The epilogue reads the bias and C element by element where they are
  // not 16-byte aligned: a bf16 bias at 8 bytes, a ragged shape and a C
  // pitch of 1032 bytes are fine.
  args.bias = reinterpret_cast<const void *>(0x40000008);
  args.m = 1000;
  args.n = 516;
  args.k = 77;
  args.ldc = 516;
  EXPECT_EQ(checkMessage(args), "");
  // Half an element is not.
  args.bias = reinterpret_cast<const void *>(0x40000001);
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("the bias at 0x40000001 is not 2-byte aligned"),
            std::string::npos)
      << message;
}

TEST_F(LaunchCheckTest, ColumnMajorScheduleRunsTheTransposedProblem) {
  // Every operand column-major: the caller's row-major 16 x 4096 x 4096
  // runs as C^T = B^T·A^T, 4096 x 16 x 4096 with A and B exchanged.
  GemmJit jit(getOptions());
  auto compiled = jit.compile(readExample("gemm_bf16_wgmma_small_m_sm90.mlir"));
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  kernel = *compiled;
  EXPECT_EQ(llvm::cantFail(kernel->getSpec()).layouts.str(), "a=col b=col c=col");
  GemmArguments args = getValidArguments();
  args.m = 16;
  args.n = 4096;
  args.k = 4096;
  EXPECT_EQ(checkMessage(args), "");
  // Row-major leading dimensions of the caller's matrices.
  args.lda = 4100;
  args.ldb = 4104;
  args.ldc = 4112;
  EXPECT_EQ(checkMessage(args), "");
  args.ldc = 4000; // Less than N: C's rows would overlap.
  EXPECT_NE(checkMessage(args), "");
  // The kernel's A is the caller's B.
  args = getValidArguments();
  args.b = nullptr;
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("device pointer of A is null"), std::string::npos)
      << message;
  EXPECT_NE(message.find("runs C^T = B^T*A^T: its A is the caller's B"),
            std::string::npos)
      << message;
}

TEST_F(LaunchCheckTest, Tf32RowMajorScheduleRunsExchanged) {
  // tf32 on row-major A, B and C compiles as C^T = B^T·A^T
  // (tile-exchange-operands): an all-column-major kernel, no staged copy,
  // the schedule's own layouts as "source_layouts"; the caller's row-major
  // arguments run as its transposed problem.
  GemmJit jit(getOptions());
  auto compiled = jit.compile(readBenchSchedule(
      "wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn.mlir"));
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  kernel = *compiled;
  const KernelSpec &spec = llvm::cantFail(kernel->getSpec());
  EXPECT_EQ(spec.layouts.str(), "a=col b=col c=col");
  ASSERT_TRUE(spec.sourceLayouts.has_value());
  EXPECT_TRUE(spec.sourceLayouts->isAllRow());
  EXPECT_EQ(spec.getStagedTranspose(Operand::A), nullptr);
  EXPECT_EQ(spec.getStagedTranspose(Operand::B), nullptr);
  GemmArguments args = getValidArguments();
  args.m = 1000;
  args.n = 1300;
  args.k = 2001;
  EXPECT_EQ(checkMessage(args), "");
  args.b = nullptr;
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("runs C^T = B^T*A^T: its A is the caller's B"),
            std::string::npos)
      << message;
}

TEST_F(LaunchCheckTest, BatchesNeedABatchedSchedule) {
  // The mma.sync kernel of SetUp computes one matrix product.
  GemmArguments args = getValidArguments();
  args.batch = 3;
  std::string message = checkMessage(args);
  EXPECT_NE(message.find("batch count 3 needs a batched kernel"),
            std::string::npos)
      << message;

  // The batched example (a ScheduleDescription with batched = true renders
  // the same module shape): any batch count and strides, B broadcast.
  GemmJit jit(getOptions());
  ScheduleDescription description;
  description.name = "gemm_batched";
  description.batched = true;
  auto compiled = jit.compile(description);
  ASSERT_TRUE(bool(compiled)) << toString(compiled.takeError());
  kernel = *compiled;
  EXPECT_TRUE(llvm::cantFail(kernel->getSpec()).stridedBatch);
  args = getValidArguments();
  args.m = 129;
  args.n = 257;
  args.k = 65;
  args.batch = 7;
  args.batchStrideA = 129 * 65 + 3; // staged for TMA
  args.batchStrideB = 0;
  args.batchStrideC = 129 * 257 + 1;
  EXPECT_EQ(checkMessage(args), "");
  args.batchStrideC = 129 * 257 - 1;
  message = checkMessage(args);
  EXPECT_NE(message.find("invalid batch stride: C's is 33152 elements"),
            std::string::npos)
      << message;
  args.batchStrideC.reset(); // packed
  args.batchStrideA = -2;
  EXPECT_NE(checkMessage(args).find("A's is -2 elements"), std::string::npos);
  args.batchStrideA.reset();
  args.batch = 0;
  EXPECT_NE(checkMessage(args).find("batch count 0"), std::string::npos);
}

TEST_F(LaunchCheckTest, LaunchWithoutGpuSaysSo) {
  Expected<DeviceInfo> device = openDevice(0);
  if (device)
    GTEST_SKIP() << "a GPU is present";
  consumeError(device.takeError());
  Error error = kernel->launch(getValidArguments(), nullptr);
  ASSERT_TRUE(bool(error));
  ErrorSummary summary = summarizeError(std::move(error));
  EXPECT_EQ(summary.exitCode, ExitNoDevice) << summary.message;
  EXPECT_NE(summary.message.find("no CUDA"), std::string::npos)
      << summary.message;
}

TEST_F(LaunchCheckTest, PrepareWithoutGpuSaysSo) {
  Expected<DeviceInfo> device = openDevice(0);
  if (device)
    GTEST_SKIP() << "a GPU is present";
  consumeError(device.takeError());
  Expected<PreparedArguments> prepared =
      kernel->prepare(getValidArguments(), nullptr);
  ASSERT_FALSE(bool(prepared));
  ErrorSummary summary = summarizeError(prepared.takeError());
  EXPECT_EQ(summary.exitCode, ExitNoDevice) << summary.message;
}

TEST_F(LaunchCheckTest, WorkspaceSizeIsZeroOrTheSplitKLayout) {
  // No split_k: none.
  Expected<size_t> none = kernel->getWorkspaceSize(getValidArguments());
  ASSERT_TRUE(bool(none)) << toString(none.takeError());
  EXPECT_EQ(*none, 0u);
  // split_k = 2 over 128x128 tiles at 512x512: 16 counters (64 bytes,
  // rounded up to 256), then 2 slices of 512x512 f32 partial sums.
  GemmJit jit(getOptions());
  auto splitK =
      jit.compile(readBenchSchedule("wgmma_bf16_128x128x64_s4_sk2.mlir"));
  ASSERT_TRUE(bool(splitK)) << toString(splitK.takeError());
  GemmArguments args = getValidArguments();
  args.m = args.n = 512;
  args.k = 1024;
  Expected<size_t> size = (*splitK)->getWorkspaceSize(args);
  ASSERT_TRUE(bool(size)) << toString(size.takeError());
  EXPECT_EQ(*size, 256u + 2u * 512 * 512 * 4);
  // Arguments the kernel refuses have no size.
  args.m = 0;
  Expected<size_t> refused = (*splitK)->getWorkspaceSize(args);
  ASSERT_FALSE(bool(refused));
  consumeError(refused.takeError());
}

} // namespace

namespace {

// A kernel read from the disk cache parses its metadata on first use; where
// it does not parse, every query says so (no abort).
TEST(GemmKernelSpecTest, UnparsableCachedMetadataIsAnError) {
  CompiledKernel compiled;
  compiled.bundleEntry = "{\"name\": ";
  std::shared_ptr<GemmKernel> kernel =
      GemmKernel::createParsedLater(std::move(compiled));
  Expected<const KernelSpec &> spec = kernel->getSpec();
  ASSERT_FALSE(bool(spec));
  EXPECT_NE(toString(spec.takeError()).find("does not parse"),
            std::string::npos);
  GemmArguments args;
  Expected<std::string> name = kernel->getLaunchedKernelName(args);
  ASSERT_FALSE(bool(name));
  consumeError(name.takeError());
}

} // namespace
