//===- ScaledReference.h - fp64 reference of an FP8 GEMM -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What an FP8 kernel computes before its fused epilogue (ScalingSpec.h),
// exactly, in double, from the host copies of its 8-bit A and B and its
// scales:
//
//   acc(i, j) = Σ_kb sa(i, kb) · sb(kb, j) · Σ_{k in kb} A(i, k) · B(k, j)
//
// over the K blocks kb of 128 elements, at sampled output entries
// (Validation.h's chooseSampleEntries), then passed through the fused
// epilogue where one is given, as the 16-bit path's computeFp64Reference
// does.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_SCALEDREFERENCE_H
#define GEMM_OPT_RUNTIME_SCALEDREFERENCE_H

#include "runtime/HostMatrix.h"
#include "runtime/HostScales.h"
#include "runtime/Validation.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// acc(i, j) at each sample, through `epilogue` where one is given.
std::vector<double>
computeScaledFp64Reference(const HostMatrix &a, const HostMatrix &b,
                           const HostScales &scales,
                           llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
                           EntryEpilogue epilogue = nullptr);

/// Σ_k (sa(i, kb) · sb(kb, j) · A(i, k) · B(k, j))^2 at each sample: the
/// scaled products' squares that getToleranceFactor takes (times alpha^2,
/// ToleranceFactor.h).
std::vector<double> computeScaledProductSquares(
    const HostMatrix &a, const HostMatrix &b, const HostScales &scales,
    llvm::ArrayRef<std::pair<int64_t, int64_t>> samples);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_SCALEDREFERENCE_H
