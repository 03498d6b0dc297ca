//===- GemmJit.cpp - compile GEMM schedules in-process --------------------===//

#include "jit/GemmJit.h"

#include "compiler/ScheduleCompilation.h"
#include "jit/CacheKey.h"
#include "jit/CompilerVersion.h"
#include "jit/CubinCompiler.h"

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
      diskCache.emplace(std::move(directory));
  }
}

GemmJit::~GemmJit() = default;

JitStatistics GemmJit::getStatistics() const {
  return {compiles.load(), memoryHits.load(), diskHits.load(),
          corruptEntries.load()};
}

std::shared_ptr<std::mutex> GemmJit::getKeyMutex(StringRef cacheKey) {
  std::lock_guard<std::mutex> guard(mutex);
  std::shared_ptr<std::mutex> &keyMutex = keyMutexes[cacheKey];
  if (!keyMutex)
    keyMutex = std::make_shared<std::mutex>();
  return keyMutex;
}

void GemmJit::remember(StringRef requestKey, StringRef cacheKey,
                       const std::shared_ptr<GemmKernel> &kernel) {
  std::lock_guard<std::mutex> guard(mutex);
  byRequest[requestKey] = kernel;
  byCacheKey[cacheKey] = kernel;
}

Expected<std::shared_ptr<GemmKernel>> GemmJit::compile(StringRef scheduleText,
                                                       StringRef name) {
  // The request as given: a repeated compile of the same text is a map
  // lookup, no parse.
  std::string requestKey =
      (options.chip + "\n" + Twine(options.optLevel) + "\n" +
       Twine(options.ptxasOptLevel) + "\n" + scheduleText)
          .str();
  if (cacheEnabled) {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = byRequest.find(requestKey);
    if (found != byRequest.end()) {
      ++memoryHits;
      return found->second;
    }
  }

  // A request this compiler answered before, maybe in another process: the
  // disk alias names its kernel without a parse.
  std::string aliasKey = requestKey + "\n" + getCompilerVersion();
  if (cacheEnabled && diskCache) {
    if (std::optional<std::string> cacheKey = diskCache->readAlias(aliasKey)) {
      std::string corruption;
      std::optional<CompiledKernel> compiled =
          diskCache->read(*cacheKey, &corruption);
      if (!corruption.empty())
        ++corruptEntries; // Removed; compiled again below.
      if (compiled) {
        Expected<std::shared_ptr<GemmKernel>> kernel =
            GemmKernel::create(std::move(*compiled));
        if (kernel) {
          ++diskHits;
          remember(requestKey, *cacheKey, *kernel);
          return kernel;
        }
        consumeError(kernel.takeError()); // Compile it again below.
      }
    }
  }

  Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(scheduleText, name);
  if (!compilation)
    return compilation.takeError();
  std::string cacheKey =
      makeCacheKey((*compilation)->getCanonicalText(), options.chip,
                   options.optLevel, options.ptxasOptLevel);
  CubinCompileSettings settings{options.chip, options.optLevel,
                                options.ptxasOptLevel, options.ptxasPath};
  auto compileNow = [&]() -> Expected<CompiledKernel> {
    ++compiles;
    return compileToCubin(**compilation, settings, cacheKey);
  };
  if (!cacheEnabled) {
    Expected<CompiledKernel> compiled = compileNow();
    if (!compiled)
      return compiled.takeError();
    return GemmKernel::create(std::move(*compiled));
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
  Expected<CompiledKernel> compiled = [&]() -> Expected<CompiledKernel> {
    if (!diskCache)
      return compileNow();
    DiskCacheOutcome outcome;
    Expected<CompiledKernel> kernel =
        diskCache->getOrCompile(cacheKey, compileNow, outcome);
    if (kernel && outcome == DiskCacheOutcome::Hit)
      ++diskHits;
    if (kernel && outcome == DiskCacheOutcome::RebuiltCorrupt)
      ++corruptEntries;
    return kernel;
  }();
  if (!compiled)
    return compiled.takeError();
  Expected<std::shared_ptr<GemmKernel>> kernel =
      GemmKernel::create(std::move(*compiled));
  if (!kernel)
    return kernel.takeError();
  remember(requestKey, cacheKey, *kernel);
  if (diskCache) // Best effort: without the alias the next process parses.
    consumeError(diskCache->writeAlias(aliasKey, cacheKey));
  return kernel;
}

Expected<std::shared_ptr<GemmKernel>>
GemmJit::compile(const ScheduleDescription &schedule) {
  return compile(renderScheduleModule(schedule), schedule.name);
}

Expected<std::shared_ptr<GemmKernel>>
GemmJit::compileFor(const ProblemDescription &problem,
                    StringRef scheduleText) {
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
