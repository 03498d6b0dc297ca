//===- KernelArguments.h - Everything a kernel launch passes ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The packed kernel parameters of a bundle kernel at one shape, and what they
// refer to: the tensor maps of its "tma" parameters, encoded with
// cuTensorMapEncodeTiled. Maps passed by_value travel in the launch's
// parameters. Maps passed as global_pointer
// are copied into one device allocation (each at a 128-byte aligned offset)
// that lives as long as this object, so it must then outlive every launch
// that uses getParams(); so must staged operand copies and a split-K
// workspace it allocated (ownsDeviceMemory()). A caller that keeps the
// maps' storage itself (TensorMapUpload) has them copied there instead,
// asynchronously.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELARGUMENTS_H
#define GEMM_OPT_RUNTIME_KERNELARGUMENTS_H

#include "runtime/CudaDriver.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"
#include "runtime/OperandStaging.h"
#include "runtime/TensorMapEncoding.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace gemm_opt {
namespace runtime {

/// Alignment of a CUtensorMap, in host and device memory.
inline constexpr uint64_t TensorMapAlignment = 128;

/// Storage its caller keeps for the global_pointer tensor maps of a
/// KernelArguments: a device buffer of getGlobalTensorMapCount(spec) maps
/// (128-byte aligned), and pinned host memory of as many, from which
/// create() copies them with cudaMemcpyAsync on `stream`. No earlier work
/// may still use either, and the host copy must stay as it is until the
/// copy has run.
struct TensorMapUpload {
  uint64_t deviceAddress = 0;
  CUtensorMap *host = nullptr;
  cudaStream_t stream = nullptr;
};

/// The "tma" parameters of `spec` passed as global_pointer.
size_t getGlobalTensorMapCount(const KernelSpec &spec);

/// Encodes one tensor map through the driver.
llvm::Expected<CUtensorMap> encodeTensorMap(const DriverApi &driver,
                                            const TensorMapEncoding &encoding);

/// The element counts of the split_k workspace `spec` takes at `shape`
/// (S·M·N f32 partial sums, S = the grid's z, and one i32 counter per tile
/// of C; addresses 0), or nothing when the kernel takes none. A BadInput
/// error when the kernel takes one but its grid has no M and N tiles.
llvm::Expected<std::optional<WorkspaceAddresses>>
getSplitKWorkspaceSize(const KernelSpec &spec, const GemmShape &shape);

/// Whether TMA stores of `operand` (C of a tma epilogue store) at `shape`
/// stay inside its rows: they write whole 16-byte units at a row's end, so
/// the row's byte length must be a multiple of 16, or the rows unpadded
/// (then the pitch is not one TMA takes anyway). Otherwise the runtime
/// passes a null map and the kernel's threads store C.
bool tmaStoreStaysInRows(const KernelSpec &spec, const GemmShape &shape,
                         Operand operand);

/// Move-only (owns device memory).
class KernelArguments {
public:
  /// Encodes the tensor maps of `spec` over the operands at `addresses`
  /// (which must stay allocated), copies the global_pointer ones to the
  /// device and packs all parameters. A split_k kernel gets `workspace`
  /// when given (its owner keeps it allocated, its counters zero between
  /// launches and the launches that share it apart); otherwise these
  /// arguments allocate one of their own and zero it. With `upload`, the
  /// global_pointer maps go to the caller's storage (asynchronously) instead
  /// of a buffer of these arguments' own (synchronously).
  static llvm::Expected<KernelArguments>
  create(const DriverApi &driver, const KernelSpec &spec,
         const GemmShape &shape, const OperandAddresses &addresses,
         const EpilogueArguments &epilogue = {},
         const WorkspaceAddresses *workspace = nullptr,
         const TensorMapUpload *upload = nullptr);

  PackedKernelParams &getParams() { return params; }

  /// Whether launches run the kernel's whole-tile variant: decided at
  /// create() from the shape and addresses (WholeTileVariant.h).
  bool usesWholeTileVariant() const { return wholeTileVariant; }

  /// Refreshes the staged copies of operands TMA cannot read in place or
  /// the kernel reads transposed (see OperandStaging), with `module`'s
  /// staged transpose kernels, and zeroes an FP8 GEMM's amax, which the
  /// kernel maxes into atomically; call on the launch's stream before every
  /// launch.
  llvm::Error prepare(KernelModule &module, cudaStream_t stream) const;
  const OperandStaging &getStaging() const { return staging; }

  /// Whether launches with getParams() use device memory this object owns
  /// (global_pointer maps, staged operand copies, a split-K workspace it
  /// allocated). Without any, the launch has copied all it needs when it
  /// returns, and this object can go.
  bool ownsDeviceMemory() const {
    return tensorMapStorage.size() > 0 || splitKPartials.size() > 0 ||
           splitKTileCounters.size() > 0 || !staging.empty();
  }

private:
  KernelArguments() = default;
  static llvm::Expected<WorkspaceAddresses>
  allocateSplitKWorkspace(const KernelSpec &spec, const GemmShape &shape,
                          KernelArguments &arguments);

  PackedKernelParams params;
  DeviceBuffer tensorMapStorage; ///< The global_pointer maps.
  /// split_k: partial sums and tile counters, zero between launches.
  DeviceBuffer splitKPartials, splitKTileCounters;
  OperandStaging staging;
  /// The amax of D that prepare() zeroes, or 0.
  uint64_t amax = 0;
  bool wholeTileVariant = false;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELARGUMENTS_H
