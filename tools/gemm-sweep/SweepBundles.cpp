//===- SweepBundles.cpp - Every kernel of an artifacts directory ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepBundles.h"

#include "runtime/RuntimeError.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <utility>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

Expected<const KernelImages *> SweepKernel::getImages() {
  if (!images) {
    Expected<KernelImages> read = readKernelImages(*spec);
    if (!read)
      return read.takeError();
    images = std::move(*read);
  }
  return &*images;
}

std::vector<size_t> SweepBundles::getFp8Kernels() const {
  std::vector<size_t> indices;
  for (size_t i = 0; i < targetKernels; ++i)
    if (kernels[i].spec->scaling)
      indices.push_back(i);
  return indices;
}

std::vector<SweepTarget> SweepBundles::getTargets() const {
  std::vector<SweepTarget> targets;
  for (const SweepKernel &kernel : ArrayRef(kernels).take_front(targetKernels)) {
    // A kernel with a whole-tile variant takes any shape; aimed cases (whole
    // tiles, aligned views) go to its variant's tiles, so that they run it.
    // Cases take the layouts of the GEMM as compiled (a kernel compiled
    // with A and B exchanged runs them as its transposed problem).
    const KernelSpec &spec = *kernel.spec;
    // FP8 kernels take scales, which the sweep's problems do not have
    // (runProblem refuses them): they get cases of their own
    // (Fp8SweepCase.h).
    if (spec.scaling)
      continue;
    ProblemTile tile = spec.wholeTileVariant
                           ? spec.wholeTileVariant->requiresDivisible
                           : spec.requiresDivisible;
    if (spec.sourceLayouts)
      std::swap(tile.m, tile.n);
    targets.push_back({tile, spec.aType, spec.bType, spec.cType, spec.getSourceLayouts(),
                       spec.stridedBatch});
  }
  return targets;
}

namespace {
Expected<std::vector<std::string>> findBundleFiles(StringRef directory) {
  if (!sys::fs::is_directory(directory))
    return makeBadInputError("'" + directory + "' is not a directory");
  std::vector<std::string> paths;
  SmallString<256> own(directory);
  sys::path::append(own, "kernel.json");
  if (sys::fs::exists(own))
    paths.push_back(std::string(own));
  std::error_code ec;
  for (sys::fs::directory_iterator it(directory, ec), end; it != end && !ec;
       it.increment(ec)) {
    SmallString<256> candidate(it->path());
    sys::path::append(candidate, "kernel.json");
    if (sys::fs::is_directory(it->path()) && sys::fs::exists(candidate))
      paths.push_back(std::string(candidate));
  }
  if (ec)
    return makeBadInputError("cannot read '" + directory + "': " +
                             ec.message());
  std::sort(paths.begin(), paths.end());
  if (paths.empty())
    return makeBadInputError("no kernel bundle (kernel.json) in '" +
                             directory + "' or its subdirectories");
  return std::move(paths);
}
} // namespace

namespace {
/// Loads the bundles at `paths` into `result`; their grouped kernels go to
/// `groupedKernels` where `keepGrouped` (the artifacts directory's), else
/// nowhere (a cover bundle's).
void appendBundles(SweepBundles &result, ArrayRef<std::string> paths,
                   bool keepGrouped) {
  for (const std::string &path : paths) {
    Expected<KernelBundle> bundle = loadKernelBundle(path);
    if (!bundle) {
      result.loadErrors.push_back(toString(bundle.takeError()));
      continue;
    }
    // Transpose bundles (transpose-run's) compute no GEMM: not the sweep's.
    if (llvm::all_of(bundle->kernels, [](const KernelSpec &spec) {
          return spec.kind == KernelKind::Transpose;
        }))
      continue;
    auto owned = std::make_unique<KernelBundle>(std::move(*bundle));
    std::vector<KernelCapabilities> capabilities =
        getBundleCapabilities(*owned);
    for (auto [spec, declared] : zip(owned->kernels, capabilities)) {
      // Grouped kernels need group counts the ordinary cases do not have.
      if (spec.grouped) {
        if (keepGrouped)
          result.groupedKernels.push_back({path, &spec, std::nullopt});
        continue;
      }
      result.kernels.push_back({path, &spec, std::nullopt});
      result.capabilities.push_back(std::move(declared));
    }
    result.bundles.push_back(std::move(owned));
  }
}
} // namespace

Expected<SweepBundles> loadSweepBundles(StringRef directory) {
  Expected<std::vector<std::string>> paths = findBundleFiles(directory);
  if (!paths)
    return paths.takeError();
  SweepBundles result;
  appendBundles(result, *paths, /*keepGrouped=*/true);
  result.targetKernels = result.kernels.size();
  return std::move(result);
}

Error SweepBundles::addCoverBundles(StringRef directory) {
  Expected<std::vector<std::string>> paths = findBundleFiles(directory);
  if (!paths)
    return paths.takeError();
  appendBundles(*this, *paths, /*keepGrouped=*/false);
  return Error::success();
}

} // namespace sweep
} // namespace gemm_opt
