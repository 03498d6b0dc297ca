// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-pipeline-copies,tile-warp-mma,tile-lower-epilogue,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// The fused epilogue on the mma.sync path: tile-lower-epilogue passes each
// pair of accumulator fragments (two adjacent columns of one row) through
// passes/epilogue/FusedEpilogue.cpp at the pair's row and column of the whole C
// (the C tile's subview offsets plus the fragment's place), then truncates
// and stores the pair. The operands (C, bias, residual) of up to 8 pairs
// are read before the first of them is applied (passes/epilogue/FusedChunkCopy.h).
// Only the first pair of each kernel is checked.

#sync_all_but_activation_relu = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @sync_all_but_activation_relu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16> residual %r : memref<?x?xbf16> {schedule = #sync_all_but_activation_relu,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = relu, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#sync_bias_column_gelu_tanh = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @sync_bias_column_gelu_tanh(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sync_bias_column_gelu_tanh,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#sync_gelu_erf = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @sync_gelu_erf(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sync_gelu_erf,
      epilogue = #tile.epilogue<activation = gelu_erf>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#sync_silu = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>

func.func @sync_silu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sync_silu,
      epilogue = #tile.epilogue<activation = silu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// The kernels follow the host functions, in the same order.

// CHECK-LABEL: gpu.func @sync_all_but_activation_relu_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?xbf16, {{.*}}, %[[ALPHA:arg[0-9]+]]: f32, %[[BETA:arg[0-9]+]]: f32, %[[BIAS:arg[0-9]+]]: memref<?xbf16, strided<[1], offset: ?>>, %[[R:arg[0-9]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// The operands of the first 8 pairs (fragment columns j = 0..3, both row
// halves; 10 bytes a pair) are read before any pair is applied: C's pairs
// behind one branch on beta (as in BLAS, C is not read when beta is 0:
// zeros then), the residual's pairs, the row bias's entries.
// CHECK:         %[[READS:.+]] = arith.cmpf une, %[[BETA]], %{{.+}} : f32
// CHECK-NEXT:    %[[OLD:.+]]:8 = scf.if %[[READS]] -> (vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>) {
// CHECK-NEXT:      vector.load %[[C]][%[[ROW:.+]], %[[COL:.+]]] {alignment = 4 : i64} : {{.*}}, vector<2xbf16>
// CHECK-NEXT:      vector.load %[[C]][%[[ROW8:.+]], %[[COL]]] {alignment = 4 : i64}
// CHECK-COUNT-6:   vector.load %[[C]][
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[ZEROS:.+]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[RES:.+]] = vector.load %[[R]][%[[ROW]], %[[COL]]] {alignment = 4 : i64}
// CHECK-COUNT-7: vector.load %[[R]][
// The bias is read-only: an invariant LLVM load (ld.global.nc) at bias's
// aligned pointer + (offset + row)·2, the row clamped to the bias's last
// entry; one load per distinct row.
// CHECK:         %[[BROW:.+]] = arith.minui %[[ROW]], %{{.+}} : index
// CHECK-NEXT:    %{{.+}}, %[[BOFF:.+]], %{{.+}}, %{{.+}} = memref.extract_strided_metadata %[[BIAS]]
// CHECK-NEXT:    %[[BBASE:.+]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK-NEXT:    %[[BIDX:.+]] = arith.addi %[[BOFF]], %[[BROW]] : index
// CHECK-NEXT:    %[[BBYTES:.+]] = arith.muli %[[BIDX]], %c2 : index
// CHECK-NEXT:    %[[BADDR:.+]] = arith.addi %[[BBASE]], %[[BBYTES]] : index
// CHECK-NEXT:    %[[BI64:.+]] = arith.index_castui %[[BADDR]] : index to i64
// CHECK-NEXT:    %[[BPTR:.+]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[BGLOBAL:.+]] = llvm.addrspacecast %[[BPTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:    %[[B:.+]] = llvm.load %[[BGLOBAL]] invariant {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// CHECK-NEXT:    arith.minui %[[ROW8]], %{{.+}} : index
// CHECK:         llvm.load %{{.+}} invariant {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// Then the first pair: alpha·acc + beta·C, + bias[row], relu, + residual,
// one truncation, stored at its place in C.
// CHECK:         %[[ALPHAS:.+]] = vector.broadcast %[[ALPHA]] : f32 to vector<2xf32>
// CHECK-NEXT:    %[[BETAS:.+]] = vector.broadcast %[[BETA]] : f32 to vector<2xf32>
// CHECK-NEXT:    %[[OLD32:.+]] = arith.extf %[[OLD]]#0 : vector<2xbf16> to vector<2xf32>
// CHECK-NEXT:    %[[BC:.+]] = arith.mulf %[[BETAS]], %[[OLD32]] : vector<2xf32>
// CHECK-NEXT:    %[[FMA:.+]] = math.fma %[[ALPHAS]], %{{.+}}, %[[BC]] : vector<2xf32>
// CHECK-NEXT:    %[[B32:.+]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT:    %[[BS:.+]] = vector.broadcast %[[B32]] : f32 to vector<2xf32>
// CHECK-NEXT:    %[[X:.+]] = arith.addf %[[FMA]], %[[BS]] : vector<2xf32>
// CHECK-NEXT:    %[[RELU:.+]] = arith.maximumf %[[X]], %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[RES32:.+]] = arith.extf %[[RES]] : vector<2xbf16> to vector<2xf32>
// CHECK-NEXT:    %[[D:.+]] = arith.addf %[[RELU]], %[[RES32]] : vector<2xf32>
// CHECK-NEXT:    %[[OUT:.+]] = arith.truncf %[[D]] : vector<2xf32> to vector<2xbf16>
// CHECK-NEXT:    vector.store %[[OUT]], %[[C]][%[[ROW]], %[[COL]]] {alignment = 4 : i64}

