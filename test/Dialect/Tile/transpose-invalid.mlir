// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Every check of tile.transpose's verifiers, one per split: a valid f32
// sm_90a schedule with one thing changed.

func.func @missing_schedule(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op has no schedule: attach {schedule = #tile.transpose_schedule<...>}}}
  "tile.transpose"(%s, %d) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @element_types_differ(%s: memref<?x?xf32>, %d: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.transpose' op element type of dst ('f16') does not match src ('f32')}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @shape_not_transposed(%s: memref<128x64xf32>, %d: memref<128x64xf32>) {
  // expected-error @+1 {{'tile.transpose' op dst must have the transposed shape of src: src dimension 0 is 128, dst dimension 1 is 64}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<128x64xf32>, memref<128x64xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @column_major_src(%s: memref<?x?xf32, strided<[1, ?]>>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op src must be row-major (strided with unit stride in the last dimension), got 'memref<?x?xf32, strided<[1, ?]>>'}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32, strided<[1, ?]>>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @shared_memory_operand(%s: memref<?x?xf32>, %d: memref<?x?xf32, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'tile.transpose' op dst must live in global memory}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @private_memory_operand(%s: memref<?x?xf32, #gpu.address_space<private>>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op src must live in global memory}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32, #gpu.address_space<private>>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_75", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @unknown_chip(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op unknown chip 'sm_75'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 3], smem = #tile.pad<1>, vector = 4>
func.func @threads_not_warps(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op has 24 threads per block (TX·TY = 8·3); it must be a multiple of 32}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [256, 256], threads = [32, 64], smem = #tile.pad<1>, vector = 1>
func.func @too_many_threads(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op has 2048 threads per block; sm_90a allows at most 1024}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 8>
func.func @vector_too_wide(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op vector of 8 'f32' elements is 32 bytes; global accesses are at most 16 bytes}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 48], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @tile_not_divisible_by_ty(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op tile [64, 48] is not divisible by TY = 32 rows in both dimensions}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [32, 8], smem = #tile.pad<1>, vector = 4>
func.func @tile_not_divisible_by_vector_span(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op tile [64, 64] is not divisible in both dimensions by TX·vector = 32·4 = 128 elements}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 16], threads = [4, 16], smem = #tile.swizzle<128>, vector = 4>
func.func @swizzle_wider_than_tile(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op #tile.swizzle<128> permutes groups of 32 'f32' elements, which must divide the tile's 16 columns}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_86", tile = [256, 128], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @shared_memory_too_large(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op staging tile needs 132096 bytes of shared memory; sm_86 allows at most 101376 per block}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @tile_wrong_rank(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{transpose tile must be [TR, TC], got 3 sizes}}
  "tile.transpose"(%s, %d) <{schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64, 1], threads = [8, 32], smem = #tile.pad<1>, vector = 4>}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @vector_not_power_of_two(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{vector width must be 1, 2, 4 or 8 elements, got 3}}
  "tile.transpose"(%s, %d) <{schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 3>}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

func.func @smem_not_a_layout(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{shared-memory layout must be #tile.swizzle or #tile.pad, got 4 : i64}}
  "tile.transpose"(%s, %d) <{schedule = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = 4, vector = 4>}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @batch_into_matrix(%s: memref<?x?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op src and dst must both be matrices or both be batches of matrices, got rank 3 src and rank 2 dst}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @batch_counts_differ(%s: memref<4x?x?xf32>, %d: memref<3x?x?xf32>) {
  // expected-error @+1 {{'tile.transpose' op src and dst must have the same batch count, got 4 and 3}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<4x?x?xf32>, memref<3x?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @batch_entries_not_transposed(%s: memref<2x128x64xf32>, %d: memref<2x128x64xf32>) {
  // expected-error @+1 {{'tile.transpose' op dst must have the transposed shape of src: src dimension 1 is 128, dst dimension 2 is 64}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<2x128x64xf32>, memref<2x128x64xf32>) -> ()
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
func.func @batch_column_major_dst(%s: memref<?x?x?xf32>, %d: memref<?x?x?xf32, strided<[?, 1, ?]>>) {
  // expected-error @+1 {{'tile.transpose' op dst must be row-major (strided with unit stride in the last dimension), got 'memref<?x?x?xf32, strided<[?, 1, ?]>>'}}
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?x?xf32>, memref<?x?x?xf32, strided<[?, 1, ?]>>) -> ()
  return
}
