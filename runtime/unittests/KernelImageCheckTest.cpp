//===- KernelImageCheckTest.cpp - cubin and PTX checks before loading -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelImageCheck.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

/// A 64-bit little-endian CUDA ELF header followed by `sections` section
/// headers of 64 bytes, the table right after the header.
std::string makeCubin(uint16_t sections = 3, uint16_t machine = 190) {
  std::string bytes(64 + 64 * sections, '\0');
  bytes.replace(0, 4, "\x7f"
                      "ELF");
  bytes[4] = 2; // ELFCLASS64
  bytes[5] = 1; // ELFDATA2LSB
  auto put16 = [&](size_t at, uint16_t v) {
    support::endian::write16le(&bytes[at], v);
  };
  auto put64 = [&](size_t at, uint64_t v) {
    support::endian::write64le(&bytes[at], v);
  };
  put16(18, machine);
  put64(40, 64); // e_shoff
  put16(58, 64); // e_shentsize
  put16(60, sections);
  return bytes;
}

std::string refusal(Error err) {
  if (!err)
    return "";
  ErrorSummary summary = summarizeError(std::move(err));
  EXPECT_EQ(summary.exitCode, ExitBadInput);
  return summary.message;
}

TEST(KernelImageCheckTest, AcceptsACudaElf) {
  EXPECT_EQ(refusal(checkCubinImage(makeCubin(), "k.cubin")), "");
}

TEST(KernelImageCheckTest, RefusesWhatIsNotACudaElf) {
  EXPECT_NE(refusal(checkCubinImage(std::string(100, 'x'), "k.cubin"))
                .find("'k.cubin' is not a CUDA cubin: it does not start with "
                      "an ELF header"),
            std::string::npos);
  EXPECT_NE(refusal(checkCubinImage("\x7f"
                                    "ELF",
                                    "k.cubin"))
                .find("does not start with an ELF header"),
            std::string::npos);
  std::string x86 = makeCubin(3, /*EM_X86_64=*/62);
  EXPECT_NE(refusal(checkCubinImage(x86, "k.cubin"))
                .find("its ELF machine is 62, not CUDA (190)"),
            std::string::npos);
  std::string thirtyTwoBit = makeCubin();
  thirtyTwoBit[4] = 1;
  EXPECT_NE(refusal(checkCubinImage(thirtyTwoBit, "k.cubin"))
                .find("not a 64-bit little-endian ELF file"),
            std::string::npos);
}

TEST(KernelImageCheckTest, RefusesATruncatedCubin) {
  std::string cubin = makeCubin(3);
  cubin.resize(cubin.size() - 1);
  EXPECT_NE(refusal(checkCubinImage(cubin, "k.cubin"))
                .find("header tables run past the end of the file"),
            std::string::npos);
  // A section count whose table size would overflow 64 bits.
  std::string huge = makeCubin(3);
  support::endian::write64le(&huge[40], ~uint64_t(0) - 8);
  EXPECT_NE(refusal(checkCubinImage(huge, "k.cubin")).find("run past the end"),
            std::string::npos);
  EXPECT_NE(refusal(checkCubinImage(makeCubin(0), "k.cubin"))
                .find("it has no sections"),
            std::string::npos);
}

TEST(KernelImageCheckTest, ChecksPtxText) {
  std::string ptx = ".version 8.7\n.target sm_90a\n.address_size 64\n"
                    ".visible .entry k()\n{\n ret;\n}\n";
  EXPECT_EQ(refusal(checkPtxImage(ptx, "k.ptx")), "");
  EXPECT_NE(refusal(checkPtxImage(ptx + std::string(1, '\0'), "k.ptx"))
                .find("'k.ptx' is not PTX: it holds a NUL byte"),
            std::string::npos);
  EXPECT_NE(refusal(checkPtxImage(".target sm_90a\n.entry k", "k.ptx"))
                .find("no .version directive"),
            std::string::npos);
  EXPECT_NE(refusal(checkPtxImage("hello", "k.ptx")).find("not PTX"),
            std::string::npos);
}

} // namespace
