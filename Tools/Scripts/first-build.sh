#!/usr/bin/env bash
# What the first build of an app costs (README, "The first build"): the README's recipe, whose
# services.yaml IoCConfigPlugin compiles, against the same app registered in code (IoCCore only,
# no plugin), each a clean debug build in a new build folder beside a copy of this repository.
# Prints the seconds, the compile steps and the build folder's size of each. Run it on a quiet
# machine; `make first-build` does. Development only: CI does not time builds.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build-first-build"
swift=${SWIFT:-swift}

rm -rf "$work" && mkdir -p "$work/swift-ioc"
(cd "$root" && tar --exclude='.build*' --exclude='./.git' --exclude='.swiftpm' -cf - .) | tar -C "$work/swift-ioc" -xf -

# The plugin app: the recipe as it is.
cp -R "$root/Tests/RecipeFixture/Greeter" "$work/WithPlugin"
# The code app: the same types, registered in main.swift; no services.yaml, no plugin.
cp -R "$root/Tests/RecipeFixture/Greeter" "$work/InCode"
rm -rf "$work/InCode/Tests" "$work/InCode/Sources/Greeter/services.yaml"
python3 - "$work/InCode/Package.swift" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = text.replace('            resources: [.copy("services.yaml")],\n', '')
text = text.replace('            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]\n', '')
text = re.sub(r'        \.testTarget\(.*?\n        \),\n', '', text, flags=re.S)
text = text.replace('dependencies: [.product(name: "IoCCore", package: "swift-ioc")],', 'dependencies: [.product(name: "IoCCore", package: "swift-ioc")]')
open(path, 'w').write(text)
PY
cat > "$work/InCode/Sources/Greeter/main.swift" <<'SWIFT'
import IoCCore

let builder = ContainerBuilder()
builder.register(SystemClock.init, as: (any Clock).self)
builder.register { (clock: any Clock) in Greeter(clock: clock, name: "World") }
let container = try builder.build()
print(try container.resolve(Greeter.self).greeting())
SWIFT

for app in InCode WithPlugin; do
    start=$(date +%s.%N)
    output=$("$swift" build --package-path "$work/$app" --scratch-path "$work/$app-build" --disable-experimental-prebuilts 2>&1) || {
        echo "$output" | tail -30; echo "first-build: $app does not build"; exit 1; }
    seconds=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$start" "$(date +%s.%N)")
    steps=$(echo "$output" | grep -c -E '^\[[0-9]+/[0-9]+\] Compiling' || true)
    size=$(du -sm "$work/$app-build" | cut -f1)
    # SwiftPM makes a folder for every module of the graph; a compiled one has object files.
    syntax=$(find "$work/$app-build" -path '*/Swift*.build/*.o' | sed -E 's|.*/(Swift[^/]*)\.build/.*|\1|' | sort -u | wc -l)
    greeting=$("$swift" run --package-path "$work/$app" --scratch-path "$work/$app-build" --disable-experimental-prebuilts --skip-build Greeter)
    echo "first-build: $app: ${seconds} s, $steps compile steps, ${size} MB of build folder, $syntax swift-syntax modules; prints: $greeting"
done
