//===- SharedAddressEvaluator.h - shared addresses as numbers ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bank-conflict analysis needs the physical shared-memory offset of many
// logical elements. Rather than restating the swizzle and padding formulas,
// the evaluator asks passes/SharedLayoutIndex (the code tile-shared-layout
// runs) to emit its index computation once, over three placeholder values
// (stage, row, col), records the emitted arith ops as a short instruction
// list, and replays that list for concrete numbers. A change to the
// lowering's address math therefore changes the analysis with it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_SHAREDADDRESSEVALUATOR_H
#define GEMM_OPT_ANALYSIS_SHAREDADDRESSEVALUATOR_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

namespace gemm_opt::analysis {

class SharedAddressEvaluator {
public:
  /// The evaluator of a `stages×rows×cols` buffer of type `logical` stored in
  /// `layout` (#tile.swizzle or #tile.pad), or failure if the emitted index
  /// computation uses an op the evaluator does not know.
  static mlir::FailureOr<SharedAddressEvaluator>
  create(mlir::Attribute layout, mlir::MemRefType logical);

  /// Flat element index of logical element [stage, row, col].
  int64_t getElementIndex(int64_t stage, int64_t row, int64_t col) const;
  /// Byte offset of logical element [stage, row, col] from the buffer start.
  int64_t getByteOffset(int64_t stage, int64_t row, int64_t col) const {
    return getElementIndex(stage, row, col) * elementBytes;
  }

private:
  enum class Opcode { Add, Mul, DivU, RemU, And, Xor, ShrU };
  /// registers[result] = registers[lhs] <opcode> registers[rhs].
  struct Instruction {
    Opcode opcode;
    int lhs, rhs, result;
  };
  /// The registers before the program runs: 0..2 are stage, row and col,
  /// then one per emitted op, the constants' filled in once here.
  llvm::SmallVector<int64_t> initialRegisters;
  /// The emitted arithmetic, in order.
  llvm::SmallVector<Instruction> program;
  int resultRegister = 0;
  int64_t elementBytes = 1;
};

} // namespace gemm_opt::analysis

#endif // GEMM_OPT_ANALYSIS_SHAREDADDRESSEVALUATOR_H
