//===- TransposeKernelAttributes.h - what a transpose kernel records -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels that tile-outline-kernel makes for a tile.transpose carry its
// schedule and element type, so that tile-transpose and gemm-translate's
// launch metadata read them from one place (a GEMM kernel carries
// "tile.schedule" instead, see KernelAttributes.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_COPY_TRANSPOSEKERNELATTRIBUTES_H
#define GEMM_OPT_PASSES_COPY_TRANSPOSEKERNELATTRIBUTES_H

#include "dialect/DiscardableAttributes.h"
#include "dialect/TileDialect.h"

namespace gemm_opt {

/// Name of the kernel attribute holding the #tile.transpose_schedule.
inline llvm::StringRef kernelTransposeScheduleAttrName() {
  return tile::attr::transposeSchedule;
}

/// Name of the kernel attribute holding the transposed element type.
inline llvm::StringRef kernelTransposeElementAttrName() {
  return tile::attr::transposeElement;
}

/// Name of the unit attribute of a transpose kernel over a batch of
/// matrices (3-D src and dst, entries along grid z).
inline llvm::StringRef kernelTransposeBatchedAttrName() {
  return tile::attr::transposeBatched;
}

inline void setKernelTranspose(mlir::Operation *kernel,
                               tile::TransposeScheduleAttr schedule,
                               mlir::Type elementType, bool batched) {
  kernel->setAttr(kernelTransposeScheduleAttrName(), schedule);
  kernel->setAttr(kernelTransposeElementAttrName(),
                  mlir::TypeAttr::get(elementType));
  if (batched)
    kernel->setAttr(kernelTransposeBatchedAttrName(),
                    mlir::UnitAttr::get(kernel->getContext()));
}

/// Whether a transpose kernel transposes a batch of matrices.
inline bool isKernelTransposeBatched(mlir::Operation *kernel) {
  return kernel->hasAttr(kernelTransposeBatchedAttrName());
}

inline tile::TransposeScheduleAttr
getKernelTransposeSchedule(mlir::Operation *kernel) {
  return kernel->getAttrOfType<tile::TransposeScheduleAttr>(
      kernelTransposeScheduleAttrName());
}

/// The element type of a transpose kernel; null for other kernels.
inline mlir::Type getKernelTransposeElement(mlir::Operation *kernel) {
  auto type =
      kernel->getAttrOfType<mlir::TypeAttr>(kernelTransposeElementAttrName());
  return type ? type.getValue() : mlir::Type();
}

/// Name of the attribute that marks a tile.transpose (and the kernel made
/// from it) as the staging copy of a GEMM operand (tile-stage-transposed-
/// operands): "a" or "b".
inline llvm::StringRef stagedOperandAttrName() { return tile::attr::stagedOperand; }

/// The GEMM operand a staging transpose (op or kernel) writes; empty for
/// any other.
inline llvm::StringRef getStagedOperand(mlir::Operation *op) {
  auto name = op->getAttrOfType<mlir::StringAttr>(stagedOperandAttrName());
  return name ? name.getValue() : llvm::StringRef();
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_COPY_TRANSPOSEKERNELATTRIBUTES_H
