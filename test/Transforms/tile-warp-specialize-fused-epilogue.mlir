// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// The fused epilogue on the wgmma path: tile-outline-kernel appends the
// epilogue operands to the kernel's arguments (after the tensor maps) and
// tile-warp-specialize's staging copy passes each 8-float chunk through
// passes/epilogue/FusedEpilogue.cpp between the staging load and the truncation to
// bf16. Only the first chunk of each kernel is checked (the others are the
// same at other rows). The kernels take any M, N, K and pitch: the operands
// are read as vectors where the staging tile lies inside C and their rows
// are 16-byte aligned, else element by element.

#wgmma_all_but_activation_relu = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @wgmma_all_but_activation_relu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16> residual %r : memref<?x?xbf16> {schedule = #wgmma_all_but_activation_relu,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = relu, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#wgmma_bias_column_gelu_tanh = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @wgmma_bias_column_gelu_tanh(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #wgmma_bias_column_gelu_tanh,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#wgmma_gelu_erf = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @wgmma_gelu_erf(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #wgmma_gelu_erf,
      epilogue = #tile.epilogue<activation = gelu_erf>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#wgmma_silu = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @wgmma_silu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #wgmma_silu,
      epilogue = #tile.epilogue<activation = silu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// The kernels follow the host functions, in the same order.

