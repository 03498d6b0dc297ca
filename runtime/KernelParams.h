//===- KernelParams.h - Kernel parameter packing ---------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compiler lowers each rank-2 memref argument to 7 scalar kernel
// parameters of 8 bytes each, in this order:
//   allocated pointer, aligned pointer, offset (0), size0, size1,
//   stride0, stride1
// with, for C[M x N] = A[M x K] * B[K x N] row-major:
//   a: sizes (M, K), strides (lda, 1)
//   b: sizes (K, N), strides (ldb, 1)
//   c: sizes (M, N), strides (ldc, 1)
//
// Fused epilogue parameters (KernelParamSpec.h): alpha and beta are one
// 4-byte f32 each; the bias vector a rank-1 memref (5 parameters: allocated,
// aligned, offset 0, size M or N, stride 1); the residual a memref like C's
// (M, N, ldc; in a batched kernel rank 3 with C's batch stride).
//
// An FP8 GEMM's scales (ScalingSpec.h) are memrefs of f32 of rank 0
// (allocated, aligned, offset 0), 1 (and size, stride) or 2 (and two sizes
// and two strides), laid out as ScalingSpec.h says for their mode. An e4m3
// C's scale_d and the amax of D are rank-0 memrefs of one f32.
//
// A grouped GEMM's group_rows (G = the batch count entries) or
// group_offsets (G + 1) is a rank-1 i32 memref: allocated, aligned, offset
// 0, size, stride 1.
//
// A batched kernel's rank-3 memrefs (batch × rows × columns) are 9
// parameters: allocated, aligned, offset (0), sizes (batch, rows, cols),
// strides (batch stride, then the row and column strides as above).
//
// A "tma" parameter (see KernelParamSpec.h) is one kernel parameter: an
// 8-byte device address of the 128-byte CUtensorMap (global_pointer), or the
// CUtensorMap itself (by_value, from a 128-byte aligned host object); the
// residual's map like any other. A "tma_present" parameter is one 4-byte i32
// (in an 8-byte slot): whether the map right before it is there.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELPARAMS_H
#define GEMM_OPT_RUNTIME_KERNELPARAMS_H

#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <cuda.h>

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The expanded form of a rank-2 memref descriptor.
struct MemRefDescriptor2D {
  uint64_t allocated = 0;
  uint64_t aligned = 0;
  int64_t offset = 0;
  int64_t sizes[2] = {0, 0};
  int64_t strides[2] = {0, 0};
};

/// Number of 8-byte kernel parameters a rank-2 memref expands to.
inline constexpr unsigned MemRef2DParamCount = 7;

/// The expanded form of a rank-3 (batch × rows × columns) memref descriptor.
struct MemRefDescriptor3D {
  uint64_t allocated = 0;
  uint64_t aligned = 0;
  int64_t offset = 0;
  int64_t sizes[3] = {0, 0, 0};
  int64_t strides[3] = {0, 0, 0};
};

/// Number of 8-byte kernel parameters a rank-3 memref expands to.
inline constexpr unsigned MemRef3DParamCount = 9;

/// Appends to `values` the parameters of a memref over the row-major
/// rows×cols matrix at `address` with leading dimension `ld`: rank 2
/// {address, address, 0, rows, cols, ld, 1}, or with `batched` rank 3 over
/// `batch` such matrices `batchStride` elements apart {address, address, 0,
/// batch, rows, cols, batchStride, ld, 1} (the src and dst of transpose and
/// copy kernels).
void appendRowMajorMemRef(std::vector<uint64_t> &values, uint64_t address,
                          int64_t rows, int64_t cols, int64_t ld, bool batched,
                          int64_t batch, int64_t batchStride);

/// Device addresses of the three operands and, for an FP8 GEMM, of its
/// f32 scales of A and B (ScalingSpec.h; 0 for other GEMMs).
struct OperandAddresses {
  uint64_t a = 0;
  uint64_t b = 0;
  uint64_t c = 0;
  uint64_t scaleA = 0;
  uint64_t scaleB = 0;
  /// An e4m3 C's output scale and the amax of D (one f32 each), or 0.
  uint64_t scaleD = 0;
  uint64_t amax = 0;
  /// A grouped GEMM's group_rows or group_offsets (i32), or 0.
  uint64_t groups = 0;

