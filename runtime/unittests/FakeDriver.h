//===- FakeDriver.h - A CUDA driver without a GPU, for tests ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A DriverApi whose modules hold the symbols a test names and whose kernel
// launches are recorded instead of run: KernelModule::load and launches
// through it run on a machine without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_UNITTESTS_FAKEDRIVER_H
#define GEMM_OPT_RUNTIME_UNITTESTS_FAKEDRIVER_H

#include "runtime/CudaDriver.h"

#include <cuda.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {
namespace test {

/// A CUDA driver without a GPU: modules hold the symbols of `symbols` (each
/// with its count of 8-byte parameters) and launches are recorded.
struct FakeDriver {
  struct Launch {
    std::string function;
    std::array<unsigned, 3> grid, block;
    unsigned sharedBytes;
    std::vector<uint64_t> params;
  };
  static inline std::map<std::string, size_t> symbols;
  static inline std::vector<std::string> functions; ///< CUfunction i + 1.
  static inline std::vector<Launch> launches;

  static CUresult load(CUmodule *module, const void *, unsigned, CUjit_option *,
                       void **) {
    *module = reinterpret_cast<CUmodule>(uintptr_t(1));
    return CUDA_SUCCESS;
  }
  static CUresult unload(CUmodule) { return CUDA_SUCCESS; }
  static CUresult getFunction(CUfunction *function, CUmodule,
                              const char *name) {
    if (!symbols.count(name))
      return CUDA_ERROR_NOT_FOUND;
    functions.push_back(name);
    *function = reinterpret_cast<CUfunction>(uintptr_t(functions.size()));
    return CUDA_SUCCESS;
  }
  static CUresult getAttribute(int *value, CUfunction_attribute attribute,
                               CUfunction) {
    *value = attribute == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024
             : attribute == CU_FUNC_ATTRIBUTE_NUM_REGS            ? 32
                                                                  : 0;
    return CUDA_SUCCESS;
  }
  static CUresult setAttribute(CUfunction, CUfunction_attribute, int) {
    return CUDA_SUCCESS;
  }
  static CUresult activeBlocks(int *blocks, CUfunction, int, size_t) {
    *blocks = 1;
    return CUDA_SUCCESS;
  }
  static CUresult activeClusters(int *clusters, CUfunction,
                                 const CUlaunchConfig *) {
    *clusters = 1;
    return CUDA_SUCCESS;
  }
  static CUresult launch(CUfunction function, unsigned gridX, unsigned gridY,
                         unsigned gridZ, unsigned blockX, unsigned blockY,
                         unsigned blockZ, unsigned sharedBytes, CUstream,
                         void **params, void **) {
    std::string name = functions[reinterpret_cast<uintptr_t>(function) - 1];
    std::vector<uint64_t> values;
    for (size_t i = 0; i < symbols[name]; ++i)
      values.push_back(*static_cast<uint64_t *>(params[i]));
    launches.push_back({name,
                        {gridX, gridY, gridZ},
                        {blockX, blockY, blockZ},
                        sharedBytes,
                        std::move(values)});
    return CUDA_SUCCESS;
  }

  /// The launch digests the images hold, by symbol (getApiWithDigests).
  static inline std::map<std::string, uint64_t> digests;
  static CUresult getGlobal(CUdeviceptr *address, size_t *bytes, CUmodule,
                            const char *name) {
    auto it = digests.find(name);
    if (it == digests.end())
      return CUDA_ERROR_NOT_FOUND;
    *address = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(&it->second));
    *bytes = sizeof(uint64_t);
    return CUDA_SUCCESS;
  }
  static CUresult copyToHost(void *destination, CUdeviceptr source,
                             size_t bytes) {
    std::memcpy(destination,
                reinterpret_cast<const void *>(static_cast<uintptr_t>(source)),
                bytes);
    return CUDA_SUCCESS;
  }

  /// getApi with images that hold launch digests (`digests`).
  static DriverApi getApiWithDigests() {
    DriverApi api = getApi();
    api.moduleGetGlobal = getGlobal;
    api.memcpyDtoH = copyToHost;
    return api;
  }

  static DriverApi getApi() {
    DriverApi api;
    api.moduleLoadDataEx = load;
    api.moduleUnload = unload;
    api.moduleGetFunction = getFunction;
    api.funcGetAttribute = getAttribute;
    api.funcSetAttribute = setAttribute;
    api.occupancyMaxActiveBlocksPerMultiprocessor = activeBlocks;
    api.occupancyMaxActiveClusters = activeClusters;
    api.launchKernel = launch;
    return api;
  }
};

} // namespace test
} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_UNITTESTS_FAKEDRIVER_H
