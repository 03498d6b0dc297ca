//===- GemmKernel.cpp - a compiled GEMM, ready to launch ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/GemmKernel.h"

#include "jit/ArgumentSetCache.h"
#include "jit/GroupedArgumentsCheck.h"
#include "jit/KernelLaunchArguments.h"
#include "jit/ReadyLaunches.h"
#include "jit/SplitKWorkspaces.h"
#include "runtime/CudaCheck.h"
#include "runtime/Device.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelArguments.h"
#include "runtime/KernelModule.h"
#include "runtime/LaunchGrid.h"
#include "runtime/OperandAlignment.h"
#include "runtime/OperandStaging.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/ScalingSpec.h"
#include "runtime/WholeTileVariant.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

struct GemmKernel::DeviceState {
  DeviceState(DeviceInfo device, const GemmKernelOptions &options)
      : device(std::move(device)),
        argumentSets(createCudaLaunchEvents(), options.argumentSetLimit),
        readyLaunches(options.readyLaunchLimit) {}

  DeviceInfo device;
  std::optional<KernelModule> module;
  /// split_k kernels without a caller workspace: one workspace per shape,
  /// shared by all the argument sets of that shape (SplitKWorkspaces.h).
  /// Declared before `argumentSets`, whose parameters point into it, so
  /// that it is destroyed after them.
  std::optional<SplitKWorkspaces> workspaces;
  ArgumentSetCache argumentSets;
  /// Launches whose parameters hold no device memory, by their arguments.
  ReadyLaunches readyLaunches;
};

/// One launch as plan() resolved it.
struct GemmKernel::LaunchPlan {
  const KernelSpec *spec = nullptr;
  DeviceState *device = nullptr;
  GemmArguments args; ///< As the kernel takes them.
  GemmShape shape;    ///< As the kernel runs it.
  LaunchGrid grid;
  /// This shape's own workspace, held until the launch is enqueued.
  std::optional<SplitKWorkspaces::Use> ownWorkspace;
  /// Where the launch's workspace is (none: zeros).
  WorkspaceAddresses workspace;
  /// The argument set kept for these arguments, or null...
  std::shared_ptr<ArgumentSet> set;
  /// ... the arguments made for this launch only.
  std::optional<KernelArguments> fresh;

  KernelArguments &getArguments() { return set ? *set->arguments : *fresh; }
};

/// Whether `spec` takes a split_k workspace.
static bool takesWorkspace(const KernelSpec &spec) {
  return llvm::any_of(spec.parameters, [](const KernelParamSpec &p) {
    return p.kind == KernelParamSpec::Kind::Workspace;
  });
}

GemmKernel::GemmKernel(CompiledKernel compiled, GemmKernelOptions options)
    : compiled(std::move(compiled)), options(options) {}

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
GemmKernel::create(CompiledKernel compiled, GemmKernelOptions options) {
  Expected<KernelSpec> spec = parseBundleEntry(compiled.bundleEntry);
  if (!spec)
    return spec.takeError();
  std::shared_ptr<GemmKernel> kernel(
      new GemmKernel(std::move(compiled), options));
  std::call_once(kernel->specOnce,
                 [&] { kernel->spec.emplace(std::move(*spec)); });
  return kernel;
}

