//===- ProblemRefusal.h - Why a kernel cannot run a problem ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The error the launch path returns when a kernel cannot run a GemmProblem
// (GemmProblem.h): a reason, for tables and tests, and a message naming the
// problem and the kernel, e.g. "shape 4097x4095x4096 is not divisible by the
// tile 128x256x64 of kernel gemm_kernel_0". Through summarizeError it is a
// bad-input error (exit code 2), like every refusal of gemm-run.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_PROBLEMREFUSAL_H
#define GEMM_OPT_RUNTIME_PROBLEMREFUSAL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

/// In the order the capability checks run (see BundleCapabilities.h).
enum class RefusalReason {
  Types,        ///< Element types differ from the kernel's.
  Layout,       ///< A row/col layout the kernel does not take.
  Batch,        ///< Several batch entries, the kernel runs one.
  Epilogue,     ///< alpha, beta, bias or activation the kernel lacks.
  Alignment,    ///< Offsets, pitches or batch strides below its alignment.
  Divisibility, ///< Extents its block tile does not divide.
  Launch,       ///< Any other launch requirement (TMA, grid, runtime).
};
llvm::StringRef getRefusalReasonName(RefusalReason reason); // "types", ...

class ProblemRefusal : public llvm::ErrorInfo<ProblemRefusal> {
public:
  static char ID;

  ProblemRefusal(RefusalReason reason, std::string message)
      : reason(reason), message(std::move(message)) {}

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  RefusalReason getReason() const { return reason; }
  const std::string &getMessage() const { return message; }

private:
  RefusalReason reason;
  std::string message;
};

llvm::Error makeRefusal(RefusalReason reason, const llvm::Twine &message);

/// The reason and message of a consumed refusal; nullopt (and `err` left
/// unconsumed in `other`) when `err` is something else.
struct RefusalSummary {
  RefusalReason reason;
  std::string message;
};
std::optional<RefusalSummary> takeRefusal(llvm::Error err, llvm::Error &other);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_PROBLEMREFUSAL_H
