//===- KernelLaunchSetup.cpp - A loaded kernel ready to launch ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelLaunchSetup.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<KernelLaunchSetup> KernelLaunchSetup::create(
    const DriverApi &driver, const KernelSpec &spec, const GemmShape &shape,
    const OperandAddresses &addresses, const EpilogueArguments &epilogue,
    KernelModule &module, const LaunchGrid &grid, cudaStream_t stream) {
  Expected<KernelArguments> arguments =
      KernelArguments::create(driver, spec, shape, addresses, epilogue);
  if (!arguments)
    return arguments.takeError();
  return KernelLaunchSetup(std::move(*arguments), module, grid, stream);
}

Error KernelLaunchSetup::launch() {
  if (Error err = arguments.prepare(*module, stream))
    return err;
  return module->launch(grid, arguments, stream);
}

} // namespace runtime
} // namespace gemm_opt
