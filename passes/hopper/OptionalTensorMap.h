//===- OptionalTensorMap.h - a map a launch may leave out ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// C's tensor map of a tma epilogue store, and that of a residual the
// epilogue stages by TMA, are kernel arguments the runtime passes only where
// the operand's address and pitch are ones TMA can take
// (TmaDescriptorArguments, runtime/KernelArguments.h). The kernel checks per
// launch whether the map is there and, where it is not, reaches the operand
// with its threads instead.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_OPTIONALTENSORMAP_H
#define GEMM_OPT_PASSES_HOPPER_OPTIONALTENSORMAP_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

struct OptionalTensorMap {
  /// The map as an nvgpu descriptor, which the TMA ops take.
  mlir::Value descriptor;
  /// The kernel argument it comes from (an !llvm.ptr): a null pointer says
  /// the map is not there, unless it is passed by value.
  mlir::Value pointer;
  /// By value: the i32 argument after the map (1: it is there); else null.
  mlir::Value present;
  /// Where not null, an i1 that keeps the map to the tile at hand: a
  /// grouped GEMM's tile that its group's end cuts is stored by the threads,
  /// which stop at the group's last row (TMA clips only at C's bounds).
  mlir::Value tileFits;

  /// Whether the kernel takes this map at all.
  explicit operator bool() const { return static_cast<bool>(descriptor); }

  /// Whether the map is there this launch (and fits the tile): an i1,
  /// uniform over the kernel (over the tile with tileFits).
  mlir::Value isPresent(mlir::OpBuilder &b, mlir::Location loc) const;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_OPTIONALTENSORMAP_H
