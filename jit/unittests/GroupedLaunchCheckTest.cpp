//===- GroupedLaunchCheckTest.cpp - grouped launches without a GPU --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The grouped examples (examples/gemm_bf16_wgmma_grouped_{masked,
// contiguous,bias_silu}_sm90.mlir) compiled through GemmJit, and what
// GemmKernel makes of a grouped launch's GemmArguments before any device work:
// the checks of the group arguments (GroupedArgumentsCheck.h), the group
// operand as packed (a rank-1 memref {ptr, ptr, 0, G or G + 1, 1}, the last
// parameters), a per-group bias checked and packed as G × N (an FP8
// kernel's before its scales), and a persistent grid that follows from G,
// M, N only.
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"
#include "jit/KernelLaunchArguments.h"
#include "runtime/GroupedKernelSpec.h"
#include "runtime/KernelParams.h"
#include "runtime/LaunchGrid.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;
using namespace llvm;

namespace {

/// Device-looking, 256-byte aligned addresses; nothing is dereferenced.
const auto *const DeviceA = reinterpret_cast<const void *>(0x10000000);
const auto *const DeviceB = reinterpret_cast<const void *>(0x20000000);
auto *const DeviceC = reinterpret_cast<void *>(0x30000000);
const auto *const DeviceGroups = reinterpret_cast<const int32_t *>(0x40000000);

class GroupedLaunchCheckTest : public TemporaryCacheTest {
protected:
  std::shared_ptr<GemmKernel> compile(StringRef example) {
    return compileKernel(readExample(example), example);
  }

  /// A masked launch: 4 groups of at most 200 rows, N = 512, K = 256.
  static GemmArguments getMaskedArguments() {
    GemmArguments args;
    args.a = DeviceA;
    args.b = DeviceB;
    args.c = DeviceC;
    args.m = 200;
    args.n = 512;
    args.k = 256;
    args.groupRows = DeviceGroups;
    args.groups = 4;
    return args;
  }

  /// A contiguous launch: T = 1000 tokens over 8 groups, B stored N x K.
  static GemmArguments getContiguousArguments() {
    GemmArguments args = getMaskedArguments();
    args.m = 1000;
    args.groupRows = nullptr;
    args.groupOffsets = DeviceGroups;
    args.groups = 8;
    args.orderB = MatrixOrder::ColumnMajor;
    return args;
  }

