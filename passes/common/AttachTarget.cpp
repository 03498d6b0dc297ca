//===- AttachTarget.cpp - an NVVM target per kernel module ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEATTACHTARGETPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "dialect/ChipInfo.h"
#include "passes/common/KernelAttributes.h"
#include "passes/copy/TransposeKernelAttributes.h"
#include "passes/common/LibdevicePath.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

struct TileAttachTargetPass
    : public gemm_opt::impl::TileAttachTargetPassBase<TileAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    // The module's location, without a dump of the whole module.
    Location loc = getOperation().getLoc();
    if (optLevel < 0 || optLevel > 3) {
      emitError(loc) << "tile-attach-target: opt-level "
                     << static_cast<int64_t>(optLevel.getValue())
                     << " is not an LLVM optimization level (0, 1, 2 or 3)";
      return signalPassFailure();
    }
    // PTX features are +ptxNN (the PTX ISA version); the NVPTX backend
    // would only warn about others and emit the chip's default.
    SmallVector<StringRef> items;
    StringRef(features).split(items, ',', /*MaxSplit=*/-1,
                              /*KeepEmpty=*/false);
    for (StringRef item : items) {
      StringRef version = item.trim();
      if (!version.consume_front("+ptx") || version.empty() ||
          !llvm::all_of(version, llvm::isDigit)) {
        emitError(loc) << "tile-attach-target: PTX feature '" << item
                       << "' is not +ptxNN (a PTX ISA version, e.g. +ptx80)";
        return signalPassFailure();
      }
    }
    getOperation().walk([&](gpu::GPUModuleOp module) {
      // Only modules holding tile kernels are ours to target.
      std::string scheduleChip;
      module.walk([&](gpu::GPUFuncOp kernel) {
        if (ScheduleAttr schedule = getKernelSchedule(kernel))
          scheduleChip = schedule.getChip().str();
        else if (TransposeScheduleAttr transpose =
                     getKernelTransposeSchedule(kernel))
          scheduleChip = transpose.getChip().str();
      });
      if (scheduleChip.empty())
        return;
      std::string moduleChip = chip.empty() ? scheduleChip : chip.getValue();
      std::optional<ChipInfo> info = lookupChip(moduleChip);
      if (!info) {
        module.emitError() << "unknown chip '" << moduleChip
                           << "'; known chips: " << knownChipList();
        return signalPassFailure();
      }
      std::string ptxFeatures =
          features.empty() ? "+ptx" + std::to_string(info->ptxVersion)
                           : features.getValue();
      // Math ops (a fused epilogue's tanh, erf, exp, fma) become libdevice
      // calls: link it, so the PTX does not depend on the environment.
      ArrayAttr link;
      bool usesMath = module
                          .walk([](Operation *op) {
                            return isa<math::MathDialect>(op->getDialect())
                                       ? WalkResult::interrupt()
                                       : WalkResult::advance();
                          })
                          .wasInterrupted();
      if (usesMath) {
        std::optional<std::string> libdevice = findLibdevice();
        if (!libdevice) {
          module.emitError()
              << "the kernel uses math functions from libdevice, but "
                 "nvvm/libdevice/libdevice.10.bc was found in no CUDA "
                 "toolkit ($CUDA_HOME, $CUDA_PATH, $CUDA_ROOT, /usr/local/cuda)";
          return signalPassFailure();
        }
        link = ArrayAttr::get(&getContext(),
                              {StringAttr::get(&getContext(), *libdevice)});
      }
      auto target = NVVM::NVVMTargetAttr::get(
          &getContext(), optLevel, "nvptx64-nvidia-cuda", moduleChip,
          ptxFeatures, /*targetFlags=*/nullptr, link);
      module.setTargetsAttr(ArrayAttr::get(&getContext(), {target}));
    });
  }
};

} // namespace
