// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A fused epilogue on an ffma (SIMT) schedule: D = relu(alpha·acc + beta·C
// + column bias) + residual, f32 throughout. The thread tile is 4×8: per
// thread 4 accumulator rows of two 4-element runs (16 columns apart).
//
// The any-shape kernel takes the block tile through shared memory in
// rounds and applies the epilogue to each element on its way to C, the
// operands of a thread's 4 elements of a step read together (C only where
// beta != 0). The whole-tile variant applies it to
// each 4-element run from registers, its operands read 4 runs at a time
// (48 bytes a run: C's, the residual's and the bias's, within a 64-register
// budget, passes/epilogue/FusedChunkCopy.h): C's 4 runs behind one branch on beta
// and one on `whole` (else clamped element loads), then the residual's,
// then the bias's (two distinct column runs), and only then the math and
// the first store.

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 8], warp = [32, 32],
  mma = #tile.mma<ffma, [4, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>,
  store = #tile.store<direct>>

// CHECK-LABEL: gpu.func @fused_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?xf32, {{.*}}, %[[ALPHA:arg3]]: f32, %[[BETA:arg4]]: f32, %[[BIAS:arg5]]: memref<?xf32, {{.*}}>, %[[R:arg6]]: memref<?x?xf32, {{.*}}>)
// The rounds of rows, each copied element by element through the
// epilogue, 4 elements a thread and step: their C elements behind one
// branch on beta, then their residual and bias elements (element loads:
// the `whole` branches are constant false), then the math, then the stores.
// CHECK:         scf.for %{{.+}} = %c0 to %c64 step %c16 {
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             %[[READS:.+]] = arith.cmpf une, %[[BETA]], %{{.+}} : f32
// CHECK-NEXT:        %[[OLD:.+]]:4 = scf.if %[[READS]] -> (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>) {
// CHECK-COUNT-4:       memref.load %{{.+}} : memref<?xf32>
// CHECK:             } else {
// CHECK:             %[[RES:.+]]:4 = scf.if %false -> (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>) {
// CHECK:             } else {
// CHECK-COUNT-4:       memref.load %{{.+}} : memref<?xf32>
// CHECK:             %[[BIASES:.+]]:4 = scf.if %false -> (vector<1xf32>, vector<1xf32>, vector<1xf32>, vector<1xf32>) {
// CHECK:             } else {
// CHECK-COUNT-4:       llvm.load %{{.+}} invariant {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:             math.fma %{{.+}}, %{{.+}}, %{{.+}} : vector<1xf32>
// CHECK:             arith.maximumf %{{.+}}, %{{.+}} : vector<1xf32>
// CHECK-COUNT-3:     arith.maximumf %{{.+}}, %{{.+}} : vector<1xf32>
// CHECK-NOT:         memref.load
// CHECK:             memref.store %{{.+}}, %[[C]][

// CHECK-LABEL: gpu.func @fused_kernel_whole_tiles(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?xf32, {{.*}}, %[[ALPHA:arg3]]: f32, %[[BETA:arg4]]: f32, %[[BIAS:arg5]]: memref<?xf32, {{.*}}>, %[[R:arg6]]: memref<?x?xf32, {{.*}}>)
// CHECK:         %[[READS:.+]] = arith.cmpf une, %[[BETA]], %{{.+}} : f32
// CHECK-NEXT:    %[[OLD:.+]]:4 = scf.if %[[READS]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT:      %{{.+}}:4 = scf.if %[[WHOLE:.+]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT:        vector.load %[[C]][%[[ROW0:.+]], %[[COL0:.+]]] {alignment = 16 : i64} : {{.*}}, vector<4xf32>
// CHECK-NEXT:        vector.load %[[C]][%[[ROW0]], %[[COL1:.+]]] {alignment = 16 : i64}
// CHECK-NEXT:        vector.load %[[C]][%[[ROW1:.+]], %[[COL0]]] {alignment = 16 : i64}
// CHECK-NEXT:        vector.load %[[C]][%[[ROW1]], %[[COL1]]] {alignment = 16 : i64}
// CHECK:           } else {
// CHECK:             memref.load
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[ZEROS:.+]], %[[ZEROS]], %[[ZEROS]], %[[ZEROS]]
// CHECK:         %[[RES:.+]]:4 = scf.if %[[WHOLE]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT:      vector.load %[[R]][%[[ROW0]], %[[COL0]]] {alignment = 16 : i64}
// CHECK-NEXT:      vector.load %[[R]][%[[ROW0]], %[[COL1]]]
// CHECK-NEXT:      vector.load %[[R]][%[[ROW1]], %[[COL0]]]
// CHECK-NEXT:      vector.load %[[R]][%[[ROW1]], %[[COL1]]]
// CHECK:         %[[RUNS:.+]]:4 = scf.if %[[WHOLE]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK:           %[[B0:.+]] = llvm.load %{{.+}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:           %[[B1:.+]] = llvm.load %{{.+}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NEXT:      scf.yield %[[B0]], %[[B1]], %[[B0]], %[[B1]]
// CHECK:         %[[ALPHAS:.+]] = vector.broadcast %[[ALPHA]] : f32 to vector<4xf32>
// CHECK-NEXT:    %[[BETAS:.+]] = vector.broadcast %[[BETA]] : f32 to vector<4xf32>
// CHECK-NEXT:    %[[BC:.+]] = arith.mulf %[[BETAS]], %[[OLD]]#0 : vector<4xf32>
// CHECK-NEXT:    %[[AXBC:.+]] = math.fma %[[ALPHAS]], %{{.+}}, %[[BC]] : vector<4xf32>
// CHECK-NEXT:    %[[BIASED:.+]] = arith.addf %[[AXBC]], %[[RUNS]]#0 : vector<4xf32>
// CHECK-NEXT:    %[[RELU:.+]] = arith.maximumf %[[BIASED]], %{{.+}} : vector<4xf32>
// CHECK-NEXT:    %[[D:.+]] = arith.addf %[[RELU]], %[[RES]]#0 : vector<4xf32>
// CHECK-NOT:     vector.load
// CHECK:         vector.store %[[D]], %[[C]][%[[ROW0]], %[[COL0]]] {alignment = 16 : i64}

func.func @fused(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %alpha: f32, %beta: f32, %bias: memref<?xf32>, %r: memref<?x?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32> residual %r : memref<?x?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, bias = column, activation = relu, residual = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
