//===- KernelModule.cpp - Loading and launching a bundle kernel -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelModule.h"

#include "runtime/CudaCheck.h"
#include "runtime/KernelArguments.h"
#include "runtime/KernelParamCheck.h"
#include "runtime/RuntimeError.h"
#include "runtime/bundle/LaunchDigest.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/KernelImageCheck.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

Expected<std::string> readImage(StringRef path, ImageKind kind) {
  StringRef what = kind == ImageKind::Cubin ? "cubin" : "PTX";
  Expected<std::unique_ptr<MemoryBuffer>> buffer =
      readBoundedRegularFile(path, what, kMaxImageBytes, /*isText=*/false);
  if (!buffer)
    return buffer.takeError();
  if ((*buffer)->getBufferSize() == 0)
    return makeBadInputError("the " + what + " file '" + path + "' is empty");
  StringRef bytes = (*buffer)->getBuffer();
  if (Error err = kind == ImageKind::Cubin ? checkCubinImage(bytes, path)
                                           : checkPtxImage(bytes, path))
    return std::move(err);
  return bytes.str();
}

/// Whether a module load error means "this image is bad / does not fit"
/// rather than a broken CUDA setup.
bool isImageError(CUresult result) {
  switch (result) {
  case CUDA_ERROR_INVALID_IMAGE:
  case CUDA_ERROR_INVALID_PTX:
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_INVALID_SOURCE:
  case CUDA_ERROR_JIT_COMPILATION_DISABLED:
  case CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY:
    return true;
  default:
    return false;
  }
}

/// "(R registers x T threads, S B static + D B dynamic shared memory)".
std::string describeFootprint(const KernelSpec &spec,
                              const KernelFunctionInfo &info,
                              uint32_t dynamicSharedBytes) {
  return (Twine(info.registersPerThread) + " registers x " +
          Twine(spec.getThreadsPerBlock()) + " threads, " +
          Twine(info.staticSharedBytes) + " B static + " +
          Twine(dynamicSharedBytes) + " B dynamic shared memory)")
      .str();
}

/// Raises the dynamic shared memory limit of `function` (kernel `name`
/// of `spec`'s images) to `dynamicSharedBytes`, reads what the driver
/// reports of it into `info` and checks that a block of `spec`'s size fits
/// its registers.
Error inspectFunction(const DriverApi &api, const KernelSpec &spec,
                      StringRef name, CUfunction function,
                      uint32_t dynamicSharedBytes, KernelFunctionInfo &info) {
  // The 48 KiB default covers static plus dynamic shared memory, so opt in
  // whenever the kernel asks for dynamic shared memory at all.
  if (dynamicSharedBytes > 0)
    GEMM_CUDA_TRY(api.funcSetAttribute(
        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        static_cast<int>(dynamicSharedBytes)));
  GEMM_CUDA_TRY(api.funcGetAttribute(&info.registersPerThread,
                                     CU_FUNC_ATTRIBUTE_NUM_REGS, function));
  GEMM_CUDA_TRY(api.funcGetAttribute(
      &info.localBytesPerThread, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, function));
  GEMM_CUDA_TRY(api.funcGetAttribute(
      &info.staticSharedBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function));
  GEMM_CUDA_TRY(api.funcGetAttribute(&info.maxThreadsPerBlock,
                                     CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                     function));
  if (spec.getThreadsPerBlock() >
      static_cast<unsigned>(info.maxThreadsPerBlock))
    return makeBadInputError(
        "kernel " + name + " can run at most " +
        Twine(info.maxThreadsPerBlock) + " threads per block (it uses " +
        Twine(info.registersPerThread) +
        " registers per thread), but the bundle launches " +
        Twine(spec.getThreadsPerBlock()));
  return Error::success();
}

