#!/usr/bin/env bash
# The walls between modules (README, "Architecture"): each module may import only the project's
# modules and C shims listed here; other packages' modules and the system's are not checked.
# Fails, naming the file and the import, when a module imports one it may not.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A allowed=(
    [GeoCore]="CProj"
    [GeoStore]="GeoCore CLibXML2"
    [SpatiaLiteStore]="GeoCore GeoStore CSpatiaLite"
    [PostGISStore]="GeoCore GeoStore"
    [MapRender]="GeoCore CCairo CDeflate CProj"
    [BaseData]="GeoCore GeoStore CGDAL"
    [Stores]="GeoCore GeoStore SpatiaLiteStore PostGISStore MapRender"
    [MapServer]="GeoCore GeoStore MapRender Stores"
    [Atlas]="GeoCore GeoStore MapRender Stores"
    [waymark]="GeoCore GeoStore SpatiaLiteStore MapRender MapServer Atlas Stores BaseData CMalloc"
    [waymark-bench]="GeoCore GeoStore SpatiaLiteStore MapRender Atlas Stores BaseData PostGISStore CSpatiaLite"
    [waymark-fuzz]="GeoCore GeoStore MapRender MapServer Atlas CLibFuzzer"
)
# The project's own modules are Package.swift's targets (the fuzzing ones too); an import of
# anything else is another package's or the system's.
package=$(WAYMARK_FUZZ=1 swift package dump-package)
project=$(python3 -c 'import json, sys; print(" ".join(t["name"] for t in json.load(sys.stdin)["targets"]))' <<<"$package")

failed=0
for dir in Sources/*/; do
    module=$(basename "$dir")
    [ -n "$(find "$dir" -name '*.swift' -print -quit)" ] || continue  # a C shim
    if [ -z "${allowed[$module]+set}" ]; then
        echo "check-imports: $module is not in scripts/check-imports.sh: say what it may import" >&2
        failed=1
        continue
    fi
    while IFS=: read -r file line text; do
        imported=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+(class |struct |enum |func |protocol |typealias |var |let )?([A-Za-z_][A-Za-z0-9_]*).*/\5/' <<<"$text")
        [[ " $project " == *" $imported "* ]] || continue
        [[ " ${allowed[$module]} " == *" $imported "* ]] && continue
        echo "check-imports: $file:$line: $module may not import $imported (allowed: ${allowed[$module]})" >&2
        failed=1
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]' --include='*.swift' "$dir" || true)
done
# Package.swift's declared dependencies too: a declared one is linked and visible even unimported.
while read -r module dependency; do
    [ -n "${allowed[$module]+set}" ] || continue
    [[ " $project " == *" $dependency "* ]] || continue
    [[ " ${allowed[$module]} " == *" $dependency "* ]] && continue
    echo "check-imports: Package.swift: $module may not depend on $dependency (allowed: ${allowed[$module]})" >&2
    failed=1
done < <(python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    for dependency in target.get("dependencies", []):
        name = (dependency.get("byName") or dependency.get("target") or [None])[0]
        if name: print(target["name"], name)
' <<<"$package")

[ "$failed" = 0 ] && echo "check-imports: every module imports only what the architecture allows"
exit "$failed"
