#!/usr/bin/env bash
# waymark-bench's OGC API – Features peer: pygeoapi (PyPI) under gunicorn, serving the `poi` table
# of a Waymark database, copied into a GeoPackage by ogr2ogr, through pygeoapi's OGR provider
# (GDAL's GPKG driver, whose spatial filter walks the GeoPackage's R-tree; the SQLiteGPKG provider
# scans the whole table for a bbox). Its venv, .build/pygeoapi-venv, is made from Debian's python3
# with the system's packages, for python3-gdal (the OGR provider's bindings).
#   usage: scripts/pygeoapi-bench.sh DATABASE PORT   (serves in the foreground until stopped)
set -euo pipefail
cd "$(dirname "$0")/.."
db=$(realpath "$1") port=$2
venv=.build/pygeoapi-venv
version=0.21.0
if ! "$venv/bin/python" -c "import pygeoapi, gunicorn, osgeo, sys; sys.exit(pygeoapi.__version__ != '$version')" 2>/dev/null; then
  /usr/bin/python3 -m venv --clear --system-site-packages "$venv"
  "$venv/bin/pip" install --quiet "pygeoapi==$version" gunicorn
fi
work=$(dirname "$db")/pygeoapi
mkdir -p "$work"
gpkg=$work/$(basename "$db" .sqlite).gpkg
if [ ! -f "$gpkg" ] || [ "$db" -nt "$gpkg" ]; then
  rm -f "$gpkg"
  ogr2ogr -f GPKG "$gpkg" "$db" poi -nln poi -preserve_fid -lco FID=id
fi
cat > "$work/config.yml" <<YAML
server:
  bind: {host: 127.0.0.1, port: $port}
  url: http://127.0.0.1:$port
  mimetype: application/json; charset=UTF-8
  encoding: utf-8
  languages: [en-US]
  limits: {default_items: 10, max_items: 10000}
  map: {url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: OpenStreetMap}
logging: {level: ERROR}
metadata:
  identification: {title: waymark-bench, description: waymark-bench peer, keywords: [poi], keywords_type: theme,
                   terms_of_service: https://creativecommons.org/licenses/by/4.0/, url: https://example.org}
  license: {name: CC-BY 4.0, url: https://creativecommons.org/licenses/by/4.0/}
  provider: {name: waymark-bench, url: https://example.org}
  contact: {name: waymark-bench}
resources:
  poi:
    type: collection
    title: poi
    description: the synthetic points of waymark-bench
    keywords: [poi]
    extents:
      spatial: {bbox: [-180, -90, 180, 90], crs: http://www.opengis.net/def/crs/OGC/1.3/CRS84}
    providers:
      - type: feature
        name: OGR
        data: {source_type: GPKG, source: $gpkg}
        id_field: id
        layer: poi
YAML
PYGEOAPI_CONFIG=$work/config.yml PYGEOAPI_OPENAPI=$work/openapi.yml "$venv/bin/pygeoapi" openapi generate "$work/config.yml" --output-file "$work/openapi.yml" >/dev/null
# gunicorn's advice for its synchronous workers: two per core and one.
export PYGEOAPI_CONFIG=$work/config.yml PYGEOAPI_OPENAPI=$work/openapi.yml
exec "$venv/bin/gunicorn" --workers $((2 * $(nproc) + 1)) --bind "127.0.0.1:$port" --log-level warning pygeoapi.flask_app:APP
