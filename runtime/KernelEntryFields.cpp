//===- KernelEntryFields.cpp - fields every bundle kernel entry has -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelEntryFields.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Error checkRowMajorLayouts(const JsonFieldReader &kernel,
                          ArrayRef<StringRef> operands) {
  Expected<JsonFieldReader> layouts = kernel.getObject("layouts");
  if (!layouts)
    return layouts.takeError();
  for (StringRef key : operands) {
    Expected<StringRef> layout = layouts->getString(key);
    if (!layout)
      return layout.takeError();
    if (*layout != "row")
      return layouts->fail(key, "is '" + *layout +
                                    "'; only \"row\" (row-major) is "
                                    "supported");
  }
  return Error::success();
}

Expected<MatrixLayouts> readGemmLayouts(const JsonFieldReader &kernel,
                                        StringRef key) {
  Expected<JsonFieldReader> fields = kernel.getObject(key);
  if (!fields)
    return fields.takeError();
  MatrixLayouts layouts;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    StringRef name = getOperandName(operand);
    Expected<StringRef> value = fields->getString(name);
    if (!value)
      return value.takeError();
    std::optional<MatrixLayout> layout = parseMatrixLayout(*value);
    if (!layout)
      return fields->fail(name, "is '" + *value +
                                   "'; expected \"row\" or \"col\"");
    layouts.get(operand) = *layout;
  }
  return layouts;
}

Expected<int64_t> readMinAlignmentBytes(const JsonFieldReader &kernel) {
  Expected<int64_t> alignment =
      kernel.getInteger("min_alignment_bytes", 1, 4096);
  if (!alignment)
    return alignment.takeError();
  if (!isPowerOf2_64(static_cast<uint64_t>(*alignment)))
    return kernel.fail("min_alignment_bytes", "must be a power of two");
  return *alignment;
}

} // namespace runtime
} // namespace gemm_opt
