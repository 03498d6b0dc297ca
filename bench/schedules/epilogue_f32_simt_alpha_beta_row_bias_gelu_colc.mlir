// BLAS SGEMM's D = alpha·A·B + beta·C with a bias per row and erf GELU on
// the CUDA cores, into a column-major C (and from a column-major B): the
// schedule of epilogue_f32_simt_alpha_beta_row_bias_gelu_residual.mlir
// without the residual (..._residual_colc.mlir has one).
// tile-exchange-operands runs it as C^T = B^T·A^T, where the bias per row
// of C is one per column of C^T (the same vector) and beta·C reads C^T.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  store = #tile.store<direct>>

func.func @epilogue_f32_simt_alpha_beta_row_bias_gelu_colc(
    %a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32,
    %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_erf>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
