#!/usr/bin/env python3
"""Peer benchmark for waymark-bench: the time zone of each point, by tzfpy and timezonefinder (PyPI).

  python3 Benchmarks/timezone_points.py --points FILE.csv [--repeat N]

FILE.csv: header lat,lon (WGS84 degrees). Each library that imports is timed per call
(time.perf_counter_ns around one lookup), after one unmeasured pass that loads its data.
Prints one JSON line: {"tzfpy": {"samples_us": [...], "zones": [...]}, "timezonefinder": {...}}
with the zones of the first pass, so the caller can count agreement.
"""
import argparse
import csv
import json
import time


def lookups():
    found = {}
    try:
        import tzfpy
        found["tzfpy"] = lambda lat, lon: tzfpy.get_tz(lon, lat)
    except ImportError:
        pass
    try:
        from timezonefinder import TimezoneFinder
        finder = TimezoneFinder(in_memory=True)
        found["timezonefinder"] = lambda lat, lon: finder.timezone_at(lng=lon, lat=lat)
    except ImportError:
        pass
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", required=True)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    with open(args.points, newline="") as f:
        points = [(float(row["lat"]), float(row["lon"])) for row in csv.DictReader(f)]
    result = {}
    for name, zone in lookups().items():
        zones = [zone(lat, lon) for lat, lon in points]
        samples = []
        clock = time.perf_counter_ns
        for _ in range(args.repeat):
            for lat, lon in points:
                start = clock()
                zone(lat, lon)
                samples.append((clock() - start) / 1000)
        result[name] = {"samples_us": samples, "zones": zones}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