std::shared_ptr<GemmKernel>
GemmKernel::createParsedLater(CompiledKernel compiled,
                              GemmKernelOptions options) {
  return std::shared_ptr<GemmKernel>(
      new GemmKernel(std::move(compiled), options));
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

static std::string formatScalar(float value) {
  std::string text;
  raw_string_ostream(text) << format("%g", value);
  return text;
}

/// An FP8 schedule's scales: both given, f32-aligned; no scales for
/// another schedule. An 8-bit C's scale_d and the amax of D: given exactly
/// where the schedule takes them, f32-aligned.
static Error checkScaleArguments(const KernelSpec &spec,
                                 const GemmArguments &args) {
  for (auto [name, pointer, mode] :
       {std::tuple<const char *, const void *, std::optional<ScaleMode>>(
            "scaleA", args.scaleA,
            spec.scaling ? std::optional(spec.scaling->a) : std::nullopt),
        {"scaleB", args.scaleB,
         spec.scaling ? std::optional(spec.scaling->b) : std::nullopt}}) {
    if (!mode) {
      if (pointer)
        return makeBadInputError(
            Twine("schedule '") + spec.name +
            "' has no #tile.scaling (its A and B are not 8-bit); " + name +
            " must be null");
      continue;
    }
    if (!pointer)
      return makeBadInputError(
          Twine("schedule '") + spec.name + "' is an FP8 GEMM (" +
          spec.scaling->describe() + "); " + name +
          " must point to its f32 scales (" + getScaleModeName(*mode) + ")");
    if (reinterpret_cast<uint64_t>(pointer) % sizeof(float) != 0)
      return makeBadInputError(Twine(name) + " at " + formatAddress(pointer) +
                               " is not 4-byte aligned; the scales are f32");
  }
  // An 8-bit C's output scale and the amax of D: one f32 each.
  for (auto [name, pointer, needed, what] :
       {std::tuple<const char *, const void *, bool, const char *>(
            "scaleD", args.scaleD, takesOutputScale(spec),
            "writes an 8-bit C, saturate(D * scale_d): scaleD must point to "
            "its f32 output scale"),
        {"amax", args.amax, recordsAmax(spec),
         "records the amax of D: amax must point to the f32 that receives "
         "it"}}) {
    if (needed && !pointer)
      return makeBadInputError(Twine("schedule '") + spec.name + "' " + what);
    if (!needed && pointer)
      return makeBadInputError(Twine("schedule '") + spec.name + "' " +
                               (StringRef(name) == "amax"
                                    ? "records no amax of D"
                                    : "writes no 8-bit C") +
                               "; " + name + " must be null");
    if (pointer && reinterpret_cast<uint64_t>(pointer) % sizeof(float) != 0)
      return makeBadInputError(Twine(name) + " at " + formatAddress(pointer) +
                               " is not 4-byte aligned; it is an f32");
  }
  return Error::success();
}

Error GemmKernel::checkArguments(const GemmArguments &callerArgs) const {
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  const KernelSpec &spec = **parsed;
  if (Error error =
          checkKernelArguments(spec, getKernelArguments(spec, callerArgs),
                               getKernelShape(spec, callerArgs)))
    return runsTransposed(spec, callerArgs)
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
  if (Error error = checkGroupedArguments(spec, args, shape))
    return error;
  if (Error error = checkScaleArguments(spec, args))
    return error;
  // The operands' major orders (as the kernel runs the problem: a
  // transposed problem's are the kernel's by construction).
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    MatrixLayout wanted = spec.layouts.get(operand);
    if (shape.layouts.get(operand) == wanted)
      continue;
    bool column = wanted == MatrixLayout::Col;
    std::string name = getOperandName(operand).upper();
    return makeBadInputError(
        "schedule '" + spec.name + "' takes " + name + " " +
        (column ? "column" : "row") + "-major (its layouts " +
        spec.layouts.str() + "): set order" + name + " = MatrixOrder::" +
        (column ? "ColumnMajor" : "RowMajor") + ", ld" +
        StringRef(name).lower() + " the distance between its " +
        (column ? "columns" : "rows") +
        (spec.scaling && operand == Operand::B
             ? " (an FP8 schedule reads B stored N x K, like a weight W in "
               "x @ W^T)"
             : "") +
        "; the arguments' " + name + " is " + (column ? "row" : "column") +
        "-major");
  }
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

/// Whether `stream` is capturing a CUDA graph. Without a driver or GPU,
/// the NoDevice error that openDevice gives.
static Expected<bool> isCapturing(cudaStream_t stream) {
  if (Error error = checkDriverPresent())
    return std::move(error);
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaError_t result = cudaStreamIsCapturing(stream, &status);
  if (result == cudaErrorNoDevice || result == cudaErrorInsufficientDriver ||
      result == cudaErrorStubLibrary) {
    (void)cudaGetLastError();
    Expected<DeviceInfo> device = openDevice(0); // Says what is missing.
    if (!device)
      return device.takeError();
  }
  GEMM_CUDA_TRY(result);
  // An invalidated capture is still one: nothing may be allocated.
  return status != cudaStreamCaptureStatusNone;
}

/// The error of a launch that a capture cannot take.
static Error refuseInCapture(const KernelSpec &spec, const Twine &why) {
  return makeBadInputError("cannot launch kernel " + spec.name +
                           " in a CUDA graph capture: " + why);
}

/// The current device's ordinal (0 where the runtime cannot say: opening
/// it then explains).
static int getCurrentOrdinal() {
  int ordinal = 0;
  if (cudaGetDevice(&ordinal) != cudaSuccess) {
    (void)cudaGetLastError();
    ordinal = 0;
  }
  return ordinal;
}

Expected<GemmKernel::DeviceState *> GemmKernel::getDeviceState(bool capturing) {
  Expected<const KernelSpec *> spec = getParsedSpec();
  if (!spec)
    return spec.takeError();
  int ordinal = getCurrentOrdinal();
  auto found = devices.find(ordinal);
  if (found != devices.end() && found->second->module)
    return found->second.get();
  if (capturing)
    return refuseInCapture(**spec,
                           "it is not loaded on device " + Twine(ordinal) +
                               " yet (loading is not allowed in a capture): "
                               "call prepare() or launch it once first");
  if (found == devices.end()) {
    Expected<DeviceInfo> device = openDevice(ordinal);
    if (!device)
      return device.takeError();
    found =
        devices
            .emplace(ordinal,
                     std::make_unique<DeviceState>(std::move(*device), options))
            .first;
  }
  DeviceState &state = *found->second;
  KernelImages images;
  images.cubin = compiled.cubin;
  Expected<KernelModule> module =
      KernelModule::load(**spec, images, state.device);
  if (!module)
    return module.takeError();
  state.module.emplace(std::move(*module));
  return &state;
}

/// Whether launches of `spec` with `args` at `shape` point into device
/// memory that must outlive them: tensor maps passed as global_pointer, or
/// staged copies of operands TMA cannot read in place.
static Expected<bool> keepsDeviceState(const KernelSpec &spec,
                                       const GemmShape &shape,
                                       const GemmArguments &args) {
  if (getGlobalTensorMapCount(spec) > 0)
    return true;
  Expected<OperandStaging> staging =
      OperandStaging::plan(spec, shape, getOperandAddresses(args));
  if (!staging)
    return staging.takeError();
  // checkGroupedArguments keeps a grouped kernel's operands where TMA
  // reads them in place; a refusal here rather than a wrong copy.
  if (spec.grouped && !staging->empty())
    return makeBadInputError("grouped schedule '" + spec.name +
                             "': an operand would need a staged copy, which "
                             "grouped kernels do not take");
  return !staging->empty();
}

/// The bits of `value`: the key compares scalars as bits.
static uint32_t getBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// What identifies the parameters of a launch with `args` at `shape` in
/// `workspace`.
static ArgumentSetKey getArgumentSetKey(const GemmArguments &args,
                                        const GemmShape &shape,
                                        const WorkspaceAddresses &workspace) {
  auto address = [](const void *pointer) {
    return reinterpret_cast<uint64_t>(pointer);
  };
  return {address(args.a),
          address(args.b),
          address(args.c),
          address(args.bias),
          address(args.residual),
          shape.m,
          shape.n,
          shape.k,
          shape.lda,
          shape.ldb,
          shape.ldc,
          shape.batch,
          shape.batchStrideA,
          shape.batchStrideB,
          shape.batchStrideC,
          getBits(args.alpha),
          getBits(args.beta),
          workspace.partials,
          workspace.tileCounters,
          address(args.scaleA),
          address(args.scaleB),
          address(args.scaleD),
          address(args.amax),
          getOperandAddresses(args).groups};
}

/// Makes the parameters of `set`: its global_pointer tensor maps copied on
/// `stream` into its own buffers (allocated at the set's first fill), its
/// staged operand buffers; then records the end of the copies.
static Error fillArgumentSet(ArgumentSetCache &cache, ArgumentSet &set,
                             const KernelSpec &spec, const DriverApi &driver,
                             const GemmShape &shape, const GemmArguments &args,
                             const WorkspaceAddresses *workspace,
                             cudaStream_t stream) {
  std::optional<TensorMapUpload> upload;
  if (size_t maps = getGlobalTensorMapCount(spec)) {
    size_t bytes = maps * sizeof(CUtensorMap);
    if (set.tensorMaps.size() < bytes) {
      Expected<DeviceBuffer> device = DeviceBuffer::allocate(bytes);
      if (!device)
        return device.takeError();
      void *host = nullptr;
      GEMM_CUDA_TRY(cudaMallocHost(&host, bytes));
      set.tensorMaps = std::move(*device);
      set.hostTensorMaps.reset(static_cast<CUtensorMap *>(host));
    }
    upload = TensorMapUpload{set.tensorMaps.getAddress(),
                             set.hostTensorMaps.get(), stream};
  }
  Expected<KernelArguments> created = KernelArguments::create(
      driver, spec, shape, getOperandAddresses(args),
      getEpilogueArguments(args), workspace, upload ? &*upload : nullptr);
  if (!created)
    return created.takeError();
  set.arguments.emplace(std::move(*created));
  // A launch on another stream waits for the copies.
  return cache.recordUse(set, stream);
}

Expected<GemmKernel::LaunchPlan>
GemmKernel::plan(const GemmArguments &callerArgs, cudaStream_t stream,
                 const LaunchWorkspace *callerWorkspace, bool capturing) {
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  LaunchPlan plan;
  const KernelSpec &spec = **parsed;
  plan.spec = &spec;
  plan.args = getKernelArguments(spec, callerArgs);
  plan.shape = getKernelShape(spec, callerArgs);
  Expected<DeviceState *> state = getDeviceState(capturing);
  if (!state)
    return state.takeError();
  DeviceState &device = **state;
  plan.device = &device;
  Expected<LaunchGrid> grid =
      computeGridForModule(spec, plan.shape, device.device, *device.module);
  if (!grid)
    return grid.takeError();
  plan.grid = *grid;

  bool workspaceKernel = takesWorkspace(spec);
  if (workspaceKernel && callerWorkspace) {
    Expected<WorkspaceAddresses> placed =
        placeLaunchWorkspace(spec, plan.shape, *callerWorkspace);
    if (!placed)
      return placed.takeError();
    plan.workspace = *placed;
  } else if (workspaceKernel && capturing) {
    return refuseInCapture(
        spec, "a split_k or stream_k kernel needs a caller workspace there "
              "(launch(arguments, stream, workspace)); its own per-shape "
              "workspace is ordered across streams by events a capture "
              "cannot wait on");
  } else if (workspaceKernel) {
    // This shape's workspace, after the previous launch that used it (on
    // whichever stream).
    if (!device.workspaces)
      device.workspaces.emplace(createCudaWorkspaceDevice());
    Expected<SplitKWorkspaces::Use> use =
        device.workspaces->acquire(spec, plan.shape, stream);
    if (!use)
      return use.takeError();
    plan.ownWorkspace.emplace(std::move(*use));
    plan.workspace = plan.ownWorkspace->getAddresses();
  }
  const WorkspaceAddresses *workspace =
      workspaceKernel ? &plan.workspace : nullptr;

  // Arguments without device memory of their own (tensor maps passed by
  // value) are only encoded: the launch copies its parameters, so a caller
  // cycling through buffers keeps nothing alive.
  Expected<bool> keeps = keepsDeviceState(spec, plan.shape, plan.args);
  if (!keeps)
    return keeps.takeError();
  if (!*keeps) {
    Expected<KernelArguments> fresh = KernelArguments::create(
        *device.device.driver, spec, plan.shape, getOperandAddresses(plan.args),
        getEpilogueArguments(plan.args), workspace);
    if (!fresh)
      return fresh.takeError();
    plan.fresh.emplace(std::move(*fresh));
    return std::move(plan);
  }

  ArgumentSetCache &cache = device.argumentSets;
  ArgumentSetKey key = getArgumentSetKey(plan.args, plan.shape, plan.workspace);
  plan.set = cache.find(key);
  if (capturing) {
    if (!plan.set || plan.set->holds == 0)
      return refuseInCapture(
          spec, "its parameters point into device memory kept per argument "
                "set (tensor maps passed as pointers, or staged operand "
                "copies), which a graph needs for as long as it lives: keep "
                "the PreparedArguments of prepare() with these arguments, "
                "or compile with tensor maps by value");
    return std::move(plan);
  }
  if (plan.set) {
    if (Error error = cache.waitForLastUse(*plan.set, stream))
      return std::move(error);
    return std::move(plan);
  }
  Expected<std::shared_ptr<ArgumentSet>> taken = cache.take(key);
  if (!taken)
    return taken.takeError();
  plan.set = std::move(*taken);
  if (Error error =
          fillArgumentSet(cache, *plan.set, spec, *device.device.driver,
                          plan.shape, plan.args, workspace, stream)) {
    cache.drop(plan.set);
    return std::move(error);
  }
  return std::move(plan);
}

Error GemmKernel::launch(const GemmArguments &arguments, cudaStream_t stream) {
  return enqueue(arguments, stream, nullptr);
}

Error GemmKernel::launch(const GemmArguments &arguments, cudaStream_t stream,
                         const LaunchWorkspace &workspace) {
  return enqueue(arguments, stream, &workspace);
}

/// Clears `counters` on `stream` for a caller workspace that asks for it.
static Error zeroTileCounters(const LaunchWorkspace *callerWorkspace,
                              uint64_t counters, size_t bytes,
                              cudaStream_t stream) {
  if (!callerWorkspace || !callerWorkspace->zeroCounters || !counters)
    return Error::success();
  return GEMM_CUDA_CHECK(
      cudaMemsetAsync(reinterpret_cast<void *>(counters), 0, bytes, stream));
}

Error GemmKernel::enqueueReady(DeviceState &device, ReadyLaunch &ready,
                               const LaunchWorkspace *callerWorkspace,
                               cudaStream_t stream) {
  KernelModule &module = *device.module;
  if (Error error = ready.arguments.prepare(module, stream))
    return error;
  if (Error error = zeroTileCounters(callerWorkspace, ready.tileCounters,
                                     ready.tileCounterBytes, stream))
    return error;
  return module.launch(ready.grid, ready.arguments, stream);
}

Error GemmKernel::enqueue(const GemmArguments &callerArgs, cudaStream_t stream,
                          const LaunchWorkspace *callerWorkspace) {
  // The same arguments as a recent launch: checked and encoded then.
  ReadyLaunchKey key = getReadyLaunchKey(callerArgs, callerWorkspace);
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = devices.find(getCurrentOrdinal());
    if (found != devices.end() && found->second->module)
      if (ReadyLaunch *ready = found->second->readyLaunches.find(key))
        return enqueueReady(*found->second, *ready, callerWorkspace, stream);
  }

  if (Error error = checkArguments(callerArgs))
    return error;
  Expected<bool> capturing = isCapturing(stream);
  if (!capturing)
    return capturing.takeError();

  std::lock_guard<std::mutex> guard(mutex);
  Expected<LaunchPlan> planned =
      plan(callerArgs, stream, callerWorkspace, *capturing);
  if (!planned)
    return planned.takeError();
  LaunchPlan &launch = *planned;
  KernelModule &module = *launch.device->module;
  KernelArguments &arguments = launch.getArguments();
  // Operands TMA cannot read in place are copied to aligned buffers first.
  Error launched = arguments.prepare(module, stream);
  if (!launched)
    launched = zeroTileCounters(callerWorkspace, launch.workspace.tileCounters,
                                getTileCounterBytes(launch.workspace), stream);
  if (!launched)
    launched = module.launch(launch.grid, arguments, stream);
  // The argument set's last use, for reusing it and for launches on other
  // streams; a capture records none (its work runs when the graph does).
  if (!launched && launch.set && !*capturing)
    launched = launch.device->argumentSets.recordUse(*launch.set, stream);
  if (launch.ownWorkspace)
    return joinErrors(std::move(launched), launch.ownWorkspace->finish());
  // Parameters that hold no device memory: kept for the next call with
  // these arguments.
  if (!launched && launch.fresh && !launch.fresh->ownsDeviceMemory())
    launch.device->readyLaunches.insert(ReadyLaunch{
        key, launch.grid, std::move(*launch.fresh),
        launch.workspace.tileCounters,
        launch.workspace.tileCounters ? getTileCounterBytes(launch.workspace)
                                      : 0});
  return launched;
}

