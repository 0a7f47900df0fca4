#!/usr/bin/python3
"""Peer benchmark for waymark-bench: render points as pins with Mapnik and time it.

Run with Debian's python and binding (apt-get install python3-mapnik):

  /usr/bin/python3 Benchmarks/mapnik_points.py --points FILE.csv --width W --height H \
      --bbox MINX,MINY,MAXX,MAXY --repeat N [--marker-width PX --marker-height PX] [--labels] [--output FIRST.png]

FILE.csv: header lon,lat,category,color[,name] (WGS84 degrees, color #RRGGBB, one colour per category).
--bbox: the exact extent of the image in EPSG:3857 metres.
--labels: also each point's name, by Mapnik's own label placement (eight positions around the pin,
no two labels overlapping, none over a pin), in the text style of Waymark's default style.
Prints one JSON line: {"samples_ms": [...], "points": N, "width": W, "height": H, "png_bytes": B}.
Each sample is mapnik.render + PNG encoding, as Waymark's side includes its PNG encoding.
"""
import argparse
import csv
import json
import math
import os
import sys
import tempfile
import time
from xml.sax.saxutils import escape, quoteattr

import mapnik

# Mapnik 3.1 on PROJ 6+ rejects "+init=epsg:NNNN"; "epsg:NNNN" works, and for this pair Mapnik
# projects with its own built-in Web Mercator formulas rather than calling PROJ.
MAP_SRS = "epsg:3857"
DATA_SRS = "epsg:4326"


def pin_svg(width, height):
    """The teardrop pin Waymark draws (MapRender's teardropPath): a round head of radius width/2 whose
    centre is height - radius above the tip, joined to the tip by its two tangents."""
    r = width / 2
    d = height - r
    spread = math.acos(min(1.0, r / d))
    cx, cy = r, height - d  # head centre; the tip is at (cx, height)
    dx, dy = r * math.sin(spread), r * math.cos(spread)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
            f'<path d="M {cx} {height} L {cx - dx} {cy + dy} '
            f'A {r} {r} 0 1 1 {cx + dx} {cy + dy} Z"/></svg>')


def quote_expr(category):
    """A Mapnik filter matching one category: [category]='name', quotes in the name escaped."""
    return "[category]='%s'" % category.replace("\\", "\\\\").replace("'", "\\'")


def glue_bbox(argv):
    """"--bbox V" -> "--bbox=V": argparse takes a V starting with "-" (west or south of 0) for an option."""
    out, it = [], iter(argv)
    for a in it:
        out.append(f"--bbox={next(it, '')}" if a == "--bbox" else a)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--points", required=True)
    ap.add_argument("--width", type=int, required=True)
    ap.add_argument("--height", type=int, required=True)
    ap.add_argument("--bbox", required=True, help="MINX,MINY,MAXX,MAXY in EPSG:3857 metres")
    ap.add_argument("--repeat", type=int, required=True)
    ap.add_argument("--marker-width", type=float, default=22)
    ap.add_argument("--marker-height", type=float, default=28)
    ap.add_argument("--labels", action="store_true")
    ap.add_argument("--output")
    args = ap.parse_args(glue_bbox(sys.argv[1:]))
    bbox = [float(v) for v in args.bbox.split(",")]
    if len(bbox) != 4:
        sys.exit("--bbox needs MINX,MINY,MAXX,MAXY")
    if args.repeat < 1:
        sys.exit("--repeat must be at least 1")

    # The data, read once outside the timing into an in-memory datasource.
    ctx = mapnik.Context()
    ctx.push("category")
    ctx.push("name")
    ds = mapnik.MemoryDatasource()
    colors = {}
    with open(args.points, newline="") as f:
        for i, row in enumerate(csv.DictReader(f)):
            if colors.setdefault(row["category"], row["color"]) != row["color"]:
                sys.exit(f"category {row['category']!r} has two colours")
            feature = mapnik.Feature(ctx, i + 1)
            feature.geometry = mapnik.Geometry.from_wkt(f"POINT({row['lon']} {row['lat']})")
            feature["category"] = row["category"]
            feature["name"] = row.get("name") or ""
            ds.add_feature(feature)
    count = ds.num_features()

    with tempfile.TemporaryDirectory() as tmp:
        # Mapnik 3.1 markers take an SVG file, not inline SVG data.
        pin = os.path.join(tmp, "pin.svg")
        with open(pin, "w") as f:
            f.write(pin_svg(args.marker_width, args.marker_height))

        # The style in Mapnik's XML: the Python binding stores a symbolizer's "transform" as a plain
        # string that the renderer ignores, while the XML loader parses it.
        rules = "".join(
            f"<Rule><Filter>{escape(quote_expr(category))}</Filter>"
            f"<MarkersSymbolizer file={quoteattr(pin)} width='{args.marker_width}' height='{args.marker_height}'"
            f" fill='{color}' stroke='#333333' stroke-width='1' allow-overlap='true'"
            # With labels the pins take their room in the collision detector, so that no name covers a pin.
            f" ignore-placement='{'false' if args.labels else 'true'}'"
            # Mapnik centres a marker on its point; lift it by half its height so the tip sits there.
            f" transform='translate(0,{-args.marker_height / 2})'/></Rule>"
            for category, color in colors.items())
        # The labels as a second style of the layer: Mapnik draws it after every pin, so names lie on top.
        labels = ("<Style name='labels'><Rule><TextSymbolizer face-name='DejaVu Sans Book' size='11' fill='#1F2328'"
                  " halo-fill='#FFFFFFD9' halo-radius='1.5' wrap-width='110' placement-type='simple'"
                  " placements='E,W,NE,SE,NW,SW,N,S'"
                  f" dx='{args.marker_width / 2}' dy='{args.marker_height / 2}' avoid-edges='true'>[name]</TextSymbolizer>"
                  "</Rule></Style>") if args.labels else ""
        m = mapnik.Map(args.width, args.height)
        mapnik.load_map_from_string(m, f"<Map srs='{MAP_SRS}' background-color='white'>"
                                       f"<Style name='points'>{rules}</Style>{labels}</Map>")
        layer = mapnik.Layer("points", DATA_SRS)
        layer.datasource = ds
        layer.styles.append("points")
        if args.labels:
            layer.styles.append("labels")
        m.layers.append(layer)
        # Points just outside the image still have part of their pin inside it.
        m.buffer_size = int(math.ceil(max(args.marker_width, args.marker_height)))
        # RESPECT: the box is the image's extent, as the caller computed it; Mapnik's default
        # (GROW_BBOX) would widen it to the image's aspect ratio.
        m.aspect_fix_mode = mapnik.aspect_fix_mode.RESPECT
        m.zoom_to_box(mapnik.Box2d(*bbox))
        env = m.envelope()
        got = [env.minx, env.miny, env.maxx, env.maxy]
        if any(abs(a - b) > 1e-9 * (abs(b) + 1) for a, b in zip(got, bbox)):
            sys.exit(f"mapnik changed the extent: asked {bbox}, got {got}")

        image = mapnik.Image(args.width, args.height)
        mapnik.render(m, image)  # warm-up: loads the SVG into Mapnik's marker cache
        samples = []
        for _ in range(args.repeat):
            t0 = time.perf_counter_ns()
            mapnik.render(m, image)
            png = image.tostring("png")
            samples.append((time.perf_counter_ns() - t0) / 1e6)

    if args.output:
        with open(args.output, "wb") as f:
            f.write(png)
    print(json.dumps({"samples_ms": samples, "points": count, "width": args.width,
                      "height": args.height, "png_bytes": len(png)}))


if __name__ == "__main__":
    main()