  /// The 8-byte parameters of a launch of `kernel` with `args` (its
  /// epilogue's operands too), tensor maps passed as (zero) device
  /// addresses.
  static std::vector<uint64_t> pack(const GemmKernel &kernel,
                                    const GemmArguments &args) {
    const KernelSpec &spec = cantFail(kernel.getSpec());
    std::vector<TensorMapArgument> maps(
        count_if(spec.parameters,
                 [](const KernelParamSpec &p) { return p.isTensorMap(); }));
    PackedKernelParams params = packKernelParams(
        spec, getKernelShape(spec, args), getOperandAddresses(args), maps,
        getEpilogueArguments(args));
    ArrayRef<uint64_t> values = params.getValues();
    return {values.begin(), values.end()};
  }
};

TEST_F(GroupedLaunchCheckTest, GroupedSchedulesCompileThroughTheJit) {
  for (auto [example, layout] :
       {std::pair<StringRef, GroupedLayout>(
            "gemm_bf16_wgmma_grouped_masked_sm90.mlir", GroupedLayout::Masked),
        {"gemm_bf16_wgmma_grouped_contiguous_sm90.mlir",
         GroupedLayout::Contiguous}}) {
    SCOPED_TRACE(example.str());
    std::shared_ptr<GemmKernel> kernel = compile(example);
    ASSERT_TRUE(kernel);
    const KernelSpec &spec = cantFail(kernel->getSpec());
    EXPECT_EQ(spec.grouped, layout);
    ASSERT_FALSE(spec.parameters.empty());
    EXPECT_EQ(spec.parameters.back().kind, KernelParamSpec::Kind::GroupMemRef);
    EXPECT_EQ(spec.parameters.back().groupLayout, layout);
    EXPECT_NE(kernel->getCompiled().bundleEntry.find(
                  ("\"grouped\": \"" + getGroupedLayoutName(layout)).str()),
              std::string::npos)
        << kernel->getCompiled().bundleEntry;
  }
}

TEST_F(GroupedLaunchCheckTest, MaskedLaunchIsChecked) {
  std::shared_ptr<GemmKernel> kernel =
      compile("gemm_bf16_wgmma_grouped_masked_sm90.mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(getCheckMessage(*kernel, getMaskedArguments()), "");
  // Any M_max, one weight for every group, a pitch of 16-byte multiples.
  GemmArguments args = getMaskedArguments();
  args.m = 1;
  args.batchStrideB = 0;
  args.lda = 264;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");

  args = getMaskedArguments();
  args.groupRows = nullptr;
  expectRefused(*kernel, args,
                "schedule 'gemm_bf16_wgmma_grouped_masked_kernel' is a "
                "masked grouped GEMM (group_rows): groupRows must point to "
                "its G row counts (int32, in device memory)");

  args.groupOffsets = DeviceGroups;
  expectRefused(*kernel, args,
                "it takes groupRows (its G row counts), not "
                "groupOffsets; groupOffsets must be null");

  for (int64_t groups : {0, -1}) {
    args = getMaskedArguments();
    args.groups = groups;
    expectRefused(*kernel, args,
                  "groups = " + std::to_string(groups) +
                      "; it takes at least 1 group");
  }

  args = getMaskedArguments();
  args.batch = 4;
  expectRefused(*kernel, args, "its group count is groups, so batch must be 1");

  args = getMaskedArguments();
  args.groupRows = reinterpret_cast<const int32_t *>(0x40000002);
  expectRefused(*kernel, args, "groupRows at 0x40000002 is not 4-byte aligned");
}

TEST_F(GroupedLaunchCheckTest, GroupedOperandsAreNeverStaged) {
  std::shared_ptr<GemmKernel> kernel =
      compile("gemm_bf16_wgmma_grouped_masked_sm90.mlir");
  ASSERT_TRUE(kernel);
  GemmArguments args = getMaskedArguments();
  args.k = 100; // A's rows are 200 bytes apart.
  expectRefused(*kernel, args,
                "grouped schedule "
                "'gemm_bf16_wgmma_grouped_masked_kernel': lda = 100 "
                "gives A a row pitch of 200 bytes; a grouped "
                "kernel's operands are read and written by TMA in "
                "place (never staged), which needs multiples of 16 "
                "bytes (8 bf16 elements");

  args = getMaskedArguments();
  args.n = 500; // B's and C's rows
  expectRefused(*kernel, args, "ldb = 500 gives B a row pitch of 1000 bytes");

  args = getMaskedArguments();
  args.a = reinterpret_cast<const void *>(0x10000008);
  expectRefused(*kernel, args, "A at 0x10000008 is not 16-byte aligned");

  args = getMaskedArguments();
  args.batchStrideC = 200 * 512 + 4;
  expectRefused(*kernel, args,
                "C's batch stride of 102404 elements is 204808 "
                "bytes");
}

TEST_F(GroupedLaunchCheckTest, ContiguousLaunchIsChecked) {
  std::shared_ptr<GemmKernel> kernel =
      compile("gemm_bf16_wgmma_grouped_contiguous_sm90.mlir");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(getCheckMessage(*kernel, getContiguousArguments()), "");

  GemmArguments args = getContiguousArguments();
  args.groupOffsets = nullptr;
  args.groupRows = DeviceGroups;
  expectRefused(*kernel, args,
                "is a contiguous grouped GEMM (group_offsets): it "
                "takes groupOffsets (its G + 1 row offsets), not "
                "groupRows");

  args = getContiguousArguments();
  args.batchStrideA = 1000 * 256;
  expectRefused(*kernel, args, "batchStrideA and batchStrideC must be unset");

  // B (N x K, column-major) per group, 16-byte multiples apart.
  args = getContiguousArguments();
  args.batchStrideB = 512 * 256 + 8;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");
  args.batchStrideB = 512 * 256 + 4;
  expectRefused(*kernel, args, "B's batch stride of 131076 elements");

  // The kernel reads B column-major, and never runs the transpose.
  args = getContiguousArguments();
  args.orderB = MatrixOrder::RowMajor;
  expectRefused(*kernel, args, "takes B column-major");
}

TEST_F(GroupedLaunchCheckTest, OtherSchedulesTakeNoGroups) {
  std::shared_ptr<GemmKernel> compiled =
      compileKernel(getSyncSchedule(), "sync.mlir");
  ASSERT_TRUE(compiled);
  // The masked launch's operands at a shape the mma.sync tiles divide.
  GemmArguments args = getMaskedArguments();
  args.m = 256;
  args.k = 64;
  expectRefused(*compiled, args,
                "is not a grouped GEMM (its tile.gemm takes no group_rows or "
                "group_offsets); groupRows and groupOffsets must be null and "
                "groups 0");
  args.groupRows = nullptr;
  expectRefused(*compiled, args, "(got groups = 4)");
  args.groups = 0;
  EXPECT_EQ(getCheckMessage(*compiled, args), "");
}

TEST_F(GroupedLaunchCheckTest, GroupOperandIsPackedLast) {
  std::shared_ptr<GemmKernel> masked =
      compile("gemm_bf16_wgmma_grouped_masked_sm90.mlir");
  std::shared_ptr<GemmKernel> contiguous =
      compile("gemm_bf16_wgmma_grouped_contiguous_sm90.mlir");
  ASSERT_TRUE(masked && contiguous);
  auto groups = reinterpret_cast<uint64_t>(DeviceGroups);
  auto a = reinterpret_cast<uint64_t>(DeviceA);

  std::vector<uint64_t> values = pack(*masked, getMaskedArguments());
  ASSERT_GE(values.size(), 9u + 5u);
  // G row counts, after A as a G x M_max x K batch, packed.
  EXPECT_EQ(std::vector<uint64_t>(values.end() - 5, values.end()),
            (std::vector<uint64_t>{groups, groups, 0, 4, 1}));
  EXPECT_EQ(std::vector<uint64_t>(values.begin(), values.begin() + 9),
            (std::vector<uint64_t>{a, a, 0, 4, 200, 256, 200 * 256, 256, 1}));

  values = pack(*contiguous, getContiguousArguments());
  ASSERT_GE(values.size(), 7u + 5u);
  // G + 1 offsets, after A as one T x K matrix.
  EXPECT_EQ(std::vector<uint64_t>(values.end() - 5, values.end()),
            (std::vector<uint64_t>{groups, groups, 0, 9, 1}));
  EXPECT_EQ(std::vector<uint64_t>(values.begin(), values.begin() + 7),
            (std::vector<uint64_t>{a, a, 0, 1000, 256, 256, 1}));
}

TEST_F(GroupedLaunchCheckTest, PerGroupBiasIsCheckedAndPacked) {
  // examples/gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir: a masked kernel
  // with bias = column and SiLU, the bias one row of N per group.
  std::shared_ptr<GemmKernel> kernel =
      compile("gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir");
  ASSERT_TRUE(kernel);
  const KernelSpec &spec = cantFail(kernel->getSpec());
  EXPECT_EQ(spec.epilogue.bias, EpilogueBias::Column);
  EXPECT_EQ(spec.epilogue.activation, EpilogueActivation::Silu);
  const auto *bias = reinterpret_cast<const void *>(0x50000000);
  GemmArguments args = getMaskedArguments();
  expectRefused(*kernel, args,
                "has a bias epilogue (bias = column); bias must not be null");
  args.bias = bias;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");
  GemmArguments odd = args;
  odd.bias = reinterpret_cast<const void *>(0x50000001);
  expectRefused(*kernel, odd, "the bias at 0x50000001 is not 2-byte aligned");
  odd = args;
  odd.alpha = 2.0f;
  expectRefused(*kernel, odd, "has no alpha/beta epilogue");

  // {bias, bias, 0, G, N, N, 1} just before the G row counts.
  std::vector<uint64_t> packed = pack(*kernel, args);
  ArrayRef<uint64_t> values = packed;
  ASSERT_GE(values.size(), 12u);
  auto address = reinterpret_cast<uint64_t>(bias);
  auto groups = reinterpret_cast<uint64_t>(DeviceGroups);
  EXPECT_EQ(values.take_back(12),
            ArrayRef<uint64_t>({address, address, 0, 4, 512, 512, 1, groups,
                                groups, 0, 4, 1}));
}

TEST_F(GroupedLaunchCheckTest, Fp8BiasComesBeforeTheScales) {
  // bench/schedules/wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu:
  // a contiguous FP8 kernel whose per-group bias and SiLU follow its block
  // scales; the JIT takes the bias and the scales as for any kernel.
  std::shared_ptr<GemmKernel> kernel = compileKernel(
      readBenchSchedule(
          "wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu.mlir"),
      "fp8-grouped-bias");
  ASSERT_TRUE(kernel);
  const KernelSpec &spec = cantFail(kernel->getSpec());
  ASSERT_TRUE(spec.scaling.has_value());
  EXPECT_EQ(spec.epilogue.bias, EpilogueBias::Column);
  const auto *bias = reinterpret_cast<const void *>(0x50000000);
  const auto *scaleA = reinterpret_cast<const void *>(0x60000000);
  const auto *scaleB = reinterpret_cast<const void *>(0x70000000);
  GemmArguments args = getContiguousArguments();
  args.scaleA = scaleA;
  args.scaleB = scaleB;
  expectRefused(*kernel, args,
                "has a bias epilogue (bias = column); bias must not be null");
  args.bias = bias;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");

  // The bias {bias, bias, 0, G, N, N, 1}, then scale_a and scale_b, then
  // the G + 1 offsets.
  std::vector<uint64_t> packed = pack(*kernel, args);
  ArrayRef<uint64_t> values = packed;
  auto address = [](const void *pointer) {
    return reinterpret_cast<uint64_t>(pointer);
  };
  std::vector<uint64_t> biasMemRef{address(bias), address(bias), 0, 8,
                                   512,           512,           1};
  const uint64_t *biasAt = std::search(values.begin(), values.end(),
                                       biasMemRef.begin(), biasMemRef.end());
  ASSERT_NE(biasAt, values.end());
  const uint64_t *scaleAAt = llvm::find(values, address(scaleA));
  const uint64_t *scaleBAt = llvm::find(values, address(scaleB));
  EXPECT_LT(biasAt, scaleAAt);
  EXPECT_LT(scaleAAt, scaleBAt);
  EXPECT_NE(scaleBAt, values.end());
  auto groups = reinterpret_cast<uint64_t>(DeviceGroups);
  EXPECT_EQ(values.take_back(5), ArrayRef<uint64_t>({groups, groups, 0, 9, 1}));
}

TEST_F(GroupedLaunchCheckTest, GridFollowsTheShapeNotTheCounts) {
  std::shared_ptr<GemmKernel> masked =
      compile("gemm_bf16_wgmma_grouped_masked_sm90.mlir");
  std::shared_ptr<GemmKernel> contiguous =
      compile("gemm_bf16_wgmma_grouped_contiguous_sm90.mlir");
  ASSERT_TRUE(masked && contiguous);
  // Tiles of 128 x 256: masked ceil(200/128) * 2 * 4 groups = 16 tiles,
  // contiguous ceil(1000/128) * 2 = 16 tiles; a persistent grid of at most
  // one block per multiprocessor (ctas_per_sm 1).
  for (auto [kernel, args] : {std::pair(masked.get(), getMaskedArguments()),
                              {contiguous.get(), getContiguousArguments()}}) {
    const KernelSpec &spec = cantFail(kernel->getSpec());
    SCOPED_TRACE(spec.name);
    GemmShape shape = getKernelShape(spec, args);
    for (auto [multiprocessors, blocks] :
         {std::pair<unsigned, unsigned>(132, 16), {10, 10}}) {
      Expected<LaunchGrid> grid = computeGrid(spec, shape, multiprocessors);
      ASSERT_TRUE(bool(grid)) << toString(grid.takeError());
      EXPECT_EQ(grid->persistentTiles, 16u);
      EXPECT_EQ(grid->dims, (std::array<unsigned, 3>{blocks, 1, 1}));
    }
  }
}

} // namespace
