#!/usr/bin/env bash
# IoCConfigPlugin end to end, as an app uses it: Tests/PluginFixture (a package with a path
# dependency on this repository) is built once with a valid services.yaml and run — the compiled
# and the interpreted graphs must be the same — and then once for each seeded error, which must
# fail `swift build` with the diagnostic at the config line that causes it. One build folder
# serves every case, so each one after the first rebuilds only the plugin's output and the app.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build-plugin-fixture"
package="$work/package"
swift=${SWIFT:-swift}
# SHARED_SCRATCH (the Makefile's, in CI): the repository's build folder, where swift-syntax is
# built; the Makefile forgets the folder's last build plan first (FORGET_PLAN).
scratch=${SHARED_SCRATCH:-$work/build}
flags=(--package-path "$package" --scratch-path "$scratch" --disable-experimental-prebuilts)

rm -rf "$package"
mkdir -p "$work"
# A kept build folder keeps a resource the app no longer lists: the config of the other phase.
find "$scratch" -path "*/PluginFixture_Shop.resources/*" -delete 2>/dev/null
cp -R "$root/Tests/PluginFixture" "$package"
sed -i "s|path: \"../..\"|path: \"$root\"|" "$package/Package.swift"
config="$package/Sources/Shop/services.yaml"
sources="$package/Sources/Shop/Shop.swift"
types="$package/Sources/ShopTypes/Printing.swift"
cp "$config" "$work/config.valid"
cp "$sources" "$work/Shop.swift.valid"
cp "$types" "$work/Printing.swift.valid"
failures=0

echo "plugin-fixture: building the valid fixture (the first build compiles swift-syntax and swift-ioc)"
if ! output=$("$swift" build "${flags[@]}" 2>&1); then
    echo "$output" | tail -40
    echo "plugin-fixture: FAIL: the valid fixture does not build"
    exit 1
fi
run=$("$swift" run "${flags[@]}" --skip-build Shop 2>&1)
if [ "$run" = $'3 items, 75 cents, at 12:00\ndelivered: 3 items, 75 cents, at 12:00 (EUR)\nsame graph' ]; then
    echo "plugin-fixture: ok   valid config builds and runs; compiled and interpreted graphs are the same"
    echo "plugin-fixture: ok   the app's config names a struct (by as: protocol) and a class of the types module and a component of the feature module, whose generated type is public"
else
    echo "$run"
    echo "plugin-fixture: FAIL: the valid fixture printed the above"
    failures=$((failures + 1))
fi

# Its test replaces a component with IoCTesting, over the compiled config.
if output=$("$swift" test "${flags[@]}" 2>&1); then
    echo "plugin-fixture: ok   its test passes (IoCTesting over the compiled config)"
else
    echo "$output" | grep -E "error|✘" | head -20
    echo "plugin-fixture: FAIL: its test fails"
    failures=$((failures + 1))
fi

