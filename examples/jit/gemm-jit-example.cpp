//===- gemm-jit-example.cpp - compile and run a GEMM through the JIT API --===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-jit-example [--compile-only | --launches N] [schedule.mlir] [M N K]
//   gemm-jit-example [--compile-only | --launches N] --database FILE
//                    [--dtype bf16|f16|f32] [--chip CHIP] [schedule.mlir]
//                    [M N K]
//
// Compiles a schedule in-process (default: examples/gemm_bf16_wgmma_sm90.mlir,
// embedded at build time), fills A and B with random values, launches the
// kernel through GemmJit on a stream, runs cuBLAS on the same inputs and
// compares: prints PASS or FAIL with the relative Frobenius error (a NaN or
// an unwritten entry never passes).
// --compile-only stops after compiling (no GPU needed; what CI runs).
// --launches N launches the kernel N times on the same buffers, poisoning C
// before each, and checks the last result: a split_k kernel reuses its
// workspace, so this checks that each launch leaves it ready for the next.
// --database FILE lets the JIT choose the schedule by shape from a tuning
// database (`gemm-tune ingest`'s tuning-database.json) through
// TuningDatabaseChooser and GemmJit::compileFor: the problem is M x N x K
// with A, B and C of --dtype (default bf16) on --chip (default sm_90a), and
// the schedule given (default the embedded one) is what the JIT falls back
// to when no entry can run it. Before anything needs a GPU it prints the
// entry chosen ("chosen: <candidate>", the exact shape's or the nearest)
// and whether its kernel runs the problem transposed (C^T = B^T*A^T), or
// why it falls back ("fallback: ..."); a fallback schedule of other element
// types than --dtype is refused (exit 2).
//
// Exit codes (as gemm-run's): 0 pass, 1 mismatch, 2 bad input or compile
// error, 3 no CUDA driver/GPU, 4 other CUDA or cuBLAS failure.
//
//===----------------------------------------------------------------------===//

#include "EmbeddedSchedule.h"

#include "jit/GemmJit.h"
#include "jit/TuningDatabaseChooser.h"
#include "runtime/CublasReference.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/ElementType.h"
#include "runtime/GemmShape.h"
#include "runtime/HostMatrix.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposedProblem.h"
#include "runtime/Validation.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::runtime;

