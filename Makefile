# swift-ioc — the project's commands. `make test` is what CI runs.
SWIFT ?= swift
# NB: SwiftPM tries to download prebuilt swift-syntax and fails quietly offline; skip the attempt.
SWIFT_FLAGS ?= --disable-experimental-prebuilts
CONCURRENCY_SUITES = ConcurrencyTests|ScopeTests|AsyncTests|HandleTests|CycleAndDepthTests

.PHONY: all build test run bench tsan check-toolchain clean help

all: build

help:
	@echo "make build   build every module and example"
	@echo "make test    run every test (Swift Testing and XCTest)"
	@echo "make run     run the WeatherReport example end to end"
	@echo "make tsan    run the concurrency suites under ThreadSanitizer"
	@echo "make bench   release benchmarks against Swinject and hand-written code"

check-toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "swift not found: install Swift 6.1 or later (https://swift.org/install)"; exit 1; }

build: check-toolchain
	$(SWIFT) build $(SWIFT_FLAGS)

test: check-toolchain
	$(SWIFT) test $(SWIFT_FLAGS)

run: check-toolchain
	$(SWIFT) run $(SWIFT_FLAGS) weather-report

tsan: check-toolchain
	$(SWIFT) test $(SWIFT_FLAGS) --sanitize=thread --scratch-path .build-tsan --filter '$(CONCURRENCY_SUITES)'

bench: check-toolchain
	cd Tools/Benchmarks && $(SWIFT) build $(SWIFT_FLAGS) -c release && ./.build/release/IoCBenchmarks

clean:
	rm -rf .build .build-* Tools/Benchmarks/.build
