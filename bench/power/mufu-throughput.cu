//===- mufu-throughput.cu - elements per clock of the hardware's tanh -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A benchmark reference, not part of the compiler: how many tanh values an
// SM computes per clock with each of PTX's tanh.approx forms, to size the
// fused GELU epilogue's cost (passes/epilogue/FusedEpilogue.cpp). Every SM runs
// THREADS threads; each evaluates CHAINS independent chains of `length`
// tanh steps (x ← tanh(x)·a + b, to keep the values in tanh's busy range),
// and block 0's thread 0 times the loop with %clock64. The result is tanh
// elements (two per instruction for the x2 forms) per SM per clock.
//
//   mufu-throughput            # prints one line per form
//
//===----------------------------------------------------------------------===//

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "CudaCheck.cuh"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kThreads = 512;
constexpr int kChains = 8;

constexpr const char *kProgramName = "mufu-throughput";

enum class Form { F32, F16x2, BF16x2, Ex2F32 };

template <Form F> __device__ __forceinline__ uint32_t step(uint32_t x);

template <> __device__ __forceinline__ uint32_t step<Form::F32>(uint32_t x) {
  float y;
  asm volatile("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(__uint_as_float(x)));
  return __float_as_uint(fmaf(y, 1.5f, 0.25f));
}

template <> __device__ __forceinline__ uint32_t step<Form::Ex2F32>(uint32_t x) {
  float y;
  asm volatile("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(__uint_as_float(x)));
  return __float_as_uint(fmaf(y, -0.5f, 0.25f));
}

template <> __device__ __forceinline__ uint32_t step<Form::F16x2>(uint32_t x) {
  uint32_t y;
  asm volatile("tanh.approx.f16x2 %0, %1;" : "=r"(y) : "r"(x));
  __half2 h = *reinterpret_cast<__half2 *>(&y);
  h = __hfma2(h, __floats2half2_rn(1.5f, 1.5f), __floats2half2_rn(0.25f, 0.25f));
  return *reinterpret_cast<uint32_t *>(&h);
}

template <>
__device__ __forceinline__ uint32_t step<Form::BF16x2>(uint32_t x) {
  uint32_t y;
  asm volatile("tanh.approx.bf16x2 %0, %1;" : "=r"(y) : "r"(x));
  __nv_bfloat162 h = *reinterpret_cast<__nv_bfloat162 *>(&y);
  h = __hfma2(h, __floats2bfloat162_rn(1.5f, 1.5f),
              __floats2bfloat162_rn(0.25f, 0.25f));
  return *reinterpret_cast<uint32_t *>(&h);
}

template <Form F>
__global__ void __launch_bounds__(kThreads)
    mufuKernel(int length, uint32_t *sink, unsigned long long *cycles) {
  uint32_t x[kChains];
#pragma unroll
  for (int c = 0; c < kChains; ++c) {
    __half2 h = __floats2half2_rn(0.1f * c + 0.01f * threadIdx.x, 0.3f);
    x[c] = F == Form::F16x2 ? *reinterpret_cast<uint32_t *>(&h)
           : F == Form::BF16x2
               ? [&] {
                   __nv_bfloat162 b = __floats2bfloat162_rn(0.1f * c, 0.3f);
                   return *reinterpret_cast<uint32_t *>(&b);
                 }()
               : __float_as_uint(0.1f * c + 0.001f * threadIdx.x);
  }
  __syncthreads();
  unsigned long long start = clock64();
  for (int i = 0; i < length; ++i) {
#pragma unroll
    for (int c = 0; c < kChains; ++c)
      x[c] = step<F>(x[c]);
  }
  __syncthreads();
  unsigned long long stop = clock64();
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *cycles = stop - start;
  uint32_t sum = 0;
#pragma unroll
  for (int c = 0; c < kChains; ++c)
    sum ^= x[c];
  sink[blockIdx.x * kThreads + threadIdx.x] = sum;
}

template <Form F>
void measure(const char *name, int elementsPerInstruction, int sms,
             uint32_t *sink, unsigned long long *cycles) {
  const int length = 4096;
  mufuKernel<F><<<sms, kThreads>>>(length, sink, cycles); // warm-up
  CHECK_CUDA(cudaGetLastError());
  mufuKernel<F><<<sms, kThreads>>>(length, sink, cycles);
  CHECK_CUDA(cudaGetLastError());
  unsigned long long elapsed = 0;
  CHECK_CUDA(cudaMemcpy(&elapsed, cycles, sizeof(elapsed),
                        cudaMemcpyDeviceToHost));
  double instructions = static_cast<double>(kThreads) * kChains * length;
  std::printf("%-20s %6.2f instructions, %6.2f elements per SM per clock\n",
              name, instructions / elapsed,
              instructions * elementsPerInstruction / elapsed);
}

} // namespace

int main() {
  int sms = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  uint32_t *sink = nullptr;
  unsigned long long *cycles = nullptr;
  CHECK_CUDA(cudaMalloc(&sink, sizeof(uint32_t) * sms * kThreads));
  CHECK_CUDA(cudaMalloc(&cycles, sizeof(unsigned long long)));
  measure<Form::F32>("tanh.approx.f32", 1, sms, sink, cycles);
  measure<Form::F16x2>("tanh.approx.f16x2", 2, sms, sink, cycles);
  measure<Form::BF16x2>("tanh.approx.bf16x2", 2, sms, sink, cycles);
  measure<Form::Ex2F32>("ex2.approx.f32", 1, sms, sink, cycles);
  CHECK_CUDA(cudaFree(sink));
  CHECK_CUDA(cudaFree(cycles));
  return 0;
}
