#!/usr/bin/env bash
# Loads `waymark serve` (release build) with wrk on loopback, as issue 4 measures it:
#   1. /v1/nearest over 1 000 000 points (waymark-bench's seeded database), 32 connections;
#   2. /v1/tiles at zoom 12–14 over the Helsinki data of Data/, cache off, then on;
#   3. the server's resident memory during 60 s of (1), sampled every 10 s.
# The machine's 2 cores run both wrk and the server. Prints the figures for BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --scratch-path .build-release >/dev/null
bin=.build-release/release
work=${TMPDIR:-/tmp}/waymark-bench
port=${PORT:-8181}
duration=${DURATION:-20s}
million=$work/synthetic-1000000.sqlite
if [ ! -f "$million" ]; then
  echo "building the 1 000 000-point database (waymark-bench)…"
  "$bin/waymark-bench" --points 1000000 --queries 10 --only none >/dev/null
fi

server=
serve() {  # serve DB [options…]: starts the server and waits until it answers
  local db=$1; shift
  "$bin/waymark" serve --db "$db" --port "$port" "$@" >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}
stop() { kill -TERM "$server"; wait "$server" || true; }
trap '[ -n "$server" ] && kill "$server" 2>/dev/null || true' EXIT
load() {  # load NAME SCRIPT CONNECTIONS: one wrk run, its rate and latency percentiles
  wrk -t2 -c"$3" -d"$duration" --latency -s "Benchmarks/wrk/$2" "http://127.0.0.1:$port" > "$work/wrk-$1.txt"
  printf '%-32s %s req/s   p50 %s   p99 %s   errors: %s\n' "$1" \
    "$(awk '/Requests\/sec/ {print $2}' "$work/wrk-$1.txt")" \
    "$(awk '$1 == "50%" {print $2}' "$work/wrk-$1.txt")" \
    "$(awk '$1 == "99%" {print $2}' "$work/wrk-$1.txt")" \
    "$(grep -E 'Non-2xx|Socket errors' "$work/wrk-$1.txt" | tr '\n' ' ' || true)"
}

serve "$million"
load "nearest, 1M points, 32 conn" nearest.lua 32
stop

default=$("$bin/waymark" stats categories >/dev/null && echo "${XDG_CACHE_HOME:-$HOME/.cache}/waymark/default.sqlite")
serve "$default" --cache-mb 0
load "tiles z12-14, cache off" tiles.lua 32
stop
serve "$default" --cache-mb 256
load "tiles z12-14, cache on" tiles.lua 32
stop

serve "$million"
wrk -t2 -c32 -d60s -s Benchmarks/wrk/nearest.lua "http://127.0.0.1:$port" >/dev/null &
load=$!
printf 'RSS during 60 s of nearest load (MB):'
for _ in 1 2 3 4 5 6; do sleep 10; printf ' %s' "$(( $(ps -o rss= -p "$server") / 1024 ))"; done
echo
wait "$load"
stop
