//===- KernelImageCheck.cpp - a bundle's images before the driver ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelImageCheck.h"

#include "runtime/RuntimeError.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Endian.h"

#include <cstdint>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

// ELF64 header fields (System V ABI, "ELF Header").
constexpr size_t kElf64HeaderBytes = 64;
constexpr uint8_t kElfClass64 = 2;
constexpr uint8_t kElfDataLittleEndian = 1;
constexpr uint16_t kElfMachineCuda = 190; // EM_CUDA

uint16_t read16(StringRef bytes, size_t offset) {
  return support::endian::read16le(bytes.data() + offset);
}
uint64_t read64(StringRef bytes, size_t offset) {
  return support::endian::read64le(bytes.data() + offset);
}

/// Whether a table of `count` entries of `entryBytes` at `offset` lies
/// inside a file of `size` bytes (no overflow).
bool tableFits(uint64_t offset, uint64_t count, uint64_t entryBytes,
               uint64_t size) {
  if (count == 0)
    return true;
  if (offset > size || entryBytes == 0 || count > size / entryBytes)
    return false;
  return count * entryBytes <= size - offset;
}

} // namespace

Error checkCubinImage(StringRef bytes, StringRef path) {
  auto refuse = [&](const Twine &why) {
    return makeBadInputError("the cubin file '" + path +
                             "' is not a CUDA cubin: " + why);
  };
  if (bytes.size() < kElf64HeaderBytes || !bytes.starts_with("\x7f"
                                                              "ELF"))
    return refuse("it does not start with an ELF header");
  if (static_cast<uint8_t>(bytes[4]) != kElfClass64 ||
      static_cast<uint8_t>(bytes[5]) != kElfDataLittleEndian)
    return refuse("it is not a 64-bit little-endian ELF file");
  if (read16(bytes, 18) != kElfMachineCuda)
    return refuse("its ELF machine is " + Twine(read16(bytes, 18)) +
                  ", not CUDA (" + Twine(kElfMachineCuda) + ")");
  uint64_t programHeaders = read64(bytes, 32), sectionHeaders = read64(bytes, 40);
  uint16_t programEntry = read16(bytes, 54), programCount = read16(bytes, 56);
  uint16_t sectionEntry = read16(bytes, 58), sectionCount = read16(bytes, 60);
  if (sectionCount == 0)
    return refuse("it has no sections");
  if (!tableFits(programHeaders, programCount, programEntry, bytes.size()) ||
      !tableFits(sectionHeaders, sectionCount, sectionEntry, bytes.size()))
    return refuse("its ELF header tables run past the end of the file (" +
                  Twine(bytes.size()) + " bytes; truncated?)");
  return Error::success();
}

Error checkPtxImage(StringRef text, StringRef path) {
  auto refuse = [&](const Twine &why) {
    return makeBadInputError("the PTX file '" + path + "' is not PTX: " + why);
  };
  if (text.contains('\0'))
    return refuse("it holds a NUL byte");
  for (StringRef directive : {".version", ".target", ".entry"})
    if (!text.contains(directive))
      return refuse("it has no " + directive + " directive");
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
