//===- gemm-run.cpp - Run, check and time a gemm-opt kernel ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-run INPUT -m M -n N -k K [--lda L] [--ldb L] [--ldc L]
//            [--batch B] [--batch-stride-a S] [--batch-stride-b S]
//            [--batch-stride-c S]
//            [--kernel NAME] [--iterations 50] [--warmup 5] [--seed S]
//            [--no-timing] [--json-out FILE]
//            [--alpha A] [--beta B] [--bias] [--residual]
//            [--residual-offset E] [--compare-epilogue]
//            [--fp8-inputs wide|uniform]
//            [--groups G] [--routing even|skewed] [--tokens T]
//            [--group-rows LIST] [--graph-replays N]
//
// A kernel with a fused epilogue (the bundle's "epilogue") gets random bias
// and residual inputs of C's type, and alpha/beta from --alpha/--beta
// (default 1 and 0; with alpha_beta, C starts random instead of poisoned);
// both references apply the same epilogue in fp64. --bias and --residual
// assert that the kernel has them (exit 2 otherwise), as --alpha/--beta do
// for alpha_beta, and so does --residual-offset E, which puts the residual
// E elements into its buffer (an address TMA cannot take unless E elements
// are a multiple of 16 bytes; the kernel's threads then load it).
//
// --compare-epilogue (a kernel with a fused bias and/or activation) runs
// runtime/EpilogueComparison.h instead of the plain check: the fused kernel
// against cuBLAS GEMM + a separate bias/activation kernel and against
// cuBLASLt's matching epilogue, each checked against fp64, and prints the
// speedups as a table (JSON with --json-out).
//
// An FP8 kernel (8-bit A and B with a "scaling", runtime/ScalingSpec.h)
// runs runtime/ScaledGemmBenchmark.h instead: random 8-bit inputs from
// --fp8-inputs (wide: sign·2^u over every binade of the type, the default;
// uniform: magnitudes uniform in [max/32, max/2]), random scales per tensor,
// row, column or block, checked against the fp64 block-scaled product and
// against cuBLASLt's FP8 matmul with the same scale modes, and timed
// against that matmul. Where cuBLASLt has no FP8 matmul for the kernel's
// scale modes the report says so and the kernel is checked against fp64
// alone (not a failure).
//
// --batch B runs B GEMMs C[b] = A[b]·B[b] on a batched kernel (one compiled
// from a tile.gemm on 3-D operands), each operand's entries its batch
// stride apart (in elements; default packed: ld times the major extent; A
// and B may be 0, one matrix for every entry). A batched kernel is checked
// against cublasGemmStridedBatchedEx at every entry and against fp64 at
// samples of every batch entry, and timed next to cublasGemmStridedBatchedEx
// (runtime/BatchedBenchmark.h); TFLOP/s count all entries.
//
// --groups G runs a grouped kernel (the bundle's "grouped": a mixture of
// experts, docs/design/grouped-gemm.md) over G groups, and is refused for
// any other kernel (runtime/GroupedRequest.h). -m is each group's M_max
// (masked) or the total tokens T (contiguous); the rows per group come
// from --routing even|skewed with --seed (and, masked, --tokens), or from
// --group-rows. Every non-empty group is checked against cublasGemmEx and
// fp64, the rows outside the groups must stay poisoned, and the kernel is
// timed against the loop of per-group cublasGemmEx calls; a masked kernel
// also replays one captured CUDA graph --graph-replays times (default 3)
// with new routings (runtime/GroupedBenchmark.h). An FP8 grouped kernel
// draws 8-bit inputs by --fp8-inputs and scales per group, and is checked
// and timed against one cuBLASLt FP8 matmul per non-empty group. A grouped
// kernel's fused epilogue applies per group (a G × N bias, row g for group
// g; --alpha/--beta as above), in both references too
// (runtime/GroupedEpilogueInputs.h), after an FP8 kernel's scales. An FP8
// grouped kernel's e4m3 C takes one scale_d for all groups and is checked
// after dequantization, its amax of D over every group's stored rows.
//
// --layout-a/-b/-c name how the operands are stored; by default as the
// kernel takes them. A problem whose layouts are the transposed ones of the
// kernel's (flip b, flip a, flip c) runs as its transposed problem
// C^T = B^T·A^T on the same memory (runtime/TransposedProblem.h): a kernel
// with every operand column-major runs row-major 16x4096x4096 as
// 4096x16x4096; the report then shows the kernel's view of the shape.
//
// INPUT is a kernel bundle (.json) or a schedule (.mlir), which is first
// compiled to a bundle: in-process where gemm-run was built with the
// compiler (GEMM_OPT_ENABLE_COMPILER, compiler/BundleWriter.h), else with
// gemm-translate (found next to gemm-run, else on PATH).
//
// Exit codes: 0 pass, 1 numerical mismatch (or NaN/Inf), 2 bad input, usage,
// unsupported shape, chip or device feature (clusters and TMA need sm_90),
// 3 no CUDA driver or device, 4 other CUDA/cuBLAS failure.
//
//===----------------------------------------------------------------------===//

