"""Checks a base vector tile against the store's rows, with the field's decoders.

Reads JSON on stdin: {"tile": [z, x, y], "buffer": units, "path": the tile's file,
"candidates": [{"id", "layer", "kind", "name", "names", "rank", "geometry" (GeoJSON, lon/lat)}]},
the rows the store answers for the tile's box at its zoom that the style shows. Decodes the tile
with mapbox-vector-tile and GDAL's MVT driver (ogr2ogr), projects the rows itself (the spherical
Web Mercator formula) and cuts them to the tile with shapely. Prints JSON: {"problems": [...],
"layers": {layer: features}}.
"""
import json
import os
import subprocess
import sys
import tempfile

import mapbox_vector_tile
import numpy as np
from shapely.geometry import LinearRing, Point, Polygon, box, shape
import shapely

EXTENT = 4096
request = json.load(sys.stdin)
z, tx, ty = request["tile"]
buffer = request["buffer"]
problems = []


def units(lonlat):
    """Longitude and latitude (an array of pairs) to tile units, y down."""
    n = 2.0 ** z
    lon, lat = lonlat[:, 0], np.radians(lonlat[:, 1])
    x = ((lon + 180) / 360 * n - tx) * EXTENT
    y = ((1 - np.log(np.tan(np.pi / 4 + lat / 2)) / np.pi) / 2 * n - ty) * EXTENT
    return np.column_stack([x, y])


inner = box(0, 0, EXTENT, EXTENT)
outer = box(-buffer, -buffer, EXTENT + buffer, EXTENT + buffer)
data = open(request["path"], "rb").read()
tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})

decoded = {}
for name, layer in tile.items():
    if layer["extent"] != EXTENT:
        problems.append(f"layer {name}: extent {layer['extent']}")
    for f in layer["features"]:
        if f.get("id") is None or f["id"] in decoded:
            problems.append(f"layer {name}: a feature without an id or with one used twice: {f.get('id')}")
        decoded[f["id"]] = (name, f)

# GDAL reads the same features (ids by layer), at the same positions.
half = 20037508.342789244
span = 2 * half / 2 ** z
with tempfile.TemporaryDirectory() as folder:
    for name, layer in tile.items():
        out = os.path.join(folder, name + ".geojson")
        subprocess.run(["ogr2ogr", "-f", "GeoJSON", "-oo", f"Z={z}", "-oo", f"X={tx}", "-oo", f"Y={ty}", "-oo", "CLIP=NO",
                        out, request["path"], name], check=True, capture_output=True)
        gdal = json.load(open(out))["features"]
        ids = sorted(f["properties"]["mvt_id"] for f in gdal)
        if ids != sorted(f["id"] for f in layer["features"]):
            problems.append(f"layer {name}: GDAL reads ids {ids[:5]}… where mapbox-vector-tile reads others")
            continue
        for g in gdal:
            # EPSG:3857 metres back to tile units.
            geometry = shapely.transform(shape(g["geometry"]), lambda m: np.column_stack([(m[:, 0] + half - tx * span) / span * EXTENT,
                                                                                         (half - m[:, 1] - ty * span) / span * EXTENT]))
            other = shape(decoded[g["properties"]["mvt_id"]][1]["geometry"])
            if geometry.hausdorff_distance(other) > 0.01:
                problems.append(f"{name} {g['properties']['mvt_id']}: GDAL and mapbox-vector-tile disagree on its geometry")


def substantial(part):
    """Large enough to survive rounding to whole units."""
    if part.is_empty:
        return False
    if part.geom_type in ("Polygon", "MultiPolygon"):
        return not part.buffer(-0.75).is_empty
    if part.geom_type in ("LineString", "MultiLineString", "GeometryCollection"):
        minx, miny, maxx, maxy = part.bounds
        return max(maxx - minx, maxy - miny) >= 2
    return True


def parts(g):
    return list(g.geoms) if hasattr(g, "geoms") else [g]


def vertices(g):
    out = []
    for part in parts(g):
        if part.geom_type == "Polygon":
            out += list(part.exterior.coords) + [q for ring in part.interiors for q in ring.coords]
        else:
            out += list(part.coords)
    return out


def signed_area(ring):
    return sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1))


candidates = {c["id"]: c for c in request["candidates"]}
found = {}
for c in request["candidates"]:
    g = shapely.transform(shape(c["geometry"]), units)
    if g.geom_type in ("Point", "MultiPoint"):
        required = any(inner.buffer(-1).contains(p) for p in parts(g))
    else:
        required = substantial(g.intersection(inner))
    allowed = g.distance(outer) <= 1
    got = c["id"] in decoded
    found[c["id"]] = g
    if required and not got:
        problems.append(f"{c['layer']} {c['id']} ({c['kind']} {c.get('name')}) lies in the tile but is missing")
    if got and not allowed:
        problems.append(f"{c['layer']} {c['id']} lies outside the buffered tile but is in it")

for fid, (layer, f) in decoded.items():
    c = candidates.get(fid)
    if c is None:
        problems.append(f"{layer} {fid}: no such row in the store's answer")
        continue
    if layer != c["layer"]:
        problems.append(f"{fid}: in layer {layer}, stored in {c['layer']}")
    expected = {"kind": c["kind"], "rank": c["rank"]}
    if c.get("name") is not None:
        expected["name"] = c["name"]
    for code, text in c["names"].items():
        expected["name:" + code] = text
    if f["properties"] != expected:
        problems.append(f"{layer} {fid}: properties {f['properties']} against {expected}")

    g = f["geometry"]
    oracle = found[fid].intersection(outer) if not found[fid].geom_type.endswith("Point") else found[fid]
    kind = {"Point": "point", "MultiPoint": "point", "LineString": "line", "MultiLineString": "line", "Polygon": "area", "MultiPolygon": "area"}
    stored = kind.get(shape(c["geometry"]).geom_type)
    if kind[g["type"]] != stored:
        problems.append(f"{layer} {fid}: a {g['type']} for a stored {stored}")
        continue
    decoded_shape = shape(g)
    if stored == "area":
        polygons = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]
        for polygon in polygons:
            if signed_area(polygon[0]) <= 0 or any(signed_area(hole) >= 0 for hole in polygon[1:]):
                problems.append(f"{layer} {fid}: an exterior ring not clockwise (y down) or a hole not counter-clockwise")
            for ring in polygon:
                if not LinearRing(ring).is_valid:
                    problems.append(f"{layer} {fid}: a ring that crosses itself")
        near, far = oracle.boundary, decoded_shape.boundary
    else:
        near, far = oracle, decoded_shape
    # Every decoded vertex within a unit of the projected row, and the other way round for
    # every part of the row large enough to survive rounding.
    worst = max((near.distance(Point(p)) for p in vertices(decoded_shape)), default=0)
    if worst > 1:
        problems.append(f"{layer} {fid}: a vertex {worst:.2f} units from the projected row")
    for part in parts(oracle):
        if not substantial(part):
            continue
        rings = [part.exterior] + [r for r in part.interiors if substantial(Polygon(r))] if part.geom_type == "Polygon" else [part]
        for ring in rings:
            missed = max((far.distance(Point(p)) for p in ring.coords if inner.contains(Point(p))), default=0)
            if missed > 1:
                problems.append(f"{layer} {fid}: the row's vertex {missed:.2f} units from the tile's geometry")

print(json.dumps({"problems": problems,
                  "layers": {name: len(layer["features"]) for name, layer in tile.items()},
                  "invalid": sum(1 for _, (_, f) in decoded.items() if f["geometry"]["type"].endswith("Polygon") and not shape(f["geometry"]).is_valid)}))
