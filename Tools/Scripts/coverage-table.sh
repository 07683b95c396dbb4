#!/usr/bin/env bash
# Prints line coverage per module from a `swift test --enable-code-coverage` run.
# Usage: coverage-table.sh SCRATCH_PATH   (the --scratch-path the tests were built in)
set -euo pipefail
scratch=${1:?usage: coverage-table.sh SCRATCH_PATH}
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
profile="$bin/codecov/default.profdata"
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
[ -f "$profile" ] || { echo "no coverage data at $profile: run the tests with --enable-code-coverage first" >&2; exit 1; }
[ -n "$tests" ] || { echo "no test bundle in $bin" >&2; exit 1; }
# The toolchain's llvm-cov reads the toolchain's profile format; a system one may not.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov=$(command -v llvm-cov)
report=$("$llvm_cov" report "$tests" -instr-profile="$profile" -ignore-filename-regex='(^|/)(Tests|Tools|\.build[^/]*)/')

# llvm-cov's per-file report; columns 8 and 9 are a file's lines and missed lines. Summed per
# module (the folder under Modules/, or the example), sorted, then printed with a total.
printf '%s\n' "$report" | awk -v root="$PWD/" '
    {
      path = $1
      if (index(path, root) == 1) path = substr(path, length(root) + 1)   # llvm-cov may print absolute paths
    }
    path ~ /^(Modules|Examples)\// {
      split(path, parts, "/")
      module = (parts[1] == "Examples") ? parts[2] "(example)" : parts[2]
      lines[module] += $8; missed[module] += $9
    }
    END { for (m in lines) print m, lines[m], missed[m] }' \
  | sort \
  | awk '
    function row(name, all, miss) { printf "%-28s %8d %8d %7.1f%%\n", name, all, miss, all ? 100 * (all - miss) / all : 0 }
    BEGIN { printf "%-28s %8s %8s %8s\n", "module", "lines", "missed", "cover" }
    { row($1, $2, $3); total += $2; totalMissed += $3 }
    END { row("all", total, totalMissed) }'