#ifdef GEMM_OPT_RUN_HAS_COMPILER
#include "compiler/BundleWriter.h"
#endif
#include "runtime/BatchedBenchmark.h"
#include "runtime/BatchedScaledBenchmark.h"
#include "runtime/Device.h"
#include "runtime/EpilogueComparison.h"
#include "runtime/EpilogueComparisonReport.h"
#include "runtime/GemmBenchmark.h"
#include "runtime/GroupedReport.h"
#include "runtime/GroupedRequest.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/Report.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledGemmBenchmark.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/TransposedProblem.h"
#include "runtime/Validation.h"
#include "tools/ToolVersion.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

cl::OptionCategory gemmRunCategory("gemm-run options");

cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                               cl::desc("<kernel bundle .json | schedule "
                                        ".mlir>"),
                               cl::cat(gemmRunCategory));
cl::opt<long long> mOpt("m", cl::Required, cl::desc("Rows of A and C (M)"),
                        cl::value_desc("M"), cl::cat(gemmRunCategory));
cl::opt<long long> nOpt("n", cl::Required, cl::desc("Columns of B and C (N)"),
                        cl::value_desc("N"), cl::cat(gemmRunCategory));
cl::opt<long long> kOpt("k", cl::Required,
                        cl::desc("Columns of A, rows of B (K)"),
                        cl::value_desc("K"), cl::cat(gemmRunCategory));
cl::opt<long long> ldaOpt("lda", cl::init(0), cl::value_desc("L"),
                          cl::desc("Leading dimension of A (default K, or M "
                                   "when column-major)"),
                          cl::cat(gemmRunCategory));
cl::opt<long long> ldbOpt("ldb", cl::init(0), cl::value_desc("L"),
                          cl::desc("Leading dimension of B (default N, or K "
                                   "when column-major)"),
                          cl::cat(gemmRunCategory));
cl::opt<long long> ldcOpt("ldc", cl::init(0), cl::value_desc("L"),
                          cl::desc("Leading dimension of C (default N, or M "
                                   "when column-major)"),
                          cl::cat(gemmRunCategory));
cl::opt<long long> batchOpt("batch", cl::init(1), cl::value_desc("B"),
                            cl::desc("Batch entries (needs a batched kernel "
                                     "when above 1)"),
                            cl::cat(gemmRunCategory));
cl::opt<long long> batchStrideAOpt(
    "batch-stride-a", cl::init(0), cl::value_desc("S"),
    cl::desc("Elements between A's batch entries (default packed: lda times "
             "the major extent; 0 uses one A for every entry)"),
    cl::cat(gemmRunCategory));
cl::opt<long long> batchStrideBOpt(
    "batch-stride-b", cl::init(0), cl::value_desc("S"),
    cl::desc("Elements between B's batch entries (as --batch-stride-a)"),
    cl::cat(gemmRunCategory));
cl::opt<long long> batchStrideCOpt(
    "batch-stride-c", cl::init(0), cl::value_desc("S"),
    cl::desc("Elements between C's batch entries (default packed; at least "
             "ldc times the major extent)"),
    cl::cat(gemmRunCategory));
cl::opt<std::string> layoutAOpt(
    "layout-a", cl::init(""), cl::value_desc("row|col"),
    cl::desc("How A is stored (default: as the kernel takes it, its "
             "bundle's \"layouts\"; its transposed layouts run as C^T = "
             "B^T*A^T; others are refused)"),
    cl::cat(gemmRunCategory));
cl::opt<std::string> layoutBOpt("layout-b", cl::init(""),
                                cl::value_desc("row|col"),
                                cl::desc("How B is stored (as --layout-a)"),
                                cl::cat(gemmRunCategory));
cl::opt<std::string> layoutCOpt("layout-c", cl::init(""),
                                cl::value_desc("row|col"),
                                cl::desc("How C is stored (as --layout-a)"),
                                cl::cat(gemmRunCategory));
cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Kernel of the bundle to run (default: the first "
                        "one whose divisibility requirements fit the shape)"),
               cl::value_desc("NAME"), cl::cat(gemmRunCategory));
cl::opt<unsigned> iterations("iterations", cl::init(50), cl::value_desc("N"),
                             cl::desc("Timed runs of each GEMM (>= 30 "
                                      "recommended)"),
                             cl::cat(gemmRunCategory));
