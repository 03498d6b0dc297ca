//===- transpose-run.cpp - Run, check and time a gemm-opt transpose -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   transpose-run BUNDLE.json -m M -n N [--lds L] [--ldd L] [--batch B]
//                 [--kernel NAME] [--iterations 100] [--warmup 5] [--seed S]
//                 [--no-timing]
//
// BUNDLE is a kernel bundle holding a "transpose" kernel (compile a
// tile.transpose schedule with `gemm-translate --to-bundle`). src is M×N
// (leading dimension lds, default N), dst N×M (ldd, default M), both
// row-major; --batch B runs B packed pairs through a batched kernel (a
// tile.transpose on 3-D memrefs). The output is checked bit for bit against
// srcᵀ and timed next to a device-to-device copy of the same bytes (see
// TransposeBenchmark.h).
//
// Exit codes: 0 pass, 1 mismatch, 2 bad input / usage / unsupported chip,
// 3 no CUDA driver or device, 4 other CUDA failure.
//
//===----------------------------------------------------------------------===//

#include "runtime/Device.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposeBenchmark.h"
#include "tools/ToolVersion.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

cl::OptionCategory category("transpose-run options");

cl::opt<std::string> bundlePath(cl::Positional, cl::Required,
                                cl::desc("<kernel bundle .json>"),
                                cl::cat(category));
cl::opt<long long> mOpt("m", cl::Required, cl::desc("Rows of src (M)"),
                        cl::value_desc("M"), cl::cat(category));
cl::opt<long long> nOpt("n", cl::Required, cl::desc("Columns of src (N)"),
                        cl::value_desc("N"), cl::cat(category));
cl::opt<long long> ldsOpt("lds", cl::init(0), cl::value_desc("L"),
                          cl::desc("Leading dimension of src (default N)"),
                          cl::cat(category));
cl::opt<long long> lddOpt("ldd", cl::init(0), cl::value_desc("L"),
                          cl::desc("Leading dimension of dst (default M)"),
                          cl::cat(category));
cl::opt<long long> batchOpt("batch", cl::init(1), cl::value_desc("B"),
                            cl::desc("Matrices to transpose, packed (needs a "
                                     "batched kernel when above 1)"),
                            cl::cat(category));
cl::opt<std::string> kernelName("kernel",
                                cl::desc("Transpose kernel of the bundle to "
                                         "run (default: the first)"),
                                cl::value_desc("NAME"), cl::cat(category));
cl::opt<unsigned> iterations("iterations", cl::init(100), cl::value_desc("N"),
                             cl::desc("Timed runs of the kernel and of the "
                                      "copy"),
                             cl::cat(category));
cl::opt<unsigned> warmup("warmup", cl::init(5), cl::value_desc("N"),
                         cl::desc("Untimed warm-up runs of each"),
                         cl::cat(category));
cl::opt<unsigned long long> seed("seed", cl::init(1), cl::value_desc("S"),
                                 cl::desc("Seed of the random src"),
                                 cl::cat(category));
cl::opt<bool> noTiming("no-timing", cl::desc("Only run and check once"),
                       cl::cat(category));
cl::opt<int> deviceOrdinal("device", cl::init(0), cl::value_desc("I"),
                           cl::desc("CUDA device to use"), cl::cat(category));

Expected<const KernelSpec *> selectKernel(const KernelBundle &bundle) {
  std::string names;
  for (const KernelSpec &spec : bundle.kernels) {
    if (spec.kind == KernelKind::Transpose &&
        (kernelName.empty() || spec.name == kernelName))
      return &spec;
    names += (names.empty() ? "" : ", ") + spec.name + " (" +
             getKernelKindName(spec.kind).str() + ")";
  }
  return makeBadInputError(
      (kernelName.empty() ? Twine("no transpose kernel")
                          : "no transpose kernel '" + kernelName + "'") +
      " in " + bundle.path + " (it has: " + names + ")");
}

void printTiming(raw_ostream &os, StringRef what, const TimingStats &stats,
                 double gbs) {
  os << format("  %-9s median %8.4f ms  (min %.4f, max %.4f, %u runs)  "
               "%8.1f GB/s\n",
               what.str().c_str(), stats.medianMs, stats.minMs, stats.maxMs,
               stats.runs, gbs);
}

