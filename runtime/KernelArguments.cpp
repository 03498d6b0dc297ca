//===- KernelArguments.cpp - Everything a kernel launch passes ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelArguments.h"

#include "runtime/WholeTileVariant.h"

#include "runtime/CudaCheck.h"
#include "runtime/LaunchGrid.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>
#include <tuple>
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
          &map, encoding.dataType, encoding.rank,
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

size_t getGlobalTensorMapCount(const KernelSpec &spec) {
  return static_cast<size_t>(
      llvm::count_if(spec.parameters, [](const KernelParamSpec &param) {
        return param.isTensorMap() &&
               param.tensorMap.passing == TensorMapPassing::GlobalPointer;
      }));
}

Expected<std::optional<WorkspaceAddresses>>
getSplitKWorkspaceSize(const KernelSpec &spec, const GemmShape &shape) {
  bool needed = llvm::any_of(spec.parameters, [](const KernelParamSpec &p) {
    return p.kind == KernelParamSpec::Kind::Workspace;
  });
  if (!needed)
    return std::nullopt;
  bool streamK = spec.persistentGrid && spec.persistentGrid->streamK;
  int64_t tileM = streamK ? spec.persistentGrid->tileM : spec.grid[1].tile;
  int64_t tileN = streamK ? spec.persistentGrid->tileN : spec.grid[0].tile;
  if (tileM < 1 || tileN < 1)
    return makeBadInputError("kernel " + spec.name +
                             " takes a split_k workspace but its grid has no "
                             "m and n tiles");
  WorkspaceAddresses workspace;
  workspace.tileCount =
      static_cast<int64_t>(llvm::divideCeil(static_cast<uint64_t>(shape.m),
                                            static_cast<uint64_t>(tileM)) *
                           llvm::divideCeil(static_cast<uint64_t>(shape.n),
                                            static_cast<uint64_t>(tileN)));
  if (streamK) {
    // A cluster's blocks count on tile patch·S + rank (S blocks per
    // cluster, passes/hopper/BlockWorkWalk.h): patches that stick out of C
    // have counters too.
    uint64_t clusterSize = std::max<uint64_t>(spec.getClusterSize(), 1);
    workspace.tileCount = static_cast<int64_t>(
        llvm::alignTo(llvm::divideCeil(static_cast<uint64_t>(shape.m),
                                       static_cast<uint64_t>(tileM)),
                      clusterSize) *
        llvm::alignTo(llvm::divideCeil(static_cast<uint64_t>(shape.n),
                                       static_cast<uint64_t>(tileN)),
                      clusterSize));
    // One BM×BN f32 slot per block of the persistent grid, which the launch
    // sizes from the current device's SM count.
    int device = 0, multiprocessors = 0;
    GEMM_CUDA_TRY(cudaGetDevice(&device));
    GEMM_CUDA_TRY(cudaDeviceGetAttribute(
        &multiprocessors, cudaDevAttrMultiProcessorCount, device));
    uint64_t blocks = getPersistentGridSize(
        getPersistentWorkUnits(spec, shape),
        static_cast<uint64_t>(std::max(multiprocessors, 1)),
        static_cast<uint64_t>(spec.persistentGrid->ctasPerSm), 1);
    workspace.partialCount = static_cast<int64_t>(blocks) * tileM * tileN;
    return workspace;
  }
  // One M×N f32 slice per split (grid z).
  int64_t splits = spec.grid[2].isConstant ? spec.grid[2].constant : 1;
  workspace.partialCount = splits * shape.m * shape.n;
  return workspace;
}

/// Allocates and zeroes the split_k workspace when `spec` takes one.
Expected<WorkspaceAddresses>
KernelArguments::allocateSplitKWorkspace(const KernelSpec &spec,
                                         const GemmShape &shape,
                                         KernelArguments &arguments) {
  Expected<std::optional<WorkspaceAddresses>> size =
      getSplitKWorkspaceSize(spec, shape);
  if (!size)
    return size.takeError();
  if (!*size)
    return WorkspaceAddresses();
  WorkspaceAddresses workspace = **size;
  for (auto [buffer, count, address] :
       {std::tuple<DeviceBuffer *, int64_t, uint64_t *>{
            &arguments.splitKPartials, workspace.partialCount,
            &workspace.partials},
        {&arguments.splitKTileCounters, workspace.tileCount,
         &workspace.tileCounters}}) {
    Expected<DeviceBuffer> storage =
        DeviceBuffer::allocate(static_cast<size_t>(count) * 4);
    if (!storage)
      return storage.takeError();
    // Zero once; every launch leaves the counters zero again (the partial
    // slices are overwritten before they are read).
    if (Error err = storage->fill(0, nullptr))
      return std::move(err);
    *address = storage->getAddress();
    *buffer = std::move(*storage);
  }
  GEMM_CUDA_TRY(cudaStreamSynchronize(nullptr));
  return workspace;
}

