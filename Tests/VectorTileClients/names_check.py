"""Reads the base's names in an annotation vector tile (`names`, asked with base=1) with the
field's decoder, against the store's streets.

Reads JSON on stdin: {"tile": [z, x, y], "path": the tile's file, "streets": [{"name", "geometry"
(GeoJSON, lon/lat)}]}. Decodes the tile with mapbox-vector-tile, projects the streets itself (the
spherical Web Mercator formula) and measures with shapely, for each name set along a line, how far
the line's middle (where a client sets the name) lies from the nearest street of that name, in
tile units. Prints JSON: {"names": [{"text", "kind", "type", "distance"}], "marks": count}.
"""
import json
import sys

import mapbox_vector_tile
import numpy as np
from shapely.geometry import LineString, shape
from shapely.ops import transform

EXTENT = 4096
request = json.load(sys.stdin)
z, tx, ty = request["tile"]


def units(x, y):
    n = 2.0 ** z
    lon, lat = np.asarray(x), np.radians(np.asarray(y))
    return ((lon + 180) / 360 * n - tx) * EXTENT, ((1 - np.log(np.tan(np.pi / 4 + lat / 2)) / np.pi) / 2 * n - ty) * EXTENT


streets = {}
for s in request["streets"]:
    streets.setdefault(s["name"], []).append(transform(units, shape(s["geometry"])))

tile = mapbox_vector_tile.decode(open(request["path"], "rb").read(), default_options={"y_coord_down": True})
names = []
for f in tile.get("names", {}).get("features", []):
    p, g = f["properties"], f["geometry"]
    entry = {"text": p["text"], "kind": p["kind"], "type": g["type"], "distance": None}
    if g["type"] == "LineString" and p["text"] in streets:
        middle = LineString(g["coordinates"]).interpolate(0.5, normalized=True)
        entry["distance"] = min(middle.distance(s) for s in streets[p["text"]])
    names.append(entry)
print(json.dumps({"names": names, "marks": len(tile.get("marks", {}).get("features", []))}))
