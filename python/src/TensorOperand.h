//===- TensorOperand.h - an array argument as kernels see it ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads a Python array argument without linking any framework:
//   - a torch.Tensor (found through sys.modules, never imported) by its
//     attributes: data_ptr(), shape, stride(), dtype, device. These are the
//     facts its DLPack capsule would carry, at a fraction of the capsule's
//     cost per call, and they are readable for tensors that require grad,
//     which DLPack refuses to export;
//   - an object with __cuda_array_interface__ (CuPy, Numba, ...);
//   - anything DLPack or the buffer protocol gives nanobind (NumPy, JAX).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_TENSOROPERAND_H
#define GEMM_OPT_PYTHON_TENSOROPERAND_H

#include <nanobind/nanobind.h>

#include <cstdint>
#include <string>

namespace gemm_opt::python {

/// The element types the kernels take.
enum class ElementType { BF16, F16, F32, Other };

/// "bf16", "f16" or "f32", as the dialect spells them.
const char *getTypeName(ElementType type);

/// The most dimensions an operand may have (a batch of matrices).
inline constexpr int MaxRank = 3;

struct TensorOperand {
  /// The Python argument ("a", "b", "out", "bias", "residual").
  const char *name = "";
  uintptr_t data = 0;
  ElementType type = ElementType::Other;
  /// The caller's spelling of the type ("torch.float64"), for messages.
  std::string typeName;
  int rank = 0;
  int64_t shape[MaxRank] = {};
  /// In elements.
  int64_t strides[MaxRank] = {};
  /// The CUDA device ordinal.
  int device = 0;
  /// Whether it is a torch tensor (whose current stream a call takes).
  bool torchTensor = false;

  /// Extent `i` counted from the end (1: the last).
  int64_t getExtentFromEnd(int i) const { return shape[rank - i]; }
  int64_t getStrideFromEnd(int i) const { return strides[rank - i]; }
};

/// Reads `object` as the operand `name`. ArgumentError when it is no array
/// of these kinds, has more than MaxRank dimensions, or is not in CUDA
/// device memory (the message names the operand and where it is).
TensorOperand readOperand(nanobind::handle object, const char *name);

/// torch's current stream on CUDA device `device`; 0 (the legacy default
/// stream) where torch is not imported or has no CUDA.
uintptr_t getCurrentTorchStream(int device);

/// A description of `operand`'s shape and strides, "(4, 8) strides (8, 1)".
std::string describeLayout(const TensorOperand &operand);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_TENSOROPERAND_H
