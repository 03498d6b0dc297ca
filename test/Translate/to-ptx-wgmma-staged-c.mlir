// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/epilogue_bf16_wgmma_alpha_beta_residual_tma.mlir --to-ptx -o %t/ab.ptx
// RUN: grep -c "mbarrier.init" %t/ab.ptx | FileCheck %s --check-prefix=AB-BARRIERS
// RUN: grep -c "cp.async.bulk.tensor.2d.shared::cluster.global" %t/ab.ptx | FileCheck %s --check-prefix=AB-LOADS
// RUN: FileCheck %s --input-file %t/ab.ptx --check-prefix=AB
// RUN: %ptxas -arch=sm_90a -v %t/ab.ptx -o %t/ab.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: sed 's/alpha_beta = true, //; s/ alpha %alpha beta %beta//; s/, %alpha: f32, %beta: f32//' %S/../../bench/schedules/epilogue_bf16_wgmma_alpha_beta_residual_tma.mlir > %t/residual.mlir
// RUN: gemm-translate %t/residual.mlir --to-ptx -o %t/residual.ptx
// RUN: grep -c "mbarrier.init" %t/residual.ptx | FileCheck %s --check-prefix=RES-BARRIERS
// RUN: grep -c "cp.async.bulk.tensor.2d.shared::cluster.global" %t/residual.ptx | FileCheck %s --check-prefix=RES-LOADS
// RUN: FileCheck %s --input-file %t/residual.ptx --check-prefix=RES
// RUN: %ptxas -arch=sm_90a -v %t/residual.ptx -o %t/residual.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: mkdir -p %t/bundle && gemm-translate %t/residual.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=RES-BUNDLE
// RUN: mkdir -p %t/byvalue && gemm-translate %t/residual.mlir --tensor-maps-by-value --to-bundle -o %t/byvalue/kernel.json
// RUN: FileCheck %s --input-file %t/byvalue/epilogue_bf16_wgmma_alpha_beta_residual_tma_kernel.ptx --check-prefix=RES-BYVALUE
// RUN: FileCheck %s --input-file %t/byvalue/kernel.json --check-prefix=RES-BYVALUE-BUNDLE

// alpha_beta on a persistent tma-store kernel with one store round: each
// consumer warpgroup's part of C comes into its staging part by TMA while
// the tile's main loop runs. The producer loads it, a panel of 64 rows x 64
// bf16 after each K step from step 3 on, once the warpgroup has signalled
// the part free (after its first K step, when the previous tile's stores
// have read it). Barriers: 3 full + 3 empty + 2 loaded + 2 free. TMA loads
// in the PTX: the stage loads of A and B (5) and the panels of each
// warpgroup (4 each; LLVM folds the per-panel branches).
// AB-BARRIERS: {{^}}10{{$}}
// AB-LOADS:    {{^}}13{{$}}

// Without alpha_beta the staging part takes the residual the same way,
// from a tensor map of its own (C's box at the residual's address; the
// kernel's 7th argument, after A's, B's and C's maps), and the epilogue
// reads the residual from where it writes D. The map comes after C's in
// the bundle, which the runtime may leave out (then the threads read the
// residual from global memory).
// RES-BARRIERS: {{^}}10{{$}}
// RES-LOADS:    {{^}}13{{$}}
// RES:      .param .u64 {{.+}}_param_6
// RES:      setmaxnreg.dec.sync.aligned.u32 40
// RES:      mbarrier.try_wait.parity
// RES:      mbarrier.arrive.expect_tx
// RES:      cp.async.bulk.tensor.2d.shared::cluster.global
// RES:      setmaxnreg.inc.sync.aligned.u32
// RES:      wgmma.mma_async
// RES:      cp.async.bulk.wait_group.read 0
// RES:      mbarrier.arrive.expect_tx
// RES-NOT:  cp.async.bulk.tensor.2d.shared::cluster.global
// RES:      wgmma.mma_async
// RES:      mbarrier.try_wait.parity
// RES:      cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// RES-BUNDLE:      "null_when_unaligned": true,
// RES-BUNDLE-NEXT: "oob_fill": "zero",
// RES-BUNDLE-NEXT: "operand": "c",
// RES-BUNDLE:      "null_when_unaligned": true,
// RES-BUNDLE-NEXT: "oob_fill": "zero",
// RES-BUNDLE-NEXT: "operand": "residual",
// RES-BUNDLE-NEXT: "pass": "global_pointer",
// RES-BUNDLE:      "operand": "residual",
// RES-BUNDLE-NEXT: "rank": 2

// By value, each of C's and the residual's maps is followed by whether it
// is there.
// RES-BYVALUE:      .param .align 64 .b8 {{.+}}_param_23[128],
// RES-BYVALUE-NEXT: .param .u32 {{.+}}_param_24,
// RES-BYVALUE-NEXT: .param .align 64 .b8 {{.+}}_param_25[128],
// RES-BYVALUE-NEXT: .param .u32 {{.+}}_param_26,
// RES-BYVALUE-BUNDLE:      "kind": "tma_present",
// RES-BYVALUE-BUNDLE-NEXT: "operand": "c"
// RES-BYVALUE-BUNDLE:      "operand": "residual",
// RES-BYVALUE-BUNDLE-NEXT: "pass": "by_value",
// RES-BYVALUE-BUNDLE:      "kind": "tma_present",
// RES-BYVALUE-BUNDLE-NEXT: "operand": "residual"

// The producer (registers down to 40): per K step the stage's loads, then
// in the window a part's wait for the free signal, its bytes expected and
// its panels. The consumers: the first K step's wgmmas, then the wait for
// the previous stores and the free signal (the K loop itself has no such
// branch), then the epilogue waits for its part's load (where C has a
// tensor map and beta is not 0) and reads C from where it writes D.
// AB:      setmaxnreg.dec.sync.aligned.u32 40
// AB:      cp.async.bulk.tensor.2d.shared::cluster.global
// AB:      mbarrier.try_wait.parity
// AB:      mbarrier.arrive.expect_tx
// AB:      cp.async.bulk.tensor.2d.shared::cluster.global
// AB:      setmaxnreg.inc.sync.aligned.u32
// AB:      wgmma.mma_async
// AB:      cp.async.bulk.wait_group.read 0
// AB:      mbarrier.arrive.expect_tx
// AB-NOT:  cp.async.bulk.tensor.2d.shared::cluster.global
// AB:      wgmma.mma_async
// AB:      mbarrier.try_wait.parity
// AB:      cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
