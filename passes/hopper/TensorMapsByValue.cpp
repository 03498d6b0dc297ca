//===- TensorMapsByValue.cpp - tensor maps as __grid_constant__ params ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILETENSORMAPSBYVALUEPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "passes/common/KernelAttributes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gemm_opt;

namespace {

/// A CUtensorMap: 128 bytes, 64-byte aligned (cuda.h).
constexpr int64_t kTensorMapBytes = 128;
constexpr int64_t kTensorMapAlignment = 64;

/// Makes argument `index` of `kernel` a by-value CUtensorMap parameter.
LogicalResult passByValue(LLVM::LLVMFuncOp kernel, int32_t index) {
  if (index < 0 || static_cast<unsigned>(index) >= kernel.getNumArguments() ||
      !isa<LLVM::LLVMPointerType>(kernel.getArgument(index).getType()))
    return kernel.emitError()
           << "tensor map argument " << index
           << " is not a pointer argument of the kernel (its "
           << kernelTensorMapArgumentsAttrName()
           << " does not match its signature)";
  MLIRContext *context = kernel.getContext();
  Builder b(context);
  auto bytes =
      LLVM::LLVMArrayType::get(IntegerType::get(context, 8), kTensorMapBytes);
  kernel.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(bytes));
  kernel.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(kTensorMapAlignment));
  kernel.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                    b.getUnitAttr());
  return success();
}

struct TileTensorMapsByValuePass
    : public gemm_opt::impl::TileTensorMapsByValuePassBase<
          TileTensorMapsByValuePass> {
  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](LLVM::LLVMFuncOp kernel) {
      auto arguments = kernel->getAttrOfType<DenseI32ArrayAttr>(
          kernelTensorMapArgumentsAttrName());
      if (!arguments)
        return WalkResult::advance();
      for (int32_t index : arguments.asArrayRef())
        if (failed(passByValue(kernel, index)))
          return WalkResult::interrupt();
      kernel->removeAttr(kernelTensorMapArgumentsAttrName());
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