/// Checks that one block of `function` (kernel `name`, launched without
/// clusters) fits an SM, and records how many do.
Error checkOneBlockFits(const DriverApi &api, const KernelSpec &spec,
                        StringRef name, CUfunction function,
                        uint32_t dynamicSharedBytes, KernelFunctionInfo &info) {
  GEMM_CUDA_TRY(api.occupancyMaxActiveBlocksPerMultiprocessor(
      &info.activeBlocksPerMultiprocessor, function,
      static_cast<int>(spec.getThreadsPerBlock()), dynamicSharedBytes));
  if (info.activeBlocksPerMultiprocessor == 0)
    return makeBadInputError("kernel " + name +
                             " cannot run a single block per SM (" +
                             describeFootprint(spec, info, dynamicSharedBytes));
  return Error::success();
}

/// Looks up the kernels that write the staged copies of `spec`'s operands
/// (`staged`, of `kind`: its "staged_transposes" or "staged_copies") in
/// `module`, the image of `imageKind` they share with it (their static
/// shared tiles fit the 48 KiB default).
Expected<std::vector<CUfunction>>
getStagedFunctions(const DriverApi &api, CUmodule module, ImageKind imageKind,
                   const KernelSpec &spec, ArrayRef<StagedOperandSpec> staged,
                   KernelKind kind) {
  std::vector<CUfunction> functions;
  StringRef what = getKernelKindName(kind);
  for (const StagedOperandSpec &entry : staged) {
    CUfunction function = nullptr;
    CUresult found =
        api.moduleGetFunction(&function, module, entry.kernel->name.c_str());
    if (found == CUDA_ERROR_NOT_FOUND)
      return makeBadInputError(
          "kernel symbol '" + entry.kernel->name + "' (the staged " + what +
          " of " + getOperandName(entry.operand) + " of " + spec.name +
          ") is not in its " + getImageKindName(imageKind) + " image");
    GEMM_CUDA_TRY(found);
    if (entry.kernel->dynamicSharedMemoryBytes > 48 * 1024)
      return makeBadInputError("the staged " + what + " " + entry.kernel->name +
                               " asks for more than 48 KiB of dynamic "
                               "shared memory");
    functions.push_back(function);
  }
  return std::move(functions);
}

/// Compares the launch digest in the loaded image with the one of the
/// kernel.json entry (runtime/bundle/LaunchDigest.h). Skipped by drivers
/// without the two entry points (tests).
Error checkLaunchDigest(const DriverApi &api, CUmodule module,
                        const KernelSpec &spec, ImageKind kind) {
  if (!api.moduleGetGlobal || !api.memcpyDtoH)
    return Error::success();
  std::string symbol = bundle::getLaunchDigestSymbol(spec.name);
  CUdeviceptr address = 0;
  size_t bytes = 0;
  CUresult found =
      api.moduleGetGlobal(&address, &bytes, module, symbol.c_str());
  if (found == CUDA_ERROR_NOT_FOUND)
    return makeBadInputError(
        "the " + getImageKindName(kind) + " of kernel " + spec.name +
        " holds no launch digest ('" + symbol +
        "'): it was not built by this gemm-opt; rebuild the bundle");
  GEMM_CUDA_TRY(found);
  uint64_t digest = 0;
  if (bytes != sizeof(digest))
    return makeBadInputError("the launch digest of kernel " + spec.name +
                             " is " + Twine(bytes) + " bytes, not 8");
  GEMM_CUDA_TRY(api.memcpyDtoH(&digest, address, sizeof(digest)));
  if (digest != spec.launchDigest)
    return makeBadInputError(
        "the launch metadata of kernel " + spec.name +
        " does not belong to its " + getImageKindName(kind) +
        " (launch digest " + Twine::utohexstr(spec.launchDigest) +
        ", the image's " + Twine::utohexstr(digest) +
        "): the kernel.json entry was edited or comes from another build; "
        "rebuild the bundle");
  return Error::success();
}

} // namespace

