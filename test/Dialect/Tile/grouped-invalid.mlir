// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Grouped tile.gemm (group_rows: masked layout, group_offsets: contiguous
// layout): what the verifier refuses (generic op form).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// One group operand says the layout.
func.func @both_layouts(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op takes group_rows (masked layout) or group_offsets (contiguous layout), not both}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// Counts are i32, as the kernel reads them.
func.func @rows_i64(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi64>) {
  // expected-error @+1 {{'tile.gemm' op group_rows must be a 1-D memref of i32 (the valid rows of each group), got 'memref<?xi64>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi64>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// Offsets are one vector of G + 1 entries.
func.func @offsets_2d(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?x?xi32>) {
  // expected-error @+1 {{'tile.gemm' op group_offsets must be a 1-D memref of i32 (G + 1 row offsets into A and C), got 'memref<?x?xi32>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?x?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The counts live in global memory.
func.func @rows_in_shared(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'tile.gemm' op group_rows must live in global memory (the kernel reads it, the host never does), got 'memref<?xi32, #gpu.address_space<workgroup>>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32, #gpu.address_space<workgroup>>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The masked layout takes batches of G matrices.
func.func @masked_2d_a(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op the masked layout (group_rows) takes A, B and C as batches of G matrices (rank 3: G × M_max × K, G × K × N, G × M_max × N), got ranks 2, 3 and 2 (for A and C with the groups' rows back to back, use group_offsets)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The contiguous layout takes A and C with the rows back to back.
func.func @contiguous_3d_a(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op the contiguous layout (group_offsets) takes A as T × K and C as T × N (rank 2, the groups' rows back to back) and B as G matrices (rank 3), got ranks 3, 3 and 3 (for A and C as batches of G matrices, use group_rows)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// B is always G matrices.
func.func @contiguous_2d_b(%x0: memref<?x?xbf16>, %x1: memref<?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op the contiguous layout (group_offsets) takes A as T × K and C as T × N (rank 2, the groups' rows back to back) and B as G matrices (rank 3), got ranks 2, 2 and 2 (for A and C as batches of G matrices, use group_rows)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A static group count is the same in every operand.
func.func @groups_differ(%x0: memref<8x?x?xbf16>, %x1: memref<4x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op group count of B (4) does not match the other operands' (8)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<8x?x?xbf16>, memref<4x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// group_rows holds one count per group.
func.func @rows_entries(%x0: memref<?x?x?xbf16>, %x1: memref<4x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<3xi32>) {
  // expected-error @+1 {{'tile.gemm' op group_rows has 3 entries for 4 groups: it takes one valid row count per group}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<4x?x?xbf16>, memref<?x?x?xbf16>, memref<3xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// group_offsets holds G + 1 entries.
func.func @offsets_entries(%x0: memref<?x?xbf16>, %x1: memref<8x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<8xi32>) {
  // expected-error @+1 {{'tile.gemm' op group_offsets has 8 entries for 8 groups: it takes G + 1 (group g's rows are [offsets[g], offsets[g + 1]))}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<8x?x?xbf16>, memref<?x?xbf16>, memref<8xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// bf16, f16 and 8-bit inputs only, for now.
func.func @f32_inputs(%x0: memref<?x?x?xf32>, %x1: memref<?x?x?xf32>, %x2: memref<?x?x?xf32>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs take bf16, f16 or 8-bit (f8E4M3FN, f8E5M2) A and B, got 'f32' (f32 inputs are not grouped yet)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A group is a range of rows of A and C.
func.func @column_major_c(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16, strided<[1, ?]>>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM needs a row-major C: a group is a range of its rows (B may be either: G × K × N row-major or G × N × K column-major)}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A fused epilogue applies per group.
// A column bias is per group: G × N, not one vector for all groups.
func.func @masked_bias_vector(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias = column is per group: a G × N memref (row g is group g's bias), got 'memref<?xbf16>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The same in the contiguous layout.
func.func @contiguous_bias_vector(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias = column is per group: a G × N memref (row g is group g's bias), got 'memref<?xbf16>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A masked row bias follows C's rows: G × M_max.
func.func @masked_row_bias_vector(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias = row is per group: a G × M_max memref (row g is group g's bias), got 'memref<?xbf16>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = row>}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A contiguous row bias follows C's T rows: a vector.
func.func @contiguous_row_bias_matrix(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?x?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a contiguous grouped GEMM's bias = row follows C's rows: a vector of T entries (row t is token t's, whatever its group), got 'memref<?x?xbf16>' (for one bias vector per group use bias = column)}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched, epilogue = #tile.epilogue<bias = row>}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// ... of T entries.
func.func @contiguous_row_bias_extent(%x0: memref<64x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<64x?xbf16>, %x3: memref<32xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a contiguous grouped GEMM's bias = row has 32 entries, expected C's T = 64}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched, epilogue = #tile.epilogue<bias = row>}>
      : (memref<64x?xbf16>, memref<?x?x?xbf16>, memref<64x?xbf16>, memref<32xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// One bias row per group.
func.func @bias_groups(%x0: memref<?x?xbf16>, %x1: memref<8x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<4x?xbf16>, %x4: memref<9xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias = column has 4 rows for 8 groups: it takes one row per group (G × N)}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?xbf16>, memref<8x?x?xbf16>, memref<?x?xbf16>, memref<4x?xbf16>, memref<9xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// N entries per group.
func.func @bias_entries(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x256xbf16>, %x2: memref<?x?x256xbf16>, %x3: memref<?x128xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias = column has 128 entries per group, expected N = 256}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?x?xbf16>, memref<?x?x256xbf16>, memref<?x?x256xbf16>, memref<?x128xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// Each group's bias entries are contiguous.
func.func @bias_strided(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?x?xbf16, strided<[1, ?]>>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op a grouped GEMM's bias must have unit stride along its entries (the last dimension), got 'memref<?x?xbf16, strided<[1, ?]>>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The bias has C's element type.
func.func @bias_type(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?x?xf32>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op bias has element type 'f32', expected C's 'bf16'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column>}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xf32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A masked residual has C's shape, G × M_max × N.
func.func @masked_residual_rank(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?x?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op residual must have C's rank 3 (G × M_max × N, like C), got 'memref<?x?xbf16>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<residual = true>}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A contiguous residual has C's shape, T × N.
func.func @contiguous_residual_rank(%x0: memref<?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?xbf16>, %x3: memref<?x?x?xbf16>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op residual must have C's rank 2 (T × N, like C), got 'memref<?x?x?xbf16>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1>, schedule = #sched, epilogue = #tile.epilogue<residual = true>}>
      : (memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// ... with as many groups.
func.func @residual_groups(%x0: memref<8x?x?xbf16>, %x1: memref<8x?x?xbf16>, %x2: memref<8x?x?xbf16>, %x3: memref<4x?x?xbf16>, %x4: memref<8xi32>) {
  // expected-error @+1 {{'tile.gemm' op residual has 4 groups, expected C's 8}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<residual = true>}>
      : (memref<8x?x?xbf16>, memref<8x?x?xbf16>, memref<8x?x?xbf16>, memref<4x?x?xbf16>, memref<8xi32>) -> ()
  return
}

// -----

#fp8 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// An FP8 grouped GEMM's bias is of C's type, as a dense FP8 GEMM's.
func.func @fp8_bias_type(%x0: memref<?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?xbf16>, %x3: memref<?x?xf32>, %sa: memref<f32>, %sb: memref<?xf32>, %x4: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op bias has element type 'f32', expected C's 'bf16'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %sa, %sb, %x4) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1>, schedule = #fp8, epilogue = #tile.epilogue<bias = column>, scaling = #tile.scaling<a = tensor, b = tensor>}>
      : (memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?xbf16>, memref<?x?xf32>, memref<f32>, memref<?xf32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// Only the wgmma path walks groups.
func.func @mma_sync(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs need a warp-specialized wgmma schedule: only that path walks the groups' tiles}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// The blocks walk tiles the host cannot count.
func.func @not_persistent(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs need a persistent grid (grid = #tile.grid<persistent = true>): the blocks walk the non-empty tiles of every group, which the host does not know}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1, stream_k = 1>,
  store = #tile.store<tma>>

// Each tile is computed whole.
func.func @split_k(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs compute each tile whole: drop split_k and stream_k from the grid}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  cluster = #tile.cluster<[2, 1], multicast = false>,
  store = #tile.store<tma>>

// Clusters of one block.
func.func @cluster(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs run clusters of one block: a cluster's patch of tiles would straddle groups; drop cluster}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<vector>>

// The clipped store copies from the staging tile.
func.func @vector_store(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xbf16>, %x3: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op grouped GEMMs store C through a staging tile (store = #tile.store<tma>): the group's last tile is copied row by row up to the group's end, the others by TMA}}
  "tile.gemm"(%x0, %x1, %x2, %x3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// An 8-bit grouped C needs its output scale.
func.func @e4m3_without_scale_d(%x0: memref<?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?xf8E4M3FN>, %x3: memref<f32>, %x4: memref<?xf32>, %x6: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C without an output scale: add scale_d %sd : memref<f32> (C = saturate(D * scale_d) in e4m3)}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4, %x6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}>
      : (memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?xf8E4M3FN>, memref<f32>, memref<?xf32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// An 8-bit grouped C fuses only an activation: a per-group bias would be
// 8-bit too.
func.func @e4m3_bias(%x0: memref<?x?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?x?xf8E4M3FN>, %x3: memref<?x?xbf16>, %x4: memref<f32>, %x5: memref<f32>, %x6: memref<f32>, %x7: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C, whose fused epilogue takes only an activation: a bias, a residual or beta's C would be 8-bit too; write C as bf16 to fuse them}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0>, schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>, scaling = #tile.scaling<a = tensor, b = tensor>}>
      : (memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xf8E4M3FN>, memref<?x?xbf16>, memref<f32>, memref<f32>, memref<f32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E5M2, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// The 8-bit output is e4m3.
func.func @e5m2_output(%x0: memref<?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?xf8E5M2>, %x3: memref<f32>, %x4: memref<?xf32>, %x5: memref<f32>, %x6: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op writes C as 'f8E5M2'; the 8-bit output is f8E4M3FN (e4m3, saturated at 448)}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4, %x5, %x6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}>
      : (memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?xf8E5M2>, memref<f32>, memref<?xf32>, memref<f32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// scale_d quantizes an 8-bit C only.
func.func @scale_d_bf16(%x0: memref<?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?xbf16>, %x3: memref<f32>, %x4: memref<?xf32>, %x5: memref<f32>, %x6: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op has scale_d, which quantizes an 8-bit C, but C is 'bf16': drop scale_d or write C as f8E4M3FN}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4, %x5, %x6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1>, schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}>
      : (memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?xbf16>, memref<f32>, memref<?xf32>, memref<f32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// An 8-bit C comes from 8-bit inputs only.
func.func @e4m3_from_bf16(%x0: memref<?x?x?xbf16>, %x1: memref<?x?x?xbf16>, %x2: memref<?x?x?xf8E4M3FN>, %x5: memref<f32>, %x6: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op writes an 8-bit C ('f8E4M3FN'), which only an FP8 GEMM does: make A and B 8-bit floats or C bf16, f16 or f32}}
  "tile.gemm"(%x0, %x1, %x2, %x5, %x6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0>, schedule = #sched}>
      : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xf8E4M3FN>, memref<f32>, memref<?xi32>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// A contiguous grouped GEMM's A is one matrix: its scales are one set, by
// row of all groups (T x K/128), not one per group.
func.func @fp8_contiguous_scale_a_per_group(%x0: memref<?x?xf8E4M3FN>, %x1: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, %x2: memref<?x?xbf16>, %x3: memref<?x?x?xf32>, %x4: memref<?x?x?xf32>, %x5: memref<?xi32>) {
  // expected-error @+1 {{'tile.gemm' op scale_a must be a memref<?x?xf32> (a matrix of block scales) for a = block_1x128, got 'memref<?x?x?xf32>'}}
  "tile.gemm"(%x0, %x1, %x2, %x3, %x4, %x5) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1>, schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}>
      : (memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>, memref<?x?xbf16>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?xi32>) -> ()
  return
}
