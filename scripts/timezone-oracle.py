#!/usr/bin/env python3
"""Writes Tests/Fixtures/timezone-oracle.csv: random points on land with the time zone that the
PyPI package timezonefinder gives them, the independent oracle of Waymark's zone lookup
(Tests/GeoStoreTests/TimeZoneOracleTests.swift).

Points are drawn uniformly over the sphere with a fixed seed; a point is on land when
timezonefinder's `timezone_at_land` names a zone (it answers None for the ocean zones Etc/GMT±N).
timezonefinder answers from its own full-resolution polygons (timezonefinder-data), so the test
allows disagreements only near a zone boundary, where Waymark's simplified polygons differ.

It installs nothing: `pip install timezonefinder` first. Usage:
    python3 scripts/timezone-oracle.py [COUNT] [OUTPUT]
"""
import csv
import math
import random
import sys
from importlib.metadata import version

from timezonefinder import TimezoneFinder

SEED = 17


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    output = sys.argv[2] if len(sys.argv) > 2 else "Tests/Fixtures/timezone-oracle.csv"
    finder = TimezoneFinder()
    rng = random.Random(SEED)
    rows = []
    while len(rows) < count:
        # Uniform on the sphere: sin(latitude) uniform in [-1, 1].
        lat = round(math.degrees(math.asin(rng.uniform(-1.0, 1.0))), 6)
        lon = round(rng.uniform(-180.0, 180.0), 6)
        zone = finder.timezone_at_land(lng=lon, lat=lat)
        if zone is not None:
            rows.append((lat, lon, zone))
    with open(output, "w", newline="") as f:
        f.write(f"# timezonefinder {version('timezonefinder')}, timezonefinder-data {version('timezonefinder-data')}, "
                f"seed {SEED}, {count} land points (scripts/timezone-oracle.py)\n")
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["lat", "lon", "zone"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
