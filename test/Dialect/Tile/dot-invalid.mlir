// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// A dot schedule reads bf16/f16 operands straight into registers, along K
// (#tile.mma<dot, [1, 1, V]>, B column-major) or along N ([1, V, U], B
// row-major). Each check below names the way out.

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @f32_inputs(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?]>>, %c: memref<?x?xf32>) {
  // expected-error @-5 {{'tile.gemm' op a dot schedule multiplies bf16 or f16 A and B of one type, got a = 'f32', b = 'f32' (use wgmma for 8-bit or tf32 inputs, ffma for f32)}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?]>> into memref<?x?xf32>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 4]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @narrow_loads(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-6 {{'tile.gemm' op a dot schedule's mma is [1, 1, 8] (each lane loads 8 'bf16' elements of K at once) or [1, 8, U] with 1 <= U <= 16 (8 elements of N from each of U rows of K), got [1, 1, 4]}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [2, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @warp_rows(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule's warp tile [1, 2] must span the block's 2 rows and divide its 8 columns}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 384], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @partial_warp_step(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule's BK 384 must be a multiple of 256 (32 lanes, each loading 8 elements)}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @staged(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-3 {{'tile.gemm' op a dot schedule loads straight into registers: give it #tile.pipeline<stages = 1, load = direct> (BK sets the loads in flight)}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @shared_layout(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-4 {{'tile.gemm' op a dot schedule uses no shared memory: give it smem_b = #tile.pad<0>}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 1, split_k = 4>>

func.func @split(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-3 {{'tile.gemm' op a dot schedule along K gives each warp all of K: no split_k (a dot along N, mma [1, V, U], takes one)}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 8, 1024], warp = [1, 2],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @row_major_b(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op a dot schedule reads K-contiguous operands into a row-major C: A row-major, B column-major (x @ W^T with W stored N × K), C row-major; for a row-major B use mma [1, V, U] (along N), for other layouts a wgmma schedule}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [16, 16, 4096], warp = [16, 16],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @registers(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule with block [16, 16, 4096] and warp tile [16, 16] needs at least 2328 registers per thread, more than the 255 sm_90a allows: use a smaller BK or warp tile}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @direct_without_dot(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-3 {{'tile.gemm' op direct loads are for dot schedules (#tile.mma<dot, ...>); give this one cp_async or tma}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// Along N: the lanes of a warp cover 32 × 8 columns.

#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 32], warp = [1, 128],
  mma = #tile.mma<dot, [1, 8, 4]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @rows_warp(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule along N has the warp tile [1, 256] (the block's rows, 32 lanes of 8 columns), which divides BN; got [1, 128] for BN 256}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 36], warp = [1, 256],
  mma = #tile.mma<dot, [1, 8, 8]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @rows_block_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule along N splits BK 36 among warps of 8 rows of K each: BK must be a multiple of 8}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 32], warp = [1, 256],
  mma = #tile.mma<dot, [1, 8, 32]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @rows_too_many_rows_of_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-6 {{'tile.gemm' op a dot schedule's mma is [1, 1, 8] (each lane loads 8 'bf16' elements of K at once) or [1, 8, U] with 1 <= U <= 16 (8 elements of N from each of U rows of K), got [1, 8, 32]}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 32], warp = [1, 256],
  mma = #tile.mma<dot, [1, 8, 4]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @rows_column_major_b(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?]>>, %c: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op a dot schedule along N (mma [1, V, U]) reads the rows of a row-major B (x @ W with W stored K × N) into a row-major C from a row-major A; for a column-major B use mma [1, 1, V], for other layouts a wgmma schedule}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [1, 256, 32], warp = [1, 256],
  mma = #tile.mma<dot, [1, 8, 4]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>,
  grid = #tile.grid<persistent = true, raster = along_n, group = 1, stream_k = 1>>

func.func @rows_stream_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-3 {{'tile.gemm' op a dot schedule launches one block per tile of C: no persistent grid or stream_k}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// 8 warps along K (BK 32 / U 4) × 4 along N keep 8 × 12 × 1024 partial sums
// of 4 bytes: 384 KiB.

#sched = #tile.schedule<chip = "sm_90a", block = [12, 1024, 32], warp = [12, 256],
  mma = #tile.mma<dot, [1, 8, 4]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

func.func @rows_shared_memory(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  // expected-error @-7 {{'tile.gemm' op a dot schedule along N with block [12, 1024, 32] sums 8 warps' partial sums in 393216 bytes of shared memory, more than the 232448 sm_90a allows: use a smaller BN or fewer warps along K}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
