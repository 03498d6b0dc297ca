//===- BundleCompiler.cpp - candidates to kernel bundles in parallel ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// gemm-translate runs as a subprocess per candidate: the same pipeline as a
// hand-written schedule, its crashes isolated, and its MLIR context not
// shared between threads.
//
//===----------------------------------------------------------------------===//

#include "BundleCompiler.h"
#include "runtime/bundle/OutputFile.h"
#include "runtime/bundle/JsonNestingLimit.h"

#include "ProgressBar.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"

using namespace llvm;
using namespace gemm_opt::tune;

static std::string joinPath(StringRef directory, StringRef sub,
                            StringRef name = "") {
  SmallString<256> path(directory);
  sys::path::append(path, sub);
  if (!name.empty())
    sys::path::append(path, name);
  return std::string(path);
}

/// Drops the PTX of the bundle at `bundlePath`: every kernel's "ptx" field
/// and the file it names (next to the bundle).
static Error removePtx(StringRef bundlePath) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> text =
      MemoryBuffer::getFile(bundlePath, /*IsText=*/true);
  if (!text)
    return createStringError(formatv("cannot read '{0}': {1}", bundlePath,
                                     text.getError().message()));
  Expected<json::Value> bundle =
      gemm_opt::parseJsonWithNestingLimit((*text)->getBuffer());
  if (!bundle)
    return createStringError(formatv("'{0}' is not JSON: {1}", bundlePath,
                                     toString(bundle.takeError())));
  json::Object *root = bundle->getAsObject();
  json::Array *kernels = root ? root->getArray("kernels") : nullptr;
  if (!kernels)
    return createStringError(
        formatv("'{0}' has no \"kernels\" array", bundlePath));
  StringRef bundleDir = sys::path::parent_path(bundlePath);
  for (json::Value &value : *kernels) {
    json::Object *kernel = value.getAsObject();
    std::optional<StringRef> ptx =
        kernel ? kernel->getString("ptx") : std::nullopt;
    if (!ptx)
      continue;
    if (!kernel->getString("cubin"))
      return createStringError(
          formatv("'{0}': a kernel without a cubin needs its PTX", bundlePath));
    SmallString<256> ptxPath(bundleDir);
    sys::path::append(ptxPath, *ptx);
    if (std::error_code ec = sys::fs::remove(ptxPath))
      return createStringError(
          formatv("cannot remove '{0}': {1}", ptxPath, ec.message()));
    kernel->erase("ptx");
  }
  return gemm_opt::writeOutputFile(bundlePath,
                                   formatv("{0:2}\n", *bundle).str());
}

static CompileResult compileOne(const Candidate &candidate, StringRef directory,
                                StringRef gemmTranslate, bool keepPtx) {
  CompileResult result;
  result.bundle = (Twine("bundles/") + candidate.name + "/kernel.json").str();
  std::string schedule =
      joinPath(directory, "schedules", candidate.name + ".mlir");
  std::string bundleDir = joinPath(directory, "bundles", candidate.name);
  std::string log = joinPath(directory, "logs", candidate.name + ".log");
  if (Error error = writeCandidateModule(schedule, candidate)) {
    result.error = toString(std::move(error));
    return result;
  }
  if (std::error_code ec = sys::fs::create_directories(bundleDir)) {
    result.error = "cannot create " + bundleDir + ": " + ec.message();
    return result;
  }
  std::string output = joinPath(bundleDir, "kernel.json");
  SmallVector<StringRef> args{gemmTranslate, schedule, "--to-bundle", "-o",
                              output};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string message;
  int status = sys::ExecuteAndWait(gemmTranslate, args, std::nullopt,
                                   redirects, /*SecondsToWait=*/600,
                                   /*MemoryLimit=*/0, &message);
  if (status == 0) {
    if (!keepPtx)
      if (Error error = removePtx(output)) {
        result.error = toString(std::move(error));
        return result;
      }
    result.compiled = true;
    return result;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> text = MemoryBuffer::getFile(log);
  result.error = message.empty() && text ? (*text)->getBuffer().trim().str()
                                         : message;
  if (result.error.empty())
    result.error = "gemm-translate exited with status " + std::to_string(status);
  return result;
}

std::vector<CompileResult>
gemm_opt::tune::compileBundles(const std::vector<Candidate> &candidates,
                               StringRef directory, StringRef gemmTranslate,
                               unsigned jobs, bool keepPtx) {
  std::vector<CompileResult> results(candidates.size());
  for (StringRef sub : {"schedules", "bundles", "logs"})
    sys::fs::create_directories(joinPath(directory, sub));
  ProgressBar progress(outs(), "compiling", candidates.size());
  DefaultThreadPool pool(hardware_concurrency(jobs));
  for (size_t i = 0; i < candidates.size(); ++i)
    pool.async([&, i] {
      results[i] = compileOne(candidates[i], directory, gemmTranslate, keepPtx);
      progress.advance();
    });
  pool.wait();
  return results;
}
