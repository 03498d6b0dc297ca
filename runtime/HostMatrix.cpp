//===- HostMatrix.cpp - Row-major matrices in host memory -----------------===//

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

HostMatrix::HostMatrix(ElementType type, int64_t rows, int64_t cols, int64_t ld)
    : type(type), rows(rows), cols(cols), ld(ld),
      storage(static_cast<size_t>(rows * ld) * getElementSize(type)) {}

void HostMatrix::fillRandom(uint64_t seed) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  size_t tasks = static_cast<size_t>((rows + rowsPerTask - 1) / rowsPerTask);
  llvm::parallelFor(0, tasks, [&](size_t task) {
    int64_t begin = static_cast<int64_t>(task) * rowsPerTask;
    int64_t end = std::min(rows, begin + rowsPerTask);
    for (int64_t row = begin; row < end; ++row) {
      for (int64_t col = 0; col < cols; ++col)
        set(row, col,
            getRandomInputValue(seed, static_cast<uint64_t>(row * cols + col)));
      for (int64_t col = cols; col < ld; ++col)
        set(row, col, nan);
    }
  });
}

} // namespace runtime
} // namespace gemm_opt
