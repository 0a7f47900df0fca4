#!/usr/bin/env bash
# Fuzzes every parser of user input with libFuzzer and AddressSanitizer (LeakSanitizer included):
# GeoJSON, CSV, GPX, the travel guide's XML feed, the JSON column reader, the atlas manifest and the
# server's query parameters (Sources/waymark-fuzz).
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]    SECONDS per target (default 60); all targets by default
#
# Seeds are Tests/FuzzCorpus/<target>/ (committed); what the fuzzer learns goes to
# .build-fuzz/corpus/<target>/ and is kept between runs. A crash, a leak, a hang (10 s on one input)
# or more than 2 GB of memory stops that target, leaves the input in .build-fuzz/artifacts/<target>/
# and makes the script exit 1. It prints the executions per target and in all.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(geojson csv gpx geonames feed json-columns manifest parameters)

mkdir -p .build-fuzz
WAYMARK_FUZZ=1 swift build --product waymark-fuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address >.build-fuzz/build.log 2>&1 || { tail -40 .build-fuzz/build.log; exit 1; }
fuzzer=.build-fuzz/debug/waymark-fuzz

total=0 failed=()
for target in "${targets[@]}"; do
  seeds=Tests/FuzzCorpus/$target
  [ -d "$seeds" ] || { echo "no seeds for target '$target' in $seeds"; exit 2; }
  corpus=.build-fuzz/corpus/$target artifacts=.build-fuzz/artifacts/$target/ log=.build-fuzz/$target.log
  mkdir -p "$corpus" "$artifacts"
  status=0
  # Swift's own backtracer off: libFuzzer reports a trap itself (the backtracer's reads trip ASan).
  WAYMARK_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
    LSAN_OPTIONS=suppressions=Tests/FuzzCorpus/lsan.supp "$fuzzer" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -artifact_prefix="$artifacts" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  total=$((total + runs))
  if [ "$status" -ne 0 ]; then
    failed+=("$target")
    printf '%-13s %12s executions  FAILED (exit %s): see %s and %s\n' "$target" "$runs" "$status" "$log" "$artifacts"
    { grep -E 'ERROR: |SUMMARY: |Test unit written' "$log" || true; } | head -5 | sed 's/^/    /'
  else
    printf '%-13s %12s executions  0 crashes, 0 leaks, 0 hangs\n' "$target" "$runs"
  fi
done
echo "fuzzing: $total executions in all over ${#targets[@]} target(s), ${seconds} s each"
[ ${#failed[@]} -eq 0 ] || { echo "fuzzing FAILED: ${failed[*]}"; exit 1; }
