//===- SmokeHopperGemm.cu - Hand-written TMA/cluster/persistent kernel ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A simple bf16 GEMM that exercises the Hopper parts of the bundle contract
// on a GPU without the compiler (see CMakeLists.txt for its bundle):
//   - "tma" parameters: A through a tensor map passed as a global_pointer,
//     B through one passed by_value (box [32, 64] and [64, 32], no swizzle),
//     loaded with cp.async.bulk.tensor and an mbarrier;
//   - 2x1x1 thread block clusters given at launch (a cluster barrier checks
//     that both blocks run);
//   - a persistent grid that loops over 64 x 64 output tiles.
// M and K come from the memref of a, N and C from the memref of c. Needs M,
// N multiples of 64 and K a multiple of 32. Speed is not the point.
//
//===----------------------------------------------------------------------===//

#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda_bf16.h>

#include <cstdint>

namespace cg = cooperative_groups;

constexpr int tileM = 64;
constexpr int tileN = 64;
constexpr int tileK = 32;
constexpr int threads = 128;
constexpr uint32_t tileBytes = (tileM * tileK + tileK * tileN) * 2;

__device__ __forceinline__ uint32_t sharedAddress(const void *pointer) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

/// Loads the box at (inner, outer) of `map` into `destination`, completing
/// on `barrier`.
__device__ __forceinline__ void loadTile(void *destination, const void *map,
                                         int inner, int outer,
                                         uint64_t *barrier) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
                   sharedAddress(destination)),
               "l"(map), "r"(inner), "r"(outer), "r"(sharedAddress(barrier))
               : "memory");
}

__device__ __forceinline__ void waitPhase(uint64_t *barrier, uint32_t phase) {
  uint32_t done = 0;
  while (!done)
    asm volatile("{\n .reg .pred p;\n"
                 " mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done)
                 : "r"(sharedAddress(barrier)), "r"(phase)
                 : "memory");
}

#define MEMREF_PARAMS(T, name)                                                 \
  T *name##Allocated, T *name##Aligned, int64_t name##Offset,                  \
      int64_t name##Size0, int64_t name##Size1, int64_t name##Stride0,         \
      int64_t name##Stride1

extern "C" __global__ void __launch_bounds__(threads)
    smoke_gemm_tma_bf16(MEMREF_PARAMS(const __nv_bfloat16, a),
                        MEMREF_PARAMS(__nv_bfloat16, c),
                        const CUtensorMap *mapA,
                        const __grid_constant__ CUtensorMap mapB) {
  __shared__ alignas(128) __nv_bfloat16 tileA[tileM * tileK]; // [m][k]
  __shared__ alignas(128) __nv_bfloat16 tileB[tileK * tileN]; // [k][n]
  __shared__ alignas(8) uint64_t barrier;
  const int tid = threadIdx.x;
  const int64_t m = aSize0, k = aSize1, n = cSize1;
  __nv_bfloat16 *out = cAligned + cOffset;

  // Both blocks of the cluster must be running.
  cg::this_cluster().sync();
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(
                     sharedAddress(&barrier))
                 : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  const int64_t tilesN = n / tileN;
  const int64_t tiles = (m / tileM) * tilesN;
  // Each thread computes 4 rows x 8 columns of the 64 x 64 tile.
  const int row = (tid / 8) * 4;
  const int col = (tid % 8) * 8;
  uint32_t phase = 0;
  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int64_t row0 = tile / tilesN * tileM;
    const int64_t col0 = tile % tilesN * tileN;
    float acc[4][8] = {};
    for (int64_t k0 = 0; k0 < k; k0 += tileK) {
      if (tid == 0) {
        // Order the reads of the previous step before the async writes.
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], "
                     "%1;" ::"r"(sharedAddress(&barrier)),
                     "r"(tileBytes)
                     : "memory");
        loadTile(tileA, mapA, static_cast<int>(k0), static_cast<int>(row0),
                 &barrier);
        loadTile(tileB, &mapB, static_cast<int>(col0), static_cast<int>(k0),
                 &barrier);
      }
      waitPhase(&barrier, phase);
      phase ^= 1;
#pragma unroll 4
      for (int kk = 0; kk < tileK; ++kk) {
        float av[4], bv[8];
#pragma unroll
        for (int i = 0; i < 4; ++i)
          av[i] = __bfloat162float(tileA[(row + i) * tileK + kk]);
#pragma unroll
        for (int j = 0; j < 8; ++j)
          bv[j] = __bfloat162float(tileB[kk * tileN + col + j]);
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
          for (int j = 0; j < 8; ++j)
            acc[i][j] += av[i] * bv[j];
      }
      __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 8; ++j)
        out[(row0 + row + i) * cStride0 + col0 + col + j] =
            __float2bfloat16_rn(acc[i][j]);
  }
  // No block may exit while its cluster peer could still address it.
  cg::this_cluster().sync();
}