Expected<PreparedArguments> GemmKernel::prepare(const GemmArguments &arguments,
                                                cudaStream_t stream) {
  return prepareArguments(arguments, stream, nullptr);
}

Expected<PreparedArguments>
GemmKernel::prepare(const GemmArguments &arguments, cudaStream_t stream,
                    const LaunchWorkspace &workspace) {
  return prepareArguments(arguments, stream, &workspace);
}

Expected<PreparedArguments>
GemmKernel::prepareArguments(const GemmArguments &callerArgs,
                             cudaStream_t stream,
                             const LaunchWorkspace *callerWorkspace) {
  if (Error error = checkArguments(callerArgs))
    return std::move(error);
  Expected<bool> capturing = isCapturing(stream);
  if (!capturing)
    return capturing.takeError();
  if (*capturing)
    return makeBadInputError("prepare() allocates and copies, which a CUDA "
                             "graph capture does not allow: call it before "
                             "cudaStreamBeginCapture");

  std::lock_guard<std::mutex> guard(mutex);
  Expected<LaunchPlan> planned =
      plan(callerArgs, stream, callerWorkspace, /*capturing=*/false);
  if (!planned)
    return planned.takeError();
  if (planned->ownWorkspace)
    if (Error error = planned->ownWorkspace->finish())
      return std::move(error);
  if (!planned->set)
    return PreparedArguments();
  // On the device before any graph that captures it runs, whatever its
  // stream.
  if (Error error = planned->device->argumentSets.synchronize(*planned->set))
    return std::move(error);
  return PreparedArguments(planned->set);
}

