//===- Chip.h - Target chip names and device compatibility -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses chip names such as "sm_80", "sm_90a" or "sm_100f" and decides whether
// a cubin or PTX built for one can be loaded on a device of a given compute
// capability:
//   cubin sm_XY  : same major, device minor >= Y   (SASS compatibility)
//   cubin sm_XYa : exactly compute capability X.Y  (arch-specific features)
//   cubin sm_XYf : same major, device minor >= Y   (family-specific)
//   PTX   sm_XY  : compute capability >= X.Y       (JIT-compiled by the driver)
//   PTX   sm_XYa : exactly X.Y;  PTX sm_XYf: same major, minor >= Y
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CHIP_H
#define GEMM_OPT_RUNTIME_CHIP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gemm_opt {
namespace runtime {

struct ChipTarget {
  enum class Variant { Generic, ArchSpecific, FamilySpecific };
  int major = 0;
  int minor = 0;
  Variant variant = Variant::Generic;

  /// "sm_90a" etc.
  std::string getName() const;
};

/// Parses "sm_<major><minor>[a|f]"; the last digit is the minor version.
llvm::Expected<ChipTarget> parseChip(llvm::StringRef name);

enum class ImageKind { Cubin, Ptx };
llvm::StringRef getImageKindName(ImageKind kind);

/// Whether an image of `kind` built for `chip` runs on a device of compute
/// capability ccMajor.ccMinor.
bool isChipCompatible(const ChipTarget &chip, ImageKind kind, int ccMajor,
                      int ccMinor);

/// What an image of `kind` built for `chip` needs, e.g. "a cubin built for
/// sm_90a runs only on compute capability 9.0 devices".
std::string describeChipRequirement(const ChipTarget &chip, ImageKind kind);

/// Like isChipCompatible, but returns a BadInput error that explains the
/// mismatch ("... sm_90a cubin runs only on compute capability 9.0 ...").
llvm::Error checkChipCompatible(const ChipTarget &chip, ImageKind kind,
                                int ccMajor, int ccMinor,
                                llvm::StringRef deviceName);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CHIP_H
