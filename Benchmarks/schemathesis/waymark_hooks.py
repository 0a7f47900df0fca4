"""Schemathesis hooks for scripts/soak.sh: the rules of openapi.json that join two parameters.

One parameter's schema cannot say them, so the document says them in words: every category code
is one the database holds (GET /v1/categories, at $WAYMARK_URL), and so is every source (the
400 for an unknown one lists them); a tile's column and
row are below 2^z; a box's MINLAT is not above its MAXLAT; a map is framed by bbox (which fits
the image at zoom 0), or by center with zoom, or fitted (with a padding, 24 by default, under
half its shorter side, and only then); size × scale stays within
8192 device pixels a side and 16 777 216 in all; a search's lat and lon come together, its
radius needs them and not bbox, and its q has from 1 to 8 words (runs of letters and digits,
which the schema's pattern can only approach). On /ogc/api, a collection's items take its own
categories, a datetime on trips and cinemas only, and a filter and a datetime that their grammars
(CQL2 text, RFC 3339) read; a cursor is what a link gave. Schemathesis draws each parameter from its own
schema, so cases it calls valid may break these rules and get an honest 400. This hook moves
each such case (positive ones only: negative ones are meant to be refused) to the nearest case
that keeps the rules, so that "valid by schema, refused with 400" counts only the server's faults.
"""

import json
import os
import re
import urllib.error
import urllib.request
import zlib

import schemathesis

MAX_DEVICE_PIXELS = 4096 * 4096
MAX_SIDE = 8192


@schemathesis.hook
def map_case(context, case):
    meta = getattr(case, "meta", None)
    if meta is not None and not meta.generation.mode.is_positive:
        return case
    path = case.operation.path
    if path == "/collections/{collectionId}/items" and case.query and case.path_parameters:
        keep_items_rules(case.path_parameters["collectionId"], case.query)
    elif case.query and "category" in case.query:
        case.query["category"] = served_categories(case.query["category"])
    if case.query and "source" in case.query:
        case.query["source"] = served_sources(case.query["source"])
    if path in ("/v1/tiles/{z}/{x}/{y}.png", "/v1/base/{z}/{x}/{y}.png") and case.path_parameters:
        keep_tile_in_zoom(case.path_parameters)
    elif case.query:
        if "bbox" in case.query:
            case.query["bbox"] = ordered_box(case.query["bbox"])
        if path.startswith("/v1/map."):
            keep_map_rules(case.query)
        if path == "/v1/search":
            keep_search_rules(case.query)
    return case


# OGC API items (/ogc/api): CQL2 text and datetime values that parse, for the text schemathesis drew.
FILTERS = ["name = 'H1'", "category <> 'eat' AND name > 'P'", "NOT (source IS NULL)", "S_INTERSECTS(geometry, BBOX(24.9,60.1,25.0,60.2))",
           "name < 'K' OR category = 'see'", "TRUE"]
DATETIMES = ["2012-05-08", "2012-05-08T07:00:00Z/..", "../2012-05-10T00:00:00+02:00", "2012-05-01/2012-05-31"]


def keep_items_rules(collection, q):
    """A collection's items take its own categories only (its queryables list them), a datetime
    only on trips and cinemas, a filter and a datetime as their grammars read them, and a cursor
    only as a link gave it."""
    if "category" in q:
        q["category"] = chosen(collection_categories(collection), q["category"])
    if "datetime" in q:
        if collection in ("trip", "cinema"):
            q["datetime"] = one(DATETIMES, q["datetime"])
        else:
            q.pop("datetime")
    if "filter" in q:
        q["filter"] = one(FILTERS, q["filter"])
    q.pop("cursor", None)


_categories_of = {}


def collection_categories(collection):
    if collection not in _categories_of:
        with urllib.request.urlopen(f"{os.environ['WAYMARK_URL']}/ogc/collections/{collection}/queryables") as answer:
            _categories_of[collection] = json.load(answer)["properties"]["category"].get("enum") or [collection]
    return _categories_of[collection]


def keep_search_rules(q):
    if ("lat" in q) != ("lon" in q):
        q.pop("lat", None)
        q.pop("lon", None)
    if "radius" in q and ("bbox" in q or "lat" not in q):
        q.pop("radius")
    if "q" not in q:
        return
    words = list(re.finditer(r"[^\W_]+", str(q["q"])))  # as SearchText.words splits them
    if not words:
        q["q"] = ("a" + str(q["q"]))[:200]
    elif len(words) > 8:
        q["q"] = str(q["q"])[:words[7].end()]


def keep_tile_in_zoom(p):
    z = int(p["z"])
    p["x"] = int(p["x"]) % 2**z
    row = str(p["y"])  # percent-encoded already: @2x may come as %402x
    suffix = next((s for s in ("@2x", "%402x") if row.endswith(s)), "")
    p["y"] = f"{int(row.removesuffix(suffix)) % 2**z}{suffix}"


def ordered_box(text):
    parts = str(text).split(",")
    if len(parts) == 4 and float(parts[1]) > float(parts[3]):
        parts[1], parts[3] = parts[3], parts[1]
    return ",".join(parts)


def keep_map_rules(q):
    if "bbox" in q:
        q.pop("center", None)
        q.pop("zoom", None)
    elif "center" in q and "zoom" not in q:
        q.pop("center")
    elif "zoom" in q and "center" not in q:
        q.pop("zoom")
    width, height = (int(side) for side in str(q.get("size", "1024x768")).lower().split("x"))
    if "bbox" in q:  # any box fits at zoom 0, where the world is 256 px square
        width, height = max(width, 256), max(height, 256)
    scale = float(q.get("scale", 1))
    width, height = min(width, int(MAX_SIDE / scale)), min(height, int(MAX_SIDE / scale))
    if width * height * scale * scale > MAX_DEVICE_PIXELS:
        height = max(1, int(MAX_DEVICE_PIXELS / (width * scale * scale)))
    q["size"] = f"{width}x{height}"
    fitting = "bbox" not in q and "center" not in q
    if not fitting:
        q.pop("padding", None)
    elif 2 * float(q.get("padding", 24)) >= min(width, height):
        q["padding"] = min(width, height) / 4


_codes = []
_sources = []


def served_categories(text):
    """Each code replaced by one the database holds, chosen by the code's hash (the same code, the same choice)."""
    if not _codes:
        with urllib.request.urlopen(os.environ["WAYMARK_URL"] + "/v1/categories") as answer:
            _codes.extend(c["category"] for c in json.load(answer)["categories"])
    return chosen(_codes, text)


def served_sources(text):
    """Each name replaced by a source the database holds, as categories are. No route lists the
    sources; the 400 for an unknown one does ("… the known sources are a, b, c", or "none names a
    source", and then the text stays as it is: any source is an honest 400)."""
    if not _sources:
        try:
            urllib.request.urlopen(os.environ["WAYMARK_URL"] + "/v1/nearest?lat=0&lon=0&source=-")
        except urllib.error.HTTPError as refusal:
            message = json.load(refusal)["error"]["message"]
            if "the known sources are " in message:
                _sources.extend(message.split("the known sources are ", 1)[1].split(", "))
    return chosen(_sources, text) if _sources else text


def chosen(names, text):
    return ",".join(one(names, name) for name in str(text).split(","))


def one(options, text):
    """The option the text's hash picks (the same text, the same choice)."""
    return options[zlib.crc32(str(text).encode()) % len(options)]
