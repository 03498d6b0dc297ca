//===- tensor-ceiling.cu - the tensor cores' rate with nothing else to do -===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A benchmark reference, not part of the compiler: how fast can any kernel
// do a GEMM's multiply-adds on this GPU, under its clock and power limits,
// when it does nothing else? Every SM runs one block of two warpgroups, as
// the wgmma kernels do, and each warpgroup issues m64n256 wgmmas back to
// back (bf16: k16, tf32: k8, e4m3: k32; fp32 accumulators in registers),
// with both
// operands in shared memory in the 128-byte swizzle the kernels use. The
// operands (four 48 KiB stages, one 128x256 tile's A and B each, read in
// turn) are filled once with random values drawn like the runtime's inputs
// (magnitude in [1/16, 1], random sign), so the tensor cores switch as
// much as in a GEMM; nothing is loaded from global memory and nothing is
// stored but one sum per thread.
//
// The block count is the SM count and each block's iteration count is set
// so that the kernel does the multiply-adds of the GEMM shape given
// (--m/--n/--k, 2·M·N·K FLOPs, rounded to whole iterations). A GEMM of that
// shape does the same math plus its loads, stores and epilogue, so its time
// is bounded below by this kernel's time measured the same way.
//
// Timing as in the runtime (runtime/Timing.h): before each run a 256 MiB
// buffer is written to flush L2, CUDA events around the kernel only, median
// over the runs. With --cublas, cublasGemmEx (A row-major, B column-major,
// i.e. cuBLAS's TN; fp32 C for tf32, bf16 C for bf16; 32 MiB workspace) on
// the shape is timed in the same loop, run for run in turns. Block 0's
// thread 0 reads %clock64 and %globaltimer at its start and end: the SM
// clock the kernel ran at.
//
// With --sustained-ms S, each kernel (the ceiling, then cuBLAS) also runs
// back to back for S ms without flushes; the program prints the wall-clock
// (epoch) times of each phase so that a power log (nvidia-smi) taken
// meanwhile can be split by phase.
//
//   tensor-ceiling --type bf16 --m 8192 --n 8192 --k 4096 --cublas
//
//===----------------------------------------------------------------------===//

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "CudaCheck.cuh"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kWarpgroups = 2;
constexpr int kThreads = 128 * kWarpgroups;
constexpr int kRowBytes = 128; // one 128-byte swizzle row of K
constexpr int kARows = 64 * kWarpgroups;
constexpr int kBRows = 256;
constexpr int kStageBytes = (kARows + kBRows) * kRowBytes; // 48 KiB
constexpr int kStages = 4;
constexpr int kSharedBytes = kStages * kStageBytes + 1024; // + alignment
constexpr int kInstructionsPerStage = 4; // 128 bytes of K, 32 per wgmma

enum class Type { BF16, TF32, E4M3 };

