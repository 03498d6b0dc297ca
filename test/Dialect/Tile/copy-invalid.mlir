// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Every check of tile.copy's verifiers, one per split: a valid bf16 sm_90a
// schedule with one thing changed.

func.func @missing_schedule(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op has no schedule: attach {schedule = #tile.copy_schedule<...>}}}
  "tile.copy"(%s, %d) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @element_types_differ(%s: memref<?x?xbf16>, %d: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.copy' op element type of dst ('f16') does not match src ('bf16')}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @shapes_differ(%s: memref<128x64xbf16>, %d: memref<64x128xbf16>) {
  // expected-error @+1 {{'tile.copy' op dst must have the shape of src: dimension 0 is 128 in src and 64 in dst}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<128x64xbf16>, memref<64x128xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @column_major_dst(%s: memref<?x?xbf16>, %d: memref<?x?xbf16, strided<[1, ?]>>) {
  // expected-error @+1 {{'tile.copy' op dst must be row-major (strided with unit stride in the last dimension), got 'memref<?x?xbf16, strided<[1, ?]>>'}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @shared_src(%s: memref<?x?xbf16, #gpu.address_space<workgroup>>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op src must live in global memory}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16, #gpu.address_space<workgroup>>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @ranks_differ(%s: memref<?x?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op src and dst must both be matrices or both be batches of matrices, got rank 3 src and rank 2 dst}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_42", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @unknown_chip(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op unknown chip 'sm_42'; known chips:}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [16, 3], vector = 8>
func.func @threads_not_warps(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op has 48 threads per block (TX·TY = 16·3); it must be a multiple of 32}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 64], vector = 8>
func.func @too_many_threads(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op has 2048 threads per block; sm_90a allows at most 1024}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 8>
func.func @vector_too_wide(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  // expected-error @+1 {{'tile.copy' op vector of 8 'f32' elements is 32 bytes; global accesses are at most 16 bytes}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [36, 256], threads = [32, 8], vector = 8>
func.func @rows_not_steps(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op tile [36, 256] has rows not divisible by TY = 8}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [32, 128], threads = [32, 8], vector = 8>
func.func @columns_not_steps(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{'tile.copy' op tile [32, 128] has columns not divisible by TX·vector = 32·8 = 256}}
  "tile.copy"(%s, %d) <{schedule = #sched}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

func.func @tile_not_two_sizes(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{copy tile must be [TR, TC], got 3 sizes}}
  "tile.copy"(%s, %d) <{schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256, 1], threads = [32, 8], vector = 8>}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

func.func @threads_not_two_counts(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{copy threads must be [TX, TY], got 1 sizes}}
  "tile.copy"(%s, %d) <{schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [256], vector = 8>}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

func.func @tile_not_positive(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{copy tile sizes must be positive}}
  "tile.copy"(%s, %d) <{schedule = #tile.copy_schedule<chip = "sm_90a", tile = [0, 256], threads = [32, 8], vector = 8>}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

func.func @threads_not_positive(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{copy thread counts must be positive}}
  "tile.copy"(%s, %d) <{schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, -8], vector = 8>}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// -----

func.func @vector_not_power(%s: memref<?x?xbf16>, %d: memref<?x?xbf16>) {
  // expected-error @+1 {{vector width must be 1, 2, 4 or 8 elements, got 3}}
  "tile.copy"(%s, %d) <{schedule = #tile.copy_schedule<chip = "sm_90a", tile = [32, 256], threads = [32, 8], vector = 3>}> : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}
