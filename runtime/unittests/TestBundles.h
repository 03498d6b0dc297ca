//===- TestBundles.h - Kernel bundle JSON for the unit tests ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_UNITTESTS_TESTBUNDLES_H
#define GEMM_OPT_RUNTIME_UNITTESTS_TESTBUNDLES_H

#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <string>

namespace gemm_opt {
namespace runtime {
namespace test {

/// The example bundle of the compiler/runtime contract.
inline llvm::json::Object makeValidKernel() {
  using llvm::json::Array;
  using llvm::json::Object;
  return Object{
      {"name", "gemm_kernel_0"},
      {"cubin", "k.cubin"},
      {"ptx", "k.ptx"},
      {"chip", "sm_90a"},
      {"block", Array{256, 1, 1}},
      {"cluster", Array{1, 1, 1}},
      {"dynamic_shared_memory_bytes", 98304},
      {"grid", Object{{"x", Object{{"extent", "n"}, {"tile", 256}}},
                      {"y", Object{{"extent", "m"}, {"tile", 128}}},
                      {"z", 1}}},
      {"tile", Object{{"m", 128}, {"n", 256}, {"k", 32}}},
      {"requires_divisible", Object{{"m", 128}, {"n", 256}, {"k", 32}}},
      {"types", Object{{"a", "bf16"},
                       {"b", "bf16"},
                       {"c", "bf16"},
                       {"accumulator", "f32"}}},
      {"layouts", Object{{"a", "row"}, {"b", "row"}, {"c", "row"}}},
      {"min_alignment_bytes", 16},
      {"parameters",
       Array{Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
             Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
             Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}}}}};
}

/// A "memref" parameter of the bundle contract.
inline llvm::json::Object makeMemRefParam(llvm::StringRef operand,
                                          int64_t rank) {
  return llvm::json::Object{
      {"kind", "memref"}, {"operand", operand}, {"rank", rank}};
}

/// A "tma" parameter of the bundle contract.
inline llvm::json::Object makeTmaParam(llvm::StringRef operand,
                                       llvm::json::Array box, int swizzle,
                                       llvm::StringRef pass) {
  return llvm::json::Object{{"kind", "tma"},         {"operand", operand},
                            {"box", std::move(box)}, {"swizzle", swizzle},
                            {"pass", pass},          {"l2_promotion", 256},
                            {"oob_fill", "zero"}};
}

/// A Hopper-style kernel: TMA for a (global_pointer) and b (by_value), a
/// memref for c, 2x1x1 clusters and a persistent grid.
inline llvm::json::Object makeHopperKernel() {
  using llvm::json::Array;
  using llvm::json::Object;
  Object kernel = makeValidKernel();
  kernel["cluster"] = Array{2, 1, 1};
  kernel["grid"] = Object{{"persistent", Object{{"ctas_per_sm", 1}}},
                          {"tiles", Object{{"m", 128}, {"n", 256}}}};
  kernel["parameters"] =
      Array{makeTmaParam("a", Array{64, 128}, 128, "global_pointer"),
            makeTmaParam("b", Array{64, 64}, 128, "by_value"),
            Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}}};
  return kernel;
}

/// What gemm-translate writes for examples/gemm_tf32_wgmma_sm90.mlir
/// (128x256x32, f32, A row-major, B column-major), in outline.
inline llvm::json::Object makeTf32Kernel() {
  using llvm::json::Array;
  using llvm::json::Object;
  Object kernel = makeHopperKernel();
  kernel["cluster"] = Array{1, 1, 1};
  kernel["types"] = Object{
      {"a", "f32"}, {"b", "f32"}, {"c", "f32"}, {"accumulator", "f32"}};
  kernel["layouts"] = Object{{"a", "row"}, {"b", "col"}, {"c", "row"}};
  kernel["math"] = "tensor_core";
  kernel["requires_divisible"] = Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 4;
  kernel["parameters"] =
      Array{makeTmaParam("a", Array{32, 128}, 128, "global_pointer"),
            makeTmaParam("b", Array{32, 256}, 128, "global_pointer"),
            Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}}};
  return kernel;
}

/// What gemm-translate writes for examples/gemm_fp8_block_scaled_sm90.mlir
/// (128x128x128, e4m3 A and B, bf16 C, A row-major, B column-major, a
/// persistent warp-specialized wgmma kernel), in outline, with the
/// "scaling" of its tile.gemm: scale_a of `a` and scale_b of `b` scales.
inline llvm::json::Object makeFp8Kernel(llvm::StringRef a = "block_1x128",
                                        llvm::StringRef b = "block_128x128",
                                        int rankA = 2, int rankB = 2) {
  using llvm::json::Array;
  using llvm::json::Object;
  Object kernel = makeHopperKernel();
  kernel["block"] = Array{384, 1, 1};
  kernel["cluster"] = Array{1, 1, 1};
  kernel["dynamic_shared_memory_bytes"] = 229376;
  kernel["grid"] = Object{{"persistent", Object{{"ctas_per_sm", 1}}},
                          {"tiles", Object{{"m", 128}, {"n", 128}}}};
  kernel["tile"] = Object{{"m", 128}, {"n", 128}, {"k", 128}};
  kernel["types"] = Object{{"a", "f8E4M3FN"},
                           {"b", "f8E4M3FN"},
                           {"c", "bf16"},
                           {"accumulator", "f32"}};
  kernel["layouts"] = Object{{"a", "row"}, {"b", "col"}, {"c", "row"}};
  kernel["math"] = "tensor_core";
  kernel["requires_divisible"] = Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel["scaling"] = Object{{"a", a}, {"b", b}, {"fast_accumulation", false}};
  Object mapC = makeTmaParam("c", Array{64, 64}, 128, "global_pointer");
  mapC["null_when_unaligned"] = true;
  kernel["parameters"] = Array{
      Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
      Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
      Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
      makeTmaParam("a", Array{128, 128}, 128, "global_pointer"),
      makeTmaParam("b", Array{128, 128}, 128, "global_pointer"),
      std::move(mapC),
      Object{{"kind", "memref"}, {"operand", "scale_a"}, {"rank", rankA}},
      Object{{"kind", "memref"}, {"operand", "scale_b"}, {"rank", rankB}}};
  return kernel;
}

