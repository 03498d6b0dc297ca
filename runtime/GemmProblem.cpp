//===- GemmProblem.cpp - A GEMM with layouts, batches and epilogue --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmProblem.h"

#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getBiasKindName(BiasKind bias) {
  switch (bias) {
  case BiasKind::None:
    return "none";
  case BiasKind::Row:
    return "row";
  case BiasKind::Col:
    return "col";
  }
  return "none";
}

std::optional<BiasKind> parseBiasKind(StringRef name) {
  for (BiasKind bias : {BiasKind::None, BiasKind::Row, BiasKind::Col})
    if (name == getBiasKindName(bias))
      return bias;
  return std::nullopt;
}

GemmProblem GemmProblem::get(const GemmShape &shape, ElementType aType,
                             ElementType bType, ElementType cType) {
  GemmProblem problem;
  problem.m = shape.m;
  problem.n = shape.n;
  problem.k = shape.k;
  problem.batchCount = shape.batch;
  problem.a = {aType, shape.layouts.a, shape.lda, shape.batchStrideA, 0};
  problem.b = {bType, shape.layouts.b, shape.ldb, shape.batchStrideB, 0};
  problem.c = {cType, shape.layouts.c, shape.ldc, shape.batchStrideC, 0};
  return problem;
}

const OperandView &GemmProblem::getView(Operand operand) const {
  return operand == Operand::A ? a : operand == Operand::B ? b : c;
}

OperandView &GemmProblem::getView(Operand operand) {
  return operand == Operand::A ? a : operand == Operand::B ? b : c;
}

int64_t GemmProblem::getRows(Operand operand) const {
  return operand == Operand::B ? k : m;
}

int64_t GemmProblem::getCols(Operand operand) const {
  return operand == Operand::A ? k : n;
}

int64_t GemmProblem::getMinorExtent(Operand operand) const {
  return getView(operand).layout == MatrixLayout::Row ? getCols(operand)
                                                       : getRows(operand);
}

int64_t GemmProblem::getMatrixSpan(Operand operand) const {
  int64_t major = getView(operand).layout == MatrixLayout::Row
                      ? getRows(operand)
                      : getCols(operand);
  return getView(operand).ld * major;
}

int64_t GemmProblem::getBufferElements(Operand operand) const {
  const OperandView &view = getView(operand);
  return view.offset + (batchCount - 1) * view.batchStride +
         getMatrixSpan(operand);
}

int64_t GemmProblem::getElementIndex(Operand operand, int64_t batch,
                                     int64_t row, int64_t col) const {
  const OperandView &view = getView(operand);
  int64_t inMatrix = view.layout == MatrixLayout::Row ? row * view.ld + col
                                                      : col * view.ld + row;
  return view.offset + batch * view.batchStride + inMatrix;
}

int64_t GemmProblem::getResidualElements() const {
  return epilogue.residual
             ? getBufferElements(Operand::C) - c.offset + residualOffset
             : 0;
}

int64_t GemmProblem::getResidualIndex(int64_t batch, int64_t row,
                                      int64_t col) const {
  return getElementIndex(Operand::C, batch, row, col) - c.offset +
         residualOffset;
}

int64_t GemmProblem::getBiasElements() const {
  switch (epilogue.bias) {
  case BiasKind::None:
    return 0;
  case BiasKind::Row:
    return n;
  case BiasKind::Col:
    return m;
  }
  return 0;
}

int64_t GemmProblem::getBiasIndex(int64_t row, int64_t col) const {
  return epilogue.bias == BiasKind::Col ? row : col;
}

GemmShape GemmProblem::getShape() const {
  return GemmShape::get(m, n, k, a.ld, b.ld, c.ld,
                        MatrixLayouts{a.layout, b.layout, c.layout})
      .withBatch(batchCount, a.batchStride, b.batchStride, c.batchStride);
}

