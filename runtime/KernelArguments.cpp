//===- KernelArguments.cpp - Everything a kernel launch passes ------------===//

#include "runtime/KernelArguments.h"

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include <cstring>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

static_assert(sizeof(CUtensorMap) == TensorMapAlignment &&
                  alignof(CUtensorMap) == TensorMapAlignment,
              "CUtensorMap is 128 bytes, 128-byte aligned (CUDA 13 cuda.h)");

Expected<CUtensorMap> encodeTensorMap(const DriverApi &driver,
                                      const TensorMapEncoding &encoding) {
  CUtensorMap map;
  std::memset(&map, 0, sizeof(map));
  if (Error err = GEMM_CUDA_CHECK(driver.tensorMapEncodeTiled(
          &map, encoding.dataType, TensorMapEncoding::Rank,
          reinterpret_cast<void *>(encoding.globalAddress),
          encoding.globalDim.data(), encoding.globalStrides.data(),
          encoding.boxDim.data(), encoding.elementStrides.data(),
          encoding.interleave, encoding.swizzle, encoding.l2Promotion,
          encoding.oobFill)))
    return addErrorContext(std::move(err), "cannot encode the TMA descriptor "
                                           "of " +
                                               encoding.describe());
  return map;
}

Expected<KernelArguments>
KernelArguments::create(const DriverApi &driver, const KernelSpec &spec,
                        const GemmShape &shape,
                        const OperandAddresses &addresses,
                        const EpilogueArguments &epilogue) {
  KernelArguments arguments;
  Expected<OperandStaging> staging =
      OperandStaging::create(spec, shape, addresses);
  if (!staging)
    return staging.takeError();
  arguments.staging = std::move(*staging);
  const GemmShape &mapShape = arguments.staging.getTensorMapShape();
  const OperandAddresses &mapAddresses =
      arguments.staging.getTensorMapAddresses();
  std::vector<TensorMapArgument> maps;
  std::vector<size_t> globalMaps; // indices into maps
  for (const KernelParamSpec &param : spec.parameters) {
    if (!param.isTensorMap())
      continue;
    Expected<TensorMapEncoding> encoding = computeTensorMapEncoding(
        spec, param, mapShape, mapAddresses.get(param.operand));
    if (!encoding)
      return encoding.takeError();
    Expected<CUtensorMap> map = encodeTensorMap(driver, *encoding);
    if (!map)
      return map.takeError();
    if (param.tensorMap.passing == TensorMapPassing::GlobalPointer)
      globalMaps.push_back(maps.size());
    maps.push_back({*map, 0});
  }

  if (!globalMaps.empty()) {
    // One contiguous array of CUtensorMaps: sizeof == alignof == 128, and
    // cudaMalloc returns (at least) 256-byte aligned memory.
    std::vector<CUtensorMap> hostCopy;
    hostCopy.reserve(globalMaps.size());
    for (size_t index : globalMaps)
      hostCopy.push_back(maps[index].map);
    Expected<DeviceBuffer> storage =
        DeviceBuffer::allocate(hostCopy.size() * sizeof(CUtensorMap));
    if (!storage)
      return storage.takeError();
    if (storage->getAddress() % TensorMapAlignment != 0)
      return makeCudaFailureError("cudaMalloc returned an address that is "
                                  "not 128-byte aligned for the tensor maps");
    if (Error err = storage->copyFromHost(hostCopy.data()))
      return std::move(err);
    for (auto [slot, index] : enumerate(globalMaps))
      maps[index].deviceAddress =
          storage->getAddress() + slot * sizeof(CUtensorMap);
    arguments.tensorMapStorage = std::move(*storage);
  }

  arguments.params = packKernelParams(spec, shape, addresses, maps, epilogue);
  return std::move(arguments);
}

} // namespace runtime
} // namespace gemm_opt
