#!/usr/bin/env bash
# Set-up on a fresh Debian 12 machine with Swift: install the system packages, build the release
# binaries, and run the main job on the embedded default data in Data/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release
waymark=.build/release/waymark
echo "== What the default database holds (built from Data/ on first use)"
$waymark stats categories
echo; echo "== The 10 nearest places to eat or see from Helsinki Central Station"
$waymark nearest --lat 60.1710 --lon 24.9414 --category eat,see --limit 10
echo; echo "== Waters within 2 km of the Senate Square"
$waymark within --lat 60.1695 --lon 24.9525 --radius 2000 --category water
echo; echo "== Roja, Latvia: what is near the beach (GeoJSON)"
$waymark nearest --lat 57.5094 --lon 22.8061 --limit 3 --format geojson
echo; echo "== A map of central Helsinki (places to eat, see and stay, cinemas, waters)"
$waymark render --category eat,see,stay,cinema,water --bbox 24.925,60.162,24.96,60.175 --size 1024x768 --output helsinki.png
echo; echo "== A printable map of Moravian towns in the Czech grid (S-JTSK / Krovak, through PROJ), as PDF"
$waymark render --category city --bbox 16.3,48.9,17.0,49.35 --crs EPSG:5514 --style print --output moravia.pdf
echo; echo "== The tourist office's print run: the demo data's districts as printable maps (Data/atlas.yaml) in maps/"
$waymark atlas Data/atlas.yaml --output maps --combine atlas.pdf
echo; echo "The map page and the HTTP API: $waymark serve, then open http://127.0.0.1:8080/"
