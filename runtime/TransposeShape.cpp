//===- TransposeShape.cpp - the matrices of a transpose kernel launch -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/TransposeShape.h"

#include "runtime/KernelParams.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <limits>
#include <tuple>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

TransposeShape TransposeShape::get(int64_t rows, int64_t cols, int64_t ldSrc,
                                   int64_t ldDst) {
  TransposeShape shape;
  shape.rows = rows;
  shape.cols = cols;
  shape.ldSrc = ldSrc ? ldSrc : cols;
  shape.ldDst = ldDst ? ldDst : rows;
  return shape;
}

std::string TransposeShape::str() const {
  std::string text = std::to_string(rows) + "x" + std::to_string(cols);
  return batch > 1 ? text + " batch " + std::to_string(batch) : text;
}

Error verifyTransposeShape(const TransposeShape &shape) {
  constexpr int64_t maxExtent = std::numeric_limits<int32_t>::max();
  for (auto [name, value] : {std::pair<StringRef, int64_t>("M", shape.rows),
                             {"N", shape.cols}})
    if (value < 1 || value > maxExtent)
      return makeBadInputError("invalid shape: " + name + "=" + Twine(value) +
                               " (must be in [1, 2^31 - 1])");
  for (auto [name, ld, minimum, minName] :
       {std::tuple<StringRef, int64_t, int64_t, StringRef>(
            "lds", shape.ldSrc, shape.cols, "N"),
        {"ldd", shape.ldDst, shape.rows, "M"}})
    if (ld < minimum || ld > maxExtent)
      return makeBadInputError("invalid leading dimension: " + name + "=" +
                               Twine(ld) + " must be at least " + minName +
                               "=" + Twine(minimum) + " (and below 2^31)");
  if (shape.batch < 1 || shape.batch > 65535)
    return makeBadInputError("invalid batch count " + Twine(shape.batch) +
                             " (must be in [1, 65535], the grid's z limit)");
  if (shape.batch > 1 &&
      (shape.batchStrideSrc < 0 || shape.batchStrideDst < 0 ||
       (shape.batchStrideSrc != 0 &&
        shape.batchStrideSrc < shape.rows * shape.ldSrc) ||
       shape.batchStrideDst < shape.cols * shape.ldDst))
    return makeBadInputError(
        "invalid batch strides " + Twine(shape.batchStrideSrc) + " (src) and " +
        Twine(shape.batchStrideDst) +
        " (dst): entries must not overlap (src may be 0, one matrix)");
  constexpr uint64_t maxBufferBytes = uint64_t(1) << 40;
  uint64_t entries = uint64_t(shape.batch);
  if (entries * uint64_t(shape.rows) * uint64_t(shape.ldSrc) * 4 >
          maxBufferBytes ||
      entries * uint64_t(shape.cols) * uint64_t(shape.ldDst) * 4 >
          maxBufferBytes)
    return makeBadInputError("invalid shape: a matrix would need over 1 TiB");
  return Error::success();
}

std::vector<uint64_t> packTransposeParams(const TransposeShape &shape,
                                          uint64_t src, uint64_t dst,
                                          bool batched) {
  std::vector<uint64_t> params;
  appendRowMajorMemRef(params, src, shape.rows, shape.cols, shape.ldSrc,
                       batched, shape.batch, shape.batchStrideSrc);
  appendRowMajorMemRef(params, dst, shape.cols, shape.rows, shape.ldDst,
                       batched, shape.batch, shape.batchStrideDst);
  return params;
}

} // namespace runtime
} // namespace gemm_opt
