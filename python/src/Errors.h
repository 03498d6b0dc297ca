//===- Errors.h - llvm::Error to Python exceptions --------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The package's exceptions and the one place an llvm::Error becomes one:
//
//   gemm_opt.Error                    every error of the package
//     gemm_opt.CompileError           a schedule the compiler refuses, with
//                                     its diagnostics ("name:line:col: ...")
//     gemm_opt.ArgumentError          (also a ValueError) tensors or a
//                                     problem a kernel cannot take
//     gemm_opt.DeviceError            (also a RuntimeError) no CUDA driver or
//                                     device, or a CUDA call that failed
//
// A runtime::RuntimeError's kind decides the class (BadInput: ArgumentError,
// NoDevice and CudaFailure: DeviceError); other errors (compiler
// diagnostics, files, JSON) take the class the call site names.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_ERRORS_H
#define GEMM_OPT_PYTHON_ERRORS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <nanobind/nanobind.h>

#include <exception>
#include <string>

namespace gemm_opt::python {

enum class ErrorClass { Error, CompileError, ArgumentError, DeviceError };

/// A Python exception of one of the package's classes, raised by the
/// translator registerErrors installs when it leaves a binding.
class PackageError : public std::exception {
public:
  PackageError(ErrorClass errorClass, std::string message)
      : errorClass(errorClass), message(std::move(message)) {}
  const char *what() const noexcept override { return message.c_str(); }
  ErrorClass getClass() const { return errorClass; }

private:
  ErrorClass errorClass;
  std::string message;
};

[[noreturn]] void throwError(ErrorClass errorClass, const llvm::Twine &message);

/// Throws `error` (which must be a failure) as the class its kind says;
/// errors without a kind become `otherwise`.
[[noreturn]] void throwError(llvm::Error error, ErrorClass otherwise);

/// Throws `error` if it is a failure.
inline void check(llvm::Error error, ErrorClass otherwise) {
  if (error)
    throwError(std::move(error), otherwise);
}

/// The value, or its error thrown.
template <typename T> T unwrap(llvm::Expected<T> value, ErrorClass otherwise) {
  if (!value)
    throwError(value.takeError(), otherwise);
  return std::move(*value);
}

/// Defines gemm_opt.Error and its subclasses in `module` and installs the
/// translator of PackageError.
void registerErrors(nanobind::module_ &module);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_ERRORS_H
