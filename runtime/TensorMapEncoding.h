//===- TensorMapEncoding.h - cuTensorMapEncodeTiled arguments --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A "tma" kernel parameter is a 2-D tiled tensor map over one operand as
// stored (getOperandLayout). Its cuTensorMapEncodeTiled arguments,
// dimensions innermost first:
//
//   a row-major: globalDim [K, M], col-major: [M, K]; strides [lda * sizeof(a)]
//   b row-major: globalDim [N, K], col-major: [K, N]; strides [ldb * sizeof(b)]
//   c row-major: globalDim [N, M], col-major: [M, N]; strides [ldc * sizeof(c)]
//
// with the operand's element type (f8E4M3FN and f8E5M2, which TMA has no
// type for, as CU_TENSOR_MAP_DATA_TYPE_UINT8: the map moves their bytes;
// an FP8 GEMM's row-major A and column-major B both have K innermost, so
// the box's inner extent runs along K), boxDim from the bundle, element
// strides [1, 1], no interleave, and the bundle's swizzle, L2 promotion and
// out-of-bounds fill.
//
// A map over the fused epilogue's residual ("operand": "residual") is C's,
// at the residual's address: the residual is laid out exactly like C.
//
// A batched kernel's maps (box [inner, outer, 1]) are 3-D: the batch
// entries third, globalDim [.., .., batch] and globalStrides [pitch, batch
// stride * sizeof]. The box is one entry deep, so a load at the edge of an
// entry's matrix reads zeros (out of bounds of dimensions 0 and 1), never
// the next entry. An operand with batch stride 0 (one matrix for every
// entry) is mapped as a single entry (the kernel loads entry 0 of it; TMA
// strides must be positive multiples of 16 bytes). Computing them is a pure function, so that the TMA
// requirements (16-byte aligned address, strides multiples of 16 bytes, ...)
// are checked, with errors that name the operand, before any driver call.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TENSORMAPENCODING_H
#define GEMM_OPT_RUNTIME_TENSORMAPENCODING_H

#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <cuda.h>

#include <array>
#include <cstdint>
#include <string>

namespace gemm_opt {
namespace runtime {

/// TMA requires global addresses and strides to be multiples of this.
inline constexpr uint64_t TensorMapGlobalAlignment = 16;

/// The arguments of one cuTensorMapEncodeTiled call (rank 2, or 3 for a
/// batched operand; entries past the rank are unused).
struct TensorMapEncoding {
  cuuint32_t rank = 2;
  Operand operand = Operand::A;
  /// A map over the residual (with C's geometry, `operand` C).
  bool overResidual = false;
  CUtensorMapDataType dataType = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  uint64_t globalAddress = 0;
  /// {columns, rows, batch entries}.
  std::array<cuuint64_t, 3> globalDim = {0, 0, 1};
  /// {row pitch, batch stride} in bytes.
  std::array<cuuint64_t, 2> globalStrides = {0, 0};
  std::array<cuuint32_t, 3> boxDim = {1, 1, 1};
  std::array<cuuint32_t, 3> elementStrides = {1, 1, 1};
  CUtensorMapInterleave interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMapL2promotion l2Promotion = CU_TENSOR_MAP_L2_PROMOTION_NONE;
  CUtensorMapFloatOOBfill oobFill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;

  /// "operand a: dims [4096, 2048], row pitch 8192 B, box [64, 128], swizzle
  /// 128B" (3-D: with the batch entries and stride; "operand residual" for
  /// a map over the residual), for messages.
  std::string describe() const;
};

CUtensorMapDataType getTensorMapDataType(ElementType type);

/// The encoding of tensor map parameter `param` of `spec` at `shape`, for
/// the operand's buffer at `globalAddress` (the residual's for a map over
/// the residual, which takes C's geometry). Fails with a BadInput error that
/// names the operand when TMA cannot describe it.
llvm::Expected<TensorMapEncoding>
computeTensorMapEncoding(const KernelSpec &spec, const KernelParamSpec &param,
                         const GemmShape &shape, uint64_t globalAddress);

/// Checks the address-independent TMA requirements of every tensor map
/// parameter of `spec` at `shape` (part of checkShapeSupported), except
/// those the kernel takes as a null pointer where TMA cannot describe the
/// operand (nullWhenUnaligned).
llvm::Error checkTensorMapsSupported(const KernelSpec &spec,
                                     const GemmShape &shape);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TENSORMAPENCODING_H
