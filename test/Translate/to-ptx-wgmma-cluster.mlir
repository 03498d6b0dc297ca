// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -c "mapa.shared::cluster" %t/kernel.ptx | FileCheck %s --check-prefix=MAPA
// RUN: grep -c "mbarrier.arrive.shared::cluster.b64 _" %t/kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=REMOTE
// RUN: not grep "mbarrier.arrive.shared.b64" %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// Thread-block clusters of 2 x 2 blocks (M, N) with TMA multicast: the two
// blocks of a cluster row share A's 128-row tile (each loads 64 rows and
// multicasts them to the row), the two of a cluster column B's four
// 64-column panels (each loads two and multicasts them to the column).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 2], multicast = true>,
  store = #tile.store<vector>>

// The cluster shape is compiled in: (x, y) = (N, M) blocks.
// CHECK-LABEL: .visible .entry gemm_cluster_kernel(
// CHECK:       .reqnctapercluster 2, 2, 1
// Barriers are initialized, made visible to the cluster, and the whole
// cluster waits before anyone multicasts into a peer. The block's place in
// the cluster is its rank.
// CHECK:       mbarrier.init.shared.b64
// CHECK:       fence.mbarrier_init.release.cluster;
// CHECK:       mov.u32 {{.+}}, %cluster_ctarank;
// CHECK:       barrier.cluster.arrive;
// CHECK-NEXT:  barrier.cluster.wait;
// Operand tiles go to several blocks at once.
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK:       wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// No block leaves while its peers may still use its shared memory.
// CHECK:       barrier.cluster.arrive;
// CHECK-NEXT:  barrier.cluster.wait;
// CHECK:       ret;

// A consumer releases a stage in the 3 blocks that send into it: its
// cluster row (2 blocks, itself included) and the other block of its
// column, through their shared::cluster addresses; it does so in the main
// loop and after it: 2 x 3 remote arrivals and no local one.
// MAPA: {{^}}6{{$}}
// REMOTE: {{^}}6{{$}}

// PTXAS: Compiling entry function 'gemm_cluster_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The launch metadata: clusters of (2, 2, 1) blocks; A's TMA box is a
// block's 64-row share, B's a 64 x 64 panel.
// BUNDLE:      "cluster": [
// BUNDLE-NEXT:   2,
// BUNDLE-NEXT:   2,
// BUNDLE-NEXT:   1
// BUNDLE-NEXT: ],
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   64
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "a",
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   64
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "b",
func.func @gemm_cluster(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
