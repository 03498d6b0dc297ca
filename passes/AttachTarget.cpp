//===- AttachTarget.cpp - an NVVM target per kernel module ----------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEATTACHTARGETPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "dialect/ChipInfo.h"
#include "passes/KernelAttributes.h"
#include "passes/TransposeKernelAttributes.h"
#include "passes/LibdevicePath.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

struct TileAttachTargetPass
    : public gemm_opt::impl::TileAttachTargetPassBase<TileAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
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