constexpr const char *kProgramName = "tensor-ceiling";

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t status = (call);                                            \
    if (status != CUBLAS_STATUS_SUCCESS) {                                     \
      std::fprintf(stderr, "%s: %s failed: status %d (%s:%d)\n", kProgramName,   \
                   #call, static_cast<int>(status), __FILE__, __LINE__);       \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// The runtime's input values (runtime/HostMatrix.cpp, getRandomInputValue).
__host__ __device__ uint64_t splitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

__host__ __device__ float randomInputValue(uint64_t seed, uint64_t index) {
  uint64_t bits = splitMix64(splitMix64(seed) ^ index);
  float unit = static_cast<float>(bits & 0xffffffu) * 0x1p-24f;
  float magnitude = 0.0625f + (1.0f - 0.0625f) * unit;
  return (bits >> 63) ? -magnitude : magnitude;
}

// A K-major operand in the 128-byte swizzle: 8-row groups 1024 bytes apart.
__device__ uint64_t makeDescriptor(uint32_t sharedAddress) {
  uint64_t descriptor = 0;
  descriptor |= static_cast<uint64_t>((sharedAddress >> 4) & 0x3fff);
  descriptor |= static_cast<uint64_t>(1) << 16;           // LBO (unused)
  descriptor |= static_cast<uint64_t>(1024 >> 4) << 32;   // SBO
  descriptor |= static_cast<uint64_t>(1) << 62;           // 128B swizzle
  return descriptor;
}

#define ACC1(i) "+f"(d[i])
#define ACC8(i)                                                                \
  ACC1(i), ACC1(i + 1), ACC1(i + 2), ACC1(i + 3), ACC1(i + 4), ACC1(i + 5),    \
      ACC1(i + 6), ACC1(i + 7)
#define ACC64(i)                                                               \
  ACC8(i), ACC8(i + 8), ACC8(i + 16), ACC8(i + 24), ACC8(i + 32),              \
      ACC8(i + 40), ACC8(i + 48), ACC8(i + 56)
#define ACC128 ACC64(0), ACC64(64)

#define ACC_LIST                                                               \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "    \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, "     \
  "%30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, "     \
  "%44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, "     \
  "%58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, "     \
  "%72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, "     \
  "%86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, "     \
  "%100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "   \
  "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, "   \
  "%124, %125, %126, %127}"

template <Type T>
__device__ __forceinline__ void wgmma(float (&d)[128], uint64_t a, uint64_t b);

// One wgmma of `instruction` with `immediates` after its scale-d (always
// 1: accumulate) on the 128 accumulators, A and B from descriptors.
#define WGMMA(instruction, immediates)                                         \
  asm volatile(instruction " " ACC_LIST ", %128, %129, 1, " immediates ";\n"   \
               : ACC128                                                        \
               : "l"(a), "l"(b))

template <>
__device__ __forceinline__ void wgmma<Type::BF16>(float (&d)[128], uint64_t a,
                                                  uint64_t b) {
  WGMMA("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16", "1, 1, 0, 0");
}

template <>
__device__ __forceinline__ void wgmma<Type::TF32>(float (&d)[128], uint64_t a,
                                                  uint64_t b) {
  WGMMA("wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32", "1, 1");
}

template <>
__device__ __forceinline__ void wgmma<Type::E4M3>(float (&d)[128], uint64_t a,
                                                  uint64_t b) {
  WGMMA("wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3", "1, 1");
}

template <Type T>
__global__ void __launch_bounds__(kThreads, 1)
    tensorCeilingKernel(int iterations, uint64_t seed, float *sink,
                        unsigned long long *clocks) {
  extern __shared__ unsigned char raw[];
  unsigned char *base = reinterpret_cast<unsigned char *>(
      (reinterpret_cast<uintptr_t>(raw) + 1023) & ~static_cast<uintptr_t>(1023));
  // Random operands, 4-byte words: two bf16, one tf32 or four e4m3 each
  // (e4m3 bytes drawn uniformly over the finite codes but NaN).
  uint32_t *words = reinterpret_cast<uint32_t *>(base);
  for (int i = threadIdx.x; i < kStages * kStageBytes / 4; i += kThreads) {
    uint64_t index = (static_cast<uint64_t>(blockIdx.x) << 32) | (2u * i);
    uint32_t word;
    if (T == Type::BF16) {
      __nv_bfloat16 lo = __float2bfloat16(randomInputValue(seed, index));
      __nv_bfloat16 hi = __float2bfloat16(randomInputValue(seed, index + 1));
      word = static_cast<uint32_t>(__bfloat16_as_ushort(lo)) |
             (static_cast<uint32_t>(__bfloat16_as_ushort(hi)) << 16);
    } else if (T == Type::E4M3) {
      word = 0;
      for (int byte = 0; byte < 4; ++byte) {
        uint32_t code = static_cast<uint32_t>(
            randomInputValue(seed, index + byte) * 126.0f + 127.0f) & 0x7eu;
        word |= (code | ((byte & 1) << 7)) << (8 * byte);
      }
    } else {
      word = __float_as_uint(randomInputValue(seed, index));
    }
    words[i] = word;
  }
  // The generic-proxy stores must be visible to wgmma's (async proxy) reads.
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();

  unsigned long long startClock = 0, startTime = 0;
  if (threadIdx.x == 0) {
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(startClock));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(startTime));
  }
  uint32_t shared = static_cast<uint32_t>(__cvta_generic_to_shared(base));
  int warpgroup = threadIdx.x / 128;
  float d[128];
#pragma unroll
  for (int i = 0; i < 128; ++i)
    d[i] = 0.0f;
  for (int it = 0; it < iterations; ++it) {
    // As the compiled kernels do at each K step (ptxas would add it).
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    uint32_t stage = shared + (it % kStages) * kStageBytes;
    uint32_t a = stage + warpgroup * 64 * kRowBytes;
    uint32_t b = stage + kARows * kRowBytes;
#pragma unroll
    for (int k = 0; k < kInstructionsPerStage; ++k)
      wgmma<T>(d, makeDescriptor(a + 32 * k), makeDescriptor(b + 32 * k));
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  if (threadIdx.x == 0) {
    unsigned long long endClock, endTime;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(endClock));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(endTime));
    clocks[2 * blockIdx.x] = endClock - startClock;
    clocks[2 * blockIdx.x + 1] = endTime - startTime;
  }
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < 128; ++i)
    sum += d[i];
  sink[blockIdx.x * kThreads + threadIdx.x] = sum;
}

