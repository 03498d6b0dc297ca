//===- KernelModule.h - Loading and launching a bundle kernel --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELMODULE_H
#define GEMM_OPT_RUNTIME_KERNELMODULE_H

#include "runtime/Chip.h"
#include "runtime/Device.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"

#include "llvm/Support/Error.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

class KernelArguments;

/// The bytes of a kernel's images; an empty string means "not in the bundle".
struct KernelImages {
  std::string cubin;
  std::string ptx;
};

/// Reads the cubin and/or PTX files named by `spec`.
llvm::Expected<KernelImages> readKernelImages(const KernelSpec &spec);

/// Picks the image to load on a device: the cubin when it fits the device,
/// else the PTX when that fits, else a BadInput error "kernel K is built for
/// sm_90a, this GPU (NAME) is sm_80: <why each image does not fit>".
llvm::Expected<ImageKind> chooseImage(const KernelSpec &spec,
                                      const KernelImages &images,
                                      const DeviceInfo &device);

/// Checks what the launch needs of the device besides a fitting image:
/// thread block clusters and TMA descriptors need compute capability 9.0 or
/// newer. BadInput errors.
llvm::Error checkDeviceFeatures(const KernelSpec &spec,
                                const DeviceInfo &device);

/// What the driver reports about a loaded kernel.
struct KernelFunctionInfo {
  int registersPerThread = 0;
  int localBytesPerThread = 0; ///< Spills and local arrays.
  int staticSharedBytes = 0;
  int maxThreadsPerBlock = 0;
  int activeBlocksPerMultiprocessor = 0; ///< Kernels without clusters.
  int activeClusters = 0;                ///< Per device; cluster kernels.
  ImageKind imageKind = ImageKind::Cubin;
};

/// A loaded CUmodule and its kernel function (RAII, move-only).
class KernelModule {
public:
  /// Checks the device features, loads the image chosen by chooseImage,
  /// looks up the kernel, raises its dynamic shared memory limit when it
  /// needs more than 48 KiB and checks that a block (or a cluster) of the
  /// bundle's size can run.
  static llvm::Expected<KernelModule> load(const KernelSpec &spec,
                                           const KernelImages &images,
                                           const DeviceInfo &device);

  KernelModule(KernelModule &&other);
  KernelModule &operator=(KernelModule &&other) = delete;
  KernelModule(const KernelModule &) = delete;
  KernelModule &operator=(const KernelModule &) = delete;
  ~KernelModule();

  /// Launches the kernel asynchronously on `stream`: cuLaunchKernel, or
  /// cuLaunchKernelEx for cluster kernels. `grid` must be from computeGrid.
  llvm::Error launch(const LaunchGrid &grid, PackedKernelParams &params,
                     cudaStream_t stream);

  /// launch() with `arguments`' parameters, of the whole-tile variant where
  /// they chose it (KernelArguments::usesWholeTileVariant).
  llvm::Error launch(const LaunchGrid &grid, KernelArguments &arguments,
                     cudaStream_t stream);

  /// Launches the kernel of `kind` that writes the staged copy of
  /// `operand`: its transpose (KernelKind::Transpose,
  /// KernelSpec::stagedTransposes) or its padded copy (KernelKind::Copy,
  /// KernelSpec::stagedCopies), with `params` (the memrefs of the operand
  /// as stored and of the copy) over `grid`.
  llvm::Error launchStagedKernel(KernelKind kind, Operand operand,
                                 const LaunchGrid &grid,
                                 PackedKernelParams &params,
                                 cudaStream_t stream);

  /// What the driver reports of the kernel, or of its whole-tile variant
  /// (the kernel's when it has none).
  const KernelFunctionInfo &getInfo(bool wholeTileVariant = false) const {
    return wholeTileVariant && wholeTileInfo ? *wholeTileInfo : info;
  }
  /// The symbol of the kernel, or of its whole-tile variant.
  llvm::StringRef getFunctionName(bool wholeTileVariant = false) const;

private:
  KernelModule(const KernelSpec &spec, const DriverApi *driver)
      : spec(&spec), driver(driver) {}
  /// checkKernelParameters on the first launch of `function` (symbol
  /// `name`); later launches of it pass.
  llvm::Error checkParametersOnce(CUfunction function, llvm::StringRef name,
                                  const PackedKernelParams &params);

  const KernelSpec *spec;
  const DriverApi *driver;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  CUfunction wholeTileFunction = nullptr; ///< Null without a variant.
  /// One per spec->stagedTransposes, in its order.
  std::vector<CUfunction> stagedTransposeFunctions;
  /// One per spec->stagedCopies, in its order.
  std::vector<CUfunction> stagedCopyFunctions;
  bool clusterFromLaunch = false; ///< Pass cluster dims at launch time.
  KernelFunctionInfo info;
  std::optional<KernelFunctionInfo> wholeTileInfo;
  /// The functions whose parameters matched the metadata at a launch.
  std::vector<CUfunction> checkedFunctions;
};

/// A GEMM kernel ready to run one problem shape on a device: its launch
/// grid and its loaded module.
struct LoadedGemmKernel {
  LaunchGrid grid;
  KernelModule module;
};

/// computeGrid for `shape` on `device`, a persistent grid of clusters
/// fitted to the clusters `module` can run there at once
/// (fitPersistentGridToActiveClusters).
llvm::Expected<LaunchGrid> computeGridForModule(const KernelSpec &spec,
                                                const GemmShape &shape,
                                                const DeviceInfo &device,
                                                const KernelModule &module);

/// KernelModule::load, then computeGridForModule.
llvm::Expected<LoadedGemmKernel> loadGemmKernel(const KernelSpec &spec,
                                               const KernelImages &images,
                                               const DeviceInfo &device,
                                               const GemmShape &shape);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELMODULE_H
