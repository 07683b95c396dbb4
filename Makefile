# swift-ioc — the project's commands. `make test` is what CI runs.
SHELL := /bin/bash
SWIFT ?= swift
# NB: SwiftPM tries to download prebuilt swift-syntax and fails quietly offline; skip the attempt.
SWIFT_FLAGS ?= --disable-experimental-prebuilts
# The package's own targets and tests are built with every trait on (Package.swift, "traits"): the
# integrations' tests need theirs. Apps get the default traits.
TRAITS = --enable-all-traits
# NB: SwiftPM before 6.4 passes two or more traits to the compiler in its hash order, which each
# process draws anew: every build would compile the package's modules again
# (swiftlang/swift-package-manager#10525). A fixed hash seed keeps the order.
export SWIFT_DETERMINISTIC_HASHING = 1
CONCURRENCY_SUITES = AtomicsTests|ConcurrencyTests|ResetConcurrencyTests|LazyNodeTests|ScopeTests|AsyncTests|HandleTests|CycleAndDepthTests|PropertyCycleTests|MainActorTests|MainActorConcurrencyTests|IsolationTests|ObservationTests|ContainerServicesTests|ScopeValueTests|StartGateTests

.PHONY: all build test test-examples test-fallback plugin-test first-build run run-server test-server test-config-yaml examples ioc bench bench-fallback instructions tsan tsan-fallback availability coverage docs fuzz-yaml fuzz-xml fidelity fidelity-oracle check-engines check-toolchain check-deps clean help
FUZZ_RUNS ?= 1000000

all: build

help:
	@echo "make build   build every module, with every trait on"
	@echo "make test    run every test of the modules (Swift Testing and XCTest)"
	@echo "make test-examples  the examples' tests (Examples/, a package of their own)"
	@echo "make run     run the WeatherReport example end to end"
	@echo "make examples  run the six examples (WeatherReport, Knights, Annotated, Controllers, Lifecycle, Bookstore)"
	@echo "make run-server  the Hummingbird to-do API (Examples/TodoServer) on 127.0.0.1:8080"
	@echo "make test-server  drive the to-do API over real HTTP (Foundation's URLSession)"
	@echo "make test-config-yaml  IoCConfiguration over swift-configuration's YAML files (its own package: the trait builds Yams)"
	@echo "make ioc     build the ioc tool (.build/release/ioc): validate, graph, convert, explain"
	@echo "make tsan    run the concurrency suites under ThreadSanitizer"
	@echo "make test-fallback  every test on the paths for older Apple releases (IoCCore's own atomics, ...; IOC_FALLBACK)"
	@echo "make tsan-fallback  the concurrency suites on that path under ThreadSanitizer"
	@echo "make availability  what the modules use above the iOS 15 / macOS 12 floor, against Tools/Availability/AboveFloor.txt"
	@echo "make plugin-test  IoCConfigPlugin end to end: a fixture app built with a valid config, then with each seeded error; the README's recipe built, run and tested; what an app resolves and compiles"
	@echo "make first-build  the first clean build of the README's recipe against the same app in code (run it on a quiet machine)"
	@echo "make fidelity  read the real-world corpus with Symfony and Spring themselves and compare (IOC_REAL_CORPUS=DIR adds a folder)"
	@echo "make fidelity-oracle  write the engines' readings of the corpus into Tests/FidelityTests/Oracle"
	@echo "make bench   release benchmarks against Swinject and hand-written code"
	@echo "make bench-fallback  resolve on IoCCore's own atomics against Synchronization.Atomic, same run (part of make bench)"
	@echo "make instructions  callgrind's instruction counts of the guarded cases against Tools/Profile/Thresholds (RECORD=1 writes them)"
	@echo "make coverage  line coverage per module, from every test"
	@echo "make docs    the DocC documentation of every module, combined (.build-docs/swift-ioc)"
	@echo "make fuzz-yaml  libFuzzer over the YAML front end ($(FUZZ_RUNS) runs)"
	@echo "make fuzz-xml   libFuzzer over the XML front end ($(FUZZ_RUNS) runs)"

check-toolchain: check-deps
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "swift not found: install Swift 6.1 or later (https://swift.org/install)"; exit 1; }

