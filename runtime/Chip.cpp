//===- Chip.cpp - Target chip names and device compatibility --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Chip.h"

#include "runtime/RuntimeError.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

std::string ChipTarget::getName() const {
  std::string name = "sm_" + std::to_string(major) + std::to_string(minor);
  if (variant == Variant::ArchSpecific)
    name += "a";
  else if (variant == Variant::FamilySpecific)
    name += "f";
  return name;
}

Expected<ChipTarget> parseChip(StringRef name) {
  auto invalid = [&]() {
    return makeBadInputError("invalid chip '" + name +
                             "' (expected sm_<major><minor>[a|f], e.g. "
                             "sm_80 or sm_90a)");
  };
  StringRef rest = name;
  if (!rest.consume_front("sm_"))
    return invalid();
  ChipTarget chip;
  if (rest.consume_back("a"))
    chip.variant = ChipTarget::Variant::ArchSpecific;
  else if (rest.consume_back("f"))
    chip.variant = ChipTarget::Variant::FamilySpecific;
  if (rest.size() < 2 || rest.size() > 3 || !all_of(rest, isDigit))
    return invalid();
  unsigned major = 0;
  if (rest.drop_back().getAsInteger(10, major) || major == 0)
    return invalid();
  chip.major = static_cast<int>(major);
  chip.minor = rest.back() - '0';
  return chip;
}

StringRef getImageKindName(ImageKind kind) {
  return kind == ImageKind::Cubin ? "cubin" : "ptx";
}

bool isChipCompatible(const ChipTarget &chip, ImageKind kind, int ccMajor,
                      int ccMinor) {
  switch (chip.variant) {
  case ChipTarget::Variant::ArchSpecific:
    return ccMajor == chip.major && ccMinor == chip.minor;
  case ChipTarget::Variant::FamilySpecific:
    return ccMajor == chip.major && ccMinor >= chip.minor;
  case ChipTarget::Variant::Generic:
    if (kind == ImageKind::Cubin)
      return ccMajor == chip.major && ccMinor >= chip.minor;
    return ccMajor > chip.major ||
           (ccMajor == chip.major && ccMinor >= chip.minor);
  }
  return false;
}

std::string describeChipRequirement(const ChipTarget &chip, ImageKind kind) {
  std::string requirement;
  std::string target =
      std::to_string(chip.major) + "." + std::to_string(chip.minor);
  switch (chip.variant) {
  case ChipTarget::Variant::ArchSpecific:
    requirement = "runs only on compute capability " + target + " devices";
    break;
  case ChipTarget::Variant::FamilySpecific:
    requirement = "runs only on compute capability " +
                  std::to_string(chip.major) +
                  ".x devices with x >= " + std::to_string(chip.minor);
    break;
  case ChipTarget::Variant::Generic:
    requirement = kind == ImageKind::Cubin
                      ? "runs only on compute capability " +
                            std::to_string(chip.major) +
                            ".x devices with x >= " + std::to_string(chip.minor)
                      : "needs compute capability " + target + " or newer";
    break;
  }
  return "a " + getImageKindName(kind).str() + " built for " + chip.getName() +
         " " + requirement;
}

Error checkChipCompatible(const ChipTarget &chip, ImageKind kind, int ccMajor,
                          int ccMinor, StringRef deviceName) {
  if (isChipCompatible(chip, kind, ccMajor, ccMinor))
    return Error::success();
  return makeBadInputError(
      "chip mismatch: " + describeChipRequirement(chip, kind) +
      ", but this device (" + deviceName + ") is compute capability " +
      Twine(ccMajor) + "." + Twine(ccMinor));
}

} // namespace runtime
} // namespace gemm_opt