std::string GemmProblem::getShapeString() const {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

std::string GemmProblem::str() const {
  std::string text;
  raw_string_ostream os(text);
  os << getShapeString();
  if (batchCount != 1)
    os << " batch " << batchCount;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    const OperandView &view = getView(operand);
    os << " " << getOperandName(operand) << "=" << getElementTypeName(view.type)
       << "/" << getMatrixLayoutName(view.layout) << "/ld" << view.ld;
    if (batchCount != 1)
      os << "/stride" << view.batchStride;
    if (view.offset != 0)
      os << "/offset" << view.offset;
  }
  if (!epilogue.isIdentity()) {
    os << " alpha=" << format("%g", epilogue.alpha)
       << " beta=" << format("%g", epilogue.beta);
    if (epilogue.bias != BiasKind::None)
      os << " bias=" << getBiasKindName(epilogue.bias);
    if (epilogue.activation != EpilogueActivation::None)
      os << " act=" << getEpilogueActivationName(epilogue.activation);
    if (epilogue.residual) {
      os << " residual";
      // As an operand's view prints its offset: only where there is one.
      if (residualOffset != 0)
        os << "/offset" << residualOffset;
    }
  }
  return text;
}

Error verifyProblem(const GemmProblem &problem) {
  // cuBLAS (the reference) takes 32-bit extents and leading dimensions.
  constexpr int64_t maxExtent = std::numeric_limits<int32_t>::max();
  for (auto [name, value] : {std::pair<StringRef, int64_t>("M", problem.m),
                             {"N", problem.n},
                             {"K", problem.k},
                             {"batch count", problem.batchCount}})
    if (value < 1 || value > maxExtent)
      return makeBadInputError("invalid problem: " + name + "=" +
                               Twine(value) + " (must be in [1, 2^31 - 1])");
  if (!std::isfinite(problem.epilogue.alpha) ||
      !std::isfinite(problem.epilogue.beta))
    return makeBadInputError("invalid problem: alpha and beta must be finite");
  constexpr uint64_t maxBufferBytes = uint64_t(1) << 40;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    const OperandView &view = problem.getView(operand);
    StringRef name = getOperandName(operand);
    int64_t minor = problem.getMinorExtent(operand);
    if (view.ld < minor || view.ld > maxExtent)
      return makeBadInputError("invalid problem: ld" + name + "=" +
                               Twine(view.ld) + " must be at least " +
                               Twine(minor) + " (the " +
                               getMatrixLayoutName(view.layout) +
                               "-major minor extent) and below 2^31");
    if (view.offset < 0)
      return makeBadInputError("invalid problem: offset of " + name +
                               " must not be negative");
    // A and B may use one matrix for every entry (stride 0).
    bool broadcast = view.batchStride == 0 && operand != Operand::C;
    if (problem.batchCount > 1 && !broadcast &&
        view.batchStride < problem.getMatrixSpan(operand))
      return makeBadInputError(
          "invalid problem: batch stride of " + name + " (" +
          Twine(view.batchStride) + ") is below the " +
          Twine(problem.getMatrixSpan(operand)) +
          " elements one batch entry spans (entries would overlap" +
          (operand == Operand::C ? ")" : "; 0 repeats one matrix)"));
    // An offset or stride past 2^40 elements alone needs over 1 TiB (and
    // would overflow getBufferElements).
    bool hugeStride = problem.batchCount > 1 &&
                      static_cast<uint64_t>(view.batchStride) > maxBufferBytes;
    double bytes = static_cast<double>(problem.getBufferElements(operand)) *
                   static_cast<double>(getElementSize(view.type));
    if (static_cast<uint64_t>(view.offset) > maxBufferBytes || hugeStride ||
        bytes > static_cast<double>(maxBufferBytes))
      return makeBadInputError("invalid problem: operand " + name +
                               " would need over 1 TiB");
  }
  if (problem.residualOffset < 0)
    return makeBadInputError(
        "invalid problem: offset of the residual must not be negative");
  // The residual's buffer is C's, its offset aside. C's size was checked
  // above, so the sum cannot overflow once the offset is below 2^40.
  bool hugeResidual =
      static_cast<uint64_t>(problem.residualOffset) > maxBufferBytes ||
      static_cast<double>(problem.getResidualElements()) *
              static_cast<double>(getElementSize(problem.c.type)) >
          static_cast<double>(maxBufferBytes);
  if (hugeResidual)
    return makeBadInputError(
        "invalid problem: the residual would need over 1 TiB");
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