# The front ends link the system's libyaml and libxml2, the WeatherReport example SQLite; their headers must be installed.
check-deps:
	@pkg-config --exists yaml-0.1 2>/dev/null || test -f /usr/include/yaml.h || { \
		echo "libyaml headers not found: install them with 'apt-get install libyaml-dev' (Debian/Ubuntu) or 'brew install libyaml' (macOS)"; exit 1; }
	@pkg-config --exists libxml-2.0 2>/dev/null || test -f /usr/include/libxml2/libxml/parser.h || { \
		echo "libxml2 headers not found: install them with 'apt-get install libxml2-dev' (Debian/Ubuntu) or 'brew install libxml2' (macOS)"; exit 1; }
	@pkg-config --exists sqlite3 2>/dev/null || test -f /usr/include/sqlite3.h || { \
		echo "SQLite headers not found (the WeatherReport example keeps reports in SQLite): install them with 'apt-get install libsqlite3-dev' (Debian/Ubuntu); macOS has them"; exit 1; }

build: check-toolchain
	$(SWIFT) build $(SWIFT_FLAGS) $(TRAITS)

test: check-toolchain
	$(SWIFT) test $(SWIFT_FLAGS) $(TRAITS)

# The packages beside swift-ioc (the examples, the server, the plugin fixtures) each build in a
# folder of their own, which stays warm for a developer. SHARED_BUILD=1 (CI) builds them in this
# repository's .build after `make test`, where swift-syntax and the other shared dependencies are
# compiled already: only what differs is compiled again (swift-ioc's modules, for their traits).
PACKAGE_SCRATCH = $(if $(SHARED_BUILD),--scratch-path $(CURDIR)/.build)
export SHARED_SCRATCH = $(if $(SHARED_BUILD),$(CURDIR)/.build)
# SwiftPM keeps a build folder's last build plan, and may take it for another package's (its
# products then missing): a package forgets it before it builds in the shared folder.
FORGET_PLAN = $(if $(SHARED_BUILD),rm -f .build/debug.yaml .build/*/debug/description.json &&)

# The examples' tests: a package of their own (Examples/Package.swift), built as an app builds
# swift-ioc. CI runs it after `make test`.
test-examples: check-toolchain
	$(FORGET_PLAN) cd Examples && $(SWIFT) test $(SWIFT_FLAGS) $(PACKAGE_SCRATCH)

# The Hummingbird to-do API (Examples/TodoServer, a package of its own: swift-ioc's users never
# resolve Hummingbird) on 127.0.0.1:8080 (PORT moves it, TODO_DB its SQLite file); Ctrl-C or
# SIGTERM stops it gracefully. `make test-server` drives it over real HTTP (its first build
# compiles Hummingbird and swift-nio: a few minutes).
run-server: check-toolchain
	cd Examples/TodoServer && $(SWIFT) run $(SWIFT_FLAGS) todo-server

test-server: check-toolchain
	$(FORGET_PLAN) cd Examples/TodoServer && $(SWIFT) test $(SWIFT_FLAGS) $(PACKAGE_SCRATCH)

# IoCConfiguration over swift-configuration's YAML files (its `YAML` trait, which builds Yams):
# Tests/ConfigurationYAMLFixture, a package of its own (docs/ServerApps.md, "Configuration sources").
test-config-yaml: check-toolchain
	cd Tests/ConfigurationYAMLFixture && $(SWIFT) test $(SWIFT_FLAGS)

# The examples are a package of their own (Examples/Package.swift), so that no app builds them.
run: check-toolchain
	$(FORGET_PLAN) cd Examples && $(SWIFT) run $(SWIFT_FLAGS) $(PACKAGE_SCRATCH) weather-report

examples: check-toolchain
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) weather-report
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) weather-report --profile free Lisbon
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) knights
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) annotated
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) controllers
	cd Examples && $(SWIFT) build $(SWIFT_FLAGS) --product lifecycle
	bin=$$(cd Examples && $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/lifecycle; $$bin & pid=$$!; sleep 2; kill -TERM $$pid; wait $$pid
	cd Examples && $(SWIFT) run $(SWIFT_FLAGS) bookstore

# The tool with its trait only: swift-argument-parser, no swift-syntax (its own build folder).
ioc: check-toolchain
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product ioc --traits Commands --scratch-path .build-ioc
	@echo "ioc: .build-ioc/release/ioc (try: .build-ioc/release/ioc validate Examples/Knights/App/MiddleAgesAssembly.xml)"

# NB: one test at a time. Several of these tests block threads on purpose (a factory that
# waits for a task it started, 16 threads racing on a cold container); under TSan, run side
# by side on a 2-core machine, they can hold every thread Swift's tasks run on, and the tests
# whose tasks then wait for one hit their limits (or stall the run). Serially: about 20 s.
# IoCConfigPlugin as an app uses it (Tests/PluginFixture, its own build folder, .build-plugin-fixture,
# or .build with SHARED_BUILD=1), and the README's recipe (.build-recipe).
plugin-test: check-toolchain
	SWIFT=$(SWIFT) bash Tools/Scripts/dependency-fixtures.sh
	$(FORGET_PLAN) SWIFT=$(SWIFT) bash Tools/Scripts/plugin-fixture.sh
	$(FORGET_PLAN) SWIFT=$(SWIFT) bash Tools/Scripts/recipe-fixture.sh

# Development only: CI does not time builds (README, "Set up an app", quotes its figures).
first-build: check-toolchain
	SWIFT=$(SWIFT) bash Tools/Scripts/first-build.sh

tsan: check-toolchain
	$(SWIFT) test $(SWIFT_FLAGS) $(TRAITS) --sanitize=thread --scratch-path .build-tsan --no-parallel --filter '$(CONCURRENCY_SUITES)'

# The paths IoCCore takes on older Apple releases (its own atomics, Unsafe/Atomics.swift; catalogued
# constructions without a parameter-pack class; docs/Platforms.md), forced on with IOC_FALLBACK so
# that they build and run here: the whole suite, and the concurrency suites under ThreadSanitizer,
# each in a build folder of its own (the whole suite in .build with SHARED_BUILD=1). The variable
# sets IoCCore's compile condition (Package.swift) and tells the tests which path to expect
# (AtomicsTests fails if the condition did not reach IoCCore).
FALLBACK = IOC_FALLBACK=1
FALLBACK_SCRATCH = $(if $(SHARED_BUILD),.build,.build-fallback)

test-fallback: check-toolchain
	$(FORGET_PLAN) $(FALLBACK) $(SWIFT) test $(SWIFT_FLAGS) $(TRAITS) --scratch-path $(FALLBACK_SCRATCH)

tsan-fallback: check-toolchain
	$(FALLBACK) $(SWIFT) test $(SWIFT_FLAGS) $(TRAITS) --sanitize=thread --scratch-path .build-tsan-fallback --no-parallel --filter '$(CONCURRENCY_SUITES)'

# What the modules use that needs more than the floor issue 56 asks for (iOS 15, macOS 12): read
# from the compiler's index of the fallback path's build (what Apple platforms compile) and the
# toolchain's symbol graphs, checked against Tools/Availability/AboveFloor.txt (docs/Platforms.md).
# RECORD=1 writes the list from this run.
availability: check-toolchain
	$(FALLBACK) $(SWIFT) build $(SWIFT_FLAGS) $(TRAITS) --scratch-path $(FALLBACK_SCRATCH)
	python3 Tools/Scripts/availability.py $(if $(RECORD),--record) $(FALLBACK_SCRATCH)/debug/index/store

# Differential tests against the real engines (docs/Fidelity.md): Symfony's DependencyInjection
# 5.4 reads each services.yaml, Spring's beans 4.3 each <beans> file, both as Debian packages.
FIDELITY_YAML = Tests/IoCYAMLTests/RealWorld
FIDELITY_XML = Tests/IoCXMLTests/RealWorld
FIDELITY_ORACLE = Tests/FidelityTests/Oracle
FIDELITY_OUT = .build-fidelity
SPRING_CP = /usr/share/java/spring3-beans.jar:/usr/share/java/spring3-core.jar:/usr/share/java/commons-logging.jar
SYMFONY_DI = /usr/share/php/Symfony/Component/DependencyInjection/autoload.php

check-engines:
	@command -v php >/dev/null 2>&1 && test -f $(SYMFONY_DI) && test -f /usr/share/php/Symfony/Component/Yaml/autoload.php \
		&& test -f /usr/share/php/Symfony/Component/Config/autoload.php || { \
		echo "Symfony's DependencyInjection not found: install it with 'apt-get install php-cli php-symfony-dependency-injection php-symfony-yaml php-symfony-config'"; exit 1; }
	@command -v javac >/dev/null 2>&1 && test -f /usr/share/java/spring3-beans.jar && test -f /usr/share/java/spring3-core.jar || { \
		echo "Spring's beans not found: install them with 'apt-get install default-jdk-headless libspring-beans-java libspring-context-java'"; exit 1; }

# The engines' readings of every corpus file (and of IOC_REAL_CORPUS, when given) into $(1).
define read-with-engines
	rm -rf $(1) && mkdir -p $(1) $(FIDELITY_OUT)/classes
	javac -nowarn -d $(FIDELITY_OUT)/classes -cp $(SPRING_CP) Tools/Fidelity/SpringRead.java
	cd $(FIDELITY_YAML) && find . -name '*.yaml' -o -name '*.yml' | sed 's|^\./||' | sort \
		| xargs php $(CURDIR)/Tools/Fidelity/symfony-read.php . $(abspath $(1))/yaml
	cd $(FIDELITY_XML) && find . -name '*.xml' | sed 's|^\./||' | sort \
		| xargs java -Dorg.apache.commons.logging.Log=org.apache.commons.logging.impl.NoOpLog -cp $(CURDIR)/$(FIDELITY_OUT)/classes:$(SPRING_CP) SpringRead . $(abspath $(1))/xml
	if [ -n "$(IOC_REAL_CORPUS)" ]; then \
		(cd "$(IOC_REAL_CORPUS)" && find . -name '*.yaml' -o -name '*.yml' | sed 's|^\./||' | sort \
			| xargs -r php $(CURDIR)/Tools/Fidelity/symfony-read.php . $(abspath $(1))/real/yaml) && \
		(cd "$(IOC_REAL_CORPUS)" && find . -name '*.xml' | sed 's|^\./||' | sort \
			| xargs -r java -Dorg.apache.commons.logging.Log=org.apache.commons.logging.impl.NoOpLog -cp $(CURDIR)/$(FIDELITY_OUT)/classes:$(SPRING_CP) SpringRead . $(abspath $(1))/real/xml); \
	fi
endef

fidelity-oracle: check-engines
	$(call read-with-engines,$(FIDELITY_ORACLE))

# The engines read the corpus again; their readings must be the ones kept in the repository
# (which `make test` compares with), then the comparison runs against what they just read.
fidelity: check-toolchain check-engines
	$(call read-with-engines,$(FIDELITY_OUT)/oracle)
	@diff -r $(FIDELITY_ORACLE) $(FIDELITY_OUT)/oracle -x real >/dev/null || { \
		diff -r $(FIDELITY_ORACLE) $(FIDELITY_OUT)/oracle -x real | head -40; \
		echo "The engines read the corpus differently from the readings kept in $(FIDELITY_ORACLE): run 'make fidelity-oracle' and commit them"; exit 1; }
	IOC_FIDELITY_ORACLE=$(CURDIR)/$(FIDELITY_OUT)/oracle $(SWIFT) test $(SWIFT_FLAGS) $(TRAITS) --filter FidelityTests 2>&1 | tee $(FIDELITY_OUT)/test.log \
		| grep -E '^fidelity:|^↳ [^/]|✘ Suite|✘ Test run|error:|Test run with' | grep -v -E '↳ (Testing Library Version|Target Platform)' ; \
		test $${PIPESTATUS[0]} -eq 0

# Every module's DocC catalog and symbols, in one archive (swift-docc-plugin). Preview it with
# `docc preview`, or serve the folder as a static site.
DOC_TARGETS = IoCCore IoCConfig IoCYAML IoCXML IoCAnnotations IoCTesting IoCServiceLifecycle IoCLogging IoCConfiguration
docs: check-toolchain
	mkdir -p .build-docs
	$(SWIFT) package $(TRAITS) --disable-sandbox generate-documentation $(foreach t,$(DOC_TARGETS),--target $(t)) \
		--enable-experimental-combined-documentation --output-path .build-docs/swift-ioc
	@echo "documentation: .build-docs/swift-ioc"

# Line coverage per module (its own scratch path: instrumented code is slower).
coverage: check-toolchain
	$(SWIFT) test $(SWIFT_FLAGS) $(TRAITS) --enable-code-coverage --scratch-path .build-cov
	bash Tools/Scripts/coverage-table.sh .build-cov

# NB: the benchmarks' package reaches the library by path, and SwiftPM does not notice files
# added to or moved in it (the build fails on missing inputs): the build plan is made again.
bench: check-toolchain
	rm -f Tools/Benchmarks/.build/release.yaml Tools/Benchmarks/.build/release/description.json
	python3 Tools/Benchmarks/write-configs.py
	cd Tools/Benchmarks && $(SWIFT) build $(SWIFT_FLAGS) -c release && ./.build/release/IoCBenchmarks
	$(MAKE) bench-fallback

# Resolve on IoCCore's own atomics against `Synchronization.Atomic`, same run: two release builds
# of Tools/Profile's ioc-profile (the second with IOC_FALLBACK), timed in alternating runs,
# then counted by callgrind. Fails when the fallback is more than 10% slower. Part of `make bench`.
bench-fallback: check-toolchain
	rm -f Tools/Profile/.build/release.yaml Tools/Profile/.build/release/description.json
	cd Tools/Profile && $(SWIFT) build $(SWIFT_FLAGS) -c release --product ioc-profile
	rm -f Tools/Profile/.build-fallback/release.yaml Tools/Profile/.build-fallback/release/description.json
	cd Tools/Profile && $(FALLBACK) $(SWIFT) build $(SWIFT_FLAGS) -c release --product ioc-profile --scratch-path .build-fallback
	python3 Tools/Scripts/fallback-bench.py

# The instruction counts that keep the unsafe constructs and guard the resolve path, counted by
# callgrind on Tools/Profile's ioc-profile (IoCCore and the front ends only, built in release) and
# compared with the thresholds committed for this toolchain: fails when one grows more than 5%.
# RECORD=1 writes the thresholds from this run instead (docs/PerformanceLedger.md, "Instruction guards").
instructions: check-toolchain
	@command -v valgrind >/dev/null 2>&1 || { echo "valgrind not found: install it with 'apt-get install valgrind'"; exit 1; }
	rm -f Tools/Profile/.build/release.yaml Tools/Profile/.build/release/description.json
	cd Tools/Profile && $(SWIFT) build $(SWIFT_FLAGS) -c release --product ioc-profile
	python3 Tools/Scripts/instructions.py $(if $(RECORD),--record)

# libFuzzer over YAML bytes -> definitions -> build; seeds in Tests/IoCYAMLTests/FuzzCorpus.
# A crash leaves its input in Tools/Fuzz/crash-*: copy it into the corpus, which the tests replay.
fuzz-yaml: check-toolchain
	cd Tools/Fuzz && $(SWIFT) build $(SWIFT_FLAGS) --product FuzzYAML --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
	rm -rf .build-fuzz-corpus && mkdir -p .build-fuzz-corpus && cp Tests/IoCYAMLTests/FuzzCorpus/* .build-fuzz-corpus/
	# NB: LeakSanitizer reports Swift indirect-enum boxes held by globals (pointer tag bits hide them): leaks are not checked.
	cd Tools/Fuzz && ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no ./.build/debug/FuzzYAML ../../.build-fuzz-corpus -runs=$(FUZZ_RUNS) \
		-max_len=4096 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1

# libFuzzer over XML bytes -> definitions -> build; seeds in Tests/IoCXMLTests/FuzzCorpus.
fuzz-xml: check-toolchain
	cd Tools/Fuzz && $(SWIFT) build $(SWIFT_FLAGS) --product FuzzXML --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
	rm -rf .build-fuzz-xml && mkdir -p .build-fuzz-xml && cp Tests/IoCXMLTests/FuzzCorpus/* .build-fuzz-xml/
	cd Tools/Fuzz && ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no ./.build/debug/FuzzXML ../../.build-fuzz-xml -runs=$(FUZZ_RUNS) \
		-max_len=4096 -rss_limit_mb=2048 -print_final_stats=1

clean:
	rm -rf .build .build-* Examples/.build Examples/TodoServer/.build Tests/ConfigurationYAMLFixture/.build Tools/Benchmarks/.build Tools/Profile/.build Tools/Fuzz/.build
