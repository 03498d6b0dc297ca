//===- ScalingSpec.cpp - an FP8 kernel's scales ---------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ScalingSpec.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getScaleModeName(ScaleMode mode) {
  switch (mode) {
  case ScaleMode::Tensor:
    return "tensor";
  case ScaleMode::Row:
    return "row";
  case ScaleMode::Column:
    return "column";
  case ScaleMode::Block1x128:
    return "block_1x128";
  case ScaleMode::Block128x128:
    return "block_128x128";
  }
  return "?";
}

unsigned getScaleRank(ScaleMode mode) {
  switch (mode) {
  case ScaleMode::Tensor:
    return 0;
  case ScaleMode::Row:
  case ScaleMode::Column:
    return 1;
  case ScaleMode::Block1x128:
  case ScaleMode::Block128x128:
    return 2;
  }
  return 0;
}

std::string ScalingSpec::describe() const {
  return ("a=" + getScaleModeName(a) + " b=" + getScaleModeName(b) +
          (fastAccumulation ? ", fast accumulation" : ""))
      .str();
}

std::optional<ScalingSpec>
readScaling(const std::optional<bundle::Scaling> &scaling) {
  if (!scaling)
    return std::nullopt;
  auto parse = [](StringRef name) {
    return StringSwitch<ScaleMode>(name)
        .Case("row", ScaleMode::Row)
        .Case("column", ScaleMode::Column)
        .Case("block_1x128", ScaleMode::Block1x128)
        .Case("block_128x128", ScaleMode::Block128x128)
        .Default(ScaleMode::Tensor);
  };
  return ScalingSpec{parse(scaling->a), parse(scaling->b),
                     scaling->fastAccumulation};
}

int64_t ScaleTensorLayout::getIndex(int64_t rowOrColumn, int64_t kb) const {
  switch (mode) {
  case ScaleMode::Tensor:
    return 0;
  case ScaleMode::Row:
  case ScaleMode::Column:
    return rowOrColumn;
  case ScaleMode::Block1x128: // scale_a[row, kb]
    return rowOrColumn * strides[0] + kb * strides[1];
  case ScaleMode::Block128x128: // scale_b[kb, column / 128]
    return kb * strides[0] + rowOrColumn / ScaleBlockElements * strides[1];
  }
  return 0;
}

ScaleTensorLayout getScaleTensorLayout(ScaleMode mode, int64_t m, int64_t n,
                                       int64_t k) {
  auto blocks = [](int64_t extent) {
    return static_cast<int64_t>(
        divideCeil(static_cast<uint64_t>(extent), ScaleBlockElements));
  };
  ScaleTensorLayout layout;
  layout.mode = mode;
  layout.rank = getScaleRank(mode);
  switch (mode) {
  case ScaleMode::Tensor:
    break;
  case ScaleMode::Row:
    layout.sizes[0] = m;
    break;
  case ScaleMode::Column:
    layout.sizes[0] = n;
    break;
  case ScaleMode::Block1x128:
    // [M, Kb], M-contiguous.
    layout.sizes = {m, blocks(k)};
    layout.strides = {1, m};
    break;
  case ScaleMode::Block128x128:
    // [Kb, Nb], Kb-contiguous.
    layout.sizes = {blocks(k), blocks(n)};
    layout.strides = {1, blocks(k)};
    break;
  }
  layout.elements = layout.sizes[0] * (layout.rank == 2 ? layout.sizes[1] : 1);
  return layout;
}

} // namespace runtime
} // namespace gemm_opt
