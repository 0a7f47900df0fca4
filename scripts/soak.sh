#!/usr/bin/env bash
# Load, soak and schema-fuzz `waymark serve` (release build) on the demo data of Data/, on loopback:
#   scripts/soak.sh [SECONDS]               wrk mixing every route (Benchmarks/wrk/mix.lua): the peak
#                                           rate over 60 s, then SECONDS (default 600) at half of it
#                                           (RATE=requests/s to give it instead), sampling the
#                                           server's RSS every 10 s;
#   scripts/soak.sh schemathesis [SECONDS]  schemathesis against /openapi.json for SECONDS (default
#                                           300), in the venv scripts/ogc-clients.sh makes
#                                           (.build/schemathesis-venv):
#                                           5xx, responses unlike the document, requests valid
#                                           by the document but refused with 400, and requests
#                                           the document forbids but answered.
#   scripts/soak.sh schemathesis-ogc [SECONDS]  the same against /ogc/api (OGC API – Features): 5xx
#                                           and responses unlike the document only, since its
#                                           datetime and filter have grammars no schema states
#                                           (a 400 for a string the grammar refuses is honest).
# WAYMARK_BIN=PATH runs that binary instead of building one (a release build takes 15–25 min here).
# Requests and 5xx are counted by the server itself (/metrics) as well as by the client. Fails
# (exit 1) on any 5xx, a failed check, or a server that died or stopped answering. The machine's
# cores run both the client and the server; its load is printed at the start and the end.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=wrk
api=/openapi.json checks=not_a_server_error,status_code_conformance,response_schema_conformance,positive_data_acceptance,negative_data_rejection
if [ "${1:-}" = schemathesis ]; then mode=schemathesis; shift; fi
if [ "${1:-}" = schemathesis-ogc ]; then
  mode=schemathesis api=/ogc/api checks=not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance
  shift
fi
seconds=${1:-$([ $mode = wrk ] && echo 600 || echo 300)}
port=${PORT:-8282}
work=${TMPDIR:-/tmp}/waymark-soak
mkdir -p "$work"
bin=${WAYMARK_BIN:-}
if [ -z "$bin" ]; then
  swift build -c release --scratch-path .build-release --product waymark >/dev/null
  bin=.build-release/release/waymark
fi
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) MB; $(uptime | sed 's/.*load/load/')"

server=
# The demo database, built from Data/ into a cache of the soak's own (never the user's).
export XDG_CACHE_HOME=$work/cache
unset WAYMARK_DB
"$bin" serve --host 127.0.0.1 --port "$port" >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.5; done
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || { echo "the server did not start (see $work/server.log)" >&2; exit 1; }

served() {  # served [CLASS]: requests the server has answered (with a status of CLASS, e.g. 5), from /metrics
  curl -sf "http://127.0.0.1:$port/metrics" |
    awk -v class="${1:-}" '/^waymark_http_requests_total\{/ && ($0 ~ "status=\"" class) {n += $NF} END {printf "%d\n", n}'
}
rss() { echo $(( $(ps -o rss= -p "$server") / 1024 )); }
alive() {  # fails unless the server's process runs and answers
  kill -0 "$server" 2>/dev/null && curl -sf --max-time 10 "http://127.0.0.1:$port/healthz" >/dev/null
}
before=$(served) before5xx=$(served 5)
failed=0

if [ $mode = wrk ]; then
  connections=32
  mix() {  # mix SECONDS DELAY_MS: one wrk run of the mix; its output in $work/wrk.txt
    DELAY_MS=$2 wrk -t2 -c$connections -d"$1"s --timeout 10s --latency -s Benchmarks/wrk/mix.lua "http://127.0.0.1:$port" >"$work/wrk.txt"
    grep -E 'Requests/sec|statuses|Socket errors|requests in' "$work/wrk.txt" | sed 's/^ */  /'
    awk '/^statuses/ {print $9}' "$work/wrk.txt" >>"$work/client-5xx.txt"
  }
  : >"$work/client-5xx.txt"
  rate=${RATE:-}
  if [ -z "$rate" ]; then
    echo "peak: the mix for 60 s, $connections connections, no pause"
    mix 60 0
    rate=$(awk '/Requests\/sec/ {printf "%d", $2 / 2}' "$work/wrk.txt")
  fi
  # Each connection waits before every request: connections / pause ≈ the rate (less the answer's own time).
  pause=$(( 1000 * connections / rate ))
  echo "soak: $seconds s at about $rate req/s ($connections connections, ${pause} ms pause each); RSS every 10 s (MB):"
  mix "$seconds" "$pause" > "$work/soak.txt" &
  load=$!
  samples=()
  while kill -0 "$load" 2>/dev/null; do samples+=("$(rss)"); sleep 10; done
  wait "$load"
  echo "  ${samples[*]}"
  cat "$work/soak.txt"
  # Each run's 5xx as wrk counted them (the server's own count follows).
  ! grep -qv '^0$' "$work/client-5xx.txt" || failed=1
else
  venv=.build/schemathesis-venv
  scripts/ogc-clients.sh
  echo "schemathesis $("$venv/bin/pip" show schemathesis | awk '/^Version/ {print $2}'): $api, $seconds s, positive and negative data"
  # The hooks keep positive cases within the rules that join parameters, which the document states in words.
  if ! WAYMARK_URL=http://127.0.0.1:$port PYTHONPATH=Benchmarks/schemathesis SCHEMATHESIS_HOOKS=waymark_hooks "$venv/bin/schemathesis" run "http://127.0.0.1:$port$api" \
      --checks "$checks" \
      --mode all --max-time "$seconds" --workers 2 --seed 13 --suppress-health-check all --no-color >"$work/schemathesis.txt" 2>&1; then
    failed=1
  fi
  sed -n '/SUMMARY/,$p' "$work/schemathesis.txt"
fi

after=$(served) after5xx=$(served 5)
echo "the server answered $((after - before)) requests, $((after5xx - before5xx)) of them 5xx; RSS now $(rss) MB"
[ $((after5xx - before5xx)) = 0 ] || failed=1
if alive; then echo "the server is alive"; else echo "the server died or stopped answering (see $work/server.log)" >&2; failed=1; fi
echo "load now: $(uptime | sed 's/.*load average: //')"
exit $failed
