#!/usr/bin/env bash
# The Debian packages Waymark builds against and tests with. Runs as root (or through sudo).
set -euo pipefail
packages=(
  pkg-config
  libsqlite3-dev libspatialite-dev libsqlite3-mod-spatialite   # SQLite + SpatiaLite
  libproj-dev proj-bin                                          # PROJ (geodesics); geod for cross-checks
  libcairo2-dev fonts-dejavu-core libdeflate-dev                 # Cairo renderer, fonts, PNG compression
  libxml2-dev                                                   # libxml2: the GPX and feed importers' XML parser
  tzdata                                                        # the time zone database: zones' offsets and abbreviations (ZoneRules)
  libgdal-dev                                                   # GDAL/OGR: the base map's OSM and vector-file readers
  gdal-bin spatialite-bin                                       # ogrinfo / spatialite CLI: peers and interop tests
  poppler-utils                                                 # pdfinfo / pdftotext: the PDF output tests
  python3-mapnik                                                # Mapnik: waymark-bench's map peer
  libjs-leaflet                                                 # Leaflet, served by `waymark serve` to the map page
  chromium chromium-driver python3-selenium                     # the map page's test in a real (headless) browser
  python3-pil                                                   # Pillow: the glyph SDFs' test draws the font's glyphs itself
  wrk                                                           # HTTP load for the server's benchmarks
  time                                                          # /usr/bin/time: a child's peak memory (the import's memory test, waymark-bench)
  python3-qgis                                                  # QGIS 3.22 (headless): the OGC API and vector tiles' client test
  python3-gdal python3-venv                                     # pygeoapi's OGR provider, and its venv (scripts/pygeoapi-bench.sh, made on the bench's first run)
  postgresql-15 postgresql-15-postgis-3                         # the PostGIS store: its tests' throw-away cluster; contrib's pg_trgm (the search benchmark's peer) comes with it
)
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
missing=()
for p in "${packages[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
fi
# The Python clients the tests run (PyPI): the OpenAPI document's validator, mapbox-vector-tile
# (the vector tiles' second decoder beside GDAL's MVT driver) and shapely (GEOS: the base vector
# tiles' geometry checked against the store's rows; mapbox-vector-tile needs it too), into the python3 first on the PATH,
# as the tests run it: a pip of its own where it has one, else Debian's (which asks to be told that
# it may install beside the system's packages).
if ! python3 -c 'import openapi_spec_validator, mapbox_vector_tile, shapely' 2>/dev/null; then
  python3 -m pip --version >/dev/null 2>&1 || { $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y python3-pip; }
  python3 -m pip install --quiet openapi-spec-validator mapbox-vector-tile shapely 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages openapi-spec-validator mapbox-vector-tile shapely
fi
# MapLibre GL JS, from PyPI's maplibre wheel (never fetched at run time): maplibre-gl.js and
# maplibre-gl.css at one fixed place, for the map page and the style's test in Chromium.
maplibre=/usr/local/share/waymark/maplibre
if [ ! -s "$maplibre/maplibre-gl.js" ] || [ ! -s "$maplibre/maplibre-gl.css" ]; then
  wheel=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --dest "$wheel" maplibre==0.3.6
  python3 -m zipfile -e "$wheel"/maplibre-0.3.6-py3-none-any.whl "$wheel/unpacked"
  $SUDO mkdir -p "$maplibre"
  $SUDO install -m 644 "$wheel/unpacked/maplibre/srcjs/maplibre-gl.js" "$wheel/unpacked/maplibre/srcjs/maplibre-gl.css" "$maplibre/"
  rm -rf "$wheel"
fi
# The OGC API clients the server's tests read /ogc with, besides GDAL: OWSLib, in a venv of its own.
"$(dirname "$0")/ogc-clients.sh"
