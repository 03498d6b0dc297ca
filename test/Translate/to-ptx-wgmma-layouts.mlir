// REQUIRES: ptxas
// RUN: rm -rf %t && split-file %s %t && mkdir -p %t/bundle
//
// Each layout pair in PTX: the wgmma transpose immediates (imm-trans-a,
// imm-trans-b: 1 = MN-major), ptxas for sm_90a with zero spills, and the
// bundle's layouts and TMA boxes ([inner, outer] of the stored matrix).
//
// RUN: gemm-translate %t/nt.mlir --to-ptx -o %t/nt.ptx
// RUN: FileCheck %s --input-file %t/nt.ptx --check-prefix=NT
// RUN: grep -o 'wgmma.mma_async.*' %t/nt.ptx | grep -o 'p, *1, *1, *[01], *[01];' | sort -u \
// RUN:   | FileCheck %s --check-prefix=NT-FLAGS
// RUN: %ptxas -arch=sm_90a -v %t/nt.ptx -o %t/nt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %t/tn.mlir --to-ptx -o %t/tn.ptx
// RUN: FileCheck %s --input-file %t/tn.ptx --check-prefix=TN
// RUN: grep -o 'wgmma.mma_async.*' %t/tn.ptx | grep -o 'p, *1, *1, *[01], *[01];' | sort -u \
// RUN:   | FileCheck %s --check-prefix=TN-FLAGS
// RUN: %ptxas -arch=sm_90a -v %t/tn.ptx -o %t/tn.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %t/tt.mlir --to-ptx -o %t/tt.ptx
// RUN: FileCheck %s --input-file %t/tt.ptx --check-prefix=TT
// RUN: grep -o 'wgmma.mma_async.*' %t/tt.ptx | grep -o 'p, *1, *1, *[01], *[01];' | sort -u \
// RUN:   | FileCheck %s --check-prefix=TT-FLAGS
// RUN: %ptxas -arch=sm_90a -v %t/tt.ptx -o %t/tt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %t/tt.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// Operands after the descriptors: p, scale-a, scale-b, trans-a, trans-b.
// NT-LABEL: .visible .entry nt_kernel(
// NT:         wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// Every wgmma of the kernel has the same flags.
// NT-FLAGS:     p, 1, 1, 0, 0;
// NT-FLAGS-NOT: p,

// TN-LABEL: .visible .entry tn_kernel(
// TN:         wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// TN-FLAGS:     p, 1, 1, 1, 1;
// TN-FLAGS-NOT: p,

// TT with a column-major f32 C: the epilogue's 16-byte stores into C's
// columns (two per 8 f32 rows).
// TT-LABEL: .visible .entry tt_kernel(
// TT:         wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// TT:         st.global.v4.{{[bf]}}32
// TT-FLAGS:     p, 1, 1, 1, 0;
// TT-FLAGS-NOT: p,

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "col",
// BUNDLE-NEXT:   "b": "col",
// BUNDLE-NEXT:   "c": "col"
// BUNDLE-NEXT: },
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   64
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "a",
// BUNDLE:      "box": [
// BUNDLE-NEXT:   64,
// BUNDLE-NEXT:   256
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "b",

//--- nt.mlir
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @nt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

//--- tn.mlir
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @tn(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

//--- tt.mlir
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @tt(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