cl::opt<unsigned> warmup("warmup", cl::init(5), cl::value_desc("N"),
                         cl::desc("Untimed warm-up runs of each GEMM"),
                         cl::cat(gemmRunCategory));
cl::opt<unsigned long long> seed("seed", cl::init(1), cl::value_desc("S"),
                                 cl::desc("Seed of the random inputs"),
                                 cl::cat(gemmRunCategory));
cl::opt<bool> noTiming("no-timing",
                       cl::desc("Only run and check once; no timing"),
                       cl::cat(gemmRunCategory));
cl::opt<bool> noCublas(
    "no-cublas",
    cl::desc("Skip the cuBLAS check and timing; check against fp64 only "
             "(for compute-sanitizer runs)"),
    cl::cat(gemmRunCategory));
cl::opt<std::string> jsonOut("json-out",
                             cl::desc("Also write the results as JSON"),
                             cl::value_desc("FILE"), cl::cat(gemmRunCategory));
cl::opt<float> alphaOpt("alpha", cl::init(1.0f), cl::value_desc("A"),
                        cl::desc("alpha of a fused alpha_beta epilogue"),
                        cl::cat(gemmRunCategory));
cl::opt<float> betaOpt("beta", cl::init(0.0f), cl::value_desc("B"),
                       cl::desc("beta of a fused alpha_beta epilogue (scales "
                                "C's random initial value)"),
                       cl::cat(gemmRunCategory));
cl::opt<bool> biasOpt("bias",
                      cl::desc("Require a fused bias (a random vector is "
                               "passed whenever the kernel has one)"),
                      cl::cat(gemmRunCategory));
cl::opt<bool> residualOpt(
    "residual",
    cl::desc("Require a fused residual (a random M×N matrix laid out like "
             "C, one per batch entry, is passed whenever the kernel has one)"),
    cl::cat(gemmRunCategory));
cl::opt<long long> residualOffsetOpt(
    "residual-offset", cl::init(0), cl::value_desc("E"),
    cl::desc("Elements before the fused residual's first entry (unaligns its "
             "address when not a multiple of 16 bytes)"),
    cl::cat(gemmRunCategory));
cl::opt<bool> compareEpilogue(
    "compare-epilogue",
    cl::desc("Compare the kernel's fused bias/activation epilogue with cuBLAS "
             "GEMM + a separate bias/activation kernel and with cuBLASLt's "
             "epilogue (checked against fp64, timed together)"),
    cl::cat(gemmRunCategory));
cl::opt<Fp8InputDistribution> fp8InputsOpt(
    "fp8-inputs", cl::init(Fp8InputDistribution::Wide),
    cl::desc("The 8-bit inputs of an FP8 kernel:"),
    cl::values(clEnumValN(Fp8InputDistribution::Wide, "wide",
                          "sign * 2^u over every binade of the type, "
                          "subnormals included (default)"),
               clEnumValN(Fp8InputDistribution::Uniform, "uniform",
                          "magnitudes uniform in [max/32, max/2]")),
    cl::cat(gemmRunCategory));
cl::opt<long long> groupsOpt(
    "groups", cl::value_desc("G"),
    cl::desc("Groups (experts) of a grouped kernel; required for one, "
             "refused for others. -m is then each group's M_max (masked) "
             "or the total tokens T (contiguous)"),
    cl::cat(gemmRunCategory));
cl::opt<RoutingDistribution> routingOpt(
    "routing", cl::init(RoutingDistribution::Even),
    cl::desc("Rows per group of a grouped kernel (seeded by --seed):"),
    cl::values(clEnumValN(RoutingDistribution::Even, "even",
                          "the tokens split evenly (default)"),
               clEnumValN(RoutingDistribution::Skewed, "skewed",
                          "Zipf shares over a seeded order of the groups "
                          "(runtime/GroupRouting.h)")),
    cl::cat(gemmRunCategory));
cl::opt<long long> tokensOpt(
    "tokens", cl::value_desc("T"),
    cl::desc("Tokens routed over a masked grouped kernel's groups (default "
             "G * M_max / 2)"),
    cl::cat(gemmRunCategory));
cl::opt<std::string> groupRowsOpt(
    "group-rows", cl::value_desc("LIST"),
    cl::desc("Rows of each group, comma-separated (G entries; masked: each "
             "at most M_max; contiguous: summing to T), instead of --routing"),
    cl::cat(gemmRunCategory));
cl::opt<long long> graphReplaysOpt(
    "graph-replays", cl::value_desc("N"),
    cl::desc("Replays of a masked grouped kernel's captured CUDA graph, each "
             "with a new routing (default 3; 0 disables)"),
    cl::cat(gemmRunCategory));
