#!/usr/bin/env python3
"""`make availability`: every API of Apple's SDKs that the package's modules use and that needs
more than the floor issue 56 asks for (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1),
checked against the list committed in Tools/Availability/AboveFloor.txt.

This machine cannot build for Apple platforms, so the compiler cannot say it. What this reads
instead: the index the compiler wrote while building the modules on the path Apple platforms
take (`.build-fallback`, IOC_FALLBACK: IoCCore's own atomics), whose every reference names
its symbol's USR; and the symbol graphs of the toolchain's own modules (the standard library,
Concurrency, Synchronization, Foundation, Dispatch, Observation), whose declarations carry the
Apple availability they have on Apple platforms. A reference from the package's sources to a symbol
introduced after the floor is a use above the floor. What counts is what an app compiles: the
libraries, the `ioc` tool, the config plugin and the tool it runs, and the examples (SOURCES). Language features the runtime must support
(generic types with parameter packs: the Swift 5.9 runtime) are found in the sources.

Each use must be in the list, with what the package does about it; a new one fails, and so does
a listed one no longer found. `--record` writes the list from this run, keeping what each line
says it does."""
import collections
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIST = os.path.join(ROOT, "Tools/Availability/AboveFloor.txt")
FLOOR = {"iOS": (15, 0), "macOS": (12, 0), "tvOS": (15, 0), "watchOS": (8, 0), "visionOS": (1, 0)}
# The folders of the products an app compiles (the libraries, the `ioc` tool, the config plugin
# and the tool it runs on the host), and the examples (executables `swift build` compiles at the
# floor); not the tests (built without availability checks: Package.swift), benchmarks or scripts.
SOURCES = ["Modules", "Examples", "Plugins"]
# Packages under SOURCES that state a floor of their own above the library's: the Hummingbird
# example (macOS 15). With SHARED_BUILD=1 its build leaves its units in the same index.
OWN_FLOOR = ["Examples/TodoServer"]
SDK_MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation",
               "FoundationEssentials", "Dispatch", "Observation"]
# Generic types with a parameter pack need the Swift 5.9 runtime: iOS 17, macOS 14.
PACK_TYPE = re.compile(r"^\s*(?:[\w@()]+\s+)*(?:class|struct|enum|actor)\s+(\w+)\s*<[^>]*\beach\b")
ROLE_REFERENCE = 1 << 2
DEPENDENCY_RECORD = 2


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.data else ""


def index_store_library():
    """The toolchain's libIndexStore, beside the `swift` on PATH."""
    swift = subprocess.run(["which", "swift"], capture_output=True, text=True).stdout.strip()
    return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "libIndexStore.so")


def version(entry):
    return entry["major"], entry.get("minor", 0)


def open_index_store(library):
    lib = ctypes.CDLL(library)
    pointer = ctypes.c_void_p
    signatures = [
        ("indexstore_store_create", pointer, [ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_unit_reader_create", pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_unit_reader_dispose", None, [pointer]),
        ("indexstore_unit_dependency_get_kind", ctypes.c_int, [pointer]),
        ("indexstore_unit_dependency_get_name", StringRef, [pointer]),
        ("indexstore_unit_dependency_get_filepath", StringRef, [pointer]),
        ("indexstore_record_reader_create", pointer, [pointer, ctypes.c_char_p, ctypes.POINTER(pointer)]),
        ("indexstore_record_reader_dispose", None, [pointer]),
        ("indexstore_occurrence_get_symbol", pointer, [pointer]),
        ("indexstore_occurrence_get_roles", ctypes.c_uint64, [pointer]),
        ("indexstore_occurrence_get_line_col", None, [pointer, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        ("indexstore_symbol_get_usr", StringRef, [pointer]),
    ]
    for name, result, arguments in signatures:
        function = getattr(lib, name)
        function.restype, function.argtypes = result, arguments
    return lib


def references(store_path):
    """(file, line, usr) of every reference the index records in a file under SOURCES."""
    lib = open_index_store(index_store_library())
    pointer = ctypes.c_void_p
    unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, pointer, StringRef)
    item_callback = ctypes.CFUNCTYPE(ctypes.c_bool, pointer, pointer)
    lib.indexstore_store_units_apply_f.argtypes = [pointer, ctypes.c_uint, pointer, unit_callback]
    lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [pointer, pointer, item_callback]
    lib.indexstore_record_reader_occurrences_apply_f.argtypes = [pointer, pointer, item_callback]
    error = pointer()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        sys.exit(f"cannot open the index store {store_path}")
    units = []
    lib.indexstore_store_units_apply_f(store, 0, None, unit_callback(lambda _, name: units.append(name.text()) or True))
    found, records = [], set()
    folders = tuple(os.path.join(ROOT, folder) + os.sep for folder in SOURCES)
    excluded = tuple(os.path.join(ROOT, folder) + os.sep for folder in OWN_FLOOR)
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue
        dependencies = []

        def dependency(_, item):
            if lib.indexstore_unit_dependency_get_kind(item) == DEPENDENCY_RECORD:
                dependencies.append((lib.indexstore_unit_dependency_get_name(item).text(),
                                     lib.indexstore_unit_dependency_get_filepath(item).text()))
            return True
        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, item_callback(dependency))
        lib.indexstore_unit_reader_dispose(reader)
        for record, path in dependencies:
            if record in records or not os.path.realpath(path).startswith(folders) or os.path.realpath(path).startswith(excluded):
                continue
            records.add(record)
            record_reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
            if not record_reader:
                continue

            def occurrence(_, item, path=path):
                if lib.indexstore_occurrence_get_roles(item) & ROLE_REFERENCE:
                    line, column = ctypes.c_uint(), ctypes.c_uint()
                    lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                    usr = lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(item)).text()
                    found.append((os.path.relpath(os.path.realpath(path), ROOT), line.value, usr))
                return True
            lib.indexstore_record_reader_occurrences_apply_f(record_reader, None, item_callback(occurrence))
            lib.indexstore_record_reader_dispose(record_reader)
    return found


