//===- ProblemUpload.cpp - a problem's inputs on the device ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemUpload.h"

#include "runtime/ElementType.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<DeviceBuffer> uploadBytes(const std::vector<uint8_t> &bytes) {
  Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(bytes.size());
  if (!buffer)
    return buffer.takeError();
  if (Error err = buffer->copyFromHost(bytes.data()))
    return std::move(err);
  return std::move(*buffer);
}

Expected<UploadedOperands> uploadOperands(const ProblemInputs &inputs) {
  const GemmProblem &problem = inputs.getProblem();
  UploadedOperands uploaded;
  for (auto [operand, buffer, address] :
       {std::tuple<Operand, DeviceBuffer *, uint64_t *>{
            Operand::A, &uploaded.a, &uploaded.views.a},
        {Operand::B, &uploaded.b, &uploaded.views.b},
        {Operand::C, &uploaded.c, &uploaded.views.c}}) {
    Expected<DeviceBuffer> copy = uploadBytes(inputs.getBuffer(operand));
    if (!copy)
      return copy.takeError();
    *buffer = std::move(*copy);
    const OperandView &view = problem.getView(operand);
    *address = getViewAddress(buffer->getAddress(), view.offset, view.type);
  }
  if (!inputs.getBias().empty()) {
    Expected<DeviceBuffer> bias = uploadBytes(inputs.getBias());
    if (!bias)
      return bias.takeError();
    uploaded.bias = std::move(*bias);
  }
  if (!inputs.getResidual().empty()) {
    Expected<DeviceBuffer> residual = uploadBytes(inputs.getResidual());
    if (!residual)
      return residual.takeError();
    uploaded.residual = std::move(*residual);
    // The residual has C's type; its view starts at its own offset, as C's
    // does at C's.
    uploaded.residualView = getViewAddress(
        uploaded.residual.getAddress(), problem.residualOffset, problem.c.type);
  }
  return std::move(uploaded);
}

} // namespace runtime
} // namespace gemm_opt
