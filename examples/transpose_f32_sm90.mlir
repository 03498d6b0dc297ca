// A layout conversion: dst = srcᵀ for row-major f32 matrices, i.e. an M×N
// matrix rewritten in the other major order (dst[j][i] = src[i][j]), for
// users who need an operand column-major. Tuned for an H100/H200 (sm_90a).
//
//   gemm-opt transpose_f32_sm90.mlir --lower-to-nvvm          # NVVM dialect
//   gemm-translate transpose_f32_sm90.mlir --to-ptx -o k.ptx
//   gemm-translate transpose_f32_sm90.mlir --to-bundle -o out/kernel.json
//   transpose-run out/kernel.json -m 8192 -n 8192               # on a GPU
//
// A transpose does no arithmetic: it reads M·N elements and writes M·N, so
// the ceiling is a device-to-device copy of the same bytes, which
// transpose-run times next to it. The difficulty is that a row of src is a
// column of dst: reading src along rows and writing dst along rows needs a
// trip through shared memory, where the tile is written along rows and read
// along columns.
//
// How the schedule maps the transpose onto the GPU:
//
// tile = [64, 64]
//   One thread block moves a 64×64 tile of src (16 KiB) into the 64×64 tile
//   of dst at the mirrored position. The grid is ceil(N/64) × ceil(M/64).
//
// threads = [8, 32], vector = 4
//   256 threads; 8 of them lie along a row, each moving 4 consecutive floats
//   (one 16-byte ld.global.v4 / st.global.v4), so a warp reads 4 rows × 128
//   bytes: four whole 128-byte lines, fully used. Each phase takes 32 rows ×
//   32 columns per step, 4 steps per thread (four 16-byte loads in flight).
//
// smem = #tile.pad<1>
//   The staging tile is 64 rows of 65 floats (16.25 KiB). The load phase
//   stores a warp's 4 rows × 32 consecutive floats (one st.shared.f32 per
//   element of a vector: columns 4·tx + e): the odd row length puts the
//   four rows on different residues mod 4, so the 32 lanes hit 32 distinct
//   banks. The store phase reads 4 columns × 8 chunks of 4 rows (rows
//   4·tx + e): 65 ≡ 1 (mod 32) makes those rows 4·tx + e banks apart, and
//   the four columns fill the gaps: again 32 distinct banks.
//   (#tile.swizzle<128> gets the same without padding: column XOR row mod
//   32; see bench/schedules/transpose_f32_64x64_swizzle.mlir.)
//
// Tiles that stick out of the matrix, and matrices whose pointer, offset or
// leading dimension is not a multiple of 4 floats, take a predicated
// element-by-element path, so every M, N ≥ 1 works (e.g. 4097×1023).

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64],
  threads = [8, 32], smem = #tile.pad<1>, vector = 4>

func.func @transpose_f32(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched}
      : memref<?x?xf32> into memref<?x?xf32>
  return
}
