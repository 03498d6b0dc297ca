//===- CubinCompiler.cpp - a parsed schedule to a cached kernel -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CubinCompiler.h"

#include "compiler/BundleJson.h"
#include "compiler/PtxAssembler.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

Expected<gemm_opt::jit::CompiledKernel>
gemm_opt::jit::compileToCubin(ScheduleCompilation &compilation,
                              const CubinCompileSettings &settings,
                              StringRef cacheKey) {
  Expected<std::string> ptxas = findPtxas(settings.ptxasPath);
  if (!ptxas)
    return ptxas.takeError();
  PtxCompileOptions options;
  options.chip = settings.chip;
  options.optLevel = settings.optLevel;
  options.tensorMapsByValue = settings.tensorMapsByValue;
  Expected<std::vector<PtxKernel>> kernels = compilation.compileToPtx(options);
  if (!kernels)
    return kernels.takeError();
  if (kernels->size() != 1)
    return createStringError("the schedule holds " + Twine(kernels->size()) +
                             " kernels; the JIT compiles one tile.gemm");
  PtxKernel &kernel = kernels->front();
  int level = settings.ptxasOptLevel.value_or(kernel.metadata.ptxasOptLevel);
  Expected<AssembledCubin> cubin =
      assemblePtxText(*ptxas, kernel.ptx, kernel.metadata.chip, level);
  if (!cubin)
    return cubin.takeError();

  CompiledKernel compiled;
  compiled.cacheKey = cacheKey.str();
  bundle::KernelEntry entry =
      makeBundleEntry(kernel.metadata, "", "kernel.cubin");
  recordPtxasRun(entry, level, cubin->report);
  compiled.bundleEntry = bundle::formatJSON(toJSON(entry));
  compiled.cubin = std::move(cubin->cubin);
  compiled.ptxasReport = std::move(cubin->report);
  return compiled;
}
