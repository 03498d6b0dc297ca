// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json --check-prefix=BUNDLE
// RUN: FileCheck %s --input-file %t/tf32_col_a_kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/tf32_col_a_kernel.ptx -o %t/col_a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: gemm-opt %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --check-prefix=LOOP

// tf32 with a column-major A: wgmma has no transpose flag for 32-bit
// operands in shared memory, so A's M-major panels (TMA boxes of 32 K rows
// by 32 f32 of M) are read into registers: per stage each consumer thread
// loads its 4 fragment entries of each of the 4 m64k8 steps (16
// ld.shared.b32), then one fence and 4 wgmmas with A from registers and B
// from its descriptor. No staged copy of A.

// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "col",
// BUNDLE-NEXT:   "b": "col",
// BUNDLE-NEXT:   "c": "row"
// BUNDLE:      "box": [
// BUNDLE-NEXT:   32,
// BUNDLE-NEXT:   32
// BUNDLE-NEXT: ],
// BUNDLE-NEXT: "kind": "tma",
// BUNDLE:      "operand": "a",
// BUNDLE-NOT:  "staged_transposes"

// CHECK-LABEL: .visible .entry tf32_col_a_kernel(
// CHECK-COUNT-16: ld.shared.b32
// CHECK-NOT:     wgmma.mma_async
// CHECK:         wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK-NOT:     wgmma.mma_async
// CHECK:         wgmma.commit_group.sync.aligned;
// CHECK-NEXT:    wgmma.wait_group.sync.aligned 1;

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The K loop runs two steps per iteration and an odd one after it (ptxas
// would give one step's fragments the registers the previous step's wgmma
// group still reads).
// LOOP:      scf.for %{{.+}} = %{{.+}} to %[[LOOP_END:.+]] step %c2 iter_args
// LOOP-COUNT-2: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async
// LOOP:      scf.yield
// LOOP:      %[[ODD:.+]] = arith.cmpi ult, %[[LOOP_END]], %{{.+}} : index
// LOOP:      scf.if %[[ODD]] -> (!nvgpu.warpgroup.accumulator

// The fragment offsets: warp w = (tid % 128) / 32 holds rows 16w .. 16w + 15
// of a 64-row slice, panel w / 2 (4096 bytes each), chunk 4 (w % 2) + g / 4
// (+ 2 for rows g + 8), K row t (+ 4), the chunk XORed with the K row
// (128-byte swizzle), byte 4 (g % 4) of the chunk.
// IR:      %[[THREAD:.+]] = arith.remui %{{.+}}, %c128
// IR:      %[[WARP:.+]] = arith.divui %[[THREAD]], %c32
// IR:      %[[LANE:.+]] = arith.remui %[[THREAD]], %c32
// IR:      %[[G:.+]] = arith.divui %[[LANE]], %c4
// IR:      %[[T:.+]] = arith.remui %[[LANE]], %c4
// IR-DAG:  %[[PANEL:.+]] = arith.divui %[[WARP]], %c2
// IR-DAG:  %[[PANEL_BYTES:.+]] = arith.muli %[[PANEL]], %c4096
// IR-DAG:  %[[G4:.+]] = arith.divui %[[G]], %c4
// IR-DAG:  %[[HALF:.+]] = arith.remui %[[WARP]], %c2
// IR-DAG:  %[[HALF4:.+]] = arith.muli %[[HALF]], %c4
// IR-DAG:  %[[CHUNK:.+]] = arith.addi %[[HALF4]], %[[G4]]
// IR-DAG:  %[[GMOD:.+]] = arith.remui %[[G]], %c4
// IR-DAG:  %[[IN_CHUNK:.+]] = arith.muli %[[GMOD]], %c4
// IR:      %[[SW:.+]] = arith.xori %[[CHUNK]], %[[T]]
// IR:      %[[SW_BYTES:.+]] = arith.muli %[[SW]], %c16
// IR:      %[[COLUMN:.+]] = arith.addi %[[SW_BYTES]], %[[IN_CHUNK]]
// IR:      %[[ROW:.+]] = arith.muli %[[T]], %c128
// IR:      %[[ROW_START:.+]] = arith.addi %[[PANEL_BYTES]], %[[ROW]]
// IR:      %[[A0:.+]] = arith.addi %[[ROW_START]], %[[COLUMN]]
// IR:      %[[CHUNK8:.+]] = arith.addi %[[CHUNK]], %c2
// IR:      arith.xori %[[CHUNK8]], %[[T]]
// IR:      %[[T4:.+]] = arith.addi %[[T]], %c4
// IR:      arith.xori %[[CHUNK]], %[[T4]]
// IR:      arith.xori %[[CHUNK8]], %[[T4]]
// IR:      %[[TILE:.+]] = memref.view %{{.+}}[%{{.+}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2048xf32, #gpu.address_space<workgroup>>
// IR:      %[[E0:.+]] = arith.divui %[[A0]], %c4
// IR:      %[[V0:.+]] = memref.load %[[TILE]][%[[E0]]]
// IR:      arith.bitcast %[[V0]] : f32 to i32
// IR:      nvvm.wgmma.fence.aligned
// IR:      llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $261, 0;\0Awgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {$0,
// IR-SAME:   }, {$256, $257, $258, $259}, $260, p, $262, $263;\0A}\0A"
