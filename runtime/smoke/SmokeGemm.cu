//===- SmokeGemm.cu - Hand-written kernels for runtime smoke tests --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Simple shared-memory tiled GEMM kernels that follow the gemm-opt kernel ABI
// (each rank-2 memref is 7 scalar parameters: allocated, aligned, offset,
// size0, size1, stride0, stride1), so that gemm-run can be tested on a GPU
// without the compiler. Block 256 threads, tile 64 x 64 x 16, grid
// (N / 64, M / 64). Needs M, N multiples of 64 and K a multiple of 16.
// SMOKE_BROKEN drops the last K tile, to test that gemm-run catches it.
//
//===----------------------------------------------------------------------===//

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

constexpr int tileM = 64;
constexpr int tileN = 64;
constexpr int tileK = 16;
constexpr int threads = 256;

// Inline with external linkage: nvcc warns about unused internal functions.
__device__ __forceinline__ float toFloat(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
__device__ __forceinline__ float toFloat(__half v) { return __half2float(v); }
__device__ __forceinline__ float toFloat(float v) { return v; }

__device__ __forceinline__ void storeFloat(__nv_bfloat16 *p, float v) {
  *p = __float2bfloat16_rn(v);
}
__device__ __forceinline__ void storeFloat(__half *p, float v) {
  *p = __float2half_rn(v);
}
__device__ __forceinline__ void storeFloat(float *p, float v) { *p = v; }

template <typename TIn, typename TOut>
__device__ __forceinline__ void gemmTile(const TIn *a, int64_t lda, const TIn *b, int64_t ldb,
                         TOut *c, int64_t ldc, int64_t k) {
  extern __shared__ float shared[];
  float *tileA = shared;                 // [tileK][tileM]
  float *tileB = shared + tileK * tileM; // [tileK][tileN]
  const int tid = threadIdx.x;
  const int tx = tid % 16;
  const int ty = tid / 16;
  const int64_t row0 = static_cast<int64_t>(blockIdx.y) * tileM;
  const int64_t col0 = static_cast<int64_t>(blockIdx.x) * tileN;
  float acc[4][4] = {};
#ifdef SMOKE_BROKEN
  k -= tileK;
#endif
  for (int64_t k0 = 0; k0 < k; k0 += tileK) {
    for (int i = tid; i < tileM * tileK; i += threads) {
      int r = i / tileK, kk = i % tileK;
      tileA[kk * tileM + r] = toFloat(a[(row0 + r) * lda + k0 + kk]);
    }
    for (int i = tid; i < tileK * tileN; i += threads) {
      int kk = i / tileN, cc = i % tileN;
      tileB[kk * tileN + cc] = toFloat(b[(k0 + kk) * ldb + col0 + cc]);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < tileK; ++kk) {
      float av[4], bv[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        av[i] = tileA[kk * tileM + ty * 4 + i];
        bv[i] = tileB[kk * tileN + tx * 4 + i];
      }
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += av[i] * bv[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      storeFloat(&c[(row0 + ty * 4 + i) * ldc + col0 + tx * 4 + j], acc[i][j]);
}

#define MEMREF_PARAMS(T, name)                                                 \
  T *name##Allocated, T *name##Aligned, int64_t name##Offset,                  \
      int64_t name##Size0, int64_t name##Size1, int64_t name##Stride0,         \
      int64_t name##Stride1

#define SMOKE_KERNEL(kernelName, TIn, TOut)                                    \
  extern "C" __global__ void __launch_bounds__(threads)                       \
      kernelName(MEMREF_PARAMS(const TIn, a), MEMREF_PARAMS(const TIn, b),     \
                 MEMREF_PARAMS(TOut, c)) {                                     \
    gemmTile<TIn, TOut>(aAligned + aOffset, aStride0, bAligned + bOffset,      \
                        bStride0, cAligned + cOffset, cStride0, aSize1);       \
  }

SMOKE_KERNEL(smoke_gemm_bf16, __nv_bfloat16, __nv_bfloat16)
SMOKE_KERNEL(smoke_gemm_f16_f32, __half, float)
SMOKE_KERNEL(smoke_gemm_f32, float, float)