namespace {

constexpr const char Usage[] =
    "usage: gemm-jit-example [--compile-only | --launches N] "
    "[--database FILE [--dtype bf16|f16|f32] [--chip CHIP]] "
    "[schedule.mlir] [M N K]";

struct Options {
  bool compileOnly = false;
  int launches = 1;
  std::string scheduleText = EmbeddedScheduleText;
  std::string scheduleName = EmbeddedScheduleName;
  int64_t m = 2048, n = 2048, k = 2048;
  /// Empty: compile the schedule as given.
  std::string databasePath;
  std::string dtype = "bf16";
  std::string chip = "sm_90a";
};

Expected<Options> parseOptions(int argc, char **argv) {
  Options options;
  bool launchesGiven = false, dtypeGiven = false, chipGiven = false;
  int next = 1;
  auto takeValue = [&](StringRef flag) -> Expected<StringRef> {
    if (next + 1 >= argc)
      return makeBadInputError(Twine(flag) + " needs a value");
    next += 2;
    return StringRef(argv[next - 1]);
  };
  while (next < argc && StringRef(argv[next]).starts_with("--")) {
    StringRef flag = argv[next];
    if (flag == "--compile-only") {
      options.compileOnly = true;
      ++next;
      continue;
    }
    Expected<StringRef> value = takeValue(flag);
    if (!value)
      return value.takeError();
    if (flag == "--launches") {
      if (value->getAsInteger(10, options.launches) || options.launches < 1)
        return makeBadInputError("--launches needs a positive count, got '" +
                                 *value + "'");
      launchesGiven = true;
    } else if (flag == "--database") {
      options.databasePath = value->str();
    } else if (flag == "--dtype") {
      if (!parseElementType(*value))
        return makeBadInputError("--dtype must be bf16, f16 or f32, got '" +
                                 *value + "'");
      options.dtype = value->str();
      dtypeGiven = true;
    } else if (flag == "--chip") {
      options.chip = value->str();
      chipGiven = true;
    } else {
      return makeBadInputError("unknown option '" + flag + "'");
    }
  }
  if (options.compileOnly && launchesGiven)
    return makeBadInputError("--compile-only and --launches exclude each "
                             "other");
  if ((dtypeGiven || chipGiven) && options.databasePath.empty())
    return makeBadInputError("--dtype and --chip describe the problem the "
                             "database is asked about: they need --database");
  if (next < argc && StringRef(argv[next]).ends_with(".mlir")) {
    auto buffer = MemoryBuffer::getFile(argv[next]);
    if (!buffer)
      return makeBadInputError(Twine("cannot read ") + argv[next] + ": " +
                               buffer.getError().message());
    options.scheduleText = (*buffer)->getBuffer().str();
    options.scheduleName = argv[next];
    ++next;
  }
  if (argc == next + 3) {
    int64_t *sizes[] = {&options.m, &options.n, &options.k};
    for (int i = 0; i < 3; ++i)
      if (StringRef(argv[next + i]).getAsInteger(10, *sizes[i]) ||
          *sizes[i] < 1)
        return makeBadInputError(Twine("M, N and K must be positive "
                                       "integers, got '") +
                                 argv[next + i] + "'");
  } else if (argc != next) {
    return makeBadInputError(Usage);
  }
  return options;
}

std::string describeTypes(StringRef a, StringRef b, StringRef c) {
  return formatv("a={0} b={1} c={2}", a, b, c).str();
}

/// Prints what the database chose for `problem` (no GPU needed).
void printChoice(const jit::TuningDatabaseChooser::Choice &choice,
                 const jit::ProblemDescription &problem,
                 const Options &options) {
  outs() << "problem: " << problem.m << "x" << problem.n << "x" << problem.k
         << " " << describeTypes(problem.aType, problem.bType, problem.cType)
         << " on " << problem.chip << "\n";
  if (!choice.match) {
    outs() << "fallback: " << choice.fallbackReason << "; the JIT compiles "
           << options.scheduleName << "\n";
    return;
  }
  const tuning::TuningEntry &entry = *choice.match->entry;
  const tuning::ProblemKey &p = entry.problem;
  outs() << "chosen: " << entry.candidate << " ("
         << (choice.match->exact
                 ? std::string("the entry for this shape")
                 : formatv("the nearest entry: {0}x{1}x{2}, log2 distance "
                           "{3:F2}",
                           p.m, p.n, p.k, choice.match->distance)
                       .str())
         << ")\n";
  outs() << "entry: block " << entry.block[0] << "x" << entry.block[1] << "x"
         << entry.block[2] << ", kernel layouts a=" << entry.kernelLayouts[0]
         << " b=" << entry.kernelLayouts[1] << " c=" << entry.kernelLayouts[2]
         << ", measured " << format("%.1f", entry.measuredTflops)
         << " TFLOP/s on " << (entry.device.empty() ? "?" : entry.device)
         << " (" << format("%.2f", entry.ratioToCublas) << "x cuBLAS)\n";
  if (entry.runsTransposed())
    outs() << "runs transposed: yes (C^T = B^T*A^T: the kernel runs "
           << problem.n << "x" << problem.m << "x" << problem.k
           << " with A and B exchanged)\n";
  else
    outs() << "runs transposed: no\n";
}

/// Checks that the kernel the JIT compiled for the database problem is what
/// printChoice said: the problem's element types (a fallback schedule may
/// have others) and, for an entry, its transposition.
Error checkChosenKernel(const KernelSpec &spec,
                        const jit::TuningDatabaseChooser::Choice &choice,
                        const Options &options) {
  std::string asked =
      describeTypes(options.dtype, options.dtype, options.dtype);
  std::string compiled = describeTypes(getElementTypeName(spec.aType),
                                       getElementTypeName(spec.bType),
                                       getElementTypeName(spec.cType));
  if (compiled != asked)
    return makeBadInputError(
        Twine("the JIT compiled ") + spec.name + " (" +
        (choice.match ? "database entry " + choice.match->entry->candidate
                      : "the fallback " + options.scheduleName) +
        "), which computes " + compiled + ", not the asked " + asked +
        (choice.match ? ""
                      : ": give a schedule of those types to fall back "
                        "to"));
  bool transposed = runsTransposed(spec, MatrixLayouts());
  if (choice.match && transposed != choice.match->entry->runsTransposed())
    return makeBadInputError(
        Twine("database entry ") + choice.match->entry->candidate +
        (transposed ? " does not run transposed, but its kernel "
                    : " runs transposed, but its kernel ") +
        spec.name + " takes " + spec.layouts.str());
  return Error::success();
}

/// Compiles the schedule, or with --database what the database chooses.
Expected<std::shared_ptr<jit::GemmKernel>> compile(const Options &options) {
  std::shared_ptr<jit::TuningDatabaseChooser> chooser;
  jit::ProblemDescription problem{options.m, options.n, options.k};
  std::optional<jit::TuningDatabaseChooser::Choice> choice;
  if (!options.databasePath.empty()) {
    Expected<std::shared_ptr<jit::TuningDatabaseChooser>> loaded =
        jit::TuningDatabaseChooser::load(options.databasePath);
    if (!loaded)
      return makeBadInputError(toString(loaded.takeError()));
    chooser = std::move(*loaded);
    outs() << "database: " << options.databasePath << " ("
           << chooser->getDatabase().getEntries().size() << " entries)\n";
    problem.aType = problem.bType = problem.cType = options.dtype;
    problem.chip = options.chip;
    choice = chooser->choose(problem, options.scheduleText);
    printChoice(*choice, problem, options);
  }

  // Without a GPU there is nothing to check against: say so before
  // compiling.
  if (!options.compileOnly) {
    Expected<DeviceInfo> device = openDevice(0);
    if (!device)
      return device.takeError();
    outs() << "device: " << device->name << " (" << device->getArchName()
           << ")\n";
  }

  jit::JitOptions jitOptions;
  jitOptions.chooser = chooser;
  jit::GemmJit compiler(jitOptions);
  auto start = std::chrono::steady_clock::now();
  Expected<std::shared_ptr<jit::GemmKernel>> kernel =
      chooser ? compiler.compileFor(problem, options.scheduleText)
              : compiler.compile(options.scheduleText, options.scheduleName);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  if (!kernel)
    return makeBadInputError(toString(kernel.takeError()));
  Expected<const KernelSpec &> spec = (*kernel)->getSpec();
  if (!spec)
    return spec.takeError();
  jit::JitStatistics stats = compiler.getStatistics();
  outs() << "compiled " << spec->name << " in " << format("%.3f s", seconds)
         << (stats.diskHits ? " (disk cache hit)" : "") << "\n";
  if (choice)
    if (Error error = checkChosenKernel(*spec, *choice, options))
      return std::move(error);
  return kernel;
}

Expected<bool> run(const Options &options) {
  Expected<std::shared_ptr<jit::GemmKernel>> kernel = compile(options);
  if (!kernel)
    return kernel.takeError();
  Expected<const KernelSpec &> parsed = (*kernel)->getSpec();
  if (!parsed)
    return parsed.takeError();
  const KernelSpec &spec = *parsed;
  if (options.compileOnly) {
    outs() << "cubin: " << (*kernel)->getCompiled().cubin.size()
           << " bytes for " << spec.chipName << "\n"
           << (*kernel)->getCompiled().ptxasReport;
    return true;
  }
  GemmShape shape = GemmShape::get(options.m, options.n, options.k);
  if (Error error = checkSupportedTypes(spec))
    return std::move(error);
  if (Error error = verifyShape(shape))
    return std::move(error);

  cudaStream_t stream = nullptr;
  if (cudaStreamCreate(&stream) != cudaSuccess)
    return makeCudaFailureError("cudaStreamCreate failed");
  auto allocate = [&](Operand operand, ElementType type) {
    return DeviceBuffer::allocate(
        getOperandLayout(shape, operand).getBufferBytes(getElementSize(type)));
  };
  Expected<DeviceBuffer> a = allocate(Operand::A, spec.aType);
  Expected<DeviceBuffer> b = allocate(Operand::B, spec.bType);
  Expected<DeviceBuffer> c = allocate(Operand::C, spec.cType);
  Expected<DeviceBuffer> reference = allocate(Operand::C, spec.cType);
  for (Expected<DeviceBuffer> *buffer : {&a, &b, &c, &reference})
    if (!*buffer)
      return buffer->takeError();

  HostMatrix hostA(spec.aType, shape.m, shape.k, shape.lda);
  HostMatrix hostB(spec.bType, shape.k, shape.n, shape.ldb);
  hostA.fillRandom(1);
  hostB.fillRandom(2);
  if (Error error = joinErrors(a->copyFromHost(hostA.data()),
                               b->copyFromHost(hostB.data())))
    return std::move(error);
  jit::GemmArguments arguments;
  arguments.a = a->data();
  arguments.b = b->data();
  arguments.c = c->data();
  arguments.m = shape.m;
  arguments.n = shape.n;
  arguments.k = shape.k;
  arguments.lda = shape.lda;
  arguments.ldb = shape.ldb;
  arguments.ldc = shape.ldc;
  for (int launch = 0; launch < options.launches; ++launch) {
    // Poison C (all-ones bytes are NaN in bf16/f16/f32): unwritten entries
    // fail.
    if (Error error = c->fill(0xff, stream))
      return std::move(error);
    if (Error error = (*kernel)->launch(arguments, stream))
      return std::move(error);
  }
  if (options.launches > 1)
    outs() << "launched " << options.launches << " times\n";

  Expected<CublasReference> cublas = CublasReference::create(stream);
  if (!cublas)
    return cublas.takeError();
  if (Error error = cublas->gemm(shape, {spec.aType, spec.bType, spec.cType},
                                 a->data(), b->data(), reference->data()))
    return std::move(error);
  if (cudaStreamSynchronize(stream) != cudaSuccess)
    return makeCudaFailureError(
        Twine("the kernel or cuBLAS failed: ") +
        cudaGetErrorString(cudaGetLastError()));

  HostMatrix hostC(spec.cType, shape.m, shape.n, shape.ldc);
  HostMatrix hostReference(spec.cType, shape.m, shape.n, shape.ldc);
  if (Error error = joinErrors(c->copyToHost(hostC.data()),
                               reference->copyToHost(hostReference.data())))
    return std::move(error);
  if (cudaStreamDestroy(stream) != cudaSuccess)
    return makeCudaFailureError(Twine("cudaStreamDestroy failed: ") +
                                cudaGetErrorString(cudaGetLastError()));

  double tolerance = getTolerance(spec.aType, spec.cType);
  ErrorMetric metric = compareMatrices(hostC, hostReference, tolerance);
  outs() << (metric.passed ? "PASS" : "FAIL") << " " << shape.str()
         << " vs cuBLAS: relative error "
         << format("%.3e", metric.relativeFrobenius) << " (tolerance "
         << format("%.1e", tolerance) << ", " << metric.nonFiniteCount
         << " non-finite)\n";
  return metric.passed;
}

int report(Error error) {
  // What was printed so far comes first (stdout is buffered).
  outs().flush();
  ErrorSummary summary = summarizeError(std::move(error));
  if (summary.exitCode == ExitNoDevice)
    errs() << "gemm-jit-example: no CUDA driver/GPU: " << summary.message
           << "\n";
  else
    errs() << "gemm-jit-example: error: " << summary.message << "\n";
  return summary.exitCode;
}

} // namespace

int main(int argc, char **argv) {
  Expected<Options> options = parseOptions(argc, argv);
  if (!options)
    return report(options.takeError());
  Expected<bool> passed = run(*options);
  if (!passed)
    return report(passed.takeError());
  return *passed ? ExitPass : ExitMismatch;
}
