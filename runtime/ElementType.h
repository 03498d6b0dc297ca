//===- ElementType.h - Element types and host conversions ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The element types a bundle may use for A, B and C (f16, bf16, f32, and
// for A and B of an FP8 GEMM the 8-bit f8E4M3FN and f8E5M2, Float8.h), and
// bit-exact host conversions between float and the 16-bit formats
// (round to nearest even, NaN preserved).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_ELEMENTTYPE_H
#define GEMM_OPT_RUNTIME_ELEMENTTYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace gemm_opt {
namespace runtime {

enum class ElementType { F16, BF16, F32, F8E4M3FN, F8E5M2 };

/// Parses "f16", "bf16", "f32", "f8E4M3FN" or "f8E5M2" (MLIR's spellings).
std::optional<ElementType> parseElementType(llvm::StringRef name);
llvm::StringRef getElementTypeName(ElementType type);
size_t getElementSize(ElementType type);
/// f8E4M3FN or f8E5M2: the inputs of an FP8 GEMM.
bool isEightBitFloat(ElementType type);

uint16_t floatToBF16(float value);
float bf16ToFloat(uint16_t bits);
uint16_t floatToF16(float value);
float f16ToFloat(uint16_t bits);

/// Rounds `value` to `type` and back (the value a device buffer would hold).
float roundToElementType(ElementType type, float value);

/// Reads element `index` of an array of `type` as a double.
double loadElement(ElementType type, const void *base, size_t index);
/// Rounds `value` to `type` and writes it as element `index`.
void storeElement(ElementType type, void *base, size_t index, float value);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_ELEMENTTYPE_H
