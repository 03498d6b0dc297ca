//===- HostMatrix.cpp - Row- or column-major matrices in host memory ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/HostMatrix.h"

#include "llvm/Support/Parallel.h"

#include <limits>

namespace gemm_opt {
namespace runtime {

uint64_t splitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

namespace {
constexpr float minMagnitude = 1.0f / 16.0f;
constexpr int64_t rowsPerTask = 64;
} // namespace

float getRandomInputValue(uint64_t seed, uint64_t index) {
  uint64_t bits = splitMix64(splitMix64(seed) ^ index);
  // 24 random bits -> [0, 1), then magnitude in [1/16, 1], sign from bit 63.
  float unit = static_cast<float>(bits & 0xffffffu) * 0x1p-24f;
  float magnitude = minMagnitude + (1.0f - minMagnitude) * unit;
  return (bits >> 63) ? -magnitude : magnitude;
}

HostMatrix::HostMatrix(ElementType type, int64_t rows, int64_t cols, int64_t ld,
                       MatrixLayout layout)
    : type(type), layout(layout), rows(rows), cols(cols), ld(ld),
      storage(static_cast<size_t>(
                  (layout == MatrixLayout::Row ? rows : cols) * ld) *
              getElementSize(type)) {}

void HostMatrix::fillRandom(uint64_t seed) {
  fill([seed](uint64_t index) { return getRandomInputValue(seed, index); });
}

void HostMatrix::fill(llvm::function_ref<float(uint64_t index)> value) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // Stored lines (rows, or columns of a column-major matrix) in parallel;
  // the value of logical entry (row, col) depends on row * cols + col only.
  int64_t lines = getStoredLines(), length = getStoredLineLength();
  bool rowMajor = layout == MatrixLayout::Row;
  size_t tasks = static_cast<size_t>((lines + rowsPerTask - 1) / rowsPerTask);
  llvm::parallelFor(0, tasks, [&](size_t task) {
    int64_t begin = static_cast<int64_t>(task) * rowsPerTask;
    int64_t end = std::min(lines, begin + rowsPerTask);
    for (int64_t line = begin; line < end; ++line) {
      for (int64_t i = 0; i < length; ++i) {
        int64_t row = rowMajor ? line : i, col = rowMajor ? i : line;
        set(row, col, value(static_cast<uint64_t>(row * cols + col)));
      }
      for (int64_t i = length; i < ld; ++i)
        storeElement(type, storage.data(), static_cast<size_t>(line * ld + i),
                     nan);
    }
  });
}

} // namespace runtime
} // namespace gemm_opt
