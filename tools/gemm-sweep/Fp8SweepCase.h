//===- Fp8SweepCase.h - randomized cases of FP8 kernels ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A GemmProblem has no scales, so the sweep's ordinary cases never reach an
// FP8 kernel. FP8 kernels get cases of their own: a random shape (the
// dimensions of SweepRandom.h, rounded up to what the kernel requires to
// divide), 8-bit inputs over every e4m3/e5m2 binade or uniform
// (Fp8Inputs.h) and random scales of the kernel's scale modes, run once
// through gemm-run's FP8 path (ScaledGemmBenchmark.h) with a poisoned
// output and checked against cuBLASLt's FP8 matmul with the same scales
// (where cuBLASLt takes the shape and scale modes) and against the fp64
// product of the dequantized inputs. A batched FP8 kernel gets 2 to 7
// batch entries, packed or padded apart, A or B now and then broadcast
// (batch stride 0), run through BatchedScaledBenchmark.h (each entry
// against fp64, against cuBLASLt where the scales are shared by every
// entry). An e4m3-output kernel gets a random scale_d of each case's seed,
// at up to twice the one that puts the largest output at 448, so that some
// outputs saturate, and is compared after dequantization; a kernel with
// amax has it checked against its output, fp64 and cuBLASLt
// (QuantizedOutput.h). Case j of a sweep goes to FP8 kernel
// j mod (their count), so each one is covered.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_FP8SWEEPCASE_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_FP8SWEEPCASE_H

#include "tools/gemm-sweep/SweepBundles.h"
#include "tools/gemm-sweep/SweepRunner.h"

#include "runtime/Device.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GemmShape.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace sweep {

struct Fp8SweepCase {
  uint64_t index = 0;
  size_t kernel = 0; ///< Into SweepBundles::kernels.
  runtime::GemmShape shape;
  runtime::Fp8InputDistribution inputs = runtime::Fp8InputDistribution::Wide;
};

/// FP8 case `index` of `seed` over `fp8Kernels` (SweepBundles::getFp8Kernels,
/// not empty).
Fp8SweepCase generateFp8SweepCase(uint64_t seed, uint64_t index,
                                  const SweepBundles &bundles,
                                  llvm::ArrayRef<size_t> fp8Kernels);

/// Runs and checks `sweepCase` (see the file comment). A shape the kernel
/// refuses is a failure: the case was drawn to fit what it declares.
CaseResult runFp8SweepCase(const runtime::DeviceInfo &device,
                           SweepBundles &bundles,
                           const Fp8SweepCase &sweepCase, uint64_t seed,
                           bool cublasReference);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_FP8SWEEPCASE_H
