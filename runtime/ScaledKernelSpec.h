//===- ScaledKernelSpec.h - What makes an FP8 GEMM entry --------*- C++ -*-===//
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An FP8 GEMM multiplies 8-bit floats (f8E4M3FN, f8E5M2) by 8-bit floats
// and scales the product by f32 scales (ScalingSpec.h). Its bundle entry
// says so consistently:
//
//   "types": a and b 8-bit (not both f8E5M2: checkSupportedTypes), c bf16,
//     f16, f32 or f8E4M3FN, accumulator f32;
//   "layouts": {"a": "row", "b": "col", "c": "row"} (wgmma reads 8-bit
//     operands K-major only: A is M×K row-major, B is stored N×K like a
//     weight W in x @ W^T), and no "source_layouts";
//   "scaling" (ScalingSpec.h), without "fast_accumulation": true when
//     either operand has block scales;
//   exactly one "scale_a" and one "scale_b" memref parameter, of the ranks
//     their modes take; a batched kernel ("batch") may take either with
//     one more rank, a leading batch dimension: each batch entry's own
//     scales (hasPerEntryScales), else one set serves every entry; a
//     grouped kernel likewise per group (GroupedKernelSpec.h);
//   one "scale_d" memref exactly when c is f8E4M3FN, and at most one
//     "amax" (rank 0 each), neither in a batched kernel.
//
// A GEMM of other types has no "scaling" and no scale parameters.
// checkScaledKernelSpec refuses an entry that mixes them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_SCALEDKERNELSPEC_H
#define GEMM_OPT_RUNTIME_SCALEDKERNELSPEC_H

#include "runtime/KernelParamSpec.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

struct KernelSpec;

/// Checks the FP8 fields of the GEMM `spec` against its types (see the
/// file comment); `context` prefixes the BadInput error.
llvm::Error checkScaledKernelSpec(const KernelSpec &spec,
                                  const llvm::Twine &context);

/// Whether `spec` is an FP8 GEMM (8-bit A and B, with scales).
bool isScaledGemm(const KernelSpec &spec);

/// Whether the FP8 GEMM `spec` records the amax of D (an amax parameter).
bool recordsAmax(const KernelSpec &spec);

/// Whether the FP8 GEMM `spec` writes an 8-bit C through an output scale
/// (a scale_d parameter).
bool takesOutputScale(const KernelSpec &spec);

/// Whether the batched (or grouped) FP8 GEMM `spec` takes the scales of
/// `operand` (A or B) per batch entry (group): its scale parameter has a
/// batch dimension first.
bool hasPerEntryScales(const KernelSpec &spec, Operand operand);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_SCALEDKERNELSPEC_H
