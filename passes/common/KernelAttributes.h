//===- KernelAttributes.h - what a kernel records of its GEMM ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels made by tile-outline-kernel carry their schedule and their GEMM's
// fused epilogue, so that later passes and gemm-translate's launch metadata
// read them from one place.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COMMON_KERNELATTRIBUTES_H
#define GEMM_OPT_PASSES_COMMON_KERNELATTRIBUTES_H

#include "dialect/DiscardableAttributes.h"
#include "dialect/MatrixLayouts.h"
#include "dialect/TileDialect.h"
#include "mlir/IR/Builders.h"

namespace gemm_opt {

/// Name of the kernel attribute holding the #tile.schedule.
inline llvm::StringRef kernelScheduleAttrName() { return tile::attr::schedule; }

inline void setKernelSchedule(mlir::Operation *kernel,
                              tile::ScheduleAttr schedule) {
  kernel->setAttr(kernelScheduleAttrName(), schedule);
}

inline tile::ScheduleAttr getKernelSchedule(mlir::Operation *kernel) {
  return kernel->getAttrOfType<tile::ScheduleAttr>(kernelScheduleAttrName());
}

/// Name of the kernel attribute holding the GEMM's #tile.epilogue; absent
/// when nothing is fused.
inline llvm::StringRef kernelEpilogueAttrName() { return tile::attr::epilogue; }

inline void setKernelEpilogue(mlir::Operation *kernel,
                              tile::EpilogueAttr epilogue) {
  if (epilogue)
    kernel->setAttr(kernelEpilogueAttrName(), epilogue);
}

/// The fused epilogue recorded on `kernel`, or null.
inline tile::EpilogueAttr getKernelEpilogue(mlir::Operation *kernel) {
  return kernel->getAttrOfType<tile::EpilogueAttr>(kernelEpilogueAttrName());
}

/// The #tile.scaling of an 8-bit GEMM kernel, recorded by
/// tile-outline-kernel (absent for other inputs).
inline void setKernelScaling(mlir::Operation *kernel,
                             tile::ScalingAttr scaling) {
  if (scaling)
    kernel->setAttr(tile::attr::scaling, scaling);
}

inline tile::ScalingAttr getKernelScaling(mlir::Operation *kernel) {
  return kernel->getAttrOfType<tile::ScalingAttr>(tile::attr::scaling);
}

/// Which scale operands of a batched 8-bit GEMM kernel hold each batch
/// entry's scales (dialect/ScaledGemmVerifier.h); the others are shared.
struct PerEntryScales {
  bool a = false, b = false;
};

/// Records `entries` on `kernel` (nothing where neither is per entry).
inline void setKernelPerEntryScales(mlir::Operation *kernel,
                                    PerEntryScales entries) {
  llvm::SmallVector<llvm::StringRef, 2> names;
  if (entries.a)
    names.push_back("a");
  if (entries.b)
    names.push_back("b");
  if (!names.empty())
    kernel->setAttr(tile::attr::perEntryScales,
                    mlir::Builder(kernel->getContext()).getStrArrayAttr(names));
}

inline PerEntryScales getKernelPerEntryScales(mlir::Operation *kernel) {
  PerEntryScales entries;
  if (auto names =
          kernel->getAttrOfType<mlir::ArrayAttr>(tile::attr::perEntryScales))
    for (mlir::Attribute name : names) {
      auto text = llvm::dyn_cast<mlir::StringAttr>(name);
      entries.a |= text && text.getValue() == "a";
      entries.b |= text && text.getValue() == "b";
    }
  return entries;
}

/// Whether an FP8 GEMM kernel takes an amax argument (tile-outline-kernel
/// records it).
inline void setKernelAmax(mlir::Operation *kernel, bool amax) {
  if (amax)
    kernel->setAttr(tile::attr::amax,
                    mlir::UnitAttr::get(kernel->getContext()));
}

inline bool hasKernelAmax(mlir::Operation *kernel) {
  return kernel->hasAttrOfType<mlir::UnitAttr>(tile::attr::amax);
}

/// Name of the kernel attribute holding the major orders of A, B and C
/// (["row", "col", "row"]); absent means all row-major.
inline llvm::StringRef kernelLayoutsAttrName() { return tile::attr::layouts; }

inline void setKernelLayouts(mlir::Operation *kernel,
                             const tile::GemmLayouts &layouts) {
  mlir::Builder b(kernel->getContext());
  kernel->setAttr(kernelLayoutsAttrName(),
                  b.getStrArrayAttr({stringifyMatrixOrder(layouts.a),
                                     stringifyMatrixOrder(layouts.b),
                                     stringifyMatrixOrder(layouts.c)}));
}

/// The layouts recorded on `kernel`; all row-major when there are none (the
/// dialect's verifier rejects a malformed one).
inline tile::GemmLayouts getKernelLayouts(mlir::Operation *kernel) {
  tile::GemmLayouts layouts;
  auto array = kernel->getAttrOfType<mlir::ArrayAttr>(kernelLayoutsAttrName());
  if (!array || array.size() != 3)
    return layouts;
  tile::MatrixOrder *orders[] = {&layouts.a, &layouts.b, &layouts.c};
  for (auto [order, attr] : llvm::zip(orders, array))
    if (auto name = llvm::dyn_cast<mlir::StringAttr>(attr))
      if (std::optional<tile::MatrixOrder> parsed =
              tile::parseMatrixOrder(name.getValue()))
        *order = *parsed;
  return layouts;
}

/// Name of the unit attribute of a host tile.gemm whose operands
/// tile-exchange-operands exchanged (it computes C^T = B^T·A^T on the
/// memory of the GEMM as written), and of its kernel.
inline llvm::StringRef exchangedOperandsAttrName() {
  return tile::attr::exchangedOperands;
}

inline void setExchangedOperands(mlir::Operation *op) {
  op->setAttr(exchangedOperandsAttrName(),
              mlir::UnitAttr::get(op->getContext()));
}

inline bool hasExchangedOperands(mlir::Operation *op) {
  return op->hasAttr(exchangedOperandsAttrName());
}

/// Name of the unit attribute of a kernel whose A, B and C are batches of
/// matrices (3-D memref arguments, 3-D tensor maps; passes/common/BatchEntryView.h).
inline llvm::StringRef kernelBatchedAttrName() { return tile::attr::batched; }

inline void setKernelBatched(mlir::Operation *kernel) {
  kernel->setAttr(kernelBatchedAttrName(),
                  mlir::UnitAttr::get(kernel->getContext()));
}

inline bool isKernelBatched(mlir::Operation *kernel) {
  return kernel->hasAttr(kernelBatchedAttrName());
}

/// The layout of a grouped GEMM kernel ("masked" or "contiguous"), whose
/// last argument is then its group operand (group_rows or group_offsets).
inline void setKernelGrouped(mlir::Operation *kernel, llvm::StringRef layout) {
  kernel->setAttr(tile::attr::grouped,
                  mlir::StringAttr::get(kernel->getContext(), layout));
}

/// The grouped kernel's layout, or empty when it is not grouped.
inline llvm::StringRef getKernelGrouped(mlir::Operation *kernel) {
  auto layout = kernel->getAttrOfType<mlir::StringAttr>(tile::attr::grouped);
  return layout ? layout.getValue() : llvm::StringRef();
}

/// Name of the kernel attribute listing which arguments of the kernel's
/// LLVM function (after convert-gpu-to-nvvm has expanded each memref into
/// its descriptor's fields) are tensor maps, which tile-tensor-maps-by-value
/// makes `__grid_constant__` parameters; set by tile-outline-kernel on the
/// kernels that take their maps by value. Its presence is what marks them.
inline llvm::StringRef kernelTensorMapArgumentsAttrName() {
  return tile::attr::tensorMapArguments;
}

/// Whether `kernel` takes its tensor maps by value (and C's with a presence
/// flag; TmaDescriptorArguments).
inline bool takesTensorMapsByValue(mlir::Operation *kernel) {
  return kernel->hasAttr(kernelTensorMapArgumentsAttrName());
}

/// Name of the i32 kernel attribute holding the ptxas optimization level
/// the kernel's code was arranged for (tile-simt-mma's FFMA order needs
/// -O1: -O3 reschedules it); absent means ptxas's default, 3. Every path that
/// assembles PTX (gemm-translate, the JIT) follows it unless told a level.
inline llvm::StringRef kernelPtxasOptLevelAttrName() {
  return tile::attr::ptxasOptLevel;
}

inline void setKernelPtxasOptLevel(mlir::Operation *kernel, int level) {
  mlir::Builder b(kernel->getContext());
  kernel->setAttr(kernelPtxasOptLevelAttrName(), b.getI32IntegerAttr(level));
}

/// The level recorded on `kernel`, else 3.
inline int getKernelPtxasOptLevel(mlir::Operation *kernel) {
  auto level =
      kernel->getAttrOfType<mlir::IntegerAttr>(kernelPtxasOptLevelAttrName());
  return level ? static_cast<int>(level.getInt()) : 3;
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COMMON_KERNELATTRIBUTES_H
