#!/usr/bin/env python3
"""`make instructions`: callgrind's instruction counts of the profile cases that justify the
unsafe constructs and guard the resolve path, against the thresholds committed in
Tools/Profile/Thresholds/<swift version>-<arch>.txt. Fails when a count grows more than 5% over
its threshold. `--record` writes the file from this run's counts.

Each case runs twice under callgrind, with its work and with its set-up only; the difference,
divided by the units of work, is the count per unit. Swift's hashing is made deterministic
(SWIFT_DETERMINISTIC_HASHING) so dictionaries do the same work in every run."""
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BINARY = os.path.join(ROOT, "Tools/Profile/.build/release/ioc-profile")
TOLERANCE = 0.05

# name, what one unit is, the environment of the measured run, of the set-up run, units.
CASES = [
    ("graph", "a resolve of A(B(D), C(D, E)): five prototypes",
     {"PROFILE_COUNT": "200000"}, {"PROFILE_COUNT": "0"}, 20_000),
    ("form-resolve", "a resolve of one prototype E",
     {"PROFILE_COUNT": "200000"}, {"PROFILE_COUNT": "0"}, 200_000),
    ("properties", "a resolve of a prototype with a property and a hook",
     {"PROFILE_COUNT": "100000"}, {"PROFILE_COUNT": "0"}, 100_000),
    ("register", "a component of 10,000 registered in code, built and freed",
     {"PROFILE_ROUNDS": "1"}, {"PROFILE_ROUNDS": "0"}, 10_000),
    ("first-resolve", "a component of 10,000 registered, built, resolved once and freed",
     {"PROFILE_ROUNDS": "1"}, {"PROFILE_ROUNDS": "0"}, 10_000),
    ("build-only", "a YAML service's definition built into a container and freed",
     {"PROFILE_COUNT": "1"}, {"PROFILE_COUNT": "0"}, 10_000),
    ("yaml-only", "a service of services.yaml read and translated",
     {"PROFILE_COUNT": "1"}, {"PROFILE_COUNT": "0"}, 10_000),
    ("xml-only", "a bean of beans.xml read and translated",
     {"PROFILE_COUNT": "1"}, {"PROFILE_COUNT": "0"}, 10_000),
]


def toolchain_id():
    result = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    text = result.stdout + result.stderr
    match = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", text)
    version = match.group(1) if match else "unknown"
    return f"{version}-{platform.machine()}"


def stripped_binary(folder):
    """A stripped copy of ioc-profile: valgrind cannot read the debug info Swift 6.3 writes."""
    copy = os.path.join(folder, "ioc-profile")
    subprocess.run(["strip", "-o", copy, BINARY], check=True)
    return copy


def instructions(binary, case, environment):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", **environment)
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, case],
            env=env, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"ioc-profile {case} failed under callgrind:\n{result.stdout}{result.stderr}")
        match = re.search(r"Collected : (\d+)", result.stderr)
        if not match:
            sys.exit(f"callgrind printed no count for {case}:\n{result.stderr}")
        return int(match.group(1))


def read_thresholds(path):
    thresholds = {}
    with open(path) as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if line:
                name, count = line.split()
                thresholds[name] = int(count)
    return thresholds


def main():
    record = "--record" in sys.argv[1:]
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    identity = toolchain_id()
    path = os.path.join(ROOT, "Tools/Profile/Thresholds", f"{identity}.txt")
    thresholds = {} if record or not os.path.exists(path) else read_thresholds(path)
    measured, failed = {}, []
    folder = tempfile.mkdtemp()
    binary = stripped_binary(folder)
    for name, unit, work, setup, units in CASES:
        if only and name not in only:
            continue
        count = round((instructions(binary, name, work) - instructions(binary, name, setup)) / units)
        measured[name] = (count, unit)
        limit = thresholds.get(name)
        if limit is None:
            verdict = "no threshold"
        else:
            change = (count - limit) / limit
            verdict = f"{change:+.1%} against {limit}"
            if change > TOLERANCE:
                verdict += f" — over the {TOLERANCE:.0%} allowed"
                failed.append(name)
        print(f"INSTRUCTIONS case={name} per_unit={count} ({verdict})", flush=True)
    shutil.rmtree(folder)
    if record:
        with open(path, "w") as file:
            file.write(f"# Instructions per unit of work (callgrind, `make instructions`), Swift {identity}.\n"
                       f"# CI fails when a count grows more than {TOLERANCE:.0%} over its line; lower a line when\n"
                       "# a change makes the case cheaper, in the same commit. What each unit is: the\n"
                       "# CASES list in Tools/Scripts/instructions.py; why each is kept: docs/PerformanceLedger.md.\n")
            for name, (count, unit) in measured.items():
                file.write(f"{name:<14} {count:>8}   # {unit}\n")
        print(f"recorded {path}")
    elif not thresholds:
        print(f"no thresholds for Swift {identity} ({os.path.relpath(path, ROOT)}): "
              "counts printed, nothing compared; `make instructions RECORD=1` writes them")
    if failed:
        sys.exit(f"instruction counts grew more than {TOLERANCE:.0%}: {', '.join(failed)} "
                 "(docs/PerformanceLedger.md says what each case guards; if the growth is meant, "
                 "say why in the commit and record the thresholds again)")


if __name__ == "__main__":
    main()