/// A "transpose" or "copy" entry (`kind`, KernelSpec.h) of `type` elements
/// as the compiler writes it for a staged operand (without images and chip,
/// which it inherits): 256 threads over tiles of tileRows × tileCols src
/// elements, 16-byte vectors, rank-3 memrefs and grid z over the batch when
/// `batched`.
inline llvm::json::Object makeMatrixMoveEntry(llvm::StringRef kind,
                                              llvm::StringRef name,
                                              llvm::StringRef type,
                                              int tileRows, int tileCols,
                                              bool batched) {
  using llvm::json::Array;
  using llvm::json::Object;
  int rank = batched ? 3 : 2;
  // The grid is built from plain values: a conditional between two JSON
  // initializer lists leaves GCC unsure which temporaries it constructed.
  llvm::json::Value z = 1;
  if (batched)
    z = Object{{"extent", "batch"}, {"tile", 1}};
  // A transpose's blocks run along src's columns in x, a copy's along its
  // rows (compiler/MatrixMoveMetadata.h).
  bool alongRows = kind == "copy";
  Object x{{"extent", alongRows ? "m" : "n"},
           {"tile", alongRows ? tileRows : tileCols}};
  Object y{{"extent", alongRows ? "n" : "m"},
           {"tile", alongRows ? tileCols : tileRows}};
  int elementBytes = type == "f32" ? 4 : type.starts_with("f8") ? 1 : 2;
  return Object{
      {"kind", kind},
      {"name", name},
      {"block", Array{256, 1, 1}},
      {"cluster", Array{1, 1, 1}},
      {"dynamic_shared_memory_bytes", 0},
      {"grid",
       Object{{"x", std::move(x)}, {"y", std::move(y)}, {"z", std::move(z)}}},
      {"tile", Object{{"m", tileRows}, {"n", tileCols}}},
      {"types", Object{{"src", type}, {"dst", type}}},
      {"layouts", Object{{"src", "row"}, {"dst", "row"}}},
      {"min_alignment_bytes", elementBytes},
      {"vector_elements", 16 / elementBytes},
      {"parameters",
       Array{Object{{"kind", "memref"}, {"operand", "src"}, {"rank", rank}},
             Object{{"kind", "memref"}, {"operand", "dst"}, {"rank", rank}}}}};
}

inline std::string makeBundleText(llvm::json::Object kernel) {
  llvm::json::Object bundle{{"format", BundleFormatName},
                            {"kernels", llvm::json::Array{std::move(kernel)}}};
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(std::move(bundle));
  return text;
}

/// Parses a bundle with one kernel; fails the test on error.
inline KernelSpec parseSingleKernel(llvm::json::Object kernel) {
  llvm::Expected<KernelBundle> bundle = parseKernelBundle(
      makeBundleText(std::move(kernel)), "/bundles/x", "test.json");
  if (!bundle) {
    llvm::errs() << llvm::toString(bundle.takeError()) << "\n";
    return KernelSpec();
  }
  return bundle->kernels.front();
}

/// The error (kind and message) of parsing a bundle with one kernel, or an
/// empty summary when it parses.
inline ErrorSummary kernelError(llvm::json::Object kernel) {
  llvm::Expected<KernelBundle> bundle =
      parseKernelBundle(makeBundleText(std::move(kernel)), "/dir", "b.json");
  if (bundle)
    return ErrorSummary();
  return summarizeError(bundle.takeError());
}

/// A kernel that parsing must refuse: what the case tests, the kernel and a
/// part of the message (isRefusedKernel).
struct RefusedKernelCase {
  const char *what;
  llvm::json::Object kernel;
  const char *expected;
};

/// Whether parsing a bundle with `kernel` fails as bad input with a message
/// that contains `expected`; the failure says what it got instead.
inline ::testing::AssertionResult isRefusedKernel(llvm::json::Object kernel,
                                                  llvm::StringRef expected) {
  ErrorSummary error = kernelError(std::move(kernel));
  if (error.exitCode != ExitBadInput)
    return ::testing::AssertionFailure()
           << "exit code " << error.exitCode << " (" << error.message << ")";
  if (error.message.find(expected.str()) == std::string::npos)
    return ::testing::AssertionFailure()
           << "message '" << error.message << "' does not contain '"
           << expected.str() << "'";
  return ::testing::AssertionSuccess();
}

/// Device addresses of A, B and C for tests that pack kernel parameters
/// (never dereferenced).
constexpr uint64_t addressA = 0x7f0000000000;
constexpr uint64_t addressB = 0x7f0000100000;
constexpr uint64_t addressC = 0x7f0000200000;

} // namespace test
} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_UNITTESTS_TESTBUNDLES_H