// CHECK-LABEL: gpu.func @wgmma_all_but_activation_relu_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?xbf16, {{.*}}, %[[ALPHA:arg[0-9]+]]: f32, %[[BETA:arg[0-9]+]]: f32, %[[BIAS:arg[0-9]+]]: memref<?xbf16, strided<[1], offset: ?>>, %[[R:arg[0-9]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// One i1 for the staging tile: its rows lie inside C and C's and the
// residual's rows take 16-byte vectors. The operands of the thread's
// chunks, 4 at a time (34 bytes each: 4 fit in 64 registers), are read
// before any is applied, each behind one set of branches so that the loads
// issue together: C, the residual, the bias entries.
// As in BLAS, C is not read when beta is 0 (zeros instead).
// CHECK:         %[[READS:.+]] = arith.cmpf une, %[[BETA]], %{{.+}} : f32
// CHECK-NEXT:    %[[OLD:.+]]:4 = scf.if %[[READS]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:      %{{.+}}:4 = scf.if %[[WHOLE:.+]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:        vector.load %[[C]][%[[ROW:.+]], %[[COL:.+]]] {alignment = 16 : i64} {{.*}} vector<8xbf16>
// CHECK-COUNT-3:     vector.load %[[C]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} {{.*}} vector<8xbf16>
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      } else {
// A ragged edge or an unaligned C: one load per element of C's storage as
// a 1-D memref, the linear index clamped to C's last element.
// CHECK:             %[[FLAT:.+]] = memref.reinterpret_cast %{{.+}} to offset: [0], sizes: [%{{.+}}], strides: [1] : memref<bf16> to memref<?xbf16>
// CHECK-COUNT-32:    memref.load %[[FLAT]][%{{.+}}] : memref<?xbf16>
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %cst{{.*}}, %cst
// CHECK-NEXT:      }
// The residual, behind the same test.
// CHECK-NEXT:    %[[RES:.+]]:4 = scf.if %[[WHOLE]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:      vector.load %[[R]][%[[ROW]], %[[COL]]]
// CHECK:         } else {
// CHECK:           %[[RFLAT:.+]] = memref.reinterpret_cast %{{.+}} to offset: [0], sizes: [%{{.+}}], strides: [1] : memref<bf16> to memref<?xbf16>
// CHECK-COUNT-32:  memref.load %[[RFLAT]][%{{.+}}] : memref<?xbf16>
// CHECK:         }
// The bias is read-only: invariant LLVM loads (ld.global.nc, and LLVM may
// reuse them across C's stores) at bias's aligned pointer + (offset +
// row)·2, the row clamped to the bias's last entry.
// CHECK-NEXT:    %[[BLEN:.+]] = memref.dim %[[BIAS]], %c0
// CHECK-NEXT:    %[[BLAST:.+]] = arith.subi %[[BLEN]], %c1 : index
// CHECK-NEXT:    %[[BROW:.+]] = arith.minui %[[ROW]], %[[BLAST]] : index
// CHECK-NEXT:    %{{.+}}, %[[BOFF:.+]], %{{.+}}, %{{.+}} = memref.extract_strided_metadata %[[BIAS]]
// CHECK-NEXT:    %[[BBASE:.+]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK-NEXT:    %[[BIDX:.+]] = arith.addi %[[BOFF]], %[[BROW]] : index
// CHECK-NEXT:    %[[BBYTES:.+]] = arith.muli %[[BIDX]], %c2 : index
// CHECK-NEXT:    %[[BADDR:.+]] = arith.addi %[[BBASE]], %[[BBYTES]] : index
// CHECK-NEXT:    %[[BI64:.+]] = arith.index_castui %[[BADDR]] : index to i64
// CHECK-NEXT:    %[[BPTR:.+]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[BGLOBAL:.+]] = llvm.addrspacecast %[[BPTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:    %[[B:.+]] = llvm.load %[[BGLOBAL]] invariant {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// CHECK-COUNT-3: llvm.load %{{.+}} invariant {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// Then each chunk: alpha·acc + beta·C, + bias[row], relu, + residual, one
// truncation.
// CHECK-NEXT:    %[[ACC:.+]] = vector.load %{{.+}} : memref<128x264xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT:    %[[ALPHAS:.+]] = vector.broadcast %[[ALPHA]] : f32 to vector<8xf32>
// CHECK-NEXT:    %[[BETAS:.+]] = vector.broadcast %[[BETA]] : f32 to vector<8xf32>
// CHECK-NEXT:    %[[OLD32:.+]] = arith.extf %[[OLD]]#0 : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT:    %[[BC:.+]] = arith.mulf %[[BETAS]], %[[OLD32]] : vector<8xf32>
// CHECK-NEXT:    %[[FMA:.+]] = math.fma %[[ALPHAS]], %[[ACC]], %[[BC]] : vector<8xf32>
// CHECK-NEXT:    %[[B32:.+]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT:    %[[BS:.+]] = vector.broadcast %[[B32]] : f32 to vector<8xf32>
// CHECK-NEXT:    %[[X:.+]] = arith.addf %[[FMA]], %[[BS]] : vector<8xf32>
// CHECK-NEXT:    %[[RELU:.+]] = arith.maximumf %[[X]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[RES32:.+]] = arith.extf %[[RES]]#0 : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT:    %[[D:.+]] = arith.addf %[[RELU]], %[[RES32]] : vector<8xf32>
// CHECK-NEXT:    %[[OUT:.+]] = arith.truncf %[[D]] : vector<8xf32> to vector<8xbf16>
// The store itself is bounds-checked (whole chunk: one 16-byte store).
// CHECK:         scf.if
// CHECK-NEXT:      vector.store %[[OUT]], %[[C]][%[[ROW]], %[[COL]]]

// CHECK-LABEL: gpu.func @wgmma_bias_column_gelu_tanh_kernel(
// CHECK-SAME:      %[[BIAS:arg[0-9]+]]: memref<?xbf16, strided<[1], offset: ?>>)
// x + bias[col..] (one invariant 16-byte load, or one per entry, clamped,
// on a ragged or unaligned staging tile), then
// 0.5·x·(1 + tanh(x·(√(2/π) + √(2/π)·0.044715·x²))) with the approximate
// tanh (tanh.approx.f32).
// The bias of the thread's 8 chunks is read at once (16 bytes a chunk).
// CHECK:         %[[B:.+]]:8 = scf.if %{{.+}} -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-COUNT-8:   llvm.load %{{.+}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xbf16>
// CHECK:         } else {
// CHECK-COUNT-64:  llvm.load %{{.+}} invariant {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// CHECK:         }
// CHECK-NEXT:    vector.load
// CHECK-NEXT:    %[[B32:.+]] = arith.extf %[[B]]#0 : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT:    %[[X:.+]] = arith.addf %{{.+}}, %[[B32]] : vector<8xf32>
// CHECK-NEXT:    %[[X2:.+]] = arith.mulf %[[X]], %[[X]] : vector<8xf32>
// CHECK-NEXT:    %[[POLY:.+]] = math.fma %[[X2]], %{{.+}}, %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[INNER:.+]] = arith.mulf %[[X]], %[[POLY]] : vector<8xf32>
// CHECK-NEXT:    %[[T:.+]] = llvm.intr.tanh(%[[INNER]]) {fastmathFlags = #llvm.fastmath<afn>} : (vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT:    %[[HALF:.+]] = arith.mulf %[[X]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[G:.+]] = math.fma %[[HALF]], %[[T]], %[[HALF]] : vector<8xf32>
// CHECK-NEXT:    arith.truncf %[[G]] : vector<8xf32> to vector<8xbf16>

// CHECK-LABEL: gpu.func @wgmma_gelu_erf_kernel(
// 0.5·x·(1 + erf(x/√2)).
// CHECK:         %[[S:.+]] = arith.mulf %[[X:.+]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[E:.+]] = math.erf %[[S]] : vector<8xf32>
// CHECK-NEXT:    %[[HALF:.+]] = arith.mulf %[[X]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[G:.+]] = math.fma %[[HALF]], %[[E]], %[[HALF]] : vector<8xf32>
// CHECK-NEXT:    arith.truncf %[[G]] : vector<8xf32> to vector<8xbf16>

// CHECK-LABEL: gpu.func @wgmma_silu_kernel(
// x·σ(x) = 0.5·x·(1 + tanh(x/2)): no exp, no division.
// CHECK:         %[[HALF:.+]] = arith.mulf %[[X:.+]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:    %[[T:.+]] = llvm.intr.tanh(%[[HALF]]) {fastmathFlags = #llvm.fastmath<afn>} : (vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT:    %[[Y:.+]] = math.fma %[[HALF]], %[[T]], %[[HALF]] : vector<8xf32>
// CHECK-NEXT:    arith.truncf %[[Y]] : vector<8xf32> to vector<8xbf16>
