//===- RuntimeError.cpp - Error kinds and exit codes of gemm-run ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/RuntimeError.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

char RuntimeError::ID = 0;

void RuntimeError::log(raw_ostream &os) const { os << message; }

std::error_code RuntimeError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Error makeError(ErrorKind kind, const Twine &message) {
  return make_error<RuntimeError>(kind, message.str());
}

Error addErrorContext(Error err, const Twine &context) {
  if (!err)
    return Error::success();
  std::string prefix = context.str();
  Error result = Error::success();
  handleAllErrors(
      std::move(err),
      [&](const RuntimeError &e) {
        result =
            joinErrors(std::move(result),
                       makeError(e.getKind(), prefix + ": " + e.getMessage()));
      },
      [&](const ErrorInfoBase &e) {
        result = joinErrors(std::move(result),
                            makeBadInputError(prefix + ": " + e.message()));
      });
  return result;
}

int getExitCode(ErrorKind kind) {
  switch (kind) {
  case ErrorKind::BadInput:
    return ExitBadInput;
  case ErrorKind::NoDevice:
    return ExitNoDevice;
  case ErrorKind::CudaFailure:
    return ExitCudaFailure;
  }
  return ExitCudaFailure;
}

ErrorSummary summarizeError(Error err) {
  ErrorSummary summary;
  if (!err)
    return summary;
  std::string messages;
  raw_string_ostream os(messages);
  handleAllErrors(
      std::move(err),
      [&](const RuntimeError &e) {
        // Several joined errors: the most severe kind wins (no device > CUDA
        // failure > bad input), since it is the one a script must act on.
        int code = getExitCode(e.getKind());
        if (summary.exitCode == ExitPass || (code == ExitNoDevice) ||
            (code == ExitCudaFailure && summary.exitCode == ExitBadInput))
          summary.exitCode = code;
        if (!messages.empty())
          os << "\n";
        os << e.getMessage();
      },
      [&](const ErrorInfoBase &e) {
        if (summary.exitCode == ExitPass)
          summary.exitCode = ExitBadInput;
        if (!messages.empty())
          os << "\n";
        os << e.message();
      });
  summary.message = std::move(messages);
  return summary;
}

} // namespace runtime
} // namespace gemm_opt
