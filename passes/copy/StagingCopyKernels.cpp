//===- StagingCopyKernels.cpp - the copies that make operands TMA-readable ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "passes/copy/StagingCopyKernels.h"

#include "dialect/DiscardableAttributes.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/MemoryQueries.h"
#include "passes/hopper/HopperKernelPlan.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

StringRef copyScheduleAttrName() { return tile::attr::copySchedule; }
StringRef copyElementAttrName() { return tile::attr::copyElement; }
StringRef copyBatchedAttrName() { return tile::attr::copyBatched; }
StringRef stagedCopyOperandsAttrName() { return tile::attr::stagedCopyOperands; }

/// 256 threads, each moving 16 bytes per access, 2 accesses per thread:
/// 16 rows × 256 bf16 (128 f32) per block, the fastest of the shapes tried
/// for a bf16 4096×4095 B (26.9 µs, against 27.5 µs with 32 rows (4
/// accesses), 28.9 µs with 64 and 35.7 µs with 512-element rows of 64
/// threads).
CopyScheduleAttr getStagingCopySchedule(MLIRContext *ctx, StringRef chip,
                                        Type elementType) {
  int64_t vector = 16 / getByteWidth(elementType);
  return CopyScheduleAttr::get(ctx, chip, {16, 32 * vector}, {32, 8}, vector);
}

/// Creates the kernel copying matrices (or batches, `batched`) of
/// `elementType` for the GEMM operands `operands`.
void createCopyKernel(OpBuilder &builder, gpu::GPUModuleOp module,
                      Location loc, StringRef name, StringRef chip,
                      Type elementType, bool batched,
                      ArrayRef<StringRef> operands) {
  MLIRContext *ctx = builder.getContext();
  int64_t rank = batched ? 3 : 2;
  auto matrixType = MemRefType::get(
      SmallVector<int64_t>(rank, ShapedType::kDynamic), elementType,
      getDynamicMatrixLayout(ctx, MatrixOrder::row, batched));
  CopyScheduleAttr schedule =
      getStagingCopySchedule(ctx, chip, elementType);

  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto kernel = gpu::GPUFuncOp::create(
      builder, loc, name,
      builder.getFunctionType({matrixType, matrixType}, {}));
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                  builder.getUnitAttr());
  int32_t threads = static_cast<int32_t>(schedule.getThreadCount());
  kernel.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr({threads, 1, 1}));
  kernel->setAttr(copyScheduleAttrName(), schedule);
  kernel->setAttr(copyElementAttrName(), TypeAttr::get(elementType));
  if (batched)
    kernel->setAttr(copyBatchedAttrName(), builder.getUnitAttr());
  kernel->setAttr(stagedCopyOperandsAttrName(),
                  builder.getStrArrayAttr(operands));
  Block &body = kernel.getBody().front();
  builder.setInsertionPointToStart(&body);
  CopyOp::create(builder, loc, body.getArgument(0), body.getArgument(1),
                 schedule);
  gpu::ReturnOp::create(builder, loc);
}

} // namespace

void gemm_opt::createStagingCopyKernels(
    OpBuilder &builder, gpu::GPUModuleOp module, StringRef gemmKernelName,
    GemmOp gemm, ArrayRef<StringRef> transposedOperands) {
  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (!usesTmaDescriptors(schedule))
    return;
  // One kernel per element type of A and B (they share one on every
  // tensor-core path today).
  llvm::MapVector<Type, SmallVector<StringRef, 2>> operandsByType;
  for (auto [name, operand] : {std::pair<StringRef, Value>("a", gemm.getA()),
                               {"b", gemm.getB()}})
    if (!llvm::is_contained(transposedOperands, name))
      operandsByType[cast<MemRefType>(operand.getType()).getElementType()]
          .push_back(name);
  for (auto &[elementType, operands] : operandsByType) {
    std::string name = (gemmKernelName + "_stage_copy").str();
    if (operandsByType.size() > 1)
      name += "_" + llvm::join(operands, "");
    createCopyKernel(builder, module, gemm.getLoc(), name, schedule.getChip(),
                     elementType, gemm.isBatched(), operands);
  }
}

CopyScheduleAttr gemm_opt::getKernelCopySchedule(Operation *kernel) {
  return kernel->getAttrOfType<CopyScheduleAttr>(copyScheduleAttrName());
}

Type gemm_opt::getKernelCopyElement(Operation *kernel) {
  auto type = kernel->getAttrOfType<TypeAttr>(copyElementAttrName());
  return type ? type.getValue() : Type();
}

bool gemm_opt::isKernelCopyBatched(Operation *kernel) {
  return kernel->hasAttr(copyBatchedAttrName());
}

SmallVector<StringRef, 2>
gemm_opt::getKernelStagedCopyOperands(Operation *kernel) {
  SmallVector<StringRef, 2> operands;
  if (auto names =
          kernel->getAttrOfType<ArrayAttr>(stagedCopyOperandsAttrName()))
    for (Attribute name : names)
      operands.push_back(cast<StringAttr>(name).getValue());
  return operands;
}