struct Options {
  Type type = Type::BF16;
  long long m = 8192, n = 8192, k = 4096;
  int runs = 40, warmup = 5;
  int sustainedMs = 0;
  bool cublas = false;
};

[[noreturn]] void usage(const char *message) {
  std::fprintf(stderr,
               "tensor-ceiling: %s\nusage: tensor-ceiling [--type bf16|tf32|e4m3] "
               "[--m M] [--n N] [--k K] [--runs R] [--warmup W] "
               "[--sustained-ms S] [--cublas]\n",
               message);
  std::exit(2);
}

Options parseOptions(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc)
        usage(("missing value after " + arg).c_str());
      return argv[++i];
    };
    auto number = [&]() {
      const char *text = value();
      char *end = nullptr;
      long long parsed = std::strtoll(text, &end, 10);
      if (*end != '\0' || parsed < 0)
        usage(("not a non-negative number after " + arg + ": " + text).c_str());
      return parsed;
    };
    if (arg == "--type") {
      std::string type = value();
      if (type == "bf16")
        options.type = Type::BF16;
      else if (type == "tf32")
        options.type = Type::TF32;
      else if (type == "e4m3")
        options.type = Type::E4M3;
      else
        usage(("unknown --type " + type + " (bf16, tf32 or e4m3)").c_str());
    } else if (arg == "--m") {
      options.m = number();
    } else if (arg == "--n") {
      options.n = number();
    } else if (arg == "--k") {
      options.k = number();
    } else if (arg == "--runs") {
      options.runs = static_cast<int>(number());
    } else if (arg == "--warmup") {
      options.warmup = static_cast<int>(number());
    } else if (arg == "--sustained-ms") {
      options.sustainedMs = static_cast<int>(number());
    } else if (arg == "--cublas") {
      options.cublas = true;
    } else {
      usage(("unknown argument " + arg).c_str());
    }
  }
  if (options.m < 1 || options.n < 1 || options.k < 1 || options.runs < 1)
    usage("--m, --n, --k and --runs must be at least 1");
  return options;
}

double epochSeconds() {
  return std::chrono::duration<double>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// cublasGemmEx on the shape: A row-major (K-major), B column-major.
struct CublasGemm {
  cublasHandle_t handle = nullptr;
  void *a = nullptr, *b = nullptr, *c = nullptr, *workspace = nullptr;
  Type type;
  long long m, n, k;

  CublasGemm(Type type, long long m, long long n, long long k, cudaStream_t s)
      : type(type), m(m), n(n), k(k) {
    size_t element = type == Type::BF16 ? 2 : 4;
    CHECK_CUDA(cudaMalloc(&a, m * k * element));
    CHECK_CUDA(cudaMalloc(&b, k * n * element));
    CHECK_CUDA(cudaMalloc(&c, m * n * element));
    CHECK_CUDA(cudaMalloc(&workspace, 32u << 20));
    fill(a, m * k, 1);
    fill(b, k * n, 2);
    CHECK_CUBLAS(cublasCreate(&handle));
    CHECK_CUBLAS(cublasSetStream(handle, s));
    CHECK_CUBLAS(cublasSetWorkspace(handle, workspace, 32u << 20));
  }
  ~CublasGemm() {
    cublasDestroy(handle);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(workspace);
  }
  void fill(void *device, long long count, uint64_t seed) {
    std::vector<uint32_t> host((count * (type == Type::BF16 ? 2 : 4) + 3) / 4);
    for (long long i = 0; i < count; ++i) {
      float value = randomInputValue(seed, static_cast<uint64_t>(i));
      if (type == Type::BF16) {
        __nv_bfloat16 h = __float2bfloat16(value);
        reinterpret_cast<__nv_bfloat16 *>(host.data())[i] = h;
      } else {
        reinterpret_cast<float *>(host.data())[i] = value;
      }
    }
    CHECK_CUDA(cudaMemcpy(device, host.data(),
                          count * (type == Type::BF16 ? 2 : 4),
                          cudaMemcpyHostToDevice));
  }
  void run() {
    float alpha = 1.0f, beta = 0.0f;
    // In cuBLAS's column-major terms our row-major M x K A is a K x M
    // matrix (lda = K) taken transposed, B is K x N (ldb = K), C is M x N.
    cudaDataType_t data = type == Type::BF16 ? CUDA_R_16BF : CUDA_R_32F;
    cublasComputeType_t compute = type == Type::BF16
                                      ? CUBLAS_COMPUTE_32F
                                      : CUBLAS_COMPUTE_32F_FAST_TF32;
    CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k,
                              &alpha, a, data, k, b, data, k, &beta, c, data,
                              m, compute, CUBLAS_GEMM_DEFAULT));
  }
};

} // namespace

