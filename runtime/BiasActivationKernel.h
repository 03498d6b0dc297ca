//===- BiasActivationKernel.h - unfused bias + activation kernel -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The elementwise half of the unfused reference pipeline (cuBLAS GEMM, then
// this kernel) that gemm-run --compare-epilogue times against a fused
// epilogue:
//
//   D(r, c) = activation(C(r, c) + bias)    bias[r] for EpilogueBias::Row,
//                                           bias[c] for EpilogueBias::Column
//
// in fp32, rounded once to C's type. The kernels are hand-written CUDA
// (BiasActivationKernel.cu), compiled by nvcc into a fatbin (sm_90 SASS and
// compute_90 PTX) that is embedded in the runtime and loaded through the
// driver API, so the tools stay free of libcuda and of a CUDA-language
// build.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BIASACTIVATIONKERNEL_H
#define GEMM_OPT_RUNTIME_BIASACTIVATIONKERNEL_H

#include "runtime/Device.h"
#include "runtime/ElementType.h"
#include "runtime/FusedEpilogueSpec.h"

#include "llvm/Support/Error.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <string>

namespace gemm_opt {
namespace runtime {

/// One launch of the bias + activation kernel: C and D are M×N row-major
/// with leading dimensions ldc and ldd; `bias` has M (Row) or N (Column)
/// entries of C's type, or is null (None).
struct BiasActivationLaunch {
  ElementType type = ElementType::BF16;
  EpilogueBias bias = EpilogueBias::None;
  EpilogueActivation activation = EpilogueActivation::None;
  const void *c = nullptr;
  int64_t ldc = 0;
  const void *biasVector = nullptr;
  void *d = nullptr;
  int64_t ldd = 0;
  int64_t m = 0;
  int64_t n = 0;
};

/// Whether the launch can take the 16-byte-per-thread kernel: N, ldc and
/// ldd multiples of the vector width (16 bytes of C's type) and C, D and a
/// column bias 16-byte aligned.
bool canUseVectorKernel(const BiasActivationLaunch &launch);

/// The kernel's symbol in the fatbin,
/// "gemm_opt_bias_activation_<type>_<bias>_<activation>_<v16|v1>".
std::string getBiasActivationKernelName(const BiasActivationLaunch &launch);

/// Grid (x, y, z) and block size of the launch (256 threads; blocks stride
/// over rows past 65535).
std::array<unsigned, 3> getBiasActivationGrid(const BiasActivationLaunch &launch);
inline constexpr unsigned BiasActivationBlockSize = 256;

/// The embedded fatbin, loaded into the current context (RAII, move-only).
class BiasActivationKernel {
public:
  static llvm::Expected<BiasActivationKernel> load(const DeviceInfo &device);

  BiasActivationKernel(BiasActivationKernel &&other) noexcept;
  BiasActivationKernel &operator=(BiasActivationKernel &&) = delete;
  BiasActivationKernel(const BiasActivationKernel &) = delete;
  BiasActivationKernel &operator=(const BiasActivationKernel &) = delete;
  ~BiasActivationKernel();

  /// Looks up the launch's kernel (by getBiasActivationKernelName) and
  /// enqueues it on `stream`.
  llvm::Error launch(const BiasActivationLaunch &launch, cudaStream_t stream);

  /// Registers per thread of the launch's kernel.
  llvm::Expected<int> getRegisters(const BiasActivationLaunch &launch);

private:
  explicit BiasActivationKernel(const DriverApi *driver) : driver(driver) {}
  llvm::Expected<CUfunction> getFunction(const BiasActivationLaunch &launch);

  const DriverApi *driver;
  CUmodule module = nullptr;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BIASACTIVATIONKERNEL_H
