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

// alpha_beta on a persistent tma-store kernel with one store round: each
// consumer warpgroup loads its part of C into its staging part by TMA,
// issued once its tile's first K step's wgmmas are (TmaStoreEpilogue::
// loadCIntoStaging, after the wait for the previous tile's stores to have
// read the part), completing a barrier of its own: 3 full + 3 empty + 2
// such barriers. The
// loads are the stage loads of A and B (15 TMA loads in the PTX) and 4
// panels of 64 rows x 64 bf16 per warpgroup.
// AB-BARRIERS: {{^}}8{{$}}
// AB-LOADS:    {{^}}19{{$}}
// RES-BARRIERS: {{^}}6{{$}}
// RES-LOADS:    {{^}}15{{$}}

// The first K step's wgmmas, then the wait for the previous stores and the
// C load (the K loop itself has no such branch), then the epilogue waits
// for its part's load (where C has a tensor map and beta is not 0) and
// reads C from where it writes D.
// AB:      wgmma.mma_async
// AB:      cp.async.bulk.wait_group.read 0
// AB:      mbarrier.arrive.expect_tx
// AB:      cp.async.bulk.tensor.2d.shared::cluster.global
// AB:      wgmma.mma_async
// AB:      mbarrier.try_wait.parity
// AB:      cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
