//===- OperandAlignment.cpp - What alignment each operand needs -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/OperandAlignment.h"

#include "runtime/ElementType.h"

#include "llvm/ADT/STLExtras.h"

namespace gemm_opt {
namespace runtime {

bool isStagedOperand(const KernelSpec &spec, Operand operand) {
  if (operand == Operand::C)
    return false;
  return llvm::any_of(spec.parameters, [&](const KernelParamSpec &param) {
    return param.isTensorMapOf(operand);
  });
}

int64_t getOperandAlignmentBytes(const KernelSpec &spec, Operand operand) {
  if (isStagedOperand(spec, operand))
    return static_cast<int64_t>(getElementSize(spec.getOperandType(operand)));
  return spec.minAlignmentBytes;
}

} // namespace runtime
} // namespace gemm_opt
