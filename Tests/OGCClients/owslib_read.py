"""Reads Waymark's OGC API - Features with OWSLib (PyPI, in the venv scripts/ogc-clients.sh makes),
as a Python client would: the landing page, the API document, the conformance classes, the
collections, every item of `poi` page by page (each page continued where its `next` link says),
one item by its id, and a bbox. Prints what it read as JSON, for the Swift test to compare with
the fixture's records.

usage: owslib_read.py URL PAGE_SIZE MINLON,MINLAT,MAXLON,MAXLAT
"""
import json
import sys
from urllib.parse import parse_qs, urlparse

from owslib.ogcapi.features import Features

url, page_size, box = sys.argv[1], int(sys.argv[2]), [float(v) for v in sys.argv[3].split(",")]
api = Features(url)


def point(feature):
    lon, lat = feature["geometry"]["coordinates"]
    return [feature["id"], feature["properties"]["name"], lon, lat]


features, pages, cursor = [], 0, None
while True:
    page = api.collection_items("poi", limit=page_size, **({"cursor": cursor} if cursor else {}))
    pages += 1
    assert page["numberReturned"] == len(page["features"])
    features += page["features"]
    following = [link["href"] for link in page["links"] if link["rel"] == "next"]
    if not following:
        break
    cursor = parse_qs(urlparse(following[0]).query)["cursor"][0]

first = features[len(features) // 2]
print(json.dumps({
    "openapi": api.api().get("openapi"),
    "conformance": api.conformance()["conformsTo"],
    "collections": api.feature_collections(),
    "extent": api.collection("poi")["extent"]["spatial"]["bbox"][0],
    "queryables": sorted(api.collection_queryables("poi")["properties"]),
    "pages": pages,
    "features": [point(f) for f in features],
    "item": point(api.collection_item("poi", first["id"])),
    "asked": point(first),
    "boxed": [point(f) for f in api.collection_items("poi", bbox=box, limit=10000)["features"]],
}))
