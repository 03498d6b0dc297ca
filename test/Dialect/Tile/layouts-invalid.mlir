// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Operand layouts of tile.gemm (the memref layouts of A, B and C): what each
// path cannot read or write is a verifier error (generic op form).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @strided_both(%a: memref<?x?xbf16, strided<[2, ?]>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op A must be row-major (unit stride in its last dimension) or column-major (unit stride in its first), got 'memref<?x?xbf16, strided<[2, ?]>>'}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16, strided<[2, ?]>>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @mma_sync_column_major_b(%a: memref<?x?xf16>, %b: memref<?x?xf16, strided<[1, ?]>>, %c: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.gemm' op column-major B needs a wgmma schedule: the mma.sync path reads and writes every operand row-major}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<direct>>

// A fused epilogue goes into a column-major C through a staging tile (the
// vector copy down C's columns or the TMA stores), not from registers.
func.func @fused_column_major_c_direct(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16, strided<[1, ?]>>) {
  // expected-error @+1 {{'tile.gemm' op a fused epilogue into a column-major C needs a staging tile: give the schedule store = #tile.store<tma> (or <vector>)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched, epilogue = #tile.epilogue<activation = relu>}>
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// The residual is passed with C's layout: a row-major one into a
// column-major C would be read transposed.
func.func @fused_residual_other_order_than_c(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16, strided<[1, ?]>>, %r: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op residual must be col-major like C (it is passed with C's layout and leading dimension), got 'memref<?x?xbf16>'}}
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?]>>
  return
}

// -----

// Column-major A is loaded in 128-byte M panels: a 64-byte swizzle of A
// cannot hold one.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @column_major_a_swizzle_64(%a: memref<?x?xbf16, strided<[1, ?]>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op column-major A is loaded in panels of 128-byte swizzled M-columns for wgmma's transposed A: its swizzle width must be 128 bytes, got 64}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// Column-major B is one K-major box of BN rows: at most 256.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 512, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 2, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @column_major_b_box(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op TMA box of B is 512x64 elements, more than 256 in a dimension}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<vector>>

func.func @multicast_column_major_a(%a: memref<?x?xbf16, strided<[1, ?]>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op cluster multicast loads A's tile as K-major rows: a column-major A needs a cluster without multicast}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

// A column-major B is multicast in slices of its BN rows (N), each a whole
// number of 8-row swizzle atoms: 8 rows over 2 blocks are not.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 8, 64], warp = [64, 8],
  mma = #tile.mma<wgmma, [64, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<vector>>

func.func @multicast_column_major_b_share(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op multicast splits column-major B's 8-row tile over the 2 blocks of a cluster column: each share must be a multiple of 8 rows (one 128-byte swizzle atom)}}
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16>) -> ()
  return
}

// -----

// A column-major B is K-major on the wgmma path: its shared rows are BK
// elements (32 bf16 = 64 bytes here), whatever BN is.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 16, 32], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  // expected-error @+1 {{'tile.gemm' op swizzle of 128 bytes does not fit B's shared tile rows of 64 bytes}}
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @column_major_b_rows_are_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  "tile.gemm"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #sched}>
      : (memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>, memref<?x?xbf16>) -> ()
  return
}
