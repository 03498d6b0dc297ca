//===- HostMatrix.h - Row- or column-major matrices in host memory -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Host copies of the operands, in the device element type, row- or
// column-major with a leading dimension; get/set take logical (row, col)
// either way. Inputs are filled with seeded random values, uniform in
// [-1, -1/16] u [1/16, 1] (never near zero, so relative errors mean
// something), the same at each logical entry whatever the layout; padding
// (ld beyond the minor extent) holds NaN so that a kernel reading it shows
// up.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_HOSTMATRIX_H
#define GEMM_OPT_RUNTIME_HOSTMATRIX_H

#include "runtime/ElementType.h"
#include "runtime/KernelParamSpec.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

class HostMatrix {
public:
  HostMatrix(ElementType type, int64_t rows, int64_t cols, int64_t ld,
             MatrixLayout layout = MatrixLayout::Row);

  ElementType getType() const { return type; }
  MatrixLayout getLayout() const { return layout; }
  int64_t getRows() const { return rows; }
  int64_t getCols() const { return cols; }
  int64_t getLd() const { return ld; }
  /// Lines of `ld` elements in memory (rows, or columns when column-major)
  /// and the elements of each that belong to the matrix.
  int64_t getStoredLines() const {
    return layout == MatrixLayout::Row ? rows : cols;
  }
  int64_t getStoredLineLength() const {
    return layout == MatrixLayout::Row ? cols : rows;
  }
  /// Element index of logical entry (row, col).
  size_t indexOf(int64_t row, int64_t col) const {
    return static_cast<size_t>(layout == MatrixLayout::Row ? row * ld + col
                                                           : col * ld + row);
  }

  void *data() { return storage.data(); }
  const void *data() const { return storage.data(); }
  size_t getSizeInBytes() const { return storage.size(); }

  double get(int64_t row, int64_t col) const {
    return loadElement(type, storage.data(), indexOf(row, col));
  }
  void set(int64_t row, int64_t col, float value) {
    storeElement(type, storage.data(), indexOf(row, col), value);
  }

  /// Fills the matrix with seeded random values (deterministic for a given
  /// seed, independent of threading) and its padding with NaN.
  void fillRandom(uint64_t seed);

  /// Sets each entry (row, col) to `value(row * cols + col)` (its logical
  /// index, rounded to the element type) and the padding to NaN, lines in
  /// parallel: `value` must be a pure function.
  void fill(llvm::function_ref<float(uint64_t index)> value);

private:
  ElementType type;
  MatrixLayout layout;
  int64_t rows;
  int64_t cols;
  int64_t ld;
  std::vector<uint8_t> storage;
};

/// The SplitMix64 finalizer: a well-mixed 64-bit hash of `x`, the source of
/// all seeded randomness here (portable, unlike std distributions).
uint64_t splitMix64(uint64_t x);

/// The random value fillRandom stores at linear index `index` (before
/// rounding to the element type). Exposed for tests.
float getRandomInputValue(uint64_t seed, uint64_t index);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_HOSTMATRIX_H
