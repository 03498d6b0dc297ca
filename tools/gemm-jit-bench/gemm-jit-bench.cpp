//===- gemm-jit-bench.cpp - how long the JIT takes (CPU only) -------------===//
//
//   gemm-jit-bench examples/gemm_bf16_sm90.mlir ... [--runs 5]
//
// For each schedule: the DSL → cubin compile with the cache off (median of
// --runs), split into parse, lower-to-nvvm + NVPTX (PTX) and ptxas; then a
// memory-cache hit (median over 1000 calls) and a disk-cache hit (a fresh
// GemmJit per call: alias and entry read, checksums, launch metadata parsed;
// median over 200 calls).
// Prints a markdown table.
//
//===----------------------------------------------------------------------===//

#include "compiler/PtxAssembler.h"
#include "compiler/ScheduleCompilation.h"
#include "jit/GemmJit.h"
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

#include <algorithm>
#include <chrono>
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
static cl::opt<int> ptxasOptLevel("ptxas-opt-level", cl::init(3),
                                  cl::desc("ptxas optimization level"));

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
  auto cubin = assemblePtxText(ptxas, kernels->front().ptx,
                               kernels->front().metadata.chip, ptxasOptLevel);
  if (!cubin)
    fatal(cubin.takeError());
  times.ptxas = secondsSince(ptxasStart);
  times.total = secondsSince(start);
  times.cpu = cpuSeconds() - cpuStart;
  return times;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "gemm-jit-bench\n");
  Expected<std::string> ptxas = findPtxas("");
  if (!ptxas)
    fatal(ptxas.takeError());

  outs() << "| schedule | compile (median wall) | CPU (self + ptxas) | "
            "parse | lower + PTX | ptxas | through GemmJit, cache off | "
            "memory hit | disk hit |\n"
         << "|---|---|---|---|---|---|---|---|---|\n";
  for (const std::string &input : inputs) {
    auto buffer = MemoryBuffer::getFile(input);
    if (!buffer)
      fatal(createStringError(buffer.getError(), "cannot read " + input));
    std::string text = (*buffer)->getBuffer().str();
    StringRef name = sys::path::filename(input);

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
    uncached.ptxasOptLevel = ptxasOptLevel;
    GemmJit coldJit(uncached);
    for (unsigned i = 0; i < runs; ++i) {
      Clock::time_point start = Clock::now();
      auto kernel = coldJit.compile(text, name);
      if (!kernel)
        fatal(kernel.takeError());
      jitCold.push_back(secondsSince(start));
    }

    SmallString<128> cacheDirectory;
    if (std::error_code ec =
            sys::fs::createUniqueDirectory("gemm-jit-bench", cacheDirectory))
      fatal(createStringError(ec, "cannot create a cache directory"));
    JitOptions cached;
    cached.cacheDirectory = std::string(cacheDirectory);
    cached.optLevel = optLevel;
    cached.ptxasOptLevel = ptxasOptLevel;
    GemmJit warmJit(cached);
    if (auto kernel = warmJit.compile(text, name); !kernel)
      fatal(kernel.takeError());
    std::vector<double> memoryHits;
    for (unsigned i = 0; i < 1000; ++i) {
      Clock::time_point start = Clock::now();
      auto kernel = warmJit.compile(text, name);
      memoryHits.push_back(secondsSince(start));
      if (!kernel)
        fatal(kernel.takeError());
    }
    std::vector<double> diskHits;
    for (unsigned i = 0; i < 200; ++i) {
      GemmJit freshJit(cached);
      Clock::time_point start = Clock::now();
      auto kernel = freshJit.compile(text, name);
      diskHits.push_back(secondsSince(start));
      if (!kernel)
        fatal(kernel.takeError());
      if (freshJit.getStatistics().diskHits != 1)
        fatal(createStringError("expected a disk hit"));
    }
    (void)sys::fs::remove_directories(cacheDirectory);

    outs() << "| " << name << " | "
           << format("%.3f s | %.3f s | %.3f s | %.3f s | %.3f s | %.3f s | "
                     "%.1f us | %.2f ms |",
                     median(total), median(cpu), median(parse), median(ptx),
                     median(assemble), median(jitCold),
                     median(memoryHits) * 1e6, median(diskHits) * 1e3)
           << "\n";
    outs().flush();
  }
  return 0;
}
