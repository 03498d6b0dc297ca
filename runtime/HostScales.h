//===- HostScales.h - An FP8 GEMM's scales in host memory ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The f32 scale_a and scale_b of an FP8 GEMM of M × N × K, each packed in
// the layout its mode gives the kernel's memref (ScalingSpec.h), and the
// scales sa(i, kb) and sb(kb, j) the references read from them.
//
// Random scales are positive, 2^(c + u) with u uniform in [-4, 4] drawn
// anew for every scale (per tensor, row, column or block): a spread of
// 2^8 between scales, as quantizing tensors of different ranges gives. The
// centre c of each operand's scales makes the expected output magnitude
// about 1 whatever K and the input distribution: c = -log2(rms · K^(1/4))
// with rms the operand's root mean square, so that sa · sb · sqrt(K) ·
// rms(A) · rms(B) is about 1 (an f16 C overflows at 65504, and a fused
// bias or residual of magnitude 1 stays visible beside the product).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_HOSTSCALES_H
#define GEMM_OPT_RUNTIME_HOSTSCALES_H

#include "runtime/HostMatrix.h"
#include "runtime/ScalingSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

class HostScales {
public:
  /// All scales 1.
  HostScales(const ScalingSpec &scaling, int64_t m, int64_t n, int64_t k);

  const ScalingSpec &getScaling() const { return scaling; }
  const ScaleTensorLayout &getLayoutA() const { return layoutA; }
  const ScaleTensorLayout &getLayoutB() const { return layoutB; }
  /// The buffers as the kernel takes them.
  const std::vector<float> &getBufferA() const { return bufferA; }
  const std::vector<float> &getBufferB() const { return bufferB; }
  std::vector<float> &getBufferA() { return bufferA; }
  std::vector<float> &getBufferB() { return bufferB; }

  /// sa(row, kb): what multiplies A's row `row` in K block `kb`.
  double getA(int64_t row, int64_t kb) const {
    return bufferA[static_cast<size_t>(layoutA.getIndex(row, kb))];
  }
  /// sb(kb, col): what multiplies B's column `col` in K block `kb`.
  double getB(int64_t kb, int64_t col) const {
    return bufferB[static_cast<size_t>(layoutB.getIndex(col, kb))];
  }

  /// Random scales (see the file comment) of centres 2^centreA and
  /// 2^centreB, deterministic for `seed`.
  void fillRandom(uint64_t seed, double centreA, double centreB);

private:
  ScalingSpec scaling;
  ScaleTensorLayout layoutA, layoutB;
  std::vector<float> bufferA, bufferB;
};

/// The centre exponent c = -log2(rms · K^(1/4)) of the scales of `operand`
/// (its M×K or K×N entries) in a GEMM of depth `k` (see the file comment);
/// 0 for an all-zero operand.
/// The scales of A (`isA`) or B of several batch entries or groups as one
/// kernel buffer: every entry's packed one after the other where
/// `perEntry`, else entry 0's alone (shared by every entry).
std::vector<float> packEntryScales(llvm::ArrayRef<HostScales> entries, bool isA,
                                   bool perEntry);

double chooseScaleCentre(const HostMatrix &operand, int64_t k);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_HOSTSCALES_H
