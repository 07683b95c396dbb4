#!/usr/bin/env bash
# What an app that depends on swift-ioc fetches and compiles (README, "Which module"):
# - Tests/CoreOnlyFixture links IoCCore with every trait off: it resolves no package, compiles no
#   swift-syntax, and runs. With the default trait it resolves swift-syntax and still compiles none.
# - Tests/PluginFixture links IoCYAML, IoCXML, the plugin and IoCTesting with the default traits:
#   it resolves one package, swift-syntax.
# Each is a copy beside a path to this repository, in its own build folder, kept between runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build-dependency-fixtures"
swift=${SWIFT:-swift}
failures=0

# resolved FIXTURE: the packages, besides path dependencies, that FIXTURE's graph holds, one line.
resolved() {
    "$swift" package --package-path "$work/$1" --scratch-path "$work/$1-build" --disable-experimental-prebuilts \
        show-dependencies --format json 2>/dev/null | python3 -c '
import json, sys
seen = set()
def walk(node):
    for child in node.get("dependencies", []):
        if not child["url"].startswith("/"):
            seen.add(child["identity"])
        walk(child)
walk(json.load(sys.stdin))
print(" ".join(sorted(seen)))'
}

# expect FIXTURE WANTED: FIXTURE must resolve exactly the packages WANTED (a space-separated list).
expect() {
    local got
    got=$(resolved "$1")
    if [ "$got" = "$2" ]; then
        echo "dependency-fixtures: ok   $1 resolves ${2:-no package}"
    else
        echo "dependency-fixtures: FAIL $1 resolves [${got}], not [${2}]"
        failures=$((failures + 1))
    fi
}

mkdir -p "$work"
for fixture in CoreOnlyFixture PluginFixture; do
    rm -rf "${work:?}/$fixture"
    cp -R "$root/Tests/$fixture" "$work/$fixture"
    sed -i "s|path: \"../..\"|path: \"$root\"|" "$work/$fixture/Package.swift"
done

# The same app with swift-ioc's default traits.
rm -rf "$work/CoreOnlyDefaultTraits" && cp -R "$work/CoreOnlyFixture" "$work/CoreOnlyDefaultTraits"
sed -i 's|, traits: \[\])|)|' "$work/CoreOnlyDefaultTraits/Package.swift"
if grep -q 'traits:' "$work/CoreOnlyDefaultTraits/Package.swift"; then
    echo "dependency-fixtures: FAIL the traits of Tests/CoreOnlyFixture/Package.swift were not taken out"; exit 1
fi

expect CoreOnlyFixture ""
expect CoreOnlyDefaultTraits "swift-syntax"
expect PluginFixture "swift-syntax"

# build FIXTURE: FIXTURE builds, runs, and compiles no swift-syntax.
build() {
    local start output steps compiled ran
    start=$(date +%s)
    if ! output=$("$swift" build --package-path "$work/$1" --scratch-path "$work/$1-build" --disable-experimental-prebuilts 2>&1); then
        echo "$output" | tail -30
        echo "dependency-fixtures: FAIL $1 does not build"
        failures=$((failures + 1))
        return
    fi
    steps=$(echo "$output" | grep -c -E '^\[[0-9]+/[0-9]+\] Compiling' || true)
    # SwiftPM makes a folder for every module of the graph; a compiled one has object files.
    compiled=$(find "$work/$1-build" -path '*/Swift*.build/*.o' | sed -E 's|.*/(Swift[^/]*)\.build/.*|\1|' | sort -u | tr '\n' ' ')
    if [ -n "$compiled" ]; then
        echo "dependency-fixtures: FAIL $1 compiled these: $compiled"
        failures=$((failures + 1))
    else
        echo "dependency-fixtures: ok   $1 compiles no swift-syntax ($steps compile steps, $(( $(date +%s) - start )) s)"
    fi
    ran=$("$swift" run --package-path "$work/$1" --scratch-path "$work/$1-build" --disable-experimental-prebuilts --skip-build CoreOnly 2>&1)
    if [ "$ran" = "Hello from IoCCore alone" ]; then
        echo "dependency-fixtures: ok   $1 runs"
    else
        echo "dependency-fixtures: FAIL $1 printed: $ran"
        failures=$((failures + 1))
    fi
}

build CoreOnlyFixture
build CoreOnlyDefaultTraits

[ "$failures" -eq 0 ] || { echo "dependency-fixtures: $failures failure(s)"; exit 1; }
