//===- Session.cpp - the process-wide JIT and matmul handle ---------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Session.h"

#include "Errors.h"

namespace gemm_opt::python {

Session &Session::get() {
  static Session *session = new Session();
  return *session;
}

void Session::configure(SessionOptions newOptions) {
  options = std::move(newOptions);
  plans.clear();
  handle.reset();
  compiler.reset();
}

const std::shared_ptr<MatmulCompiler> &Session::getCompiler() {
  if (!compiler) {
    MatmulCompilerOptions compilerOptions;
    compilerOptions.jit.cacheDirectory = options.cacheDirectory;
    compilerOptions.jit.tensorMapsByValue = options.tensorMapsByValue;
    compilerOptions.databasePath = options.database;
    compilerOptions.modelDevice = options.modelDevice;
    compiler = unwrap(MatmulCompiler::create(std::move(compilerOptions)),
                      ErrorClass::Error);
  }
  return compiler;
}

const std::shared_ptr<MatmulHandle> &Session::getHandle() {
  if (!handle) {
    MatmulOptions handleOptions;
    handleOptions.libraryPath = options.library;
    handleOptions.compiler = getCompiler();
    handleOptions.chip = options.chip;
    handle = unwrap(MatmulHandle::create(std::move(handleOptions)),
                    ErrorClass::Error);
  }
  return handle;
}

} // namespace gemm_opt::python
