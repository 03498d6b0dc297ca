//===- KernelLibrary.cpp - kernels compiled ahead of time for matmul ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/KernelLibrary.h"

#include "jit/MatmulProblem.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/RuntimeError.h"
#include "runtime/bundle/JsonNestingLimit.h"
#include "runtime/bundle/OutputFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {

static constexpr uint64_t kImageAlignment = 256;
static constexpr uint64_t kMaxLibraryImageBytes = uint64_t(4) << 30;

KernelLibrary::KernelLibrary(KernelLibrary &&other) noexcept
    : kernels(std::move(other.kernels)), problems(std::move(other.problems)),
      mutex(std::move(other.mutex)), launchable(std::move(other.launchable)) {
  other.mutex = std::make_unique<std::mutex>();
}

KernelLibrary &KernelLibrary::operator=(KernelLibrary &&other) noexcept {
  kernels = std::move(other.kernels);
  problems = std::move(other.problems);
  mutex = std::move(other.mutex);
  launchable = std::move(other.launchable);
  other.mutex = std::make_unique<std::mutex>();
  return *this;
}

size_t KernelLibrary::addKernel(jit::CompiledKernel kernel) {
  auto found = find_if(kernels, [&](const jit::CompiledKernel &k) {
    return k.cacheKey == kernel.cacheKey;
  });
  if (found != kernels.end())
    return size_t(found - kernels.begin());
  kernels.push_back(std::move(kernel));
  launchable.emplace_back();
  return kernels.size() - 1;
}

void KernelLibrary::addProblem(LibraryProblem problem) {
  auto same = find_if(problems, [&](const LibraryProblem &p) {
    return p.kernelClass == problem.kernelClass && p.m == problem.m &&
           p.n == problem.n && p.k == problem.k && p.rank == problem.rank;
  });
  if (same != problems.end())
    *same = std::move(problem);
  else
    problems.push_back(std::move(problem));
}

std::vector<const LibraryProblem *>
KernelLibrary::findCandidates(StringRef kernelClass, int64_t m, int64_t n,
                              int64_t k) const {
  auto distance = [&](const LibraryProblem &p) {
    return getShapeLogDistance(p.m, p.n, p.k, m, n, k);
  };
  std::vector<std::pair<double, const LibraryProblem *>> ranked;
  for (const LibraryProblem &p : problems)
    if (p.kernelClass == kernelClass && p.rank == 0)
      ranked.push_back({distance(p), &p});
  std::stable_sort(
      ranked.begin(), ranked.end(),
      [](const auto &x, const auto &y) { return x.first < y.first; });
  std::vector<const LibraryProblem *> result;
  for (const auto &entry : ranked)
    result.push_back(entry.second);
  return result;
}

std::vector<const LibraryProblem *>
KernelLibrary::findAlternatives(StringRef kernelClass, int64_t m, int64_t n,
                                int64_t k) const {
  std::vector<const LibraryProblem *> result;
  for (const LibraryProblem &p : problems)
    if (p.kernelClass == kernelClass && p.m == m && p.n == n && p.k == k)
      result.push_back(&p);
  std::stable_sort(result.begin(), result.end(),
                   [](const LibraryProblem *x, const LibraryProblem *y) {
                     return x->rank < y->rank;
                   });
  return result;
}

Expected<std::shared_ptr<jit::GemmKernel>>
KernelLibrary::getKernel(size_t index) {
  std::lock_guard<std::mutex> guard(*mutex);
  if (index >= kernels.size())
    return makeBadInputError(formatv(
        "kernel library: no kernel {0} (it holds {1})", index, kernels.size()));
  if (!launchable[index]) {
    Expected<std::shared_ptr<jit::GemmKernel>> kernel =
        jit::GemmKernel::create(kernels[index]);
    if (!kernel)
      return kernel.takeError();
    launchable[index] = std::move(*kernel);
  }
  return launchable[index];
}

//===----------------------------------------------------------------------===//
// index.json
//===----------------------------------------------------------------------===//

namespace {
struct IndexKernel {
  std::string name, cacheKey;
  uint64_t offset = 0, size = 0;
  const json::Object *entry = nullptr;
};

bool fromJSON(const json::Value &value, IndexKernel &kernel, json::Path path) {
  json::ObjectMapper o(value, path);
  if (!o || !o.map("name", kernel.name) ||
      !o.map("cache_key", kernel.cacheKey) || !o.map("offset", kernel.offset) ||
      !o.map("size", kernel.size))
    return false;
  kernel.entry = value.getAsObject()->getObject("entry");
  if (!kernel.entry) {
    path.field("entry").report("expected an object (a bundle kernel entry)");
    return false;
  }
  return true;
}
} // namespace

static bool fromJSON(const json::Value &value, LibraryProblem &problem,
                     json::Path path) {
  json::ObjectMapper o(value, path);
  uint64_t kernel = 0;
  if (!o || !o.map("class", problem.kernelClass) || !o.map("m", problem.m) ||
      !o.map("n", problem.n) || !o.map("k", problem.k) ||
      !o.map("kernel", kernel) || !o.map("schedule", problem.schedule) ||
      !o.map("reason", problem.reason) || !o.mapOptional("rank", problem.rank) ||
      !o.mapOptional("candidate", problem.candidate))
    return false;
  problem.kernel = size_t(kernel);
  return true;
}

