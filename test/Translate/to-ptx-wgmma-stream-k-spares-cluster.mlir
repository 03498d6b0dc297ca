// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// stream_k = 1 (a tile split between any number of blocks) still refuses
// clusters.
// RUN: sed 's/stream_k = spares/stream_k = 1/' %s > %t/one.mlir
// RUN: not gemm-translate %t/one.mlir --to-ptx -o %t/one.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REFUSED

// stream_k = spares on a persistent grid of 2x1 clusters sharing B by
// multicast (passes/hopper/TmaProducer.h): the partition runs over clusters
// and patches of 2 tiles, so both blocks of a cluster walk the same
// segments (the same K steps, in step with the multicasts), each on its
// tile of the patch; counters are numbered patch·2 + rank. f32 C: the parts
// meet in C.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = spares>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma, rounds = 4>>

// CHECK-LABEL: .visible .entry gemm_spares_cluster_kernel(
// CHECK-DAG:   mov.u32 {{%r[0-9]+}}, %cluster_ctarank;
// CHECK-DAG:   multicast::cluster
// CHECK-DAG:   ld.acquire.gpu.global.b32
// CHECK-DAG:   cp.reduce.async.bulk.tensor.2d.global.shared::cta.add
// CHECK-DAG:   fence.acq_rel.gpu;
// CHECK:       ret;

// PTXAS: Compiling entry function 'gemm_spares_cluster_kernel' for 'sm_90a'
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "cluster": [
// BUNDLE-NEXT:   2,
// BUNDLE:        "stream_k": true
// BUNDLE:      "name": "split_k_tile_counters"

// REFUSED: stream_k = 1 or 2 with thread-block clusters (stream_k = spares takes them) lowering is not implemented yet
func.func @gemm_spares_cluster(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