Expected<int> run() {
  TransposeShape shape = TransposeShape::get(mOpt, nOpt, ldsOpt, lddOpt);
  shape.batch = batchOpt;
  if (shape.batch > 1) {
    shape.batchStrideSrc = shape.rows * shape.ldSrc;
    shape.batchStrideDst = shape.cols * shape.ldDst;
  }
  if (Error err = verifyTransposeShape(shape))
    return std::move(err);
  Expected<KernelBundle> bundle = loadKernelBundle(bundlePath);
  if (!bundle)
    return bundle.takeError();
  Expected<const KernelSpec *> spec = selectKernel(*bundle);
  if (!spec)
    return spec.takeError();
  if (Error err = checkTransposeBenchmarkShape(**spec, shape))
    return std::move(err);
  Expected<KernelImages> images = readKernelImages(**spec);
  if (!images)
    return images.takeError();
  Expected<DeviceInfo> device = openDevice(deviceOrdinal);
  if (!device)
    return device.takeError();
  if (Expected<ImageKind> kind = chooseImage(**spec, *images, *device); !kind)
    return kind.takeError();

  TransposeOptions options;
  options.warmupRuns = warmup;
  options.timedRuns = iterations;
  options.seed = seed;
  options.timing = !noTiming && iterations > 0;
  Expected<TransposeResult> result =
      runTransposeBenchmark(*device, **spec, *images, shape, options);
  if (!result)
    return result.takeError();

  raw_ostream &os = outs();
  const MatrixMoveKernelSpec &transpose = *(*spec)->matrixMove;
  os << "device:    " << device->name << " (" << device->getArchName()
     << ", " << device->multiprocessorCount << " SMs)\n";
  os << "kernel:    " << (*spec)->name << " from " << bundlePath << "\n";
  os << "transpose: src " << shape.rows << "x" << shape.cols << " (lds "
     << shape.ldSrc << ") -> dst " << shape.cols << "x" << shape.rows
     << " (ldd " << shape.ldDst << ")"
     << (shape.batch > 1 ? ", batch " + std::to_string(shape.batch) : "")
     << ", "
     << getElementTypeName(transpose.elementType) << ", tile "
     << transpose.tileRows << "x" << transpose.tileCols << ", vector "
     << transpose.vectorElements << "\n";
  const LaunchGrid &grid = result->grid;
  const KernelFunctionInfo &info = result->kernelInfo;
  os << "launch:    grid [" << grid.dims[0] << ", " << grid.dims[1] << ", "
     << grid.dims[2] << "], block " << (*spec)->getThreadsPerBlock()
     << ", dynamic smem " << (*spec)->dynamicSharedMemoryBytes << " B, "
     << info.registersPerThread << " registers, " << info.localBytesPerThread
     << " B local, " << info.activeBlocksPerMultiprocessor
     << " blocks/SM\n";
  const TransposeCheck &check = result->check;
  os << "check:     " << (check.passed() ? "PASS" : "FAIL")
     << " (bit-exact vs srcᵀ: " << check.mismatches << " mismatches, "
     << check.clobberedPadding << " dst padding entries overwritten)\n";
  if (check.first)
    os << format("           first mismatch entry %lld, dst[%lld][%lld]: "
                 "expected 0x%llx, got 0x%llx\n",
                 (long long)check.first->entry, (long long)check.first->dstRow,
                 (long long)check.first->dstCol,
                 (unsigned long long)check.first->expectedBits,
                 (unsigned long long)check.first->actualBits);
  if (result->kernelTiming && result->copyTiming) {
    os << "timing:    (bytes read + written: " << result->bytesMoved
       << "; L2 flushed before each run)\n";
    printTiming(os, "transpose", *result->kernelTiming, result->kernelGBs());
    printTiming(os, "D2D copy", *result->copyTiming, result->copyGBs());
    double ratio = result->copyGBs() > 0.0
                       ? result->kernelGBs() / result->copyGBs()
                       : 0.0;
    os << format("  transpose / copy bandwidth: %.1f%%\n", 100.0 * ratio);
  }
  os.flush();
  return check.passed() ? ExitPass : ExitMismatch;
}

} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  gemm_opt::setToolVersionPrinter();
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "transpose-run: run a gemm-opt transpose kernel, check it bit for "
          "bit and time it against a device-to-device copy\n",
          &errs()))
    return ExitBadInput;
  Expected<int> exitCode = run();
  if (exitCode)
    return *exitCode;
  ErrorSummary summary = summarizeError(exitCode.takeError());
  errs() << "transpose-run: error: " << summary.message << "\n";
  return summary.exitCode;
}
