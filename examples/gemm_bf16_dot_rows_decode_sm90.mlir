// A decode-step projection with the weight stored K × N, y = x @ W with one
// token (1 x 8192 x 28672: x is 1 x 28672, W is 28672 x 8192), for an
// H100/H200 (sm_90a), on the CUDA cores.
//
//   gemm-translate gemm_bf16_dot_rows_decode_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 1 -n 8192 -k 28672 \
//       --layout-a row --layout-b row --layout-c row            # on a GPU
//
// The GEMM is a read of W (470 MB). Row i of y is the sum over k of x[i][k]
// times row k of W, and W's rows are contiguous, so the lanes run along N:
//
// - mma = #tile.mma<dot, [1, 8, 8]>: each lane loads 8 bf16 (16 bytes) of a
//   row of W, so a warp reads 512 contiguous bytes of it, and it does so for
//   8 rows of K before its first multiply-add (4 KiB in flight per warp);
// - block = [1, 256, 128], warp = [1, 256]: a block covers 256 columns of y
//   with one warp along N, and its BK = 128 rows of each step are split
//   among 128 / 8 = 16 warps along K, which meet at the end in shared memory
//   (16 × 256 f32 partial sums);
// - split_k = 8: 8192 columns make 32 blocks, too few to keep 132 SMs
//   reading, so grid z splits K eight ways (256 blocks); the eight blocks of
//   a tile meet in the split-K workspace, and the last one stores y.
//
// gemm_opt::matmul picks this form for one or two rows of A and a weight
// of at least 48 Mi elements (jit/DecodeSchedules.h, docs/design/decode.md).
#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 128], warp = [1, 256],
  mma = #tile.mma<dot, [1, 8, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 8>>

func.func @gemm_bf16_dot_rows_decode(
    %x: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %w: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %y: memref<?x?xbf16, strided<[?, 1], offset: ?>>) {
  tile.gemm %x, %w into %y {schedule = #sched}
      : memref<?x?xbf16, strided<[?, 1], offset: ?>>,
        memref<?x?xbf16, strided<[?, 1], offset: ?>>
        into memref<?x?xbf16, strided<[?, 1], offset: ?>>
  return
}