static std::string getPath(StringRef directory, StringRef file) {
  SmallString<256> path(directory);
  sys::path::append(path, file);
  return path.str().str();
}

Expected<KernelLibrary> KernelLibrary::load(StringRef directory) {
  std::string indexPath = getPath(directory, "index.json");
  Expected<std::unique_ptr<MemoryBuffer>> indexText = readBoundedRegularFile(
      indexPath, "kernel library index", kMaxBundleJsonBytes, /*isText=*/true);
  if (!indexText)
    return indexText.takeError();
  Expected<json::Value> document =
      parseJsonWithNestingLimit((*indexText)->getBuffer());
  if (!document)
    return addErrorContext(document.takeError(), indexPath);

  std::string format;
  std::vector<IndexKernel> indexKernels;
  KernelLibrary library;
  json::Path::Root root(indexPath);
  json::ObjectMapper o(*document, root);
  if (!o || !o.map("format", format) || !o.map("kernels", indexKernels) ||
      !o.map("problems", library.problems))
    return makeBadInputError(toString(root.getError()));
  if (format != FormatName)
    return makeBadFieldError(
        indexPath, "format",
        formatv("is '{0}', expected '{1}'", format, FormatName));

  std::string imagePath = getPath(directory, "kernels.cubin");
  Expected<std::unique_ptr<MemoryBuffer>> images =
      readBoundedRegularFile(imagePath, "kernel library images",
                             kMaxLibraryImageBytes, /*isText=*/false);
  if (!images)
    return images.takeError();
  StringRef imageBytes = (*images)->getBuffer();

  for (auto [index, k] : enumerate(indexKernels)) {
    std::string context = formatv("{0}: kernel {1}", indexPath, index).str();
    if (k.size == 0 || k.offset > imageBytes.size() ||
        k.size > imageBytes.size() - k.offset)
      return makeBadFieldError(
          context, "size",
          formatv("{0} at offset {1} runs past kernels.cubin ({2} bytes)",
                  k.size, k.offset, imageBytes.size()));
    jit::CompiledKernel compiled;
    compiled.cacheKey = k.cacheKey;
    raw_string_ostream(compiled.bundleEntry)
        << json::Value(json::Object(*k.entry));
    compiled.cubin = imageBytes.substr(k.offset, k.size).str();
    // The launch metadata parses now, so a bad entry fails the load.
    Expected<std::shared_ptr<jit::GemmKernel>> kernel =
        jit::GemmKernel::create(compiled);
    if (!kernel)
      return addErrorContext(kernel.takeError(), context);
    library.kernels.push_back(std::move(compiled));
    library.launchable.push_back(std::move(*kernel));
  }
  for (auto [index, p] : enumerate(library.problems)) {
    std::string context = formatv("{0}: problem {1}", indexPath, index).str();
    if (p.kernel >= library.kernels.size())
      return makeBadFieldError(
          context, "kernel",
          formatv("is {0}, but the library holds {1} kernels", p.kernel,
                  library.kernels.size()));
    if (p.rank < 0)
      return makeBadFieldError(context, "rank", "is negative");
    if (p.m <= 0 || p.n <= 0 || p.k <= 0)
      return makeBadFieldError(
          context, "m",
          formatv("{0}x{1}x{2} is not a positive shape", p.m, p.n, p.k));
  }
  return std::move(library);
}

Error KernelLibrary::save(StringRef directory) const {
  if (std::error_code ec = sys::fs::create_directories(directory))
    return makeBadInputError(
        formatv("cannot create '{0}': {1}", directory, ec.message()));
  std::string images;
  json::Array indexKernels;
  for (const jit::CompiledKernel &k : kernels) {
    images.resize(alignTo(images.size(), kImageAlignment), '\0');
    Expected<json::Value> entry = json::parse(k.bundleEntry);
    if (!entry)
      return entry.takeError();
    Expected<std::shared_ptr<jit::GemmKernel>> kernel =
        jit::GemmKernel::create(k);
    if (!kernel)
      return kernel.takeError();
    Expected<const runtime::KernelSpec &> spec = (*kernel)->getSpec();
    if (!spec)
      return spec.takeError();
    indexKernels.push_back(json::Object{{"name", spec->name},
                                        {"cache_key", k.cacheKey},
                                        {"offset", uint64_t(images.size())},
                                        {"size", uint64_t(k.cubin.size())},
                                        {"entry", std::move(*entry)}});
    images += k.cubin;
  }
  json::Array indexProblems;
  for (const LibraryProblem &p : problems)
    indexProblems.push_back(json::Object{{"class", p.kernelClass},
                                         {"m", p.m},
                                         {"n", p.n},
                                         {"k", p.k},
                                         {"kernel", uint64_t(p.kernel)},
                                         {"schedule", p.schedule},
                                         {"reason", p.reason},
                                         {"rank", p.rank},
                                         {"candidate", p.candidate}});
  json::Object index{{"format", FormatName},
                     {"kernels", std::move(indexKernels)},
                     {"problems", std::move(indexProblems)}};
  std::string text;
  raw_string_ostream os(text);
  os << formatv("{0:2}", json::Value(std::move(index))) << "\n";
  if (Error error = writeOutputFile(getPath(directory, "kernels.cubin"), images,
                                    /*text=*/false))
    return error;
  return writeOutputFile(getPath(directory, "index.json"), text);
}

} // namespace gemm_opt
