//===- ChipTest.cpp - Chip names and device compatibility -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Chip.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

ChipTarget chip(StringRef name) {
  Expected<ChipTarget> parsed = parseChip(name);
  if (!parsed) {
    ADD_FAILURE() << toString(parsed.takeError());
    return ChipTarget();
  }
  return *parsed;
}

TEST(ChipTest, Parses) {
  ChipTarget hopper = chip("sm_90a");
  EXPECT_EQ(hopper.major, 9);
  EXPECT_EQ(hopper.minor, 0);
  EXPECT_EQ(hopper.variant, ChipTarget::Variant::ArchSpecific);
  EXPECT_EQ(hopper.getName(), "sm_90a");
  ChipTarget ampere = chip("sm_86");
  EXPECT_EQ(ampere.major, 8);
  EXPECT_EQ(ampere.minor, 6);
  EXPECT_EQ(ampere.variant, ChipTarget::Variant::Generic);
  ChipTarget blackwell = chip("sm_100f");
  EXPECT_EQ(blackwell.major, 10);
  EXPECT_EQ(blackwell.minor, 0);
  EXPECT_EQ(blackwell.variant, ChipTarget::Variant::FamilySpecific);
  EXPECT_EQ(chip("sm_120a").major, 12);

  for (StringRef bad :
       {"gfx90a", "sm_9", "sm_x0", "sm_", "90a", "sm_1000", "sm_00"}) {
    ErrorSummary error = summarizeError(parseChip(bad).takeError());
    EXPECT_EQ(error.exitCode, ExitBadInput) << bad.str();
    EXPECT_NE(error.message.find("invalid chip"), std::string::npos);
  }
}

TEST(ChipTest, CubinCompatibility) {
  EXPECT_TRUE(isChipCompatible(chip("sm_90a"), ImageKind::Cubin, 9, 0));
  EXPECT_FALSE(isChipCompatible(chip("sm_90a"), ImageKind::Cubin, 8, 0));
  EXPECT_FALSE(isChipCompatible(chip("sm_90a"), ImageKind::Cubin, 10, 0));
  EXPECT_TRUE(isChipCompatible(chip("sm_90"), ImageKind::Cubin, 9, 0));
  EXPECT_TRUE(isChipCompatible(chip("sm_80"), ImageKind::Cubin, 8, 6));
  EXPECT_FALSE(isChipCompatible(chip("sm_86"), ImageKind::Cubin, 8, 0));
  EXPECT_FALSE(isChipCompatible(chip("sm_80"), ImageKind::Cubin, 9, 0));
  EXPECT_TRUE(isChipCompatible(chip("sm_100f"), ImageKind::Cubin, 10, 3));
  EXPECT_FALSE(isChipCompatible(chip("sm_100f"), ImageKind::Cubin, 12, 0));
}

TEST(ChipTest, PtxCompatibility) {
  EXPECT_TRUE(isChipCompatible(chip("sm_80"), ImageKind::Ptx, 8, 0));
  EXPECT_TRUE(isChipCompatible(chip("sm_80"), ImageKind::Ptx, 9, 0));
  EXPECT_TRUE(isChipCompatible(chip("sm_80"), ImageKind::Ptx, 10, 0));
  EXPECT_FALSE(isChipCompatible(chip("sm_80"), ImageKind::Ptx, 7, 5));
  EXPECT_TRUE(isChipCompatible(chip("sm_90a"), ImageKind::Ptx, 9, 0));
  EXPECT_FALSE(isChipCompatible(chip("sm_90a"), ImageKind::Ptx, 10, 0));
}

TEST(ChipTest, MismatchMessage) {
  ErrorSummary error = summarizeError(checkChipCompatible(
      chip("sm_90a"), ImageKind::Cubin, 8, 0, "NVIDIA A100"));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message,
            "chip mismatch: a cubin built for sm_90a runs only on compute "
            "capability 9.0 devices, but this device (NVIDIA A100) is "
            "compute capability 8.0");
  error = summarizeError(
      checkChipCompatible(chip("sm_80"), ImageKind::Ptx, 7, 5, "T4"));
  EXPECT_NE(error.message.find("a ptx built for sm_80 needs compute "
                               "capability 8.0 or newer"),
            std::string::npos)
      << error.message;
  EXPECT_FALSE(static_cast<bool>(
      checkChipCompatible(chip("sm_80"), ImageKind::Ptx, 9, 0, "H100")));
}

} // namespace
