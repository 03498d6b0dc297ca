//===- ChipInfo.cpp - what each target chip can do ------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/ChipInfo.h"

#include "llvm/ADT/STLExtras.h"

using namespace gemm_opt::tile;

static const ChipInfo kChips[] = {
    // name, cc, max dynamic smem per block, threads, wgmma, ptx,
    // registers per block, registers per thread, threads per SM
    {"sm_80", 80, 163 * 1024, 1024, false, 70, 65536, 255, 2048},
    {"sm_86", 86, 99 * 1024, 1024, false, 71, 65536, 255, 1536},
    {"sm_89", 89, 99 * 1024, 1024, false, 78, 65536, 255, 1536},
    {"sm_90", 90, 227 * 1024, 1024, false, 78, 65536, 255, 2048},
    {"sm_90a", 90, 227 * 1024, 1024, true, 80, 65536, 255, 2048},
};

std::optional<ChipInfo> gemm_opt::tile::lookupChip(llvm::StringRef name) {
  for (const ChipInfo &chip : kChips)
    if (chip.name == name)
      return chip;
  return std::nullopt;
}

llvm::StringRef gemm_opt::tile::knownChipList() {
  return "sm_80, sm_86, sm_89, sm_90, sm_90a";
}
