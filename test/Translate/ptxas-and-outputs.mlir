// REQUIRES: ptxas
// What gemm-translate writes and refuses around ptxas.
// One output kind at a time:
// RUN: not gemm-translate %s --to-ptx --to-cubin -o %t.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH
// BOTH: gemm-translate: error: --to-ptx, --to-cubin and --to-bundle exclude each other: pass one
//
// A --ptxas that exits 0 without writing a cubin is not taken for ptxas:
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not gemm-translate %s --to-cubin --ptxas=/bin/true -o %t.dir/gemm.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTPTXAS
// NOTPTXAS: gemm-translate: error: /bin/true exited 0 but wrote no cubin (an ELF file) to {{.*}}gemm.cubin: is it CUDA's ptxas?
//
// --to-cubin without --metadata leaves the cubin alone (the PTX it
// assembled is gone; with --metadata it stays, named there:
// to-ptx-sm80.mlir).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: gemm-translate %s --to-cubin -o %t.dir/gemm.cubin
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// FILES:     gemm.cubin
// FILES-NOT: .ptx
//
// A cubin is never written to a device: the PTX would go beside it, into
// /dev (and the cubin is read back). The refusal leaves nothing in /dev.
// RUN: not gemm-translate %s --to-cubin -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not gemm-translate %s --to-cubin -o /dev/null --metadata %t.json 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not ls /dev/gemm_f16_kernel.ptx
// DEVICE: gemm-translate: error: cannot write the cubin to '/dev/null': it names no regular file

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @gemm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
