//===- KernelLaunchSetup.h - A loaded kernel ready to launch ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a run of a loaded bundle kernel (the benchmarks, ProblemRun, the
// epilogue comparison) sets up once before its launches: the kernel's
// KernelArguments at one shape, bound to the module, grid and stream that
// every launch uses, and what the run reports of the function it launches.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELLAUNCHSETUP_H
#define GEMM_OPT_RUNTIME_KERNELLAUNCHSETUP_H

#include "runtime/CudaDriver.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelArguments.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <string>

namespace gemm_opt {
namespace runtime {

/// The arguments of one kernel at one shape and where they launch: `module`
/// over `grid` on `stream`. The module must outlive this object; the
/// operands' device memory must stay allocated while launches use it.
/// Move-only (the arguments own device memory).
class KernelLaunchSetup {
public:
  /// Packs the arguments of `spec`'s kernel at `shape` over the operands at
  /// `addresses` with `epilogue` (KernelArguments::create, which encodes the
  /// tensor maps and stages what TMA cannot read in place).
  static llvm::Expected<KernelLaunchSetup>
  create(const DriverApi &driver, const KernelSpec &spec,
         const GemmShape &shape, const OperandAddresses &addresses,
         const EpilogueArguments &epilogue, KernelModule &module,
         const LaunchGrid &grid, cudaStream_t stream);

  /// Enqueues one launch on the stream: refreshes the staged operands and
  /// zeroes an amax (KernelArguments::prepare), then launches the kernel,
  /// or its whole-tile variant where the arguments chose it.
  llvm::Error launch();

  /// Whether launches run the kernel's whole-tile variant.
  bool usesWholeTileVariant() const { return arguments.usesWholeTileVariant(); }
  /// The symbol of the function that launches run.
  llvm::StringRef getFunctionName() const {
    return module->getFunctionName(usesWholeTileVariant());
  }
  /// What the driver reports of the function that launches run.
  const KernelFunctionInfo &getFunctionInfo() const {
    return module->getInfo(usesWholeTileVariant());
  }
  /// Whether an operand is copied before each launch (OperandStaging).
  bool hasStagedOperands() const { return !arguments.getStaging().empty(); }
  /// The operands copied before each launch (OperandStaging::describe);
  /// empty if none.
  std::string describeStagedOperands() const {
    return arguments.getStaging().describe();
  }

private:
  KernelLaunchSetup(KernelArguments arguments, KernelModule &module,
                    const LaunchGrid &grid, cudaStream_t stream)
      : arguments(std::move(arguments)), module(&module), grid(grid),
        stream(stream) {}

  KernelArguments arguments;
  KernelModule *module;
  LaunchGrid grid;
  cudaStream_t stream;
};

/// Records in a run's `result` (BenchmarkResult, EpilogueComparisonResult)
/// what `setup`'s launches run: the function's name and driver info
/// (kernelInfo, launchedKernel) and the operands staged before each launch
/// (stagedOperands).
template <typename RunResult>
void recordLaunchedKernel(const KernelLaunchSetup &setup, RunResult &result) {
  result.stagedOperands = setup.describeStagedOperands();
  result.kernelInfo = setup.getFunctionInfo();
  result.launchedKernel = setup.getFunctionName().str();
}

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELLAUNCHSETUP_H
