//===- ProblemRefusal.cpp - Why a kernel cannot run a problem -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemRefusal.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

char ProblemRefusal::ID = 0;

StringRef getRefusalReasonName(RefusalReason reason) {
  switch (reason) {
  case RefusalReason::Types:
    return "types";
  case RefusalReason::Layout:
    return "layout";
  case RefusalReason::Batch:
    return "batch";
  case RefusalReason::Epilogue:
    return "epilogue";
  case RefusalReason::Alignment:
    return "alignment";
  case RefusalReason::Divisibility:
    return "divisibility";
  case RefusalReason::Launch:
    return "launch";
  }
  return "launch";
}

void ProblemRefusal::log(raw_ostream &os) const { os << message; }

std::error_code ProblemRefusal::convertToErrorCode() const {
  return std::make_error_code(std::errc::not_supported);
}

Error makeRefusal(RefusalReason reason, const Twine &message) {
  return make_error<ProblemRefusal>(reason, message.str());
}

std::optional<RefusalSummary> takeRefusal(Error err, Error &other) {
  std::optional<RefusalSummary> summary;
  other = handleErrors(std::move(err), [&](const ProblemRefusal &refusal) {
    summary = RefusalSummary{refusal.getReason(), refusal.getMessage()};
  });
  return summary;
}

} // namespace runtime
} // namespace gemm_opt
