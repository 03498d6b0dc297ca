//===- BiasActivationKernel.cu - unfused bias + activation reference ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The second kernel of the unfused pipeline that gemm-run --compare-epilogue
// times against a fused epilogue: cuBLAS writes C = A·B in C's type, then
//
//   D(r, c) = activation(C(r, c) + bias)       bias[r] ("row") or bias[c]
//                                              ("column"), or none
//
// reads C and the bias and writes D once, in fp32 math with one rounding to
// D's type, like the fused epilogue (runtime/FusedEpilogueSpec.h). It is a
// benchmark reference, not part of the compiler: a hand-written CUDA kernel
// compiled by nvcc into a fatbin that the runtime embeds and loads through
// the driver API (runtime/BiasActivationKernel.h).
//
// The fast path ("v16") moves 16 bytes per thread: it needs N and both
// leading dimensions to be multiples of the vector width and 16-byte aligned
// pointers (the host checks). The other ("v1") takes one element per
// thread. GELU(tanh) uses tanh.approx.f32 (max relative error ~2^-11, below
// bf16's and f16's rounding), as a fast elementwise kernel would; the other
// functions use CUDA's accurate math. The grid is (ceil(N / (256 · width)),
// min(M, 65535)); blocks stride over the rows.
//
//===----------------------------------------------------------------------===//

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <stdint.h>

namespace {

enum Bias { BiasNone, BiasRow, BiasColumn };
enum Activation { ActNone, ActRelu, ActGeluTanh, ActGeluErf, ActSilu };

__device__ __forceinline__ float tanhApprox(float x) {
  float y;
  asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

template <int ACT> __device__ __forceinline__ float activate(float x) {
  if (ACT == ActRelu)
    return x < 0.0f ? 0.0f : x; // NaN stays NaN
  if (ACT == ActGeluTanh) {
    const float k0 = 0.7978845608028654f;            // √(2/π)
    const float k1 = 0.7978845608028654f * 0.044715f; // √(2/π)·0.044715
    float t = tanhApprox(x * fmaf(x * x, k1, k0));
    float half = 0.5f * x;
    return fmaf(half, t, half);
  }
  if (ACT == ActGeluErf) {
    float half = 0.5f * x;
    return fmaf(half, erff(x * 0.7071067811865476f), half);
  }
  if (ACT == ActSilu)
    return x / (1.0f + expf(-x));
  return x;
}

__device__ __forceinline__ float toFloat(float x) { return x; }
__device__ __forceinline__ float toFloat(__nv_bfloat16 x) {
  return __bfloat162float(x);
}
__device__ __forceinline__ float toFloat(__half x) { return __half2float(x); }

template <typename T> __device__ __forceinline__ T fromFloat(float x);
template <> __device__ __forceinline__ float fromFloat<float>(float x) {
  return x;
}
template <>
__device__ __forceinline__ __nv_bfloat16 fromFloat<__nv_bfloat16>(float x) {
  return __float2bfloat16_rn(x);
}
template <> __device__ __forceinline__ __half fromFloat<__half>(float x) {
  return __float2half_rn(x);
}

/// 16 bytes of T.
template <typename T> union Vector {
  static constexpr int Width = 16 / sizeof(T);
  uint4 raw;
  T elements[Width];
};

template <typename T, int BIAS, int ACT>
__device__ __forceinline__ void vectorBody(const T *__restrict__ c,
                                           int64_t ldc,
                                           const T *__restrict__ bias,
                                           T *__restrict__ d, int64_t ldd,
                                           int64_t m, int64_t n) {
  constexpr int width = Vector<T>::Width;
  int64_t col = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * width;
  if (col >= n)
    return;
  Vector<T> columnBias;
  if (BIAS == BiasColumn)
    columnBias.raw = __ldg(reinterpret_cast<const uint4 *>(bias + col));
  for (int64_t row = blockIdx.y; row < m; row += gridDim.y) {
    Vector<T> in, out;
    in.raw = __ldcs(reinterpret_cast<const uint4 *>(c + row * ldc + col));
    float rowBias = BIAS == BiasRow ? toFloat(bias[row]) : 0.0f;
#pragma unroll
    for (int i = 0; i < width; ++i) {
      float x = toFloat(in.elements[i]);
      if (BIAS == BiasRow)
        x += rowBias;
      if (BIAS == BiasColumn)
        x += toFloat(columnBias.elements[i]);
      out.elements[i] = fromFloat<T>(activate<ACT>(x));
    }
    __stcs(reinterpret_cast<uint4 *>(d + row * ldd + col), out.raw);
  }
}

template <typename T, int BIAS, int ACT>
__device__ __forceinline__ void scalarBody(const T *__restrict__ c,
                                           int64_t ldc,
                                           const T *__restrict__ bias,
                                           T *__restrict__ d, int64_t ldd,
                                           int64_t m, int64_t n) {
  int64_t col = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (col >= n)
    return;
  float columnBias = BIAS == BiasColumn ? toFloat(bias[col]) : 0.0f;
  for (int64_t row = blockIdx.y; row < m; row += gridDim.y) {
    float x = toFloat(c[row * ldc + col]);
    if (BIAS == BiasRow)
      x += toFloat(bias[row]);
    if (BIAS == BiasColumn)
      x += columnBias;
    d[row * ldd + col] = fromFloat<T>(activate<ACT>(x));
  }
}

} // namespace

// Kernel names: gemm_opt_bias_activation_<type>_<bias>_<activation>_<v16|v1>,
// as runtime/BiasActivationKernel.cpp spells them.
#define GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, ANAME, A)                 \
  extern "C" __global__ void __launch_bounds__(256)                            \
      gemm_opt_bias_activation_##TNAME##_##BNAME##_##ANAME##_v16(              \
          const T *c, int64_t ldc, const T *bias, T *d, int64_t ldd,           \
          int64_t m, int64_t n) {                                              \
    vectorBody<T, B, A>(c, ldc, bias, d, ldd, m, n);                           \
  }                                                                            \
  extern "C" __global__ void __launch_bounds__(256)                            \
      gemm_opt_bias_activation_##TNAME##_##BNAME##_##ANAME##_v1(               \
          const T *c, int64_t ldc, const T *bias, T *d, int64_t ldd,           \
          int64_t m, int64_t n) {                                              \
    scalarBody<T, B, A>(c, ldc, bias, d, ldd, m, n);                           \
  }

#define GEMM_OPT_BIAS_ACTIVATION_ALL_ACTIVATIONS(TNAME, T, BNAME, B)           \
  GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, none, ActNone)                  \
  GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, relu, ActRelu)                  \
  GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, gelu_tanh, ActGeluTanh)         \
  GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, gelu_erf, ActGeluErf)           \
  GEMM_OPT_BIAS_ACTIVATION(TNAME, T, BNAME, B, silu, ActSilu)

#define GEMM_OPT_BIAS_ACTIVATION_ALL(TNAME, T)                                 \
  GEMM_OPT_BIAS_ACTIVATION_ALL_ACTIVATIONS(TNAME, T, none, BiasNone)           \
  GEMM_OPT_BIAS_ACTIVATION_ALL_ACTIVATIONS(TNAME, T, row, BiasRow)             \
  GEMM_OPT_BIAS_ACTIVATION_ALL_ACTIVATIONS(TNAME, T, column, BiasColumn)

GEMM_OPT_BIAS_ACTIVATION_ALL(bf16, __nv_bfloat16)
GEMM_OPT_BIAS_ACTIVATION_ALL(f16, __half)
GEMM_OPT_BIAS_ACTIVATION_ALL(f32, float)
