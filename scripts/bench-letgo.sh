#!/usr/bin/env bash
# The server lets go (issue 32, defect 3), measured on a release build of `waymark serve` over
# loopback, on 300 000 seeded points over the Baltic (all in the z3 tile 3/4/2):
#   1. tiles: 12 heavy z3 tiles (3/4/2 in 12 languages: 12 drawings) asked for at once by clients
#      that give up after 3 s, as the sweep did; then, right after, 200 z14 tiles one after another:
#      their latency (p50, p99, max) and the drawings' outcomes from /metrics;
#   2. memory: 4 concurrent 4096² PNG maps on 4 workers, the server's RSS before, at its peak
#      (sampled every 0.1 s) and after, with the default pixel budget and with it off;
#   3. idle connections: 20 000 held by two client processes (Benchmarks/idle_connections.py),
#      /healthz's latency while they are held, the server's CPU over 10 s, RSS before, while and
#      after; first with the header and idle timeouts off (the connection cap alone), then with the
#      defaults (the header timeout closes them).
# The machine's cores run the clients and the server. Prints the figures for RELIABILITY.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --scratch-path .build-release --product waymark >/dev/null
bin=$PWD/.build-release/release/waymark
work=${TMPDIR:-/tmp}/waymark-letgo
mkdir -p "$work"
port=${PORT:-8383}
url=http://127.0.0.1:$port
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) MB; descriptors $(ulimit -Sn) soft, $(ulimit -Hn) hard; $(uptime | sed 's/.*load/load/')"

db=$work/points-300000.sqlite
if [ ! -f "$db" ]; then
  python3 - "$work/points-300000.csv" <<'PY'
import random, sys
rng = random.Random(42)
categories = ["do", "see", "stay", "eat", "route"]
with open(sys.argv[1], "w") as f:
    f.write("id,name,category,lat,lon\n")
    for i in range(300_000):
        f.write(f"{i},P{i},{rng.choice(categories)},{rng.uniform(54, 60):.6f},{rng.uniform(20, 30):.6f}\n")
PY
  "$bin" import --db "$db" "$work/points-300000.csv" >/dev/null
fi

server=
serve() {  # serve [options…]: starts the server on the 300 000 points, waits until it answers and has warmed
  "$bin" serve --db "$db" --port "$port" "$@" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 300); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.2; done
  curl -sf "$url/healthz" >/dev/null || { echo "the server did not start (see $work/server.log)" >&2; exit 1; }
  # Warm: it builds the typo index of the 300 000 names in the background (about +90 MB over 6 s);
  # "before" is once its RSS has held for 3 s.
  local last=0 same=0
  while [ "$same" -lt 3 ]; do r=$(rss); if [ "$r" = "$last" ]; then same=$((same + 1)); else same=0 last=$r; fi; sleep 1; done
}
stop() { kill -TERM "$server"; wait "$server" || true; server=; }
trap '[ -n "$server" ] && kill "$server" 2>/dev/null || true' EXIT
rss() { echo $(( $(ps -o rss= -p "$server") / 1024 )); }
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }  # user + system, in clock ticks
metric() { curl -sf "$url/metrics" | awk -v name="$1" 'index($0, name " ") == 1 {print $NF}'; }
percentiles() {  # milliseconds, one a line, on stdin: p50 p99 max
  sort -n | awk '{v[NR] = $1} END {p99 = int(NR * 0.99) + 1; if (p99 > NR) p99 = NR
    printf "p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d requests)\n", v[int(NR * 0.5) + 1], v[p99], v[NR], NR}'
}

echo
echo "1. tiles"
serve --cache-mb 0
start=$(date +%s.%N)
curl -s -o /dev/null "$url/v1/tiles/3/4/2.png?lang=en"
echo "  one z3 tile over 300 000 points, alone: $(echo "$(date +%s.%N) - $start" | bc) s"
dropped=()
for lang in en lv cs de fr fi et lt pl sv ru es; do
  curl -s -o /dev/null --max-time 3 "$url/v1/tiles/3/4/2.png?lang=$lang" &
  dropped+=($!)
done
wait "${dropped[@]}" || true
python3 - >"$work/z14.txt" <<'PY'
import math, random
rng = random.Random(7)
for _ in range(200):
    lat, lon = rng.uniform(54.5, 59.5), rng.uniform(20.5, 29.5)
    n = 2 ** 14
    x = int((lon + 180) / 360 * n)
    y = int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n)
    print(f"14/{x}/{y}")