cl::opt<int> deviceOrdinal("device", cl::init(0), cl::value_desc("I"),
                           cl::desc("CUDA device to use"),
                           cl::cat(gemmRunCategory));
cl::opt<bool> keepTemps("keep-temps",
                        cl::desc("Keep the bundle compiled from a .mlir "
                                 "input (its directory is printed)"),
                        cl::cat(gemmRunCategory));

#ifdef GEMM_OPT_RUN_HAS_COMPILER
/// Compiles a .mlir schedule into `directory`/kernel.json in this process.
Expected<std::string> compileSchedule(const char *, StringRef directory) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> text =
      MemoryBuffer::getFile(inputPath, /*IsText=*/true);
  if (!text)
    return makeBadInputError("cannot read '" + inputPath +
                             "': " + text.getError().message());
  SmallString<256> bundle(directory);
  sys::path::append(bundle, "kernel.json");
  if (Error err =
          gemm_opt::compileScheduleToBundle((*text)->getBuffer(), inputPath,
                                            bundle))
    return makeBadInputError("cannot compile '" + inputPath +
                             "': " + toString(std::move(err)));
  return std::string(bundle);
}
#else
cl::opt<std::string> translateTool(
    "gemm-translate",
    cl::desc("gemm-translate to compile .mlir inputs with (default: next to "
             "gemm-run, else on PATH)"),
    cl::value_desc("PATH"), cl::cat(gemmRunCategory));
/// Finds gemm-translate: --gemm-translate, next to this executable, PATH.
Expected<std::string> findTranslateTool(const char *argv0) {
  if (!translateTool.empty())
    return translateTool.getValue();
  static int anchor;
  std::string self = sys::fs::getMainExecutable(argv0, &anchor);
  if (!self.empty()) {
    StringRef ownDirectory = sys::path::parent_path(self);
    if (ErrorOr<std::string> path =
            sys::findProgramByName("gemm-translate", {ownDirectory}))
      return *path;
  }
  if (ErrorOr<std::string> path = sys::findProgramByName("gemm-translate"))
    return *path;
  return makeBadInputError(
      "cannot compile '" + inputPath +
      "': gemm-translate was found neither "
      "next to gemm-run nor on PATH (or pass --gemm-translate PATH)");
}

/// Compiles a .mlir schedule into `directory`/kernel.json.
Expected<std::string> compileSchedule(const char *argv0, StringRef directory) {
  Expected<std::string> tool = findTranslateTool(argv0);
  if (!tool)
    return tool.takeError();
  SmallString<256> bundle(directory);
  sys::path::append(bundle, "kernel.json");
  SmallVector<StringRef, 6> args = {*tool, inputPath, "--to-bundle", "-o",
                                    bundle};
  std::string message;
  int status =
      sys::ExecuteAndWait(*tool, args, std::nullopt, {}, 0, 0, &message);
  if (status != 0)
    return makeBadInputError(
        "gemm-translate failed on '" + inputPath + "' (" +
        (message.empty() ? "exit code " + std::to_string(status) : message) +
        ")");
  return std::string(bundle);
}
#endif

/// The epilogue flags must match what the kernel fuses.
Error checkEpilogueFlags(const KernelSpec &spec) {
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  auto refuse = [&](StringRef flag, StringRef field) {
    return makeBadInputError(flag + " was given, but kernel " + spec.name +
                             " has no fused " + field + " (its epilogue: " +
                             epilogue.describe() + ")");
  };
  if ((alphaOpt.getNumOccurrences() || betaOpt.getNumOccurrences()) &&
      !epilogue.alphaBeta)
    return refuse("--alpha/--beta", "alpha_beta");
  if (biasOpt && epilogue.bias == EpilogueBias::None)
    return refuse("--bias", "bias");
  if (residualOpt && !epilogue.residual)
    return refuse("--residual", "residual");
  if (residualOffsetOpt < 0)
    return makeBadInputError("--residual-offset=" + Twine(residualOffsetOpt) +
                             ": the residual's offset must not be negative");
  if (residualOffsetOpt.getNumOccurrences() && !epilogue.residual)
    return refuse("--residual-offset", "residual");
  // Before any device work: an offset the kernel's threads cannot load the
  // residual at would fail as a misaligned access.
  if (epilogue.residual)
    if (Error err = checkResidualOffset(spec, residualOffsetOpt))
      return makeBadInputError("--residual-offset=" + Twine(residualOffsetOpt) +
                               ": " + toString(std::move(err)));
  if (!std::isfinite(alphaOpt) || !std::isfinite(betaOpt))
    return makeBadInputError("--alpha and --beta must be finite");

  if (compareEpilogue) {
    if (noCublas)
      return makeBadInputError(
          "--compare-epilogue times cuBLAS and cuBLASLt: it cannot be "
          "combined with --no-cublas");
    if (Error err = checkEpilogueComparable(spec))
      return err;
  }
  return Error::success();
}