def above_floor():
    """USR -> (name, 'iOS 16.0') for each symbol of the SDK modules introduced after the floor."""
    target = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True)
    triple = json.loads(target.stdout)["target"]["triple"]
    symbols = {}
    with tempfile.TemporaryDirectory() as folder:
        for module in SDK_MODULES:
            # NB: a module whose graph is missing would hide its uses: fail instead.
            result = subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                                     "-output-dir", folder], capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"swift-symbolgraph-extract failed for {module}:\n{result.stdout}{result.stderr}")
        for name in os.listdir(folder):
            with open(os.path.join(folder, name)) as file:
                graph = json.load(file)
            for symbol in graph["symbols"]:
                usr = symbol["identifier"]["precise"]
                # A member a type gets from a protocol's extension has the extension's USR and
                # the type's availability (Int128's `&*`): the extension's own entry decides.
                if "::SYNTHESIZED::" in usr:
                    continue
                newer = {entry["domain"]: version(entry["introduced"]) for entry in symbol.get("availability", [])
                         if entry["domain"] in FLOOR and "introduced" in entry
                         and version(entry["introduced"]) > FLOOR[entry["domain"]]}
                if newer:
                    # Named by iOS's version where it has one (the list's column), else the first.
                    domain = "iOS" if "iOS" in newer else sorted(newer)[0]
                    major, minor = newer[domain]
                    symbols[usr] = (".".join(symbol["pathComponents"]), f"{domain} {major}.{minor}")
    if not symbols:
        sys.exit("no symbol graph had availability: is swift-symbolgraph-extract in the toolchain?")
    return symbols


def pack_types():
    """(file, line, type) of each generic type declared with a parameter pack under SOURCES."""
    found = []
    for source in SOURCES:
        for folder, subfolders, files in os.walk(os.path.join(ROOT, source)):
            # Build folders hold packages' checkouts (Examples/TodoServer/.build after `make test-server`).
            subfolders[:] = [name for name in subfolders if not name.startswith(".build")]
            found += pack_types_in(folder, files)
    return found


def pack_types_in(folder, files):
    """(file, line, type) of each generic type declared with a parameter pack in `files` of `folder`."""
    found = []
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(folder, name)
        with open(path) as file:
            for number, line in enumerate(file, 1):
                match = PACK_TYPE.match(line)
                if match:
                    found.append((os.path.relpath(path, ROOT), number, match.group(1)))
    return found


def uses(store_path):
    """(symbol, needs, file) -> sorted lines of each use above the floor."""
    symbols = above_floor()
    grouped = collections.defaultdict(set)
    for path, line, usr in references(store_path):
        if usr in symbols:
            name, needs = symbols[usr]
            grouped[(name, needs, path)].add(line)
    for path, line, name in pack_types():
        grouped[(f"parameter pack in generic type {name}", "iOS 17.0", path)].add(line)
    return {key: sorted(lines) for key, lines in grouped.items()}


def read_list():
    listed = {}
    if os.path.exists(LIST):
        with open(LIST) as file:
            for line in file:
                text, _, note = line.partition("#")
                parts = text.split("|")
                if len(parts) == 3:
                    listed[tuple(part.strip() for part in parts)] = note.strip()
    return listed


def main():
    record = "--record" in sys.argv[1:]
    stores = [a for a in sys.argv[1:] if not a.startswith("--")]
    store = stores[0] if stores else os.path.join(ROOT, ".build-fallback", "debug", "index", "store")
    if not os.path.isdir(store):
        sys.exit(f"no index at {os.path.relpath(store, ROOT)}: `make availability` builds it (the fallback path's debug build)")
    found = uses(store)
    listed = read_list()
    for (name, needs, path), lines in sorted(found.items(), key=lambda item: (item[0][2], item[0][0])):
        note = listed.get((name, needs, path), "")
        places = ", ".join(str(line) for line in lines)
        print(f"ABOVE-FLOOR {needs:<10} {name}  {path}:{places}" + (f"  — {note}" if note else ""))
    new = sorted(set(found) - set(listed))
    stale = sorted(set(listed) - set(found))
    if record:
        with open(LIST, "w") as file:
            file.write("# What the package's modules use that needs more than the floor issue 56 asks for (iOS 15,\n"
                       "# macOS 12, tvOS 15, watchOS 8, visionOS 1): symbol | needs | file  # what the package does.\n"
                       "# Checked by `make availability` (Tools/Scripts/availability.py); docs/Platforms.md explains.\n")
            for key in sorted(found, key=lambda item: (item[2], item[0])):
                file.write(f"{key[0]} | {key[1]} | {key[2]}  # {listed.get(key, 'not handled yet')}\n")
        print(f"recorded {os.path.relpath(LIST, ROOT)}")
        return
    problems = [f"new use above the floor: {name} ({needs}) in {path}:{found[(name, needs, path)][0]} — gate it "
                "(`@available`, `if #available`) or use what the floor has, and list it in Tools/Availability/AboveFloor.txt"
                for name, needs, path in new]
    problems += [f"listed but no longer used: {name} in {path} — take its line out of Tools/Availability/AboveFloor.txt"
                 for name, needs, path in stale]
    if problems:
        sys.exit("\n".join(problems))
    print(f"{len(found)} uses above the floor, each listed in {os.path.relpath(LIST, ROOT)}")


if __name__ == "__main__":
    main()
