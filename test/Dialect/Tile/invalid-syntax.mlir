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
