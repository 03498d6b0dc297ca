//===- gemm-jit-bench.cpp - how long the JIT takes (CPU only) -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-jit-bench examples/gemm_bf16_sm90.mlir ... [--runs 5] [--hits 200]
//                  [--cache-only]
//
// For each schedule: the DSL → cubin compile with the cache off (median of
// --runs), split into parse, lower-to-nvvm + NVPTX (PTX) and ptxas; then a
// memory-cache hit (median over 1000 calls) and a disk-cache hit (a fresh
// GemmJit per call: one request file read, its checksum checked; median over
// --hits calls, wall and thread CPU time).
// Prints a markdown table, then a table splitting the disk hit into its
// steps, each timed alone (median over --hits calls). --cache-only skips
// the compile timings.
//
//===----------------------------------------------------------------------===//

#include "compiler/PtxAssembler.h"
#include "compiler/ScheduleCompilation.h"
#include "jit/CacheEntryFormat.h"
#include "jit/CacheKey.h"
#include "jit/GemmJit.h"
#include "tools/ToolVersion.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <vector>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::jit;

static cl::list<std::string> inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<schedule.mlir>..."));
static cl::opt<unsigned> runs("runs", cl::init(5),
                              cl::desc("Timed compiles per schedule"));
static cl::opt<int> optLevel("opt-level", cl::init(3),
                             cl::desc("LLVM optimization level"));
static cl::opt<int>
    ptxasOptLevel("ptxas-opt-level", cl::init(3),
                  cl::desc("ptxas optimization level (default: each "
                           "kernel's own, as the JIT's)"));

/// --ptxas-opt-level if given, else none: the kernel's own.
static std::optional<int> requestedPtxasOptLevel() {
  if (ptxasOptLevel.getNumOccurrences())
    return ptxasOptLevel.getValue();
  return std::nullopt;
}
static cl::opt<unsigned> hits("hits", cl::init(200),
                              cl::desc("Timed disk-cache hits per schedule"));
static cl::opt<bool> cacheOnly("cache-only",
                               cl::desc("Time only the cache hits"));

using Clock = std::chrono::steady_clock;

static double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// CPU seconds (user + system) of this process and its waited-for children
/// (ptxas): on a machine shared with other builds, wall time overstates what
/// an idle machine would take; CPU time does not.
static double cpuSeconds() {
  double total = 0;
  for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    struct rusage usage;
    getrusage(who, &usage);
    total += usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 +
             usage.ru_stime.tv_sec + usage.ru_stime.tv_usec * 1e-6;
  }
  return total;
}