/// --fp8-inputs only for an FP8 kernel.
Error checkFp8Flags(const KernelSpec &spec) {
  if (fp8InputsOpt.getNumOccurrences() && !isScaledGemm(spec))
    return makeBadInputError(
        "--fp8-inputs was given, but kernel " + spec.name +
        " is not an FP8 GEMM (its types: a=" + getElementTypeName(spec.aType) +
        " b=" + getElementTypeName(spec.bType) + ")");
  return Error::success();
}

/// The layouts asked for with --layout-*, unset where not given.
struct RequestedLayouts {
  std::array<std::optional<MatrixLayout>, 3> layouts;
};

Expected<RequestedLayouts> parseRequestedLayouts() {
  RequestedLayouts requested;
  for (auto [operand, option] :
       {std::pair<Operand, cl::opt<std::string> *>(Operand::A, &layoutAOpt),
        {Operand::B, &layoutBOpt},
        {Operand::C, &layoutCOpt}}) {
    if (option->empty())
      continue;
    std::optional<MatrixLayout> layout = parseMatrixLayout(*option);
    if (!layout)
      return makeBadInputError("--layout-" + getOperandName(operand) +
                               "=" + *option + ": expected row or col");
    requested.layouts[static_cast<size_t>(operand)] = layout;
  }
  return requested;
}

/// The problem's layouts: the asked-for ones, the GEMM's as compiled
/// (KernelSpec::getSourceLayouts; row-major without a kernel) where none
/// was asked for.
MatrixLayouts getProblemLayouts(const KernelSpec *spec,
                                const RequestedLayouts &requested) {
  MatrixLayouts layouts = spec ? spec->getSourceLayouts() : MatrixLayouts();
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    if (std::optional<MatrixLayout> layout =
            requested.layouts[static_cast<size_t>(operand)])
      layouts.get(operand) = *layout;
  return layouts;
}

/// The problem shape for `spec`: getProblemLayouts, the packed leading
/// dimension of each layout where --ld* was not given, and as its
/// transposed problem where the kernel runs it that way.
GemmShape getShapeFor(const KernelSpec *spec,
                      const RequestedLayouts &requested) {
  MatrixLayouts layouts = getProblemLayouts(spec, requested);
  // Batch strides not given are packed.
  auto stride = [](const cl::opt<long long> &option) {
    return option.getNumOccurrences() ? std::optional<int64_t>(option)
                                      : std::nullopt;
  };
  GemmShape shape =
      GemmShape::get(mOpt, nOpt, kOpt, ldaOpt, ldbOpt, ldcOpt, layouts)
          .withBatch(batchOpt, stride(batchStrideAOpt),
                     stride(batchStrideBOpt), stride(batchStrideCOpt));
  // A problem in the kernel's transposed layouts runs as C^T = B^T·A^T.
  if (spec && runsTransposed(*spec, layouts))
    return getTransposedProblem(shape);
  return shape;
}

/// The batch options on their own: a batch count of at least 1, strides
/// that are not negative (verifyShape checks them against the matrices).
Error checkBatchOptions() {
  if (batchOpt < 1)
    return makeBadInputError("--batch=" + Twine(batchOpt) +
                             ": the batch count must be at least 1");
  for (auto [name, option] :
       {std::pair<StringRef, cl::opt<long long> *>("a", &batchStrideAOpt),
        {"b", &batchStrideBOpt},
        {"c", &batchStrideCOpt}})
    if (option->getNumOccurrences() && *option < 0)
      return makeBadInputError("--batch-stride-" + name + "=" +
                               Twine(*option) +
                               ": batch strides must not be negative");
  return Error::success();
}

/// Picks the kernel: by name, or the first that accepts the shape (falling
/// back to the first, whose refusal then explains the problem).
Expected<const KernelSpec *> selectKernel(const KernelBundle &bundle,
                                          const RequestedLayouts &requested) {
  if (!kernelName.empty()) {
    std::string names;
    for (const KernelSpec &spec : bundle.kernels) {
      if (spec.name == kernelName)
        return &spec;
      names += (names.empty() ? "" : ", ") + spec.name;
    }
    return makeBadInputError("no kernel '" + kernelName + "' in " +
                             bundle.path + " (it has: " + names + ")");
  }
  for (const KernelSpec &spec : bundle.kernels) {
    if (spec.kind != KernelKind::Gemm)
      continue;
    if (Error err =
            checkShapeSupported(spec, getShapeFor(&spec, requested))) {
      consumeError(std::move(err));
      continue;
    }
    return &spec;
  }
  return &bundle.kernels.front();
}

