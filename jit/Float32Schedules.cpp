//===- Float32Schedules.cpp - schedules for f32 matmul problems -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/Float32Schedules.h"

#include "jit/ScheduleDescription.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace gemm_opt {

/// SMs of an H200: a block tile with fewer tiles than this leaves SMs idle.
static constexpr int64_t kFullWave = 132;

static jit::ScheduleDescription getTf32(int64_t bm, int64_t bn, bool streamK,
                                        int64_t splitK = 1,
                                        int64_t stages = 0) {
  jit::ScheduleDescription s;
  s.aType = s.bType = s.cType = "f32";
  s.block = {bm, bn, 32};
  s.warp = {64, bn};
  s.mma = {64, bn, 8};
  s.stages = stages ? stages : bn == 256 ? 4 : 6;
  s.grid = jit::GridDescription{splitK == 1, "along_m", streamK ? 16 : 8,
                                splitK, streamK ? "spares" : ""};
  // A split's last block stores C with vector stores.
  if (splitK > 1)
    s.store = std::string("vector");
  s.storeRounds = bn == 256 && splitK == 1 ? 4 : 1;
  return s;
}

static jit::ScheduleDescription getSimt(int64_t bm, int64_t bn, int64_t bk,
                                        int64_t stages, int64_t splitK = 1,
                                        bool wideThreads = false) {
  jit::ScheduleDescription s;
  s.aType = s.bType = s.cType = "f32";
  s.block = {bm, bn, bk};
  // 8x16 accumulators per thread on the 128x256 tile (and where asked),
  // 8x8 elsewhere.
  bool wide = bn == 256 || wideThreads;
  s.warp =
      wide ? std::array<int64_t, 2>{64, 64} : std::array<int64_t, 2>{32, 64};
  s.mmaKind = "ffma";
  s.mma = {8, wide ? 16 : 8, 1};
  // Rows of BK×(X + 4) floats: the 4-byte copies of an operand stored
  // along K (a row-major A, a column-major B) write 32 distinct banks
  // (passes/simt/SimtTileCopies.h). Unpadded, a column-major B's copies
  // conflict 8 ways. The pad only shifts rows, and the 16-byte copies and
  // the fragment loads each stay within one row, so it costs the other
  // layouts nothing.
  s.smemA = {0, 4};
  s.smemB = {0, 4};
  s.stages = stages;
  s.load = "cp_async";
  s.specialization.reset();
  s.grid.reset();
  if (splitK > 1)
    s.grid = jit::GridDescription{false, "along_n", 1, splitK, ""};
  s.store.reset();
  return s;
}

