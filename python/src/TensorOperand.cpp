//===- TensorOperand.cpp - an array argument as the kernels see it --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TensorOperand.h"

#include "Errors.h"

#include "llvm/Support/FormatVariadic.h"

#include <nanobind/ndarray.h>

#include <cuda_runtime_api.h>

namespace nb = nanobind;

namespace gemm_opt::python {

const char *getTypeName(ElementType type) {
  switch (type) {
  case ElementType::BF16:
    return "bf16";
  case ElementType::F16:
    return "f16";
  case ElementType::F32:
    return "f32";
  case ElementType::Other:
    break;
  }
  return "other";
}

std::string describeLayout(const TensorOperand &operand) {
  std::string shape, strides;
  for (int i = 0; i < operand.rank; ++i) {
    const char *separator = i ? ", " : "";
    shape += llvm::formatv("{0}{1}", separator, operand.shape[i]).str();
    strides += llvm::formatv("{0}{1}", separator, operand.strides[i]).str();
  }
  const char *single = operand.rank == 1 ? "," : "";
  return llvm::formatv("({0}{2}) strides ({1}{2})", shape, strides, single)
      .str();
}

/// An interned attribute name, made once.
static PyObject *intern(const char *name) {
  PyObject *interned = PyUnicode_InternFromString(name);
  if (!interned)
    throw nb::python_error();
  return interned;
}

/// torch's tensor class and dtypes, once the process has imported torch.
struct TorchObjects {
  PyObject *tensorType = nullptr;
  PyObject *bfloat16 = nullptr, *float16 = nullptr, *float32 = nullptr;
  /// torch._C._cuda_getCurrentRawStream, or null in a torch without CUDA.
  PyObject *currentStream = nullptr;
};

/// What torch has, or null where torch is not imported (yet). Kept, once
/// found, for the life of the process.
static const TorchObjects *findTorch() {
  static TorchObjects torch;
  if (torch.tensorType)
    return &torch;
  PyObject *module = PyDict_GetItemString(PyImport_GetModuleDict(), "torch");
  if (!module)
    return nullptr;
  nb::handle handle(module);
  // A module in the middle of its import may lack them: look again later.
  for (const char *name : {"Tensor", "bfloat16", "float16", "float32"})
    if (!nb::hasattr(handle, name))
      return nullptr;
  TorchObjects found;
  found.bfloat16 = nb::object(handle.attr("bfloat16")).release().ptr();
  found.float16 = nb::object(handle.attr("float16")).release().ptr();
  found.float32 = nb::object(handle.attr("float32")).release().ptr();
  found.tensorType = nb::object(handle.attr("Tensor")).release().ptr();
  nb::object extension = handle.attr("_C");
  if (nb::hasattr(extension, "_cuda_getCurrentRawStream"))
    found.currentStream =
        nb::object(extension.attr("_cuda_getCurrentRawStream")).release().ptr();
  torch = found;
  return &torch;
}

[[noreturn]] static void throwArgumentError(const llvm::Twine &message) {
  throwError(ErrorClass::ArgumentError, message);
}

static void checkRank(int rank, const char *name) {
  if (rank < 1 || rank > MaxRank)
    throwArgumentError(llvm::formatv("{0} has {1} dimensions; gemm_opt takes "
                                     "a matrix or a batch of matrices (2 or "
                                     "3), a bias 1",
                                     name, rank));
}

/// Reads the integers of a tuple into `values`.
static void readTuple(nb::handle tuple, int64_t *values, int count) {
  for (int i = 0; i < count; ++i)
    values[i] = nb::cast<int64_t>(tuple[i]);
}

/// `object.name`, raising what Python raised.
static nb::object getAttribute(nb::handle object, PyObject *name) {
  PyObject *value = PyObject_GetAttr(object.ptr(), name);
  if (!value)
    throw nb::python_error();
  return nb::steal(value);
}

/// `object.name()`, raising what Python raised.
static nb::object callMethod(nb::handle object, PyObject *name) {
  PyObject *value = PyObject_CallMethodNoArgs(object.ptr(), name);
  if (!value)
    throw nb::python_error();
  return nb::steal(value);
}

static TensorOperand readTorchTensor(nb::handle tensor,
                                     const TorchObjects &torch,
                                     const char *name) {
  static PyObject *isCuda = intern("is_cuda"),
                  *getDevice = intern("get_device"),
                  *dataPtr = intern("data_ptr"), *shape = intern("shape"),
                  *stride = intern("stride"), *dtype = intern("dtype");
  TensorOperand operand;
  operand.name = name;
  operand.torchTensor = true;
  if (!nb::cast<bool>(getAttribute(tensor, isCuda)))
    throwArgumentError(
        llvm::formatv("{0} is not on a CUDA device (it is on {1})", name,
                      nb::str(tensor.attr("device")).c_str()));
  operand.device = nb::cast<int>(callMethod(tensor, getDevice));
  nb::object extents = getAttribute(tensor, shape);
  operand.rank = static_cast<int>(nb::len(extents));
  checkRank(operand.rank, name);
  readTuple(extents, operand.shape, operand.rank);
  readTuple(callMethod(tensor, stride), operand.strides, operand.rank);
  operand.data = nb::cast<uintptr_t>(callMethod(tensor, dataPtr));
  nb::object type = getAttribute(tensor, dtype);
  if (type.ptr() == torch.bfloat16)
    operand.type = ElementType::BF16;
  else if (type.ptr() == torch.float16)
    operand.type = ElementType::F16;
  else if (type.ptr() == torch.float32)
    operand.type = ElementType::F32;
  else
    operand.typeName = nb::str(type).c_str();
  return operand;
}

static ElementType getCudaArrayType(llvm::StringRef typestr) {
  // Little-endian or native floats; CUDA array interface has no bf16.
  if (typestr.size() == 3 && (typestr[0] == '<' || typestr[0] == '='))
    typestr = typestr.drop_front();
  if (typestr == "f2")
    return ElementType::F16;
  if (typestr == "f4")
    return ElementType::F32;
  return ElementType::Other;
}

static TensorOperand readCudaArrayInterface(nb::handle object,
                                            const char *name) {
  nb::dict interface =
      nb::cast<nb::dict>(object.attr("__cuda_array_interface__"));
  TensorOperand operand;
  operand.name = name;
  nb::tuple extents = nb::cast<nb::tuple>(interface["shape"]);
  operand.rank = static_cast<int>(nb::len(extents));
  checkRank(operand.rank, name);
  readTuple(extents, operand.shape, operand.rank);
  std::string typestr = nb::cast<std::string>(interface["typestr"]);
  operand.type = getCudaArrayType(typestr);
  operand.typeName = typestr;
  int64_t itemBytes = operand.type == ElementType::F32 ? 4 : 2;
  if (interface.contains("mask") && !interface["mask"].is_none())
    throwArgumentError(llvm::Twine(name) + " has a mask; gemm_opt takes "
                                           "unmasked arrays");
  nb::handle strides =
      interface.contains("strides") ? interface["strides"] : nb::none();
  if (strides.is_none()) {
    int64_t elements = 1;
    for (int i = operand.rank - 1; i >= 0; --i) {
      operand.strides[i] = elements;
      elements *= operand.shape[i];
    }
  } else {
    readTuple(strides, operand.strides, operand.rank);
    for (int i = 0; i < operand.rank; ++i) {
      if (operand.strides[i] % itemBytes != 0)
        throwArgumentError(llvm::formatv(
            "{0}'s stride {1} bytes is not a whole number of elements", name,
            operand.strides[i]));
      operand.strides[i] /= itemBytes;
    }
  }
  operand.data = nb::cast<uintptr_t>(nb::cast<nb::tuple>(interface["data"])[0]);
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(
          &attributes, reinterpret_cast<void *>(operand.data)) != cudaSuccess) {
    (void)cudaGetLastError();
    throwError(ErrorClass::DeviceError,
               llvm::Twine("cannot tell which device ") + name +
                   " (a __cuda_array_interface__) is on");
  }
  if (attributes.type != cudaMemoryTypeDevice &&
      attributes.type != cudaMemoryTypeManaged)
    throwArgumentError(llvm::Twine(name) + " is not on a CUDA device");
  operand.device = attributes.device;
  return operand;
}