struct RunOutcome {
  int exitCode = ExitPass;
  std::optional<json::Value> json;
};

/// --compare-epilogue, once the bundle, kernel and device are checked.
Expected<RunOutcome> runComparison(const KernelSpec &spec,
                                   const KernelImages &images,
                                   const DeviceInfo &device,
                                   StringRef bundlePath,
                                   const GemmShape &shape) {
  EpilogueComparisonOptions options;
  options.warmupRuns = warmup;
  options.timedRuns = iterations;
  options.seed = seed;
  options.timing = !noTiming && iterations > 0;
  if (options.timing && iterations < 30)
    errs() << "gemm-run: warning: only " << iterations
           << " timed runs; use at least 30 for a stable median\n";
  Expected<EpilogueComparisonResult> result =
      runEpilogueComparison(device, spec, images, shape, options);
  if (!result)
    return result.takeError();
  EpilogueComparisonReport report;
  report.input = inputPath;
  report.bundlePath = bundlePath.str();
  report.device = &device;
  report.spec = &spec;
  report.shape = shape;
  report.options = options;
  report.result = &*result;
  printEpilogueComparison(outs(), report);
  outs().flush();
  RunOutcome outcome;
  outcome.exitCode = result->passed() ? ExitPass : ExitMismatch;
  if (!jsonOut.empty())
    outcome.json = toJSON(report);
  return std::move(outcome);
}

/// The grouped flags as given.
GroupedRequest getGroupedRequest(MatrixLayout bLayout) {
  GroupedRequest request;
  auto given = [](const auto &option) {
    return option.getNumOccurrences() > 0;
  };
  if (given(groupsOpt))
    request.groups = groupsOpt;
  if (given(routingOpt))
    request.routing = routingOpt;
  if (given(groupRowsOpt))
    request.groupRows = groupRowsOpt;
  if (given(tokensOpt))
    request.tokens = tokensOpt;
  if (given(graphReplaysOpt))
    request.graphReplays = graphReplaysOpt;
  request.m = mOpt;
  request.n = nOpt;
  request.k = kOpt;
  request.seed = seed;
  request.bLayout = bLayout;
  return request;
}

/// Flags a grouped kernel does not take.
Error checkGroupedFlags(const KernelSpec &spec) {
  for (auto [given, flag] :
       {std::pair<bool, StringRef>(batchOpt.getNumOccurrences() > 0, "--batch"),
        {batchStrideAOpt.getNumOccurrences() > 0 ||
             batchStrideBOpt.getNumOccurrences() > 0 ||
             batchStrideCOpt.getNumOccurrences() > 0,
         "--batch-stride-*"},
        {ldaOpt || ldbOpt || ldcOpt, "--lda/--ldb/--ldc"},
        {compareEpilogue, "--compare-epilogue"},
        {residualOffsetOpt.getNumOccurrences() > 0, "--residual-offset"},
        {layoutAOpt.getNumOccurrences() > 0 ||
             layoutCOpt.getNumOccurrences() > 0,
         "--layout-a/--layout-c"}})
    if (given)
      return makeBadInputError(flag + " was given, but grouped kernel " +
                               spec.name +
                               " takes packed row-major A and C, the groups "
                               "from --groups and the rows from --routing or "
                               "--group-rows");
  return Error::success();
}

/// A grouped kernel, once the bundle and kernel are chosen.
Expected<RunOutcome> runGrouped(const KernelSpec &spec, StringRef bundlePath,
                                const RequestedLayouts &requested) {
  if (Error err = checkGroupedFlags(spec))
    return std::move(err);
  if (Error err = checkEpilogueFlags(spec))
    return std::move(err);
  if (Error err = checkFp8Flags(spec))
    return std::move(err);
  Expected<GroupedProblem> problem = makeGroupedProblem(
      spec, getGroupedRequest(getProblemLayouts(&spec, requested).b));
  if (!problem)
    return problem.takeError();
  GemmShape shape = problem->getShape();
  if (Error err = checkGroupedLaunch(spec, *problem))
    return std::move(err);
  Expected<KernelImages> images = readKernelImages(spec);
  if (!images)
    return images.takeError();
  Expected<DeviceInfo> device = openDevice(deviceOrdinal);
  if (!device)
    return device.takeError();
  if (Expected<ImageKind> kind = chooseImage(spec, *images, *device); !kind)
    return kind.takeError();
  if (Error err = checkDeviceFeatures(spec, *device))
    return std::move(err);

  GroupedOptions options;
  options.common.warmupRuns = warmup;
  options.common.timedRuns = iterations;
  options.common.seed = seed;
  options.common.timing = !noTiming && iterations > 0;
  options.common.cublasReference = !noCublas;
  options.common.fp8Inputs = fp8InputsOpt;
  options.common.alpha = alphaOpt;
  options.common.beta = betaOpt;
  options.graphReplays =
      getGraphReplays(spec, getGroupedRequest(shape.layouts.b));
  if (options.common.timing && iterations < 30)
    errs() << "gemm-run: warning: only " << iterations
           << " timed runs; use at least 30 for a stable median\n";
  Expected<GroupedResult> result =
      runGroupedBenchmark(*device, spec, *images, *problem, options);
  if (!result)
    return result.takeError();
  GroupedReport report;
  report.input = inputPath;
  report.bundlePath = bundlePath.str();
  report.device = &*device;
  report.spec = &spec;
  report.problem = &*problem;
  report.options = &options;
  report.result = &*result;
  printGroupedReport(outs(), report);
  outs().flush();
  RunOutcome outcome;
  outcome.exitCode = result->passed() ? ExitPass : ExitMismatch;
  if (!jsonOut.empty())
    outcome.json = toJSON(report);
  return std::move(outcome);
}

