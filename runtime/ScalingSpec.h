//===- ScalingSpec.h - an FP8 kernel's scales ------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The "scaling" object of a bundle kernel, present exactly on FP8 GEMMs
// (8-bit A and B, ScaledKernelSpec.h):
//
//   {"a": "tensor"|"row"|"block_1x128",
//    "b": "tensor"|"column"|"block_128x128",
//    "fast_accumulation"*: false}
//
// A and B hold quantized values and the f32 scales say what each stands
// for. Before its fused epilogue (FusedEpilogueSpec.h) the kernel computes
//
//   acc[i][j] = Σ_kb sa(i, kb) · sb(kb, j) · Σ_{k in kb} A[i][k]·B[k][j]
//
// over the K blocks kb of 128 elements (Kb = ⌈K/128⌉ of them, Nb = ⌈N/128⌉
// blocks of columns), where the memref parameters "scale_a" and "scale_b"
// (KernelParamSpec.h) hold, by mode:
//
//   a = tensor:        sa = scale_a[],          rank 0, one f32;
//   a = row:           sa(i) = scale_a[i],      rank 1, M entries, stride 1;
//   a = block_1x128:   sa(i, kb) = scale_a[i, kb], rank 2, sizes [M, Kb],
//                      strides [1, M] (M-contiguous, as PyTorch's
//                      _scaled_mm and DeepGEMM store activation scales);
//   b = tensor:        sb = scale_b[],          rank 0;
//   b = column:        sb(j) = scale_b[j],      rank 1, N entries, stride 1;
//   b = block_128x128: sb(kb, j) = scale_b[kb, j / 128], rank 2, sizes
//                      [Kb, Nb], strides [1, Kb] (the Nb × Kb row-major
//                      array beside an N×K weight).
//
// The runtime allocates each scale buffer packed in that layout. A batched
// kernel may take either with a leading batch dimension (rank + 1,
// ScaledKernelSpec.h): the scales of every batch entry, packed one entry
// after the other (batch stride = the entry's element count). With
// "fast_accumulation": false the kernel adds the partial sums of every 128
// K elements into separate f32 registers (as cuBLASLt does without
// CUBLASLT_MATMUL_DESC_FAST_ACCUM); with true wgmma's accumulator alone sums
// all of K. Block scales always promote, so they take false.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_SCALINGSPEC_H
#define GEMM_OPT_RUNTIME_SCALINGSPEC_H

#include "runtime/bundle/BundleSchema.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

/// K elements per scale block.
inline constexpr int64_t ScaleBlockElements = 128;

/// How one operand's scales apply: A takes Tensor, Row or Block1x128, B
/// Tensor, Column or Block128x128.
enum class ScaleMode { Tensor, Row, Column, Block1x128, Block128x128 };

/// "tensor", "row", "column", "block_1x128", "block_128x128".
llvm::StringRef getScaleModeName(ScaleMode mode);
/// The rank of the mode's memref: 0, 1 (row, column) or 2 (blocks).
unsigned getScaleRank(ScaleMode mode);

struct ScalingSpec {
  ScaleMode a = ScaleMode::Tensor;
  ScaleMode b = ScaleMode::Tensor;
  bool fastAccumulation = false;

  bool hasBlockScales() const {
    return a == ScaleMode::Block1x128 || b == ScaleMode::Block128x128;
  }
  /// "a=row b=column", with ", fast accumulation" where set.
  std::string describe() const;
};

/// The entry's optional "scaling", whose names the schema checked.
std::optional<ScalingSpec>
readScaling(const std::optional<bundle::Scaling> &scaling);

/// Where one operand's scales lie in their buffer of f32 elements, for a
/// problem of M × N × K (see the file comment).
struct ScaleTensorLayout {
  ScaleMode mode = ScaleMode::Tensor;
  unsigned rank = 0;
  /// The memref's sizes and strides (elements); the first `rank` count.
  std::array<int64_t, 2> sizes = {1, 1};
  std::array<int64_t, 2> strides = {1, 1};
  /// f32 elements the buffer holds.
  int64_t elements = 1;

  /// The buffer index of the scale that multiplies K block `kb` of output
  /// row `rowOrColumn` (A's modes) or output column `rowOrColumn` (B's).
  int64_t getIndex(int64_t rowOrColumn, int64_t kb) const;
};

ScaleTensorLayout getScaleTensorLayout(ScaleMode mode, int64_t m, int64_t n,
                                       int64_t k);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_SCALINGSPEC_H
