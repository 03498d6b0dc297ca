// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// The tile.* attributes that passes put on other dialects' ops are declared
// by the dialect and checked wherever they appear.

// expected-error @+1 {{'tile.layouts' must be ["row" | "col"] for A, B and C, got ["row", "diagonal", "row"]}}
func.func @bad_layouts() attributes {tile.layouts = ["row", "diagonal", "row"]} {
  return
}

// -----

// expected-error @+1 {{'tile.layouts' must be ["row" | "col"] for A, B and C, got ["row", "col"]}}
func.func @two_layouts() attributes {tile.layouts = ["row", "col"]} {
  return
}

// -----

// expected-error @+1 {{'tile.schedule' must be a #tile.schedule, got "sm_90a"}}
func.func @schedule_string() attributes {tile.schedule = "sm_90a"} {
  return
}

// -----

// expected-error @+1 {{'tile.epilogue' must be a #tile.epilogue, got #tile.store<tma>}}
func.func @store_as_epilogue() attributes {tile.epilogue = #tile.store<tma>} {
  return
}

// -----

// expected-error @+1 {{'tile.ptxas_opt_level' must be an i32 from 0 to 3, got 7 : i32}}
func.func @opt_level() attributes {tile.ptxas_opt_level = 7 : i32} {
  return
}

// -----

// expected-error @+1 {{'tile.batched' must be a unit attribute, got true}}
func.func @batched_bool() attributes {tile.batched = true} {
  return
}

// -----

// expected-error @+1 {{'tile.staged_operand' must be "a" or "b", got "c"}}
func.func @staged_c() attributes {tile.staged_operand = "c"} {
  return
}

// -----

// expected-error @+1 {{'tile.grouped' must be "masked" or "contiguous", got "ragged"}}
func.func @grouped_ragged() attributes {tile.grouped = "ragged"} {
  return
}

// -----

// expected-error @+1 {{unknown tile dialect attribute 'tile.layout'}}
func.func @misspelled() attributes {tile.layout = ["row", "row", "row"]} {
  return
}