Expected<KernelImages> readKernelImages(const KernelSpec &spec) {
  KernelImages images;
  if (!spec.cubinPath.empty()) {
    Expected<std::string> cubin = readImage(spec.cubinPath, ImageKind::Cubin);
    if (!cubin)
      return cubin.takeError();
    images.cubin = std::move(*cubin);
  }
  if (!spec.ptxPath.empty()) {
    Expected<std::string> ptx = readImage(spec.ptxPath, ImageKind::Ptx);
    if (!ptx)
      return ptx.takeError();
    images.ptx = std::move(*ptx);
  }
  return std::move(images);
}

Expected<ImageKind> chooseImage(const KernelSpec &spec,
                                const KernelImages &images,
                                const DeviceInfo &device) {
  if (images.cubin.empty() && images.ptx.empty())
    return makeBadInputError("kernel " + spec.name + " has no cubin or PTX");
  std::string reasons;
  for (ImageKind kind : {ImageKind::Cubin, ImageKind::Ptx}) {
    const std::string &image =
        kind == ImageKind::Cubin ? images.cubin : images.ptx;
    if (image.empty())
      continue;
    if (isChipCompatible(spec.chip, kind, device.ccMajor, device.ccMinor))
      return kind;
    reasons += (reasons.empty() ? "" : "; ") +
               describeChipRequirement(spec.chip, kind);
  }
  return makeBadInputError("kernel " + spec.name + " is built for " +
                           spec.chipName + ", this GPU (" + device.name +
                           ") is " + device.getArchName() + ": " + reasons);
}

Error checkDeviceFeatures(const KernelSpec &spec, const DeviceInfo &device) {
  if (device.ccMajor >= 9)
    return Error::success();
  std::string gpu = " need compute capability 9.0 or newer; this GPU (" +
                    device.name + ") is " + device.getArchName();
  if (spec.hasCluster())
    return makeBadInputError(
        "kernel " + spec.name + " is launched in clusters of " +
        Twine(spec.cluster[0]) + "x" + Twine(spec.cluster[1]) + "x" +
        Twine(spec.cluster[2]) + " blocks: thread block clusters" + gpu);
  if (spec.hasTensorMaps())
    return makeBadInputError("kernel " + spec.name +
                             " takes TMA descriptors: tensor maps" + gpu);
  return Error::success();
}