# seeded NAME FILE EXPECTED SED-SCRIPT: FILE edited by the sed script must fail the build with a
# line matching EXPECTED (an extended regex; CONFIG stands for the config file's path).
seeded() {
    local name=$1 file=$2 expected=${3//CONFIG/$config} script=$4
    sed -i -E "$script" "$file"
    if output=$("$swift" build "${flags[@]}" 2>&1); then
        echo "plugin-fixture: FAIL $name: the build succeeded"
        failures=$((failures + 1))
    elif echo "$output" | grep -E -q -- "$expected"; then
        echo "plugin-fixture: ok   $name: $(echo "$output" | grep -E -m1 -- "$expected" | sed "s|$package/||" | cut -c1-150)"
    else
        echo "$output" | grep -E "error" | head -10
        echo "plugin-fixture: FAIL $name: no line matches $expected"
        failures=$((failures + 1))
    fi
    cp "$work/config.valid" "$config"
    cp "$work/Shop.swift.valid" "$sources"
    cp "$work/Printing.swift.valid" "$types"
}

seeded "unknown class" "$config" \
    'CONFIG:6:19: error: Unknown type "FixedClok" for "clock" \(FixedClok\): .*Did you mean "FixedClock"\?' \
    's/class: FixedClock,/class: FixedClok,/'
seeded "wrong initializer label" "$config" \
    "CONFIG:6:50: error: FixedClock has no initializer taking \(tiem:\) .* It has: init\(time:\)\." \
    's/arguments: \{ time:/arguments: { tiem:/'
seeded "missing reference" "$config" \
    'CONFIG:12:[0-9]+: error: No component "inventry" is registered; required by "checkout" \(Checkout\)' \
    "s/'@inventory'/'@inventry'/"
seeded "cycle" "$config" \
    'CONFIG:7:3: error: Dependency cycle: "inventory" \(Inventory\) -> "checkout" \(Checkout\) -> "inventory"' \
    "s/arguments: \{ prices: \{ apple: 30, pear: 45 \} \}/arguments: { prices: '@checkout' }/"
seeded "captive dependency" "$config" \
    'CONFIG:12:[0-9]+: error: Captive dependency: singleton "checkout" \(Checkout\) holds prototype "clock" \(FixedClock\)' \
    "s/clock: \{ class: FixedClock, arguments: \{ time: '12:00' \} \}/clock: { class: FixedClock, arguments: { time: '12:00' }, scope: prototype }/"
seeded "value that does not convert" "$config" \
    'CONFIG:12:[0-9]+: error: Value "lots" at .* cannot become Int for "checkout" \(Checkout\), argument 2 .limit.' \
    "s/limit: '%checkout.limit%'/limit: lots/"
seeded "type mismatch only the Swift compiler sees" "$config" \
    "CONFIG:12:[0-9]+: error: cannot convert value of type 'FixedClock' to specified type 'Inventory'" \
    "s/inventory: '@inventory'/inventory: '@clock'/"
seeded "unknown key" "$config" \
    'CONFIG:9:5: error: Unknown key .argumnets. in service .inventory.' \
    's/^    arguments: \{ prices/    argumnets: { prices/'
seeded "a parameter no file defines" "$config" \
    'CONFIG:12:[0-9]+: error: Parameter %checkout.limt% at .* has no value: .* Did you mean %checkout.limit%\?' \
    "s/limit: '%checkout.limit%'/limit: '%checkout.limt%'/"
seeded "an unknown key beside another problem" "$config" \
    'CONFIG:6:19: error: Unknown type "FixedClok"' \
    's/^    arguments: \{ prices/    argumnets: { prices/; s/class: FixedClock,/class: FixedClok,/'
seeded "an initializer removed from the Swift source" "$sources" \
    'CONFIG:6:50: error: FixedClock has no initializer taking \(time:\)' \
    's/init\(time: String\) \{ self.time = time \}/init(at time: String) { self.time = time }/'

# The types module's types, read from its sources: errors at the app config's line.
seeded "a misspelled type of another module" "$config" \
    'CONFIG:14:[0-9]+: error: Unknown type "ReceiptPrinte" for "printer" \(ReceiptPrinte\): .*Did you mean "ReceiptPrinter" or "ReceiptPrinting"\?' \
    's/class: ReceiptPrinter,/class: ReceiptPrinte,/'
seeded "a wrong initializer label of another module's type" "$config" \
    'CONFIG:14:[0-9]+: error: ReceiptPrinter has no initializer taking \(curency:\) .* It has: init\(currency:\)\.' \
    's/arguments: \{ currency:/arguments: { curency:/'
seeded "a misspelled reference to a feature module's component" "$config" \
    'CONFIG:15:[0-9]+: error: No component "delivry" is registered; required by "courier" \(Courier\).*Did you mean delivery\?' \
    "s/'@delivery'/'@delivry'/"
seeded "a type the feature module takes by type, which the app does not provide" "$config" \
    "$package/Sources/ShopDelivery/services.yaml:3:[0-9]+: error: \"delivery\" \\(Delivery\\) takes parameter 0 'printer' \\(any ReceiptPrinting\\) by its type, and neither target Shop's config nor its features' define a ReceiptPrinting" \
    '/^  printer: /d'
seeded "a type another module keeps internal" "$types" \
    'CONFIG:14:[0-9]+: error: Type "ReceiptPrinter" for "printer" \(ReceiptPrinter\) is not public in module ShopTypes' \
    's/^public struct ReceiptPrinter/struct ReceiptPrinter/'

# A use of a deprecated component is a warning at the use: the build succeeds and says so.
sed -i -E "s/clock: \{ class: FixedClock,/clock: { deprecated: 'use a real clock', class: FixedClock,/" "$config"
if ! output=$("$swift" build "${flags[@]}" 2>&1); then
    echo "$output" | grep -E "error" | head -10
    echo "plugin-fixture: FAIL deprecated component: the build failed"
    failures=$((failures + 1))
elif echo "$output" | grep -E -q -- "$config:12:[0-9]+: warning: \"checkout\" \(Checkout\) argument 0 .clock. at .* uses \"clock\", which is deprecated: use a real clock"; then
    echo "plugin-fixture: ok   deprecated component: $(echo "$output" | grep -E -m1 -- "warning: \"checkout\"" | sed "s|$package/||" | cut -c1-150)"
