//===- ProblemUpload.h - a problem's inputs on the device -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The host buffers of a ProblemInputs copied into device buffers, and the
// addresses the kernel takes: each operand's view starts `offset` elements
// into its buffer, and the residual residualOffset elements into its own
// (views that break alignment on purpose).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_PROBLEMUPLOAD_H
#define GEMM_OPT_RUNTIME_PROBLEMUPLOAD_H

#include "runtime/DeviceBuffer.h"
#include "runtime/ElementType.h"
#include "runtime/KernelParams.h"
#include "runtime/ProblemInputs.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// A new device buffer holding `bytes`.
llvm::Expected<DeviceBuffer> uploadBytes(const std::vector<uint8_t> &bytes);

/// The address of the element `offset` elements of `type` past
/// `bufferAddress`: where a view starts in its buffer.
inline uint64_t getViewAddress(uint64_t bufferAddress, int64_t offset,
                               ElementType type) {
  return bufferAddress + static_cast<uint64_t>(offset) * getElementSize(type);
}

/// A, B and C of a problem on the device, and its bias vector.
struct UploadedOperands {
  DeviceBuffer a, b, c;
  /// Where each operand's view starts in its buffer.
  OperandAddresses views;
  /// Empty without a bias, a residual.
  DeviceBuffer bias, residual;
  /// Where the residual's view starts in its buffer (residualOffset
  /// elements in); 0 without a residual.
  uint64_t residualView = 0;

  /// What a fused epilogue takes for `epilogue`: its alpha and beta, and
  /// this upload's bias and residual view.
  EpilogueArguments getEpilogueArguments(const Epilogue &epilogue) const {
    return EpilogueArguments{static_cast<float>(epilogue.alpha),
                             static_cast<float>(epilogue.beta),
                             bias.getAddress(), residualView};
  }
};

/// Uploads the A, B and C buffers of `inputs`, and its bias and residual if
/// it has them.
llvm::Expected<UploadedOperands> uploadOperands(const ProblemInputs &inputs);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_PROBLEMUPLOAD_H