  uint64_t get(Operand operand) const {
    return operand == Operand::A ? a : operand == Operand::B ? b : c;
  }
};

/// The run-time operands of a fused epilogue; only those the kernel's
/// epilogue uses are passed. Bias has M (row) or N (column) entries and the
/// residual C's layout (M×N, leading dimension ldc; batched: C's batch
/// stride between its entries), both of C's type.
struct EpilogueArguments {
  float alpha = 1.0f;
  float beta = 0.0f;
  uint64_t bias = 0;
  uint64_t residual = 0;
};

/// The split_k workspace of a launch (runtime/KernelArguments allocates it).
struct WorkspaceAddresses {
  uint64_t partials = 0, tileCounters = 0;
  int64_t partialCount = 0, tileCount = 0;
};

/// Entries of the bias vector of `epilogue` at `shape` (0 without bias).
int64_t getBiasLength(const FusedEpilogueSpec &epilogue,
                      const GemmShape &shape);

MemRefDescriptor2D describeOperand(const GemmShape &shape, Operand operand,
                                   uint64_t address);

/// The batched kernel's operand: every batch entry of `shape`, the matrix
/// as describeOperand says, the batch stride in front.
MemRefDescriptor3D describeBatchedOperand(const GemmShape &shape,
                                          Operand operand, uint64_t address);

/// Kernel parameters ready for cuLaunchKernel: getPointers()[i] points at
/// the value of parameter i (8 bytes, or a 128-byte CUtensorMap). Move-only;
/// the pointers refer into the object's own heap storage, which a move keeps
/// in place.
class PackedKernelParams {
public:
  PackedKernelParams() = default;
  /// Only 8-byte parameters.
  explicit PackedKernelParams(std::vector<uint64_t> values);
  PackedKernelParams(const PackedKernelParams &) = delete;
  PackedKernelParams &operator=(const PackedKernelParams &) = delete;
  PackedKernelParams(PackedKernelParams &&) = default;
  PackedKernelParams &operator=(PackedKernelParams &&) = default;

  void appendValue(uint64_t value);
  /// A 4-byte f32 parameter (stored in the low bytes of an 8-byte slot).
  void appendFloat(float value);
  /// A 4-byte integer parameter (an i32 such as tma_present), stored so.
  void appendInt32(uint32_t value);
  void appendTensorMap(const CUtensorMap &map);

  /// The 8-byte parameters, in order (tensor maps left out).
  llvm::ArrayRef<uint64_t> getValues() const { return values; }
  /// The by-value tensor map parameters, in order.
  llvm::ArrayRef<CUtensorMap> getTensorMaps() const { return tensorMaps; }
  /// Valid until the next append.
  void **getPointers();
  /// Number of kernel parameters.
  size_t size() const { return slots.size(); }
  /// The size in bytes of each parameter as the kernel declares it: 8 for a
  /// value, 4 for an f32, sizeof(CUtensorMap) for a map by value.
  std::vector<size_t> getParamBytes() const;

private:
  struct Slot {
    bool isTensorMap;
    size_t index; ///< Into values or tensorMaps.
    size_t bytes; ///< As the kernel declares the parameter.
  };
  std::vector<uint64_t> values;
  std::vector<CUtensorMap> tensorMaps; ///< 128-byte aligned (alignas).
  std::vector<Slot> slots;
  std::vector<void *> pointers;
};

/// One "tma" parameter ready to pass: the encoded map and, for
/// global_pointer passing, the device address of its copy.
struct TensorMapArgument {
  CUtensorMap map;
  uint64_t deviceAddress = 0;
  /// False where a null_when_unaligned map was left out (map all zeros,
  /// deviceAddress 0).
  bool present = true;
};

/// Packs the parameters of `spec` (in its parameter order) for `shape`.
/// `tensorMaps` holds one entry per "tma" parameter, in parameter order;
/// `epilogue` the values of the fused epilogue's parameters.
PackedKernelParams
packKernelParams(const KernelSpec &spec, const GemmShape &shape,
                 const OperandAddresses &addresses,
                 llvm::ArrayRef<TensorMapArgument> tensorMaps = {},
                 const EpilogueArguments &epilogue = {},
                 const WorkspaceAddresses &workspace = {});

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELPARAMS_H