bool tmaStoreStaysInRows(const KernelSpec &spec, const GemmShape &shape,
                         Operand operand) {
  // A bulk tensor store that crosses the end of a row writes up to the next
  // 16 bytes of it (with N = 46 bf16 columns and ldc = 56, columns 46 and
  // 47 of every row change), not only the
  // tensor's extent; past that lies the row's padding, which belongs to the
  // caller.
  OperandLayout layout = getOperandLayout(shape, operand);
  uint64_t rowBytes = static_cast<uint64_t>(layout.cols) *
                      getElementSize(spec.getOperandType(operand));
  return rowBytes % TensorMapGlobalAlignment == 0 || layout.ld == layout.cols;
}

Error KernelArguments::prepare(KernelModule &module,
                               cudaStream_t stream) const {
  if (Error err = staging.refresh(module, stream))
    return err;
  if (amax)
    GEMM_CUDA_TRY(cudaMemsetAsync(reinterpret_cast<void *>(amax), 0,
                                  sizeof(float), stream));
  return Error::success();
}

Expected<KernelArguments> KernelArguments::create(
    const DriverApi &driver, const KernelSpec &spec, const GemmShape &shape,
    const OperandAddresses &addresses, const EpilogueArguments &epilogue,
    const WorkspaceAddresses *givenWorkspace, const TensorMapUpload *upload) {
  KernelArguments arguments;
  arguments.amax = addresses.amax;
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
    // A map over the residual has C's geometry (C is never staged, so
    // mapShape has C as given) at the residual's address.
    uint64_t address = param.overResidual ? epilogue.residual
                                          : mapAddresses.get(param.operand);
    Expected<TensorMapEncoding> encoding =
        computeTensorMapEncoding(spec, param, mapShape, address);
    // TMA stores may write into a row's padding; the residual's map is only
    // loaded from (out-of-bounds elements read as zeros), so that limit is
    // C's alone.
    bool storesOverrunRows =
        !param.overResidual &&
        !tmaStoreStaysInRows(spec, mapShape, param.operand);
    if (param.tensorMap.nullWhenUnaligned && (!encoding || storesOverrunRows)) {
      // The kernel does without this map: its threads store C of a tma
      // epilogue store at an address or pitch TMA cannot take, or whose rows
      // TMA stores would overrun, and load a residual TMA cannot take (or
      // one at address 0).
      if (!encoding)
        consumeError(encoding.takeError());
      maps.push_back({CUtensorMap{}, 0, /*present=*/false});
      continue;
    }
    if (!encoding)
      return encoding.takeError();
    Expected<CUtensorMap> map = encodeTensorMap(driver, *encoding);
    if (!map)
      return map.takeError();
    if (param.tensorMap.passing == TensorMapPassing::GlobalPointer)
      globalMaps.push_back(maps.size());
    maps.push_back({*map, 0, /*present=*/true});
  }

  if (!globalMaps.empty() && upload) {
    // Into the caller's storage, on the launch's stream (the maps of a
    // null_when_unaligned parameter left out stay unwritten).
    if (!upload->deviceAddress || !upload->host ||
        upload->deviceAddress % TensorMapAlignment != 0)
      return makeBadInputError("the tensor-map storage given is missing or "
                               "not 128-byte aligned");
    for (auto [slot, index] : enumerate(globalMaps)) {
      upload->host[slot] = maps[index].map;
      maps[index].deviceAddress =
          upload->deviceAddress + slot * sizeof(CUtensorMap);
    }
    GEMM_CUDA_TRY(
        cudaMemcpyAsync(reinterpret_cast<void *>(upload->deviceAddress),
                        upload->host, globalMaps.size() * sizeof(CUtensorMap),
                        cudaMemcpyHostToDevice, upload->stream));
  } else if (!globalMaps.empty()) {
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

  WorkspaceAddresses workspace;
  if (givenWorkspace) {
    workspace = *givenWorkspace;
  } else {
    Expected<WorkspaceAddresses> allocated =
        allocateSplitKWorkspace(spec, shape, arguments);
    if (!allocated)
      return allocated.takeError();
    workspace = *allocated;
  }
  // A and B memrefs describe what the kernel reads (staged copies
  // included); C is never staged.
  arguments.params = packKernelParams(spec, mapShape, mapAddresses, maps,
                                      epilogue, workspace);
  arguments.wholeTileVariant =
      takesWholeTileVariant(spec, shape, addresses, epilogue);
  return std::move(arguments);
}

} // namespace runtime
} // namespace gemm_opt