std::vector<MatmulSchedule> getFloat32Schedules(const MatmulProblem &problem) {
  // The split of a bm×bn tile into one wave of blocks at most, where the
  // tiles alone fill under half a wave (1 where no split does that); a
  // wave is `perSm` blocks on every SM.
  auto waveSplit = [&](int64_t bm, int64_t bn, int64_t perSm = 1) {
    int64_t wave = perSm * kFullWave;
    int64_t tiles = ((problem.m + bm - 1) / bm) * ((problem.n + bn - 1) / bn);
    return tiles * 2 > wave ? int64_t(1) : std::min<int64_t>(wave / tiles, 16);
  };
  // The schedules that came later go last, so that the rules below pick
  // what they picked before where those qualify
  // (docs/design/matmul-chooser.md).
  std::vector<std::pair<std::string, jit::ScheduleDescription>> options;
  if (problem.allowTf32) {
    options = {{"tf32_wgmma_128x256x32_s4_streamk", getTf32(128, 256, true)},
               {"tf32_wgmma_128x256x32_s4", getTf32(128, 256, false)},
               {"tf32_wgmma_128x128x32_s6_streamk", getTf32(128, 128, true)},
               {"tf32_wgmma_64x128x32_s6", getTf32(64, 128, false)},
               {"tf32_wgmma_128x128x32_s6_sk4", getTf32(128, 128, false, 4)}};
    if (int64_t split = waveSplit(64, 128); split > 1)
      options.push_back({formatv("tf32_wgmma_64x128x32_s6_sk{0}", split).str(),
                         getTf32(64, 128, false, split)});
    // Narrow tiles with deep pipelines: a wave of blocks without a split
    // at M = 128 (N = 6144 and 4096).
    options.push_back(
        {"tf32_wgmma_64x96x32_s10", getTf32(64, 96, false, 1, 10)});
    options.push_back(
        {"tf32_wgmma_64x64x32_s12", getTf32(64, 64, false, 1, 12)});
  } else {
    jit::ScheduleDescription grouped = getSimt(128, 256, 8, 3);
    grouped.grid = jit::GridDescription{false, "along_m", 8, 1, ""};
    options = {{"f32_simt_128x256x8_s3", getSimt(128, 256, 8, 3)},
               {"f32_simt_128x256x8_s3_rm8", grouped},
               {"f32_simt_128x256x8_s4", getSimt(128, 256, 8, 4)},
               {"f32_simt_128x128x16_s3", getSimt(128, 128, 16, 3)},
               {"f32_simt_128x128x16_s3_sk4", getSimt(128, 128, 16, 3, 4)},
               {"f32_simt_128x128x8_s2", getSimt(128, 128, 8, 2)},
               {"f32_simt_64x128x8_s2", getSimt(64, 128, 8, 2)},
               {"f32_simt_64x128x8_s2_sk4", getSimt(64, 128, 8, 2, 4)},
               {"f32_simt_64x64x8_s2", getSimt(64, 64, 8, 2)},
               // 4 warps of 8x16 threads: two blocks share an SM.
               {"f32_simt_128x128x8_t8x16_s3",
                getSimt(128, 128, 8, 3, 1, /*wideThreads=*/true)}};
    if (int64_t split = waveSplit(128, 256); split > 1)
      options.push_back({formatv("f32_simt_128x256x8_s3_sk{0}", split).str(),
                         getSimt(128, 256, 8, 3, split)});
    // Few tiles: the 8x16 thread tiles of the 4-warp block, split into two
    // blocks per SM.
    if (int64_t split = waveSplit(128, 128, 2); split > 1)
      options.push_back(
          {formatv("f32_simt_128x128x8_t8x16_s3_sk{0}", split).str(),
           getSimt(128, 128, 8, 3, split, /*wideThreads=*/true)});
  }
  auto splits = [](const jit::ScheduleDescription &s) {
    return s.grid ? s.grid->splitK : int64_t(1);
  };
  auto blocks = [&](const jit::ScheduleDescription &s) {
    return ((problem.m + s.block[0] - 1) / s.block[0]) *
           ((problem.n + s.block[1] - 1) / s.block[1]) * splits(s);
  };
  auto first = options.end() - 1;
  if (problem.allowTf32) {
    // tf32: the largest tile with a full wave of blocks, else the last
    // (the most blocks).
    first = std::find_if(options.begin(), options.end(), [&](auto &o) {
      return blocks(o.second) >= kFullWave;
    });
    if (first == options.end())
      first = options.end() - 1;
  } else {
    // SIMT: the largest tile with four waves of blocks or a last wave 90 %
    // full, else the one whose last wave is fullest; a split only where no
    // tile makes two waves without one (split_k gives a problem of few
    // tiles more blocks than small tiles would, each with more work:
    // docs/design/matmul-chooser.md).
    auto fill = [&](const jit::ScheduleDescription &s) {
      int64_t n = blocks(s);
      return double(n) / double((n + kFullWave - 1) / kFullWave * kFullWave);
    };
    bool splitsHelp = llvm::none_of(options, [&](auto &o) {
      return splits(o.second) == 1 && blocks(o.second) >= 2 * kFullWave;
    });
    auto allowed = [&](const jit::ScheduleDescription &s) {
      return splitsHelp || splits(s) == 1;
    };
    first = std::find_if(options.begin(), options.end(), [&](auto &o) {
      return allowed(o.second) &&
             (blocks(o.second) >= 4 * kFullWave || fill(o.second) >= 0.9);
    });
    if (first == options.end()) {
      first = options.begin();
      for (auto it = options.begin(); it != options.end(); ++it)
        if (allowed(it->second) && fill(it->second) > fill(first->second))
          first = it;
    }
  }
  std::rotate(options.begin(), first, first + 1);

  std::vector<MatmulSchedule> schedules;
  for (auto &[name, s] : options) {
    s.chip = problem.chip;
    MatmulSchedule schedule;
    schedule.candidate = name;
    schedule.schedule = jit::renderScheduleAttribute(s);
    schedule.reason =
        formatv("f32 (outside the tuner's candidate space): {0}, {1} blocks "
                "for {2}x{3}",
                name, blocks(s), problem.m, problem.n)
            .str();
    schedules.push_back(std::move(schedule));
  }
  return schedules;
}

} // namespace gemm_opt
