// RUN: gemm-opt %s --split-input-file --lower-to-nvvm | FileCheck %s
// RUN: gemm-opt %s --split-input-file --lower-to-nvvm | FileCheck %s --check-prefix=KERNEL
// A schedule is compiled only for the chip it was made for.
// RUN: not gemm-opt %s --split-input-file --lower-to-nvvm="chip=sm_80" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP

// The whole lowering of a small bf16 sm_90a schedule: the host keeps a
// launch, the kernel module ends in the LLVM and NVVM dialects with the
// cp.async pipeline (2 prologue groups, then per K tile wait, barrier,
// 4 copies, commit), 2 K steps of 2 + 2 ldmatrix.x4 and 8 mma.sync per warp,
// and 16 paired bf16 stores.

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
// CHECK:         llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL:   llvm.func @gemm_bf16_kernel(
// CHECK-SAME:        nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK:           nvvm.read.ptx.sreg.ctaid.x
// CHECK:           nvvm.read.ptx.sreg.ctaid.y
// CHECK:           nvvm.read.ptx.sreg.tid.x

// Prologue: K tiles 0 and 1.
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK:           nvvm.cp.async.commit.group
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group

// Main loop.
// CHECK:           nvvm.cp.async.wait.group 1
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-8:   nvvm.mma.sync A[{{.+}}] B[{{.+}}] C[{{.+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-NOT:       nvvm.mma.sync
// CHECK-NOT:       nvvm.ldmatrix

// Epilogue.
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-COUNT-16:  llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr
// CHECK-NOT:       llvm.store {{.+}} vector<2xbf16>
// CHECK:           llvm.return

// KERNEL:      gpu.module @gemm_bf16_kernel_module
// KERNEL-NOT:  {{tile\.(gemm|alloc_accumulator|block_mma|store_accumulator|alloc_shared|store_fragments)|!tile\.}}
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
// prologue group, a loop that waits for every group, mma.sync on f16 pairs.

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
// CHECK-NOT:       nvvm.cp.async.shared.global
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-NEXT:      nvvm.barrier0
// CHECK-COUNT-4:   nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg
// CHECK:           nvvm.cp.async.commit.group
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-8:   nvvm.mma.sync A[{{.+}}] B[{{.+}}] C[{{.+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<row>
// CHECK-COUNT-2:   nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-COUNT-16:  llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr
// CHECK:           llvm.return

// KERNEL:      gpu.module @gemm_f16_kernel_module
// KERNEL-NOT:  {{tile\.(gemm|alloc_accumulator|block_mma|store_accumulator|alloc_shared|store_fragments)|!tile\.}}
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
