// A decode-step projection, y = x @ W^T with one token (1 x 4096 x 14336:
// x is 1 x 14336, W is 4096 x 14336), for an H100/H200 (sm_90a), as warp-wide
// dot products on the CUDA cores.
//
//   gemm-translate gemm_bf16_dot_decode_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 1 -n 4096 -k 14336 \
//       --layout-a row --layout-b col --layout-c row            # on a GPU
//
// With one row of A there is one multiply-add per element of W: the GEMM is
// a read of W, 117 MB here, and nothing else matters. A tensor-core tile
// would use 1 of its 64 rows and stage W through shared memory for no
// reuse. This schedule reads W straight into registers instead:
//
// - block = [1, 4, 1024], warp = [1, 1]: a block of 4 warps computes 4
//   outputs, each warp one (one row of W), so 4096 outputs give 1024
//   blocks, about 31 warps per SM;
// - mma = #tile.mma<dot, [1, 1, 8]>: each lane loads 8 bf16 (16 bytes) of a
//   row of W and of x at a time, so a warp reads 512 contiguous bytes;
// - BK = 1024 = 32 lanes x 8 x 4: 4 such loads of W are issued before the
//   first multiply, 2 KiB per warp, about 60 KiB per SM, which is what
//   keeps HBM busy (one row per warp beat two: docs/design/decode.md);
// - at the end the 32 lanes' partial sums meet through warp shuffles and
//   one lane stores each output.
// No shared memory, no pipeline stages: `pad<0>` and `stages = 1` say so.
#sched = #tile.schedule<chip = "sm_90a", block = [1, 4, 1024], warp = [1, 1],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @gemm_bf16_dot_decode(
    %x: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %w: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
    %y: memref<?x?xbf16, strided<[?, 1], offset: ?>>) {
  tile.gemm %x, %w into %y {schedule = #sched}
      : memref<?x?xbf16, strided<[?, 1], offset: ?>>,
        memref<?x?xbf16, strided<[1, ?], offset: ?>>
        into memref<?x?xbf16, strided<[?, 1], offset: ?>>
  return
}
