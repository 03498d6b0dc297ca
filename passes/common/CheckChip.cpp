//===- CheckChip.cpp - can each schedule be compiled for the target -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILECHECKCHIPPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "dialect/ChipInfo.h"
#include "dialect/MatrixLayouts.h"
#include "passes/hopper/HopperKernelPlan.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

/// What an ffma schedule asks for that tile-simt-mma does not lower: it
/// pipelines padded (or unpadded) stages loaded with cp.async (A through
/// registers with 2 stages).
/// (The verifier already limits ffma to `direct` epilogue stores.)
static void appendMissingSimtFeatures(ScheduleAttr schedule,
                                      SmallVectorImpl<std::string> &missing) {
  if (schedule.isTma())
    missing.push_back("ffma with TMA loads");
  if (!isa<PadAttr>(schedule.getSmemA()) || !isa<PadAttr>(schedule.getSmemB()))
    missing.push_back("ffma with a swizzled shared layout");
}

/// What a batched wgmma GEMM asks for that tile-warp-specialize does not
/// lower: split_k (grid z numbers the batch entries; the workspace holds one
/// batch entry). alpha/beta, the bias (one vector for every entry), the
/// activations and the residual (one matrix per entry) apply to each
/// entry's C.
static void appendMissingBatchedFeatures(ScheduleAttr schedule,
                                         SmallVectorImpl<std::string> &missing) {
  if (schedule.getSplitK() > 1)
    missing.push_back("split_k with batched operands");
}

/// Reports at `gemm` each feature of its (verified) schedule that the
/// lowering does not implement yet. Fails if there is any.
///
/// mma.sync schedules lower with cp.async pipelines and direct epilogue
/// stores; ffma schedules (tile-simt-mma) with cp.async stages, padded layouts
/// and direct stores. wgmma schedules lower (tile-warp-specialize) as warp-specialized
/// TMA kernels with 128-byte swizzles and a `vector` epilogue store, one
/// tile per block or persistent (consumer groups in turns), in clusters
/// with or without TMA multicast, batched or not.
static LogicalResult checkLowerable(GemmOp gemm, ScheduleAttr schedule) {
  SmallVector<std::string> missing;
  EpilogueStore store = schedule.getEpilogueStore();
  if (schedule.isWgmma()) {
    if (!schedule.isWarpSpecialized())
      missing.push_back("wgmma without warp specialization");
    if (schedule.getWarpN() != schedule.getBlockN())
      missing.push_back("wgmma with consumer warpgroups side by side along N");
    bool tmaStore = store == EpilogueStore::tma;
    // Upstream nvgpu.warpgroup.mma.store (LLVM 22), which the vector store
    // uses, offsets the second 64-row half of a 128-row accumulator by N/2
    // rows instead of 64, which is only right for N = 128 (measured: 128x64
    // tiles computed garbage). The tma store reads the fragments itself.
    if (!tmaStore && schedule.getWarpM() > 64 && schedule.getWarpN() != 128)
      missing.push_back(
          ("wgmma with a " + Twine(schedule.getWarpM()) + "x" +
           Twine(schedule.getWarpN()) +
           " warpgroup tile and a vector epilogue store (more than 64 rows "
           "needs N = 128: nvgpu.warpgroup.mma.store puts rows 64-127 at row "
           "N/2; #tile.store<tma> does not)")
              .str());
    if (schedule.isWarpSpecialized() && !tmaStore &&
        !planHopperKernel(schedule, gemm.getEpilogueAttr()).hasStagingLead())
      missing.push_back("wgmma with consumer groups whose stages are smaller "
                        "than 64 staging rows");
    if (schedule.getSplitK() > 1 && schedule.getCluster())
      missing.push_back("split_k with thread-block clusters");
    if (store == EpilogueStore::direct)
      missing.push_back("wgmma with a direct epilogue store");
    if (schedule.isStreamK() && schedule.getConsumerGroups() > 1)
      missing.push_back("stream_k with consumer groups in turns");
    if (schedule.isStreamK() && !schedule.isStreamKBySpares() &&
        schedule.getCluster())
      missing.push_back("stream_k = 1 or 2 with thread-block clusters "
                        "(stream_k = spares takes them)");
    if (schedule.isStreamK() && gemm.getC().getType().getRank() == 3)
      missing.push_back("stream_k with batches");
    if (tmaStore && schedule.getSplitK() > 1)
      missing.push_back("split_k with a tma epilogue store");
    if (tmaStore && schedule.isWarpSpecialized() &&
        planHopperKernel(schedule, gemm.getEpilogueAttr()).stagingOffset %
                1024 !=
            0)
      missing.push_back(
          "a tma epilogue store whose staging tile does not start at a "
          "multiple of 1024 bytes (the stages' size)");
    if (gemm.isBatched())
      appendMissingBatchedFeatures(schedule, missing);
  } else if (schedule.isFfma()) {
    appendMissingSimtFeatures(schedule, missing);
  } else {
    if (schedule.isTma())
      missing.push_back("mma.sync with TMA loads");
    if (store != EpilogueStore::direct)
      missing.push_back(("mma.sync with a " + stringifyEpilogueStore(store) +
                         " epilogue store")
                            .str());
  }
  for (const std::string &feature : missing)
    gemm.emitOpError() << feature << " lowering is not implemented yet";
  return success(missing.empty());
}

namespace {

struct TileCheckChipPass
    : public gemm_opt::impl::TileCheckChipPassBase<TileCheckChipPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!chip.empty() && !lookupChip(chip)) {
      getOperation().emitError() << "unknown chip '" << chip
                                 << "'; known chips: " << knownChipList();
      return signalPassFailure();
    }
    getOperation().walk([&](GemmOp gemm) {
      ScheduleAttr schedule = gemm.getScheduleAttr();
      if (!schedule)
        return;
      if (!chip.empty() && schedule.getChip() != chip) {
        gemm.emitOpError() << "schedule is for " << schedule.getChip()
                           << " but the compilation targets " << chip;
        signalPassFailure();
      }
      if (failed(checkLowerable(gemm, schedule)))
        signalPassFailure();
    });
    getOperation().walk([&](TransposeOp transpose) {
      TransposeScheduleAttr schedule = transpose.getScheduleAttr();
      if (schedule && !chip.empty() && schedule.getChip() != chip) {
        transpose.emitOpError() << "schedule is for " << schedule.getChip()
                                << " but the compilation targets " << chip;
        signalPassFailure();
      }
    });
  }
};

} // namespace