Expected<KernelModule> KernelModule::load(const KernelSpec &spec,
                                          const KernelImages &images,
                                          const DeviceInfo &device) {
  Expected<ImageKind> kind = chooseImage(spec, images, device);
  if (!kind)
    return kind.takeError();
  if (Error err = checkDeviceFeatures(spec, device))
    return std::move(err);
  if (spec.dynamicSharedMemoryBytes >
      static_cast<uint64_t>(device.maxSharedMemoryPerBlockOptin))
    return makeBadInputError(
        "kernel " + spec.name + " needs " +
        Twine(spec.dynamicSharedMemoryBytes) +
        " bytes of dynamic shared memory, but this device allows at most " +
        Twine(device.maxSharedMemoryPerBlockOptin) + " per block");

  KernelModule result(spec, device.driver);
  const DriverApi &api = *device.driver;
  const std::string &image =
      *kind == ImageKind::Cubin ? images.cubin : images.ptx;

  // PTX is JIT-compiled by the driver; keep its log for the error message.
  std::array<char, 8192> errorLog = {};
  std::array<CUjit_option, 2> options = {CU_JIT_ERROR_LOG_BUFFER,
                                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  std::array<void *, 2> optionValues = {
      errorLog.data(), reinterpret_cast<void *>(errorLog.size() - 1)};
  CUresult loaded =
      api.moduleLoadDataEx(&result.module, image.c_str(), options.size(),
                           options.data(), optionValues.data());
  if (loaded != CUDA_SUCCESS) {
    std::string message = "cannot load the " + getImageKindName(*kind).str() +
                          " of kernel " + spec.name + " (" + spec.chipName +
                          "): " + getCuResultName(loaded);
    if (errorLog[0])
      message += "\nJIT log:\n" + std::string(errorLog.data());
    return isImageError(loaded) ? makeBadInputError(message)
                                : makeCudaFailureError(message);
  }
  CUresult found =
      api.moduleGetFunction(&result.function, result.module, spec.name.c_str());
  if (found == CUDA_ERROR_NOT_FOUND)
    return makeBadInputError("kernel symbol '" + spec.name +
                             "' is not in its " + getImageKindName(*kind) +
                             " image");
  GEMM_CUDA_TRY(found);
  if (Error err = checkLaunchDigest(api, result.module, spec, *kind))
    return std::move(err);
  // The transposes and copies that stage operands live in the same image.
  Expected<std::vector<CUfunction>> transposes =
      getStagedFunctions(api, result.module, *kind, spec, spec.stagedTransposes,
                         KernelKind::Transpose);
  if (!transposes)
    return transposes.takeError();
  result.stagedTransposeFunctions = std::move(*transposes);
  Expected<std::vector<CUfunction>> copies = getStagedFunctions(
      api, result.module, *kind, spec, spec.stagedCopies, KernelKind::Copy);
  if (!copies)
    return copies.takeError();
  result.stagedCopyFunctions = std::move(*copies);

  KernelFunctionInfo &info = result.info;
  info.imageKind = *kind;
  CUfunction fn = result.function;
  if (Error err = inspectFunction(api, spec, spec.name, fn,
                                  spec.dynamicSharedMemoryBytes, info))
    return std::move(err);

  // The whole-tile variant lives in the same image and launches like the
  // kernel (KernelSpec.h; the bundle parser refuses it on cluster kernels).
  if (spec.wholeTileVariant) {
    const WholeTileVariantSpec &variant = *spec.wholeTileVariant;
    CUresult variantFound = api.moduleGetFunction(
        &result.wholeTileFunction, result.module, variant.name.c_str());
    if (variantFound == CUDA_ERROR_NOT_FOUND)
      return makeBadInputError("kernel symbol '" + variant.name +
                               "' (the whole-tile variant of " + spec.name +
                               ") is not in its " + getImageKindName(*kind) +
                               " image");
    GEMM_CUDA_TRY(variantFound);
    result.wholeTileInfo.emplace();
    result.wholeTileInfo->imageKind = *kind;
    if (Error err = inspectFunction(api, spec, variant.name,
                                    result.wholeTileFunction,
                                    variant.dynamicSharedMemoryBytes,
                                    *result.wholeTileInfo))
      return std::move(err);
    if (Error err = checkOneBlockFits(api, spec, variant.name,
                                      result.wholeTileFunction,
                                      variant.dynamicSharedMemoryBytes,
                                      *result.wholeTileInfo))
      return std::move(err);
  }

  // A cluster shape compiled into the kernel must match the bundle's; only
  // kernels without one get the cluster shape at launch.
  std::array<int, 3> compiledCluster = {0, 0, 0};
  GEMM_CUDA_TRY(api.funcGetAttribute(
      &compiledCluster[0], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, fn));
  GEMM_CUDA_TRY(api.funcGetAttribute(
      &compiledCluster[1], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT, fn));
  GEMM_CUDA_TRY(api.funcGetAttribute(
      &compiledCluster[2], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH, fn));
  if (compiledCluster[0] > 0) {
    for (size_t i = 0; i < 3; ++i)
      if (static_cast<unsigned>(compiledCluster[i]) != spec.cluster[i])
        return makeBadInputError(
            "kernel " + spec.name + " was compiled for clusters of " +
            Twine(compiledCluster[0]) + "x" + Twine(compiledCluster[1]) + "x" +
            Twine(compiledCluster[2]) + " but the bundle says " +
            Twine(spec.cluster[0]) + "x" + Twine(spec.cluster[1]) + "x" +
            Twine(spec.cluster[2]));
  } else if (spec.hasCluster()) {
    result.clusterFromLaunch = true;
    if (spec.cluster[0] * spec.cluster[1] * spec.cluster[2] > 8)
      GEMM_CUDA_TRY(api.funcSetAttribute(
          fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
  }

  if (!spec.hasCluster()) {
    if (Error err = checkOneBlockFits(api, spec, spec.name, fn,
                                      spec.dynamicSharedMemoryBytes, info))
      return std::move(err);
    return std::move(result);
  }
  std::string footprint = describeFootprint(
      spec, info, spec.dynamicSharedMemoryBytes);

  // One cluster as the launch configuration (a compiled-in cluster shape
  // may be given as long as it matches, which was checked above).
  CUlaunchConfig config = {};
  config.gridDimX = spec.cluster[0];
  config.gridDimY = spec.cluster[1];
  config.gridDimZ = spec.cluster[2];
  config.blockDimX = spec.block[0];
  config.blockDimY = spec.block[1];
  config.blockDimZ = spec.block[2];
  config.sharedMemBytes = spec.dynamicSharedMemoryBytes;
  CUlaunchAttribute attribute = {};
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = spec.cluster[0];
  attribute.value.clusterDim.y = spec.cluster[1];
  attribute.value.clusterDim.z = spec.cluster[2];
  config.attrs = &attribute;
  config.numAttrs = 1;
  std::string cluster = (Twine(spec.cluster[0]) + "x" + Twine(spec.cluster[1]) +
                         "x" + Twine(spec.cluster[2]))
                            .str();
  CUresult occupancy =
      api.occupancyMaxActiveClusters(&info.activeClusters, fn, &config);
  if (occupancy == CUDA_ERROR_INVALID_CLUSTER_SIZE)
    return makeBadInputError("kernel " + spec.name + ": this GPU (" +
                             device.name + ") cannot run clusters of " +
                             cluster + " blocks");
  GEMM_CUDA_TRY(occupancy);
  if (info.activeClusters == 0)
    return makeBadInputError("kernel " + spec.name +
                             " cannot run a single cluster of " + cluster +
                             " blocks (each block: " + footprint);
  return std::move(result);
}

KernelModule::KernelModule(KernelModule &&other)
    : spec(other.spec), driver(other.driver), module(other.module),
      function(other.function), wholeTileFunction(other.wholeTileFunction),
      stagedTransposeFunctions(std::move(other.stagedTransposeFunctions)),
      stagedCopyFunctions(std::move(other.stagedCopyFunctions)),
      clusterFromLaunch(other.clusterFromLaunch), info(other.info),
      wholeTileInfo(other.wholeTileInfo),
      checkedFunctions(std::move(other.checkedFunctions)) {
  other.module = nullptr;
  other.function = nullptr;
  other.wholeTileFunction = nullptr;
}

KernelModule::~KernelModule() {
  if (module)
    (void)driver->moduleUnload(module);
}

Error KernelModule::checkParametersOnce(CUfunction function, StringRef name,
                                       const PackedKernelParams &params) {
  if (llvm::is_contained(checkedFunctions, function))
    return Error::success();
  if (Error err = checkKernelParameters(*driver, function, name,
                                        params.getParamBytes()))
    return err;
  checkedFunctions.push_back(function);
  return Error::success();
}

StringRef KernelModule::getFunctionName(bool wholeTileVariant) const {
  return wholeTileVariant && spec->wholeTileVariant
             ? StringRef(spec->wholeTileVariant->name)
             : StringRef(spec->name);
}

Error KernelModule::launch(const LaunchGrid &grid, KernelArguments &arguments,
                           cudaStream_t stream) {
  if (!arguments.usesWholeTileVariant())
    return launch(grid, arguments.getParams(), stream);
  if (!wholeTileFunction)
    return makeBadInputError("kernel " + spec->name +
                             " has no whole-tile variant to launch");
  if (Error err = checkParametersOnce(wholeTileFunction,
                                      spec->wholeTileVariant->name,
                                      arguments.getParams()))
    return err;
  GEMM_CUDA_TRY(driver->launchKernel(
      wholeTileFunction, grid.dims[0], grid.dims[1], grid.dims[2],
      spec->block[0], spec->block[1], spec->block[2],
      spec->wholeTileVariant->dynamicSharedMemoryBytes, stream,
      arguments.getParams().getPointers(), nullptr));
  return Error::success();
}

Error KernelModule::launch(const LaunchGrid &grid, PackedKernelParams &params,
                           cudaStream_t stream) {
  if (Error err = checkParametersOnce(function, spec->name, params))
    return err;
  // cudaStream_t and CUstream are the same type.
  if (!spec->hasCluster()) {
    GEMM_CUDA_TRY(driver->launchKernel(
        function, grid.dims[0], grid.dims[1], grid.dims[2], spec->block[0],
        spec->block[1], spec->block[2], spec->dynamicSharedMemoryBytes, stream,
        params.getPointers(), nullptr));
    return Error::success();
  }
  CUlaunchConfig config = {};
  config.gridDimX = grid.dims[0];
  config.gridDimY = grid.dims[1];
  config.gridDimZ = grid.dims[2];
  config.blockDimX = spec->block[0];
  config.blockDimY = spec->block[1];
  config.blockDimZ = spec->block[2];
  config.sharedMemBytes = spec->dynamicSharedMemoryBytes;
  config.hStream = stream;
  // A cluster shape compiled into the kernel (checked to match the bundle's
  // at load) applies by itself; otherwise the launch gives it.
  CUlaunchAttribute attribute = {};
  if (clusterFromLaunch) {
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = spec->cluster[0];
    attribute.value.clusterDim.y = spec->cluster[1];
    attribute.value.clusterDim.z = spec->cluster[2];
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  GEMM_CUDA_TRY(
      driver->launchKernelEx(&config, function, params.getPointers(), nullptr));
  return Error::success();
}

Error KernelModule::launchStagedKernel(KernelKind kind, Operand operand,
                                       const LaunchGrid &grid,
                                       PackedKernelParams &params,
                                       cudaStream_t stream) {
  bool transpose = kind == KernelKind::Transpose;
  const std::vector<StagedOperandSpec> &staged =
      transpose ? spec->stagedTransposes : spec->stagedCopies;
  const std::vector<CUfunction> &functions =
      transpose ? stagedTransposeFunctions : stagedCopyFunctions;
  for (auto [entry, stagedFunction] : llvm::zip_equal(staged, functions)) {
    if (entry.operand != operand)
      continue;
    const KernelSpec &kernel = *entry.kernel;
    if (Error err = checkParametersOnce(stagedFunction, kernel.name, params))
      return err;
    GEMM_CUDA_TRY(
        driver->launchKernel(stagedFunction, grid.dims[0], grid.dims[1],
                             grid.dims[2], kernel.block[0], kernel.block[1],
                             kernel.block[2], kernel.dynamicSharedMemoryBytes,
                             stream, params.getPointers(), nullptr));
    return Error::success();
  }
  return makeBadInputError("kernel " + spec->name + " has no staged " +
                           getKernelKindName(kind) + " of " +
                           getOperandName(operand));
}

Expected<LaunchGrid> computeGridForModule(const KernelSpec &spec,
                                          const GemmShape &shape,
                                          const DeviceInfo &device,
                                          const KernelModule &module) {
  Expected<LaunchGrid> grid = computeGrid(
      spec, shape, static_cast<unsigned>(device.multiprocessorCount));
  if (grid && spec.persistentGrid && spec.hasCluster())
    fitPersistentGridToActiveClusters(
        *grid, spec.getClusterSize(),
        static_cast<uint64_t>(std::max(module.getInfo().activeClusters, 0)));
  return grid;
}

Expected<LoadedGemmKernel> loadGemmKernel(const KernelSpec &spec,
                                          const KernelImages &images,
                                          const DeviceInfo &device,
                                          const GemmShape &shape) {
  Expected<KernelModule> module = KernelModule::load(spec, images, device);
  if (!module)
    return module.takeError();
  Expected<LaunchGrid> grid = computeGridForModule(spec, shape, device, *module);
  if (!grid)
    return grid.takeError();
  return LoadedGemmKernel{*grid, std::move(*module)};
}

} // namespace runtime
} // namespace gemm_opt
