//===- TransposeBenchmark.cpp - Run, check and time a transpose kernel ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/TransposeBenchmark.h"

#include "runtime/CudaCheck.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/HostMatrix.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/Twine.h"

#include <cstring>
#include <limits>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

TransposeCheck checkTranspose(const void *src, const void *dst,
                              const TransposeShape &shape, size_t elementSize,
                              unsigned char poisonByte) {
  auto bitsAt = [&](const void *base, int64_t index) {
    uint64_t bits = 0;
    std::memcpy(&bits,
                static_cast<const unsigned char *>(base) + index * elementSize,
                elementSize);
    return bits;
  };
  uint64_t poisonBits = 0;
  std::memset(&poisonBits, poisonByte, elementSize);
  TransposeCheck check;
  for (int64_t entry = 0; entry < shape.batch; ++entry) {
    int64_t srcBase = entry * shape.batchStrideSrc;
    int64_t dstBase = entry * shape.batchStrideDst;
    for (int64_t j = 0; j < shape.cols; ++j) {
      for (int64_t i = 0; i < shape.rows; ++i) {
        uint64_t expected = bitsAt(src, srcBase + i * shape.ldSrc + j);
        uint64_t actual = bitsAt(dst, dstBase + j * shape.ldDst + i);
        if (expected == actual)
          continue;
        if (!check.mismatches++)
          check.first = TransposeMismatch{entry, j, i, expected, actual};
      }
      for (int64_t i = shape.rows; i < shape.ldDst; ++i)
        if (bitsAt(dst, dstBase + j * shape.ldDst + i) != poisonBits)
          ++check.clobberedPadding;
    }
  }
  return check;
}

static double gigabytesPerSecond(uint64_t bytes,
                                 const std::optional<TimingStats> &timing) {
  if (!timing || timing->medianMs <= 0.0)
    return 0.0;
  return double(bytes) / (timing->medianMs * 1e-3) / 1e9;
}

double TransposeResult::kernelGBs() const {
  return gigabytesPerSecond(bytesMoved, kernelTiming);
}

double TransposeResult::copyGBs() const {
  return gigabytesPerSecond(bytesMoved, copyTiming);
}

Error checkTransposeBenchmarkShape(const KernelSpec &spec,
                                   const TransposeShape &shape) {
  if (spec.kind != KernelKind::Transpose)
    return makeBadInputError("kernel " + spec.name + " is a " +
                             getKernelKindName(spec.kind) +
                             " kernel, not a transpose");
  if (Error err = verifyTransposeShape(shape))
    return err;
  if (shape.batch > 1 && !spec.matrixMove->batched)
    return makeBadInputError("kernel " + spec.name +
                             " transposes one matrix; a batch of " +
                             Twine(shape.batch) +
                             " needs a batched kernel (tile.transpose on 3-D "
                             "memrefs)");
  if (shape.batch > 1 && (shape.batchStrideSrc != shape.rows * shape.ldSrc ||
                          shape.batchStrideDst != shape.cols * shape.ldDst))
    return makeBadInputError("the transpose benchmark runs packed batches: "
                             "batch strides rows × lds and cols × ldd");
  return Error::success();
}

Expected<TransposeResult>
runTransposeBenchmark(const DeviceInfo &device, const KernelSpec &spec,
                      const KernelImages &images, const TransposeShape &shape,
                      const TransposeOptions &options) {
  if (Error err = checkTransposeBenchmarkShape(spec, shape))
    return std::move(err);
  TransposeResult result;
  ElementType type = spec.matrixMove->elementType;
  size_t elementSize = getElementSize(type);
  Expected<LaunchGrid> grid =
      computeMatrixMoveGrid(spec, shape.rows, shape.cols, shape.batch);
  if (!grid)
    return grid.takeError();
  result.grid = *grid;
  Expected<KernelModule> module = KernelModule::load(spec, images, device);
  if (!module)
    return module.takeError();
  result.kernelInfo = module->getInfo();
  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);

  // Packed batches are one tall matrix each.
  HostMatrix hostSrc(type, shape.batch * shape.rows, shape.cols, shape.ldSrc);
  hostSrc.fillRandom(options.seed);
  HostMatrix hostDst(type, shape.batch * shape.cols, shape.rows, shape.ldDst);
  Expected<DeviceBuffer> src = DeviceBuffer::allocate(hostSrc.getSizeInBytes());
  if (!src)
    return src.takeError();
  Expected<DeviceBuffer> dst = DeviceBuffer::allocate(hostDst.getSizeInBytes());
  if (!dst)
    return dst.takeError();
  if (Error err = src->copyFromHost(hostSrc.data()))
    return std::move(err);

  PackedKernelParams params(packTransposeParams(
      shape, src->getAddress(), dst->getAddress(), spec.matrixMove->batched));
  auto poisonDst = [&]() { return dst->fill(OutputPoisonByte, stream.get()); };
  auto launchKernel = [&]() {
    return module->launch(result.grid, params, stream.get());
  };

  if (Error err = poisonDst())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  if (Error err = dst->copyToHost(hostDst.data()))
    return std::move(err);
  result.check = checkTranspose(hostSrc.data(), hostDst.data(), shape,
                                elementSize, OutputPoisonByte);
  result.bytesMoved = 2 * uint64_t(shape.batch) * uint64_t(shape.rows) *
                      uint64_t(shape.cols) * uint64_t(elementSize);
  if (!options.timing)
    return std::move(result);

  // The copy moves the same bytes: src's B·M·N elements (as one contiguous
  // block when src is packed) into a buffer of its own.
  uint64_t copyBytes = result.bytesMoved / 2;
  Expected<DeviceBuffer> copyDst = DeviceBuffer::allocate(copyBytes);
  if (!copyDst)
    return copyDst.takeError();
  auto launchCopy = [&]() -> Error {
    return GEMM_CUDA_CHECK(device.driver->memcpyDtoDAsync(
        static_cast<CUdeviceptr>(copyDst->getAddress()),
        static_cast<CUdeviceptr>(src->getAddress()), copyBytes,
        reinterpret_cast<CUstream>(stream.get())));
  };
  auto nothing = []() { return Error::success(); };
  Expected<L2Flusher> flusher = L2Flusher::create(device.l2CacheBytes);
  if (!flusher)
    return flusher.takeError();
  TimingOptions timing;
  timing.warmupRuns = options.warmupRuns;
  timing.timedRuns = options.timedRuns;
  Expected<std::vector<TimingStats>> stats =
      timeInterleaved(stream.get(), *flusher, timing,
                      {TimedWork{poisonDst, launchKernel},
                       TimedWork{nothing, launchCopy}});
  if (!stats)
    return stats.takeError();
  result.kernelTiming = (*stats)[0];
  result.copyTiming = (*stats)[1];
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
