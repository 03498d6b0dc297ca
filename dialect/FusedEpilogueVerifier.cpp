//===- FusedEpilogueVerifier.cpp - fused epilogue vs. its operands --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/FusedEpilogueVerifier.h"

#include "dialect/MatrixLayouts.h"

using namespace mlir;
using namespace gemm_opt::tile;

namespace {

bool staticExtentsDiffer(int64_t lhs, int64_t rhs) {
  return !ShapedType::isDynamic(lhs) && !ShapedType::isDynamic(rhs) &&
         lhs != rhs;
}

/// An operand is present exactly when its epilogue field asks for it.
LogicalResult checkPresence(GemmOp gemm, Value operand, bool wanted,
                            StringRef name, StringRef field) {
  if (operand && !wanted)
    return gemm.emitOpError()
           << "has a " << name << " operand but its epilogue has no "
           << field;
  if (!operand && wanted)
    return gemm.emitOpError() << "needs "
                              << (StringRef("aeiou").contains(name.front())
                                      ? "an "
                                      : "a ")
                              << name
                              << " operand: its epilogue has "
                              << field;
  return success();
}

/// The residual, if any: C's element type, rank, extents and major order.
LogicalResult verifyResidual(GemmOp gemm, MemRefType cType,
                             ArrayRef<int64_t> matrixC) {
  Type element = cType.getElementType();
  if (Value residualValue = gemm.getResidual()) {
    auto residualType = cast<MemRefType>(residualValue.getType());
    if (residualType.getElementType() != element)
      return gemm.emitOpError()
             << "residual has element type " << residualType.getElementType()
             << ", expected C's " << element;
    // One matrix per batch entry of a batched C (entry b is added to
    // C[b]), one matrix for a matrix C.
    if (residualType.getRank() != cType.getRank()) {
      StringRef shape = gemm.getGroupRows()      ? " (G × M_max × N, like C)"
                        : gemm.getGroupOffsets() ? " (T × N, like C)"
                        : gemm.isBatched() ? " (one matrix per batch entry)"
                                           : " (one matrix)";
      return gemm.emitOpError()
             << "residual must have C's rank " << cType.getRank() << shape
             << ", got " << residualType;
    }
    if (gemm.isBatched() &&
        staticExtentsDiffer(residualType.getDimSize(0), cType.getDimSize(0)))
      return gemm.emitOpError()
             << "residual has " << residualType.getDimSize(0)
             << (gemm.isGrouped() ? " groups" : " batch entries")
             << ", expected C's " << cType.getDimSize(0);
    ArrayRef<int64_t> matrix = residualType.getShape().take_back(2);
    for (unsigned dim = 0; dim < 2; ++dim)
      if (staticExtentsDiffer(matrix[dim], matrixC[dim]))
        return gemm.emitOpError()
               << "residual is " << matrix[0] << "x" << matrix[1]
               << ", expected C's " << matrixC[0] << "x" << matrixC[1];
    // The runtime passes the residual with C's layout and leading
    // dimension: its static unit stride must lie where C's does.
    std::optional<MatrixOrder> orderC = getMatrixOrder(cType);
    std::optional<MatrixOrder> order = getMatrixOrder(residualType);
    if (orderC && order != orderC)
      return gemm.emitOpError()
             << "residual must be " << stringifyMatrixOrder(*orderC)
             << "-major like C (it is passed with C's layout and leading "
                "dimension), got "
             << residualType;
  }
  return success();
}

} // namespace

LogicalResult gemm_opt::tile::verifyFusedEpilogue(GemmOp gemm) {
  EpilogueAttr epilogue = gemm.getEpilogueAttr();
  bool alphaBeta = epilogue && epilogue.getAlphaBeta();
  EpilogueBias bias = epilogue ? epilogue.getBias() : EpilogueBias::none;
  bool residual = epilogue && epilogue.getResidual();
  if (failed(checkPresence(gemm, gemm.getAlpha(), alphaBeta, "alpha",
                           "alpha_beta = true")) ||
      failed(checkPresence(gemm, gemm.getBeta(), alphaBeta, "beta",
                           "alpha_beta = true")) ||
      failed(checkPresence(gemm, gemm.getBias(), bias != EpilogueBias::none,
                           "bias", "bias = row or bias = column")) ||
      failed(checkPresence(gemm, gemm.getResidual(), residual, "residual",
                           "residual = true")))
    return failure();
  if (!epilogue || !epilogue.hasFusedOperations())
    return success();

  MemRefType cType = gemm.getC().getType();
  Type element = cType.getElementType();
  // M×N (of each batch entry of a batched C).
  ArrayRef<int64_t> matrixC = cType.getShape().take_back(2);
  if (Value biasValue = gemm.getBias()) {
    auto biasType = cast<MemRefType>(biasValue.getType());
    if (biasType.getElementType() != element)
      return gemm.emitOpError()
             << "bias has element type " << biasType.getElementType()
             << ", expected C's " << element;
    // A grouped GEMM's bias may be one vector per group
    // (verifyGroupedOperands checked its shape).
    if (gemm.isGrouped())
      return verifyResidual(gemm, cType, matrixC);
    if (biasType.getRank() != 1)
      return gemm.emitOpError()
             << "bias must be a vector (rank 1), got " << biasType
             << " (a bias per group, G × N, needs a grouped GEMM: "
                "group_rows or group_offsets)";
    bool byRow = bias == EpilogueBias::row;
    int64_t expected = matrixC[byRow ? 0 : 1];
    if (staticExtentsDiffer(biasType.getDimSize(0), expected))
      return gemm.emitOpError()
             << "bias = " << stringifyEpilogueBias(bias) << " has "
             << biasType.getDimSize(0) << " entries, expected "
             << (byRow ? "M" : "N") << " = " << expected;
    if (!biasType.getLayout().isIdentity()) {
      int64_t offset;
      SmallVector<int64_t> strides;
      if (failed(biasType.getStridesAndOffset(strides, offset)) ||
          strides[0] != 1)
        return gemm.emitOpError() << "bias must have unit stride";
    }
  }
  return verifyResidual(gemm, cType, matrixC);
}
