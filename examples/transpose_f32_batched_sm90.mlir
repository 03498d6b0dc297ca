// A batch of layout conversions: dst[b] = src[b]ᵀ for B row-major f32
// matrices at once (B×M×N into B×N×M), e.g. the per-head matrices of an
// attention layer, or the K-major copies the compiler stages for a batched
// tf32 GEMM. Same schedule as transpose_f32_sm90.mlir (read that one for
// the tile, thread and shared-memory choices); what changes is the grid:
//
//   ceil(N/64) × ceil(M/64) × B blocks — one layer per entry. A block takes
//   its entry from blockIdx.z and works on the 2-D views of src[b] and
//   dst[b], so entries may lie any batch stride apart (0 for src: one
//   matrix transposed into every entry), and the 16-byte fast path is
//   chosen per entry from its own offset.
//
//   gemm-translate transpose_f32_batched_sm90.mlir --to-bundle -o out/kernel.json
//   transpose-run out/kernel.json -m 1024 -n 1024 --batch 32    # on a GPU

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64],
  threads = [8, 32], smem = #tile.pad<1>, vector = 4>

func.func @transpose_f32_batched(%src: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
                                 %dst: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) {
  tile.transpose %src into %dst {schedule = #sched}
      : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}
