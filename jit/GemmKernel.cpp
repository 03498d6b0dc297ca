//===- GemmKernel.cpp - a compiled GEMM, ready to launch ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/GemmKernel.h"

#include "jit/SplitKWorkspaces.h"
#include "runtime/Device.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelArguments.h"
#include "runtime/KernelModule.h"
#include "runtime/LaunchGrid.h"
#include "runtime/OperandAlignment.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposedProblem.h"
#include "runtime/WholeTileVariant.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <tuple>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

/// Identifies the tensor maps a launch needs.
using ArgumentsKey =
    std::tuple<const void *, const void *, void *, int64_t, int64_t, int64_t,
               int64_t, int64_t, int64_t, float, float, const void *,
               const void *, int64_t, int64_t, int64_t, int64_t>;

/// Whether `spec` runs the caller's row-major problem as its transpose
/// C^T = B^T·A^T (a schedule with every operand column-major;
/// runtime/TransposedProblem.h).
static bool runsTransposed(const KernelSpec &spec) {
  return runtime::runsTransposed(spec, MatrixLayouts());
}

/// `args` as the kernel takes them: as given, or for a kernel that runs the
/// transposed problem with A's and B's pointers exchanged (the shape is
/// getKernelShape's).
static GemmArguments getKernelArguments(const KernelSpec &spec,
                                        GemmArguments args) {
  if (runsTransposed(spec))
    std::swap(args.a, args.b);
  return args;
}

/// The addresses of A, B and C in `args`.
static OperandAddresses getOperandAddresses(const GemmArguments &args) {
  return {reinterpret_cast<uint64_t>(args.a), reinterpret_cast<uint64_t>(args.b),
          reinterpret_cast<uint64_t>(args.c)};
}

/// The fused epilogue's operands in `args`.
static EpilogueArguments getEpilogueArguments(const GemmArguments &args) {
  return {args.alpha, args.beta, reinterpret_cast<uint64_t>(args.bias),
          reinterpret_cast<uint64_t>(args.residual)};
}

/// The shape the kernel runs for the caller's row-major `args`, batch
/// entries included: theirs, or its transposed problem.
static GemmShape getKernelShape(const KernelSpec &spec,
                                const GemmArguments &args) {
  GemmShape shape =
      GemmShape::get(args.m, args.n, args.k, args.lda, args.ldb, args.ldc)
          .withBatch(args.batch, args.batchStrideA, args.batchStrideB,
                     args.batchStrideC);
  return runsTransposed(spec) ? getTransposedProblem(shape) : shape;
}

struct GemmKernel::DeviceState {
  DeviceInfo device;
  std::optional<KernelModule> module;
  /// split_k kernels: one workspace per shape, shared by all the argument
  /// sets of that shape (SplitKWorkspaces.h). Declared before `arguments`,
  /// whose parameters point into it, so that it is destroyed after them.
  std::optional<SplitKWorkspaces> workspaces;
  std::map<ArgumentsKey, KernelArguments> arguments;
};

/// Whether `spec` takes a split_k workspace.
static bool takesWorkspace(const KernelSpec &spec) {
  return llvm::any_of(spec.parameters, [](const KernelParamSpec &p) {
    return p.kind == KernelParamSpec::Kind::Workspace;
  });
}

GemmKernel::GemmKernel(CompiledKernel compiled)
    : compiled(std::move(compiled)) {}

GemmKernel::~GemmKernel() = default;

/// The one kernel `bundleEntry` (a bundle's kernel entry) describes.
static Expected<KernelSpec> parseBundleEntry(StringRef bundleEntry) {
  std::string bundle = "{\"format\": \"" + BundleFormatName.str() +
                       "\", \"kernels\": [" + bundleEntry.str() + "]}";
  Expected<KernelBundle> parsed =
      parseKernelBundle(bundle, "", "compiled kernel");
  if (!parsed)
    return parsed.takeError();
  if (parsed->kernels.size() != 1)
    return makeBadInputError("a compiled kernel must describe one kernel");
  return std::move(parsed->kernels[0]);
}

Expected<std::shared_ptr<GemmKernel>>
GemmKernel::create(CompiledKernel compiled) {
  Expected<KernelSpec> spec = parseBundleEntry(compiled.bundleEntry);
  if (!spec)
    return spec.takeError();
  std::shared_ptr<GemmKernel> kernel(new GemmKernel(std::move(compiled)));
  std::call_once(kernel->specOnce,
                 [&] { kernel->spec.emplace(std::move(*spec)); });
  return kernel;
}

std::shared_ptr<GemmKernel>
GemmKernel::createParsedLater(CompiledKernel compiled) {
  return std::shared_ptr<GemmKernel>(new GemmKernel(std::move(compiled)));
}