PY
while read -r tile; do
  curl -s -o /dev/null -w '%{time_total}\n' "$url/v1/tiles/$tile.png"
done <"$work/z14.txt" | awk '{print $1 * 1000}' >"$work/z14-ms.txt"
echo "  200 z14 tiles right after 12 z3 tiles were dropped: $(percentiles <"$work/z14-ms.txt")"
echo "  the first ten (ms): $(head -10 "$work/z14-ms.txt" | tr '\n' ' ')"
echo "  z3 drawings: $(metric 'waymark_drawings_total{kind="tile",outcome="abandoned"}') abandoned;" \
     "tiles drawn: $(metric 'waymark_drawings_total{kind="tile",outcome="drawn"}') (the lone z3 and the z14 ones);" \
     "requests abandoned by their clients: $(metric waymark_requests_abandoned_total)"
stop

echo
echo "2. memory: 4 concurrent 4096² PNG maps, 4 workers"
for budget in 16 65536; do
  serve --workers 4 --pixel-budget "$budget" --cache-mb 0
  curl -s -o /dev/null "$url/v1/map.png?size=512x512&center=57,25&zoom=11"
  before=$(rss) peak=0 maps=()
  : >"$work/maps-$budget.txt"
  for i in 0 1 2 3; do
    curl -s -o /dev/null -w "%{http_code} %{time_total}\n" "$url/v1/map.png?size=4096x4096&center=57,2$i&zoom=11" >>"$work/maps-$budget.txt" &
    maps+=($!)
  done
  while kill -0 "${maps[@]}" 2>/dev/null; do r=$(rss); [ "$r" -gt "$peak" ] && peak=$r; sleep 0.1; done
  wait "${maps[@]}" || true
  sleep 2
  echo "  --pixel-budget $budget: RSS $before MB before, $peak MB at the peak, $(rss) MB after; answers: $(tail -4 "$work/maps-$budget.txt" | awk '{printf "%s in %.1f s; ", $1, $2}')"
  stop
done

echo
echo "3. idle connections: 20 000 in two client processes"
hold() {  # hold: opens 2 × 10 000 idle connections, measures, closes them
  exec 3> >(python3 Benchmarks/idle_connections.py "$port" 10000 >"$work/idle-a.txt")
  exec 4> >(python3 Benchmarks/idle_connections.py "$port" 10000 >"$work/idle-b.txt")
  for _ in $(seq 600); do grep -q open "$work/idle-a.txt" 2>/dev/null && grep -q open "$work/idle-b.txt" 2>/dev/null && break; sleep 0.1; done
  echo "  clients: $(cat "$work/idle-a.txt") / $(cat "$work/idle-b.txt"); server: $(metric waymark_connections_open) open," \
       "$(metric 'waymark_connections_closed_total{reason="evicted"}') evicted, $(metric 'waymark_connections_closed_total{reason="header_timeout"}') closed by the header timeout"
  for _ in $(seq 50); do curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$url/healthz"; done >"$work/healthz.txt"
  echo "  /healthz while held: $(awk '{print $2 * 1000}' "$work/healthz.txt" | percentiles); statuses: $(awk '{print $1}' "$work/healthz.txt" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
  local c0; c0=$(cpu); sleep 10
  echo "  server CPU while held: $(( $(cpu) - c0 )) ticks in 10 s ($(getconf CLK_TCK) a second); RSS $(rss) MB"
  echo close >&3; echo close >&4; exec 3>&- 4>&-
  sleep 5
  echo "  $(cat "$work/idle-a.txt" | tail -1) / $(cat "$work/idle-b.txt" | tail -1) by the server before the clients closed theirs"
}
idle_run() {  # idle_run LABEL [serve options…]: a fresh server, warmed, then `hold`
  local label=$1; shift
  serve "$@"
  for _ in $(seq 20); do curl -s -o /dev/null "$url/healthz"; done
  echo " $label: RSS $(rss) MB before"
  hold
  echo "  after: RSS $(rss) MB ($(metric waymark_connections_open) open)"
  stop
}
idle_run "timeouts off (the cap alone)" --header-timeout 0 --idle-timeout 0
idle_run "default timeouts"
