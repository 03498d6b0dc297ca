//===- KernelLibrary.h - kernels compiled ahead of time ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel library is a directory of two files that gemm-opt-build-library
// writes and gemm_opt::matmul reads with no LLVM/MLIR at run time:
//
//   index.json     {"format": "gemm-opt-kernel-library-1",
//                   "kernels":  [{"name", "cache_key", "offset", "size",
//                                 "entry": <the kernel's bundle entry>}],
//                   "problems": [{"class", "m", "n", "k", "kernel",
//                                 "schedule", "reason", "rank",
//                                 "candidate"}]}
//   kernels.cubin  every kernel's cubin, one after the other, each at a
//                  256-byte aligned offset ("offset", "size").
//
// A problem entry names the kernel chosen for one kernel class
// (MatmulProblem.h) at one shape; kernels are stored once however many
// problems use them. Reading checks everything a hostile file could get
// wrong (format, bounds, indices, the entries' launch metadata) and says
// which field, never trusting an offset.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_KERNELLIBRARY_H
#define GEMM_OPT_JIT_KERNELLIBRARY_H

#include "jit/CompiledKernel.h"
#include "jit/GemmKernel.h"
#include "jit/MatmulChoice.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace gemm_opt {

/// One problem the library was built for.
struct LibraryProblem {
  std::string kernelClass;
  int64_t m = 0, n = 0, k = 0;
  size_t kernel = 0; ///< Index into the library's kernels.
  std::string schedule;
  std::string reason; ///< Why the builder chose the schedule.
  /// 0: the kernel matmul runs for the problem. 1, 2, ...: alternatives a
  /// tuning library holds for measuring (gemm-opt-build-library --top).
  int64_t rank = 0;
  /// The schedule's candidate name (MatmulSchedule::candidate), e.g.
  /// "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p".
  std::string candidate;
};

class KernelLibrary {
public:
  static constexpr llvm::StringLiteral FormatName = "gemm-opt-kernel-library-1";

  KernelLibrary() = default;
  KernelLibrary(KernelLibrary &&other) noexcept;
  KernelLibrary &operator=(KernelLibrary &&other) noexcept;

  /// Reads the library in `directory`; errors name the file and field.
  static llvm::Expected<KernelLibrary> load(llvm::StringRef directory);
  /// Writes index.json and kernels.cubin into `directory` (created).
  llvm::Error save(llvm::StringRef directory) const;

  /// Adds `kernel` unless one with its cache key is there; its index.
  size_t addKernel(jit::CompiledKernel kernel);
  /// Adds `problem`, replacing one of the same class, shape and rank.
  void addProblem(LibraryProblem problem);

  /// The problems of `kernelClass` of rank 0, the exact shape first, then
  /// by distance in log2(M), log2(N), log2(K): the kernels to try for a
  /// shape.
  std::vector<const LibraryProblem *>
  findCandidates(llvm::StringRef kernelClass, int64_t m, int64_t n,
                 int64_t k) const;

  /// Every rank held for exactly this class and shape, by rank.
  std::vector<const LibraryProblem *>
  findAlternatives(llvm::StringRef kernelClass, int64_t m, int64_t n,
                   int64_t k) const;

  /// The launchable kernel at `index`, made on first use.
  llvm::Expected<std::shared_ptr<jit::GemmKernel>> getKernel(size_t index);

  const std::vector<jit::CompiledKernel> &getKernels() const { return kernels; }
  const std::vector<LibraryProblem> &getProblems() const { return problems; }

private:
  std::vector<jit::CompiledKernel> kernels;
  std::vector<LibraryProblem> problems;
  std::unique_ptr<std::mutex> mutex = std::make_unique<std::mutex>();
  /// Parallel to `kernels`; null until first use.
  std::vector<std::shared_ptr<jit::GemmKernel>> launchable;
};

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_KERNELLIBRARY_H