int main(int argc, char **argv) {
  Options options = parseOptions(argc, argv);
  int device = 0, sms = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  cudaDeviceProp properties;
  CHECK_CUDA(cudaGetDeviceProperties(&properties, device));
  if (properties.major != 9) {
    std::fprintf(stderr, "tensor-ceiling: needs an sm_90 GPU (wgmma), found "
                         "%s (sm_%d%d)\n",
                 properties.name, properties.major, properties.minor);
    return 1;
  }

  bool bf16 = options.type == Type::BF16;
  bool e4m3 = options.type == Type::E4M3;
  if (e4m3 && options.cublas)
    usage("--cublas times bf16 or tf32 GEMMs (FP8 anchors: gemm-run)");
  int instructionK = bf16 ? 16 : e4m3 ? 32 : 8;
  double flopsPerIteration = 2.0 * kWarpgroups * kInstructionsPerStage * 64 *
                             256 * instructionK * sms;
  double shapeFlops = 2.0 * options.m * options.n * options.k;
  int iterations = std::max(
      1, static_cast<int>(shapeFlops / flopsPerIteration + 0.5));
  double flops = flopsPerIteration * iterations;

  auto kernel = bf16   ? tensorCeilingKernel<Type::BF16>
                : e4m3 ? tensorCeilingKernel<Type::E4M3>
                       : tensorCeilingKernel<Type::TF32>;
  CHECK_CUDA(cudaFuncSetAttribute(
      kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSharedBytes));
  float *sink = nullptr;
  unsigned long long *clocks = nullptr;
  CHECK_CUDA(cudaMalloc(&sink, sizeof(float) * sms * kThreads));
  CHECK_CUDA(cudaMalloc(&clocks, sizeof(unsigned long long) * 2 * sms));
  size_t flushBytes = std::max<size_t>(256u << 20, 2 * properties.l2CacheSize);
  void *flush = nullptr;
  CHECK_CUDA(cudaMalloc(&flush, flushBytes));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  cudaEvent_t begin, end;
  CHECK_CUDA(cudaEventCreate(&begin));
  CHECK_CUDA(cudaEventCreate(&end));
  CublasGemm *cublas =
      options.cublas ? new CublasGemm(options.type, options.m, options.n,
                                      options.k, stream)
                     : nullptr;

  auto launchCeiling = [&]() {
    kernel<<<sms, kThreads, kSharedBytes, stream>>>(iterations, 7, sink,
                                                     clocks);
    CHECK_CUDA(cudaGetLastError());
  };
  // Kernel 0 is the ceiling, kernel 1 cuBLAS.
  auto launch = [&](int which) {
    if (which == 0)
      launchCeiling();
    else
      cublas->run();
  };
  std::printf("device   : %s (sm_%d%d, %d SMs)\n", properties.name,
              properties.major, properties.minor, sms);
  std::printf("shape    : %s %lldx%lldx%lld, %.4g GFLOP; ceiling kernel %d "
              "iterations per SM, %.4g GFLOP\n",
              bf16 ? "bf16" : e4m3 ? "e4m3" : "tf32", options.m, options.n,
              options.k,
              shapeFlops * 1e-9, iterations, flops * 1e-9);
  std::printf("timing   : median of %d interleaved runs (%d warm-up), L2 "
              "flushed (%zu MiB) before each\n",
              options.runs, options.warmup, flushBytes >> 20);

  std::vector<double> ceilingMs, cublasMs, mhz;
  unsigned char flushValue = 0;
  for (int run = 0; run < options.warmup + options.runs; ++run) {
    for (int which = 0; which < (cublas ? 2 : 1); ++which) {
      CHECK_CUDA(cudaMemsetAsync(flush, ++flushValue, flushBytes, stream));
      CHECK_CUDA(cudaEventRecord(begin, stream));
      launch(which);
      CHECK_CUDA(cudaEventRecord(end, stream));
      CHECK_CUDA(cudaEventSynchronize(end));
      float ms = 0;
      CHECK_CUDA(cudaEventElapsedTime(&ms, begin, end));
      if (run < options.warmup)
        continue;
      (which == 0 ? ceilingMs : cublasMs).push_back(ms);
      if (which == 0) {
        unsigned long long blockZero[2];
        CHECK_CUDA(cudaMemcpy(blockZero, clocks, sizeof(blockZero),
                              cudaMemcpyDeviceToHost));
        mhz.push_back(1e3 * static_cast<double>(blockZero[0]) /
                      static_cast<double>(blockZero[1]));
      }
    }
  }
  double ceiling = median(ceilingMs);
  // Dense tensor rate per SM and clock: 8192 FLOP for e4m3, 4096 for bf16,
  // 2048 for tf32 (1979 / 989 / 495 TFLOP/s on 132 SMs at 1830 MHz).
  double peakAtClock =
      (e4m3 ? 8192.0 : bf16 ? 4096.0 : 2048.0) * sms * median(mhz) * 1e6;
  std::printf("ceiling  : %.4f ms median (min %.4f, max %.4f), %.1f TFLOP/s, "
              "SM clock %.0f MHz (median of block 0), %.3f of the dense "
              "tensor rate at that clock\n",
              ceiling, *std::min_element(ceilingMs.begin(), ceilingMs.end()),
              *std::max_element(ceilingMs.begin(), ceilingMs.end()),
              flops / ceiling * 1e-9, median(mhz),
              flops / (ceiling * 1e-3) / peakAtClock);
  std::printf("shape    : its %.4g GFLOP at the ceiling's rate: %.4f ms\n",
              shapeFlops * 1e-9, shapeFlops / (flops / ceiling));
  if (cublas) {
    double c = median(cublasMs);
    std::printf("cublas   : %.4f ms median (min %.4f, max %.4f), %.1f "
                "TFLOP/s, %.3f of the ceiling's rate\n",
                c, *std::min_element(cublasMs.begin(), cublasMs.end()),
                *std::max_element(cublasMs.begin(), cublasMs.end()),
                shapeFlops / c * 1e-9, (shapeFlops / c) / (flops / ceiling));
  }

  if (options.sustainedMs > 0) {
    for (int which = 0; which < (cublas ? 2 : 1); ++which) {
      const char *name = which == 0 ? "ceiling" : "cublas";
      double start = epochSeconds();
      CHECK_CUDA(cudaEventRecord(begin, stream));
      long long runs = 0;
      float ms = 0;
      while (ms < options.sustainedMs) {
        for (int i = 0; i < 20; ++i, ++runs)
          launch(which);
        CHECK_CUDA(cudaEventRecord(end, stream));
        CHECK_CUDA(cudaEventSynchronize(end));
        CHECK_CUDA(cudaEventElapsedTime(&ms, begin, end));
      }
      double stop = epochSeconds();
      double each = ms / runs;
      double work = which == 0 ? flops : shapeFlops;
      std::printf("sustained: %s %lld runs back to back, %.4f ms each, %.1f "
                  "TFLOP/s, epoch %.3f to %.3f\n",
                  name, runs, each, work / each * 1e-9, start, stop);
    }
  }
  delete cublas;
  CHECK_CUDA(cudaFree(sink));
  CHECK_CUDA(cudaFree(clocks));
  CHECK_CUDA(cudaFree(flush));
  return 0;
}
