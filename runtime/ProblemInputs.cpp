//===- ProblemInputs.cpp - Host copies of a problem's buffers -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemInputs.h"

#include "runtime/HostMatrix.h"

#include "llvm/Support/Parallel.h"

#include <cstring>
#include <limits>

namespace gemm_opt {
namespace runtime {

namespace {
/// Fills the view of `operand` with random values from `seed`, indexed by
/// the element's logical position (so the values do not depend on the
/// layout or padding).
void fillView(const GemmProblem &problem, Operand operand, uint64_t seed,
              std::vector<uint8_t> &buffer) {
  ElementType type = problem.getView(operand).type;
  int64_t rows = problem.getRows(operand);
  int64_t cols = problem.getCols(operand);
  // A stride-0 operand is one matrix that every batch entry reads.
  int64_t batches =
      problem.getView(operand).batchStride == 0 ? 1 : problem.batchCount;
  size_t entries = static_cast<size_t>(batches * rows);
  llvm::parallelFor(0, entries, [&](size_t batchRow) {
    int64_t batch = static_cast<int64_t>(batchRow) / rows;
    int64_t row = static_cast<int64_t>(batchRow) % rows;
    for (int64_t col = 0; col < cols; ++col) {
      uint64_t logical = static_cast<uint64_t>(batchRow) *
                             static_cast<uint64_t>(cols) +
                         static_cast<uint64_t>(col);
      storeElement(type, buffer.data(),
                   static_cast<size_t>(
                       problem.getElementIndex(operand, batch, row, col)),
                   getRandomInputValue(seed, logical));
    }
  });
}

std::vector<uint8_t> allocate(const GemmProblem &problem, Operand operand) {
  return std::vector<uint8_t>(
      static_cast<size_t>(problem.getBufferElements(operand)) *
      getElementSize(problem.getView(operand).type));
}
} // namespace

ProblemInputs::ProblemInputs(const GemmProblem &problem, uint64_t seed)
    : problem(problem), a(allocate(problem, Operand::A)),
      b(allocate(problem, Operand::B)), c(allocate(problem, Operand::C)) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (auto [operand, buffer] :
       {std::pair<Operand, std::vector<uint8_t> *>(Operand::A, &a),
        {Operand::B, &b}}) {
    ElementType type = problem.getView(operand).type;
    size_t elements = buffer->size() / getElementSize(type);
    for (size_t i = 0; i < elements; ++i)
      storeElement(type, buffer->data(), i, nan);
    fillView(problem, operand, seed * 4 + (operand == Operand::A ? 0 : 1),
             *buffer);
  }
  std::memset(c.data(), OutputPoisonByte, c.size());
  if (problem.epilogue.beta != 0.0)
    fillView(problem, Operand::C, seed * 4 + 2, c);
  int64_t biasElements = problem.getBiasElements();
  bias.resize(static_cast<size_t>(biasElements) *
              getElementSize(problem.c.type));
  for (int64_t i = 0; i < biasElements; ++i)
    storeElement(problem.c.type, bias.data(), static_cast<size_t>(i),
                 getRandomInputValue(seed * 4 + 3, static_cast<uint64_t>(i)));
  // The residual's values come from the bias's stream, past any bias
  // (2^40 entries on).
  int64_t residualElements = problem.getResidualElements();
  residual.resize(static_cast<size_t>(residualElements) *
                  getElementSize(problem.c.type));
  if (residualElements == 0)
    return;
  for (int64_t i = 0; i < residualElements; ++i)
    storeElement(problem.c.type, residual.data(), static_cast<size_t>(i), nan);
  const uint64_t firstValue = uint64_t(1) << 40;
  for (int64_t batch = 0; batch < problem.batchCount; ++batch)
    for (int64_t row = 0; row < problem.m; ++row)
      for (int64_t col = 0; col < problem.n; ++col)
        storeElement(
            problem.c.type, residual.data(),
            static_cast<size_t>(problem.getResidualIndex(batch, row, col)),
            getRandomInputValue(
                seed * 4 + 3,
                firstValue + static_cast<uint64_t>(
                                 (batch * problem.m + row) * problem.n + col)));
}

const std::vector<uint8_t> &ProblemInputs::getBuffer(Operand operand) const {
  return operand == Operand::A ? a : operand == Operand::B ? b : c;
}

double ProblemInputs::get(Operand operand, int64_t batch, int64_t row,
                          int64_t col) const {
  return loadElement(
      problem.getView(operand).type, getBuffer(operand).data(),
      static_cast<size_t>(problem.getElementIndex(operand, batch, row, col)));
}

double ProblemInputs::getBias(int64_t row, int64_t col) const {
  if (problem.epilogue.bias == BiasKind::None)
    return 0.0;
  return loadElement(problem.c.type, bias.data(),
                     static_cast<size_t>(problem.getBiasIndex(row, col)));
}

double ProblemInputs::getResidual(int64_t batch, int64_t row,
                                  int64_t col) const {
  if (!problem.epilogue.residual)
    return 0.0;
  return loadElement(
      problem.c.type, residual.data(),
      static_cast<size_t>(problem.getResidualIndex(batch, row, col)));
}

} // namespace runtime
} // namespace gemm_opt