size_t GemmKernel::getArgumentSetCount() {
  std::lock_guard<std::mutex> guard(mutex);
  auto found = devices.find(getCurrentOrdinal());
  return found == devices.end() ? 0 : found->second->argumentSets.size();
}

size_t GemmKernel::getReadyLaunchCount() {
  std::lock_guard<std::mutex> guard(mutex);
  auto found = devices.find(getCurrentOrdinal());
  return found == devices.end() ? 0 : found->second->readyLaunches.size();
}

Expected<LaunchWorkspaceSize>
GemmKernel::getWorkspaceParts(const GemmArguments &callerArgs) const {
  if (Error error = checkArguments(callerArgs))
    return std::move(error);
  Expected<const KernelSpec *> parsed = getParsedSpec();
  if (!parsed)
    return parsed.takeError();
  return getLaunchWorkspaceParts(**parsed,
                                 getKernelShape(**parsed, callerArgs));
}

Expected<size_t>
GemmKernel::getWorkspaceSize(const GemmArguments &callerArgs) const {
  Expected<LaunchWorkspaceSize> parts = getWorkspaceParts(callerArgs);
  if (!parts)
    return parts.takeError();
  return parts->getBytes();
}

PreparedArguments::PreparedArguments(std::shared_ptr<ArgumentSet> held)
    : set(std::move(held)) {
  if (set)
    ++set->holds;
}

PreparedArguments::PreparedArguments(PreparedArguments &&other) noexcept
    : set(std::move(other.set)) {}

PreparedArguments &
PreparedArguments::operator=(PreparedArguments &&other) noexcept {
  if (this != &other) {
    release();
    set = std::move(other.set);
  }
  return *this;
}

PreparedArguments::~PreparedArguments() { release(); }

void PreparedArguments::release() {
  if (set)
    --set->holds;
  set.reset();
}

} // namespace jit
} // namespace gemm_opt
