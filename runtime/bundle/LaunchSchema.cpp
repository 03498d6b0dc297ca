//===- LaunchSchema.cpp - tiles and grids of the bundle schema ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/BundleSchema.h"
#include "runtime/bundle/SchemaChecks.h"

using namespace llvm;

namespace gemm_opt {
namespace bundle {

json::Value toJSON(const ProblemTile &tile) {
  json::Object object{{"m", tile.m}, {"n", tile.n}};
  if (tile.k)
    object["k"] = *tile.k;
  return object;
}

bool fromJSON(const json::Value &value, ProblemTile &tile, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("m", tile.m) || !mapper.map("n", tile.n) ||
      !mapper.map("k", tile.k))
    return false;
  StringLiteral positive = "expected a positive integer";
  return checkRange(tile.m, 1, INT64_MAX, positive, path.field("m")) &&
         checkRange(tile.n, 1, INT64_MAX, positive, path.field("n")) &&
         checkOptionalRange(tile.k, 1, INT64_MAX, positive, path.field("k"));
}

json::Value toJSON(const GridDim &dim) {
  if (dim.extent)
    return json::Object{{"extent", *dim.extent}, {"tile", dim.tile}};
  return dim.constant;
}

bool fromJSON(const json::Value &value, GridDim &dim, json::Path path) {
  if (std::optional<int64_t> constant = value.getAsInteger()) {
    dim = GridDim();
    dim.constant = *constant;
    return checkRange(*constant, 1, INT64_MAX, "expected a positive integer",
                      path);
  }
  if (!value.getAsObject()) {
    path.report("expected a positive integer or {\"extent\": "
                "\"m\"|\"n\"|\"k\"|\"batch\", \"tile\": T}");
    return false;
  }
  json::ObjectMapper mapper(value, path);
  std::string extent;
  if (!mapper.map("extent", extent) || !mapper.map("tile", dim.tile))
    return false;
  dim.extent = extent;
  return checkChoice(extent, {"m", "n", "k", "batch"},
                     "expected \"m\", \"n\", \"k\" or \"batch\"",
                     path.field("extent")) &&
         checkRange(dim.tile, 1, INT64_MAX, "expected a positive integer",
                    path.field("tile"));
}

json::Value toJSON(const PersistentOptions &options) {
  json::Object object{{"ctas_per_sm", options.ctasPerSm}};
  if (options.streamK)
    object["stream_k"] = *options.streamK;
  return object;
}

bool fromJSON(const json::Value &value, PersistentOptions &options,
              json::Path path) {
  json::ObjectMapper mapper(value, path);
  return mapper && mapper.map("ctas_per_sm", options.ctasPerSm) &&
         mapper.map("stream_k", options.streamK) &&
         checkRange(options.ctasPerSm, 1, 32, "expected an integer in [1, 32]",
                    path.field("ctas_per_sm"));
}

json::Value toJSON(const PersistentTiles &tiles) {
  json::Object object{{"m", tiles.m}, {"n", tiles.n}};
  if (tiles.k)
    object["k"] = *tiles.k;
  if (tiles.batch)
    object["batch"] = *tiles.batch;
  return object;
}

bool fromJSON(const json::Value &value, PersistentTiles &tiles,
              json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("m", tiles.m) || !mapper.map("n", tiles.n) ||
      !mapper.map("k", tiles.k) || !mapper.map("batch", tiles.batch))
    return false;
  StringLiteral positive = "expected a positive integer";
  // One batch entry per tile: the only way a kernel walks entries.
  return checkRange(tiles.m, 1, INT64_MAX, positive, path.field("m")) &&
         checkRange(tiles.n, 1, INT64_MAX, positive, path.field("n")) &&
         checkOptionalRange(tiles.k, 1, INT64_MAX, positive, path.field("k")) &&
         checkOptionalRange(tiles.batch, 1, 1, "expected 1 (one batch entry per tile)",
                    path.field("batch"));
}

json::Value toJSON(const Grid &grid) {
  json::Object object;
  if (grid.persistent)
    object["persistent"] = toJSON(*grid.persistent);
  if (grid.tiles)
    object["tiles"] = toJSON(*grid.tiles);
  if (grid.x)
    object["x"] = toJSON(*grid.x);
  if (grid.y)
    object["y"] = toJSON(*grid.y);
  if (grid.z)
    object["z"] = toJSON(*grid.z);
  return object;
}

bool fromJSON(const json::Value &value, Grid &grid, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper)
    return false;
  const json::Object &object = *value.getAsObject();
  grid = Grid();
  if (object.get("persistent")) {
    // A persistent grid is 1-D and sized by the runtime.
    for (StringLiteral axis :
         {StringLiteral("x"), StringLiteral("y"), StringLiteral("z")})
      if (object.get(axis)) {
        path.field(axis).report("not allowed with \"persistent\" (a "
                                "persistent grid is 1-D)");
        return false;
      }
    PersistentOptions options;
    PersistentTiles tiles;
    if (!mapper.map("persistent", options) || !mapper.map("tiles", tiles))
      return false;
    if (options.streamK.value_or(false) && !tiles.k) {
      path.field("tiles").field("k").report(
          "missing value (a stream_k grid needs its K step)");
      return false;
    }
    grid.persistent = options;
    grid.tiles = tiles;
    return true;
  }
  if (object.get("tiles")) {
    path.field("tiles").report("only allowed with \"persistent\"");
    return false;
  }
  GridDim x, y;
  if (!mapper.map("x", x) || !mapper.map("y", y) || !mapper.map("z", grid.z))
    return false;
  grid.x = x;
  grid.y = y;
  return true;
}

} // namespace bundle
} // namespace gemm_opt
