//===- ScaledReference.cpp - fp64 reference of an FP8 GEMM ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ScaledReference.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Parallel.h"

#include <algorithm>

namespace gemm_opt {
namespace runtime {

namespace {

/// Calls `visit(scale, products)` for each K block of output entry
/// (row, col), with the block's scale sa(row, kb) · sb(kb, col) and the
/// products A(row, k) · B(k, col) of its k (at most 128, exact in double).
template <typename Visit>
void forEachScaledBlock(const HostMatrix &a, const HostMatrix &b,
                        const HostScales &scales, int64_t row, int64_t col,
                        Visit visit) {
  int64_t depth = a.getCols();
  double products[ScaleBlockElements];
  for (int64_t begin = 0, kb = 0; begin < depth;
       begin += ScaleBlockElements, ++kb) {
    int64_t count = std::min(depth - begin, ScaleBlockElements);
    for (int64_t k = 0; k < count; ++k)
      products[k] = a.get(row, begin + k) * b.get(begin + k, col);
    visit(scales.getA(row, kb) * scales.getB(kb, col),
          llvm::ArrayRef<double>(products, static_cast<size_t>(count)));
  }
}

} // namespace

std::vector<double>
computeScaledFp64Reference(const HostMatrix &a, const HostMatrix &b,
                           const HostScales &scales,
                           llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
                           EntryEpilogue epilogue) {
  std::vector<double> reference(samples.size());
  llvm::parallelFor(0, samples.size(), [&](size_t index) {
    auto [row, col] = samples[index];
    double sum = 0.0;
    forEachScaledBlock(a, b, scales, row, col,
                       [&](double scale, llvm::ArrayRef<double> products) {
                         double blockSum = 0.0;
                         for (double product : products)
                           blockSum += product;
                         sum += scale * blockSum;
                       });
    reference[index] = sum;
  });
  if (epilogue)
    for (auto [value, sample] : llvm::zip_equal(reference, samples))
      value = epilogue(sample.first, sample.second, value);
  return reference;
}

std::vector<double> computeScaledProductSquares(
    const HostMatrix &a, const HostMatrix &b, const HostScales &scales,
    llvm::ArrayRef<std::pair<int64_t, int64_t>> samples) {
  std::vector<double> squares(samples.size());
  llvm::parallelFor(0, samples.size(), [&](size_t index) {
    auto [row, col] = samples[index];
    double sum = 0.0;
    forEachScaledBlock(a, b, scales, row, col,
                       [&](double scale, llvm::ArrayRef<double> products) {
                         for (double product : products)
                           sum += (scale * product) * (scale * product);
                       });
    squares[index] = sum;
  });
  return squares;
}

} // namespace runtime
} // namespace gemm_opt
