//===- CheckChip.cpp - schedules against the requested chip ---------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILECHECKCHIPPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "dialect/ChipInfo.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

struct TileCheckChipPass
    : public gemm_opt::impl::TileCheckChipPassBase<TileCheckChipPass> {
  using Base::Base;

  void runOnOperation() override {
    if (chip.empty())
      return;
    if (!lookupChip(chip)) {
      getOperation().emitError() << "unknown chip '" << chip
                                 << "'; known chips: " << knownChipList();
      return signalPassFailure();
    }
    getOperation().walk([&](GemmOp gemm) {
      ScheduleAttr schedule = gemm.getScheduleAttr();
      if (schedule && schedule.getChip() != chip) {
        gemm.emitOpError() << "schedule is for " << schedule.getChip()
                           << " but the compilation targets " << chip;
        signalPassFailure();
      }
    });
  }
};

} // namespace
