// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// Malformed tile attributes and types are parse errors, not crashes.

// expected-error @+1 {{expected ','}}
#mma = #tile.mma<sync, [16, 8]>

// -----

// expected-error @+1 {{expected '['}}
#mma = #tile.mma<sync, 16, 8, 16>

// -----

// expected-error @+2 {{expected ::gemm_opt::tile::MmaKind to be one of: sync, wgmma, ffma}}
// expected-error @+1 {{failed to parse Tile_MmaAttr parameter 'kind' which is to be a `::gemm_opt::tile::MmaKind`}}
#mma = #tile.mma<hmma, [16, 8, 16]>

// -----

// expected-error @+1 {{expected ','}}
#pipeline = #tile.pipeline<stages = 4>

// -----

// expected-error @+1 {{expected 'stages'}}
#pipeline = #tile.pipeline<4, cp_async>

// -----

// expected-error @+2 {{expected ::gemm_opt::tile::LoadKind to be one of: cp_async, tma}}
// expected-error @+1 {{failed to parse Tile_PipelineAttr parameter 'load' which is to be a `::gemm_opt::tile::LoadKind`}}
#pipeline = #tile.pipeline<stages = 4, load = bulk>

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Tile_SwizzleAttr parameter 'width' which is to be a `int64_t`}}
#swizzle = #tile.swizzle<>

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Tile_PadAttr parameter 'elements' which is to be a `int64_t`}}
#pad = #tile.pad<eight>

// -----

// expected-error @+1 {{expected ','}}
#elements = #tile.elements<a = f16, b = f16, c = f16>

// -----

// expected-error @+2 {{expected non-function type}}
// expected-error @+1 {{failed to parse Tile_ElementTypesAttr parameter 'acc' which is to be a `::mlir::Type`}}
#elements = #tile.elements<a = f16, b = f16, c = f16, acc = 32>

// -----

// expected-error @+1 {{unknown attribute `layout` in dialect `tile`}}
#layout = #tile.layout<64>

// -----

// expected-error @+2 {{expected string}}
// expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'chip' which is to be a `::llvm::StringRef`}}
#sched = #tile.schedule<chip = sm_80, block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{expected 'block'}}
#sched = #tile.schedule<chip = "sm_80", warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'block' which is to be a `::llvm::ArrayRef<int64_t>`}}
#sched = #tile.schedule<chip = "sm_80", block = [], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+2 {{integer value too large}}
// expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'block' which is to be a `::llvm::ArrayRef<int64_t>`}}
#sched = #tile.schedule<chip = "sm_80", block = [99999999999999999999, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  // expected-error @+2 {{invalid kind of attribute specified}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'mma' which is to be a `MmaAttr`}}
  mma = #tile.swizzle<64>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// -----

// expected-error @+1 {{expected ','}}
func.func private @accumulator_without_element_type(!tile.accumulator<[128, 128]>)

// -----

// expected-error @+1 {{expected '['}}
func.func private @accumulator_shaped_like_memref(!tile.accumulator<128x128xf32>)

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Tile_AccumulatorType parameter 'shape' which is to be a `::llvm::ArrayRef<int64_t>`}}
func.func private @accumulator_without_shape(!tile.accumulator<[], f32>)

// -----

// expected-error @+1 {{struct is missing required parameter: consumer_registers}}
#specialization = #tile.warp_specialization<producer_registers = 40>

// -----

// expected-error @+2 {{expected valid keyword}}
// expected-error @+1 {{expected a parameter name in struct}}
#specialization = #tile.warp_specialization<40, 232>

// -----

// expected-error @+1 {{expected 'true' or 'false'}}
#grid = #tile.grid<persistent = 1, raster = along_m, group = 8>

// -----

// expected-error @+1 {{unknown raster order 'diagonal', expected along_m or along_n}}
#grid = #tile.grid<persistent = true, raster = diagonal, group = 8>

// -----

// expected-error @+1 {{unknown grid field 'stream', expected split_k or stream_k}}
#grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream = 1>

// -----

// expected-error @+1 {{grid field 'stream_k' is given twice}}
#grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1, stream_k = 2>

// -----

// expected-error @+1 {{stream_k must be 1 or 2 (the waves balanced along K) or spares, got 3}}
#grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 3>

// -----

// expected-error @+1 {{stream_k needs a persistent grid (persistent = true)}}
#grid = #tile.grid<persistent = false, raster = along_m, group = 8, stream_k = 1>

// -----

// expected-error @+1 {{stream_k needs a persistent grid (persistent = true)}}
#grid = #tile.grid<persistent = false, raster = along_m, group = 8, stream_k = spares>

// -----

// expected-error @+1 {{expected ','}}
#grid = #tile.grid<persistent = true, raster = along_m>

// -----

// expected-error @+1 {{expected '['}}
#cluster = #tile.cluster<2, 1>

// -----

// expected-error @+1 {{expected ','}}
#cluster = #tile.cluster<[2, 1]>

// -----

// expected-error @+2 {{expected 'true' or 'false'}}
// expected-error @+1 {{failed to parse Tile_ClusterAttr parameter 'multicast' which is to be a `bool`}}
#cluster = #tile.cluster<[2, 1], multicast = on>

// -----

// expected-error @+2 {{expected ::gemm_opt::tile::EpilogueStore to be one of: tma, vector, direct}}
// expected-error @+1 {{failed to parse Tile_StoreAttr parameter 'kind'}}
#store = #tile.store<smem>

// -----

// expected-error @+1 {{expected '='}}
#epilogue = #tile.epilogue<tma>

// -----

// The optional fields of a schedule are specialization, grid, cluster and
// store; a field of a nested attribute is not one.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{duplicate or unknown struct parameter name: raster}}
  raster = along_m>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  store = #tile.store<tma>,
  // expected-error @+1 {{duplicate or unknown struct parameter name: store}}
  store = #tile.store<direct>>

// -----

// The fused epilogue is the op's, not the schedule's.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{duplicate or unknown struct parameter name: epilogue}}
  epilogue = #tile.epilogue<bias = row>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+2 {{invalid kind of attribute specified}}
  // expected-error @+1 {{failed to parse Tile_ScheduleAttr parameter 'cluster' which is to be a `ClusterAttr`}}
  cluster = #tile.grid<persistent = true, raster = along_m, group = 8>>

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  // expected-error @+1 {{expected '='}}
  cluster #tile.cluster<[2, 1], multicast = true>>

// -----

// A missing comma ends the schedule after the pipeline. (The expectation
// stands outside the attribute: a '>' inside it would close it.)
// expected-error @+5 {{expected '>'}}
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>
  cluster = #tile.cluster<[2, 1], multicast = true>>
