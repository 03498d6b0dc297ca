//===- gemm-jit-example.cpp - compile and run a GEMM through the JIT API --===//
//
//   gemm-jit-example [--compile-only | --launches N] [schedule.mlir] [M N K]
//
// Compiles a schedule in-process (default: examples/gemm_bf16_wgmma_sm90.mlir,
// embedded at build time), fills A and B with random bf16 values on the GPU,
// launches the kernel through GemmJit on a stream, runs cuBLAS on the same
// inputs and compares: prints PASS or FAIL with the relative Frobenius error.
// --compile-only stops after compiling (no GPU needed; what CI runs).
// --launches N launches the kernel N times on the same buffers, poisoning C
// before each, and checks the last result: a split_k kernel reuses its
// workspace, so this checks that each launch leaves it ready for the next.
//
// Exit codes (as gemm-run's): 0 pass, 1 mismatch, 2 bad input or compile
// error, 3 no CUDA driver/GPU, 4 other CUDA or cuBLAS failure.
//
//===----------------------------------------------------------------------===//

#include "EmbeddedSchedule.h"

#include "jit/GemmJit.h"
#include "runtime/CublasReference.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/GemmShape.h"
#include "runtime/HostMatrix.h"
#include "runtime/RuntimeError.h"
#include "runtime/Validation.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <string>

using namespace llvm;
using namespace gemm_opt;
using namespace gemm_opt::runtime;

namespace {

struct Outcome {
  bool passed = false;
};

Expected<Outcome> run(StringRef scheduleText, StringRef scheduleName,
                      const GemmShape &shape, bool compileOnly,
                      int launches) {
  // Without a GPU there is nothing to check against: say so first.
  if (!compileOnly) {
    Expected<DeviceInfo> device = openDevice(0);
    if (!device)
      return device.takeError();
    outs() << "device: " << device->name << " (" << device->getArchName()
           << ")\n";
  }

  jit::GemmJit compiler;
  auto start = std::chrono::steady_clock::now();
  Expected<std::shared_ptr<jit::GemmKernel>> kernel =
      compiler.compile(scheduleText, scheduleName);
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  if (!kernel)
    return makeBadInputError(toString(kernel.takeError()));
  jit::JitStatistics stats = compiler.getStatistics();
  outs() << "compiled " << (*kernel)->getSpec().name << " in "
         << format("%.3f s", seconds)
         << (stats.diskHits ? " (disk cache hit)" : "") << "\n";

  const KernelSpec &spec = (*kernel)->getSpec();
  if (compileOnly) {
    outs() << "cubin: " << (*kernel)->getCompiled().cubin.size()
           << " bytes for " << spec.chipName << "\n"
           << (*kernel)->getCompiled().ptxasReport;
    return Outcome{true};
  }
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
  for (int launch = 0; launch < launches; ++launch) {
    // Poison C (all-ones bytes are NaN in bf16/f16/f32): unwritten entries
    // fail.
    if (Error error = c->fill(0xff, stream))
      return std::move(error);
    if (Error error = (*kernel)->launch(arguments, stream))
      return std::move(error);
  }
  if (launches > 1)
    outs() << "launched " << launches << " times\n";

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
  cudaStreamDestroy(stream);

  double tolerance = getTolerance(spec.aType, spec.cType);
  ErrorMetric metric = compareMatrices(hostC, hostReference, tolerance);
  outs() << (metric.passed ? "PASS" : "FAIL") << " " << shape.str()
         << " vs cuBLAS: relative error "
         << format("%.3e", metric.relativeFrobenius) << " (tolerance "
         << format("%.1e", tolerance) << ", " << metric.nonFiniteCount
         << " non-finite)\n";
  return Outcome{metric.passed};
}

} // namespace

int main(int argc, char **argv) {
  std::string scheduleText = EmbeddedScheduleText;
  std::string scheduleName = EmbeddedScheduleName;
  int next = 1;
  bool compileOnly = false;
  int launches = 1;
  if (argc > next && StringRef(argv[next]) == "--compile-only") {
    compileOnly = true;
    ++next;
  } else if (argc > next + 1 && StringRef(argv[next]) == "--launches") {
    if (StringRef(argv[next + 1]).getAsInteger(10, launches) || launches < 1) {
      errs() << "gemm-jit-example: error: --launches needs a positive count, "
                "got '"
             << argv[next + 1] << "'\n";
      return ExitBadInput;
    }
    next += 2;
  }
  if (argc > next && StringRef(argv[next]).ends_with(".mlir")) {
    auto buffer = MemoryBuffer::getFile(argv[next]);
    if (!buffer) {
      errs() << "gemm-jit-example: error: cannot read " << argv[next] << ": "
             << buffer.getError().message() << "\n";
      return ExitBadInput;
    }
    scheduleText = (*buffer)->getBuffer().str();
    scheduleName = argv[next];
    ++next;
  }
  int64_t sizes[3] = {2048, 2048, 2048};
  if (argc == next + 3) {
    for (int i = 0; i < 3; ++i)
      sizes[i] = std::atoll(argv[next + i]);
  } else if (argc != next) {
    errs() << "usage: gemm-jit-example [--compile-only | --launches N] "
              "[schedule.mlir] [M N K]\n";
    return ExitBadInput;
  }

  Expected<Outcome> outcome =
      run(scheduleText, scheduleName,
          GemmShape::get(sizes[0], sizes[1], sizes[2]), compileOnly,
          launches);
  if (!outcome) {
    ErrorSummary summary = summarizeError(outcome.takeError());
    if (summary.exitCode == ExitNoDevice)
      errs() << "gemm-jit-example: no CUDA driver/GPU: " << summary.message
             << "\n";
    else
      errs() << "gemm-jit-example: error: " << summary.message << "\n";
    return summary.exitCode;
  }
  return outcome->passed ? ExitPass : ExitMismatch;
}
