"""Reads Waymark's OGC API - Features with OWSLib (PyPI, in the venv scripts/ogc-clients.sh makes),
as a Python client would: the landing page, the API document, the conformance classes, the
collections, every item of `poi` page by page (each page continued where its `next` link says),
one item by its id, a bbox, each CQL2 text filter asked for (`filter`, every page) and the
cinemas of a `datetime`. Prints what it read as JSON, for the Swift test to compare with the
fixture's records.

usage: owslib_read.py URL PAGE_SIZE MINLON,MINLAT,MAXLON,MAXLAT '{"filters": [CQL2…], "datetime": "…"}'
"""
import json
import sys
from urllib.parse import parse_qs, urlparse

from owslib.ogcapi.features import Features

url, page_size, box = sys.argv[1], int(sys.argv[2]), [float(v) for v in sys.argv[3].split(",")]
asked = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {"filters": [], "datetime": None}
api = Features(url)


def point(feature):
    lon, lat = feature["geometry"]["coordinates"]
    return [feature["id"], feature["properties"]["name"], lon, lat]


def every_page(collection, **parameters):
    """Every feature of the collection's items, page by page, and the number of pages."""
    features, pages, cursor = [], 0, None
    while True:
        page = api.collection_items(collection, limit=page_size, **parameters, **({"cursor": cursor} if cursor else {}))
        pages += 1
        assert page["numberReturned"] == len(page["features"])
        features += page["features"]
        following = [link["href"] for link in page["links"] if link["rel"] == "next"]
        if not following:
            return features, pages
        cursor = parse_qs(urlparse(following[0]).query)["cursor"][0]


features, pages = every_page("poi")

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
    "filtered": {text: [f["properties"]["name"] for f in every_page("poi", filter=text, **{"filter-lang": "cql2-text"})[0]]
                 for text in asked["filters"]},
    "timed": [f["properties"]["name"] for f in every_page("cinema", datetime_=asked["datetime"])[0]] if asked["datetime"] else None,
}))
