//===- ExternDynamicShared.cpp - dynamic shared memory as an extern array -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEEXTERNDYNAMICSHAREDPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace {

/// Shared memory is LLVM address space 3 on NVPTX.
constexpr unsigned kSharedAddressSpace = 3;
/// A 128-byte swizzle repeats every 8 rows of 128 bytes.
constexpr uint64_t kDynamicSharedAlignment = 1024;

/// Whether `global` is what convert-gpu-to-nvvm makes of
/// gpu.dynamic_shared_memory: a zero-sized shared array.
bool isDynamicSharedMemory(LLVM::GlobalOp global) {
  auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
  return global.getAddrSpace() == kSharedAddressSpace && array &&
         array.getNumElements() == 0 && !global.getValueOrNull();
}

struct TileExternDynamicSharedPass
    : public gemm_opt::impl::TileExternDynamicSharedPassBase<
          TileExternDynamicSharedPass> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::GlobalOp global) {
      if (!isDynamicSharedMemory(global))
        return;
      global.setLinkage(LLVM::Linkage::External);
      global.setDsoLocal(true);
      uint64_t alignment = global.getAlignment().value_or(1);
      global.setAlignment(std::max(alignment, kDynamicSharedAlignment));
    });
  }
};

} // namespace