Expected<const KernelSpec *> GemmKernel::getParsedSpec() const {
  std::call_once(specOnce, [&] {
    Expected<KernelSpec> parsed = parseBundleEntry(compiled.bundleEntry);
    if (parsed)
      spec.emplace(std::move(*parsed));
    else
      specError = toString(parsed.takeError());
  });
  if (!spec)
    return makeBadInputError("the launch metadata of a cached kernel does "
                             "not parse: " +
                             specError);
  return &*spec;
}

Expected<const KernelSpec &> GemmKernel::getSpec() const {
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  return **parsed;
}

static std::string formatAddress(const void *pointer) {
  std::string text;
  raw_string_ostream(text) << format_hex(reinterpret_cast<uint64_t>(pointer),
                                         0);
  return text;
}

static std::string formatScalar(float value) {
  std::string text;
  raw_string_ostream(text) << format("%g", value);
  return text;
}

Error GemmKernel::checkArguments(const GemmArguments &callerArgs) const {
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  const KernelSpec &spec = **parsed;
  if (Error error =
          checkKernelArguments(spec, getKernelArguments(spec, callerArgs),
                               getKernelShape(spec, callerArgs)))
    return runsTransposed(spec)
               ? addErrorContext(std::move(error),
                                 "schedule '" + spec.name +
                                     "' runs C^T = B^T*A^T: its A is the "
                                     "caller's B and its M the caller's N")
               : std::move(error);
  return Error::success();
}

Error GemmKernel::checkKernelArguments(const KernelSpec &spec,
                                       const GemmArguments &args,
                                       const GemmShape &shape) {
  // GemmArguments carries no scales, so an FP8 kernel would read null
  // scale pointers: refuse it until the JIT passes them.
  if (spec.scaling)
    return makeBadInputError(
        "schedule '" + spec.name +
        "' is an FP8 GEMM (8-bit A and B with scales), which the JIT does not "
        "launch yet: run its bundle with gemm-run");
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  if (!epilogue.alphaBeta && (args.alpha != 1.0f || args.beta != 0.0f))
    return makeBadInputError(
        "schedule '" + spec.name +
        "' has no alpha/beta epilogue; alpha must be 1 and beta 0 (got "
        "alpha = " +
        formatScalar(args.alpha) + ", beta = " + formatScalar(args.beta) +
        ")");
  bool hasBias = epilogue.bias != EpilogueBias::None;
  if (args.bias && !hasBias)
    return makeBadInputError("schedule '" + spec.name +
                             "' has no bias epilogue; bias must be null");
  if (!args.bias && hasBias)
    return makeBadInputError(
        "schedule '" + spec.name + "' has a bias epilogue (bias = " +
        getEpilogueBiasName(epilogue.bias) + "); bias must not be null");
  if (args.residual && !epilogue.residual)
    return makeBadInputError("schedule '" + spec.name +
                             "' has no residual epilogue; residual must be "
                             "null");
  if (!args.residual && epilogue.residual)
    return makeBadInputError("schedule '" + spec.name +
                             "' has a residual epilogue; residual must not "
                             "be null");
  // A and B read through TMA need only their element alignment (launch
  // stages them where TMA cannot read in place); C and the epilogue's bias
  // and residual, which the kernel accesses itself, min_alignment_bytes.
  struct PointerCheck {
    const char *name;
    const void *pointer;
    int64_t alignment;
    bool staged;   ///< Read through TMA, staged where unaligned.
    bool required; ///< The bias and residual were checked above.
  };
  for (auto [name, pointer, alignment, staged, required] :
       {PointerCheck{"A", args.a, getOperandAlignmentBytes(spec, Operand::A),
                     isStagedOperand(spec, Operand::A), true},
        PointerCheck{"B", args.b, getOperandAlignmentBytes(spec, Operand::B),
                     isStagedOperand(spec, Operand::B), true},
        PointerCheck{"C", args.c, getOperandAlignmentBytes(spec, Operand::C),
                     false, true},
        PointerCheck{"the bias", args.bias,
                     getEpilogueOperandAlignmentBytes(spec), false, false},
        PointerCheck{"the residual", args.residual,
                     getEpilogueOperandAlignmentBytes(spec), false, false}}) {
    if (!pointer) {
      if (!required)
        continue;
      return makeBadInputError(Twine("the device pointer of ") + name +
                               " is null");
    }
    if (reinterpret_cast<uint64_t>(pointer) % alignment != 0)
      return makeBadInputError(
          Twine(name) + " at " + formatAddress(pointer) + " is not " +
          Twine(alignment) + "-byte aligned; schedule '" + spec.name +
          "' needs " + (staged ? "whole elements of " : "") + name + " " +
          (staged ? "(it reads it through TMA, staged where unaligned)"
                  : "aligned to its min_alignment_bytes " + Twine(alignment) +
                        " (the kernel accesses it itself)"));
  }
  if (Error error = verifyShape(shape))
    return error;
  if (Error error = checkShapeSupported(spec, shape))
    return addErrorContext(std::move(error), "schedule '" + spec.name + "'");
  return Error::success();
}

