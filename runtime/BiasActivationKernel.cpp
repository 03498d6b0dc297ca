//===- BiasActivationKernel.cpp - unfused bias + activation kernel --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BiasActivationKernel.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include <algorithm>

// biasActivationFatbin[]: BiasActivationKernel.cu compiled by nvcc
// (runtime/CMakeLists.txt, cmake/EmbedBinary.cmake).
#include "BiasActivationFatbin.inc"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {
int64_t getVectorWidth(ElementType type) {
  return 16 / static_cast<int64_t>(getElementSize(type));
}

bool isAligned16(const void *pointer) {
  return reinterpret_cast<uintptr_t>(pointer) % 16 == 0;
}
} // namespace

bool canUseVectorKernel(const BiasActivationLaunch &launch) {
  int64_t width = getVectorWidth(launch.type);
  return launch.n % width == 0 && launch.ldc % width == 0 &&
         launch.ldd % width == 0 && isAligned16(launch.c) &&
         isAligned16(launch.d) &&
         (launch.bias != EpilogueBias::Column || isAligned16(launch.biasVector));
}

std::string getBiasActivationKernelName(const BiasActivationLaunch &launch) {
  return ("gemm_opt_bias_activation_" + getElementTypeName(launch.type) + "_" +
          getEpilogueBiasName(launch.bias) + "_" +
          getEpilogueActivationName(launch.activation) +
          (canUseVectorKernel(launch) ? "_v16" : "_v1"))
      .str();
}

std::array<unsigned, 3>
getBiasActivationGrid(const BiasActivationLaunch &launch) {
  int64_t perThread =
      canUseVectorKernel(launch) ? getVectorWidth(launch.type) : 1;
  int64_t perBlock = perThread * BiasActivationBlockSize;
  int64_t x = std::max<int64_t>(1, (launch.n + perBlock - 1) / perBlock);
  int64_t y = std::clamp<int64_t>(launch.m, 1, 65535);
  return {static_cast<unsigned>(x), static_cast<unsigned>(y), 1};
}

Expected<BiasActivationKernel>
BiasActivationKernel::load(const DeviceInfo &device) {
  BiasActivationKernel kernel(device.driver);
  CUresult loaded = device.driver->moduleLoadDataEx(
      &kernel.module, biasActivationFatbin, 0, nullptr, nullptr);
  if (loaded != CUDA_SUCCESS)
    return makeCudaFailureError(
        "cannot load the bias + activation reference kernels (sm_90 SASS and "
        "compute_90 PTX) on this GPU (" +
        device.name + ", " + device.getArchName() +
        "): " + getCuResultName(loaded));
  return std::move(kernel);
}

BiasActivationKernel::BiasActivationKernel(
    BiasActivationKernel &&other) noexcept
    : driver(other.driver), module(other.module) {
  other.module = nullptr;
}

BiasActivationKernel::~BiasActivationKernel() {
  if (module)
    (void)driver->moduleUnload(module);
}

Expected<CUfunction>
BiasActivationKernel::getFunction(const BiasActivationLaunch &launch) {
  std::string name = getBiasActivationKernelName(launch);
  CUfunction function = nullptr;
  CUresult found = driver->moduleGetFunction(&function, module, name.c_str());
  if (found == CUDA_ERROR_NOT_FOUND)
    return makeBadInputError("no bias + activation reference kernel '" + name +
                             "'");
  GEMM_CUDA_TRY(found);
  return function;
}

Error BiasActivationKernel::launch(const BiasActivationLaunch &launch,
                                   cudaStream_t stream) {
  Expected<CUfunction> function = getFunction(launch);
  if (!function)
    return function.takeError();
  std::array<unsigned, 3> grid = getBiasActivationGrid(launch);
  const void *c = launch.c;
  const void *bias = launch.biasVector;
  void *d = launch.d;
  int64_t ldc = launch.ldc, ldd = launch.ldd, m = launch.m, n = launch.n;
  void *params[] = {&c, &ldc, &bias, &d, &ldd, &m, &n};
  GEMM_CUDA_TRY(driver->launchKernel(*function, grid[0], grid[1], grid[2],
                                     BiasActivationBlockSize, 1, 1, 0, stream,
                                     params, nullptr));
  return Error::success();
}

Expected<int>
BiasActivationKernel::getRegisters(const BiasActivationLaunch &launch) {
  Expected<CUfunction> function = getFunction(launch);
  if (!function)
    return function.takeError();
  int registers = 0;
  GEMM_CUDA_TRY(driver->funcGetAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS,
                                         *function));
  return registers;
}

} // namespace runtime
} // namespace gemm_opt
