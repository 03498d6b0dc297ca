//===- gemm-opt-build-library.cpp - compile kernels ahead of time ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-opt-build-library --suite public|FILE -o DIR [--chip sm_90a]
//                          [--database tuning-database.json] [--explain]
//                          [--model-device h200] [--top N]
//   gemm-opt-build-library --ingest MEASUREMENTS --database DB
//
// Chooses a schedule for every problem of the suite (jit/MatmulSuite.h) as
// gemm_opt::matmul would (jit/MatmulScheduleChooser.h), compiles it, and
// writes the kernel library (jit/KernelLibrary.h) that a MatmulHandle loads
// with no LLVM at run time. --explain prints the choices and compiles
// nothing. --top N builds a tuning library: up to N candidates per problem
// (ranks 0 to N-1) for gemm-matmul-bench --tune to measure; --ingest then
// files the measured winners in the database (MeasurementIngest.h).
// Exit codes: 0 done, 1 a problem got no kernel (the others are written),
// 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "MeasurementIngest.h"

#include "jit/KernelLibrary.h"
#include "jit/MatmulCompiler.h"
#include "jit/MatmulSuite.h"
#include "tools/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;
using namespace gemm_opt;

static cl::OptionCategory category("gemm-opt-build-library options");
static cl::opt<std::string>
    suitePath("suite", cl::cat(category),
              cl::desc("Problems: 'public' or a suite file "
                       "(<M>x<N>x<K> <type> <A>,<B> per line)"));
static cl::opt<std::string> outputDirectory("o", cl::cat(category),
                                            cl::desc("Library directory"),
                                            cl::value_desc("dir"));
static cl::opt<std::string> chip("chip", cl::init("sm_90a"), cl::cat(category),
                                 cl::desc("Target chip"));
static cl::opt<std::string>
    databasePath("database", cl::cat(category),
                 cl::desc("Tuning database whose measured entries the "
                          "chooser prefers"));
static cl::opt<std::string>
    modelDevice("model-device", cl::cat(category),
                cl::desc("Device the static model times candidates on "
                         "(h100, h200; default: the chip's)"));
static cl::opt<unsigned>
    top("top", cl::init(1), cl::cat(category),
        cl::desc("Candidates per problem (a tuning library above 1)"));
static cl::opt<std::string>
    ingestPath("ingest", cl::cat(category),
               cl::desc("Measurements of gemm-matmul-bench --tune to file "
                        "in --database (written back)"));
static cl::opt<bool> explain("explain", cl::cat(category),
                             cl::desc("Print each problem's choice; compile "
                                      "nothing"));

static int fail(int code, const Twine &message) {
  WithColor::error(errs(), "gemm-opt-build-library") << message << "\n";
  return code;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  setToolVersionPrinter();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "gemm-opt-build-library: kernels for "
                              "gemm_opt::matmul, compiled ahead of time\n");
  if (!ingestPath.empty()) {
    if (databasePath.empty())
      return fail(2, "--ingest needs --database, the file it updates");
    tuning::TuningDatabase database;
    if (llvm::sys::fs::exists(databasePath)) {
      Expected<tuning::TuningDatabase> loaded =
          tuning::TuningDatabase::load(databasePath);
      if (!loaded)
        return fail(2, toString(loaded.takeError()));
      database = std::move(*loaded);
    }
    Expected<size_t> taken = ingestMatmulMeasurements(ingestPath, database);
    if (!taken)
      return fail(2, toString(taken.takeError()));
    if (Error error = database.save(databasePath))
      return fail(2, toString(std::move(error)));
    outs() << formatv("{0}: {1} measured problems filed in {2}\n", ingestPath,
                      *taken, databasePath);
    return 0;
  }
  if (suitePath.empty())
    return fail(2, "--suite is required (or --ingest)");
  if (!explain && outputDirectory.empty())
    return fail(2, "-o DIR is required (or --explain)");
  if (top < 1)
    return fail(2, "--top must be at least 1");
  Expected<std::vector<MatmulProblem>> suite = loadMatmulSuite(suitePath);
  if (!suite)
    return fail(2, toString(suite.takeError()));

  MatmulCompilerOptions options;
  options.databasePath = databasePath;
  options.modelDevice = modelDevice;
  options.jit.chip = chip;
  // Launches then keep no device state per buffer set and capture in graphs.
  options.jit.tensorMapsByValue = true;
  Expected<std::shared_ptr<MatmulCompiler>> compiler =
      MatmulCompiler::create(options);
  if (!compiler)
    return fail(2, toString(compiler.takeError()));

  KernelLibrary library;
  unsigned failed = 0;
  auto start = std::chrono::steady_clock::now();
  for (auto [index, problem] : enumerate(*suite)) {
    problem.chip = chip;
    jit::FusedEpilogueDescription form; // The suite's problems: D = A·B.
    std::string label = formatv("[{0}/{1}] {2}", index + 1, suite->size(),
                                formatSuiteLine(problem))
                            .str();
    if (explain) {
      Expected<MatmulSchedule> chosen =
          (*compiler)->chooseSchedule(problem, form);
      if (!chosen) {
        ++failed;
        outs() << label << ": " << toString(chosen.takeError()) << "\n";
        continue;
      }
      outs() << label << ": " << chosen->reason << "\n";
      continue;
    }
    Expected<std::vector<MatmulSchedule>> schedules =
        (*compiler)->getChooser().chooseCandidates(problem, form, top);
    if (!schedules) {
      ++failed;
      WithColor::error(errs(), "gemm-opt-build-library")
          << label << ": " << toString(schedules.takeError()) << "\n";
      continue;
    }
    for (auto [rank, schedule] : enumerate(*schedules)) {
      Expected<ChosenKernel> chosen = (*compiler)->compile(schedule);
      if (!chosen) {
        // An alternative that does not compile is left out; the first
        // one is the problem's kernel.
        if (rank == 0)
          ++failed;
        WithColor::error(errs(), "gemm-opt-build-library")
            << label << ": " << schedule.candidate << ": "
            << toString(chosen.takeError()) << "\n";
        continue;
      }
      size_t kernel = library.addKernel(chosen->kernel->getCompiled());
      library.addProblem({getKernelClass(problem, form), problem.m, problem.n,
                          problem.k, kernel, chosen->choice.schedule,
                          chosen->choice.reason, int64_t(rank),
                          schedule.candidate});
      outs() << label << ": rank " << rank << ", kernel " << kernel << ", "
             << chosen->choice.reason << "\n";
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!explain) {
    if (Error error = library.save(outputDirectory))
      return fail(2, toString(std::move(error)));
    jit::JitStatistics stats = (*compiler)->getJit().getStatistics();
    outs() << formatv("{0}: {1} problems, {2} kernels ({3} compiled, {4} "
                      "from the disk cache) in {5:F1} s\n",
                      outputDirectory, library.getProblems().size(),
                      library.getKernels().size(), stats.compiles,
                      stats.diskHits, seconds);
  }
  if (failed)
    return fail(
        1, formatv("{0} of {1} problems got no kernel", failed, suite->size()));
  return 0;
}
