//===- Fp8Inputs.h - Random 8-bit inputs of an FP8 GEMM --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-run's A and B of an FP8 GEMM: seeded random values (SplitMix64 of the
// seed and the entry's logical index, like HostMatrix::fillRandom) rounded
// to f8E4M3FN or f8E5M2, never zero, from one of two distributions:
//
//   uniform: magnitudes uniform in [max/32, max/2] (max the type's largest
//            finite value: 448 or 57344), random signs; quantized values
//            as a tensor scaled to its range holds them;
//   wide:    sign · 2^u with u uniform from the type's smallest subnormal
//            to its largest value (e4m3fn 2^-9 .. 448, e5m2 2^-16 ..
//            57344): every binade equally often, subnormals and the
//            smallest values included, as activations with outliers give
//            after per-tensor scaling.
//
// Both references read the rounded 8-bit values, so the inputs themselves
// are exact; what the checks measure is the kernel's accumulation, scaling
// and output rounding.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_FP8INPUTS_H
#define GEMM_OPT_RUNTIME_FP8INPUTS_H

#include "runtime/ElementType.h"
#include "runtime/HostMatrix.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace gemm_opt {
namespace runtime {

enum class Fp8InputDistribution { Uniform, Wide };

/// "uniform", "wide".
llvm::StringRef getFp8InputDistributionName(Fp8InputDistribution distribution);
std::optional<Fp8InputDistribution>
parseFp8InputDistribution(llvm::StringRef name);

/// The largest finite value of the 8-bit `type`.
float getEightBitMax(ElementType type);

/// The value (before rounding to the 8-bit `type`) at logical index `index`
/// for `seed`.
float getFp8RandomInputValue(ElementType type,
                             Fp8InputDistribution distribution, uint64_t seed,
                             uint64_t index);

/// Fills the 8-bit `matrix` with getFp8RandomInputValue (padding NaN).
void fillFp8Random(HostMatrix &matrix, Fp8InputDistribution distribution,
                   uint64_t seed);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_FP8INPUTS_H