Expected<std::string>
GemmKernel::getLaunchedKernelName(const GemmArguments &callerArgs) const {
  if (Error error = checkArguments(callerArgs))
    return std::move(error);
  Expected<const KernelSpec &> parsed = getSpec();
  if (!parsed)
    return parsed.takeError();
  const KernelSpec &spec = *parsed;
  GemmArguments args = getKernelArguments(spec, callerArgs);
  if (takesWholeTileVariant(spec, getKernelShape(spec, callerArgs),
                            getOperandAddresses(args),
                            getEpilogueArguments(args)))
    return spec.wholeTileVariant->name;
  return spec.name;
}

Expected<GemmKernel::DeviceState *> GemmKernel::getDeviceState() {
  int ordinal = 0;
  if (cudaGetDevice(&ordinal) != cudaSuccess) {
    (void)cudaGetLastError();
    ordinal = 0; // openDevice explains what is missing.
  }
  auto found = devices.find(ordinal);
  if (found != devices.end())
    return found->second.get();
  Expected<DeviceInfo> device = openDevice(ordinal);
  if (!device)
    return device.takeError();
  auto state = std::make_unique<DeviceState>();
  state->device = std::move(*device);
  DeviceState *result = state.get();
  devices.emplace(ordinal, std::move(state));
  return result;
}

Error GemmKernel::launch(const GemmArguments &callerArgs,
                         cudaStream_t stream) {
  if (Error error = checkArguments(callerArgs))
    return error;
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  const KernelSpec &spec = **parsed;
  GemmArguments args = getKernelArguments(spec, callerArgs);
  GemmShape shape = getKernelShape(spec, callerArgs);

  std::lock_guard<std::mutex> guard(mutex);
  Expected<DeviceState *> state = getDeviceState();
  if (!state)
    return state.takeError();
  DeviceState &device = **state;
  if (!device.module) {
    KernelImages images;
    images.cubin = compiled.cubin;
    Expected<KernelModule> module =
        KernelModule::load(spec, images, device.device);
    if (!module)
      return module.takeError();
    device.module.emplace(std::move(*module));
  }
  Expected<LaunchGrid> grid =
      computeGridForModule(spec, shape, device.device, *device.module);
  if (!grid)
    return grid.takeError();

  // split_k: this shape's workspace, after the previous launch that used
  // it (on whichever stream).
  std::optional<SplitKWorkspaces::Use> workspace;
  if (takesWorkspace(spec)) {
    if (!device.workspaces)
      device.workspaces.emplace(createCudaWorkspaceDevice());
    Expected<SplitKWorkspaces::Use> use =
        device.workspaces->acquire(spec, shape, stream);
    if (!use)
      return use.takeError();
    workspace.emplace(std::move(*use));
  }

  ArgumentsKey key{args.a,         args.b,          args.c,
                   shape.m,        shape.n,         shape.k,
                   shape.lda,      shape.ldb,       shape.ldc,
                   args.alpha,     args.beta,       args.bias,
                   args.residual,  shape.batch,     shape.batchStrideA,
                   shape.batchStrideB, shape.batchStrideC};
  // Arguments that own device memory (staged operand copies) stay for the
  // launches that use it; the others (tensor maps passed by value, the
  // shape's shared workspace) are only encoded here: the launch copies its
  // parameters, so a caller cycling through buffers keeps nothing alive.
  std::optional<KernelArguments> fresh;
  KernelArguments *arguments = nullptr;
  if (auto found = device.arguments.find(key);
      found != device.arguments.end()) {
    arguments = &found->second;
  } else {
    Expected<KernelArguments> created = KernelArguments::create(
        *device.device.driver, spec, shape, getOperandAddresses(args),
        getEpilogueArguments(args),
        workspace ? &workspace->getAddresses() : nullptr);
    if (!created)
      return created.takeError();
    if (created->ownsDeviceMemory())
      arguments =
          &device.arguments.emplace(key, std::move(*created)).first->second;
    else
      arguments = &fresh.emplace(std::move(*created));
  }
  // Operands TMA cannot read in place are copied to aligned buffers first.
  if (Error error = arguments->prepare(*device.module, stream))
    return error;
  Error launched = device.module->launch(*grid, *arguments, stream);
  if (workspace)
    return joinErrors(std::move(launched), workspace->finish());
  return launched;
}

} // namespace jit
} // namespace gemm_opt
