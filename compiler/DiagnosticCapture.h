//===- DiagnosticCapture.h - MLIR diagnostics into an llvm::Error -*- C++ -*-=//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// While alive, collects the diagnostics of a context, rendered with their
// source lines by a SourceMgrDiagnosticHandler over the buffers added to
// getSourceMgr(), so that a failed parse or pass run becomes an llvm::Error
// whose message carries "name:line:col: error: ..." for each diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_DIAGNOSTICCAPTURE_H
#define GEMM_OPT_COMPILER_DIAGNOSTICCAPTURE_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

namespace gemm_opt {

class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext &context)
      : sourceMgr(std::make_shared<llvm::SourceMgr>()), stream(text),
        handler(*sourceMgr, &context, stream) {}

  llvm::SourceMgr &getSourceMgr() { return *sourceMgr; }
  const std::shared_ptr<llvm::SourceMgr> &getSharedSourceMgr() {
    return sourceMgr;
  }

  /// "`summary`:\n<diagnostics>" (or just `summary` when none were emitted),
  /// and forgets the diagnostics collected so far.
  llvm::Error takeError(const llvm::Twine &summary) {
    std::string message = summary.str();
    if (!text.empty())
      message += ":\n" + text;
    while (!message.empty() && message.back() == '\n')
      message.pop_back();
    text.clear();
    return llvm::createStringError(message);
  }

private:
  std::shared_ptr<llvm::SourceMgr> sourceMgr;
  std::string text;
  llvm::raw_string_ostream stream;
  mlir::SourceMgrDiagnosticHandler handler;
};

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_DIAGNOSTICCAPTURE_H
