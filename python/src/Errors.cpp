//===- Errors.cpp - llvm::Error to Python exceptions ----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Errors.h"

#include "runtime/RuntimeError.h"

#include <optional>

namespace nb = nanobind;
using gemm_opt::runtime::ErrorKind;
using gemm_opt::runtime::RuntimeError;

namespace gemm_opt::python {

/// The exception classes, owned for the life of the process (never
/// released: they must outlive every module that may raise them).
static PyObject *classes[4];

static PyObject *getClass(ErrorClass errorClass) {
  return classes[static_cast<int>(errorClass)];
}

void throwError(ErrorClass errorClass, const llvm::Twine &message) {
  throw PackageError(errorClass, message.str());
}

void throwError(llvm::Error error, ErrorClass otherwise) {
  std::optional<ErrorClass> byKind;
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const RuntimeError &runtimeError) {
        if (!byKind)
          byKind = runtimeError.getKind() == ErrorKind::BadInput
                       ? ErrorClass::ArgumentError
                       : ErrorClass::DeviceError;
        message += (message.empty() ? "" : "\n") + runtimeError.getMessage();
      },
      [&](const llvm::ErrorInfoBase &other) {
        message += (message.empty() ? "" : "\n") + other.message();
      });
  throw PackageError(byKind.value_or(otherwise), std::move(message));
}

/// A new exception class gemm_opt.`name` with `bases` (a class or a tuple).
static PyObject *makeClass(nb::module_ &module, const char *name,
                           PyObject *bases, const char *doc) {
  std::string qualified = std::string("gemm_opt.") + name;
  PyObject *type =
      PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  if (!type)
    throw nb::python_error();
  module.attr(name) = nb::handle(type);
  return type;
}

void registerErrors(nb::module_ &module) {
  PyObject *base =
      makeClass(module, "Error", PyExc_Exception,
                "Base class of every error the gemm_opt package raises.");
  classes[int(ErrorClass::Error)] = base;
  classes[int(ErrorClass::CompileError)] =
      makeClass(module, "CompileError", base,
                "A schedule the compiler refused; the message holds its "
                "diagnostics (name:line:col: error: ...).");
  nb::object argumentBases =
      nb::make_tuple(nb::handle(base), nb::handle(PyExc_ValueError));
  classes[int(ErrorClass::ArgumentError)] = makeClass(
      module, "ArgumentError", argumentBases.ptr(),
      "Tensors or a problem gemm_opt cannot take (device, dtype, shape, "
      "strides, alignment, epilogue); the message names the operand.");
  nb::object deviceBases =
      nb::make_tuple(nb::handle(base), nb::handle(PyExc_RuntimeError));
  classes[int(ErrorClass::DeviceError)] =
      makeClass(module, "DeviceError", deviceBases.ptr(),
                "No CUDA driver or device, or a CUDA call that failed.");
  nb::register_exception_translator(
      [](const std::exception_ptr &thrown, void *) {
        try {
          std::rethrow_exception(thrown);
        } catch (const PackageError &error) {
          PyErr_SetString(getClass(error.getClass()), error.what());
        }
      });
}

} // namespace gemm_opt::python
