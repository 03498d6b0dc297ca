//===- SchemaChecks.h - value checks shared by the bundle schema -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Small checks the fromJSON functions of BundleSchema.h apply after mapping
// a field: each reports `message` at the field's path and returns false
// when the value is not allowed.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_SCHEMACHECKS_H
#define GEMM_OPT_RUNTIME_BUNDLE_SCHEMACHECKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt {
namespace bundle {

/// Whether `value` is one of `choices`.
inline bool checkChoice(llvm::StringRef value,
                        llvm::ArrayRef<llvm::StringRef> choices,
                        llvm::StringLiteral message, llvm::json::Path path) {
  if (llvm::is_contained(choices, value))
    return true;
  path.report(message);
  return false;
}

/// An absent optional field is allowed.
inline bool checkOptionalChoice(const std::optional<std::string> &value,
                        llvm::ArrayRef<llvm::StringRef> choices,
                        llvm::StringLiteral message, llvm::json::Path path) {
  return !value || checkChoice(*value, choices, message, path);
}

/// Whether `value` lies in [min, max].
inline bool checkRange(int64_t value, int64_t min, int64_t max,
                       llvm::StringLiteral message, llvm::json::Path path) {
  if (value >= min && value <= max)
    return true;
  path.report(message);
  return false;
}

inline bool checkOptionalRange(const std::optional<int64_t> &value,
                               int64_t min, int64_t max,
                               llvm::StringLiteral message,
                               llvm::json::Path path) {
  return !value || checkRange(*value, min, max, message, path);
}

/// Whether `name` can be a kernel's symbol: a PTX identifier of at most 1024
/// letters, digits, '_' and '$', not starting with a digit.
inline bool checkSymbolName(llvm::StringRef name, llvm::json::Path path) {
  auto isSymbolChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (!name.empty() && name.size() <= 1024 && !llvm::isDigit(name.front()) &&
      llvm::all_of(name, isSymbolChar))
    return true;
  path.report("expected a kernel symbol: letters, digits, '_' and '$', not "
              "starting with a digit");
  return false;
}

/// Reads an array of exactly three integers, each in [1, max].
inline bool readDim3(const llvm::json::Value &value,
                     std::array<int64_t, 3> &out, int64_t max,
                     llvm::StringLiteral message, llvm::json::Path path) {
  const llvm::json::Array *array = value.getAsArray();
  if (!array || array->size() != 3) {
    path.report(message);
    return false;
  }
  for (size_t i = 0; i < 3; ++i) {
    std::optional<int64_t> dim = (*array)[i].getAsInteger();
    if (!dim || *dim < 1 || *dim > max) {
      path.index(i).report(message);
      return false;
    }
    out[i] = *dim;
  }
  return true;
}

/// "min_alignment_bytes": a power of two in [1, 4096].
inline bool checkAlignment(int64_t value, llvm::json::Path path) {
  if (value >= 1 && value <= 4096 && (value & (value - 1)) == 0)
    return true;
  path.report("expected a power of two in [1, 4096]");
  return false;
}

/// The element types a bundle names for the accumulator.
inline constexpr llvm::StringRef ElementTypeNames[] = {"f16", "bf16", "f32"};
inline constexpr llvm::StringLiteral ElementTypeMessage =
    "expected \"f16\", \"bf16\" or \"f32\"";

/// The element types a bundle names for C: those above, and the e4m3
/// output of an FP8 GEMM.
inline constexpr llvm::StringRef OutputElementTypeNames[] = {"f16", "bf16",
                                                             "f32", "f8E4M3FN"};
inline constexpr llvm::StringLiteral OutputElementTypeMessage =
    "expected \"f16\", \"bf16\", \"f32\" or \"f8E4M3FN\"";

/// The element types of GEMM inputs (A, B) and of the matrices transposes
/// and copies move (the staged copies of A and B): those above, and the
/// 8-bit floats of FP8 GEMMs in MLIR's spelling.
inline constexpr llvm::StringRef InputElementTypeNames[] = {
    "f16", "bf16", "f32", "f8E4M3FN", "f8E5M2"};
inline constexpr llvm::StringLiteral InputElementTypeMessage =
    "expected \"f16\", \"bf16\", \"f32\", \"f8E4M3FN\" or \"f8E5M2\"";

/// The largest "dynamic_shared_memory_bytes".
inline constexpr int64_t MaxSharedMemoryBytes = int64_t(1) << 30;

} // namespace bundle
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_SCHEMACHECKS_H
