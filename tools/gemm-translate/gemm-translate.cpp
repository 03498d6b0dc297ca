//===- gemm-translate.cpp - schedules to PTX, cubin and launch metadata ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-translate input.mlir --to-ptx -o k.ptx
//   gemm-translate input.mlir --to-cubin -o k.cubin [--metadata k.json]
//   gemm-translate input.mlir --to-bundle -o dir/kernel.json
//
// Runs lower-to-nvvm, serializes each kernel module to PTX with LLVM's NVPTX
// backend, assembles it with ptxas (at the level the lowering asked for, see
// passes/common/KernelAttributes.h, unless --ptxas-opt-level says one) and writes
// the launch metadata the runtime reads (see runtime/KernelSpec.h).
//
//===----------------------------------------------------------------------===//

#include "compiler/BundleJson.h"
#include "compiler/BundleWriter.h"
#include "compiler/MlirNestingLimit.h"
#include "runtime/bundle/OutputFile.h"
#include "compiler/PtxAssembler.h"
#include "compiler/PtxCompiler.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "passes/Registration.h"
#include "tools/ToolVersion.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace llvm;
using namespace gemm_opt;

namespace {

enum class Emit { Ptx, Cubin, Bundle };

cl::OptionCategory translateCategory("gemm-translate options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                               cl::init("-"), cl::cat(translateCategory));
cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(translateCategory));
cl::opt<Emit> emit(
    cl::desc("What to write:"),
    cl::values(clEnumValN(Emit::Ptx, "to-ptx", "PTX text"),
               clEnumValN(Emit::Cubin, "to-cubin", "a cubin, through ptxas"),
               clEnumValN(Emit::Bundle, "to-bundle",
                          "metadata JSON plus PTX and cubin of every kernel "
                          "beside it")),
    cl::init(Emit::Ptx), cl::cat(translateCategory));
cl::opt<std::string> metadataFile(
    "metadata", cl::desc("Also write the launch metadata JSON here"),
    cl::value_desc("file"), cl::init(""), cl::cat(translateCategory));
cl::opt<std::string> chip("chip",
                          cl::desc("Target chip; empty takes the schedule's"),
                          cl::init(""), cl::cat(translateCategory));
cl::opt<int> optLevel("opt-level", cl::desc("LLVM optimization level"),
                      cl::init(3), cl::cat(translateCategory));
cl::opt<int> ptxasOptLevel(
    "ptxas-opt-level",
    cl::desc("ptxas optimization level (0-3) of every kernel; default: each "
             "kernel's own (3, or 1 for SIMT kernels whose FFMA order -O3 "
             "would undo). The metadata's ptxas_opt_level records it"),
    cl::init(3), cl::cat(translateCategory));
cl::opt<bool> tensorMapsByValue(
    "tensor-maps-by-value",
    cl::desc("TMA kernels take their tensor maps as __grid_constant__ "
             "parameters (\"pass\": \"by_value\" in the metadata): no "
             "launch needs a device copy of them, but kernels may run slower "
             "(up to 0.8% measured); default: pointers to maps in global "
             "memory"),
    cl::init(false), cl::cat(translateCategory));
cl::opt<std::string> ptxasPath("ptxas", cl::desc("Path of ptxas"), cl::init(""),
                               cl::cat(translateCategory));

Error fail(const Twine &message) { return createStringError(message); }

/// Writes the bundle JSON at `jsonPath` listing `kernels`, whose files were
/// written beside it.
Error writeMetadata(StringRef jsonPath, ArrayRef<PtxKernel> kernels,
                    ArrayRef<std::string> ptxNames,
                    ArrayRef<std::string> cubinNames) {
  std::vector<bundle::KernelEntry> entries;
  for (size_t i = 0; i < kernels.size(); ++i)
    entries.push_back(
        makeBundleEntry(kernels[i].metadata, ptxNames[i], cubinNames[i]));
  return writeOutputFile(jsonPath,
                   formatBundle(makeBundle(inputFile, std::move(entries))));
}

Error run(ModuleOp module) {
  if (emit.getNumOccurrences() > 1)
    return fail("--to-ptx, --to-cubin and --to-bundle exclude each other: "
                "pass one");
  PtxCompileOptions options;
  options.chip = chip;
  options.optLevel = optLevel;
  options.tensorMapsByValue = tensorMapsByValue;
  Expected<std::vector<PtxKernel>> kernels =
      compileModuleToPtx(module, options);
  if (!kernels)
    return kernels.takeError();

  if (emit == Emit::Ptx || emit == Emit::Cubin) {
    if (kernels->size() != 1)
      return fail("the input has " + Twine(kernels->size()) +
                  " kernels; --to-ptx and --to-cubin write one, use "
                  "--to-bundle");
  }
  if (emit == Emit::Ptx) {
    if (Error error = writeOutputFile(outputFile, kernels->front().ptx))
      return error;
    if (!metadataFile.empty())
      return writeMetadata(metadataFile, *kernels, {outputFile.getValue()},
                           {""});
    return Error::success();
  }

  if (ptxasOptLevel.getNumOccurrences() &&
      (ptxasOptLevel < 0 || ptxasOptLevel > 3))
    return fail("--ptxas-opt-level must be 0, 1, 2 or 3");
  Expected<std::string> ptxas = findPtxas(ptxasPath);
  if (!ptxas)
    return ptxas.takeError();
  if (outputFile == "-")
    return fail("--to-cubin and --to-bundle need -o <file>");

  if (emit == Emit::Bundle)
    return writeKernelBundle(*kernels, inputFile, outputFile, *ptxas,
                             ptxasOptLevel.getNumOccurrences()
                                 ? std::optional<int>(ptxasOptLevel)
                                 : std::nullopt);

  // The cubin is read back to check it, and with --metadata the PTX stays
  // beside it: the output must be a regular file (beside a device such as
  // /dev/null the PTX would go into /dev). Without --metadata, ptxas reads
  // the PTX from a temporary file.
  bool temporaryPtx = metadataFile.empty();
  Expected<std::string> directory = createDirectoryBeside(
      outputFile, "cannot write the cubin to '" + outputFile +
                      "': it names no regular file (the cubin is read back, "
                      "and with --metadata the PTX goes beside it)");
  if (!directory)
    return directory.takeError();
  std::vector<std::string> ptxNames, cubinNames;
  for (PtxKernel &kernel : *kernels) {
    std::string base = kernel.metadata.symbol;
    SmallString<256> ptxPath(*directory), cubinPath(*directory);
    sys::path::append(ptxPath, base + ".ptx");
    sys::path::append(cubinPath, base + ".cubin");
    if (emit == Emit::Cubin)
      cubinPath = outputFile;
    if (temporaryPtx)
      if (std::error_code ec =
              sys::fs::createTemporaryFile(base, "ptx", ptxPath))
        return fail("cannot create a temporary PTX file: " + ec.message());
    // Removed however ptxas ends.
    std::string temporary = temporaryPtx ? ptxPath.str().str() : "";
    scope_exit removeTemporary([&] {
      if (!temporary.empty())
        sys::fs::remove(temporary);
    });
    if (Error error = writeOutputFile(ptxPath, kernel.ptx))
      return error;
    int level = ptxasOptLevel.getNumOccurrences()
                    ? ptxasOptLevel.getValue()
                    : kernel.metadata.ptxasOptLevel;
    Expected<std::string> report =
        assemblePtx(*ptxas, ptxPath, kernel.metadata.chip, cubinPath, level);
    if (!report)
      return report.takeError();
    recordPtxasRun(kernel.metadata.entry, level, *report);
    if (temporaryPtx)
      ptxPath.clear();
    ptxNames.push_back(sys::path::filename(ptxPath).str());
    cubinNames.push_back(sys::path::filename(cubinPath).str());
  }
  if (!metadataFile.empty())
    return writeMetadata(metadataFile, *kernels, ptxNames, cubinNames);
  return Error::success();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  registerGemmOptPasses();
  cl::HideUnrelatedOptions(translateCategory);
  gemm_opt::setToolVersionPrinter();
  cl::ParseCommandLineOptions(
      argc, argv,
      "gemm-translate: tile schedules to PTX, cubin and metadata\n");

  DialectRegistry registry;
  registerGemmOptDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Errors name their op and field without a dump of the whole op.
  context.printOpOnDiagnostic(false);

  auto sourceMgr = std::make_shared<SourceMgr>();
  SourceMgrDiagnosticHandler diagnostics(*sourceMgr, &context);
  std::string message;
  std::unique_ptr<MemoryBuffer> input = openInputFile(inputFile, &message);
  if (!input) {
    WithColor::error(errs(), "gemm-translate") << message << "\n";
    return 1;
  }
  StringRef text = input->getBuffer();
  std::string bufferName = input->getBufferIdentifier().str();
  sourceMgr->AddNewSourceBuffer(std::move(input), SMLoc());
  if (failed(checkMlirNesting(text, bufferName, &context)))
    return 1;
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 1;
  if (Error error = run(*module)) {
    WithColor::error(errs(), "gemm-translate")
        << toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