else
    echo "$output" | tail -20
    echo "plugin-fixture: FAIL deprecated component: no warning at the use"
    failures=$((failures + 1))
fi
cp "$work/config.valid" "$config"

# A singleton that injects an alias of a singleton holds no captive dependency: it builds.
sed -i -E "s/clock: '@clock',/clock: '@mainClock',/; s/^  audit:/  mainClock: '@clock'\n  audit:/" "$config"
if output=$("$swift" build "${flags[@]}" 2>&1); then
    echo "plugin-fixture: ok   a reference through an alias entry builds"
else
    echo "$output" | grep -E "error" | head -10
    echo "plugin-fixture: FAIL a reference through an alias entry: the build failed"
    failures=$((failures + 1))
fi
cp "$work/config.valid" "$config"

# The same app with its config in a bean XML file (Variants/beans.xml): it builds and runs alike,
# and errors in it are reported at its lines.
rm "$config"
find "$scratch" -path "*/PluginFixture_Shop.resources/services.yaml" -delete
config="$package/Sources/Shop/beans.xml"
cp "$package/Variants/beans.xml" "$config"
cp "$config" "$work/config.valid"
sed -i 's|resources: \[.copy("services.yaml")\],  // the app|resources: [.copy("beans.xml")],  // the app|' "$package/Package.swift"
if ! output=$("$swift" build "${flags[@]}" 2>&1); then
    echo "$output" | grep -E "error" | head -10
    echo "plugin-fixture: FAIL: the app with a bean XML config does not build"
    failures=$((failures + 1))
elif [ "$("$swift" run "${flags[@]}" --skip-build Shop 2>&1)" = $'3 items, 75 cents, at 12:00\ndelivered: 3 items, 75 cents, at 12:00 (EUR)\nsame graph' ]; then
    echo "plugin-fixture: ok   the app with a bean XML config builds and runs; compiled and interpreted graphs are the same"
else
    echo "plugin-fixture: FAIL: the app with a bean XML config printed something else"
    failures=$((failures + 1))
fi
seeded "XML: a misspelled type of another module" "$config" \
    'CONFIG:7(:[0-9]+)?: error: Unknown type "ReceiptPrinte" for "printer" \(ReceiptPrinte\): .*Did you mean "ReceiptPrinter" or "ReceiptPrinting"\?' \
    's/class="ReceiptPrinter"/class="ReceiptPrinte"/'
seeded "XML: a wrong initializer label of another module's type" "$config" \
    'CONFIG:7(:[0-9]+)?: error: ReceiptPrinter has no initializer taking \(curency:\)' \
    's/name="currency"/name="curency"/'
seeded "XML: a misspelled reference to a feature module's component" "$config" \
    'CONFIG:8(:[0-9]+)?: error: No component "delivry" is registered; required by "courier" \(Courier\).*Did you mean delivery\?' \
    's/ref="delivery"/ref="delivry"/'

if [ "$failures" -gt 0 ]; then
    echo "plugin-fixture: $failures case(s) failed"
    exit 1
fi
echo "plugin-fixture: every case passed"