// CHECK-LABEL: gpu.func @sync_bias_column_gelu_tanh_kernel(
// CHECK-SAME:      %[[BIAS:arg[0-9]+]]: memref<?xbf16, strided<[1], offset: ?>>)
// x + bias[col..] (the 8 pairs' 4 distinct bias runs read first, one
// invariant load each), then 0.5·x·(1 + tanh(x·(√(2/π) +
// √(2/π)·0.044715·x²))) with the approximate tanh (tanh.approx.f32).
// CHECK:         %{{.+}}, %[[BOFF:.+]], %{{.+}}, %{{.+}} = memref.extract_strided_metadata %[[BIAS]]
// CHECK-NEXT:    %[[BBASE:.+]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK-NEXT:    %[[BIDX:.+]] = arith.addi %[[BOFF]], %{{.+}} : index
// CHECK-NEXT:    %[[BBYTES:.+]] = arith.muli %[[BIDX]], %c2 : index
// CHECK-NEXT:    %[[BADDR:.+]] = arith.addi %[[BBASE]], %[[BBYTES]] : index
// CHECK-NEXT:    %[[BI64:.+]] = arith.index_castui %[[BADDR]] : index to i64
// CHECK-NEXT:    %[[BPTR:.+]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[BGLOBAL:.+]] = llvm.addrspacecast %[[BPTR]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:    %[[B:.+]] = llvm.load %[[BGLOBAL]] invariant {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xbf16>
// CHECK-COUNT-3: llvm.load %{{.+}} invariant {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xbf16>
// CHECK:         %[[B32:.+]] = arith.extf %[[B]] : vector<2xbf16> to vector<2xf32>
// CHECK-NEXT:    %[[X:.+]] = arith.addf %{{.+}}, %[[B32]] : vector<2xf32>
// CHECK-NEXT:    %[[X2:.+]] = arith.mulf %[[X]], %[[X]] : vector<2xf32>
// CHECK-NEXT:    %[[POLY:.+]] = math.fma %[[X2]], %{{.+}}, %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[INNER:.+]] = arith.mulf %[[X]], %[[POLY]] : vector<2xf32>
// CHECK-NEXT:    %[[T:.+]] = llvm.intr.tanh(%[[INNER]]) {fastmathFlags = #llvm.fastmath<afn>} : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT:    %[[HALF:.+]] = arith.mulf %[[X]], %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[G:.+]] = math.fma %[[HALF]], %[[T]], %[[HALF]] : vector<2xf32>
// CHECK-NEXT:    arith.truncf %[[G]] : vector<2xf32> to vector<2xbf16>

// CHECK-LABEL: gpu.func @sync_gelu_erf_kernel(
// 0.5·x·(1 + erf(x/√2)).
// CHECK:         %[[S:.+]] = arith.mulf %[[X:.+]], %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[E:.+]] = math.erf %[[S]] : vector<2xf32>
// CHECK-NEXT:    %[[HALF:.+]] = arith.mulf %[[X]], %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[G:.+]] = math.fma %[[HALF]], %[[E]], %[[HALF]] : vector<2xf32>
// CHECK-NEXT:    arith.truncf %[[G]] : vector<2xf32> to vector<2xbf16>

// CHECK-LABEL: gpu.func @sync_silu_kernel(
// x·σ(x) = 0.5·x·(1 + tanh(x/2)): no exp, no division.
// CHECK:         %[[HALF:.+]] = arith.mulf %[[X:.+]], %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[T:.+]] = llvm.intr.tanh(%[[HALF]]) {fastmathFlags = #llvm.fastmath<afn>} : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT:    %[[Y:.+]] = math.fma %[[HALF]], %[[T]], %[[HALF]] : vector<2xf32>
// CHECK-NEXT:    arith.truncf %[[Y]] : vector<2xf32> to vector<2xbf16>
