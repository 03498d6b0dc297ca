//===- RuntimeError.h - Error kinds and exit codes of gemm-run -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every failure in the runtime is an llvm::Error. Errors created here carry an
// ErrorKind that decides the process exit code of gemm-run, so that scripts can
// tell a bad bundle from a missing GPU from a CUDA failure.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_RUNTIMEERROR_H
#define GEMM_OPT_RUNTIME_RUNTIMEERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gemm_opt {
namespace runtime {

/// Process exit codes of gemm-run.
enum ExitCode : int {
  ExitPass = 0,        ///< Ran and the output matched the references.
  ExitMismatch = 1,    ///< Ran, but the output was wrong (or NaN/Inf).
  ExitBadInput = 2,    ///< Bad usage, bundle, shape or chip.
  ExitNoDevice = 3,    ///< No CUDA driver or no CUDA device.
  ExitCudaFailure = 4, ///< Any other CUDA / cuBLAS failure.
};

enum class ErrorKind {
  BadInput,    ///< The input (options, bundle, shape, chip) is unusable.
  NoDevice,    ///< No CUDA driver or device is available.
  CudaFailure, ///< A CUDA driver / runtime / cuBLAS call failed.
};

/// An error with a kind and a human readable message.
class RuntimeError : public llvm::ErrorInfo<RuntimeError> {
public:
  static char ID;

  RuntimeError(ErrorKind kind, std::string message)
      : kind(kind), message(std::move(message)) {}

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  ErrorKind getKind() const { return kind; }
  const std::string &getMessage() const { return message; }

private:
  ErrorKind kind;
  std::string message;
};

llvm::Error makeError(ErrorKind kind, const llvm::Twine &message);
inline llvm::Error makeBadInputError(const llvm::Twine &message) {
  return makeError(ErrorKind::BadInput, message);
}
inline llvm::Error makeNoDeviceError(const llvm::Twine &message) {
  return makeError(ErrorKind::NoDevice, message);
}
inline llvm::Error makeCudaFailureError(const llvm::Twine &message) {
  return makeError(ErrorKind::CudaFailure, message);
}

/// "<context>: field '<key>' <problem>": a bundle field whose value the
/// runtime cannot use.
inline llvm::Error makeBadFieldError(const llvm::Twine &context,
                                     llvm::StringRef key,
                                     const llvm::Twine &problem) {
  return makeBadInputError(context + ": field '" + key + "' " + problem);
}

/// Prepends `context: ` to the message of every error in `err`, keeping kinds.
llvm::Error addErrorContext(llvm::Error err, const llvm::Twine &context);

int getExitCode(ErrorKind kind);

/// The exit code and message of a consumed error. Errors that are not
/// RuntimeErrors (file system, JSON syntax) count as bad input.
struct ErrorSummary {
  int exitCode = ExitPass;
  std::string message;
};
ErrorSummary summarizeError(llvm::Error err);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_RUNTIMEERROR_H
