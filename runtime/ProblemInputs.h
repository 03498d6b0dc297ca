//===- ProblemInputs.h - Host copies of a problem's buffers ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The buffers of a GemmProblem in host memory, in their element types, laid
// out exactly like the device buffers (offsets, leading dimensions, batch
// strides). Every element of the A and B views holds a seeded random value
// (HostMatrix.h: uniform in [-1, -1/16] u [1/16, 1]); the rest of their
// buffers holds NaN, so that a kernel reading outside its view shows up. C's
// buffer is all poison bytes (NaN in every element type), except that with
// beta != 0 its view holds random input values. The bias vector holds random
// values, and so does the residual's matrix (NaN in its padding and in the
// residualOffset elements before it).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_PROBLEMINPUTS_H
#define GEMM_OPT_RUNTIME_PROBLEMINPUTS_H

#include "runtime/DeviceBuffer.h"
#include "runtime/GemmProblem.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {


class ProblemInputs {
public:
  /// Fills the buffers of `problem` (deterministic for a seed).
  ProblemInputs(const GemmProblem &problem, uint64_t seed);

  const GemmProblem &getProblem() const { return problem; }
  /// The whole buffer of an operand (C: its contents before the run).
  const std::vector<uint8_t> &getBuffer(Operand operand) const;
  const std::vector<uint8_t> &getBias() const { return bias; }
  /// Empty without a residual.
  const std::vector<uint8_t> &getResidual() const { return residual; }

  /// Element (row, col) of batch entry `batch` of an operand's view (for C,
  /// the input the epilogue reads with beta != 0).
  double get(Operand operand, int64_t batch, int64_t row, int64_t col) const;
  /// The bias added to C's element (row, col); 0 without a bias.
  double getBias(int64_t row, int64_t col) const;
  /// The residual added to C's element (row, col) of batch entry `batch`;
  /// 0 without one.
  double getResidual(int64_t batch, int64_t row, int64_t col) const;

private:
  GemmProblem problem;
  std::vector<uint8_t> a, b, c, bias, residual;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_PROBLEMINPUTS_H
