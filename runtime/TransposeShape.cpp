//===- TransposeShape.cpp - the matrices of a transpose kernel launch -----===//

#include "runtime/TransposeShape.h"

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
  return std::to_string(rows) + "x" + std::to_string(cols);
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
  constexpr uint64_t maxBufferBytes = uint64_t(1) << 40;
  if (uint64_t(shape.rows) * uint64_t(shape.ldSrc) * 4 > maxBufferBytes ||
      uint64_t(shape.cols) * uint64_t(shape.ldDst) * 4 > maxBufferBytes)
    return makeBadInputError("invalid shape: a matrix would need over 1 TiB");
  return Error::success();
}

std::vector<uint64_t> packTransposeParams(const TransposeShape &shape,
                                          uint64_t src, uint64_t dst) {
  auto memref = [](uint64_t address, int64_t rows, int64_t cols, int64_t ld) {
    return std::vector<uint64_t>{address,        address,
                                 0,              uint64_t(rows),
                                 uint64_t(cols), uint64_t(ld),
                                 1};
  };
  std::vector<uint64_t> params =
      memref(src, shape.rows, shape.cols, shape.ldSrc);
  std::vector<uint64_t> dstParams =
      memref(dst, shape.cols, shape.rows, shape.ldDst);
  params.insert(params.end(), dstParams.begin(), dstParams.end());
  return params;
}

} // namespace runtime
} // namespace gemm_opt
