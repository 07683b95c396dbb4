#!/usr/bin/env bash
# The README's recipe, as a user follows it: Tests/RecipeFixture/Greeter (the README's four files,
# word for word: DocSnippetTests checks it) beside a copy of this repository named swift-ioc, as
# a clone would be. Built, run, and its test run; the build folder is kept between runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work="$root/.build-recipe"
swift=${SWIFT:-swift}
# SHARED_SCRATCH (the Makefile's, in CI): the repository's build folder, where swift-syntax is
# built; the Makefile forgets the folder's last build plan first (FORGET_PLAN).
flags=(--package-path "$work/Greeter" --scratch-path "${SHARED_SCRATCH:-$work/build}" --disable-experimental-prebuilts)

rm -rf "$work/Greeter" "$work/swift-ioc"
mkdir -p "$work/swift-ioc"
cp -R "$root/Tests/RecipeFixture/Greeter" "$work/Greeter"
# The repository as a clone has it: its sources, no build folders.
(cd "$root" && tar --exclude='.build*' --exclude='./.git' --exclude='.swiftpm' -cf - .) | tar -C "$work/swift-ioc" -xf -

echo "recipe: building the README's recipe (the first build compiles swift-ioc and swift-syntax)"
"$swift" build "${flags[@]}"
greeting=$("$swift" run "${flags[@]}" --skip-build Greeter)
case "$greeting" in
    "Good morning, World" | "Hello, World") echo "recipe: ok   swift run prints: $greeting" ;;
    *) echo "recipe: FAIL: swift run printed: $greeting"; exit 1 ;;
esac
"$swift" test "${flags[@]}"
echo "recipe: ok   swift test passes"
