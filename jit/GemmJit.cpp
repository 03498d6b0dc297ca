//===- GemmJit.cpp - compile GEMM schedules in-process --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/GemmJit.h"

#include "compiler/ScheduleCompilation.h"
#include "jit/CacheKey.h"
#include "jit/CubinCompiler.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

GemmJit::GemmJit(JitOptions options)
    : options(std::move(options)),
      cacheEnabled(this->options.enableCache && isCacheEnabledByEnvironment()) {
  if (!this->options.chooser)
    this->options.chooser = std::make_shared<RequestedScheduleChooser>();
  if (cacheEnabled && this->options.enableDiskCache) {
    std::string directory = this->options.cacheDirectory.empty()
                                ? DiskCache::getDefaultDirectory()
                                : this->options.cacheDirectory;
    if (!directory.empty())
      diskCache.emplace(std::move(directory), this->options.cacheLockTimeout);
  }
}

GemmJit::~GemmJit() = default;

GemmKernelOptions GemmJit::getKernelOptions() const {
  GemmKernelOptions kernelOptions;
  kernelOptions.argumentSetLimit = options.argumentSetLimit;
  return kernelOptions;
}

JitStatistics GemmJit::getStatistics() const {
  return {compiles.load(), memoryHits.load(), diskHits.load(),
          corruptEntries.load()};
}

void GemmJit::warn(StringRef message) const {
  if (options.warningHandler)
    options.warningHandler(message);
  else
    errs() << "gemm-opt: warning: " << message << "\n";
}

void GemmJit::reportDiskTrouble(const DiskCacheAnswer &answer) {
  if (!answer.staleLock.empty())
    warn("kernel cache: " + answer.staleLock);
  if (!answer.notStored.empty() && !warnedNotStored.exchange(true))
    warn("kernel cache: " + answer.notStored +
         "; compiled kernels stay in memory only");
}

std::shared_ptr<std::mutex> GemmJit::getKeyMutex(StringRef cacheKey) {
  std::lock_guard<std::mutex> guard(mutex);
  std::shared_ptr<std::mutex> &keyMutex = keyMutexes[cacheKey];
  if (!keyMutex)
    keyMutex = std::make_shared<std::mutex>();
  return keyMutex;
}

std::shared_ptr<GemmKernel>
GemmJit::remember(StringRef requestKey,
                  const std::shared_ptr<GemmKernel> &kernel) {
  std::lock_guard<std::mutex> guard(mutex);
  // The first kernel remembered for a cache key stays: one object per key.
  std::shared_ptr<GemmKernel> &kept =
      byCacheKey[kernel->getCompiled().cacheKey];
  if (!kept)
    kept = kernel;
  byRequest[requestKey] = kept;
  return kept;
}

Expected<std::shared_ptr<GemmKernel>> GemmJit::compile(StringRef scheduleText,
                                                       StringRef name) {
  // The request as given: a repeated compile of the same text is a map
  // lookup, no parse; in another process, one disk read.
  std::string requestKey = makeCacheKey(scheduleText, options);
  if (cacheEnabled) {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = byRequest.find(requestKey);
    if (found != byRequest.end()) {
      ++memoryHits;
      return found->second;
    }
  }

  // Counted once per request, though a corrupt file may be seen under both
  // its names.
  bool countedCorrupt = false;
  if (cacheEnabled && diskCache) {
    std::string corruption;
    std::optional<CompiledKernel> compiled =
        diskCache->readRequest(requestKey, &corruption);
    if (compiled) {
      ++diskHits;
      return remember(requestKey,
                      GemmKernel::createParsedLater(std::move(*compiled),
                                                    getKernelOptions()));
    }
    if (!corruption.empty()) {
      ++corruptEntries; // Removed; found by the cache key or compiled below.
      countedCorrupt = true;
    }
  }

  Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(scheduleText, name);
  if (!compilation)
    return compilation.takeError();
  std::string cacheKey =
      makeCacheKey((*compilation)->getCanonicalText(), options);
  CubinCompileSettings settings{options.chip, options.optLevel,
                                options.ptxasOptLevel, options.ptxasPath,
                                options.tensorMapsByValue};
  // Parses the launch metadata of what it compiles: only kernels whose
  // metadata parses are stored, so a disk hit need not parse it.
  std::shared_ptr<GemmKernel> fresh;
  auto compileNow = [&]() -> Expected<CompiledKernel> {
    ++compiles;
    Expected<CompiledKernel> compiled =
        compileToCubin(**compilation, settings, cacheKey);
    if (!compiled)
      return compiled.takeError();
    Expected<std::shared_ptr<GemmKernel>> kernel =
        GemmKernel::create(*compiled, getKernelOptions());
    if (!kernel)
      return kernel.takeError();
    fresh = std::move(*kernel);
    return compiled;
  };
  if (!cacheEnabled) {
    if (Expected<CompiledKernel> compiled = compileNow(); !compiled)
      return compiled.takeError();
    return fresh;
  }

  // One compile per key in this process; the disk cache's lock file covers
  // other processes.
  std::shared_ptr<std::mutex> keyMutex = getKeyMutex(cacheKey);
  std::lock_guard<std::mutex> keyGuard(*keyMutex);
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = byCacheKey.find(cacheKey);
    if (found != byCacheKey.end()) {
      ++memoryHits;
      byRequest[requestKey] = found->second;
      return found->second;
    }
  }
  if (!diskCache) {
    if (Expected<CompiledKernel> compiled = compileNow(); !compiled)
      return compiled.takeError();
    return remember(requestKey, fresh);
  }
  DiskCacheAnswer answer;
  Expected<CompiledKernel> compiled =
      diskCache->getOrCompile(cacheKey, requestKey, compileNow, answer);
  reportDiskTrouble(answer);
  if (!compiled)
    return compiled.takeError();
  if (answer.outcome == DiskCacheOutcome::RebuiltCorrupt && !countedCorrupt)
    ++corruptEntries;
  // Compiled: stored under both names where the directory allowed.
  if (answer.outcome != DiskCacheOutcome::Hit)
    return remember(requestKey, fresh);
  ++diskHits;
  // Found under its cache key: give this spelling a request file of its
  // own. Best effort: without it the next process parses.
  consumeError(diskCache->writeRequest(*compiled, requestKey));
  return remember(requestKey, GemmKernel::createParsedLater(
                                  std::move(*compiled), getKernelOptions()));
}

Expected<std::shared_ptr<GemmKernel>>
GemmJit::compile(const ScheduleDescription &schedule) {
  return compile(renderScheduleModule(schedule), schedule.name);
}

Expected<std::shared_ptr<GemmKernel>>
GemmJit::compileFor(const ProblemDescription &problem, StringRef scheduleText) {
  Expected<std::string> chosen =
      options.chooser->chooseSchedule(problem, scheduleText);
  if (!chosen)
    return chosen.takeError();
  return compile(*chosen);
}

Error GemmJit::clearCache() {
  {
    std::lock_guard<std::mutex> guard(mutex);
    byRequest.clear();
    byCacheKey.clear();
  }
  if (diskCache)
    return diskCache->clear();
  return Error::success();
}

} // namespace jit
} // namespace gemm_opt
