// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=OPS
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// Clusters of 2 x 1 blocks (M, N) with TMA multicast and a 64-column block
// tile: B's tile is a single 128-byte panel, fewer panels than cluster
// rows, so each block loads half of the panel's 64 K rows (32 rows, four
// whole swizzle atoms) and multicasts it to both blocks (cuBLAS's layout
// for 128 x 4096 x 4096). A is not shared (one block per cluster row).

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 64], warp = [64, 64],
  mma = #tile.mma<wgmma, [64, 64, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// CHECK-LABEL: .visible .entry gemm_cluster_sliced_b_kernel(
// CHECK:       .reqnctapercluster 1, 2, 1
// A: this block's own 64 x 64 box, not multicast.
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [
// B: one 32-row slice per block, multicast to the cluster column.
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK:       ret;
// The consumer's wgmma and its TMA store epilogue.
// OPS-DAG:     wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// OPS-DAG:     cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// One consumer warpgroup, one tile per block: ptxas must see the role branch
// as warp-uniform (the warpgroup index comes through shfl.sync), or it
// serializes every wgmma (C7520, 0.63x -> 0.98x cuBLAS at 128x4096x4096).
// PTXAS-NOT: serialized
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The launch takes 2-block clusters along y (M); the tensor map of B has
// 32-row boxes, A's and C's are whole.
// BUNDLE:      "cluster": [
// BUNDLE-NEXT:   1,
// BUNDLE-NEXT:   2,
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   64
// BUNDLE:      "operand": "a"
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   32
// BUNDLE:      "operand": "b"

func.func @gemm_cluster_sliced_b(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