/// Everything after option parsing; errors come back as llvm::Error.
Expected<RunOutcome> run(const char *argv0, const RequestedLayouts &requested,
                         GemmShape &shape) {
  if (Error err = checkBatchOptions())
    return std::move(err);
  // Fail before compiling where the shape alone is wrong (with every layout
  // given; otherwise the kernel's layouts decide the leading dimensions).
  if (llvm::all_of(requested.layouts, [](auto layout) { return layout; }))
    if (Error err = verifyShape(shape))
      return std::move(err);

  // A .mlir schedule is compiled to a bundle in a temporary directory.
  std::string bundlePath = inputPath;
  SmallString<256> tempDirectory;
  scope_exit cleanup([&] {
    if (!tempDirectory.empty() && !keepTemps)
      (void)sys::fs::remove_directories(tempDirectory);
  });
  StringRef extension = sys::path::extension(inputPath);
  if (extension == ".mlir") {
    if (std::error_code ec =
            sys::fs::createUniqueDirectory("gemm-run", tempDirectory))
      return makeBadInputError("cannot create a temporary directory: " +
                               ec.message());
    if (keepTemps)
      errs() << "gemm-run: compiling into " << tempDirectory << "\n";
    Expected<std::string> compiled = compileSchedule(argv0, tempDirectory);
    if (!compiled)
      return compiled.takeError();
    bundlePath = *compiled;
  } else if (extension != ".json") {
    return makeBadInputError("input '" + inputPath +
                             "' is neither a kernel bundle (.json) nor a "
                             "schedule (.mlir)");
  }

  // Everything that can be checked without a GPU is checked first.
  Expected<KernelBundle> bundle = loadKernelBundle(bundlePath);
  if (!bundle)
    return bundle.takeError();
  Expected<const KernelSpec *> spec = selectKernel(*bundle, requested);
  if (!spec)
    return spec.takeError();
  shape = getShapeFor(*spec, requested);
  // Scales belong to A's rows and B's columns: they do not follow A and B
  // into the transposed problem.
  if (isScaledGemm(**spec) &&
      runsTransposed(**spec, getProblemLayouts(*spec, requested)))
    return makeBadInputError("FP8 kernel " + (*spec)->name +
                             " runs the layouts it was compiled "
                             "for, " +
                             (*spec)->layouts.str() +
                             ", not their transposed problem");
  if (MatrixLayouts layouts = getProblemLayouts(*spec, requested);
      runsTransposed(**spec, layouts))
    outs() << "problem  : " << mOpt << "x" << nOpt << "x" << kOpt << " ("
           << layouts.str()
           << "), run as its transpose C^T = B^T*A^T (A and B, M and N "
              "exchanged)\n";
  if ((*spec)->kind != KernelKind::Gemm)
    return makeBadInputError("kernel " + (*spec)->name + " of " + bundlePath +
                             " is a " + getKernelKindName((*spec)->kind) +
                             " kernel: run it with transpose-run");
  // A grouped kernel takes --groups, any other refuses the grouped flags.
  if (Error err =
          checkNoGroupedFlags(**spec, getGroupedRequest(MatrixLayout::Row)))
    return std::move(err);
  if ((*spec)->grouped)
    return runGrouped(**spec, bundlePath, requested);
  if (Error err = checkShapeSupported(**spec, shape))
    return std::move(err);
  if (Error err = checkEpilogueFlags(**spec))
    return std::move(err);
  if (Error err = checkFp8Flags(**spec))
    return std::move(err);
  // The SM count only sizes persistent grids; the device's is used later.
  if (Expected<LaunchGrid> grid =
          computeGrid(**spec, shape, /*multiprocessorCount=*/1);
      !grid)
    return grid.takeError();
  Expected<KernelImages> images = readKernelImages(**spec);
  if (!images)
    return images.takeError();

  Expected<DeviceInfo> device = openDevice(deviceOrdinal);
  if (!device)
    return device.takeError();
  if (Expected<ImageKind> kind = chooseImage(**spec, *images, *device); !kind)
    return kind.takeError();
  if (Error err = checkDeviceFeatures(**spec, *device))
    return std::move(err);

  if (compareEpilogue) {
    if ((*spec)->stridedBatch)
      return makeBadInputError("--compare-epilogue compares fused epilogues; "
                               "batched kernel " +
                               (*spec)->name + " fuses none");
    return runComparison(**spec, *images, *device, bundlePath, shape);
  }

  BenchmarkOptions options;
  options.warmupRuns = warmup;
  options.timedRuns = iterations;
  options.seed = seed;
  options.timing = !noTiming && iterations > 0;
  options.cublasReference = !noCublas;
  options.alpha = alphaOpt;
  options.beta = betaOpt;
  options.fp8Inputs = fp8InputsOpt;
  // Applied only where the kernel adds a residual (checkEpilogueFlags
  // refused the flag otherwise).
  if ((*spec)->epilogue.residual)
    options.residualOffset = residualOffsetOpt;
  if (options.timing && iterations < 30)
    errs() << "gemm-run: warning: only " << iterations
           << " timed runs; use at least 30 for a stable median\n";
  // A batched kernel runs the batched problem (any batch count); an FP8
  // kernel runs against cuBLASLt's FP8 matmul (batched: over the strided
  // batch).
  Expected<BenchmarkResult> result =
      (*spec)->stridedBatch && isScaledGemm(**spec)
          ? runBatchedScaledBenchmark(*device, **spec, *images, shape, options)
      : (*spec)->stridedBatch
          ? runBatchedBenchmark(*device, **spec, *images,
                                GemmProblem::get(shape, (*spec)->aType,
                                                 (*spec)->bType,
                                                 (*spec)->cType),
                                options)
      : isScaledGemm(**spec)
          ? runScaledBenchmark(*device, **spec, *images, shape, options)
          : runBenchmark(*device, **spec, *images, shape, options);
  if (!result)
    return result.takeError();

  RunReport report;
  report.input = inputPath;
  report.bundlePath = bundlePath;
  report.device = &*device;
  report.spec = *spec;
  report.shape = shape;
  report.options = options;
  report.result = &*result;
  printReport(outs(), report);
  outs().flush();
  RunOutcome outcome;
  outcome.exitCode = result->passed() ? ExitPass : ExitMismatch;
  if (!jsonOut.empty())
    outcome.json = toJSON(report);
  return std::move(outcome);
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(gemmRunCategory);
  cl::SetVersionPrinter([](raw_ostream &os) {
    gemm_opt::printToolVersion(os);
    os << "bundle format " << BundleFormatName << "\n";
  });
  static const std::string exitCodeHelp =
      "\nExit codes: 0 pass, 1 numerical mismatch (or NaN/Inf), 2 bad input "
      "/ usage / unsupported shape or chip, 3 no CUDA driver or device, 4 "
      "other CUDA or cuBLAS failure.\n" +
      describeTolerances() + "\n";
  static cl::extrahelp extraHelp(exitCodeHelp);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "gemm-run: run a gemm-opt kernel, check it against cuBLAS and an "
          "fp64 reference, and time it against cuBLAS\n",
          &errs()))
    return ExitBadInput;

  // Until a kernel is chosen, the asked-for layouts and row-major for the
  // others (their leading dimensions are checked again for the kernel's).
  Expected<RequestedLayouts> requested = parseRequestedLayouts();
  GemmShape shape = getShapeFor(nullptr, requested ? *requested
                                                    : RequestedLayouts());
  Expected<RunOutcome> outcome =
      requested ? run(argv[0], *requested, shape)
                : Expected<RunOutcome>(requested.takeError());
  int exitCode;
  std::optional<json::Value> json;
  if (outcome) {
    exitCode = outcome->exitCode;
    json = std::move(outcome->json);
  } else {
    ErrorSummary summary = summarizeError(outcome.takeError());
    exitCode = summary.exitCode;
    errs() << "gemm-run: error: " << summary.message << "\n";
    if (!jsonOut.empty())
      json = makeErrorJSON(inputPath, shape, exitCode, summary.message);
  }
  if (json && !jsonOut.empty()) {
    if (Error err = writeJSONFile(jsonOut, *json)) {
      errs() << "gemm-run: error: " << toString(std::move(err)) << "\n";
      if (exitCode == ExitPass)
        exitCode = ExitBadInput;
    }
  }
  return exitCode;
}
