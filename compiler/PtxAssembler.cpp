//===- PtxAssembler.cpp - PTX to cubin through ptxas ----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/PtxAssembler.h"

#include "runtime/bundle/OutputFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

Expected<std::string> gemm_opt::findPtxas(StringRef explicitPath) {
  if (!explicitPath.empty()) {
    if (sys::fs::can_execute(explicitPath))
      return explicitPath.str();
    return createStringError("ptxas not found at '" + explicitPath + "'");
  }
#ifdef GEMM_OPT_CUDA_BIN_DIR
  SmallString<256> configured(GEMM_OPT_CUDA_BIN_DIR);
  sys::path::append(configured, "ptxas");
  if (sys::fs::can_execute(configured))
    return std::string(configured);
#endif
  if (ErrorOr<std::string> onPath = sys::findProgramByName("ptxas"))
    return *onPath;
  return createStringError(
      "ptxas not found: install the CUDA toolkit, put it on PATH or pass "
      "--ptxas");
}

Expected<std::string> gemm_opt::assemblePtx(StringRef ptxas, StringRef ptxFile,
                                            StringRef chip,
                                            StringRef cubinFile,
                                            int optLevel) {
  SmallString<128> report;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("ptxas", "txt", report))
    return createStringError(ec, "cannot create a temporary file");
  FileRemover removeReport(report);
  std::string arch = ("-arch=" + chip).str();
  std::string level = ("-O" + Twine(optLevel)).str();
  SmallVector<StringRef> args{ptxas, arch, level, "-v", ptxFile, "-o",
                              cubinFile};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(report),
                                          StringRef(report)};
  std::string message;
  int rc = sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0,
                               &message);
  ErrorOr<std::unique_ptr<MemoryBuffer>> output =
      MemoryBuffer::getFile(report);
  std::string text = output ? (*output)->getBuffer().str() : "";
  if (rc != 0)
    return createStringError("ptxas failed on " + ptxFile + " (" + message +
                             "):\n" + text);
  // A program that exits 0 without writing a cubin (a wrong --ptxas) must
  // not pass for ptxas: the cubin must be an ELF file.
  ErrorOr<std::unique_ptr<MemoryBuffer>> cubin =
      MemoryBuffer::getFile(cubinFile, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!cubin || !(*cubin)->getBuffer().starts_with("\x7f" "ELF"))
    return createStringError(ptxas + " exited 0 but wrote no cubin (an ELF "
                             "file) to " + cubinFile +
                             ": is it CUDA's ptxas?");
  return text;
}

Expected<gemm_opt::AssembledCubin>
gemm_opt::assemblePtxText(StringRef ptxas, StringRef ptx, StringRef chip,
                          int optLevel) {
  SmallString<128> ptxFile, cubinFile;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("gemm-opt-kernel", "ptx", ptxFile))
    return createStringError(ec, "cannot create a temporary PTX file");
  FileRemover removePtx(ptxFile);
  if (std::error_code ec =
          sys::fs::createTemporaryFile("gemm-opt-kernel", "cubin", cubinFile))
    return createStringError(ec, "cannot create a temporary cubin file");
  FileRemover removeCubin(cubinFile);
  if (Error error = writeOutputFile(ptxFile, ptx, /*text=*/false))
    return error;
  Expected<std::string> report =
      assemblePtx(ptxas, ptxFile, chip, cubinFile, optLevel);
  if (!report)
    return report.takeError();
  ErrorOr<std::unique_ptr<MemoryBuffer>> cubin =
      MemoryBuffer::getFile(cubinFile, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!cubin)
    return createStringError(cubin.getError(),
                             "ptxas wrote no readable cubin " + cubinFile);
  return AssembledCubin{(*cubin)->getBuffer().str(), std::move(*report)};
}
