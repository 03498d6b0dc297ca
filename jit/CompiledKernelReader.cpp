//===- CompiledKernelReader.cpp - a bundle's kernel as a CompiledKernel ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/CompiledKernelReader.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

Expected<CompiledKernel> readCompiledKernel(StringRef bundlePath,
                                            StringRef kernelName) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer = readBoundedRegularFile(
      bundlePath, "kernel bundle", kMaxBundleJsonBytes, /*isText=*/true);
  if (!buffer)
    return buffer.takeError();
  StringRef text = (*buffer)->getBuffer();
  SmallString<256> directory(bundlePath);
  sys::path::remove_filename(directory);
  if (directory.empty())
    directory = ".";
  // Checked whole, as gemm-run reads it.
  Expected<KernelBundle> bundle =
      parseKernelBundle(text, directory, bundlePath);
  if (!bundle)
    return bundle.takeError();
  size_t index = 0;
  if (!kernelName.empty()) {
    auto found = llvm::find_if(bundle->kernels, [&](const KernelSpec &spec) {
      return spec.name == kernelName;
    });
    if (found == bundle->kernels.end())
      return makeBadInputError(bundlePath + ": no kernel named '" + kernelName +
                               "'");
    index = size_t(found - bundle->kernels.begin());
  }
  if (bundle->kernels.empty())
    return makeBadInputError(bundlePath + ": the bundle holds no kernel");
  const KernelSpec &spec = bundle->kernels[index];
  if (spec.cubinPath.empty())
    return makeBadInputError(bundlePath + ": kernel " + spec.name +
                             " has no cubin (a PTX-only bundle): launches "
                             "through GemmKernel load cubins only");
  // The cubin only: GemmKernel loads nothing else.
  Expected<std::unique_ptr<MemoryBuffer>> cubin = readBoundedRegularFile(
      spec.cubinPath, "cubin", kMaxImageBytes, /*isText=*/false);
  if (!cubin)
    return cubin.takeError();

  // The entry as written, for GemmKernel to parse like a compiled one's.
  Expected<json::Value> document = json::parse(text);
  if (!document)
    return document.takeError();
  const json::Array *kernels =
      document->getAsObject() ? document->getAsObject()->getArray("kernels")
                              : nullptr;
  if (!kernels || kernels->size() <= index)
    return makeBadInputError(bundlePath + ": no \"kernels\" array");
  CompiledKernel compiled;
  compiled.cacheKey = ("bundle " + bundlePath + " " + spec.name).str();
  raw_string_ostream(compiled.bundleEntry) << (*kernels)[index];
  compiled.cubin = (*cubin)->getBuffer().str();
  return compiled;
}

} // namespace jit
} // namespace gemm_opt
