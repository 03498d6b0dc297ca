//===- Fp8LaunchCheckTest.cpp - FP8 launches checked against metadata -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What GemmKernel::checkArguments says about an FP8 launch, without a GPU:
// the operands' major orders against the kernel's layouts, the scale
// pointers against its #tile.scaling, an 8-bit C's scale_d and amax
// against its parameters, and a batched FP8 kernel's batch.
//
//===----------------------------------------------------------------------===//

#include "JitTestSupport.h"

using namespace gemm_opt::jit;
using namespace llvm;

namespace {

class Fp8LaunchCheckTest : public TemporaryCacheTest {
protected:
  /// An FP8 launch as the kernels take it: A row-major, B column-major (a
  /// weight stored N x K), C row-major, scales given. Device-looking,
  /// 256-byte aligned addresses; nothing is dereferenced.
  static GemmArguments getFp8Arguments() {
    GemmArguments args;
    args.a = reinterpret_cast<const void *>(0x10000000);
    args.b = reinterpret_cast<const void *>(0x20000000);
    args.c = reinterpret_cast<void *>(0x30000000);
    args.scaleA = reinterpret_cast<const void *>(0x40000000);
    args.scaleB = reinterpret_cast<const void *>(0x50000000);
    args.m = args.n = args.k = 256;
    args.orderB = MatrixOrder::ColumnMajor;
    return args;
  }
};

TEST_F(Fp8LaunchCheckTest, PerTensorLaunchIsCheckedAgainstItsMetadata) {
  std::shared_ptr<GemmKernel> kernel =
      compileKernel(readExample("gemm_fp8_wgmma_sm90.mlir"), "fp8");
  ASSERT_TRUE(kernel);
  EXPECT_EQ(getCheckMessage(*kernel, getFp8Arguments()), "");

  // B row-major: the kernel reads a column-major (N x K) B.
  GemmArguments rowMajorB = getFp8Arguments();
  rowMajorB.orderB = MatrixOrder::RowMajor;
  expectRefused(*kernel, rowMajorB,
                "schedule 'gemm_fp8_wgmma_kernel' takes B "
                "column-major (its layouts a=row b=col c=row): set "
                "orderB = MatrixOrder::ColumnMajor, ldb the distance "
                "between its columns (an FP8 schedule reads B stored "
                "N x K, like a weight W in x @ W^T); the arguments' B "
                "is row-major");

  GemmArguments noScaleA = getFp8Arguments();
  noScaleA.scaleA = nullptr;
  expectRefused(*kernel, noScaleA,
                "is an FP8 GEMM (a=tensor b=tensor); scaleA must "
                "point to its f32 scales (tensor)");

  GemmArguments misaligned = getFp8Arguments();
  misaligned.scaleB = reinterpret_cast<const void *>(0x50000002);
  expectRefused(*kernel, misaligned,
                "scaleB at 0x50000002 is not 4-byte aligned");

  // Batch 1 only: the schedule is not batched.
  GemmArguments batched = getFp8Arguments();
  batched.batch = 2;
  EXPECT_NE(getCheckMessage(*kernel, batched), "");
}

TEST_F(Fp8LaunchCheckTest, BlockScaledLaunch) {
  std::shared_ptr<GemmKernel> kernel =
      compileKernel(readExample("gemm_fp8_block_scaled_sm90.mlir"), "blocks");
  ASSERT_TRUE(kernel);
  GemmArguments args = getFp8Arguments();
  args.m = 300;
  args.n = 200;
  args.k = 520;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");
  GemmArguments noScaleB = getFp8Arguments();
  noScaleB.scaleB = nullptr;
  expectRefused(*kernel, noScaleB,
                "scaleB must point to its f32 scales "
                "(block_128x128)");
}

TEST_F(Fp8LaunchCheckTest, BatchedFp8Launch) {
  std::shared_ptr<GemmKernel> kernel = compileKernel(
      readBenchSchedule("wgmma_fp8_tensor_128x256_s3_fast_batched.mlir"),
      "batched");
  ASSERT_TRUE(kernel);
  GemmArguments args = getFp8Arguments();
  args.batch = 4;
  args.batchStrideB = 0; // one weight for every entry
  EXPECT_EQ(getCheckMessage(*kernel, args), "");
}

TEST_F(Fp8LaunchCheckTest, AnEightBitCTakesItsOutputScaleAndAmax) {
  std::shared_ptr<GemmKernel> kernel = compileKernel(
      readBenchSchedule("wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir"),
      "e4m3-out");
  ASSERT_TRUE(kernel);
  GemmArguments args = getFp8Arguments();
  args.scaleD = reinterpret_cast<const void *>(0x60000000);
  args.amax = reinterpret_cast<void *>(0x70000000);
  EXPECT_EQ(getCheckMessage(*kernel, args), "");

  GemmArguments noScaleD = args;
  noScaleD.scaleD = nullptr;
  expectRefused(*kernel, noScaleD,
                "writes an 8-bit C, saturate(D * scale_d): scaleD "
                "must point to its f32 output scale");

  GemmArguments noAmax = args;
  noAmax.amax = nullptr;
  expectRefused(*kernel, noAmax,
                "records the amax of D: amax must point to the f32 "
                "that receives it");

  GemmArguments misaligned = args;
  misaligned.amax = reinterpret_cast<void *>(0x70000002);
  expectRefused(*kernel, misaligned,
                "amax at 0x70000002 is not 4-byte aligned");
}

TEST_F(Fp8LaunchCheckTest, OtherSchedulesTakeNoOutputScale) {
  std::shared_ptr<GemmKernel> kernel =
      compileKernel(readExample("gemm_fp8_wgmma_sm90.mlir"), "fp8");
  ASSERT_TRUE(kernel);
  GemmArguments args = getFp8Arguments();
  args.scaleD = reinterpret_cast<const void *>(0x60000000);
  expectRefused(*kernel, args, "writes no 8-bit C; scaleD must be null");
  args.scaleD = nullptr;
  args.amax = reinterpret_cast<void *>(0x70000000);
  expectRefused(*kernel, args, "records no amax of D; amax must be null");
}

TEST_F(Fp8LaunchCheckTest, OtherSchedulesTakeNoScales) {
  std::shared_ptr<GemmKernel> kernel = compileKernel(getSyncSchedule(), "bf16");
  ASSERT_TRUE(kernel);
  GemmArguments args = getFp8Arguments();
  args.orderB = MatrixOrder::RowMajor;
  args.n = 512;
  args.k = 64;
  expectRefused(*kernel, args,
                "has no #tile.scaling (its A and B are not 8-bit); "
                "scaleA must be null");
  args.scaleA = args.scaleB = nullptr;
  EXPECT_EQ(getCheckMessage(*kernel, args), "");
}

} // namespace
