//===- WholeTileVariant.h - the runtime's choice of a kernel pair -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An mma.sync schedule with `ragged = true` compiles to a kernel that takes
// any shape and pitch and, in the same images, a "whole_tile_variant"
// (KernelSpec.h) that needs whole block tiles and 16-byte aligned operands
// and runs 10-20 % faster. Every launch of such an entry (KernelArguments)
// runs the variant where the problem meets its requirements, checked here
// from the actual shape, pitches, batch strides and addresses, and the
// entry's kernel elsewhere: the same choice the compiled host code makes
// (passes/common/WholeTileDispatch.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_WHOLETILEVARIANT_H
#define GEMM_OPT_RUNTIME_WHOLETILEVARIANT_H

#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"

namespace gemm_opt {
namespace runtime {

/// `spec` as an entry of its own for its whole-tile variant: the same
/// fields with the variant's name, divisibility, alignment and shared
/// memory, and no variant. `spec` must have one.
KernelSpec getWholeTileVariantSpec(const KernelSpec &spec);

/// Whether a launch of `spec` runs its whole-tile variant at `shape` (as
/// the kernel takes it) with the operands at `addresses` and the epilogue's
/// at `epilogue`: `spec` has one, checkShapeSupported accepts the shape for
/// it, and A, B, C, the bias and the residual start at multiples of its
/// min_alignment_bytes.
bool takesWholeTileVariant(const KernelSpec &spec, const GemmShape &shape,
                           const OperandAddresses &addresses,
                           const EpilogueArguments &epilogue);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_WHOLETILEVARIANT_H
