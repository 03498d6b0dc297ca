//===- WholeTileVariant.cpp - the runtime's choice of a kernel pair -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/WholeTileVariant.h"

#include "runtime/OperandAlignment.h"

#include <cassert>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

KernelSpec getWholeTileVariantSpec(const KernelSpec &spec) {
  assert(spec.wholeTileVariant && "the entry has no whole-tile variant");
  KernelSpec variant = spec;
  const WholeTileVariantSpec &fields = *spec.wholeTileVariant;
  variant.name = fields.name;
  variant.requiresDivisible = fields.requiresDivisible;
  variant.minAlignmentBytes = fields.minAlignmentBytes;
  variant.dynamicSharedMemoryBytes = fields.dynamicSharedMemoryBytes;
  variant.wholeTileVariant.reset();
  return variant;
}

bool takesWholeTileVariant(const KernelSpec &spec, const GemmShape &shape,
                           const OperandAddresses &addresses,
                           const EpilogueArguments &epilogue) {
  if (!spec.wholeTileVariant)
    return false;
  KernelSpec variant = getWholeTileVariantSpec(spec);
  if (Error refused = checkShapeSupported(variant, shape)) {
    consumeError(std::move(refused));
    return false;
  }
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    if (addresses.get(operand) % getOperandAlignmentBytes(variant, operand))
      return false;
  int64_t epilogueAlignment = getEpilogueOperandAlignmentBytes(variant);
  return epilogue.bias % epilogueAlignment == 0 &&
         epilogue.residual % epilogueAlignment == 0;
}

} // namespace runtime
} // namespace gemm_opt