static std::string describeDlpackType(nb::dlpack::dtype type) {
  const char *code = "type code ";
  switch (static_cast<nb::dlpack::dtype_code>(type.code)) {
  case nb::dlpack::dtype_code::Int:
    code = "int";
    break;
  case nb::dlpack::dtype_code::UInt:
    code = "uint";
    break;
  case nb::dlpack::dtype_code::Float:
    code = "float";
    break;
  case nb::dlpack::dtype_code::Bfloat:
    code = "bfloat";
    break;
  case nb::dlpack::dtype_code::Complex:
    code = "complex";
    break;
  case nb::dlpack::dtype_code::Bool:
    code = "bool";
    break;
  default:
    return llvm::formatv("type code {0}, {1} bits", int(type.code),
                         int(type.bits));
  }
  return llvm::formatv("{0}{1}", code, int(type.bits));
}

static const char *describeDevice(int deviceType) {
  switch (deviceType) {
  case nb::device::cpu::value:
    return "on the CPU";
  case nb::device::cuda_host::value:
    return "in pinned host memory";
  default:
    return "on a device other than CUDA";
  }
}

static TensorOperand readDlpack(const nb::ndarray<nb::ro> &array,
                                const char *name) {
  int deviceType = array.device_type();
  if (deviceType != nb::device::cuda::value &&
      deviceType != nb::device::cuda_managed::value)
    throwArgumentError(llvm::formatv("{0} is not on a CUDA device (it is {1})",
                                     name, describeDevice(deviceType)));
  TensorOperand operand;
  operand.name = name;
  operand.rank = static_cast<int>(array.ndim());
  checkRank(operand.rank, name);
  for (int i = 0; i < operand.rank; ++i) {
    operand.shape[i] = static_cast<int64_t>(array.shape(i));
    operand.strides[i] = array.stride(i);
  }
  nb::dlpack::dtype type = array.dtype();
  if (type == nb::dtype<float>())
    operand.type = ElementType::F32;
  else if (type.code == uint8_t(nb::dlpack::dtype_code::Float) &&
           type.bits == 16 && type.lanes == 1)
    operand.type = ElementType::F16;
  else if (type.code == uint8_t(nb::dlpack::dtype_code::Bfloat) &&
           type.bits == 16 && type.lanes == 1)
    operand.type = ElementType::BF16;
  else
    operand.typeName = describeDlpackType(type);
  operand.data = reinterpret_cast<uintptr_t>(array.data());
  operand.device = array.device_id();
  return operand;
}

uintptr_t getCurrentTorchStream(int device) {
  const TorchObjects *torch = findTorch();
  if (!torch || !torch->currentStream)
    return 0;
  nb::object stream = nb::steal(
      PyObject_CallOneArg(torch->currentStream, nb::int_(device).ptr()));
  if (!stream.is_valid())
    throw nb::python_error();
  return nb::cast<uintptr_t>(stream);
}

TensorOperand readOperand(nb::handle object, const char *name) {
  if (const TorchObjects *torch = findTorch())
    if (PyObject_TypeCheck(object.ptr(),
                           reinterpret_cast<PyTypeObject *>(torch->tensorType)))
      return readTorchTensor(object, *torch, name);
  if (nb::hasattr(object, "__cuda_array_interface__"))
    return readCudaArrayInterface(object, name);
  nb::ndarray<nb::ro> array;
  if (nb::try_cast(object, array, /*convert=*/false))
    return readDlpack(array, name);
  throwArgumentError(llvm::formatv(
      "{0} ({1}) is not an array: gemm_opt takes torch tensors, objects with "
      "__cuda_array_interface__ and DLPack arrays",
      name, nb::str(nb::handle(Py_TYPE(object.ptr()))).c_str()));
}

} // namespace gemm_opt::python
