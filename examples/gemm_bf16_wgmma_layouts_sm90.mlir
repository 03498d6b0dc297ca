// The bf16 wgmma GEMM of gemm_bf16_wgmma_sm90.mlir with column-major
// operands, for an H100/H200 (sm_90a): C[M×N] = A[M×K] · B[K×N] where A is
// stored column by column (A^T row-major, "T" in BLAS terms), B row-major
// and C column-major, in f32.
//
//   gemm-translate gemm_bf16_wgmma_layouts_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_bf16_wgmma_layouts_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// The layout of each operand is its memref layout: strided<[1, ?], offset: ?>
// has unit stride down a column, i.e. column-major with a dynamic leading
// dimension (the stride of the second index). The bundle's "layouts" says
// {"a": "col", "b": "row", "c": "col"}; gemm-run takes those by default
// (--layout-a/-b/-c row|col must agree) and checks the result against
// cuBLAS called with the matching transa/transb.
//
// What the layouts change in the kernel (tile-warp-specialize):
//   A column-major: the producer loads each 128×64 A tile as two TMA boxes
//     of 64 rows of K by 64 M-elements (128-byte swizzled M-major panels)
//     and wgmma reads A transposed ("col" A in the PTX);
//   C column-major: the epilogue writes C down its columns, 8 rows per
//     thread and 16-byte stores (two for f32) where aligned, element by
//     element at the edges.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @gemm_bf16_wgmma_layouts(
    %a: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
    %b: memref<?x?xbf16>,
    %c: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16>
        into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
