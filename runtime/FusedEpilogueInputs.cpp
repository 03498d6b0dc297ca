//===- FusedEpilogueInputs.cpp - A benchmark's fused-epilogue inputs ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/FusedEpilogueInputs.h"

#include "runtime/ProblemUpload.h"

#include <cstring>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<FusedEpilogueInputs>
FusedEpilogueInputs::create(const KernelSpec &spec, const GemmShape &shape,
                            const BenchmarkOptions &options) {
  FusedEpilogueInputs inputs;
  inputs.epilogue = spec.epilogue;
  inputs.arguments = EpilogueArguments{options.alpha, options.beta, 0, 0};
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  if (epilogue.bias != EpilogueBias::None) {
    int64_t length = getBiasLength(epilogue, shape);
    inputs.bias.emplace(spec.cType, 1, length, length);
    inputs.bias->fillRandom(options.seed * 2 + 2);
    Expected<DeviceBuffer> buffer =
        DeviceBuffer::allocate(inputs.bias->getSizeInBytes());
    if (!buffer)
      return buffer.takeError();
    if (Error err = buffer->copyFromHost(inputs.bias->data()))
      return std::move(err);
    inputs.arguments.bias = buffer->getAddress();
    inputs.biasBuffer = std::move(*buffer);
  }
  if (epilogue.residual) {
    // Laid out like C (the kernel reads it with C's layout and ldc), after
    // options.residualOffset poisoned elements of its buffer (NaN in every
    // type, as ProblemInputs pads it). `residual` stays the matrix alone:
    // the references and the cuBLAS baseline's copy of it read the same
    // values the kernel does.
    inputs.residual.emplace(spec.cType, shape.m, shape.n, shape.ldc,
                            shape.layouts.c);
    inputs.residual->fillRandom(options.seed * 2 + 3);
    std::vector<uint8_t> bytes(static_cast<size_t>(options.residualOffset) *
                                   getElementSize(spec.cType),
                               OutputPoisonByte);
    const auto *matrix = static_cast<const uint8_t *>(inputs.residual->data());
    bytes.insert(bytes.end(), matrix,
                 matrix + inputs.residual->getSizeInBytes());
    Expected<DeviceBuffer> uploaded = uploadBytes(bytes);
    if (!uploaded)
      return uploaded.takeError();
    inputs.residualBuffer = std::move(*uploaded);
    inputs.arguments.residual = getViewAddress(
        inputs.residualBuffer.getAddress(), options.residualOffset, spec.cType);
  }
  if (epilogue.alphaBeta) {
    // In C's layout: the kernel reads it where it writes D.
    inputs.initialC.emplace(spec.cType, shape.m, shape.n, shape.ldc,
                            shape.layouts.c);
    HostMatrix &initialC = *inputs.initialC;
    initialC.fillRandom(options.seed * 2 + 4);
    size_t elementSize = getElementSize(spec.cType);
    auto *bytes = static_cast<unsigned char *>(initialC.data());
    int64_t length = initialC.getStoredLineLength();
    for (int64_t line = 0; line < initialC.getStoredLines(); ++line)
      std::memset(bytes + static_cast<size_t>(line * shape.ldc + length) *
                              elementSize,
                  OutputPoisonByte,
                  static_cast<size_t>(shape.ldc - length) * elementSize);
  }
  return std::move(inputs);
}

EpilogueEntryInputs FusedEpilogueInputs::getEntryInputs(int64_t row,
                                                        int64_t col) const {
  EpilogueEntryInputs inputs;
  inputs.alpha = arguments.alpha;
  inputs.beta = arguments.beta;
  if (initialC)
    inputs.oldC = initialC->get(row, col);
  if (bias)
    inputs.bias = bias->get(0, epilogue.bias == EpilogueBias::Row ? row : col);
  if (residual)
    inputs.residual = residual->get(row, col);
  return inputs;
}

double FusedEpilogueInputs::apply(int64_t row, int64_t col, double acc) const {
  return applyFusedEpilogue(epilogue, acc, getEntryInputs(row, col));
}

double FusedEpilogueInputs::applyBeforeActivation(int64_t row, int64_t col,
                                                  double acc) const {
  FusedEpilogueSpec linear = epilogue;
  linear.activation = EpilogueActivation::None;
  linear.residual = false;
  return applyFusedEpilogue(linear, acc, getEntryInputs(row, col));
}

} // namespace runtime
} // namespace gemm_opt
