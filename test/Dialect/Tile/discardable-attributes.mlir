// RUN: gemm-opt %s | FileCheck %s

// Well-formed tile.* attributes on other dialects' ops parse and print.

// CHECK-LABEL: func.func @kernel_attributes(
// CHECK-SAME:    tile.batched
// CHECK-SAME:    tile.epilogue = #tile.epilogue<bias = row>
// CHECK-SAME:    tile.grouped = "masked"
// CHECK-SAME:    tile.layouts = ["col", "row", "row"]
// CHECK-SAME:    tile.ptxas_opt_level = 1 : i32
func.func @kernel_attributes() attributes {tile.layouts = ["col", "row", "row"],
    tile.epilogue = #tile.epilogue<bias = row>, tile.batched,
    tile.grouped = "masked", tile.ptxas_opt_level = 1 : i32} {
  return
}
