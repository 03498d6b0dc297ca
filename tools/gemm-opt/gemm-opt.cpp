//===- gemm-opt.cpp - the mlir-opt of gemm-opt ----------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   gemm-opt input.mlir --lower-to-nvvm[="chip=sm_90a"]
//
// MLIR's mlir-opt driver, except for the output: the result is printed
// into memory and written with runtime/bundle/OutputFile.h, so that an output
// that cannot be written (`-o /dev/full`, a full disk) is an error with
// exit code 1 instead of LLVM's "IO failure" abort; and for the input: text
// nested deeper than the parser takes is an error (compiler/MlirNestingLimit.h)
// instead of a stack overflow, and MLIR bytecode is refused: its nesting
// cannot be checked before it is read, and a module nested some 100,000
// levels deep, which the bytecode reader takes, overflows the printer.
//
//===----------------------------------------------------------------------===//

#include "analysis/Passes.h"
#include "compiler/MlirNestingLimit.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "runtime/bundle/OutputFile.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "passes/Registration.h"
#include "tools/ToolVersion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

/// Whether `input` nests deeper than the parser takes; if so, says where on
/// stderr as MLIR's diagnostics do.
static bool nestsTooDeeply(const llvm::MemoryBuffer &input) {
  if (!gemm_opt::findExcessMlirNesting(input.getBuffer()))
    return false;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  return mlir::failed(gemm_opt::checkMlirNesting(
      input.getBuffer(), input.getBufferIdentifier(), &context));
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  gemm_opt::registerGemmOptDialects(registry);
  gemm_opt::registerGemmOptPasses();
  gemm_opt::analysis::registerTileAnalysisPasses();
  gemm_opt::setToolVersionPrinter();
  // A verifier error names its op and schedule field; MLIR's default dump
  // of the whole op after it would bury that. --mlir-print-op-on-diagnostic
  // turns the dump back on.
  llvm::SmallVector<char *> args(argv, argv + argc);
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  bool given = llvm::any_of(args, [](llvm::StringRef arg) {
    return arg.starts_with("--mlir-print-op-on-diagnostic") ||
           arg.starts_with("-mlir-print-op-on-diagnostic");
  });
  if (!given)
    args.insert(args.begin() + 1, quiet);
  int count = static_cast<int>(args.size());
  char **arguments = args.data();
  llvm::InitLLVM init(count, arguments);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      count, arguments, "gemm-opt: tiled GEMM schedules to NVVM\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    mlir::printRegisteredPasses();
    return 0;
  }
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::isBytecode(*input)) {
    llvm::errs() << input->getBufferIdentifier()
                 << ": error: gemm-opt reads MLIR text, not bytecode (its "
                    "nesting cannot be checked before it is read); print "
                    "it as text first\n";
    return 1;
  }
  if (nestsTooDeeply(*input))
    return 1;
  std::string output;
  llvm::raw_string_ostream os(output);
  bool succeeded = mlir::succeeded(
      mlir::MlirOptMain(os, std::move(input), registry, config));
  // As mlir-opt: a failed run still prints what it produced to stdout (the
  // chunks of --split-input-file that succeeded), but leaves no file.
  if (!succeeded && outputFilename != "-")
    return 1;
  if (llvm::Error error = gemm_opt::writeOutputFile(
          outputFilename, output, /*text=*/!config.shouldEmitBytecode())) {
    llvm::errs() << "gemm-opt: " << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return succeeded ? 0 : 1;
}