/// CPU seconds of this thread (precise, unlike getrusage's ticks).
static double threadCpuSeconds() {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

static double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static void fatal(Error error) {
  WithColor::error(errs(), "gemm-jit-bench") << toString(std::move(error))
                                             << "\n";
  exit(1);
}

struct PhaseTimes {
  double parse = 0, ptx = 0, ptxas = 0, total = 0, cpu = 0;
};

/// One uncached compile, phase by phase, as GemmJit does it.
static PhaseTimes compileOnce(StringRef text, StringRef name,
                              StringRef ptxas) {
  PhaseTimes times;
  double cpuStart = cpuSeconds();
  Clock::time_point start = Clock::now();
  auto compilation = ScheduleCompilation::parse(text, name);
  if (!compilation)
    fatal(compilation.takeError());
  times.parse = secondsSince(start);
  Clock::time_point ptxStart = Clock::now();
  PtxCompileOptions options;
  options.optLevel = optLevel;
  auto kernels = (*compilation)->compileToPtx(options);
  if (!kernels)
    fatal(kernels.takeError());
  times.ptx = secondsSince(ptxStart);
  Clock::time_point ptxasStart = Clock::now();
  const PtxKernel &kernel = kernels->front();
  auto cubin = assemblePtxText(
      ptxas, kernel.ptx, kernel.metadata.chip,
      requestedPtxasOptLevel().value_or(kernel.metadata.ptxasOptLevel));
  if (!cubin)
    fatal(cubin.takeError());
  times.ptxas = secondsSince(ptxasStart);
  times.total = secondsSince(start);
  times.cpu = cpuSeconds() - cpuStart;
  return times;
}

/// Calls `step` `count` times; the median wall seconds of one call.
static double timeStep(unsigned count, function_ref<void()> step) {
  std::vector<double> times;
  for (unsigned i = 0; i < count; ++i) {
    Clock::time_point start = Clock::now();
    step();
    times.push_back(secondsSince(start));
  }
  return median(times);
}

struct HitTimes {
  double memory = 0, diskWall = 0, diskCpu = 0;
  size_t fileBytes = 0; ///< Of the file a disk hit reads.
  std::vector<std::pair<std::string, double>> steps; ///< Of a disk hit.
};

/// The steps of a disk hit as GemmJit takes them, each timed alone; then
/// what the hit leaves for later (the launch metadata parse, at first use).
static std::vector<std::pair<std::string, double>>
breakDownDiskHit(const GemmJit &jit, const JitOptions &options, StringRef text,
                 double wholeHit, size_t &fileBytes) {
  const DiskCache &cache = *jit.getDiskCache();
  std::string requestKey = makeCacheKey(text, options);
  std::string path = cache.getRequestPath(requestKey);
  SmallVector<char, 0> buffer;
  if (!readCacheFile(path, buffer))
    fatal(createStringError("no request file on disk"));
  StringRef bytes(buffer.data(), buffer.size());
  fileBytes = bytes.size();
  Expected<CacheEntry> entry = deserializeCacheEntry(bytes);
  if (!entry)
    fatal(entry.takeError());

  std::vector<std::pair<std::string, double>> steps;
  steps.emplace_back("request key (text, options, compiler)",
                     timeStep(hits, [&] {
                       std::string key = makeCacheKey(text, options);
                       (void)key;
                     }));
  steps.emplace_back("file path (xxh3_128 of the key)", timeStep(hits, [&] {
                       std::string name = cache.getRequestPath(requestKey);
                       (void)name;
                     }));
  steps.emplace_back("one file read (open, fstat, read, close)",
                     timeStep(hits, [&] {
                       SmallVector<char, 0> read;
                       if (!readCacheFile(path, read))
                         fatal(createStringError("request file vanished"));
                     }));
  steps.emplace_back("size, checksum, fields, key compare", timeStep(hits, [&] {
                       Expected<CacheEntry> checked =
                           deserializeCacheEntry(bytes);
                       if (!checked || checked->requestKey != requestKey)
                         fatal(createStringError("entry does not check"));
                     }));
  double sum = 0;
  for (auto &step : steps)
    sum += step.second;
  steps.emplace_back("rest: GemmKernel, memory cache (whole - steps)",
                     wholeHit - sum);
  steps.emplace_back(
      "later, at first use: launch metadata parse", timeStep(hits, [&] {
        if (auto kernel = GemmKernel::create(entry->kernel); !kernel)
          fatal(kernel.takeError());
      }));
  return steps;
}

static HitTimes timeHits(StringRef text, StringRef name) {
  SmallString<128> cacheDirectory;
  if (std::error_code ec =
          sys::fs::createUniqueDirectory("gemm-jit-bench", cacheDirectory))
    fatal(createStringError(ec, "cannot create a cache directory"));
  JitOptions cached;
  cached.cacheDirectory = std::string(cacheDirectory);
  cached.optLevel = optLevel;
  cached.ptxasOptLevel = requestedPtxasOptLevel();
  GemmJit warmJit(cached);
  if (auto kernel = warmJit.compile(text, name); !kernel)
    fatal(kernel.takeError());
  HitTimes times;
  times.memory = timeStep(1000, [&] {
    if (auto kernel = warmJit.compile(text, name); !kernel)
      fatal(kernel.takeError());
  });
  std::vector<double> wall, cpu;
  for (unsigned i = 0; i < hits; ++i) {
    GemmJit freshJit(cached);
    double cpuStart = threadCpuSeconds();
    Clock::time_point start = Clock::now();
    auto kernel = freshJit.compile(text, name);
    wall.push_back(secondsSince(start));
    cpu.push_back(threadCpuSeconds() - cpuStart);
    if (!kernel)
      fatal(kernel.takeError());
    if (freshJit.getStatistics().diskHits != 1)
      fatal(createStringError("expected a disk hit"));
  }
  times.diskWall = median(wall);
  times.diskCpu = median(cpu);
  times.steps =
      breakDownDiskHit(warmJit, cached, text, times.diskWall, times.fileBytes);
  (void)sys::fs::remove_directories(cacheDirectory);
  return times;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  gemm_opt::setToolVersionPrinter();
  cl::ParseCommandLineOptions(argc, argv, "gemm-jit-bench\n");
  Expected<std::string> ptxas = findPtxas("");
  if (!ptxas)
    fatal(ptxas.takeError());

  double load[3] = {0, 0, 0};
  (void)getloadavg(load, 3);
  outs() << "load average "
         << format("%.2f %.2f %.2f", load[0], load[1], load[2]) << "\n\n";
  if (!cacheOnly)
    outs() << "| schedule | compile (median wall) | CPU (self + ptxas) | "
              "parse | lower + PTX | ptxas | through GemmJit, cache off | "
              "memory hit | disk hit (wall) | disk hit (CPU) |\n"
           << "|---|---|---|---|---|---|---|---|---|---|\n";
  else
    outs() << "| schedule | memory hit | disk hit (wall) | disk hit (CPU) "
              "|\n|---|---|---|---|\n";
  std::vector<std::pair<std::string, HitTimes>> allHits;
  for (const std::string &input : inputs) {
    auto buffer = MemoryBuffer::getFile(input);
    if (!buffer)
      fatal(createStringError(buffer.getError(), "cannot read " + input));
    std::string text = (*buffer)->getBuffer().str();
    StringRef name = sys::path::filename(input);

    outs() << "| " << name << " | ";
    if (!cacheOnly) {
      std::vector<double> total, parse, ptx, assemble, jitCold, cpu;
      for (unsigned i = 0; i < runs; ++i) {
        PhaseTimes times = compileOnce(text, name, *ptxas);
        total.push_back(times.total);
        parse.push_back(times.parse);
        ptx.push_back(times.ptx);
        assemble.push_back(times.ptxas);
        cpu.push_back(times.cpu);
      }
      JitOptions uncached;
      uncached.enableCache = false;
      uncached.optLevel = optLevel;
      uncached.ptxasOptLevel = requestedPtxasOptLevel();
      GemmJit coldJit(uncached);
      for (unsigned i = 0; i < runs; ++i) {
        Clock::time_point start = Clock::now();
        auto kernel = coldJit.compile(text, name);
        if (!kernel)
          fatal(kernel.takeError());
        jitCold.push_back(secondsSince(start));
      }
      outs() << format("%.3f s | %.3f s | %.3f s | %.3f s | %.3f s | %.3f s | ",
                       median(total), median(cpu), median(parse), median(ptx),
                       median(assemble), median(jitCold));
    }
    HitTimes hitTimes = timeHits(text, name);
    outs() << format("%.2f us | %.1f us | %.1f us |", hitTimes.memory * 1e6,
                     hitTimes.diskWall * 1e6, hitTimes.diskCpu * 1e6)
           << "\n";
    outs().flush();
    allHits.emplace_back(name.str(), std::move(hitTimes));
  }

  // The disk hit, step by step (each step timed alone, wall).
  outs() << "\n| disk hit step |";
  for (auto &[name, times] : allHits)
    outs() << " " << name << " |";
  outs() << "\n|---|";
  for (size_t i = 0; i < allHits.size(); ++i)
    outs() << "---|";
  outs() << "\n";
  for (size_t step = 0; step < allHits.front().second.steps.size(); ++step) {
    outs() << "| " << allHits.front().second.steps[step].first << " |";
    for (auto &[name, times] : allHits)
      outs() << format(" %.2f us |", times.steps[step].second * 1e6);
    outs() << "\n";
  }
  outs() << "| whole disk hit through GemmJit |";
  for (auto &[name, times] : allHits)
    outs() << format(" %.2f us |", times.diskWall * 1e6);
  outs() << "\n| (the file read) |";
  for (auto &[name, times] : allHits)
    outs() << format(" %.1f KB |", times.fileBytes / 1024.0);
  outs() << "\n";
  return 0;
}
