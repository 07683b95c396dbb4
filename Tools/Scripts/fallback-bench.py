#!/usr/bin/env python3
"""`make bench-fallback`: resolve on IoCCore's own atomics (the path Apple platforms below iOS 18
take, forced here by IOC_FALLBACK) against `Synchronization.Atomic`, in one run.

Two release builds of Tools/Profile's ioc-profile, one of each path, run `ioc-profile timed`
in turns (ROUNDS each, alternating, so that the machine's load falls on both alike); the median
of each path's nanoseconds per resolve is printed beside the other's, with their ratio. Then
callgrind counts the instructions of a resolve on each (exact, unlike times). Fails when a
path's median is more than 10% over the other's (the goal issue 56 set)."""
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instructions  # noqa: E402  (the callgrind runner `make instructions` uses)

ROOT = instructions.ROOT
ATOMIC = os.path.join(ROOT, "Tools/Profile/.build/release/ioc-profile")
FALLBACK = os.path.join(ROOT, "Tools/Profile/.build-fallback/release/ioc-profile")
ROUNDS = int(os.environ.get("ROUNDS", "7"))
LIMIT = 1.10
KINDS = ["graph", "singleton", "prototype"]
COUNTED = ["graph", "form-resolve"]  # run as `make instructions` runs them (its CASES)


def timed(binary):
    result = subprocess.run([binary, "timed"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{binary} timed failed:\n{result.stdout}{result.stderr}")
    match = re.search(r"TIMED (.*)", result.stdout)
    if not match:
        sys.exit(f"{binary} timed printed no figures:\n{result.stdout}")
    return {key: float(value) for key, value in (pair.split("=") for pair in match.group(1).split())}


def per_unit(binary, case):
    _, _, work, setup, units = next(row for row in instructions.CASES if row[0] == case)
    return round((instructions.instructions(binary, case, work) - instructions.instructions(binary, case, setup)) / units)


def main():
    for path in (ATOMIC, FALLBACK):
        if not os.path.exists(path):
            sys.exit(f"{os.path.relpath(path, ROOT)} is missing: `make bench-fallback` builds it")
    runs = {ATOMIC: [], FALLBACK: []}
    for _ in range(ROUNDS):
        for binary in (ATOMIC, FALLBACK):
            runs[binary].append(timed(binary))
    failed = []
    for kind in KINDS:
        atomic = statistics.median(run[kind] for run in runs[ATOMIC])
        fallback = statistics.median(run[kind] for run in runs[FALLBACK])
        ratio = fallback / atomic
        print(f"BENCH case=resolve-fallback kind={kind} atomic_ns={atomic:.1f} fallback_ns={fallback:.1f} "
              f"ratio={ratio:.3f} rounds={ROUNDS}", flush=True)
        if ratio > LIMIT:
            failed.append(kind)
    with tempfile.TemporaryDirectory() as folder:
        copies = {}
        for name, binary in (("atomic", ATOMIC), ("fallback", FALLBACK)):
            copies[name] = os.path.join(folder, name)
            subprocess.run(["strip", "-o", copies[name], binary], check=True)
        for case in COUNTED:
            atomic = per_unit(copies["atomic"], case)
            fallback = per_unit(copies["fallback"], case)
            print(f"INSTRUCTIONS case={case} atomic={atomic} fallback={fallback} ({(fallback - atomic) / atomic:+.1%})",
                  flush=True)
    if failed:
        sys.exit(f"the fallback path is more than {LIMIT - 1:.0%} slower: {', '.join(failed)}")


if __name__ == "__main__":
    main()
