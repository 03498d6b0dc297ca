# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arrays that say they live in CUDA memory, for the argument checks.

A FakeCudaArray exports a DLPack capsule describing a CUDA tensor at an
address nothing ever reads: what gemm_opt checks before it touches the GPU
(types, shapes, strides, alignment) can then be tested on a machine without
one. A call that passes the checks fails with DeviceError there.
"""

import ctypes


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", _DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", _DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


_Deleter = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", _Deleter)]


@_Deleter
def _keep(_):
    """The memory belongs to the FakeCudaArray, which outlives the call."""


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]

_TYPES = {"bf16": (4, 16), "f16": (2, 16), "f32": (2, 32), "f64": (2, 64),
          "i32": (0, 32)}
_BYTES = {"bf16": 2, "f16": 2, "f32": 4, "f64": 8, "i32": 4}
_CUDA = 2


class FakeCudaArray:
    def __init__(self, shape, dtype="bf16", strides=None, address=1 << 32,
                 device=0):
        if strides is None:
            strides, elements = [], 1
            for extent in reversed(shape):
                strides.insert(0, elements)
                elements *= extent
        self.shape, self.strides, self.dtype = tuple(shape), tuple(strides), dtype
        self._shape = (ctypes.c_int64 * len(shape))(*shape)
        self._strides = (ctypes.c_int64 * len(shape))(*strides)
        code, bits = _TYPES[dtype]
        self._managed = _DLManagedTensor(
            _DLTensor(address, _DLDevice(_CUDA, device), len(shape),
                      _DLDataType(code, bits, 1), self._shape, self._strides, 0),
            None, _keep)

    def __dlpack__(self, *args, **kwargs):
        return _capsule_new(ctypes.addressof(self._managed), b"dltensor", None)

    def __dlpack_device__(self):
        return (_CUDA, self._managed.dl_tensor.device.device_id)

    @property
    def T(self):
        """The transposed view of a matrix (or of each matrix of a batch)."""
        shape = (*self.shape[:-2], self.shape[-1], self.shape[-2])
        strides = (*self.strides[:-2], self.strides[-1], self.strides[-2])
        return FakeCudaArray(shape, self.dtype, strides,
                             self._managed.dl_tensor.data)

    def element_bytes(self):
        return _BYTES[self.dtype]
