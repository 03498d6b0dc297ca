// RUN: gemm-opt %s --split-input-file --lower-to-nvvm | FileCheck %s
// RUN: gemm-opt %s --split-input-file --lower-to-nvvm | FileCheck %s --check-prefix=KERNEL
// A schedule is compiled only for the chip it was made for.
// RUN: not gemm-opt %s --split-input-file --lower-to-nvvm="chip=sm_80" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP

// The whole lowering of a small bf16 sm_90a schedule: the host keeps a
// launch, the kernel module ends in the LLVM and NVVM dialects with the
// operand fragments (2 K steps x 4 ldmatrix x 4 i32) and the accumulator
// (2 x 4 m16n8 tiles x 4 f32) in allocas ahead of the entry block's first
// instruction, the cp.async pipeline and 16 paired bf16 stores.
// Each thread copies 2 A and 2 B 16-byte chunks per K tile, and one K step's
// fragments are 2 A ldmatrix.x4 plus 2 B ldmatrix.x4.trans per warp, so:
//   prologue: tiles 0 and 1 (2 x 4 copies), wait 1, barrier, step 0 of tile
//             0 (4 ldmatrix);
//   loop:     step 0: step 1 of tile t (4 ldmatrix), refill (4 copies,
//             commit), 8 mma.sync; step 1: wait 1, barrier, step 0 of tile
//             t + 1 if any (4 ldmatrix), 8 mma.sync;
// 12 cp.async, 12 ldmatrix and 16 mma.sync in all.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: func.func @gemm_bf16(
// CHECK:         %[[SMEM:.+]] = arith.constant 24576 : i32
// CHECK:         gpu.launch_func @gemm_bf16_kernel_module::@gemm_bf16_kernel
// CHECK-SAME:      dynamic_shared_memory_size %[[SMEM]]
// CHECK:       gpu.module @gemm_bf16_kernel_module [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK:         llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64, dso_local} : !llvm.array<0 x i8>
// CHECK-LABEL:   llvm.func @gemm_bf16_kernel(
// CHECK-SAME:        nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK-DAG:       llvm.alloca %{{.+}} x i32 : (i64) -> !llvm.ptr
// CHECK-DAG:       llvm.alloca %{{.+}} x f32 : (i64) -> !llvm.ptr
// CHECK:           nvvm.read.ptx.sreg.ctaid.x
// CHECK:           nvvm.read.ptx.sreg.ctaid.y
// CHECK:           nvvm.read.ptx.sreg.tid.x

// Prologue.
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK:           nvvm.cp.async.commit.group
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT:       nvvm.mma.sync

// Main loop, K step 0.
// CHECK:           llvm.cond_br
// CHECK-NOT:       nvvm.cp.async.wait.group
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-NOT:       nvvm.ldmatrix
// CHECK-COUNT-8:   nvvm.mma.sync A[{{.+}}] B[{{.+}}] C[{{.+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>

// Main loop, K step 1.
// CHECK-NOT:       nvvm.ldmatrix
// CHECK:           nvvm.cp.async.wait.group 1
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-NOT:       nvvm.mma.sync
// CHECK-NOT:       nvvm.ldmatrix
// CHECK-NOT:       nvvm.cp.async.shared.global

// Epilogue.
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-COUNT-16:  llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr
// CHECK-NOT:       llvm.store {{.+}} vector<2xbf16>
// CHECK:           llvm.return

// KERNEL:      gpu.module @gemm_bf16_kernel_module
// KERNEL-NOT:  {{tile\.(gemm|alloc_accumulator|alloc_fragments|load_fragments|mma_fragments|block_mma|store_accumulator|alloc_shared|store_fragments)|!tile\.}}
// KERNEL-NOT:  unrealized_conversion_cast
// KERNEL-NOT:  {{(^ *|= )(arith|memref|vector|scf|cf|gpu|nvgpu)\.}}
// KERNEL:      llvm.return
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// f16 on sm_80 with padded shared rows and 2 stages: PTX 7.0 target, one
// prologue group, every wait (before the loop and at the last K step) for
// all groups, mma.sync on f16 pairs. The same 4 + 4 + 4 ldmatrix and 8 + 8
// mma.sync as above; 4 prologue and 4 refill copies.

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: func.func @gemm_f16(
// CHECK:         gpu.launch_func @gemm_f16_kernel_module::@gemm_f16_kernel
// CHECK:       gpu.module @gemm_f16_kernel_module [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// CHECK-LABEL:   llvm.func @gemm_f16_kernel(
// CHECK-SAME:        nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-NOT:       nvvm.mma.sync
// CHECK:           llvm.cond_br
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-COUNT-8:   nvvm.mma.sync A[{{.+}}] B[{{.+}}] C[{{.+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-NOT:       nvvm.mma.sync
// CHECK-NOT:       nvvm.ldmatrix
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-COUNT-16:  llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr
// CHECK:           llvm.return

// KERNEL:      gpu.module @gemm_f16_kernel_module
// KERNEL-NOT:  {{tile\.(gemm|alloc_accumulator|alloc_fragments|load_fragments|mma_fragments|block_mma|store_accumulator|alloc_shared|store_fragments)|!tile\.}}
// KERNEL-NOT:  unrealized_conversion_cast
// KERNEL-NOT:  {{(^ *|= )(arith|memref|vector|scf|cf|gpu|nvgpu)\.}}
// KERNEL:      llvm.return

// CHIP: error: 'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80
// CHIP: gpu.module @gemm_f16_kernel_module [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
func.func @gemm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
